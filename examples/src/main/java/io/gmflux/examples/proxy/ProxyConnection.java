package io.gmflux.examples.proxy;

import io.gmflux.pipeline.tunnel.TunnelCloseNotify;
import io.gmflux.pipeline.tunnel.TunnelCloseNotifyReceived;
import io.gmflux.pipeline.tunnel.TunnelException;
import io.gmflux.pipeline.tunnel.TunnelHandshakeCompleted;
import io.gmflux.pipeline.tunnel.TunnelRecordEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;

/**
 * One proxied connection: the plain channel (the application's in a client, the service's in a
 * server) and the tunnel channel, and the relay between them. All state is touched on the one event
 * loop both channels share, so nothing here is synchronized.
 */
final class ProxyConnection {

    /** Stands in the early queue for the peer's close_notify that arrived before the service connection. */
    private static final Object END_OF_INPUT = new Object();

    private final TunnelProxy proxy;
    private final long id;
    private final String origin;
    private final long startNanos = System.nanoTime();
    private final ArrayDeque<Object> early = new ArrayDeque<>();
    private Channel plain;
    private Channel tunnel;
    private boolean authenticated;
    private boolean plainReady;
    private boolean plainInputEnded;
    private boolean tunnelInputEnded;
    private boolean ended;
    private long up;
    private long down;

    ProxyConnection(TunnelProxy proxy, long id, Channel accepted) {
        this.proxy = proxy;
        this.id = id;
        this.origin = String.valueOf(accepted.remoteAddress());
        proxy.connectionStarted(this);
    }

    void attachPlain(Channel ch) {
        plain = ch;
        ch.pipeline().addLast(new Relay(false));
        if (proxy.settings().tunnel().isClient()) {
            plainReady = true;
        }
    }

    void attachTunnel(Channel ch) {
        if (ended) {
            // The application went away while the tunnel was still connecting.
            ch.close();
            return;
        }
        tunnel = ch;
        ch.pipeline().addLast(new Relay(true));
    }

    /** Server: the service connection is up; deliver what arrived meanwhile and resume reading the tunnel. */
    void serviceConnected() {
        if (ended) {
            plain.close();
            return;
        }
        plainReady = true;
        while (!early.isEmpty()) {
            Object o = early.poll();
            if (o == END_OF_INPUT) {
                endPlainOutput();
            } else {
                plain.write(o);
            }
        }
        plain.flush();
        tunnel.config().setAutoRead(plain.isWritable());
    }

    private void onHandshake(TunnelHandshakeCompleted e) {
        authenticated = true;
        TunnelProxy.LOG.log(Level.DEBUG, "connection #{0} from {1}: peer authenticated, suite {2}, SM4 engine {3}", id,
                origin, e.suite().label(), proxy.settings().tunnel().engine().label());
        if (proxy.settings().tunnel().isClient()) {
            plain.config().setAutoRead(true);
        } else {
            tunnel.config().setAutoRead(false);
            proxy.connectService(this, tunnel.eventLoop());
        }
    }

    /** The relay handler on one of the two channels. */
    private final class Relay extends ChannelInboundHandlerAdapter {
        private final boolean onTunnel;

        Relay(boolean onTunnel) {
            this.onTunnel = onTunnel;
        }

