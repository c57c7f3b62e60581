package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.EngineChoice;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;

/**
 * One stream being sealed (FORMAT.md): draws the file key and salt, writes the header, then seals
 * chunks in order, keeping the counter and the last-chunk rules. The one implementation of the
 * chunk logic that the blocking {@link GmfluxOutputStream} and the Reactor operators drive.
 *
 * <p>Not thread-safe. {@link #close()} wipes the keys.
 */
public final class StreamEncryptor implements AutoCloseable {

    private final StreamHeader header;
    private final ChunkCipher cipher;
    /** {@code payload_key || nonce_prefix}, kept to key the ciphers of {@link #newChunkSealer()}; wiped by close. */
    private final byte[] payload;
    private final EngineChoice engine;
    private long index;
    private boolean finished;
    private volatile boolean closed;

    private StreamEncryptor(StreamHeader header, byte[] payload, EngineChoice engine) {
        this.header = header;
        this.payload = payload.clone();
        this.engine = engine;
        this.cipher = newCipher(header.suite(), payload, engine);
    }

    /**
     * Starts a stream: a fresh file key and salt, one stanza per recipient, the header MAC.
     *
     * @throws GeneralSecurityException if a recipient's KEM fails
     */
    public static StreamEncryptor start(StreamSpec spec) throws GeneralSecurityException {
        byte[] fileKey = new byte[StreamKeys.FILE_KEY_LENGTH];
        byte[] salt = new byte[StreamHeader.SALT_LENGTH];
        spec.random().nextBytes(fileKey);
        spec.random().nextBytes(salt);
        byte[] headerKey = null;
        byte[] payload = null;
        try {
            List<RecipientStanza> stanzas = new ArrayList<>(spec.recipients().size());
            for (Recipient r : spec.recipients()) {
                stanzas.add(r.wrap(fileKey, salt, spec.random()));
            }
            headerKey = StreamKeys.headerKey(fileKey, salt);
            StreamHeader header = StreamHeader.create(spec.suite(), spec.chunkSize(), salt, stanzas, headerKey);
            payload = StreamKeys.payload(fileKey, salt, spec.suite());
            return new StreamEncryptor(header, payload, spec.engine());
        } finally {
            Bytes.wipe(fileKey);
            Bytes.wipe(headerKey);
            Bytes.wipe(payload);
        }
    }

    static ChunkCipher newCipher(Suite suite, byte[] payload, EngineChoice engine) {
        int lk = suite.keyLength();
        byte[] key = java.util.Arrays.copyOf(payload, lk);
        byte[] prefix = java.util.Arrays.copyOfRange(payload, lk, lk + StreamKeys.NONCE_PREFIX_LENGTH);
        try {
            return suite.newChunkCipher(key, prefix, engine);
        } finally {
            Bytes.wipe(key);
        }
    }

    /** The header to write before the first chunk. */
    public StreamHeader header() {
        return header;
    }

    /** The SM4 engine the chunks are sealed with. */
    public EngineChoice engine() {
        return engine;
    }

    /** Plaintext bytes per chunk. */
    public int chunkSize() {
        return header.chunkSize();
    }

    /** The size of a sealed chunk holding {@code plaintextLength} bytes. */
    public int sealedLength(int plaintextLength) {
        return plaintextLength + header.suite().tagLength();
    }

    /** Chunks sealed so far. */
    public long chunksSealed() {
        return index;
    }

    /**
     * Seals the next chunk into {@code out[outOff, outOff + sealedLength(len))}.
     *
     * @param last whether this is the stream's last chunk; a chunk that is not last holds exactly
     *     {@link #chunkSize()} bytes; the last holds 1..chunkSize bytes, or 0 if it is the only one
     * @return the number of bytes written
     * @throws IllegalStateException after the last chunk, or at 2^32 chunks
     * @throws IllegalArgumentException if {@code len} breaks the chunk-size rules
     */
    public int sealChunk(boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, sealedLength(len), "out");
        ChunkClaim c = claimChunk(last, len);
        c.use(this);
        return cipher.seal(c.index(), last, in, inOff, len, out, outOff);
    }

    /**
     * Takes the next chunk's place in the stream, checking the rules {@link #sealChunk} checks and
     * advancing the counter, without sealing: a {@link ChunkSealer} seals it, possibly on another
     * thread. {@code sealChunk} is {@code claimChunk} followed by sealing on this thread.
     *
     * @throws IllegalStateException after the last chunk, or at 2^32 chunks
     * @throws IllegalArgumentException if {@code len} breaks the chunk-size rules
     */
    public ChunkClaim claimChunk(boolean last, int len) {
        if (finished) {
            throw new IllegalStateException("the last chunk has already been sealed");
        }
        if (index >= StreamDecryptor.MAX_CHUNKS) {
            throw new IllegalStateException("a stream holds at most 2^32 chunks");
        }
        int chunk = header.chunkSize();
        if (last ? (len < 0 || len > chunk || (len == 0 && index > 0)) : len != chunk) {
            throw new IllegalArgumentException("chunk " + index + (last ? " (last)" : "") + " cannot hold " + len
                    + " bytes with chunk size " + chunk);
        }
        ChunkClaim c = new ChunkClaim(this, index, last, len);
        index++;
        finished = last;
        return c;
    }

    /**
     * A sealer of claimed chunks with its own cipher state under this stream's payload key, for one
     * thread (a pool of them lets chunks be sealed in parallel). Creating one is thread-safe.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public ChunkSealer newChunkSealer() {
        synchronized (payload) {
            if (closed) {
                throw new IllegalStateException("the stream is closed");
            }
            return new ChunkSealer(this, newCipher(header.suite(), payload, engine));
        }
    }

    /**
     * Seals chunks claimed from one {@link StreamEncryptor}. Not thread-safe (one per thread);
     * {@link #close()} wipes its keys.
     */
    public static final class ChunkSealer implements AutoCloseable {
        private final StreamEncryptor stream;
        private final ChunkCipher cipher;
        private final int tag;

        private ChunkSealer(StreamEncryptor stream, ChunkCipher cipher) {
            this.stream = stream;
            this.cipher = cipher;
            this.tag = stream.header.suite().tagLength();
        }

        /**
         * Seals the claimed chunk {@code in[inOff, inOff + claim.length())} into
         * {@code out[outOff, outOff + claim.length() + tag)}; the two ranges may be the same
         * (in place, the tag written after the plaintext) but must not otherwise overlap.
         *
         * @return the number of bytes written
         * @throws IllegalStateException if the claim was used before
         * @throws IllegalArgumentException if it belongs to another stream
         */
        public int seal(ChunkClaim claim, byte[] in, int inOff, byte[] out, int outOff) {
            int len = claim.length();
            Bytes.checkRange(in, inOff, len, "in");
            Bytes.checkRange(out, outOff, len + tag, "out");
            claim.use(stream);
            return cipher.seal(claim.index(), claim.isLast(), in, inOff, len, out, outOff);
        }

        @Override
        public void close() {
            cipher.destroy();
        }
    }

    /** Whether the last chunk has been sealed. */
    public boolean isFinished() {
        return finished;
    }

    /** Wipes the keys; sealers already made keep working until they are closed. Idempotent. */
    @Override
    public void close() {
        synchronized (payload) {
            closed = true;
            Bytes.wipe(payload);
        }
        cipher.destroy();
    }
}
