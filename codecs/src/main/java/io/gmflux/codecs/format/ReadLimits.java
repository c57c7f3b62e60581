package io.gmflux.codecs.format;

import io.gmflux.codecs.sm4.EngineChoice;
import java.util.Objects;

/**
 * A stream reader's options: which SM4 engine opens the chunks ({@link #engine()}, default
 * {@link EngineChoice#AUTO}), and the caps it puts on what a header may demand before anything
 * in it has authenticated: the header's length (all of it is buffered before the header MAC can be checked) and the PBKDF2
 * iteration count of a passphrase stanza (all of that work is done before the MAC can be checked).
 * {@link #FORMAT_MAXIMUM}, the default of every reader, allows what the format allows (a header of
 * {@value StreamHeader#MAX_HEADER_LENGTH} bytes, about 16.8 MiB, and
 * {@value PassphraseRecipient#MAX_ITERATIONS} iterations, a few seconds of CPU); a reader facing
 * untrusted input sets lower caps. A header over a cap is refused with
 * {@link StreamException.LimitExceeded} as soon as its declared lengths exceed it (before the rest is
 * read), and a passphrase stanza over the cap before any PBKDF2 work.
 *
 * <p>What this does not bound: the chunk size (at most {@value StreamHeader#MAX_CHUNK_SIZE} bytes,
 * one sealed chunk is buffered at a time) and the KEM work of the other stanza types (one
 * decapsulation per stanza addressed to a key the reader holds).
 *
 * <p>Immutable and thread-safe.
 */
public final class ReadLimits {

    /** The shortest header cap accepted: the fixed part, one empty stanza and the MAC. */
    public static final int MIN_HEADER_LENGTH = StreamHeader.FIXED_LENGTH + 3 + StreamHeader.MAC_LENGTH;

    /** What the format allows: no cap below the format's own limits. */
    public static final ReadLimits FORMAT_MAXIMUM =
            new ReadLimits(StreamHeader.MAX_HEADER_LENGTH, PassphraseRecipient.MAX_ITERATIONS, EngineChoice.AUTO);

    private final int maxHeaderLength;
    private final int maxPbkdf2Iterations;
    private final EngineChoice engine;

    private ReadLimits(int maxHeaderLength, int maxPbkdf2Iterations, EngineChoice engine) {
        this.maxHeaderLength = maxHeaderLength;
        this.maxPbkdf2Iterations = maxPbkdf2Iterations;
        this.engine = engine;
    }

    /**
     * These limits with chunks opened on the SM4 engine {@code e} (GCM's GHASH follows it).
     * {@link EngineChoice#CONSTANT_TIME} for a reader that shares its CPU with untrusted code.
     */
    public ReadLimits withEngine(EngineChoice e) {
        return new ReadLimits(maxHeaderLength, maxPbkdf2Iterations, Objects.requireNonNull(e, "engine"));
    }

    /** The SM4 engine chunks are opened with. */
    public EngineChoice engine() {
        return engine;
    }

    /**
     * These limits with headers capped at {@code bytes}.
     *
     * @throws IllegalArgumentException unless {@value #MIN_HEADER_LENGTH} &lt;= bytes &lt;=
     *     {@value StreamHeader#MAX_HEADER_LENGTH}
     */
    public ReadLimits withMaxHeaderLength(int bytes) {
        if (bytes < MIN_HEADER_LENGTH || bytes > StreamHeader.MAX_HEADER_LENGTH) {
            throw new IllegalArgumentException("header cap must be in [" + MIN_HEADER_LENGTH + ", "
                    + StreamHeader.MAX_HEADER_LENGTH + "] bytes, got " + bytes);
        }
        return new ReadLimits(bytes, maxPbkdf2Iterations, engine);
    }

    /**
     * These limits with passphrase stanzas capped at {@code iterations} PBKDF2 iterations.
     *
     * @throws IllegalArgumentException unless {@value PassphraseRecipient#MIN_ITERATIONS} &lt;=
     *     iterations &lt;= {@value PassphraseRecipient#MAX_ITERATIONS}
     */
    public ReadLimits withMaxPbkdf2Iterations(int iterations) {
        if (iterations < PassphraseRecipient.MIN_ITERATIONS || iterations > PassphraseRecipient.MAX_ITERATIONS) {
            throw new IllegalArgumentException("PBKDF2 iteration cap must be in [" + PassphraseRecipient.MIN_ITERATIONS
                    + ", " + PassphraseRecipient.MAX_ITERATIONS + "], got " + iterations);
        }
        return new ReadLimits(maxHeaderLength, iterations, engine);
    }

    /** The longest header accepted, MAC included, in bytes. */
    public int maxHeaderLength() {
        return maxHeaderLength;
    }

    /** The most PBKDF2 iterations a passphrase stanza may ask for. */
    public int maxPbkdf2Iterations() {
        return maxPbkdf2Iterations;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReadLimits && ((ReadLimits) o).maxHeaderLength == maxHeaderLength
                && ((ReadLimits) o).maxPbkdf2Iterations == maxPbkdf2Iterations && ((ReadLimits) o).engine == engine;
    }

    @Override
    public int hashCode() {
        return (31 * maxHeaderLength + maxPbkdf2Iterations) * 31 + engine.hashCode();
    }

    @Override
    public String toString() {
        return "ReadLimits[header <= " + maxHeaderLength + " bytes, PBKDF2 <= " + maxPbkdf2Iterations + " iterations, engine "
                + engine.label() + "]";
    }
}
