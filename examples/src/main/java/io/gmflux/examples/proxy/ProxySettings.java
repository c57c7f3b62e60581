package io.gmflux.examples.proxy;

import io.gmflux.pipeline.tunnel.TunnelConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link TunnelProxy} does: listen where, send where, with which tunnel config, and its
 * timeouts. Immutable and thread-safe.
 *
 * <ul>
 *   <li>server: accepts tunnel connections on {@code listen}, forwards plaintext to {@code target}
 *   (the service);</li>
 *   <li>client: accepts plaintext connections on {@code listen}, tunnels them to {@code target}
 *   (a proxy server).</li>
 * </ul>
 */
public final class ProxySettings {

    private final TunnelConfig tunnel;
    private final InetSocketAddress listen;
    private final InetSocketAddress target;
    private final Duration idleTimeout;
    private final Duration shutdownGrace;
    private final int workerThreads;

    private ProxySettings(TunnelConfig tunnel, InetSocketAddress listen, InetSocketAddress target, Duration idleTimeout,
            Duration shutdownGrace, int workerThreads) {
        this.tunnel = tunnel;
        this.listen = listen;
        this.target = target;
        this.idleTimeout = idleTimeout;
        this.shutdownGrace = shutdownGrace;
        this.workerThreads = workerThreads;
    }

    /**
     * Settings for either side; the side follows {@link TunnelConfig#isClient()}. Port 0 in
     * {@code listen} lets the OS choose ({@link TunnelProxy#address()} tells which).
     */
    public static ProxySettings of(TunnelConfig tunnel, InetSocketAddress listen, InetSocketAddress target) {
        return new ProxySettings(Objects.requireNonNull(tunnel, "tunnel"), Objects.requireNonNull(listen, "listen"),
                Objects.requireNonNull(target, "target"), Duration.ofMinutes(5), Duration.ofSeconds(5), 0);
    }

    /** A connection with no traffic either way for this long is closed; default 5 minutes. */
    public ProxySettings withIdleTimeout(Duration timeout) {
        requirePositive(timeout, "idle timeout");
        return new ProxySettings(tunnel, listen, target, timeout, shutdownGrace, workerThreads);
    }

    /** On {@link TunnelProxy#close()}, how long open connections may finish before they are closed; default 5 s. */
    public ProxySettings withShutdownGrace(Duration grace) {
        Objects.requireNonNull(grace, "grace");
        if (grace.isNegative()) {
            throw new IllegalArgumentException("shutdown grace must not be negative, got " + grace);
        }
        return new ProxySettings(tunnel, listen, target, idleTimeout, grace, workerThreads);
    }

    /** Event-loop threads for connections; 0 (the default) means Netty's default (2 per core). */
    public ProxySettings withWorkerThreads(int threads) {
        if (threads < 0) {
            throw new IllegalArgumentException("worker threads must not be negative, got " + threads);
        }
        return new ProxySettings(tunnel, listen, target, idleTimeout, shutdownGrace, threads);
    }

    private static void requirePositive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, got " + d);
        }
    }

    /** The tunnel side, keys and suites; its {@link TunnelConfig#isClient()} decides the proxy's role. */
    public TunnelConfig tunnel() {
        return tunnel;
    }

    /** Where the proxy accepts connections (port 0: the OS chooses). */
    public InetSocketAddress listen() {
        return listen;
    }

    /** Where it connects: the service (server) or the proxy server (client). */
    public InetSocketAddress target() {
        return target;
    }

    /** Idle connections are closed (cleanly, with close_notify) after this long. */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    /** How long {@link TunnelProxy#close()} lets open connections finish. */
    public Duration shutdownGrace() {
        return shutdownGrace;
    }

    /** Event-loop threads for connections; 0 means Netty's default. */
    public int workerThreads() {
        return workerThreads;
    }

    /**
     * Parses {@code HOST:PORT}, {@code [IPv6]:PORT} or {@code :PORT} (all interfaces); unresolved
     * until used.
     */
    public static InetSocketAddress parseAddress(String text) {
        Objects.requireNonNull(text, "address");
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("address '" + text + "' is not HOST:PORT");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("address '" + text + "': bad port", e);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("address '" + text + "': port out of range");
        }
        return host.isEmpty() ? new InetSocketAddress(port) : InetSocketAddress.createUnresolved(host, port);
    }
}
