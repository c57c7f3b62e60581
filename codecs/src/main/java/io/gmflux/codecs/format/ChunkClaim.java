package io.gmflux.codecs.format;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One chunk's place in a stream, handed out in order by {@link StreamEncryptor#claimChunk} or
 * {@link StreamDecryptor#claimChunk} after the chunk-layout rules of FORMAT.md §3 were checked
 * there, and sealed or opened once, on any thread, by a {@link StreamEncryptor.ChunkSealer} or
 * {@link StreamDecryptor.ChunkOpener}. Separating the two lets a driver seal or open chunks in
 * parallel while the counter and the last-chunk flag stay in the one sequential place.
 *
 * <p>Thread-safe; a claim can be used exactly once (a second use would reuse a nonce).
 */
public final class ChunkClaim {

    private final Object stream;
    private final long index;
    private final boolean last;
    private final int length;
    private final AtomicBoolean used = new AtomicBoolean();

    ChunkClaim(Object stream, long index, boolean last, int length) {
        this.stream = stream;
        this.index = index;
        this.last = last;
        this.length = length;
    }

    /** The chunk's index, counting from 0. */
    public long index() {
        return index;
    }

    /** Whether it is the stream's last chunk. */
    public boolean isLast() {
        return last;
    }

    /** The input length the claim was made for: plaintext when sealing, sealed bytes when opening. */
    public int length() {
        return length;
    }

    /** Marks the claim used; fails if it was, or if it belongs to another stream. */
    void use(Object owner) {
        if (owner != stream) {
            throw new IllegalArgumentException("chunk " + index + " was claimed from another stream");
        }
        if (!used.compareAndSet(false, true)) {
            throw new IllegalStateException("chunk " + index + " has already been sealed or opened");
        }
    }

    @Override
    public String toString() {
        return "ChunkClaim[" + index + (last ? ", last" : "") + ", " + length + " bytes]";
    }
}
