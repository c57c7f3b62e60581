package io.gmflux.examples.proxy;

import io.gmflux.pipeline.tunnel.TunnelConfig;
import io.gmflux.pipeline.tunnel.TunnelHandshakeHandler;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One side of the secure proxy (codecs/PROXY.md), startable in-process: {@link #start} binds and
 * returns at once; {@link #close()} shuts down gracefully.
 *
 * <pre>{@code
 * app --plain--> [client proxy] ==tunnel==> [server proxy] --plain--> service
 * }</pre>
 *
 * <p>Per connection: the tunnel channel runs {@link TunnelHandshakeHandler} and an idle timeout;
 * the server connects to the service only after the client authenticated, the client reads from its
 * application only after the server authenticated. Backpressure: a side stops reading while the
 * other is not writable. Half-close: the application's FIN becomes a close_notify and the peer's
 * close_notify becomes a FIN to the service (and back). An abrupt end or any tunnel failure resets
 * the plain connection and closes the tunnel without close_notify, so neither end mistakes a cut
 * stream for a complete one. Each connection's end is logged with its byte counts.
 *
 * <p>Thread-safe. Connections run on Netty event loops; no call blocks one: the SM2 handshake work runs
 * on a small pool of its own (one thread per core) unless the tunnel config names an executor.
 */
public final class TunnelProxy implements AutoCloseable {

    static final System.Logger LOG = System.getLogger("io.gmflux.proxy");

    private final ProxySettings settings;
    private final TunnelConfig tunnel;
    private final ExecutorService handshakes;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final ProxyCounters counters = new ProxyCounters();
    private final AtomicLong ids = new AtomicLong();
    private final java.util.Set<ProxyConnection> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Channel server;
    private volatile boolean closed;

    private TunnelProxy(ProxySettings settings) throws InterruptedException {
        this.settings = settings;
        // SM2 handshakes run on their own small pool, so a burst of new connections does not stall the
        // event loops that carry established ones (unless the config brings its own executor).
        if (settings.tunnel().handshakeExecutor() == null) {
            AtomicLong n = new AtomicLong();
            handshakes = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(), r -> {
                Thread t = new Thread(r, "gmflux-proxy-handshake-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
            tunnel = settings.tunnel().withHandshakeExecutor(handshakes);
        } else {
            handshakes = null;
            tunnel = settings.tunnel();
        }
        boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        workers = new MultiThreadIoEventLoopGroup(settings.workerThreads(), NioIoHandler.newFactory());
        try {
            server = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.AUTO_READ, !settings.tunnel().isClient())
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            accept(ch);
                        }
                    })
                    .bind(resolved(settings.listen())).sync().channel();
        } catch (RuntimeException | InterruptedException e) {
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (handshakes != null) {
                handshakes.shutdownNow();
            }
            throw e;
        }
        LOG.log(Level.INFO, "gmflux proxy {0} listening on {1}, {2} {3}, SM4 engine {4}",
                settings.tunnel().isClient() ? "client" : "server", address(),
                settings.tunnel().isClient() ? "tunnelling to" : "forwarding to",
                settings.target().getHostString() + ":" + settings.target().getPort(),
                settings.tunnel().engine().label());
    }

    /**
     * Binds and starts a proxy.
     *
     * @throws InterruptedException if interrupted while binding
     * @throws io.netty.channel.ChannelException (or a {@link java.net.BindException}) if the address cannot be bound
     */
    public static TunnelProxy start(ProxySettings settings) throws InterruptedException {
        return new TunnelProxy(java.util.Objects.requireNonNull(settings, "settings"));
    }

    /** A listen address as given on the command line is unresolved; binding needs it resolved. */
    private static InetSocketAddress resolved(InetSocketAddress a) {
        return a.isUnresolved() ? new InetSocketAddress(a.getHostString(), a.getPort()) : a;
    }

    /** The bound address (with the OS-chosen port when the settings asked for port 0). */
    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    /** This proxy's counters. */
    public ProxyCounters counters() {
        return counters;
    }

    ProxySettings settings() {
        return settings;
    }

    private void accept(SocketChannel ch) {
        if (closed) {
            ch.close();
            return;
        }
        counters.accepted.incrementAndGet();
        counters.active.incrementAndGet();
        connections.add(ch);
        ProxyConnection c = new ProxyConnection(this, ids.incrementAndGet(), ch);
        if (settings.tunnel().isClient()) {
            c.attachPlain(ch);
            connectTunnel(c, ch.eventLoop());
        } else {
            c.attachTunnel(addTunnelHandlers(ch));
        }
    }

    /** The tunnel side of a connection: idle timeout, then the handshake (which installs the record codec). */
    private Channel addTunnelHandlers(Channel ch) {
        long idle = settings.idleTimeout().toMillis();
        ch.pipeline().addLast(new IdleStateHandler(0, 0, idle, TimeUnit.MILLISECONDS));
        ch.pipeline().addLast(new TunnelHandshakeHandler(tunnel));
        return ch;
    }

    /** Client side: a tunnel to the proxy server for connection {@code c}, on the same event loop. */
    private void connectTunnel(ProxyConnection c, EventLoop loop) {
        outbound(loop).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                connections.add(ch);
                c.attachTunnel(addTunnelHandlers(ch));
            }
        }).connect(settings.target()).addListener(f -> {
            if (!f.isSuccess()) {
                c.fail("cannot reach the proxy server " + settings.target(), f.cause());
            }
        });
    }

    /** Server side: the service connection for authenticated connection {@code c}. */
    void connectService(ProxyConnection c, EventLoop loop) {
        outbound(loop).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                connections.add(ch);
                c.attachPlain(ch);
            }
        }).connect(settings.target()).addListener(f -> {
            if (f.isSuccess()) {
                c.serviceConnected();
            } else {
                c.fail("cannot reach the service " + settings.target(), f.cause());
            }
        });
    }

    private static Bootstrap outbound(EventLoop loop) {
        return new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000);
    }

    void connectionStarted(ProxyConnection c) {
        live.add(c);
    }

    void connectionEnded(ProxyConnection c) {
        live.remove(c);
        counters.active.decrementAndGet();
    }

    /**
     * Stops accepting, lets open connections finish for the shutdown grace, then closes the rest
     * (with close_notify) and stops the event loops. Idempotent; blocks the caller until done, so
     * never call it on an event loop.
     */
    @Override
    public void close() throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        server.close().sync();
        long deadline = System.nanoTime() + settings.shutdownGrace().toNanos();
        while (counters.active() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        for (ProxyConnection c : live) {
            c.shutdown();
        }
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (counters.active() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        connections.close().await(5, TimeUnit.SECONDS);
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        if (handshakes != null) {
            handshakes.shutdownNow();
        }
        LOG.log(Level.INFO, "gmflux proxy on {0} stopped: {1}", settings.listen(), counters);
    }
}
