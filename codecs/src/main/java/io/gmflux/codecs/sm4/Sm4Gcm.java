package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;

/**
 * SM4-GCM: the Galois/Counter Mode of NIST SP 800-38D over SM4, as RFC 8998 uses it for TLS 1.3.
 *
 * <p>Parameters: an IV of any length of at least one byte (12 bytes is the recommended fast path,
 * {@code J0 = IV || 0^31 || 1}; other lengths derive {@code J0} through GHASH, §7.1 step 2) and a
 * tag of 12 to 16 bytes (§5.2.1.2; shorter tags are not offered). Associated data goes in through
 * {@link #updateAad} (any number of calls) before the first {@link #update}. Plaintext is limited
 * to {@code 2^39 - 256} bits and associated data to {@code 2^64 - 1} bits (§5.2.1.1).
 *
 * <p>Encryption streams: {@code update} writes as many ciphertext bytes as it reads, and
 * {@code doFinal} appends the tag. Decryption buffers the ciphertext: {@code update} returns 0,
 * and {@code doFinal} checks the tag in constant time before it writes any plaintext; on a
 * mismatch it throws {@link AEADBadTagException} and writes nothing. Either way {@code doFinal}
 * (also when it throws {@code AEADBadTagException}) and {@link #reset()} return to the initial state
 * with the same key and IV: this class does not police IV reuse, the caller (the JCA layer) does.
 * {@link #resetWithIv(byte[])} starts a new message with a new IV under the same key and keeps the
 * GHASH table (building it costs about as much as encrypting 1 KiB).
 *
 * <p>Thread safety: instances are not thread-safe (one message at a time); the static factories
 * and {@link #seal}/{@link #open} are. Buffers: the caller owns every array; input and output may be
 * the same array at the same offset (in place); other overlaps are not supported. The instance
 * never destroys the engine it was given.
 *
 * <p>Timing: the tag comparison is constant-time. Over an engine that is not constant-time (such
 * as {@link Sm4#newTableEngine}'s) GHASH is table-driven (see {@link Ghash}) and both leak through cache
 * timing to a process that shares the CPU cache; over an engine whose
 * {@link Sm4Engine#isConstantTime()} is true, GHASH is the constant-time form, so the whole mode
 * is constant-time: the Vector API GHASH where it has been accepted ({@link Sm4#constantTimeGhashName()},
 * close to the table's speed), else the scalar one (about 4x slower than the table).
 */
public final class Sm4Gcm implements Sm4AeadCipher {

    /** The shortest tag offered, in bytes. */
    public static final int MIN_TAG_LENGTH = 12;
    /** The longest (and default) tag, in bytes. */
    public static final int MAX_TAG_LENGTH = 16;
    /** The recommended IV length in bytes: the fast path of SP 800-38D §7.1 step 2. */
    public static final int DEFAULT_IV_LENGTH = 12;
    /** SP 800-38D §5.2.1.1: {@code len(P) <= 2^39 - 256} bits. */
    public static final long MAX_PLAINTEXT_LENGTH = (1L << 36) - 32;
    /** SP 800-38D §5.2.1.1: {@code len(A) <= 2^64 - 1} bits. */
    public static final long MAX_AAD_LENGTH = (1L << 61) - 1;

    /** Encrypted data is hashed in slices this long right after it is written, while still in L1. */
    private static final int SLICE = 1024;
    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;
    /**
     * Decryption of at most this many bytes goes through {@link #opened} so that {@code E(J0)} rides
     * in the first CTR call (the plaintext may reach the caller only after the tag check); longer
     * messages pay a separate one-block call instead of copying.
     */
    private static final int FUSED_OPEN_LIMIT = 4096;

