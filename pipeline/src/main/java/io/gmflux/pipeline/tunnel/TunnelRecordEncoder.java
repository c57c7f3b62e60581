package io.gmflux.pipeline.tunnel;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.UnsupportedMessageTypeException;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Seals outbound plaintext {@link ByteBuf}s into records (codecs/PROXY.md §6):
 *
 * <pre>
 * +------+-----------+--------------------------------+
 * | 0x17 | u16 len+T | SEAL(plaintext, 1..16384 B)    |   one per 16 KiB of the write
 * +------+-----------+--------------------------------+
 * | 0x15 | u16 T     | SEAL(empty, last = 1)          |   close_notify, once
 * +------+-----------+--------------------------------+
 * </pre>
 *
 * <p>A write of n bytes becomes ceil(n / 16384) records in one outgoing buffer: the only allocation
 * per write in steady state (the record cipher seals in place in that buffer). Writes made before
 * the handshake completes are queued in order and sealed when {@link TunnelHandshakeHandler} keys
 * this encoder. {@link TunnelCloseNotify#INSTANCE} seals the close_notify and then half-closes TCP
 * output; {@code close()} sends a close_notify first too (waiting at most 3 s for it to leave),
 * unless the tunnel failed, in which case the peer must see truncation.
 *
 * <p>ByteBuf ownership: every message written here is released here. Installed by
 * {@link TunnelHandshakeHandler}; not sharable; all calls on the channel's event loop.
 */
public final class TunnelRecordEncoder extends ChannelOutboundHandlerAdapter {

    private static final long CLOSE_NOTIFY_FLUSH_TIMEOUT_MILLIS = 3000;

    private final ArrayDeque<Object> queued = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private TrafficKeys keys;
    private boolean flushQueued;
    private boolean closeNotifySent;
    private boolean aborted;
    private boolean closedLocally;
    private long plaintextBytes;

    TunnelRecordEncoder() {
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        failQueued(new TunnelException("the tunnel closed before the handshake completed"));
        if (keys != null) {
            keys.destroy();
        }
    }

    /** Plaintext bytes sealed so far. */
    public long plaintextBytes() {
        return plaintextBytes;
    }

    /** Records sealed so far (close_notify included). */
    public long records() {
        return keys == null ? 0 : keys.records();
    }

    /** Keys this encoder and seals what was queued; called by the handshake handler on the event loop. */
    void activate(TrafficKeys keys) {
        this.keys = keys;
        while (!queued.isEmpty()) {
            Object msg = queued.poll();
            ChannelPromise promise = (ChannelPromise) queued.poll();
            write(ctx, msg, promise);
        }
        if (flushQueued) {
            flushQueued = false;
            ctx.flush();
        }
    }

    /**
     * Makes the next {@code close()} end the connection without a close_notify, so the peer sees
     * truncation (PROXY.md §8): for a relay whose other side ended abruptly, or after a fatal error.
     * Later writes fail. Call on the event loop.
     */
    public void abort() {
        aborted = true;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof ByteBuf) && msg != TunnelCloseNotify.INSTANCE) {
            ReferenceCountUtil.release(msg);
            promise.setFailure(new UnsupportedMessageTypeException(msg, ByteBuf.class, TunnelCloseNotify.class));
            return;
        }
        if (closeNotifySent || aborted) {
            ReferenceCountUtil.release(msg);
            promise.setFailure(new TunnelException(aborted ? "the tunnel failed" : "write after close_notify"));
            return;
        }
        if (keys == null) {
            queued.add(msg);
            queued.add(promise);
            return;
        }
        if (msg == TunnelCloseNotify.INSTANCE) {
            writeCloseNotify(ctx, promise).addListener((ChannelFutureListener) f -> {
                if (f.isSuccess() && f.channel() instanceof DuplexChannel) {
                    ((DuplexChannel) f.channel()).shutdownOutput();
                }
            });
            return;
        }
        ByteBuf in = (ByteBuf) msg;
        try {
            if (!in.isReadable()) {
                ctx.write(Unpooled.EMPTY_BUFFER, promise);
            } else {
                ctx.write(seal(ctx, in), promise);
            }
        } finally {
            in.release();
        }
    }

    private ByteBuf seal(ChannelHandlerContext ctx, ByteBuf in) {
        int n = in.readableBytes();
        int tag = keys.tagLength();
        int records = (n + TunnelFrame.MAX_PLAINTEXT - 1) / TunnelFrame.MAX_PLAINTEXT;
        int size = n + records * (TunnelFrame.HEADER_LENGTH + tag);
        ByteBuf out = ctx.alloc().heapBuffer(size);
        if (!out.hasArray()) {
            out.release();
            out = Unpooled.buffer(size);
        }
        byte[] a = out.array();
        int p = out.arrayOffset() + out.writerIndex();
        int r = in.readerIndex();
        int end = r + n;
        while (r < end) {
            int len = Math.min(TunnelFrame.MAX_PLAINTEXT, end - r);
            a[p] = (byte) TunnelFrame.APPLICATION_DATA;
            a[p + 1] = (byte) ((len + tag) >>> 8);
            a[p + 2] = (byte) (len + tag);
            in.getBytes(r, a, p + 3, len);
            keys.cipher().seal(keys.seq(), false, a, p + 3, len, a, p + 3);
            keys.advance();
            p += TunnelFrame.HEADER_LENGTH + len + tag;
            r += len;
        }
        out.writerIndex(out.writerIndex() + size);
        plaintextBytes += n;
        return out;
    }

    private ChannelFuture writeCloseNotify(ChannelHandlerContext ctx, ChannelPromise promise) {
        int tag = keys.tagLength();
        byte[] record = new byte[TunnelFrame.HEADER_LENGTH + tag];
        record[0] = (byte) TunnelFrame.CLOSE_NOTIFY;
        record[1] = (byte) (tag >>> 8);
        record[2] = (byte) tag;
        keys.cipher().seal(keys.seq(), true, record, 3, 0, record, 3);
        keys.advance();
        closeNotifySent = true;
        return ctx.write(Unpooled.wrappedBuffer(record), promise);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        if (keys == null) {
            flushQueued = true;
        } else {
            ctx.flush();
        }
    }

    /** True once this side asked to close the channel: the input ending then is no truncation. */
    boolean closedLocally() {
        return closedLocally;
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        closedLocally = true;
        failQueued(new TunnelException("the channel closed before the handshake completed"));
        if (keys == null || closeNotifySent || aborted || !ctx.channel().isActive()) {
            ctx.close(promise);
            return;
        }
        ChannelFuture sent = writeCloseNotify(ctx, ctx.newPromise());
        ctx.flush();
        // Close once the close_notify has left, or after a bound if the peer does not read (as SslHandler does).
        ScheduledFuture<?> timeout = ctx.executor().schedule(() -> {
            if (!promise.isDone()) {
                ctx.close(promise);
            }
        }, CLOSE_NOTIFY_FLUSH_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        sent.addListener((ChannelFutureListener) f -> {
            timeout.cancel(false);
            if (!promise.isDone()) {
                ctx.close(promise);
            }
        });
    }

    private void failQueued(Throwable cause) {
        while (!queued.isEmpty()) {
            Object msg = queued.poll();
            ChannelPromise promise = (ChannelPromise) queued.poll();
            ReferenceCountUtil.release(msg);
            promise.tryFailure(cause);
        }
    }
}
