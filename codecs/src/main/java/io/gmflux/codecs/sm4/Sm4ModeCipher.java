package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * What every non-AEAD mode object shares: its engine and direction, argument checks, the
 * destroyed state, and the copy of input that overlaps output in a way that would be
 * overwritten before it is read.
 *
 * <p>Not thread-safe (one message at a time), like every {@link Sm4Cipher}.
 */
abstract class Sm4ModeCipher implements Sm4Cipher {

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

    /** Copies {@code in[inOff, inOff + len)} into a reusable buffer (grown, never shrunk) and returns it. */
    final byte[] copyToScratch(byte[] in, int inOff, int len) {
        if (scratch == null || scratch.length < len) {
            Bytes.wipe(scratch);
            scratch = new byte[Math.max(len, 64)];
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