    private final Sm4Engine engine;
    private final boolean encrypting;
    private final int tagLength;
    private final Ghash ghash;
    private final Ctr32Keystream ctr;
    /** The pre-counter block J0 (§7.1 step 2). */
    private final byte[] j0 = new byte[BLOCK];
    /** E_K(J0), which masks the GHASH output into the tag (§7.1 step 6 with GCTR of one block). */
    private final byte[] tagMask = new byte[BLOCK];
    /**
     * Whether {@link #tagMask} holds E_K(J0) for the current J0. Computed lazily, in the engine's first
     * CTR call where there is one ({@link Sm4Engine#encryptCtrWithLead}); depends on lengths only.
     */
    private boolean tagMaskReady;
    /** GHASH input not yet forming a whole block (associated data, then ciphertext). */
    private final byte[] partial = new byte[BLOCK];
    private final byte[] tag = new byte[BLOCK];

    private int partialLength;
    private long aadLength;
    private long dataLength;
    private boolean inData;
    /** Decryption only: ciphertext (and tag) held back until the tag is verified. */
    private byte[] held = new byte[0];
    private int heldLength;
    /** Decryption only: short messages' plaintext until the tag is verified; zeroed after each use. */
    private byte[] opened = new byte[0];
    private boolean destroyed;

    private Sm4Gcm(Sm4Engine engine, byte[] iv, int tagLength, boolean encrypting) {
        Objects.requireNonNull(engine, "engine");
        checkIv(iv);
        if (tagLength < MIN_TAG_LENGTH || tagLength > MAX_TAG_LENGTH) {
            throw new IllegalArgumentException(
                    "SM4-GCM tag length must be 12..16 bytes, got " + tagLength);
        }
        this.engine = engine;
        this.encrypting = encrypting;
        this.tagLength = tagLength;
        byte[] h = new byte[BLOCK];
        engine.encryptBlocks(h, 0, h, 0, 1);   // H = E_K(0^128), §7.1 step 1
        // A constant-time engine gets a constant-time GHASH: a table would leak H, and H forges tags.
        this.ghash = new Ghash(h, engine.isConstantTime());
        Bytes.wipe(h);
        this.ctr = new Ctr32Keystream(engine);
        deriveJ0(iv);
        reset();
    }

    /**
     * An SM4-GCM encryptor.
     *
     * @param engine the SM4 key; not destroyed by this object
     * @param iv the IV, at least 1 byte (12 recommended); copied
     * @param tagLengthBytes 12..16
     * @throws NullPointerException if {@code engine} or {@code iv} is null
     * @throws IllegalArgumentException if the IV is empty or the tag length is out of range
     */
    public static Sm4Gcm encryptor(Sm4Engine engine, byte[] iv, int tagLengthBytes) {
        return new Sm4Gcm(engine, iv, tagLengthBytes, true);
    }

    /**
     * An SM4-GCM decryptor; see {@link #encryptor} for the parameters. The input to
     * {@code update}/{@code doFinal} is the ciphertext followed by the tag.
     */
    public static Sm4Gcm decryptor(Sm4Engine engine, byte[] iv, int tagLengthBytes) {
        return new Sm4Gcm(engine, iv, tagLengthBytes, false);
    }

    /**
     * One-shot encryption with a 16-byte tag: returns {@code ciphertext || tag}.
     *
     * @param aad associated data, may be empty, not null
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the IV is empty
     */
    public static byte[] seal(Sm4Engine engine, byte[] iv, byte[] aad, byte[] plaintext) {
        Objects.requireNonNull(aad, "aad");
        Objects.requireNonNull(plaintext, "plaintext");
        return Sm4AeadOneShot.seal(encryptor(engine, iv, MAX_TAG_LENGTH), aad, plaintext);
    }

    /**
     * One-shot decryption of {@code ciphertext || tag} with a 16-byte tag.
     *
     * @throws AEADBadTagException if the tag does not verify or the input is shorter than a tag
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the IV is empty
     */
    public static byte[] open(Sm4Engine engine, byte[] iv, byte[] aad, byte[] ciphertextAndTag)
            throws AEADBadTagException {
        Objects.requireNonNull(aad, "aad");
        Objects.requireNonNull(ciphertextAndTag, "ciphertextAndTag");
        return Sm4AeadOneShot.open(decryptor(engine, iv, MAX_TAG_LENGTH), aad, ciphertextAndTag);
    }

