package io.gmflux.pipeline;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.StreamDecryptor;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The state of one subscription of {@link Gmflux#decrypt}: collects the header, opens it with the
 * identities, then opens chunks, handing out a chunk's plaintext only after its tag verified.
 * Methods are synchronized because a cancel may release the state from another thread.
 */
final class StreamOpening {

    private final List<? extends Identity> identities;
    private final ByteBufAllocator alloc;
    private byte[] header = new byte[256];
    private int headerFilled;
    private StreamDecryptor opener;
    private ChunkAccumulator chunks;
    private boolean closed;

    StreamOpening(List<? extends Identity> identities, ByteBufAllocator alloc) {
        this.identities = identities;
        this.alloc = alloc;
    }

    /** Opens whatever chunks {@code in} completes; releases {@code in}. */
    synchronized List<ByteBuf> onNext(ByteBuf in) throws Exception {
        List<ByteBuf> out = new ArrayList<>(2);
        try {
            if (closed) {
                throw new IllegalStateException("stream already closed");
            }
            if (opener == null) {
                collectHeader(in);
            }
            if (opener != null) {
                chunks.add(in, (c, len, last) -> addIfNotEmpty(out, open(c, len, last)));
            }
            return out;
        } catch (Exception | Error e) {
            out.forEach(ByteBuf::release);
            throw e;
        } finally {
            in.release();
        }
    }

    /** Opens the last chunk; fails if the input ended inside the header or without a last chunk. */
    synchronized List<ByteBuf> onComplete() throws Exception {
        if (opener == null) {
            StreamHeader.headerLength(header, 0, headerFilled); // reports garbage as such
            throw new StreamException.Truncated(headerFilled == 0 ? "stream truncated: empty input"
                    : "stream truncated: it ends inside the header");
        }
        List<ByteBuf> out = new ArrayList<>(1);
        try {
            chunks.finish((c, len, last) -> addIfNotEmpty(out, open(c, len, last)));
            return out;
        } catch (Exception | Error e) {
            out.forEach(ByteBuf::release);
            throw e;
        }
    }

    private void collectHeader(ByteBuf in) throws StreamException {
        while (in.isReadable() && opener == null) {
            if (headerFilled == header.length) {
                header = Arrays.copyOf(header, header.length * 2);
            }
            int take = Math.min(in.readableBytes(), header.length - headerFilled);
            in.getBytes(in.readerIndex(), header, headerFilled, take);
            int total = StreamHeader.headerLength(header, 0, headerFilled + take);
            if (total < 0) {
                headerFilled += take;
                in.skipBytes(take);
            } else {
                // consume only the header's bytes; the rest of {@code in} starts the first chunk
                in.skipBytes(total - headerFilled);
                headerFilled = total;
                opener = StreamDecryptor.open(StreamHeader.parse(header, 0, total), identities);
                chunks = new ChunkAccumulator(opener.maxSealedLength());
                header = null;
            }
        }
    }

    private static void addIfNotEmpty(List<ByteBuf> out, ByteBuf b) {
        if (b.isReadable()) {
            out.add(b);
        } else {
            b.release();
        }
    }

    private ByteBuf open(byte[] chunk, int len, boolean last) throws StreamException {
        ByteBuf b = alloc.heapBuffer(Math.max(1, len));
        try {
            int n = opener.openChunk(last, chunk, 0, len, b.array(), b.arrayOffset() + b.writerIndex());
            b.writerIndex(b.writerIndex() + n);
            return b;
        } catch (StreamException | RuntimeException e) {
            b.release();
            throw e;
        }
    }

    synchronized void close() {
        closed = true;
        if (chunks != null) {
            chunks.clear();
        }
        if (opener != null) {
            opener.close();
        }
    }
}
