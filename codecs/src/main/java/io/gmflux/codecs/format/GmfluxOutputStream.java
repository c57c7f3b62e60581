package io.gmflux.codecs.format;

import java.io.IOException;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.util.Objects;

/**
 * Encrypts everything written to it into a gmflux stream on the underlying stream, chunk by chunk;
 * memory is one chunk and one sealed chunk whatever the length. The header is written by the first
 * write or by {@link #close()}; {@code close()} seals the last chunk (so it must be called: a
 * stream that is never closed ends without its last chunk and reads as truncated) and closes the
 * underlying stream. {@link #flush()} flushes the underlying stream but cannot seal a partial chunk.
 *
 * <p>Not thread-safe.
 */
public final class GmfluxOutputStream extends OutputStream {

    private final OutputStream out;
    private final StreamEncryptor sealer;
    private final byte[] chunk;
    private final byte[] sealed;
    private int filled;
    private boolean headerWritten;
    private boolean closed;

    /**
     * @throws IOException wrapping a {@link GeneralSecurityException} if a recipient's KEM fails
     */
    public GmfluxOutputStream(OutputStream out, StreamSpec spec) throws IOException {
        this.out = Objects.requireNonNull(out, "out");
        try {
            this.sealer = StreamEncryptor.start(Objects.requireNonNull(spec, "spec"));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot start the stream: " + e.getMessage(), e);
        }
        this.chunk = new byte[sealer.chunkSize()];
        this.sealed = new byte[sealer.sealedLength(sealer.chunkSize())];
    }

    /** The header of this stream (available before anything is written). */
    public StreamHeader header() {
        return sealer.header();
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        ensureOpen();
        writeHeader();
        while (len > 0) {
            if (filled == chunk.length) {
                // More data follows a full chunk, so it is not the last one.
                emit(false);
            }
            int n = Math.min(len, chunk.length - filled);
            System.arraycopy(b, off, chunk, filled, n);
            filled += n;
            off += n;
            len -= n;
        }
    }

    private void emit(boolean last) throws IOException {
        int n = sealer.sealChunk(last, chunk, 0, filled, sealed, 0);
        out.write(sealed, 0, n);
        filled = 0;
    }

    private void writeHeader() throws IOException {
        if (!headerWritten) {
            out.write(sealer.header().encodedRef());
            headerWritten = true;
        }
    }

    @Override
    public void flush() throws IOException {
        ensureOpen();
        out.flush();
    }

    /** Seals the last chunk, writes it and closes the underlying stream. Idempotent. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream o = out) {
            writeHeader();
            emit(true);
            o.flush();
        } finally {
            java.util.Arrays.fill(chunk, (byte) 0);
            sealer.close();
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
    }
}
