package io.gmflux.pipeline.tunnel;

/** The peer's stream ended (TCP FIN or reset) before its close_notify (codecs/PROXY.md §8). */
public final class TunnelTruncatedException extends TunnelException {

    private static final long serialVersionUID = 1L;

    /** A truncation with a one-line reason. */
    public TunnelTruncatedException(String message) {
        super(message);
    }
}
