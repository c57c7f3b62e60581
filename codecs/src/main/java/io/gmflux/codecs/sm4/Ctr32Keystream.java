package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * The counter-mode keystream that GCM and CCM share: counter blocks whose first 12 bytes are fixed
 * and whose last 4 bytes are a 32-bit big-endian counter incremented modulo 2^32 ({@code inc32} of
 * NIST SP 800-38D §6.2; for CCM, SP 800-38C §A.3, the counter field {@code [i]_8q} never exceeds
 * 32 bits because the payload length is bounded by the array sizes and by {@code 2^(8q)}).
 *
 * <p>Counter blocks are encrypted {@value #CHUNK_BLOCKS} at a time (256 bytes) so that the engine
 * can interleave blocks; the fixed prefix is written once per message, only the counter words per
 * chunk. The keystream continues across calls at byte granularity: what a call leaves of the last
 * chunk is used by the next.
 *
 * <p>Not thread-safe. No allocation after construction. The keystream buffer holds secret
 * material; {@link #wipe()} zeroes it.
 */
final class Ctr32Keystream {

    static final int CHUNK_BLOCKS = 16;
    static final int CHUNK = CHUNK_BLOCKS * Sm4Engine.BLOCK_SIZE;

    private final Sm4Engine engine;
    private final byte[] counterBlocks = new byte[CHUNK];
    private final byte[] keystream = new byte[CHUNK];
    private int counter;
    private int pos;
    private int end;

    Ctr32Keystream(Sm4Engine engine) {
        this.engine = engine;
    }

    /**
     * Starts a keystream whose counter blocks are {@code prefix[prefixOff..+12) || [c]_32} for
     * {@code c = firstCounter, firstCounter + 1, ...} (mod 2^32).
     */
    void start(byte[] prefix, int prefixOff, int firstCounter) {
        for (int i = 0; i < CHUNK; i += Sm4Engine.BLOCK_SIZE) {
            System.arraycopy(prefix, prefixOff, counterBlocks, i, 12);
        }
        counter = firstCounter;
        pos = 0;
        end = 0;
    }

    /**
     * {@code out[outOff + i] = in[inOff + i] xor keystream} for {@code len} bytes, continuing the
     * keystream. In place ({@code in == out}, same offset) is allowed. Ranges are not checked here.
     */
    void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
        while (len > 0) {
            if (pos == end) {
                refill(Math.min(CHUNK_BLOCKS, (len + Sm4Engine.BLOCK_SIZE - 1) >>> 4));
            }
            int n = Math.min(len, end - pos);
            Bytes.xor(in, inOff, keystream, pos, out, outOff, n);
            pos += n;
            inOff += n;
            outOff += n;
            len -= n;
        }
    }

    /** Encrypts the next {@code blocks} counter blocks into the keystream buffer. */
    private void refill(int blocks) {
        byte[] cb = counterBlocks;
        int c = counter;
        for (int i = 0; i < blocks; i++) {
            Bytes.putIntBE(cb, i * Sm4Engine.BLOCK_SIZE + 12, c++);
        }
        counter = c;
        engine.encryptBlocks(cb, 0, keystream, 0, blocks);
        pos = 0;
        end = blocks * Sm4Engine.BLOCK_SIZE;
    }

    /** Zeroes the keystream and counter blocks. */
    void wipe() {
        Bytes.wipe(keystream);
        Bytes.wipe(counterBlocks);
        counter = 0;
        pos = 0;
        end = 0;
    }
}
