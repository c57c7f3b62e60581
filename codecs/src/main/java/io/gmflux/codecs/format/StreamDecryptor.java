package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.sm4.EngineChoice;
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

    /** Chunks a stream may have: the nonce's counter is 32 bits (FORMAT.md §3), chunk 2^32 would reuse chunk 0's nonce. */
    static final long MAX_CHUNKS = 1L << 32;
    /** Key-service stanzas a reader hands to its identities per header (FORMAT.md §5, reader limits). */
    static final int MAX_KEY_SERVICE_STANZAS = 4;

    private final StreamHeader header;
    private final ChunkCipher cipher;
    /** {@code payload_key || nonce_prefix}, kept to key the ciphers of {@link #newChunkOpener()}; wiped by close. */
    private final byte[] payload;
    private final EngineChoice engine;
    private final ChunkOpener own;
    private long index;
    private boolean finished;
    private boolean closed;
    /** Set by the first chunk that fails: nothing after it may be claimed (a caller that ignores an exception and reads on gets nothing more). */
    private volatile StreamException failure;

    private StreamDecryptor(StreamHeader header, byte[] payload, EngineChoice engine) {
        this.header = header;
        this.payload = payload.clone();
        this.engine = engine;
        this.cipher = StreamEncryptor.newCipher(header.suite(), payload, engine);
        this.own = new ChunkOpener(this, cipher);
    }

    /**
     * Unwraps the file key with the first identity that matches a stanza and verifies the header MAC.
     *
     * @throws StreamException.NoMatchingRecipient if no identity opens any stanza
     * @throws StreamException.BadHeaderMac if the header was altered
     * @throws StreamException.Malformed if a stanza addressed to an identity is malformed
     * @throws StreamException.KeyServiceFailed if no stanza opens and a key service could not
     *     answer for one (down, key missing or disabled)
     */
    public static StreamDecryptor open(StreamHeader header, Collection<? extends Identity> identities)
            throws StreamException {
        return open(header, identities, ReadLimits.FORMAT_MAXIMUM);
    }

    /**
     * As {@link #open(StreamHeader, Collection)} under a reader's caps: a passphrase stanza asking
     * for fewer than {@value PassphraseRecipient#MIN_ITERATIONS} PBKDF2 iterations is malformed,
     * and one asking for more than {@code limits.maxPbkdf2Iterations()} is refused; both before any
     * identity is tried.
     *
     * @throws StreamException.LimitExceeded if the passphrase stanza asks for more iterations than the cap
     */
    public static StreamDecryptor open(StreamHeader header, Collection<? extends Identity> identities,
            ReadLimits limits) throws StreamException {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(identities, "identities");
        Objects.requireNonNull(limits, "limits");
        boolean passphrase = header.stanzas().stream().anyMatch(s -> s.type() == RecipientStanza.TYPE_PASSPHRASE);
        if (passphrase && header.stanzas().size() > 1) {
            throw new StreamException.Malformed("malformed header: a passphrase stanza must be the only stanza");
        }
        if (passphrase) {
            checkIterations(header.stanzas().get(0), limits);
        }
        byte[] fileKey = null;
        KeyServiceException serviceFailure = null;
        int serviceStanzas = 0;
        try {
            search:
            for (RecipientStanza s : header.stanzas()) {
                if (s.type() == RecipientStanza.TYPE_KEY_SERVICE && ++serviceStanzas > MAX_KEY_SERVICE_STANZAS) {
                    continue; // each is a call to a remote service: a header cannot demand more
                }
                for (Identity id : identities) {
                    try {
                        fileKey = id.unwrap(s, header.saltRef());
                    } catch (KeyServiceException e) {
                        serviceFailure = serviceFailure == null ? e : serviceFailure;
                        continue; // another stanza may still open; reported if none does
                    } catch (GeneralSecurityException e) {
                        throw new StreamException.Malformed("malformed " + RecipientStanza.typeName(s.type())
                                + " stanza: " + e.getMessage());
                    }
                    if (fileKey != null) {
                        break search;
                    }
                }
            }
            if (fileKey == null && serviceFailure != null) {
                throw new StreamException.KeyServiceFailed(serviceFailure);
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
                return new StreamDecryptor(header, payload, limits.engine());
            } finally {
                Bytes.wipe(payload);
            }
        } finally {
            Bytes.wipe(fileKey);
        }
    }

    private static void checkIterations(RecipientStanza stanza, ReadLimits limits) throws StreamException {
        long n = PassphraseRecipient.iterationsOf(stanza);
        if (n < 0) {
            return; // the wrong length is reported by the passphrase identity, if one is tried
        }
        if (n < PassphraseRecipient.MIN_ITERATIONS || n > PassphraseRecipient.MAX_ITERATIONS) {
            throw new StreamException.Malformed("malformed passphrase stanza: " + n + " PBKDF2 iterations ("
                    + PassphraseRecipient.MIN_ITERATIONS + ".." + PassphraseRecipient.MAX_ITERATIONS + " allowed)");
        }
        if (n > limits.maxPbkdf2Iterations()) {
            throw new StreamException.LimitExceeded("passphrase stanza asks for " + n
                    + " PBKDF2 iterations, this reader's cap is " + limits.maxPbkdf2Iterations());
        }
    }

    /** The SM4 engine the chunks are opened with ({@link ReadLimits#engine()}). */
    public EngineChoice engine() {
        return engine;
    }

    public StreamHeader header() {
        return header;
    }

    /** The most bytes a sealed chunk occupies: chunk size plus tag. */
    public int maxSealedLength() {
        return header.chunkSize() + header.suite().tagLength();
    }

    /** Chunks claimed (by {@link #openChunk} or {@link #claimChunk}) so far. */
    public long chunksOpened() {
        return index;
    }

    /**
     * Whether the last chunk has been claimed. With {@link #openChunk} (claim and open in one) that
     * means opened: the stream is complete and authentic; a driver that opens claims elsewhere knows
     * that only once they all opened.
     */
    public boolean isFinished() {
        return finished;
    }

    /**
     * Opens the next chunk ({@code ciphertext || tag}, {@code len} bytes) into {@code out}; writes
     * nothing unless it authenticates. {@link #claimChunk} followed by opening on this thread.
     *
     * @param last whether the input ends after this chunk
     * @return the plaintext length
     * @throws StreamException.ChunkAuthenticationFailed if the chunk was modified, moved or duplicated
     * @throws StreamException.Truncated if the input ended after a chunk that is not the last
     * @throws StreamException.Malformed if data follows the last chunk, or a chunk has the wrong size
     */
    public int openChunk(boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) throws StreamException {
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, Math.max(0, len - header.suite().tagLength()), "out");
        return own.open(claimChunk(last, len), in, inOff, out, outOff);
    }

    /**
     * Takes the next chunk's place in the stream, checking the layout rules {@link #openChunk}
     * checks (sizes, truncation, data after the last chunk) and advancing the counter, without
     * opening it: a {@link ChunkOpener} opens it, possibly on another thread. The stream is
     * complete only once every claimed chunk has also opened.
     *
     * @param len the sealed chunk's length ({@code ciphertext || tag})
     * @throws StreamException.Truncated if the input ended after a chunk that is not the last
     * @throws StreamException.Malformed if data follows the last chunk, a chunk has the wrong size, or
     *     the stream goes past 2^32 chunks (the nonce's counter would wrap)
     * @throws StreamException (the base class) once any chunk of this stream failed to claim or open:
     *     nothing after a failure is ever released
     */
    public ChunkClaim claimChunk(boolean last, int len) throws StreamException {
        StreamException failed = failure;
        if (failed != null) {
            throw new StreamException("the stream failed before: " + failed.getMessage(), failed);
        }
        try {
            return claim(last, len);
        } catch (StreamException e) {
            failure = e;
            throw e;
        }
    }

    private ChunkClaim claim(boolean last, int len) throws StreamException {
        if (finished) {
            throw new StreamException.Malformed("malformed stream: data after the last chunk");
        }
        if (index >= MAX_CHUNKS) {
            // the nonce's u32 counter would wrap to chunk 0's nonce
            throw new StreamException.Malformed("malformed stream: more than 2^32 chunks");
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
        ChunkClaim c = new ChunkClaim(this, index, last, len);
        index++;
        finished = last;
        return c;
    }

    /**
     * An opener of claimed chunks with its own cipher state under this stream's payload key, for
     * one thread (a pool of them lets chunks be opened in parallel). Creating one is thread-safe.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public ChunkOpener newChunkOpener() {
        synchronized (payload) {
            if (closed) {
                throw new IllegalStateException("the stream is closed");
            }
            return new ChunkOpener(this, StreamEncryptor.newCipher(header.suite(), payload, engine));
        }
    }

    /**
     * Opens chunks claimed from one {@link StreamDecryptor}, releasing a chunk's plaintext only
     * after its tag verified. Not thread-safe (one per thread); {@link #close()} wipes its keys.
     */
    public static final class ChunkOpener implements AutoCloseable {
        private final StreamDecryptor stream;
        private final ChunkCipher cipher;
        private final int tag;

        private ChunkOpener(StreamDecryptor stream, ChunkCipher cipher) {
            this.stream = stream;
            this.cipher = cipher;
            this.tag = stream.header.suite().tagLength();
        }

        /**
         * Opens the claimed chunk {@code in[inOff, inOff + claim.length())} into
         * {@code out[outOff, outOff + claim.length() - tag)}; writes nothing there unless it
         * authenticates. The ranges must not overlap.
         *
         * @return the plaintext length
         * @throws StreamException.ChunkAuthenticationFailed if the chunk was modified, moved or duplicated
         * @throws StreamException.Truncated if it was sealed as not last but the input ended after it
         * @throws StreamException.Malformed if it was sealed as last but data follows it
         * @throws IllegalStateException if the claim was used before
         */
        public int open(ChunkClaim claim, byte[] in, int inOff, byte[] out, int outOff) throws StreamException {
            int len = claim.length();
            Bytes.checkRange(in, inOff, len, "in");
            Bytes.checkRange(out, outOff, len - tag, "out");
            claim.use(stream);
            try {
                return cipher.open(claim.index(), claim.isLast(), in, inOff, len, out, outOff);
            } catch (AEADBadTagException e) {
                StreamException f = diagnose(claim, in, inOff, len);
                if (stream.failure == null) {
                    stream.failure = f;
                }
                throw f;
            }
        }

        /**
         * Tells truncation and extension apart from tampering by trying the other last-flag into a
         * scratch buffer that is wiped and never released.
         */
        private StreamException diagnose(ChunkClaim claim, byte[] in, int inOff, int len) {
            byte[] scratch = new byte[len];
            long i = claim.index();
            try {
                cipher.open(i, !claim.isLast(), in, inOff, len, scratch, 0);
                return claim.isLast()
                        ? new StreamException.Truncated("stream truncated after chunk " + i)
                        : new StreamException.Malformed("malformed stream: data after the last chunk " + i);
            } catch (AEADBadTagException e) {
                return new StreamException.ChunkAuthenticationFailed(i);
            } finally {
                Bytes.wipe(scratch);
            }
        }

        @Override
        public void close() {
            cipher.destroy();
        }
    }

    /** Wipes the keys; openers already made keep working until they are closed. Idempotent. */
    @Override
    public void close() {
        synchronized (payload) {
            closed = true;
            Bytes.wipe(payload);
        }
        cipher.destroy();
    }
}
