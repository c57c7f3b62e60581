package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import java.security.GeneralSecurityException;
import java.util.Collection;
import java.util.Objects;
import javax.crypto.AEADBadTagException;

/**
 * One stream being opened (FORMAT.md): finds a stanza for one of the identities, checks the header
 * MAC, then opens chunks in order, releasing a chunk's plaintext only after its tag verified. The
 * one implementation of the chunk logic that {@link GmfluxInputStream} and the Reactor operators
 * drive.
 *
 * <p>Not thread-safe. {@link #close()} wipes the keys.
 */
public final class StreamDecryptor implements AutoCloseable {

    private final StreamHeader header;
    private final ChunkCipher cipher;
    private long index;
    private boolean finished;

    private StreamDecryptor(StreamHeader header, ChunkCipher cipher) {
        this.header = header;
        this.cipher = cipher;
    }

    /**
     * Unwraps the file key with the first identity that matches a stanza and verifies the header MAC.
     *
     * @throws StreamException.NoMatchingRecipient if no identity opens any stanza
     * @throws StreamException.BadHeaderMac if the header was altered
     * @throws StreamException.Malformed if a stanza addressed to an identity is malformed
     */
    public static StreamDecryptor open(StreamHeader header, Collection<? extends Identity> identities)
            throws StreamException {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(identities, "identities");
        boolean passphrase = header.stanzas().stream().anyMatch(s -> s.type() == RecipientStanza.TYPE_PASSPHRASE);
        if (passphrase && header.stanzas().size() > 1) {
            throw new StreamException.Malformed("malformed header: a passphrase stanza must be the only stanza");
        }
        byte[] fileKey = null;
        try {
            search:
            for (RecipientStanza s : header.stanzas()) {
                for (Identity id : identities) {
                    try {
                        fileKey = id.unwrap(s, header.saltRef());
                    } catch (GeneralSecurityException e) {
                        throw new StreamException.Malformed("malformed " + RecipientStanza.typeName(s.type())
                                + " stanza: " + e.getMessage());
                    }
                    if (fileKey != null) {
                        break search;
                    }
                }
            }
            if (fileKey == null) {
                throw new StreamException.NoMatchingRecipient("no matching recipient: none of " + identities.size()
                        + " key(s) opens any of the " + header.stanzas().size() + " stanza(s)");
            }
            byte[] headerKey = StreamKeys.headerKey(fileKey, header.saltRef());
            boolean ok = header.macVerifies(headerKey);
            Bytes.wipe(headerKey);
            if (!ok) {
                throw new StreamException.BadHeaderMac();
            }
            byte[] payload = StreamKeys.payload(fileKey, header.saltRef(), header.suite());
            try {
                return new StreamDecryptor(header, StreamEncryptor.newCipher(header.suite(), payload));
            } finally {
                Bytes.wipe(payload);
            }
        } finally {
            Bytes.wipe(fileKey);
        }
    }

    public StreamHeader header() {
        return header;
    }

    /** The most bytes a sealed chunk occupies: chunk size plus tag. */
    public int maxSealedLength() {
        return header.chunkSize() + header.suite().tagLength();
    }

    /** Chunks opened so far. */
    public long chunksOpened() {
        return index;
    }

    /** Whether the last chunk has been opened: the stream is complete and authentic. */
    public boolean isFinished() {
        return finished;
    }

    /**
     * Opens the next chunk ({@code ciphertext || tag}, {@code len} bytes) into {@code out}; writes
     * nothing unless it authenticates.
     *
     * @param last whether the input ends after this chunk
     * @return the plaintext length
     * @throws StreamException.ChunkAuthenticationFailed if the chunk was modified, moved or duplicated
     * @throws StreamException.Truncated if the input ended after a chunk that is not the last
     * @throws StreamException.Malformed if data follows the last chunk, or a chunk has the wrong size
     */
    public int openChunk(boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) throws StreamException {
        if (finished) {
            throw new StreamException.Malformed("malformed stream: data after the last chunk");
        }
        int tag = header.suite().tagLength();
        if (last && len == 0) {
            throw new StreamException.Truncated(index == 0 ? "stream truncated: no chunk after the header"
                    : "stream truncated after chunk " + (index - 1));
        }
        if (len < tag || len > maxSealedLength() || (!last && len != maxSealedLength())) {
            throw new StreamException.Malformed("malformed stream: chunk " + index + " has " + len + " bytes");
        }
        if (last && len == tag && index > 0) {
            throw new StreamException.Malformed("malformed stream: empty last chunk " + index);
        }
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len - tag, "out");
        int n;
        try {
            n = cipher.open(index, last, in, inOff, len, out, outOff);
        } catch (AEADBadTagException e) {
            throw diagnose(last, in, inOff, len);
        }
        index++;
        finished = last;
        return n;
    }

    /**
     * Tells truncation and extension apart from tampering by trying the other last-flag into a
     * scratch buffer that is wiped and never released.
     */
    private StreamException diagnose(boolean last, byte[] in, int inOff, int len) {
        byte[] scratch = new byte[len];
        try {
            cipher.open(index, !last, in, inOff, len, scratch, 0);
            return last
                    ? new StreamException.Truncated("stream truncated after chunk " + index)
                    : new StreamException.Malformed("malformed stream: data after the last chunk " + index);
        } catch (AEADBadTagException e) {
            return new StreamException.ChunkAuthenticationFailed(index);
        } finally {
            Bytes.wipe(scratch);
        }
    }

    @Override
    public void close() {
        cipher.destroy();
    }
}
