package io.gmflux.pipeline;

import io.gmflux.codecs.format.ChunkClaim;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.StreamDecryptor;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of one subscription of {@link Gmflux#decrypt}, in three parts:
 * <ol>
 * <li>{@link #cut} / {@link #cutLast}, on the source's thread: collects and parses the header
 *     (layout only, cheap), then cuts the rest into sealed chunks ({@link ChunkAccumulator}:
 *     copies, or, when slicing, retained slices of heap input buffers holding whole chunks) and
 *     releases its own reference to the input at once; each chunk becomes a {@link ChunkJob}.</li>
 * <li>{@link #step}, in order on the scheduler: opens the header with the identities (the KEM
 *     work, the header MAC) and claims each chunk's index and last flag, which catches truncation
 *     and data after the last chunk.</li>
 * <li>each job, on any worker: opens its chunk into a new buffer, handed out only if it
 *     authenticated.</li>
 * </ol>
 * Failures become a {@link Failure} in the output, after the chunks before them, so their
 * plaintext is still delivered in order and nothing after a failure is.
 */
final class StreamOpening extends SequentialStage {

    private final List<? extends Identity> identities;
    private final ReadLimits limits;
    private final ByteBufAllocator alloc;
    private final Set<ChunkJob> live = ConcurrentHashMap.newKeySet();
    private final Object cutLock = new Object();
    private final boolean slicing;
    // cutting (source thread)
    private byte[] header = new byte[256];
    private int headerFilled;
    private ChunkAccumulator chunks;
    private boolean cutClosed;
    // claiming (sequential stage)
    private StreamDecryptor opener;
    private volatile CipherPool<StreamDecryptor.ChunkOpener> pool;
    private int tag;
    private boolean failed;

    /** @param slicing whether whole sealed chunks of heap input buffers are opened from the input, not copied */
    StreamOpening(List<? extends Identity> identities, ReadLimits limits, ByteBufAllocator alloc, boolean slicing) {
        this.identities = identities;
        this.limits = limits;
        this.alloc = alloc;
        this.slicing = slicing;
    }

    /** The parsed header (once) and a job per sealed chunk that {@code in} completes; releases {@code in}. */
    List<Cut> cut(ByteBuf in) {
        List<Cut> out = new ArrayList<>(2);
        synchronized (cutLock) {
            try {
                if (!cutClosed) {
                    if (chunks == null) {
                        collectHeader(in, out);
                    }
                    if (chunks != null) {
                        chunks.add(in, (c, last, copy) -> out.add(new OpenJob(c, last)));
                    }
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

    /** The job of the last chunk; a failure if the input ended inside the header. */
    List<Cut> cutLast() {
        List<Cut> out = new ArrayList<>(1);
        synchronized (cutLock) {
            try {
                if (!cutClosed) {
                    if (chunks == null) {
                        StreamHeader.headerLength(header, 0, headerFilled, limits); // reports garbage as such
                        throw new StreamException.Truncated(headerFilled == 0 ? "stream truncated: empty input"
                                : "stream truncated: it ends inside the header");
                    }
                    chunks.finish((c, last, copy) -> out.add(new OpenJob(c, last)));
                }
            } catch (Exception | Error e) {
                out.add(new Failure(e));
            }
            cutClosed = true;
        }
        return out;
    }

    private void collectHeader(ByteBuf in, List<Cut> out) throws StreamException {
        while (in.isReadable() && chunks == null) {
            if (headerFilled == header.length) {
                header = Arrays.copyOf(header, header.length * 2);
            }
            int take = Math.min(in.readableBytes(), header.length - headerFilled);
            in.getBytes(in.readerIndex(), header, headerFilled, take);
            // refuses a header over the cap as soon as its declared lengths pass it, before buffering more
            int total = StreamHeader.headerLength(header, 0, headerFilled + take, limits);
            if (total < 0) {
                headerFilled += take;
                in.skipBytes(take);
            } else {
                // consume only the header's bytes; the rest of {@code in} starts the first chunk
                in.skipBytes(total - headerFilled);
                StreamHeader h = StreamHeader.parse(header, 0, total, limits);
                header = null;
                out.add(new Cut.Header(h));
                chunks = new ChunkAccumulator(alloc, h.chunkSize() + h.suite().tagLength(), 0, slicing);
            }
        }
    }

    @Override
    protected List<ChunkJob> doStep(List<Cut> items) {
        List<ChunkJob> out = new ArrayList<>(items.size());
        for (Cut o : items) {
            if (failed || isClosed()) {
                o.discard();
                continue;
            }
            try {
                if (o instanceof Failure f) {
                    failed = true;
                    out.add(ChunkJob.ready(f, live));
                } else if (o instanceof Cut.Header h) {
                    StreamDecryptor d = StreamDecryptor.open(h.header(), identities, limits);
                    opener = d;
                    tag = d.header().suite().tagLength();
                    pool = new CipherPool<>(d::newChunkOpener);
                } else {
                    OpenJob j = (OpenJob) o;
                    try {
                        j.claim = opener.claimChunk(j.isLast(), j.length());
                    } catch (Exception | Error e) {
                        j.discard();
                        throw e;
                    }
                    out.add(j);
                }
            } catch (Exception | Error e) {
                failed = true;
                out.add(ChunkJob.ready(new Failure(e), live));
            }
        }
        return out;
    }

    @Override
    protected void release() {
        if (pool != null) {
            pool.close();
        }
        if (opener != null) {
            opener.close();
        }
    }

    /** Closes all three parts: held bytes, live jobs, keys. Never waits for a KEM; callable from any thread. */
    void closeAll() {
        synchronized (cutLock) {
            cutClosed = true;
            if (chunks != null) {
                chunks.clear();
            }
        }
        ChunkJob.discardAll(live);
        close();
    }

    /** A sealed chunk, opened into a new buffer. */
    private final class OpenJob extends ChunkJob {
        volatile ChunkClaim claim;

        OpenJob(ByteBuf chunk, boolean last) {
            super(chunk, last, live);
        }

        boolean isLast() {
            return last;
        }

        int length() {
            return in.readableBytes();
        }

        @Override
        protected ByteBuf work() throws StreamException {
            CipherPool<StreamDecryptor.ChunkOpener> p = pool;
            int len = claim.length() - tag;
            // The opener first: on a stream closed under this job (an error or a cancel elsewhere)
            // taking one fails, and a buffer allocated before it would leak.
            StreamDecryptor.ChunkOpener o = p.take();
            try {
                ByteBuf plain = alloc.heapBuffer(Math.max(1, len));
                try {
                    int n = o.open(claim, in.array(), in.arrayOffset() + in.readerIndex(), plain.array(),
                            plain.arrayOffset() + plain.writerIndex());
                    plain.writerIndex(plain.writerIndex() + n);
                    return plain;
                } catch (StreamException | RuntimeException | Error e) {
                    plain.release();
                    throw e;
                }
            } finally {
                p.give(o);
            }
        }
    }
}
