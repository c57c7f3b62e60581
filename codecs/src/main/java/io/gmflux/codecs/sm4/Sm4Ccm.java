package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;

/**
 * SM4-CCM: Counter with CBC-MAC of NIST SP 800-38C over SM4, as RFC 8998 uses it for TLS 1.3.
 *
 * <p>Parameters: a nonce of {@code n} = 7..13 bytes, which leaves {@code q = 15 - n} bytes for
 * the payload length (so the payload is shorter than {@code 2^(8q)} bytes: 64 KiB - 1 for a 13-byte
 * nonce, 16 MiB - 1 for RFC 8998's 12-byte nonce), and a tag of 4, 6, ..., 16 bytes (§A.1).
 * Associated data of any length goes in through {@link #updateAad} before the first
 * {@link #update}.
 *
 * <p>The transmitted tag is {@code U = T xor MSB_Tlen(S0)} (§6.1 step 9), the CBC-MAC encrypted
 * with the counter block 0; that is what RFC 8998 Appendix A.2 prints. (BouncyCastle's
 * {@code CCMBlockCipher.getMac()} returns the unencrypted {@code T}; its output stream carries
 * {@code U}, as here.)
 *
 * <p>CCM needs the lengths of the associated data and the payload before it can start (they are in
 * the first CBC-MAC block {@code B0}), so both directions hold everything until {@code doFinal}:
 * {@code update} returns 0. Decryption verifies the tag in constant time before it writes any
 * plaintext; on a mismatch it throws {@link AEADBadTagException}, writes nothing and wipes what it
 * decrypted internally. {@code doFinal} (also when it throws {@code AEADBadTagException}) and
 * {@link #reset()} return to the initial state with the same key and nonce; the caller polices
 * nonce reuse.
 *
 * <p>Thread safety: instances are not thread-safe; the static factories and {@link #seal}/
 * {@link #open} are. Buffers: the caller owns every array; input and output may be the same array at
 * the same offset (in place). The instance never destroys the engine it was given. The tag
 * comparison is constant-time; the engine from {@link Sm4#newTableEngine} is table-driven.
 */
public final class Sm4Ccm implements Sm4AeadCipher {

    /** The shortest nonce in bytes ({@code q = 8}). */
    public static final int MIN_NONCE_LENGTH = 7;
    /** The longest nonce in bytes ({@code q = 2}). */
    public static final int MAX_NONCE_LENGTH = 13;
    /** The longest (and default) tag in bytes. */
    public static final int MAX_TAG_LENGTH = 16;

    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;
    private static final int MAC_SCRATCH_BLOCKS = 16;
    /** Payload bytes per MAC step that carries counter blocks: three blocks. */
    private static final int GROUP = 3 * 16;

    private final Sm4Engine engine;
    private final boolean encrypting;
    private final int tagLength;
    private int nonceLength;
    /** The longest payload, {@code 2^(8q) - 1} bytes, capped by what an array can hold. */
    private long maxPayload;
    /** Counter block 0, {@code [q-1]_8 || N || 0^8q} (§A.3); also the template of B0. */
    private final byte[] counter0 = new byte[BLOCK];
    /** {@code S0 = E_K(Ctr0)}, which encrypts the tag. */
    private final byte[] s0 = new byte[BLOCK];
    /** The CBC-MAC chaining value {@code Y_i}. */
    private final byte[] mac = new byte[BLOCK];
    /** CBC-MAC input not yet forming a whole block. */
    private final byte[] partial = new byte[BLOCK];
    private final byte[] receivedTag = new byte[BLOCK];
    /** One 4-block engine call: a CBC-MAC step and three counter blocks. */
    private final byte[] work = new byte[4 * BLOCK];
    /** The keystream of the current group of three payload blocks. */
    private final byte[] keystream = new byte[GROUP];
    /** Where the CBC kernel writes the ciphertext blocks that CBC-MAC discards. */
    private final byte[] macScratch = new byte[MAC_SCRATCH_BLOCKS * BLOCK];
    private int partialLength;