        private Channel other() {
            return onTunnel ? plain : tunnel;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (ended) {
                ReferenceCountUtil.release(msg);
                return;
            }
            int n = ((ByteBuf) msg).readableBytes();
            // "Up" runs from the client's application to the service: plain -> tunnel in a client proxy,
            // tunnel -> plain in a server proxy.
            if (onTunnel == proxy.settings().tunnel().isClient()) {
                down += n;
                proxy.counters().bytesDown.addAndGet(n);
            } else {
                up += n;
                proxy.counters().bytesUp.addAndGet(n);
            }
            if (onTunnel && !plainReady) {
                early.add(msg);
                return;
            }
            Channel to = other();
            to.write(msg, to.voidPromise());
            if (!to.isWritable()) {
                ctx.channel().config().setAutoRead(false);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            Channel to = other();
            if (to != null && (!onTunnel || plainReady)) {
                to.flush();
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            // This channel drained below its low-water mark: the other side may read again.
            Channel from = other();
            if (ctx.channel().isWritable() && from != null && !ended && authenticated
                    && !(onTunnel ? plainInputEnded : tunnelInputEnded) && (onTunnel || plainReady)) {
                from.config().setAutoRead(true);
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof TunnelHandshakeCompleted) {
                onHandshake((TunnelHandshakeCompleted) evt);
            } else if (evt instanceof TunnelCloseNotifyReceived) {
                tunnelInputEnded = true;
                if (plainReady) {
                    endPlainOutput();
                } else {
                    early.add(END_OF_INPUT);
                }
                maybeFinish();
            } else if (evt == ChannelInputShutdownEvent.INSTANCE && !onTunnel) {
                // The plain side's FIN: end the tunnel direction with close_notify (then TCP half-close).
                plainInputEnded = true;
                tunnel.writeAndFlush(TunnelCloseNotify.INSTANCE);
                maybeFinish();
            } else if (evt instanceof IdleStateEvent) {
                TunnelProxy.LOG.log(Level.INFO, "connection #{0} from {1}: idle timeout", id, origin);
                finish();
            }
            ReferenceCountUtil.release(evt);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(onTunnel ? "tunnel" : "plain side", cause);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (ended) {
                return;
            }
            if (onTunnel && !tunnelInputEnded) {
                // The decoder reports truncation (or the handshake its failure) through exceptionCaught first.
                fail("tunnel closed before close_notify", null);
            } else if (!onTunnel && !plainInputEnded) {
                fail("plain side reset", null);
            } else {
                finish();
            }
        }
    }

    /** The peer's close_notify: FIN to the plain side once what was written has gone. */
    private void endPlainOutput() {
        plain.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener((ChannelFutureListener) f -> {
            if (f.channel() instanceof DuplexChannel && f.channel().isActive()) {
                ((DuplexChannel) f.channel()).shutdownOutput();
            }
        });
    }

    private void maybeFinish() {
        if (plainInputEnded && tunnelInputEnded) {
            finish();
        }
    }

    /** Proxy shutdown: ends this connection cleanly (close_notify to the peer) on its event loop. */
    void shutdown() {
        Channel any = tunnel != null ? tunnel : plain;
        if (any != null) {
            any.eventLoop().execute(this::finish);
        }
    }

    /** A clean end (both directions done, idle timeout, or shutdown): flush and close both. */
    private void finish() {
        if (ended) {
            return;
        }
        ended = true;
        if (plain != null) {
            plain.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        if (tunnel != null) {
            tunnel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        released(null);
    }

    /**
     * An error or an abrupt end: reset the plain side and close the tunnel without close_notify, so
     * both ends see the stream was cut (PROXY.md §8).
     */
    void fail(String what, Throwable cause) {
        if (ended) {
            return;
        }
        ended = true;
        proxy.counters().failed.incrementAndGet();
        if (plain != null) {
            if (plain.isActive()) {
                plain.config().setOption(ChannelOption.SO_LINGER, 0);
            }
            plain.close();
        }
        if (tunnel != null) {
            TunnelRecordEncoder enc = tunnel.pipeline().get(TunnelRecordEncoder.class);
            if (enc != null) {
                enc.abort();
            }
            tunnel.close();
        }
        String reason = what + (cause == null ? "" : ": " + (cause instanceof TunnelException
                ? cause.getClass().getSimpleName() + ": " + cause.getMessage() : cause.toString()));
        released(reason);
    }

    private void released(String failure) {
        // Records that arrived for a service connection that never came up.
        while (!early.isEmpty()) {
            ReferenceCountUtil.release(early.poll());
        }
        proxy.connectionEnded(this);
        long ms = (System.nanoTime() - startNanos) / 1_000_000;
        if (failure == null) {
            TunnelProxy.LOG.log(Level.INFO, "connection #{0} from {1} closed after {2} ms: up {3} bytes, down {4} bytes",
                    id, origin, ms, up, down);
        } else {
            TunnelProxy.LOG.log(Level.WARNING,
                    "connection #{0} from {1} failed after {2} ms ({3}): up {4} bytes, down {5} bytes", id, origin, ms,
                    failure, up, down);
        }
    }
}
