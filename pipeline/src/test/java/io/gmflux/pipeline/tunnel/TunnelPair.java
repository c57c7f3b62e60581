package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A client and a server tunnel on two {@link EmbeddedChannel}s, with the bytes between them moved
 * by hand so tests can cut, drop, replay or change them. Each side records what reached the
 * application: plaintext, user events and exceptions.
 */
final class TunnelPair {

    static final Sm2KeyPair CLIENT = Sm2KeyPair.generate();
    static final Sm2KeyPair SERVER = Sm2KeyPair.generate();

    /** What one side's application handler saw. */
    static final class Side extends ChannelInboundHandlerAdapter {
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final List<Object> events = new ArrayList<>();
        final List<Throwable> errors = new ArrayList<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            try {
                byte[] a = new byte[b.readableBytes()];
                b.readBytes(a);
                received.writeBytes(a);
            } finally {
                b.release();
            }
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            events.add(evt);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            errors.add(cause);
        }
    }

    final EmbeddedChannel client;
    final EmbeddedChannel server;
    final Side clientApp = new Side();
    final Side serverApp = new Side();

    TunnelPair(TunnelConfig clientConfig, TunnelConfig serverConfig) {
        server = new EmbeddedChannel(new TunnelHandshakeHandler(serverConfig), serverApp);
        client = new EmbeddedChannel(new TunnelHandshakeHandler(clientConfig), clientApp);
    }

    static TunnelPair standard() {
        return new TunnelPair(TunnelConfig.client(CLIENT.privateKey(), SERVER.publicKey()),
                TunnelConfig.server(SERVER.privateKey(), List.of(CLIENT.publicKey())));
    }

    /** Moves everything pending from {@code from} to {@code to}, passing each outbound buffer through {@code edit}. */
    static int move(EmbeddedChannel from, EmbeddedChannel to, UnaryOperator<ByteBuf> edit) {
        int n = 0;
        for (Object o; (o = from.readOutbound()) != null; ) {
            ByteBuf b = edit.apply((ByteBuf) o);
            if (b != null) {
                n += b.readableBytes();
                to.writeInbound(b);
            }
        }
        return n;
    }

    /** Shuttles bytes both ways until nothing moves. */
    void pump() {
        while (move(client, server, UnaryOperator.identity()) + move(server, client, UnaryOperator.identity()) > 0) {
            // until quiet
        }
    }

    /**
     * Like {@link #pump()} for handshakes whose steps run on an executor: also runs the channels'
     * queued continuations, until both sides have completed or failed (or 10 s pass).
     */
    void pumpUntilSettled() throws InterruptedException {
        pumpUntil(() -> settled(clientApp) && settled(serverApp));
    }

    /** Like {@link #pumpUntilSettled()}, until {@code done} holds (or 10 s pass). */
    void pumpUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline && !done.getAsBoolean()) {
            client.runPendingTasks();
            server.runPendingTasks();
            if (move(client, server, UnaryOperator.identity()) + move(server, client, UnaryOperator.identity()) == 0) {
                Thread.sleep(1);
            }
        }
        pump();
    }

    static boolean settled(Side s) {
        return !s.events.isEmpty() || !s.errors.isEmpty();
    }

    /** All of {@code from}'s pending outbound bytes in one array (buffers released). */
    static byte[] drainOutbound(EmbeddedChannel from) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object o; (o = from.readOutbound()) != null; ) {
            ByteBuf b = (ByteBuf) o;
            byte[] a = new byte[b.readableBytes()];
            b.readBytes(a);
            b.release();
            out.writeBytes(a);
        }
        return out.toByteArray();
    }
}