    private byte[] aad = new byte[0];
    private int aadLength;
    /** Payload held until doFinal: plaintext when encrypting, ciphertext and tag when decrypting. */
    private byte[] held = new byte[0];
    private int heldLength;
    private boolean inData;
    private boolean destroyed;

    private Sm4Ccm(Sm4Engine engine, byte[] nonce, int tagLength, boolean encrypting) {
        Objects.requireNonNull(engine, "engine");
        checkNonce(nonce);
        if (tagLength < 4 || tagLength > MAX_TAG_LENGTH || (tagLength & 1) != 0) {
            throw new IllegalArgumentException(
                    "SM4-CCM tag length must be one of 4, 6, 8, 10, 12, 14, 16 bytes, got " + tagLength);
        }
        this.engine = engine;
        this.encrypting = encrypting;
        this.tagLength = tagLength;
        setNonce(nonce);
        reset();
    }

    private static void checkNonce(byte[] nonce) {
        Objects.requireNonNull(nonce, "nonce");
        if (nonce.length < MIN_NONCE_LENGTH || nonce.length > MAX_NONCE_LENGTH) {
            throw new IllegalArgumentException("SM4-CCM nonce must be 7..13 bytes, got " + nonce.length);
        }
    }

    private void setNonce(byte[] nonce) {
        nonceLength = nonce.length;
        int q = BLOCK - 1 - nonce.length;
        maxPayload = Math.min((1L << Math.min(8 * q, 62)) - 1, Integer.MAX_VALUE - 8 - tagLength);
        Arrays.fill(counter0, (byte) 0);
        counter0[0] = (byte) (q - 1);
        System.arraycopy(nonce, 0, counter0, 1, nonce.length);
        engine.encryptBlocks(counter0, 0, s0, 0, 1);
    }

    /**
     * Starts a new message under the same key with a new nonce (7..13 bytes); afterwards the object
     * behaves as one fresh from the factory with this nonce. The caller must never reuse a nonce
     * with the same key for two different messages.
     *
     * @throws NullPointerException if {@code nonce} is null
     * @throws IllegalArgumentException if the nonce length is out of range
     */
    public void resetWithNonce(byte[] nonce) {
        checkLive();
        checkNonce(nonce);
        setNonce(nonce);
        reset();
    }

    /**
     * An SM4-CCM encryptor.
     *
     * @param engine the SM4 key; not destroyed by this object
     * @param nonce 7..13 bytes; copied
     * @param tagLengthBytes 4, 6, ..., 16
     * @throws NullPointerException if {@code engine} or {@code nonce} is null
     * @throws IllegalArgumentException if the nonce or tag length is out of range
     */
    public static Sm4Ccm encryptor(Sm4Engine engine, byte[] nonce, int tagLengthBytes) {
        return new Sm4Ccm(engine, nonce, tagLengthBytes, true);
    }

    /**
     * An SM4-CCM decryptor; see {@link #encryptor} for the parameters. The input is the ciphertext
     * followed by the tag {@code U}.
     */
    public static Sm4Ccm decryptor(Sm4Engine engine, byte[] nonce, int tagLengthBytes) {
        return new Sm4Ccm(engine, nonce, tagLengthBytes, false);
    }

    /**
     * One-shot encryption with a 16-byte tag: returns {@code ciphertext || U}.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the nonce length is out of range or the plaintext too long for it
     */
    public static byte[] seal(Sm4Engine engine, byte[] nonce, byte[] aad, byte[] plaintext) {
        Objects.requireNonNull(aad, "aad");
        Objects.requireNonNull(plaintext, "plaintext");
        return Sm4AeadOneShot.seal(encryptor(engine, nonce, MAX_TAG_LENGTH), aad, plaintext);
    }