    private static void checkIv(byte[] iv) {
        Objects.requireNonNull(iv, "iv");
        if (iv.length == 0) {
            throw new IllegalArgumentException("SM4-GCM IV must be at least 1 byte");
        }
    }

    /** §7.1 step 2: J0 = IV || 0^31 || 1 for 96-bit IVs, else GHASH(IV || 0^(s+64) || [len(IV)]_64). */
    private void deriveJ0(byte[] iv) {
        if (iv.length == DEFAULT_IV_LENGTH) {
            System.arraycopy(iv, 0, j0, 0, DEFAULT_IV_LENGTH);
            Bytes.putIntBEByBytes(j0, 12, 1);
        } else {
            ghash.reset();
            ghash.updatePadded(iv, 0, iv.length);
            ghash.updateLengths(0, iv.length);
            ghash.digest(j0, 0);
        }
        tagMaskReady = false;
    }

    /**
     * Starts a new message under the same key with a new IV, reusing the GHASH table; afterwards
     * the object behaves as one fresh from the factory with this IV. The caller must never reuse an
     * IV with the same key for two different messages.
     *
     * @throws NullPointerException if {@code iv} is null
     * @throws IllegalArgumentException if {@code iv} is empty
     */
    public void resetWithIv(byte[] iv) {
        checkLive();
        checkIv(iv);
        deriveJ0(iv);
        reset();
    }

    @Override
    public void updateAad(byte[] aad, int off, int len) {
        checkLive();
        Bytes.checkRange(aad, off, len, "aad");
        if (inData) {
            throw new IllegalStateException("associated data must come before the message data");
        }
        if (len > MAX_AAD_LENGTH - aadLength) {
            throw new IllegalStateException("SM4-GCM associated data exceeds 2^64 - 1 bits");
        }
        aadLength += len;
        hash(aad, off, len);
    }

