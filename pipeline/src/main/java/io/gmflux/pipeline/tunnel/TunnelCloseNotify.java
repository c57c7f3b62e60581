package io.gmflux.pipeline.tunnel;

/**
 * Write {@link #INSTANCE} to a tunnel channel to end the outbound direction: the encoder seals a
 * close_notify (codecs/PROXY.md §8), and once it is written half-closes TCP output if the channel
 * supports it. Writes after it fail. The peer can still send.
 */
public final class TunnelCloseNotify {

    /** The one instance. */
    public static final TunnelCloseNotify INSTANCE = new TunnelCloseNotify();

    private TunnelCloseNotify() {
    }

    @Override
    public String toString() {
        return "TunnelCloseNotify";
    }
}
