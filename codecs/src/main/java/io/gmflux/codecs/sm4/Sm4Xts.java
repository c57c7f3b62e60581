package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * SM4 in XTS mode (IEEE 1619-2018, the XTS-AES construction with SM4 as the block cipher; the
 * shape GB/T 17964-2021 adopts for its XTS mode): length-preserving encryption of one data unit (a disk
 * sector, say) per call, with two independent keys — {@code dataKey} encrypts the data,
 * {@code tweakKey} encrypts the 16-byte tweak (typically the sector number, little-endian).
 *
 * <p>Block j of a data unit is {@code C_j = E_1(P_j xor T_j) xor T_j} with {@code T_0 = E_2(tweak)}
 * and {@code T_{j+1} = T_j * alpha} in GF(2^128) as IEEE 1619 §5.2 defines it (little-endian
 * bytes, reduction by x^128 + x^7 + x^2 + x + 1). A partial last block uses ciphertext stealing
 * (IEEE 1619 §5.3.2, §5.4.2). Data units are 16 bytes to 2^24 bytes (2^20 blocks, IEEE 1619 §5.1).
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

    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;
    /** IEEE 1619 §5.1: at most 2^20 blocks per data unit. */
    private static final int MAX_LENGTH = BLOCK << 20;
    /** Blocks per engine call: the tweaks of one chunk are kept in {@link #tweaks}. */
    private static final int CHUNK = 32;

    private final Sm4Engine dataKey;
    private final Sm4Engine tweakKey;
    private final long[] tweaks = new long[2 * CHUNK];
    private final byte[] block = new byte[BLOCK];
    private final byte[] stolen = new byte[BLOCK];

    /**
     * @param dataKey the engine of Key1, which encrypts the data
     * @param tweakKey the engine of Key2, which encrypts the tweak; its key must be independent of
     *     Key1 (IEEE 1619-2018 §5.1); the same engine object for both is refused
     * @throws NullPointerException if an engine is null
     * @throws IllegalArgumentException if both are the same object
     */
    public Sm4Xts(Sm4Engine dataKey, Sm4Engine tweakKey) {
        this.dataKey = Objects.requireNonNull(dataKey, "dataKey");
        this.tweakKey = Objects.requireNonNull(tweakKey, "tweakKey");
        if (dataKey == tweakKey) {
            throw new IllegalArgumentException(
                    "XTS needs two independent keys: dataKey and tweakKey are the same engine");
        }
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
        long lo = Bytes.getLongLE(block, 0);
        long hi = Bytes.getLongLE(block, 8);
        int partial = len % BLOCK;
        // With stealing, the last full block pairs with the partial one and is done separately.
        int bulk = len / BLOCK - (partial == 0 ? 0 : 1);
        for (int done = 0; done < bulk; ) {
            int k = Math.min(CHUNK, bulk - done);
            int in0 = inOff + done * BLOCK;
            int out0 = outOff + done * BLOCK;
            for (int j = 0; j < k; j++) {
                tweaks[2 * j] = lo;
                tweaks[2 * j + 1] = hi;
                xorTweak(in, in0 + j * BLOCK, out, out0 + j * BLOCK, lo, hi);
                long carry = hi >> 63;
                hi = (hi << 1) | (lo >>> 63);
                lo = (lo << 1) ^ (carry & 0x87);
            }
            if (encrypt) {
                dataKey.encryptBlocks(out, out0, out, out0, k);
            } else {
                dataKey.decryptBlocks(out, out0, out, out0, k);
            }
            for (int j = 0; j < k; j++) {
                xorTweak(out, out0 + j * BLOCK, out, out0 + j * BLOCK, tweaks[2 * j], tweaks[2 * j + 1]);
            }
            done += k;
        }
        if (partial != 0) {
            steal(encrypt, in, inOff + bulk * BLOCK, out, outOff + bulk * BLOCK, partial, lo, hi);
        }
        Bytes.wipe(tweaks);
        Bytes.wipe(block);
    }

    /**
     * Ciphertext stealing over the last full block (at {@code in[off]}) and the {@code r}-byte
     * partial block after it; {@code (lo, hi)} is the last full block's tweak T_m.
     */
    private void steal(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int r, long lo, long hi) {
        long carry = hi >> 63;
        long hi2 = (hi << 1) | (lo >>> 63);
        long lo2 = (lo << 1) ^ (carry & 0x87);
        // Encryption uses T_m then T_{m+1}; decryption the other way round (IEEE 1619 §5.4.2).
        long firstLo = encrypt ? lo : lo2;
        long firstHi = encrypt ? hi : hi2;
        long secondLo = encrypt ? lo2 : lo;
        long secondHi = encrypt ? hi2 : hi;
        System.arraycopy(in, inOff, block, 0, BLOCK);
        xex(encrypt, block, firstLo, firstHi);
        // block = CC (encrypt) or PP (decrypt); its first r bytes become the partial output block,
        // the partial input (read first: in place) takes their place.
        System.arraycopy(in, inOff + BLOCK, stolen, 0, r);
        System.arraycopy(block, 0, out, outOff + BLOCK, r);
        System.arraycopy(stolen, 0, block, 0, r);
        xex(encrypt, block, secondLo, secondHi);
        System.arraycopy(block, 0, out, outOff, BLOCK);
        Bytes.wipe(block);
        Bytes.wipe(stolen);
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