    @Override
    public int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkLive();
        Bytes.checkRange(in, inOff, len, "in");
        if (encrypting) {
            Bytes.checkRange(out, outOff, len, "out");
            checkDataLength(len);
            startData();
            encrypt(in, inOff, len, out, outOff);
            return len;
        }
        checkDataLength((long) heldLength + len - tagLength);
        hold(in, inOff, len);
        startData();
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
        Bytes.checkRange(out, outOff, len + tagLength, "out");
        checkDataLength(len);
        startData();
        encrypt(in, inOff, len, out, outOff);
        computeTag();
        System.arraycopy(tag, 0, out, outOff + len, tagLength);
        reset();
        return len + tagLength;
    }

    private int finishDecryption(byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        long total = (long) heldLength + len;
        long dataLen = total - tagLength;
        if (dataLen < 0) {
            reset();
            throw new AEADBadTagException("SM4-GCM input of " + total
                    + " bytes is shorter than the " + tagLength + "-byte tag");
        }
        checkDataLength(dataLen);
        checkHoldable(len);
        Bytes.checkRange(out, outOff, (int) dataLen, "out");
        byte[] src = in;
        int srcOff = inOff;
        if (heldLength > 0) {
            hold(in, inOff, len);
            src = held;
            srcOff = 0;
        }
        int n = (int) dataLen;
        startData();
        dataLength = n;
        hash(src, srcOff, n);
        boolean fused = !tagMaskReady && n >= BLOCK && n <= FUSED_OPEN_LIMIT;
        if (fused) {
            if (opened.length < n) {
                opened = new byte[FUSED_OPEN_LIMIT];
            }
            tagMaskReady = ctr.xor(src, srcOff, n, opened, 0, j0, tagMask);
        }
        computeTag();
        boolean ok = Bytes.constantTimeEquals(tag, 0, src, srcOff + n, tagLength);
        if (fused) {
            if (ok) {
                System.arraycopy(opened, 0, out, outOff, n);
            }
            Arrays.fill(opened, 0, n, (byte) 0);
        } else if (ok) {
            ctr.xor(src, srcOff, n, out, outOff);
        }
        reset();
        if (!ok) {
            throw new AEADBadTagException("SM4-GCM tag mismatch");
        }
        return n;
    }

    /** CTR-encrypts and hashes the ciphertext slice by slice, so GHASH reads it from L1. */
    private void encrypt(byte[] in, int inOff, int len, byte[] out, int outOff) {
        dataLength += len;
        while (len > 0) {
            int n = Math.min(len, SLICE);
            if (tagMaskReady) {
                ctr.xor(in, inOff, n, out, outOff);
            } else {
                tagMaskReady = ctr.xor(in, inOff, n, out, outOff, j0, tagMask);
            }
            hash(out, outOff, n);
            inOff += n;
            outOff += n;
            len -= n;
        }
    }

    /** Feeds GHASH, keeping a partial block until it fills or the section ends. */
    private void hash(byte[] b, int off, int len) {
        if (partialLength > 0) {
            int take = Math.min(BLOCK - partialLength, len);
            System.arraycopy(b, off, partial, partialLength, take);
            partialLength += take;
            off += take;
            len -= take;
            if (partialLength < BLOCK) {
                return;
            }
            ghash.updateBlocks(partial, 0, 1);
            partialLength = 0;
        }
        int blocks = len >>> 4;
        ghash.updateBlocks(b, off, blocks);
        int rest = len & 15;
        if (rest > 0) {
            System.arraycopy(b, off + (blocks << 4), partial, 0, rest);
            partialLength = rest;
        }
    }

    /** Ends a GHASH section (A or C): pads the partial block with zeros (§7.1 step 5). */
    private void padSection() {
        if (partialLength > 0) {
            ghash.updatePadded(partial, 0, partialLength);
            partialLength = 0;
        }
    }

    private void startData() {
        if (!inData) {
            padSection();
            inData = true;
        }
    }

    /** §7.1 steps 5-6: S = GHASH(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64), T = E(J0) xor S. */
    private void computeTag() {
        if (!tagMaskReady) {
            engine.encryptBlocks(j0, 0, tagMask, 0, 1);
            tagMaskReady = true;
        }
        padSection();
        ghash.updateLengths(aadLength, dataLength);
        ghash.digest(tag, 0);
        Bytes.xor(tag, 0, tagMask, 0, tag, 0, BLOCK);
    }

    private void checkDataLength(long add) {
        if (add > MAX_PLAINTEXT_LENGTH - dataLength) {
            throw new IllegalStateException("SM4-GCM message exceeds 2^39 - 256 bits");
        }
    }

    private void checkHoldable(int len) {
        if ((long) heldLength + len > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException(
                    "SM4-GCM decryption holds the ciphertext until doFinal; it exceeds 2 GiB");
        }
    }

    private void hold(byte[] in, int inOff, int len) {
        checkHoldable(len);
        if (len > held.length - heldLength) {
            long want = Math.max((long) heldLength + len, 2L * held.length);
            held = Arrays.copyOf(held, (int) Math.min(want, Integer.MAX_VALUE - 8));
        }
        System.arraycopy(in, inOff, held, heldLength, len);
        heldLength += len;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("SM4-GCM cipher has been destroyed");
        }
    }

    @Override
    public int updateOutputSize(int len) {
        return encrypting ? len : 0;
    }

    @Override
    public int finalOutputSize(int len) {
        return encrypting ? len + tagLength : Math.max(0, heldLength + len - tagLength);
    }

    @Override
    public boolean isEncrypting() {
        return encrypting;
    }

    @Override
    public int tagLength() {
        return tagLength;
    }

    @Override
    public void reset() {
        ghash.reset();
        ctr.start(j0, 0, Bytes.getIntBE(j0, 12) + 1);   // the first data block uses inc32(J0), §7.1 step 3
        partialLength = 0;
        aadLength = 0;
        dataLength = 0;
        inData = false;
        heldLength = 0;
        Bytes.wipe(tag);
    }

    @Override
    public void destroy() {
        if (destroyed) {
            return;
        }
        destroyed = true;
        ghash.destroy();
        ctr.wipe();
        Bytes.wipe(j0);
        Bytes.wipe(tagMask);
        Bytes.wipe(partial);
        Bytes.wipe(tag);
        Bytes.wipe(held);
        Bytes.wipe(opened);
        heldLength = 0;
    }
}
