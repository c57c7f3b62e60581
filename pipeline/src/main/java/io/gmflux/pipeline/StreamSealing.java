package io.gmflux.pipeline;

import io.gmflux.codecs.format.ChunkClaim;
import io.gmflux.codecs.format.StreamEncryptor;
import io.gmflux.codecs.format.StreamSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of one subscription of {@link Gmflux#encrypt}, in three parts:
 * <ol>
 * <li>{@link #cut} / {@link #cutLast}, on the source's thread: cuts the input into chunks
 *     ({@link ChunkAccumulator}: copies with room for the tag, or, when slicing, retained slices
 *     of heap input buffers holding whole chunks) and releases its own reference to the input at
 *     once; each chunk becomes a {@link ChunkJob}.</li>
 * <li>{@link #step}, in order on the scheduler: draws a fresh {@link StreamEncryptor} (file key,
 *     salt, stanzas: the KEM work) on first use, emits the header, and claims each chunk's index
 *     and last flag from it.</li>
 * <li>each job, on any worker: seals its chunk in place with a sealer from the stream's pool.</li>
 * </ol>
 * Failures become a {@link Failure} in the output, after what came before them.
 */
final class StreamSealing extends SequentialStage {

    private final StreamSpec spec;
    private final ByteBufAllocator alloc;
    private final Set<ChunkJob> live = ConcurrentHashMap.newKeySet();
    private final ChunkAccumulator chunks;
    private boolean cutClosed;
    private StreamEncryptor sealer;
    private volatile CipherPool<StreamEncryptor.ChunkSealer> pool;
    private boolean failed;

    /** @param slicing whether whole chunks of heap input buffers are sealed from the input, not copied */
    StreamSealing(StreamSpec spec, ByteBufAllocator alloc, boolean slicing) {
        this.spec = spec;
        this.alloc = alloc;
        this.chunks = new ChunkAccumulator(alloc, spec.chunkSize(), spec.suite().tagLength(), slicing);
    }

    /** A job per chunk that {@code in} completes; releases {@code in}. On the source's thread. */
    List<Cut> cut(ByteBuf in) {
        List<Cut> out = new ArrayList<>(2);
        synchronized (chunks) {
            try {
                if (!cutClosed) {
                    chunks.add(in, (c, last, copy) -> out.add(new SealJob(c, last, copy)));
                }
            } catch (Exception | Error e) {
                out.add(new Failure(e));
                cutClosed = true;
            } finally {
                in.release();
            }
        }
        return out;
    }

    /** The job of the last chunk. */
    List<Cut> cutLast() {
        List<Cut> out = new ArrayList<>(1);
        synchronized (chunks) {
            try {
                if (!cutClosed) {
                    chunks.finish((c, last, copy) -> out.add(new SealJob(c, last, copy)));
                }
            } catch (Exception | Error e) {
                out.add(new Failure(e));
            }
            cutClosed = true;
        }
        return out;
    }

    @Override
    protected List<ChunkJob> doStep(List<Cut> items) {
        List<ChunkJob> out = new ArrayList<>(items.size() + 1);
        for (Cut o : items) {
            if (failed || isClosed()) {
                o.discard();
                continue;
            }
            if (o instanceof Failure f) {
                failed = true;
                out.add(ChunkJob.ready(f, live));
                continue;
            }
            SealJob j = (SealJob) o; // a sealing cut emits jobs and failures only
            try {
                if (sealer == null) {
                    start(out);
                }
                j.claim = sealer.claimChunk(j.isLast(), j.length());
                out.add(j);
            } catch (Exception | Error e) {
                j.discard();
                failed = true;
                out.add(ChunkJob.ready(new Failure(e), live));
            }
        }
        return out;
    }

    private void start(List<ChunkJob> out) throws Exception {
        StreamEncryptor s = StreamEncryptor.start(spec);
        sealer = s;
        pool = new CipherPool<>(s::newChunkSealer);
        byte[] h = s.header().encoded();
        out.add(ChunkJob.ready(new JobOutput.Chunk(alloc.heapBuffer(h.length).writeBytes(h)), live));
    }

    @Override
    protected void release() {
        if (pool != null) {
            pool.close();
        }
        if (sealer != null) {
            sealer.close();
        }
    }

    /** Closes all three parts: held chunk, live jobs, keys. Never waits for a KEM; callable from any thread. */
    void closeAll() {
        synchronized (chunks) {
            cutClosed = true;
            chunks.clear();
        }
        ChunkJob.discardAll(live);
        close();
    }

    /**
     * A plaintext chunk, sealed in place if it is the accumulator's copy (which has room for the
     * tag), else (a slice of an input buffer) into a new buffer.
     */
    private final class SealJob extends ChunkJob {
        private final boolean copy;
        volatile ChunkClaim claim;

        SealJob(ByteBuf chunk, boolean last, boolean copy) {
            super(chunk, last, live);
            this.copy = copy;
        }

        boolean isLast() {
            return last;
        }

        int length() {
            return in.readableBytes();
        }

        @Override
        protected ByteBuf work() {
            CipherPool<StreamEncryptor.ChunkSealer> p = pool;
            // The sealer first: on a stream closed under this job taking one fails, and a buffer
            // allocated before it would leak.
            StreamEncryptor.ChunkSealer s = p.take();
            try {
                int off = in.arrayOffset() + in.readerIndex();
                if (copy) {
                    int n = s.seal(claim, in.array(), off, in.array(), off);
                    in.writerIndex(in.readerIndex() + n);
                    return in;
                }
                ByteBuf sealed = alloc.heapBuffer(claim.length() + spec.suite().tagLength());
                try {
                    int n = s.seal(claim, in.array(), off, sealed.array(), sealed.arrayOffset() + sealed.writerIndex());
                    sealed.writerIndex(sealed.writerIndex() + n);
                    return sealed;
                } catch (RuntimeException | Error e) {
                    sealed.release();
                    throw e;
                }
            } finally {
                p.give(s);
            }
        }

        @Override
        protected void releaseInput() {
            if (copy) {
                in.setZero(0, in.capacity()); // plaintext in our own buffer; a slice is the source's memory
            }
            in.release();
        }
    }
}
