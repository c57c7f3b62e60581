package io.gmflux.pipeline.tunnel;

/**
 * The handshake failed (codecs/PROXY.md §2-§4): malformed or unexpected message, unsupported
 * version, no common suite, key confirmation mismatch, timeout, or the connection ended first.
 */
public class TunnelHandshakeException extends TunnelException {

    private static final long serialVersionUID = 1L;

    /** A failure with a one-line reason. */
    public TunnelHandshakeException(String message) {
        super(message);
    }

    /** A failure with a one-line reason and its cause. */
    public TunnelHandshakeException(String message, Throwable cause) {
        super(message, cause);
    }
}
