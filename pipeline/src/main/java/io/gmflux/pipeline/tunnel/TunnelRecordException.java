package io.gmflux.pipeline.tunnel;

/**
 * A record was malformed (bad type or length), failed authentication (a changed, replayed,
 * reordered, dropped or spliced record), or followed the peer's close_notify (codecs/PROXY.md §6, §8).
 */
public final class TunnelRecordException extends TunnelException {

    private static final long serialVersionUID = 1L;

    /** A failure with a one-line reason. */
    public TunnelRecordException(String message) {
        super(message);
    }

    /** A failure with a one-line reason and its cause. */
    public TunnelRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