    /**
     * One-shot decryption of {@code ciphertext || U} with a 16-byte tag.
     *
     * @throws AEADBadTagException if the tag does not verify or the input is shorter than a tag
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the nonce length is out of range
     */
    public static byte[] open(Sm4Engine engine, byte[] nonce, byte[] aad, byte[] ciphertextAndTag)
            throws AEADBadTagException {
        Objects.requireNonNull(aad, "aad");
        Objects.requireNonNull(ciphertextAndTag, "ciphertextAndTag");
        return Sm4AeadOneShot.open(decryptor(engine, nonce, MAX_TAG_LENGTH), aad, ciphertextAndTag);
    }

    @Override
    public void updateAad(byte[] aad, int off, int len) {
        checkLive();
        Bytes.checkRange(aad, off, len, "aad");
        if (inData) {
            throw new IllegalStateException("associated data must come before the message data");
        }
        if ((long) aadLength + len > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("SM4-CCM holds the associated data until doFinal; it exceeds 2 GiB");
        }
        this.aad = append(this.aad, aadLength, aad, off, len);
        aadLength += len;
    }

    /** Holds the input until {@code doFinal} (CCM needs the payload length first); writes nothing. */
    @Override
    public int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkLive();
        Bytes.checkRange(in, inOff, len, "in");
        checkPayloadLength((long) heldLength + len - (encrypting ? 0 : tagLength));
        held = append(held, heldLength, in, inOff, len);
        heldLength += len;
        inData = true;
        return 0;
    }

    @Override
    public int doFinal(byte[] in, int inOff, int len, byte[] out, int outOff) throws AEADBadTagException {
        checkLive();
        Bytes.checkRange(in, inOff, len, "in");
        return encrypting ? finishEncryption(in, inOff, len, out, outOff)
                : finishDecryption(in, inOff, len, out, outOff);
    }

    private int finishEncryption(byte[] in, int inOff, int len, byte[] out, int outOff) {
        long total = (long) heldLength + len;
        checkPayloadLength(total);
        int n = (int) total;
        Bytes.checkRange(out, outOff, n + tagLength, "out");
        byte[] src = in;
        int srcOff = inOff;
        if (heldLength > 0) {
            held = append(held, heldLength, in, inOff, len);
            heldLength += len;
            src = held;
            srcOff = 0;
        }
        process(src, srcOff, n, out, outOff, false);
        for (int i = 0; i < tagLength; i++) {
            out[outOff + n + i] = (byte) (mac[i] ^ s0[i]);
        }
        reset();
        return n + tagLength;
    }

    private int finishDecryption(byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        long total = (long) heldLength + len;
        long payload = total - tagLength;
        if (payload < 0) {
            reset();
            throw new AEADBadTagException("SM4-CCM input of " + total
                    + " bytes is shorter than the " + tagLength + "-byte tag");
        }
        checkPayloadLength(payload);
        int n = (int) payload;
        Bytes.checkRange(out, outOff, n, "out");
        // Decrypt into the private buffer, never into out, until the tag has verified.
        if (heldLength > 0) {
            held = append(held, heldLength, in, inOff, len);
            heldLength += len;
            System.arraycopy(held, n, receivedTag, 0, tagLength);
            process(held, 0, n, held, 0, true);
        } else {
            if (held.length < n) {
                held = new byte[n];
            }
            System.arraycopy(in, inOff + n, receivedTag, 0, tagLength);
            heldLength = n;
            process(in, inOff, n, held, 0, true);
        }
        for (int i = 0; i < tagLength; i++) {
            mac[i] ^= s0[i];
        }
        boolean ok = Bytes.constantTimeEquals(mac, 0, receivedTag, 0, tagLength);
        if (!ok) {
            reset();
            throw new AEADBadTagException("SM4-CCM tag mismatch");
        }
        System.arraycopy(held, 0, out, outOff, n);
        reset();
        return n;
    }

    /**
     * Runs CCM over the payload (§6.1 encryption, §6.2 decryption) and leaves the CBC-MAC
     * {@code T} (steps 1-4 / A.2: over {@code B0 || encoded a || A || pad || P || pad}) in
     * {@link #mac}. Encrypting, {@code src} is the plaintext and {@code dst} receives the
     * ciphertext; decrypting, {@code src} is the ciphertext and {@code dst} (private) receives the
     * plaintext that the MAC then reads. In place ({@code src == dst}, same offset) works.
     *
     * <p>Why the shape: CBC-MAC is a serial chain, one block encryption at a time, and a single
     * block costs the engine's full latency, while a 4-block call costs barely more because the
     * engine interleaves independent blocks. So each chain step that can, rides in a 4-block call
     * with three counter blocks: payload blocks go in groups of three, the group's first MAC step
     * computes the keystream of the next group, and the CTR half of CCM comes almost free.
     */
    private void process(byte[] src, int srcOff, int len, byte[] dst, int dstOff, boolean decrypt) {
        byte[] w = work;
        int counter = Bytes.getIntBE(counter0, 12);
        // Y_0 = E(B0) together with Ctr_1..Ctr_3, the keystream of the first group (§A.3).
        System.arraycopy(counter0, 0, w, 0, BLOCK);
        // B0 (§A.2.1): flags = Adata, (t-2)/2, q-1 (already in counter0[0]); then N; then Q = [len]_8q.
        w[0] |= (byte) ((aadLength > 0 ? 0x40 : 0) | ((tagLength - 2) / 2) << 3);
        for (int i = BLOCK - 1, v = len; i > nonceLength; i--, v >>>= 8) {
            w[i] = (byte) v;
        }
        counterBlocks(counter + 1);
        engine.encryptBlocks(w, 0, w, 0, 4);
        System.arraycopy(w, 0, mac, 0, BLOCK);
        System.arraycopy(w, BLOCK, keystream, 0, GROUP);
        partialLength = 0;
        if (aadLength > 0) {
            // §A.2.2: a < 2^16 - 2^8 takes two bytes, else 0xfffe then four bytes (a < 2^31 here).
            if (aadLength < 0xff00) {
                partial[0] = (byte) (aadLength >>> 8);
                partial[1] = (byte) aadLength;
                partialLength = 2;
            } else {
                partial[0] = (byte) 0xff;
                partial[1] = (byte) 0xfe;
                Bytes.putIntBEByBytes(partial, 2, aadLength);
                partialLength = 6;
            }
            macAbsorb(aad, 0, aadLength);
            macPad();
        }
        // Payload block j uses Ctr_(j+1); the group starting at block 3g is followed by 3g+3.
        for (int o = 0, next = counter + 4; o < len; o += GROUP, next += 3) {
            int n = Math.min(GROUP, len - o);
            if (decrypt) {
                Bytes.xor(src, srcOff + o, keystream, 0, dst, dstOff + o, n);
            }
            byte[] plain = decrypt ? dst : src;
            int p = (decrypt ? dstOff : srcOff) + o;
            int first = Math.min(BLOCK, n);
            for (int i = 0; i < BLOCK; i++) {
                w[i] = (byte) (mac[i] ^ (i < first ? plain[p + i] : 0));
            }
            counterBlocks(next);
            engine.encryptBlocks(w, 0, w, 0, 4);
            System.arraycopy(w, 0, mac, 0, BLOCK);
            if (n > BLOCK) {
                macAbsorb(plain, p + BLOCK, n - BLOCK);
                macPad();
            }
            if (!decrypt) {
                // after the MAC has read this group's plaintext: in place overwrites it
                Bytes.xor(src, srcOff + o, keystream, 0, dst, dstOff + o, n);
            }
            System.arraycopy(w, BLOCK, keystream, 0, GROUP);
        }
    }

    /** Counter blocks {@code Ctr_c, Ctr_c+1, Ctr_c+2} (§A.3) into blocks 1..3 of {@link #work}. */
    private void counterBlocks(int c) {
        long high = Bytes.getLongBE(counter0, 0);
        int middle = Bytes.getIntBE(counter0, 8);
        for (int k = 1; k <= 3; k++) {
            Bytes.putLongBEByBytes(work, k * BLOCK, high);
            Bytes.putIntBEByBytes(work, k * BLOCK + 8, middle);
            Bytes.putIntBEByBytes(work, k * BLOCK + 12, c + k - 1);
        }
    }

    private void macAbsorb(byte[] b, int off, int len) {
        if (partialLength > 0) {
            int take = Math.min(BLOCK - partialLength, len);
            System.arraycopy(b, off, partial, partialLength, take);
            partialLength += take;
            off += take;
            len -= take;
            if (partialLength < BLOCK) {
                return;
            }
            macBlocks(partial, 0, 1);
            partialLength = 0;
        }
        macBlocks(b, off, len >>> 4);
        int rest = len & 15;
        if (rest > 0) {
            System.arraycopy(b, off + (len & ~15), partial, 0, rest);
            partialLength = rest;
        }
    }

    private void macPad() {
        if (partialLength > 0) {
            Arrays.fill(partial, partialLength, BLOCK, (byte) 0);
            macBlocks(partial, 0, 1);
            partialLength = 0;
        }
    }

    /** {@code Y_i = E_K(B_i xor Y_{i-1})} for whole blocks: CBC encryption chained through {@link #mac}. */
    private void macBlocks(byte[] b, int off, int blocks) {
        while (blocks > 0) {
            int n = Math.min(blocks, MAC_SCRATCH_BLOCKS);
            engine.encryptCbc(mac, b, off, macScratch, 0, n);
            off += n * BLOCK;
            blocks -= n;
        }
    }

    private void checkPayloadLength(long len) {
        if (len > maxPayload) {
            throw new IllegalArgumentException("SM4-CCM payload of " + len + " bytes exceeds the "
                    + maxPayload + " bytes a " + nonceLength + "-byte nonce allows");
        }
    }

    private static byte[] append(byte[] buf, int used, byte[] in, int off, int len) {
        if (len > buf.length - used) {
            long want = Math.max((long) used + len, 2L * buf.length);
            byte[] grown = Arrays.copyOf(buf, (int) Math.min(want, Integer.MAX_VALUE - 8));
            Bytes.wipe(buf);
            buf = grown;
        }
        System.arraycopy(in, off, buf, used, len);
        return buf;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("SM4-CCM cipher has been destroyed");
        }
    }

    @Override
    public int updateOutputSize(int len) {
        return 0;
    }

    @Override
    public int finalOutputSize(int len) {
        return encrypting ? heldLength + len + tagLength : Math.max(0, heldLength + len - tagLength);
    }

    @Override
    public boolean isEncrypting() {
        return encrypting;
    }

    @Override
    public int tagLength() {
        return tagLength;
    }

    /** Drops held data (wiping plaintext) and returns to the initial state, same key and nonce. */
    @Override
    public void reset() {
        Arrays.fill(held, 0, heldLength, (byte) 0);
        heldLength = 0;
        aadLength = 0;
        partialLength = 0;
        inData = false;
        Bytes.wipe(mac);
        Bytes.wipe(partial);
        Bytes.wipe(work);
        Bytes.wipe(keystream);
    }

    @Override
    public void destroy() {
        if (destroyed) {
            return;
        }
        destroyed = true;
        Bytes.wipe(counter0);
        Bytes.wipe(s0);
        Bytes.wipe(mac);
        Bytes.wipe(partial);
        Bytes.wipe(receivedTag);
        Bytes.wipe(work);
        Bytes.wipe(keystream);
        Bytes.wipe(macScratch);
        Bytes.wipe(held);
        Bytes.wipe(aad);
        heldLength = 0;
        aadLength = 0;
    }
}
