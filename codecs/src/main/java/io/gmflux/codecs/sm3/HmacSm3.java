package io.gmflux.codecs.sm3;

import io.gmflux.codecs.bytes.Bytes;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * HMAC-SM3: HMAC (RFC 2104, ISO/IEC 9797-2, GB/T 15852.2) with SM3 as the hash, 32-byte tags.
 *
 * <p>The key is processed once in the constructor: the SM3 chaining values after the
 * {@code K0 ^ ipad} and {@code K0 ^ opad} blocks are kept, so each MAC costs two compressions
 * fewer than the textbook construction, and the outer hash (one 64-byte block plus the 32-byte
 * inner digest) is a single compression of a block whose padding is fixed. Keys longer than the
 * 64-byte block are hashed first (RFC 2104 §2); any key length, including zero, is accepted.
 *
 * <p>Thread safety: an instance is mutable and <b>not</b> thread-safe. The static {@link #mac} and
 * {@link #verify(byte[], byte[], byte[])} are thread-safe.
 *
 * <p>Buffer ownership: the key array is copied (processed) in the constructor and not retained;
 * inputs are read during the call only.
 *
 * <p>Timing: computing a MAC takes time that depends only on the key and message lengths;
 * {@link #verify(byte[])} compares in constant time. {@link #destroy()} zeroes the key-derived
 * states and every intermediate value; a destroyed instance throws {@link IllegalStateException}.
 */
public final class HmacSm3 {

    /** Tag length in bytes. */
    public static final int MAC_LENGTH = 32;

    /**
     * The shortest truncated tag {@link #verify(byte[])} accepts: half the hash output, the lower
     * bound of RFC 2104 §5 (and above its 80-bit minimum).
     */
    public static final int MIN_TAG_LENGTH = 16;

    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    /** Hashes the message; restarted from {@link #innerChain} after every tag. */
    private final Sm3 inner = new Sm3();
    /** SM3 chaining value after absorbing K0 ^ ipad. */
    private final int[] innerChain = new int[8];
    /** SM3 chaining value after absorbing K0 ^ opad. */
    private final int[] outerChain = new int[8];
    private final int[] work = new int[8];
    /** The outer hash's last block: inner digest, then the fixed padding for 96 bytes. */
    private final byte[] outerBlock = new byte[Sm3.BLOCK_LENGTH];
    private final byte[] tagScratch = new byte[MAC_LENGTH];
    private boolean destroyed;

    /**
     * An HMAC-SM3 instance for {@code key} (any length).
     *
     * @throws NullPointerException if {@code key} is null
     */
    public HmacSm3(byte[] key) {
        Objects.requireNonNull(key, "key");
        byte[] k0 = new byte[Sm3.BLOCK_LENGTH];
        if (key.length > Sm3.BLOCK_LENGTH) {
            inner.update(key, 0, key.length);
            inner.digest(k0, 0);
        } else {
            System.arraycopy(key, 0, k0, 0, key.length);
        }
        for (int i = 0; i < k0.length; i++) {
            k0[i] ^= IPAD;
        }
        inner.update(k0, 0, k0.length);
        inner.saveChain(innerChain);
        inner.reset();
        for (int i = 0; i < k0.length; i++) {
            k0[i] ^= IPAD ^ OPAD;
        }
        inner.update(k0, 0, k0.length);
        inner.saveChain(outerChain);
        Bytes.wipe(k0);
        inner.wipe();
        inner.restoreChain(innerChain, Sm3.BLOCK_LENGTH);
        padOneBlockAfterKeyBlock(outerBlock);
    }

    /**
     * A new instance for this instance's key, without processing the key again: the key-derived
     * states are copied, a message pending here is not. This instance is only read, so one that
     * never absorbs a message can serve as a template shared by many threads.
     *
     * @throws IllegalStateException if this instance has been destroyed
     */
    public HmacSm3 forSameKey() {
        checkLive();
        return new HmacSm3(innerChain, outerChain);
    }

    private HmacSm3(int[] innerChainOf, int[] outerChainOf) {
        System.arraycopy(innerChainOf, 0, innerChain, 0, 8);
        System.arraycopy(outerChainOf, 0, outerChain, 0, 8);
        inner.restoreChain(innerChain, Sm3.BLOCK_LENGTH);
        padOneBlockAfterKeyBlock(outerBlock);
    }

    /** HMAC-SM3 of {@code data} under {@code key}, in one call. Thread-safe. */
    public static byte[] mac(byte[] key, byte[] data) {
        Objects.requireNonNull(data, "data");
        HmacSm3 h = new HmacSm3(key);
        try {
            h.update(data, 0, data.length);
            return h.doFinal();
        } finally {
            h.destroy();
        }
    }

    /**
     * Whether {@code tag} is the HMAC-SM3 of {@code data} under {@code key}, or a truncation of it
     * to at least {@link #MIN_TAG_LENGTH} bytes; see {@link #verify(byte[])}. Thread-safe.
     */
    public static boolean verify(byte[] key, byte[] data, byte[] tag) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(tag, "tag");
        HmacSm3 h = new HmacSm3(key);
        try {
            h.update(data, 0, data.length);
            return h.verify(tag);
        } finally {
            h.destroy();
        }
    }

    /** Absorbs one byte. */
    public void update(byte b) {
        checkLive();
        inner.update(b);
    }

    /** Absorbs all of {@code in}. */
    public void update(byte[] in) {
        Objects.requireNonNull(in, "in");
        update(in, 0, in.length);
    }

    /**
     * Absorbs {@code in[off, off + len)}.
     *
     * @throws NullPointerException if {@code in} is null
     * @throws IndexOutOfBoundsException if the range lies outside {@code in}
     */
    public void update(byte[] in, int off, int len) {
        checkLive();
        inner.update(in, off, len);
    }

    /** Absorbs the remaining bytes of {@code in} (heap or direct); see {@link Sm3#update(ByteBuffer)}. */
    public void update(ByteBuffer in) {
        checkLive();
        inner.update(in);
    }

    /** Returns the 32-byte tag and resets for another message under the same key. */
    public byte[] doFinal() {
        byte[] out = new byte[MAC_LENGTH];
        doFinal(out, 0);
        return out;
    }

    /**
     * Writes the 32-byte tag to {@code out[off, off + 32)} and resets for another message under the
     * same key.
     *
     * @return {@link #MAC_LENGTH}
     * @throws IndexOutOfBoundsException if fewer than 32 bytes fit at {@code off} (nothing changes)
     */
    public int doFinal(byte[] out, int off) {
        checkLive();
        Bytes.checkRange(out, off, MAC_LENGTH, "out");
        inner.digest(outerBlock, 0);
        inner.restoreChain(innerChain, Sm3.BLOCK_LENGTH);
        System.arraycopy(outerChain, 0, work, 0, 8);
        Sm3.compress(work, outerBlock, 0, 1);
        Sm3.store(work, out, off);
        return MAC_LENGTH;
    }

    /**
     * Finishes the message and tells, in constant time, whether {@code tag} is its tag: either the
     * full 32 bytes or a truncation to its leftmost {@code tag.length} bytes (RFC 2104 §5) with
     * {@code MIN_TAG_LENGTH <= tag.length <= MAC_LENGTH}. A tag of any other length is rejected
     * (returns false) rather than compared, so a one-byte "tag" can never pass. Resets like
     * {@link #doFinal()}.
     *
     * @throws NullPointerException if {@code tag} is null
     */
    public boolean verify(byte[] tag) {
        Objects.requireNonNull(tag, "tag");
        return verify(tag, 0, tag.length);
    }

    /**
     * As {@link #verify(byte[])} for the tag {@code tag[off, off + len)}, e.g. one embedded in a
     * received frame, without copying it out.
     *
     * @throws NullPointerException if {@code tag} is null
     * @throws IndexOutOfBoundsException if the range lies outside {@code tag} (nothing changes)
     */
    public boolean verify(byte[] tag, int off, int len) {
        Bytes.checkRange(tag, off, len, "tag");
        doFinal(tagScratch, 0);
        boolean ok = len >= MIN_TAG_LENGTH && len <= MAC_LENGTH
                && Bytes.constantTimeEquals(tagScratch, 0, tag, off, len);
        Bytes.wipe(tagScratch);
        return ok;
    }

    /** Discards the message absorbed so far; the key stays. */
    public void reset() {
        checkLive();
        inner.restoreChain(innerChain, Sm3.BLOCK_LENGTH);
    }

    /** Zeroes the key-derived states and all intermediate values; the instance is unusable after. */
    public void destroy() {
        inner.wipe();
        Bytes.wipe(innerChain);
        Bytes.wipe(outerChain);
        Bytes.wipe(work);
        Bytes.wipe(outerBlock);
        Bytes.wipe(tagScratch);
        destroyed = true;
    }

    /**
     * Replaces {@code blk[0, 32)} with HMAC(key, blk[0, 32)), where {@code blk} is a 64-byte block
     * already laid out by {@link #padOneBlockAfterKeyBlock}. Two compressions, no allocation: the
     * inner loop of PBKDF2.
     */
    void macOf32ByteBlock(byte[] blk) {
        checkLive();
        System.arraycopy(innerChain, 0, work, 0, 8);
        Sm3.compress(work, blk, 0, 1);
        Sm3.store(work, blk, 0);
        System.arraycopy(outerChain, 0, work, 0, 8);
        Sm3.compress(work, blk, 0, 1);
        Sm3.store(work, blk, 0);
    }

    /**
     * Lays out bytes 32..63 of {@code blk} as the SM3 padding (GB/T 32905 §5.2) of a 96-byte
     * message whose last 32 bytes sit in {@code blk[0, 32)}: the case of both HMAC hashes over a
     * 32-byte input after the 64-byte key block.
     */
    static void padOneBlockAfterKeyBlock(byte[] blk) {
        blk[32] = (byte) 0x80;
        Arrays.fill(blk, 33, Sm3.BLOCK_LENGTH - 8, (byte) 0);
        Bytes.putLongBEByBytes(blk, Sm3.BLOCK_LENGTH - 8, (Sm3.BLOCK_LENGTH + MAC_LENGTH) * 8L);
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("HmacSm3 instance has been destroyed");
        }
    }
}
