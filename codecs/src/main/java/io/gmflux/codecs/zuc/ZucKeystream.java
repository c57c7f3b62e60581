package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;

/**
 * What {@link Zuc128} and {@link Zuc256} share once their key and IV are loaded: the keystream
 * over one {@link ZucCore}, handed out as words or bytes and continued at byte granularity across
 * calls. Mutable, not thread-safe; {@link #destroy()} zeroes the state.
 */
abstract sealed class ZucKeystream permits Zuc128, Zuc256 {

    final ZucCore core = new ZucCore();
    private boolean destroyed;

    ZucKeystream() {
    }

    /** The next 32 keystream bits (z_1, z_2, ... of the standard), continuing the byte stream. */
    public int nextWord() {
        checkLive();
        return core.nextWord();
    }

    /**
     * Writes the next {@code len} keystream bytes to {@code out[off..off+len)}.
     *
     * @throws NullPointerException if {@code out} is null
     * @throws IndexOutOfBoundsException if the range does not fit
     */
    public void keystream(byte[] out, int off, int len) {
        Bytes.checkRange(out, off, len, "out");
        checkLive();
        core.keystream(out, off, len);
    }

    /**
     * {@code out[outOff+i] = in[inOff+i] ^ k_i} for the next {@code len} keystream bytes k_i. In place
     * ({@code in == out}, same offset) is supported; other overlaps are not.
     *
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IndexOutOfBoundsException if a range does not fit
     */
    public void xorKeystream(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len, "out");
        checkLive();
        core.xor(in, inOff, len, out, outOff);
    }

    /** Zeroes the cipher state and buffered keystream; later calls throw {@link IllegalStateException}. */
    public void destroy() {
        core.destroy();
        destroyed = true;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException(getClass().getSimpleName() + " has been destroyed");
        }
    }
}
