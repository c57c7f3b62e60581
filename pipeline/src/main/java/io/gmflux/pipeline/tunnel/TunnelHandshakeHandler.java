package io.gmflux.pipeline.tunnel;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the tunnel handshake of codecs/PROXY.md §2-§4 on a channel, then keys the record layer and
 * removes itself. The protocol is {@link TunnelHandshake}'s; this handler moves its frames, runs its
 * steps (on the handshake executor when one is configured), enforces the timeout and turns the
 * outcome into events.
 *
 * <pre>
 * client                                          server
 *   ClientHello  (suites, fp(P_B), fp(P_A), R_A)  -&gt;
 *                 &lt;-  ServerHello (suite, R_B, S_B, server_verify)
 *   ClientFinished (S_A, client_verify)           -&gt;
 *   records                                      &lt;-&gt;  records
 * </pre>
 *
 * <p>When added, it places a {@link TunnelRecordDecoder} and a {@link TunnelRecordEncoder} right
 * after itself; application writes made before the handshake completes wait in the encoder. On
 * success it fires {@link TunnelHandshakeCompleted} and hands any bytes that followed the last
 * handshake message to the decoder. On failure (untrusted key, confirmation mismatch, malformed
 * message, timeout, the connection ending) it fires a {@link TunnelHandshakeException} and closes
 * the channel.
 *
 * <p>Not sharable: one per channel. The SM2 computations (a few scalar multiplications per side)
 * run on {@link TunnelConfig#withHandshakeExecutor the handshake executor} when one is configured,
 * so that a burst of handshakes does not stall the event loop's established connections; otherwise
 * on the event loop, as Netty's SslHandler does by default.
 */
public final class TunnelHandshakeHandler extends ByteToMessageDecoder {

    /**
     * Bytes a peer may send while a step runs on the executor: a legitimate peer sends nothing then
     * (it waits for this side's ServerHello or ClientFinished), so this only bounds a hostile one.
     */
    private static final int MAX_EARLY_BYTES = 64 * 1024;

    /** What the handler is doing; the protocol's own state is {@link TunnelHandshake.State}. */
    private enum Phase {
        /** The channel is not active yet: no timeout, no ClientHello. */
        NEW,
        /** Reading handshake frames. */
        READING,
        /** A step runs on the handshake executor and owns the handshake; arriving bytes wait. */
        STEPPING,
        /** Completed or failed: the handler does nothing more. */
        FINISHED
    }

    /** One handshake step: a call into the state machine that returns the frame to send, if any. */
    @FunctionalInterface
    private interface Step {
        byte[] run() throws TunnelHandshakeException;
    }

    private final TunnelConfig config;
    private final TunnelHandshake handshake;
    private final TunnelRecordEncoder encoder = new TunnelRecordEncoder();
    private final TunnelRecordDecoder decoder = new TunnelRecordDecoder(encoder);
    private ScheduledFuture<?> timeout;
    private Phase phase = Phase.NEW;

    /** A handler for one channel with the given side's configuration. */
    public TunnelHandshakeHandler(TunnelConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.handshake = new TunnelHandshake(config);
    }

    /** The record encoder this handler installed (for its counters). */
    public TunnelRecordEncoder encoder() {
        return encoder;
    }

    /** The record decoder this handler installed (for its counters). */
    public TunnelRecordDecoder decoder() {
        return decoder;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ChannelPipeline p = ctx.pipeline();
        p.addAfter(ctx.name(), null, encoder);
        p.addAfter(ctx.name(), null, decoder);
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start(ctx);
        super.channelActive(ctx);
    }

    private void start(ChannelHandlerContext ctx) {
        if (phase != Phase.NEW) {
            return;
        }
        phase = Phase.READING;
        long millis = config.handshakeTimeout().toMillis();
        timeout = ctx.executor().schedule(
                () -> fail(ctx, new TunnelHandshakeException("handshake timed out after " + millis + " ms")),
                millis, TimeUnit.MILLISECONDS);
        if (config.isClient()) {
            step(ctx, handshake::start, false);
        }
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (phase == Phase.FINISHED) {
            return;
        }
        if (phase == Phase.STEPPING) {
            // A peer has no reason to send much before this side answers.
            if (in.readableBytes() > MAX_EARLY_BYTES) {
                fail(ctx, new TunnelHandshakeException("too many bytes before the handshake completed"));
            }
            return;
        }
        if (in.readableBytes() < TunnelFrame.HEADER_LENGTH) {
            return;
        }
        int r = in.readerIndex();
        int type = in.getUnsignedByte(r);
        int len = in.getUnsignedShort(r + 1);
        try {
            handshake.checkHeader(type, len);
        } catch (TunnelHandshakeException e) {
            fail(ctx, e);
            return;
        }
        if (in.readableBytes() < TunnelFrame.HEADER_LENGTH + len) {
            return;
        }
        byte[] frame = new byte[TunnelFrame.HEADER_LENGTH + len];
        in.readBytes(frame);
        switch (type) {
            case TunnelFrame.CLIENT_HELLO -> step(ctx, () -> handshake.onClientHello(frame), false);
            case TunnelFrame.SERVER_HELLO -> step(ctx, () -> handshake.onServerHello(frame), false);
            // ClientFinished needs no scalar multiplication (a compare, an HMAC, two HKDFs), and records
            // may follow it at once, so it runs inline: only steps after which a legitimate peer must wait
            // for this side's answer go to the executor, which bounds what may arrive meanwhile.
            default -> step(ctx, () -> {
                handshake.onClientFinished(frame);
                return null;
            }, true);
        }
    }

    /**
     * Runs one step on the configured handshake executor, or inline when there is none (or when
     * {@code inline}); then, on the event loop, sends its reply and, once established, completes.
     * While a step runs elsewhere, arriving bytes wait in the cumulation and are decoded when it ends.
     */
    private void step(ChannelHandlerContext ctx, Step step, boolean inline) {
        Executor executor = config.handshakeExecutor();
        if (executor == null || inline) {
            byte[] reply;
            try {
                reply = step.run();
            } catch (TunnelHandshakeException e) {
                fail(ctx, e);
                return;
            }
            apply(ctx, reply);
            return;
        }
        phase = Phase.STEPPING;
        try {
            executor.execute(() -> offEventLoop(ctx, step));
        } catch (RejectedExecutionException e) {
            phase = Phase.READING;
            fail(ctx, new TunnelHandshakeException("the handshake executor refused the work", e));
        }
    }

    /** On the handshake executor: the step, then its effects back on the event loop. */
    private void offEventLoop(ChannelHandlerContext ctx, Step step) {
        byte[] reply = null;
        TunnelHandshakeException error = null;
        try {
            reply = step.run();
        } catch (TunnelHandshakeException e) {
            error = e;
        }
        byte[] r = reply;
        TunnelHandshakeException err = error;
        ctx.executor().execute(() -> {
            if (phase == Phase.FINISHED) {
                // failed meanwhile (timeout, too many bytes, the connection ended): the step owned the
                // handshake then, so its secrets are wiped now
                handshake.destroy();
                return;
            }
            phase = Phase.READING;
            if (err != null) {
                fail(ctx, err);
                return;
            }
            apply(ctx, r);
            if (phase == Phase.READING && ctx.channel().isActive()) {
                // Decode what arrived meanwhile (an empty read runs the decode loop over the cumulation).
                try {
                    channelRead(ctx, Unpooled.EMPTY_BUFFER);
                } catch (Exception e) {
                    fail(ctx, new TunnelHandshakeException("handshake failed: " + e, e));
                }
            }
        });
    }

    /** On the event loop: sends a step's reply, and completes once the handshake is established. */
    private void apply(ChannelHandlerContext ctx, byte[] reply) {
        if (reply != null) {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(reply));
        }
        if (handshake.state() == TunnelHandshake.State.ESTABLISHED) {
            complete(ctx);
        }
    }

    /** Keys the record layer with the two directions' first secrets, then hands over to it. */
    private void complete(ChannelHandlerContext ctx) {
        phase = Phase.FINISHED;
        if (timeout != null) {
            timeout.cancel(false);
        }
        TunnelHandshake.Established e = handshake.established();
        decoder.activate(new TrafficKeys(e.suite(), config.engine(), e.readSecret(), e.rekeyLog2()));
        encoder.activate(new TrafficKeys(e.suite(), config.engine(), e.writeSecret(), e.rekeyLog2()));
        ctx.fireUserEventTriggered(new TunnelHandshakeCompleted(e.peerKey(), e.suite(), e.rekeyLog2()));
        // Removing a ByteToMessageDecoder hands what is left of its input (records that followed) to the decoder.
        ctx.pipeline().remove(this);
    }

    private void fail(ChannelHandlerContext ctx, TunnelException e) {
        if (phase == Phase.FINISHED) {
            return;
        }
        boolean stepping = phase == Phase.STEPPING;
        phase = Phase.FINISHED;
        if (timeout != null) {
            timeout.cancel(false);
        }
        if (!stepping) {
            // A step still running on the executor owns the handshake; its continuation wipes it.
            handshake.destroy();
        }
        encoder.abort();
        ctx.fireExceptionCaught(e);
        ctx.close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof ChannelInputShutdownEvent) {
            fail(ctx, new TunnelHandshakeException("the connection ended during the handshake"));
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        fail(ctx, new TunnelHandshakeException("the connection closed during the handshake"));
        super.channelInactive(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }
}
