package io.gmflux.pipeline.tunnel;

import java.io.IOException;

/**
 * A fatal tunnel failure (codecs/PROXY.md §8). The handler that detects it fires it through
 * {@code exceptionCaught} and closes the channel without a close_notify, so the peer sees truncation.
 */
public class TunnelException extends IOException {

    private static final long serialVersionUID = 1L;

    /** A failure with a one-line reason. */
    public TunnelException(String message) {
        super(message);
    }

    /** A failure with a one-line reason and its cause. */
    public TunnelException(String message, Throwable cause) {
        super(message, cause);
    }
}
