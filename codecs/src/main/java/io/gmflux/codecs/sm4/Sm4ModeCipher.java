package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.Objects;

/**
 * What every non-AEAD mode object shares: its engine and direction, argument checks, the
 * destroyed state, and the copy of input that overlaps output in a way that would be
 * overwritten before it is read.
 *
 * <p>Not thread-safe (one message at a time), like every {@link Sm4Cipher}. Non-sealed but package-private: the mode
 * classes of this package extend it.
 */
abstract non-sealed class Sm4ModeCipher implements Sm4Cipher {

    /** The largest copy of overlapping input kept between calls. */
    static final int KEPT_SCRATCH = 64 * 1024;

    final Sm4Engine engine;
    final boolean encrypting;
    private byte[] scratch;
    private boolean destroyed;

    Sm4ModeCipher(Sm4Engine engine, boolean encrypting) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.encrypting = encrypting;
    }

    /** Checks and copies a 16-byte IV (or initial counter block). */
    static byte[] checkIv(byte[] iv) {
        Objects.requireNonNull(iv, "iv");
        if (iv.length != Sm4Engine.BLOCK_SIZE) {
            throw new IllegalArgumentException("SM4 IV must be 16 bytes, got " + iv.length);
        }
        return iv.clone();
    }

    @Override
    public final boolean isEncrypting() {
        return encrypting;
    }

    final void checkUsable() {
        if (destroyed) {
            throw new IllegalStateException("cipher has been destroyed");
        }
    }

    static void checkLength(int len) {
        if (len < 0) {
            throw new IllegalArgumentException("len must be >= 0, got " + len);
        }
    }

    /**
     * Whether {@code in} must be copied first: output runs {@code lead} bytes ahead of input (what
     * was buffered before), so it would overwrite input not yet read. Exact in-place without lead,
     * and disjoint ranges, need no copy.
     */
    static boolean overlapsAhead(byte[] in, int inOff, int len, byte[] out, int outOff, int lead) {
        return in == out && outOff + lead > inOff && outOff < inOff + len;
    }

    /**
     * Copies {@code in[inOff, inOff + len)} aside and returns the copy (read from offset 0). Up to
     * {@link #KEPT_SCRATCH} bytes go to a buffer kept for reuse; a larger input is copied to a
     * temporary array, so that one big overlapping call does not pin its size in memory.
     */
    final byte[] copyToScratch(byte[] in, int inOff, int len) {
        if (len > KEPT_SCRATCH) {
            return Arrays.copyOfRange(in, inOff, inOff + len);
        }
        if (scratch == null || scratch.length < len) {
            Bytes.wipe(scratch);
            scratch = new byte[Math.min(KEPT_SCRATCH, Math.max(len, 256))];
        }
        System.arraycopy(in, inOff, scratch, 0, len);
        return scratch;
    }

    @Override
    public final void destroy() {
        destroyed = true;
        Bytes.wipe(scratch);
        wipeState();
    }

    /** Zeroes IVs, chaining values and buffers. */
    abstract void wipeState();
}
