package io.gmflux.pipeline.tunnel;

/**
 * User event fired by {@link TunnelRecordDecoder} when the peer's authenticated close_notify
 * arrives: the peer will send nothing more (codecs/PROXY.md §8). The channel stays open for writing.
 */
public final class TunnelCloseNotifyReceived {

    /** The one instance. */
    public static final TunnelCloseNotifyReceived INSTANCE = new TunnelCloseNotifyReceived();

    private TunnelCloseNotifyReceived() {
    }

    @Override
    public String toString() {
        return "TunnelCloseNotifyReceived";
    }
}
