package io.gmflux.codecs.jca;

import java.util.Arrays;

/**
 * Detaches a cipher's input from an output range that overlaps it in the same array at a different
 * offset. The primitives work in place only at equal offsets; the JCA also allows shifted overlaps
 * (the output trailing the input while a mode holds bytes back, or {@code ByteBuffer}s over one
 * array). The input is copied into a buffer kept for the next time, so steady-state streaming does
 * not allocate, and wiped after each use. Not thread-safe (one per SPI object).
 */
final class OverlapScratch {

    private byte[] buffer = new byte[0];

    /**
     * Whether {@code [inOff, inOff + len)} and an output of up to {@code len + slack} bytes at
     * {@code outOff} share bytes of one array at different offsets.
     */
    static boolean overlapsShifted(byte[] in, int inOff, int len, byte[] out, int outOff, int slack) {
        return in == out && inOff != outOff && len > 0 && outOff < inOff + len && inOff < outOff + len + slack;
    }

    /** A copy of {@code in[off, off + len)} at offset 0 of the scratch buffer; valid until {@link #wipe}. */
    byte[] copy(byte[] in, int off, int len) {
        if (buffer.length < len) {
            buffer = new byte[Math.max(len, 2 * buffer.length)];
        }
        System.arraycopy(in, off, buffer, 0, len);
        return buffer;
    }

    /** Zeroes the first {@code len} bytes: they held message data. */
    void wipe(int len) {
        Arrays.fill(buffer, 0, Math.min(len, buffer.length), (byte) 0);
    }
}
