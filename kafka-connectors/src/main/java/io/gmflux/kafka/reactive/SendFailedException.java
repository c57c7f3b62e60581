package io.gmflux.kafka.reactive;

/**
 * A record could not be sent (serialization, a broker error that retries did not cure, or a
 * timeout); ends the {@code Flux} of {@link GmfluxSender#send}. Records sent before it that the
 * broker acknowledged were emitted as {@link SendResult}s.
 */
public final class SendFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Object correlation;

    SendFailedException(Object correlation, Throwable cause) {
        super("send failed for " + correlation + ": " + cause, cause);
        this.correlation = correlation;
    }

    /** The item whose record failed. */
    public Object correlation() {
        return correlation;
    }
}
