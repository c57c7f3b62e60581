package io.gmflux.pipeline.tunnel;

/**
 * The client's static key is not among the server's trusted keys, or the client expects a server
 * key other than the server's own (codecs/PROXY.md §2).
 */
public final class TunnelUntrustedPeerException extends TunnelHandshakeException {

    private static final long serialVersionUID = 1L;

    /** A refusal with a one-line reason. */
    public TunnelUntrustedPeerException(String message) {
        super(message);
    }
}
