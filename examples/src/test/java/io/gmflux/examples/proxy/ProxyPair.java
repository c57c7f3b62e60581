package io.gmflux.examples.proxy;

import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.pipeline.tunnel.TunnelConfig;
import java.net.InetSocketAddress;
import java.util.List;

/** A server proxy in front of {@code service} and a client proxy in front of it, both on 127.0.0.1 with OS-chosen ports. */
final class ProxyPair implements AutoCloseable {

    static final Sm2KeyPair CLIENT_KEY = Sm2KeyPair.generate();
    static final Sm2KeyPair SERVER_KEY = Sm2KeyPair.generate();

    final TunnelProxy server;
    final TunnelProxy client;

    ProxyPair(InetSocketAddress service) throws InterruptedException {
        this(service, CLIENT_KEY);
    }

    ProxyPair(InetSocketAddress service, Sm2KeyPair clientKey) throws InterruptedException {
        this(service, clientKey, java.time.Duration.ofSeconds(10));
    }

    /** With a longer handshake timeout, for many handshakes at once on a loaded machine. */
    ProxyPair(InetSocketAddress service, Sm2KeyPair clientKey, java.time.Duration handshakeTimeout)
            throws InterruptedException {
        this(ProxySettings.of(TunnelConfig.server(SERVER_KEY.privateKey(), List.of(CLIENT_KEY.publicKey()))
                        .withHandshakeTimeout(handshakeTimeout),
                new InetSocketAddress("127.0.0.1", 0), service).withShutdownGrace(java.time.Duration.ZERO),
                clientKey, null, handshakeTimeout);
    }

    ProxyPair(ProxySettings serverSettings, Sm2KeyPair clientKey,
            java.util.function.Function<InetSocketAddress, InetSocketAddress> tunnelVia) throws InterruptedException {
        this(serverSettings, clientKey, tunnelVia, java.time.Duration.ofSeconds(10));
    }

    /** With the client proxy connecting to {@code tunnelVia} (a man in the middle) instead of the server directly. */
    private ProxyPair(ProxySettings serverSettings, Sm2KeyPair clientKey,
            java.util.function.Function<InetSocketAddress, InetSocketAddress> tunnelVia, java.time.Duration handshakeTimeout)
            throws InterruptedException {
        server = TunnelProxy.start(serverSettings);
        InetSocketAddress target = tunnelVia == null ? server.address() : tunnelVia.apply(server.address());
        // the client offers what the server accepts (ZUC-128 is used only where both name it)
        client = TunnelProxy.start(ProxySettings.of(TunnelConfig.client(clientKey.privateKey(), SERVER_KEY.publicKey())
                        .withSuites(serverSettings.tunnel().suites().toArray(new io.gmflux.codecs.format.Suite[0]))
                        .withHandshakeTimeout(handshakeTimeout),
                new InetSocketAddress("127.0.0.1", 0), target).withShutdownGrace(java.time.Duration.ZERO));
    }

    /** Where applications connect. */
    InetSocketAddress entry() {
        return client.address();
    }

    /** Waits until both proxies report no open connection (or fails after 10 s). */
    void awaitIdle() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while ((client.counters().active() > 0 || server.counters().active() > 0) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        org.assertj.core.api.Assertions.assertThat(client.counters().active() + server.counters().active())
                .as("open connections (client %s; server %s)", client.counters(), server.counters()).isZero();
    }

    @Override
    public void close() throws InterruptedException {
        client.close();
        server.close();
    }
}
