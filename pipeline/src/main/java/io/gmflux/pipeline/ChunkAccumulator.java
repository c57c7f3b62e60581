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
 * <p>A chunk is either a copy, in a buffer of the accumulator's own with {@code spare} bytes of
 * room after it, or, when slicing is on and a heap input buffer holds the whole chunk from a chunk
 * boundary, a retained slice of that input: no copy (the input is then kept, by reference count,
 * until the slice is released, so its source must not write into it after handing it over, which
 * is what passing a {@code ByteBuf} means).
 *
 * <p>Not thread-safe. Neither retains (but for slices) nor releases the buffers it reads. The
 * chunk buffers it hands over belong to the sink; the one it holds is released by {@link #clear()}.
 */
final class ChunkAccumulator {

    /** Receives a chunk in {@code chunk}'s readable bytes; takes ownership of the buffer. */
    interface Sink {
        /**
         * @param copy whether {@code chunk} is the accumulator's own copy (with the spare room
         *     after it, its memory free to overwrite), not a slice of an input buffer
         */
        void accept(ByteBuf chunk, boolean last, boolean copy) throws Exception;
    }

    private final ByteBufAllocator alloc;
    private final int size;
    private final int capacity;
    private final boolean slicing;
    private ByteBuf current;
    private boolean currentIsCopy;

    /**
     * @param size bytes per chunk
     * @param spare room to leave after each copied chunk (the tag of a chunk sealed in place)
     * @param slicing whether whole chunks of heap input buffers are kept as slices instead of copied
     */
    ChunkAccumulator(ByteBufAllocator alloc, int size, int spare, boolean slicing) {
        this.alloc = alloc;
        this.size = size;
        this.capacity = size + spare;
        this.slicing = slicing;
    }

    /** Takes all readable bytes of {@code in} (its reader index moves to its writer index). */
    void add(ByteBuf in, Sink sink) throws Exception {
        while (in.isReadable()) {
            if (current != null && current.readableBytes() == size) {
                // more bytes follow a full chunk, so it is not the last
                ByteBuf full = current;
                current = null;
                sink.accept(full, false, currentIsCopy);
            } else if (current == null && slicing && in.hasArray() && in.readableBytes() >= size) {
                current = in.readRetainedSlice(size);
                currentIsCopy = false;
            } else {
                if (current == null) {
                    current = alloc.heapBuffer(capacity, capacity);
                    currentIsCopy = true;
                }
                current.writeBytes(in, Math.min(in.readableBytes(), size - current.readableBytes()));
            }
        }
    }

    /** Hands over what is held as the last chunk (possibly empty). */
    void finish(Sink sink) throws Exception {
        if (current == null) {
            current = alloc.heapBuffer(capacity, capacity);
            currentIsCopy = true;
        }
        ByteBuf last = current;
        current = null;
        sink.accept(last, true, currentIsCopy);
    }

    /** Releases what is held, zeroing a copy first (it may be plaintext; a slice is its source's memory). */
    void clear() {
        if (current != null) {
            if (currentIsCopy) {
                current.setZero(0, current.capacity());
            }
            current.release();
            current = null;
        }
    }
}
