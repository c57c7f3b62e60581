package io.gmflux.kafka;

import org.apache.kafka.common.errors.SerializationException;

/**
 * A record {@link GmfluxDeserializer} refuses, with the {@link Reason}; the message names the topic
 * and what failed. No plaintext of a refused record reaches the inner deserializer. Kafka's
 * consumer wraps it in a {@link org.apache.kafka.common.errors.RecordDeserializationException}
 * carrying the partition and offset.
 */
public class RecordRejectedException extends SerializationException {

    private static final long serialVersionUID = 1L;

    /** Why a record was refused. */
    public enum Reason {
        /** Not gmflux's record format (no {@code gmflux.dek} header, wrong version or layout). */
        NOT_GMFLUX,
        /** The {@code gmflux.dek} header breaks the format or this reader's limits (size, stanzas, duplicates). */
        MALFORMED_HEADER,
        /** The header's suite is not in {@code gmflux.suites}. */
        SUITE_NOT_ALLOWED,
        /** {@code gmflux.trusted.producers} is set and the header is unsigned, or signed by another key. */
        UNTRUSTED_PRODUCER,
        /** No configured private key opens the DEK. */
        NO_MATCHING_KEY,
        /**
         * The key service could not unwrap the DEK: it is down (after the configured retries), or the
         * key is missing or disabled; the cause is its {@link io.gmflux.codecs.keyservice.KeyServiceException}.
         */
        KEY_SERVICE_FAILED,
        /** The DEK unwrapped does not match the header's commitment (a header wrapping different DEKs). */
        DEK_COMMITMENT_MISMATCH,
        /** The value does not authenticate under the record key (value, header or topic changed). */
        FAILED_AUTHENTICATION,
        /** The value is bound to another record key than the record's (FORMAT.md §7.3). */
        KEY_MISMATCH
    }

    private final Reason reason;

    /** A refusal for {@code reason}; the message names the topic (or field) and what failed. */
    public RecordRejectedException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    RecordRejectedException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
