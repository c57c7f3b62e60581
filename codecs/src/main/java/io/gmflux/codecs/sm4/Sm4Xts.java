package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * SM4 in XTS mode: length-preserving encryption of one data unit (a disk sector, say) per call,
 * with two independent keys: {@code dataKey} encrypts the data, {@code tweakKey} encrypts the
 * 16-byte tweak (typically the sector number). Two variants exist, which differ only in how the
 * tweak advances from block to block ({@link Variant}); everything else is shared.
 *
 * <p>Block j of a data unit is {@code C_j = E_1(P_j xor T_j) xor T_j} with {@code T_0 = E_2(tweak)}
 * and {@code T_{j+1} = T_j * x} in GF(2^128) under x^128 + x^7 + x^2 + x + 1. A partial last
 * block uses ciphertext stealing (IEEE 1619-2018 §5.3.2, §5.4.2), the same in both variants: the
 * last full block is processed with T_m and the block made of the partial block and the stolen
 * ciphertext bytes with T_{m+1} (decryption uses them the other way round). Data units are 16
 * bytes to 2^24 bytes (2^20 blocks, IEEE 1619 §5.1).
 *
 * <p>Default variant: {@link Variant#GB_T_17964}, for interoperability: it is the only XTS
 * GmSSL has, OpenSSL 3's default for SM4-XTS ({@code xts_standard} = GB) and the one
 * GB/T 17964-2021 specifies. {@link Variant#IEEE_1619} is there to read data written by IEEE 1619
 * implementations (OpenSSL with {@code xts_standard} = IEEE, gmsm's {@code cipher.NewXTS}).
 *
 * <p>XTS gives no integrity: a changed ciphertext block decrypts to random-looking plaintext in
 * that block only. Tweaks must differ between data units under the same keys.
 *
 * <p>Thread safety: not thread-safe (it keeps tweak scratch space); use one object per thread.
 * The engines are not destroyed by {@link #destroy()}. Input and output may be the same range
 * (in place) or disjoint, not partially overlapping. Many blocks go through the data engine in
 * one call, so the table engine runs four at a time.
 */
public final class Sm4Xts {

    /** How the tweak advances from one block to the next: T_{j+1} = T_j * x in GF(2^128). */
    public enum Variant {
        /**
         * GB/T 17964-2021 (and GmSSL, OpenSSL 3's default for SM4): the tweak is a bit string whose
         * first bit is the coefficient of x^0, in GCM's bit order (NIST SP 800-38D §6.3):
         * multiplying by x shifts the 128-bit big-endian block right by one bit and, when a bit
         * falls off the end, XORs 0xE1 into the first byte.
         */
        GB_T_17964,
        /**
         * IEEE 1619-2018 §5.2 (XTS-AES's multiplication by alpha): the tweak is a little-endian
         * 128-bit integer; multiplying shifts it left by one bit and folds a carry out of bit 127
         * back as 0x87 into the first byte.
         */
        IEEE_1619
    }

    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;
    /** IEEE 1619 §5.1: at most 2^20 blocks per data unit. */
    private static final int MAX_LENGTH = BLOCK << 20;
    /** Blocks per engine call: the tweaks of one chunk are kept in {@link #tweaks}. */
    private static final int CHUNK = 32;

    private final Sm4Engine dataKey;
    private final Sm4Engine tweakKey;
    private final Variant variant;
    /**
     * Tweaks T_j as pairs of longs: bytes 0-7 and 8-15 of the tweak, each read little-endian (the
     * byte order of the XOR into the data); one more pair than a chunk holds the next chunk's first.
     */
    private final long[] tweaks = new long[2 * (CHUNK + 1)];
    private final byte[] block = new byte[BLOCK];
    private final byte[] stolen = new byte[BLOCK];

    /**
     * The GB/T 17964-2021 variant, which GmSSL and OpenSSL 3 use by default.
     *
     * @param dataKey the engine of Key1, which encrypts the data
     * @param tweakKey the engine of Key2, which encrypts the tweak; its key must be independent of
     *     Key1 (IEEE 1619-2018 §5.1); the same engine object for both is refused
     * @throws NullPointerException if an engine is null
     * @throws IllegalArgumentException if both are the same object
     */
    public Sm4Xts(Sm4Engine dataKey, Sm4Engine tweakKey) {
        this(dataKey, tweakKey, Variant.GB_T_17964);
    }

    /**
     * XTS of the given variant.
     *
     * @param dataKey the engine of Key1, which encrypts the data
     * @param tweakKey the engine of Key2, which encrypts the tweak; its key must be independent of
     *     Key1 (IEEE 1619-2018 §5.1); the same engine object for both is refused
     * @param variant how the tweak advances between blocks
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if both engines are the same object
     */
    public Sm4Xts(Sm4Engine dataKey, Sm4Engine tweakKey, Variant variant) {
        this.dataKey = Objects.requireNonNull(dataKey, "dataKey");
        this.tweakKey = Objects.requireNonNull(tweakKey, "tweakKey");
        this.variant = Objects.requireNonNull(variant, "variant");
        if (dataKey == tweakKey) {
            throw new IllegalArgumentException(
                    "XTS needs two independent keys: dataKey and tweakKey are the same engine");
        }
    }

    /** The variant this object runs. */
    public Variant variant() {
        return variant;
    }

    /**
     * Encrypts one data unit of {@code len} bytes (16 to 2^24).
     *
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if the tweak is not 16 bytes or {@code len} is out of range
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void encrypt(byte[] tweak16, byte[] in, int inOff, int len, byte[] out, int outOff) {
        crypt(true, tweak16, in, inOff, len, out, outOff);
    }

    /**
     * Decrypts one data unit of {@code len} bytes (16 to 2^24).
     *
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if the tweak is not 16 bytes or {@code len} is out of range
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void decrypt(byte[] tweak16, byte[] in, int inOff, int len, byte[] out, int outOff) {
        crypt(false, tweak16, in, inOff, len, out, outOff);
    }

    private void crypt(boolean encrypt, byte[] tweak16, byte[] in, int inOff, int len, byte[] out, int outOff) {
        Objects.requireNonNull(tweak16, "tweak16");
        if (tweak16.length != BLOCK) {
            throw new IllegalArgumentException("XTS tweak must be 16 bytes, got " + tweak16.length);
        }
        if (len < BLOCK || len > MAX_LENGTH) {
            throw new IllegalArgumentException("XTS data unit must be 16 to 2^24 bytes, got " + len);
        }
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len, "out");

        tweakKey.encryptBlocks(tweak16, 0, block, 0, 1);
        tweaks[0] = Bytes.getLongLE(block, 0);
        tweaks[1] = Bytes.getLongLE(block, 8);
        int partial = len % BLOCK;
        // With stealing, the last full block pairs with the partial one and is done separately.
        int bulk = len / BLOCK - (partial == 0 ? 0 : 1);
        for (int done = 0; done < bulk; ) {
            int k = Math.min(CHUNK, bulk - done);
            int in0 = inOff + done * BLOCK;
            int out0 = outOff + done * BLOCK;
            for (int j = 0; j < k; j++) {
                xorTweak(in, in0 + j * BLOCK, out, out0 + j * BLOCK, tweaks[2 * j], tweaks[2 * j + 1]);
                timesX(2 * j, 2 * j + 2);
            }
            if (encrypt) {
                dataKey.encryptBlocks(out, out0, out, out0, k);
            } else {
                dataKey.decryptBlocks(out, out0, out, out0, k);
            }
            for (int j = 0; j < k; j++) {
                xorTweak(out, out0 + j * BLOCK, out, out0 + j * BLOCK, tweaks[2 * j], tweaks[2 * j + 1]);
            }
            tweaks[0] = tweaks[2 * k];
            tweaks[1] = tweaks[2 * k + 1];
            done += k;
        }
        if (partial != 0) {
            steal(encrypt, in, inOff + bulk * BLOCK, out, outOff + bulk * BLOCK, partial);
        }
        Bytes.wipe(tweaks);
        Bytes.wipe(block);
    }

    /**
     * Ciphertext stealing over the last full block (at {@code in[off]}) and the {@code r}-byte
     * partial block after it; {@code tweaks[0..1]} holds the last full block's tweak T_m.
     */
    private void steal(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int r) {
        timesX(0, 2);
        // Encryption uses T_m then T_{m+1}; decryption the other way round (IEEE 1619 §5.4.2).
        int first = encrypt ? 0 : 2;
        int second = encrypt ? 2 : 0;
        System.arraycopy(in, inOff, block, 0, BLOCK);
        xex(encrypt, block, tweaks[first], tweaks[first + 1]);
        // block = CC (encrypt) or PP (decrypt); its first r bytes become the partial output block,
        // the partial input (read first: in place) takes their place.
        System.arraycopy(in, inOff + BLOCK, stolen, 0, r);
        System.arraycopy(block, 0, out, outOff + BLOCK, r);
        System.arraycopy(stolen, 0, block, 0, r);
        xex(encrypt, block, tweaks[second], tweaks[second + 1]);
        System.arraycopy(block, 0, out, outOff, BLOCK);
        Bytes.wipe(block);
        Bytes.wipe(stolen);
    }

    /** {@code tweaks[to..to+1] = tweaks[from..from+1] * x}, in this object's variant. */
    private void timesX(int from, int to) {
        long w0 = tweaks[from];
        long w1 = tweaks[from + 1];
        if (variant == Variant.GB_T_17964) {
            // The block as a big-endian 128-bit integer (hi, lo), shifted right: GCM's bit order.
            long hi = Long.reverseBytes(w0);
            long lo = Long.reverseBytes(w1);
            long carry = -(lo & 1);
            lo = (lo >>> 1) | (hi << 63);
            hi = (hi >>> 1) ^ (carry & 0xE100000000000000L);
            tweaks[to] = Long.reverseBytes(hi);
            tweaks[to + 1] = Long.reverseBytes(lo);
        } else {
            // The block as a little-endian 128-bit integer (w1, w0), shifted left.
            long carry = w1 >> 63;
            tweaks[to + 1] = (w1 << 1) | (w0 >>> 63);
            tweaks[to] = (w0 << 1) ^ (carry & 0x87);
        }
    }

    /** One block in place: {@code b = E(b xor T) xor T} (or D). */
    private void xex(boolean encrypt, byte[] b, long lo, long hi) {
        xorTweak(b, 0, b, 0, lo, hi);
        if (encrypt) {
            dataKey.encryptBlocks(b, 0, b, 0, 1);
        } else {
            dataKey.decryptBlocks(b, 0, b, 0, 1);
        }
        xorTweak(b, 0, b, 0, lo, hi);
    }

    private static void xorTweak(byte[] in, int inOff, byte[] out, int outOff, long lo, long hi) {
        Bytes.putLongLE(out, outOff, Bytes.getLongLE(in, inOff) ^ lo);
        Bytes.putLongLE(out, outOff + 8, Bytes.getLongLE(in, inOff + 8) ^ hi);
    }

    /** Zeroes the tweak scratch space; the engines stay usable (their owner destroys them). */
    public void destroy() {
        Bytes.wipe(tweaks);
        Bytes.wipe(block);
        Bytes.wipe(stolen);
    }
}
