package io.gmflux.pipeline;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Cuts bytes arriving in buffers of any size into chunks of exactly {@code size} bytes, holding
 * back each full chunk until at least one more byte arrives, so that whoever takes a chunk knows
 * whether it is the stream's last. The same logic serves sealing (plaintext chunks) and opening
 * (sealed chunks).
 *
 * <p>Not thread-safe. Does not retain or release the buffers it reads; copies their bytes.
 */
final class ChunkAccumulator {

    /** Receives a chunk: {@code chunk[0, len)}, valid only during the call. */
    interface Sink {
        void accept(byte[] chunk, int len, boolean last) throws Exception;
    }

    private final byte[] buf;
    private int filled;

    ChunkAccumulator(int size) {
        this.buf = new byte[size];
    }

    /** Takes all readable bytes of {@code in} (its reader index moves to its writer index). */
    void add(ByteBuf in, Sink sink) throws Exception {
        while (in.isReadable()) {
            if (filled == buf.length) {
                sink.accept(buf, filled, false);
                filled = 0;
            }
            int n = Math.min(in.readableBytes(), buf.length - filled);
            in.readBytes(buf, filled, n);
            filled += n;
        }
    }

    /** Takes {@code in[off, off + len)}. */
    void add(byte[] in, int off, int len, Sink sink) throws Exception {
        while (len > 0) {
            if (filled == buf.length) {
                sink.accept(buf, filled, false);
                filled = 0;
            }
            int n = Math.min(len, buf.length - filled);
            System.arraycopy(in, off, buf, filled, n);
            filled += n;
            off += n;
            len -= n;
        }
    }

    /** Hands over what is held as the last chunk (possibly empty). */
    void finish(Sink sink) throws Exception {
        sink.accept(buf, filled, true);
        filled = 0;
    }

    /** Forgets and zeroes what is held. */
    void clear() {
        Arrays.fill(buf, (byte) 0);
        filled = 0;
    }
}
