package io.gmflux.codecs.format;

import io.gmflux.codecs.sm4.EngineChoice;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What to encrypt a stream to and how: recipients, suite, chunk size, and which SM4 engine seals
 * it (a local choice, not written to the stream: both engines produce the same bytes). Immutable and thread-safe;
 * build one with {@link #builder()} and reuse it for any number of streams (each draws its own file
 * key and salt).
 */
public final class StreamSpec {

    private final List<Recipient> recipients;
    private final Suite suite;
    private final int chunkSize;
    private final SecureRandom random;
    private final EngineChoice engine;

    private StreamSpec(Builder b) {
        this.engine = b.engine;
        this.recipients = List.copyOf(b.recipients);
        this.suite = b.suite;
        this.chunkSize = b.chunkSize;
        this.random = b.random;
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Recipient> recipients() {
        return recipients;
    }

    public Suite suite() {
        return suite;
    }

    public int chunkSize() {
        return chunkSize;
    }

    /** The SM4 engine the stream's chunks are sealed with; default {@link EngineChoice#AUTO}. */
    public EngineChoice engine() {
        return engine;
    }

    SecureRandom random() {
        return random;
    }

    /** Builds a {@link StreamSpec}; not thread-safe. */
    public static final class Builder {
        private final List<Recipient> recipients = new ArrayList<>();
        private Suite suite = Suite.SM4_GCM;
        private int chunkSize = StreamHeader.DEFAULT_CHUNK_SIZE;
        private SecureRandom random;
        private EngineChoice engine = EngineChoice.AUTO;

        private Builder() {
        }

        public Builder recipient(Recipient r) {
            recipients.add(Objects.requireNonNull(r, "recipient"));
            return this;
        }

        public Builder suite(Suite s) {
            suite = Objects.requireNonNull(s, "suite");
            return this;
        }

        /** Plaintext bytes per chunk, 4 KiB .. 4 MiB; default 64 KiB. */
        public Builder chunkSize(int bytes) {
            StreamHeader.checkChunkSize(bytes);
            chunkSize = bytes;
            return this;
        }

        /**
         * The SM4 engine (and GHASH) of the SM4 suites: {@link EngineChoice#CONSTANT_TIME} for a
         * writer that shares its CPU with untrusted code; default {@link EngineChoice#AUTO}
         * (constant-time where the Vector API engines run, faster there; the table engine elsewhere;
         * FORMAT.md §4 has the figures). The ZUC and AES suites ignore it.
         */
        public Builder engine(EngineChoice e) {
            engine = Objects.requireNonNull(e, "engine");
            return this;
        }

        /** The source of file keys, salts and encapsulations; default a new {@link SecureRandom}. */
        public Builder random(SecureRandom r) {
            random = Objects.requireNonNull(r, "random");
            return this;
        }

        /**
         * @throws IllegalArgumentException without recipients, with more than 1024, or with a
         *     passphrase beside other recipients
         */
        public StreamSpec build() {
            if (recipients.isEmpty()) {
                throw new IllegalArgumentException("a stream needs at least one recipient");
            }
            if (recipients.size() > StreamHeader.MAX_STANZAS) {
                throw new IllegalArgumentException("at most " + StreamHeader.MAX_STANZAS + " recipients");
            }
            boolean passphrase = recipients.stream().anyMatch(r -> r.stanzaType() == RecipientStanza.TYPE_PASSPHRASE);
            if (passphrase && recipients.size() > 1) {
                throw new IllegalArgumentException("a passphrase must be a stream's only recipient");
            }
            if (random == null) {
                random = new SecureRandom();
            }
            return new StreamSpec(this);
        }
    }
}
