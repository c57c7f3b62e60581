package io.gmflux.pipeline;

import io.gmflux.codecs.format.StreamEncryptor;
import io.gmflux.codecs.format.StreamSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;

/**
 * The state of one subscription of {@link Gmflux#encrypt}: a fresh {@link StreamEncryptor} (file
 * key, salt, stanzas) drawn on first use, and the chunk accumulator. Methods are synchronized
 * because a cancel may release the state from another thread while a chunk is being sealed.
 */
final class StreamSealing {

    private final StreamSpec spec;
    private final ByteBufAllocator alloc;
    private StreamEncryptor sealer;
    private ChunkAccumulator chunks;
    private boolean headerSent;
    private boolean closed;

    StreamSealing(StreamSpec spec, ByteBufAllocator alloc) {
        this.spec = spec;
        this.alloc = alloc;
    }

    /** Seals whatever chunks {@code in} completes; releases {@code in}. */
    synchronized List<ByteBuf> onNext(ByteBuf in) throws Exception {
        List<ByteBuf> out = new ArrayList<>(2);
        try {
            ensureStarted(out);
            chunks.add(in, (c, len, last) -> out.add(seal(c, len, last)));
            return out;
        } catch (Exception | Error e) {
            out.forEach(ByteBuf::release);
            throw e;
        } finally {
            in.release();
        }
    }

    /** Seals the last chunk (and emits the header if nothing came before). */
    synchronized List<ByteBuf> onComplete() throws Exception {
        List<ByteBuf> out = new ArrayList<>(2);
        try {
            ensureStarted(out);
            chunks.finish((c, len, last) -> out.add(seal(c, len, last)));
            return out;
        } catch (Exception | Error e) {
            out.forEach(ByteBuf::release);
            throw e;
        }
    }

    private void ensureStarted(List<ByteBuf> out) throws GeneralSecurityException {
        if (closed) {
            throw new IllegalStateException("stream already closed");
        }
        if (sealer == null) {
            sealer = StreamEncryptor.start(spec);
            chunks = new ChunkAccumulator(sealer.chunkSize());
        }
        if (!headerSent) {
            byte[] h = sealer.header().encoded();
            out.add(alloc.heapBuffer(h.length).writeBytes(h));
            headerSent = true;
        }
    }

    private ByteBuf seal(byte[] chunk, int len, boolean last) {
        int n = sealer.sealedLength(len);
        ByteBuf b = alloc.heapBuffer(n);
        try {
            int w = sealer.sealChunk(last, chunk, 0, len, b.array(), b.arrayOffset() + b.writerIndex());
            b.writerIndex(b.writerIndex() + w);
            return b;
        } catch (RuntimeException e) {
            b.release();
            throw e;
        }
    }

    synchronized void close() {
        closed = true;
        if (chunks != null) {
            chunks.clear();
        }
        if (sealer != null) {
            sealer.close();
        }
    }
}
