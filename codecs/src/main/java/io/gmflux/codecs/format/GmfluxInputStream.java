package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Decrypts a gmflux stream read from the underlying stream. Plaintext is handed out one verified
 * chunk at a time: a read returns bytes only from chunks whose tags have verified, and a failing
 * chunk raises a {@link StreamException} (an {@code IOException}) before any of its bytes. End of
 * stream (-1) is reported only after the last chunk verified, so a truncated stream never looks
 * complete. Memory is about two sealed chunks.
 *
 * <p>Not thread-safe. Closing closes the underlying stream.
 */
public final class GmfluxInputStream extends InputStream {

    private final InputStream in;
    private final Collection<? extends Identity> identities;
    private final ReadLimits limits;
    private StreamDecryptor opener;
    /** Sealed bytes read ahead: a whole chunk plus one byte, to know whether a chunk is the last. */
    private byte[] sealed;
    private int sealedLen;
    private byte[] plain;
    private int plainPos;
    private int plainLen;
    private boolean closed;

    /** A reader with the format's own limits ({@link ReadLimits#FORMAT_MAXIMUM}). */
    public GmfluxInputStream(InputStream in, Collection<? extends Identity> identities) {
        this(in, identities, ReadLimits.FORMAT_MAXIMUM);
    }

    /** A reader that refuses headers beyond {@code limits} ({@link StreamException.LimitExceeded}). */
    public GmfluxInputStream(InputStream in, Collection<? extends Identity> identities, ReadLimits limits) {
        this.in = Objects.requireNonNull(in, "in");
        this.identities = List.copyOf(Objects.requireNonNull(identities, "identities"));
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** Reads and authenticates the header now (otherwise the first read does); returns it. */
    public StreamHeader header() throws IOException {
        ensureOpened();
        return opener.header();
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(b, "b").length);
        if (closed) {
            throw new IOException("stream closed");
        }
        if (len == 0) {
            return 0;
        }
        ensureOpened();
        while (plainPos == plainLen) {
            if (opener.isFinished()) {
                return -1;
            }
            nextChunk();
        }
        int n = Math.min(len, plainLen - plainPos);
        System.arraycopy(plain, plainPos, b, off, n);
        plainPos += n;
        return n;
    }

    @Override
    public int available() {
        return plainLen - plainPos;
    }

    private void ensureOpened() throws IOException {
        if (opener != null) {
            return;
        }
        StreamHeader header = StreamHeader.readFrom(in, limits);
        opener = StreamDecryptor.open(header, identities, limits);
        int max = opener.maxSealedLength();
        sealed = new byte[max + 1];
        plain = new byte[header.chunkSize()];
    }

    private void nextChunk() throws IOException {
        int max = opener.maxSealedLength();
        while (sealedLen < max + 1) {
            int r = in.read(sealed, sealedLen, max + 1 - sealedLen);
            if (r < 0) {
                break;
            }
            sealedLen += r;
        }
        boolean last = sealedLen <= max;
        int len = last ? sealedLen : max;
        plainLen = opener.openChunk(last, sealed, 0, len, plain, 0);
        plainPos = 0;
        // keep the look-ahead byte for the next chunk
        sealedLen -= len;
        System.arraycopy(sealed, len, sealed, 0, sealedLen);
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            in.close();
        } finally {
            if (plain != null) {
                Bytes.wipe(plain);
            }
            if (opener != null) {
                opener.close();
            }
        }
    }
}
