package io.gmflux.codecs.format;

import io.gmflux.codecs.keyservice.KeyServiceException;
import java.io.IOException;

/**
 * A gmflux stream could not be read: its header is malformed or not for us, or a chunk failed
 * authentication. The subclass and the message say which. When one is thrown, no
 * unauthenticated plaintext has been released.
 *
 * <p>It is an {@link IOException} because streams are read through {@code InputStream}s and
 * channels, where that is the contract (as in Tink's streaming AEAD).
 */
public class StreamException extends IOException {

    private static final long serialVersionUID = 1L;

    public StreamException(String message) {
        super(message);
    }

    public StreamException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The header or the chunk layout breaks the format: bad magic, unknown version or suite, limits exceeded. */
    public static final class Malformed extends StreamException {
        private static final long serialVersionUID = 1L;

        public Malformed(String message) {
            super(message);
        }
    }

    /**
     * The header asks for more than the reader's {@link ReadLimits} allow (a longer header, more
     * PBKDF2 iterations), though the format would allow it. Refused before the excess is read or
     * computed.
     */
    public static final class LimitExceeded extends StreamException {
        private static final long serialVersionUID = 1L;

        public LimitExceeded(String message) {
            super(message);
        }
    }

    /** None of the stanzas could be unwrapped with the identities given. */
    public static final class NoMatchingRecipient extends StreamException {
        private static final long serialVersionUID = 1L;

        public NoMatchingRecipient(String message) {
            super(message);
        }
    }

    /**
     * No stanza opened and a key service could not answer for one of them: it is down, or the key
     * is missing or disabled. {@link #reason()} says which; the cause is the service's
     * {@link KeyServiceException}.
     */
    public static final class KeyServiceFailed extends StreamException {
        private static final long serialVersionUID = 1L;
        private final KeyServiceException.Reason reason;

        public KeyServiceFailed(KeyServiceException cause) {
            super("key service failed: " + cause.getMessage(), cause);
            this.reason = cause.reason();
        }

        public KeyServiceException.Reason reason() {
            return reason;
        }
    }

    /** The header MAC did not verify: a stanza or a field was swapped, added, dropped or edited. */
    public static final class BadHeaderMac extends StreamException {
        private static final long serialVersionUID = 1L;

        public BadHeaderMac() {
            super("bad header MAC");
        }
    }

    /** A chunk did not authenticate: modified, reordered, duplicated, or data after the last chunk. */
    public static final class ChunkAuthenticationFailed extends StreamException {
        private static final long serialVersionUID = 1L;
        private final long chunkIndex;

        public ChunkAuthenticationFailed(long chunkIndex) {
            super("chunk " + chunkIndex + " failed authentication");
            this.chunkIndex = chunkIndex;
        }

        /** The index of the failing chunk, counting from 0. */
        public long chunkIndex() {
            return chunkIndex;
        }
    }

    /** The stream ended before its last chunk (at a chunk boundary or inside the header). */
    public static final class Truncated extends StreamException {
        private static final long serialVersionUID = 1L;

        public Truncated(String message) {
            super(message);
        }
    }
}
