package io.gmflux.pipeline.tunnel;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import javax.crypto.AEADBadTagException;

/**
 * Opens inbound records (codecs/PROXY.md §6) and emits their plaintext, one {@link ByteBuf} per
 * record, which the next handler owns:
 *
 * <pre>
 * +------+-----------+----------------------+
 * | type | u16 len   | sealed record        |   type 0x17: T+1 <= len <= T+16384
 * +------+-----------+----------------------+   type 0x15: len = T (close_notify)
 * </pre>
 *
 * <p>A record is opened only when all of it has arrived and its plaintext is emitted only after its
 * tag verified, so no unauthenticated byte goes up the pipeline. The sequence number is implicit,
 * so a replayed, reordered, dropped or spliced record fails authentication. The peer's
 * close_notify fires {@link TunnelCloseNotifyReceived}; the input ending before it fires
 * {@link TunnelTruncatedException} (unless this side closed the channel itself). Every failure fires a {@link TunnelException}, discards the rest
 * of the input, and closes the channel without a close_notify.
 *
 * <p>Steady state allocates only the emitted buffer: the ciphertext is copied into one scratch
 * array (16 KiB plus a tag) reused for every record, allocated when the first record arrives (a
 * connection that never completes its handshake costs no such array) and zeroed when the handler
 * is removed. Installed by {@link TunnelHandshakeHandler}; not sharable; all calls on the
 * channel's event loop.
 */
public final class TunnelRecordDecoder extends ByteToMessageDecoder {

    private final TunnelRecordEncoder encoder;
    /** Allocated by the first record, see the class comment. */
    private byte[] scratch;
    private TrafficKeys keys;
    private boolean closeNotifyReceived;
    private boolean failed;
    private long plaintextBytes;

    TunnelRecordDecoder(TunnelRecordEncoder encoder) {
        this.encoder = encoder;
        // Records straddle socket reads; composing the reads instead of merging them saves copying
        // each one into the cumulation (the record is copied out once, into the scratch array, anyway).
        setCumulator(COMPOSITE_CUMULATOR);
    }

    /** Keys this decoder; called by the handshake handler on the event loop before any record arrives. */
    void activate(TrafficKeys keys) {
        this.keys = keys;
    }

    /** Plaintext bytes delivered so far. */
    public long plaintextBytes() {
        return plaintextBytes;
    }

    /** True once the peer's close_notify has been authenticated. */
    public boolean closeNotifyReceived() {
        return closeNotifyReceived;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        // One record per call: ByteToMessageDecoder hands each plaintext on before the next record is
        // looked at, so events (close_notify, failures) arrive after the data that preceded them.
        if (in.readableBytes() < TunnelFrame.HEADER_LENGTH) {
            return;
        }
        int r = in.readerIndex();
        int type = in.getUnsignedByte(r);
        int len = in.getUnsignedShort(r + 1);
        if (keys == null) {
            fail(ctx, in, new TunnelRecordException("record before the handshake completed"));
            return;
        }
        if (closeNotifyReceived) {
            fail(ctx, in, new TunnelRecordException("data after close_notify"));
            return;
        }
        int tag = keys.tagLength();
        boolean last;
        if (type == TunnelFrame.APPLICATION_DATA) {
            if (len <= tag || len > TunnelFrame.MAX_PLAINTEXT + tag) {
                fail(ctx, in, new TunnelRecordException("record " + keys.records() + ": bad length " + len));
                return;
            }
            last = false;
        } else if (type == TunnelFrame.CLOSE_NOTIFY) {
            if (len != tag) {
                fail(ctx, in, new TunnelRecordException("record " + keys.records() + ": bad close_notify length " + len));
                return;
            }
            last = true;
        } else {
            fail(ctx, in, new TunnelRecordException("record " + keys.records() + ": unexpected frame type 0x"
                    + Integer.toHexString(type)));
            return;
        }
        if (in.readableBytes() < TunnelFrame.HEADER_LENGTH + len) {
            return;
        }
        if (scratch == null) {
            scratch = new byte[TunnelFrame.MAX_PLAINTEXT + TunnelFrame.MAX_TAG];
        }
        in.getBytes(r + TunnelFrame.HEADER_LENGTH, scratch, 0, len);
        if (last) {
            try {
                keys.cipher().open(keys.seq(), true, scratch, 0, len, scratch, 0);
            } catch (AEADBadTagException e) {
                fail(ctx, in, new TunnelRecordException("record " + keys.records() + " (close_notify) failed authentication", e));
                return;
            }
            in.skipBytes(TunnelFrame.HEADER_LENGTH + len);
            keys.advance();
            closeNotifyReceived = true;
            ctx.fireUserEventTriggered(TunnelCloseNotifyReceived.INSTANCE);
            return;
        }
        ByteBuf plain = ctx.alloc().heapBuffer(len - tag);
        try {
            int n;
            if (plain.hasArray()) {
                n = keys.cipher().open(keys.seq(), false, scratch, 0, len, plain.array(),
                        plain.arrayOffset() + plain.writerIndex());
            } else {
                n = keys.cipher().open(keys.seq(), false, scratch, 0, len, scratch, 0);
                plain.writeBytes(scratch, 0, n);
                n = 0;
            }
            plain.writerIndex(plain.writerIndex() + n);
        } catch (AEADBadTagException e) {
            plain.release();
            fail(ctx, in, new TunnelRecordException("record " + keys.records() + " failed authentication", e));
            return;
        }
        in.skipBytes(TunnelFrame.HEADER_LENGTH + len);
        keys.advance();
        plaintextBytes += plain.readableBytes();
        out.add(plain);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        // The input ended (FIN or channel closed); everything whole has been decoded already.
        if (failed || keys == null) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (encoder.closedLocally() && !in.isReadable()) {
            // This side closed the channel: the end of input is its own doing, not the peer's truncation.
            return;
        }
        TunnelException e;
        if (closeNotifyReceived) {
            if (!in.isReadable()) {
                return;
            }
            e = new TunnelRecordException("data after close_notify");
        } else {
            e = new TunnelTruncatedException("truncated: the peer's stream ended without close_notify after "
                    + keys.records() + " records" + (in.isReadable() ? " (" + in.readableBytes() + " bytes of a partial record)" : ""));
        }
        // Hand on the records authenticated before the end first, so the failure comes after them.
        for (Object o : out) {
            ctx.fireChannelRead(o);
        }
        out.clear();
        fail(ctx, in, e);
    }

    private void fail(ChannelHandlerContext ctx, ByteBuf in, TunnelException e) {
        failed = true;
        encoder.abort();
        in.skipBytes(in.readableBytes());
        ctx.fireExceptionCaught(e);
        ctx.close();
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (keys != null) {
            keys.destroy();
        }
        if (scratch != null) {
            java.util.Arrays.fill(scratch, (byte) 0);
        }
    }

    /** Whether the record scratch array has been allocated (for the tests of its lazy allocation). */
    boolean hasScratch() {
        return scratch != null;
    }
}
