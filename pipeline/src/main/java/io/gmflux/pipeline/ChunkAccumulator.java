package io.gmflux.pipeline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Cuts bytes arriving in buffers of any size into chunks of exactly {@code size} bytes, each in a
 * buffer of its own (so that it can be sealed or opened on another thread while the next one
 * fills), holding back each full chunk until at least one more byte arrives, so that whoever takes
 * a chunk knows whether it is the stream's last. The same logic serves sealing (plaintext chunks,
 * with room for the tag so that they are sealed in place) and opening (sealed chunks).
 *
 * <p>Not thread-safe. Copies the bytes of the buffers it reads and neither retains nor releases
 * them. The chunk buffers it hands over belong to the sink; the one it holds is released by
 * {@link #clear()}.
 */
final class ChunkAccumulator {

    /** Receives a chunk in {@code chunk}'s readable bytes; takes ownership of the buffer. */
    interface Sink {
        void accept(ByteBuf chunk, boolean last) throws Exception;
    }

    private final ByteBufAllocator alloc;
    private final int size;
    private final int capacity;
    private ByteBuf current;

    /**
     * @param size bytes per chunk
     * @param spare room to leave after each chunk (the tag of a chunk sealed in place)
     */
    ChunkAccumulator(ByteBufAllocator alloc, int size, int spare) {
        this.alloc = alloc;
        this.size = size;
        this.capacity = size + spare;
    }

    /** Takes all readable bytes of {@code in} (its reader index moves to its writer index). */
    void add(ByteBuf in, Sink sink) throws Exception {
        while (in.isReadable()) {
            if (current == null) {
                current = alloc.heapBuffer(capacity, capacity);
            } else if (current.readableBytes() == size) {
                // more bytes follow a full chunk, so it is not the last
                ByteBuf full = current;
                current = null;
                sink.accept(full, false);
                continue;
            }
            int n = Math.min(in.readableBytes(), size - current.readableBytes());
            current.writeBytes(in, n);
        }
    }

    /** Hands over what is held as the last chunk (possibly empty). */
    void finish(Sink sink) throws Exception {
        ByteBuf last = current != null ? current : alloc.heapBuffer(capacity, capacity);
        current = null;
        sink.accept(last, true);
    }

    /** Releases what is held, zeroing it first (it may be plaintext). */
    void clear() {
        if (current != null) {
            current.setZero(0, current.capacity());
            current.release();
            current = null;
        }
    }
}
