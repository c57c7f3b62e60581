package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamSuite;
import io.gmflux.codecs.sm2.Sm2KeyExchange;
import io.gmflux.codecs.sm2.Sm2KeyExchangeException;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the tunnel handshake of codecs/PROXY.md §2-§4 (SM2 key exchange of GB/T 32918.3 with
 * confirmation, transcript-bound HMACs, HKDF-SM3 key schedule), then keys the record layer and
 * removes itself.
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

    private final TunnelConfig config;
    private final TunnelRecordEncoder encoder = new TunnelRecordEncoder();
    private final TunnelRecordDecoder decoder = new TunnelRecordDecoder(encoder);
    private final Sm3 transcript = new Sm3();
    private Sm2KeyExchange exchange;
    private Sm2KeyExchange.Agreement agreement;
    private Sm2PublicKey peerKey;
    private StreamSuite suite;
    private int rekeyLog2;
    private byte[] handshakeSecret;
    private ScheduledFuture<?> timeout;
    private boolean started;
    private boolean awaitingClientFinished;
    private boolean busy;
    private boolean done;
    private boolean failed;

    /** A handler for one channel with the given side's configuration. */
    public TunnelHandshakeHandler(TunnelConfig config) {
        this.config = java.util.Objects.requireNonNull(config, "config");
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
        if (started) {
            return;
        }
        started = true;
        long millis = config.handshakeTimeout().toMillis();
        timeout = ctx.executor().schedule(() -> {
            if (!done && !failed) {
                fail(ctx, new TunnelHandshakeException("handshake timed out after " + millis + " ms"));
            }
        }, millis, TimeUnit.MILLISECONDS);
        if (config.isClient()) {
            step(ctx, 0, null);
        }
    }

    /** Client: draws the ephemeral key (GB/T 32918.3 A1-A3) and builds the ClientHello (PROXY.md §2). */
    private byte[] clientHello() {
        Sm2PublicKey serverKey = config.serverKey();
        exchange = Sm2KeyExchange.initiator(config.ownKey(), TunnelFrame.ID, serverKey, TunnelFrame.ID, config.random());
        List<StreamSuite> suites = config.suites();
        int n = suites.size();
        int len = TunnelFrame.clientHelloLength(n);
        byte[] f = new byte[TunnelFrame.HEADER_LENGTH + len];
        f[0] = TunnelFrame.CLIENT_HELLO;
        f[1] = (byte) (len >>> 8);
        f[2] = (byte) len;
        int p = 3;
        System.arraycopy(TunnelFrame.MAGIC, 0, f, p, 4);
        p += 4;
        f[p++] = TunnelFrame.VERSION;
        f[p++] = (byte) config.rekeyLog2();
        f[p++] = (byte) n;
        for (StreamSuite s : suites) {
            f[p++] = (byte) s.id();
        }
        System.arraycopy(Fingerprint.of(serverKey).bytes(), 0, f, p, 32);
        p += 32;
        System.arraycopy(Fingerprint.of(config.ownKey().publicKey()).bytes(), 0, f, p, 32);
        p += 32;
        System.arraycopy(exchange.ephemeralPublicKey(), 0, f, p, TunnelFrame.POINT_LENGTH);
        transcript.update(f);
        return f;
    }

    /**
     * Runs one handshake step: the SM2 and key-schedule work ({@link #compute}) on the configured
     * handshake executor, or inline when there is none; then, on the event loop, sends its reply and,
     * after the last message, completes. While a step runs elsewhere, arriving bytes wait in the
     * cumulation and are decoded when it ends.
     */
    private void step(ChannelHandlerContext ctx, int type, byte[] frame) {
        java.util.concurrent.Executor executor = config.handshakeExecutor();
        // ClientFinished needs no scalar multiplication (a compare, an HMAC, two HKDFs), and records may
        // follow it at once, so it runs inline: only steps after which a legitimate peer must wait for
        // this side's answer go to the executor, which bounds what may arrive meanwhile.
        if (executor == null || type == TunnelFrame.CLIENT_FINISHED) {
            byte[] reply;
            try {
                reply = compute(type, frame);
            } catch (Exception e) {
                fail(ctx, classify(e));
                return;
            }
            apply(ctx, type, reply);
            return;
        }
        busy = true;
        try {
            executor.execute(() -> offEventLoop(ctx, type, frame));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            busy = false;
            fail(ctx, new TunnelHandshakeException("the handshake executor refused the work", e));
        }
    }

    /** On the handshake executor: the step's computation, then its effects back on the event loop. */
    private void offEventLoop(ChannelHandlerContext ctx, int type, byte[] frame) {
        byte[] reply = null;
        Exception error = null;
        try {
            reply = compute(type, frame);
        } catch (Exception e) {
            error = e;
        }
        byte[] r = reply;
        Exception err = error;
        ctx.executor().execute(() -> {
            busy = false;
            if (failed) {
                wipeHandshakeState();
            } else if (err != null) {
                fail(ctx, classify(err));
            } else {
                apply(ctx, type, r);
                if (!done && !failed && ctx.channel().isActive()) {
                    // Decode what arrived meanwhile (an empty read runs the decode loop over the cumulation).
                    try {
                        channelRead(ctx, Unpooled.EMPTY_BUFFER);
                    } catch (Exception e) {
                        fail(ctx, classify(e));
                    }
                }
            }
        });
    }

    /** The work of one step, off the event loop when an executor is configured; returns the frame to send, if any. */
    private byte[] compute(int type, byte[] frame)
            throws TunnelHandshakeException, InvalidKeyException, Sm2KeyExchangeException {
        switch (type) {
            case 0:
                return clientHello();
            case TunnelFrame.CLIENT_HELLO:
                return onClientHello(frame);
            case TunnelFrame.SERVER_HELLO:
                return onServerHello(frame);
            default:
                onClientFinished(frame);
                return null;
        }
    }

    /** On the event loop: send a step's reply, and complete after ServerHello (client) or ClientFinished (server). */
    private void apply(ChannelHandlerContext ctx, int type, byte[] reply) {
        if (failed) {
            return;
        }
        if (reply != null) {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(reply));
        }
        if (type == TunnelFrame.SERVER_HELLO || type == TunnelFrame.CLIENT_FINISHED) {
            complete(ctx);
        }
    }

    private static TunnelException classify(Exception e) {
        if (e instanceof TunnelException) {
            return (TunnelException) e;
        } else if (e instanceof InvalidKeyException) {
            return new TunnelHandshakeException("the peer's ephemeral key is not a valid SM2 point", e);
        } else if (e instanceof Sm2KeyExchangeException) {
            return new TunnelHandshakeException("key confirmation failed: " + e.getMessage(), e);
        }
        return new TunnelHandshakeException("handshake failed: " + e, e);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed || done) {
            return;
        }
        if (busy) {
            // A step is running on the executor; a peer has no reason to send much before it answers.
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
            int expected = config.isClient() ? TunnelFrame.SERVER_HELLO
                    : awaitingClientFinished ? TunnelFrame.CLIENT_FINISHED : TunnelFrame.CLIENT_HELLO;
            if (type != expected) {
                throw new TunnelHandshakeException("expected handshake message 0x" + Integer.toHexString(expected)
                        + ", got frame type 0x" + Integer.toHexString(type));
            }
            checkLength(type, len);
            if (in.readableBytes() < TunnelFrame.HEADER_LENGTH + len) {
                return;
            }
            byte[] frame = new byte[TunnelFrame.HEADER_LENGTH + len];
            in.readBytes(frame);
            if (type == TunnelFrame.CLIENT_HELLO) {
                // Expect ClientFinished next, whether or not the ClientHello step has finished yet.
                awaitingClientFinished = true;
            }
            step(ctx, type, frame);
        } catch (TunnelHandshakeException e) {
            fail(ctx, e);
        }
    }

    private static void checkLength(int type, int len) throws TunnelHandshakeException {
        boolean ok;
        if (type == TunnelFrame.CLIENT_HELLO) {
            ok = len >= TunnelFrame.clientHelloLength(1) && len <= TunnelFrame.clientHelloLength(TunnelFrame.MAX_SUITES);
        } else if (type == TunnelFrame.SERVER_HELLO) {
            ok = len == TunnelFrame.SERVER_HELLO_LENGTH;
        } else {
            ok = len == TunnelFrame.CLIENT_FINISHED_LENGTH;
        }
        if (!ok) {
            throw new TunnelHandshakeException("handshake message 0x" + Integer.toHexString(type) + ": bad length " + len);
        }
    }

    /** Server: PROXY.md §2 checks, then the responder's side of the exchange and the ServerHello. */
    private byte[] onClientHello(byte[] f)
            throws TunnelHandshakeException, InvalidKeyException, Sm2KeyExchangeException {
        int p = 3;
        if (!Arrays.equals(f, p, p + 4, TunnelFrame.MAGIC, 0, 4)) {
            throw new TunnelHandshakeException("not a gmflux tunnel client (bad magic)");
        }
        p += 4;
        int version = f[p++] & 0xff;
        if (version != TunnelFrame.VERSION) {
            throw new TunnelHandshakeException("unsupported version " + version);
        }
        int clientRekey = f[p++] & 0xff;
        int n = f[p++] & 0xff;
        if (n < 1 || n > TunnelFrame.MAX_SUITES || f.length != 3 + TunnelFrame.clientHelloLength(n)) {
            throw new TunnelHandshakeException("ClientHello: bad suite count " + n);
        }
        if (clientRekey < TunnelConfig.MIN_REKEY_LOG2 || clientRekey > TunnelConfig.MAX_REKEY_LOG2) {
            throw new TunnelHandshakeException("ClientHello: rekey_log2 " + clientRekey + " out of range");
        }
        StreamSuite chosen = null;
        for (int i = 0; i < n && chosen == null; i++) {
            int id = f[p + i] & 0xff;
            for (StreamSuite s : config.suites()) {
                if (s.id() == id) {
                    chosen = s;
                }
            }
        }
        p += n;
        if (chosen == null) {
            throw new TunnelHandshakeException("no common suite");
        }
        Fingerprint serverFp = Fingerprint.wrap(Arrays.copyOfRange(f, p, p + 32));
        p += 32;
        Fingerprint clientFp = Fingerprint.wrap(Arrays.copyOfRange(f, p, p + 32));
        p += 32;
        byte[] ra = Arrays.copyOfRange(f, p, p + TunnelFrame.POINT_LENGTH);
        if (!serverFp.equals(Fingerprint.of(config.ownKey().publicKey()))) {
            throw new TunnelUntrustedPeerException("the client expects another server key");
        }
        peerKey = config.trustedKey(clientFp);
        if (peerKey == null) {
            throw new TunnelUntrustedPeerException("untrusted peer: the client's key is not among the trusted keys");
        }
        suite = chosen;
        rekeyLog2 = Math.min(clientRekey, config.rekeyLog2());
        transcript.update(f);
        exchange = Sm2KeyExchange.responder(config.ownKey(), TunnelFrame.ID, peerKey, TunnelFrame.ID, config.random());
        agreement = exchange.agree(ra, 32);

        byte[] sh = new byte[TunnelFrame.HEADER_LENGTH + TunnelFrame.SERVER_HELLO_LENGTH];
        sh[0] = TunnelFrame.SERVER_HELLO;
        sh[1] = 0;
        sh[2] = (byte) TunnelFrame.SERVER_HELLO_LENGTH;
        sh[3] = TunnelFrame.VERSION;
        sh[4] = (byte) suite.id();
        sh[5] = (byte) rekeyLog2;
        System.arraycopy(exchange.ephemeralPublicKey(), 0, sh, 6, TunnelFrame.POINT_LENGTH);
        System.arraycopy(agreement.confirmation(), 0, sh, 71, 32);
        int macOff = sh.length - TunnelFrame.VERIFY_LENGTH;
        transcript.update(sh, 0, macOff);
        byte[] th1 = transcript.copy().digest();
        byte[] k = agreement.sharedKey();
        handshakeSecret = TunnelKeySchedule.extract(th1, k);
        TunnelKeySchedule.wipe(k);
        byte[] sfk = TunnelKeySchedule.expand(handshakeSecret, TunnelKeySchedule.SERVER_FINISHED, 32);
        byte[] mac = HmacSm3.mac(sfk, th1);
        TunnelKeySchedule.wipe(sfk);
        System.arraycopy(mac, 0, sh, macOff, 32);
        transcript.update(sh, macOff, 32);
        return sh;
    }

    /** Client: checks the ServerHello and S_B; returns the ClientFinished (the record layer is keyed after it is sent). */
    private byte[] onServerHello(byte[] f)
            throws TunnelHandshakeException, InvalidKeyException, Sm2KeyExchangeException {
        int version = f[3] & 0xff;
        if (version != TunnelFrame.VERSION) {
            throw new TunnelHandshakeException("unsupported version " + version);
        }
        try {
            suite = StreamSuite.byId(f[4] & 0xff);
        } catch (StreamException.Malformed e) {
            throw new TunnelHandshakeException("the server chose an unknown suite 0x" + Integer.toHexString(f[4] & 0xff));
        }
        if (!config.suites().contains(suite)) {
            throw new TunnelHandshakeException("the server chose suite " + suite.label() + ", which was not offered");
        }
        rekeyLog2 = f[5] & 0xff;
        if (rekeyLog2 < TunnelConfig.MIN_REKEY_LOG2 || rekeyLog2 > config.rekeyLog2()) {
            throw new TunnelHandshakeException("the server chose rekey_log2 " + rekeyLog2 + ", outside what was offered");
        }
        byte[] rb = Arrays.copyOfRange(f, 6, 6 + TunnelFrame.POINT_LENGTH);
        byte[] sb = Arrays.copyOfRange(f, 71, 103);
        agreement = exchange.agree(rb, 32);
        agreement.verifyPeerConfirmation(sb);
        int macOff = f.length - TunnelFrame.VERIFY_LENGTH;
        transcript.update(f, 0, macOff);
        byte[] th1 = transcript.copy().digest();
        byte[] k = agreement.sharedKey();
        handshakeSecret = TunnelKeySchedule.extract(th1, k);
        TunnelKeySchedule.wipe(k);
        byte[] sfk = TunnelKeySchedule.expand(handshakeSecret, TunnelKeySchedule.SERVER_FINISHED, 32);
        byte[] expected = HmacSm3.mac(sfk, th1);
        TunnelKeySchedule.wipe(sfk);
        if (!Bytes.constantTimeEquals(expected, 0, f, macOff, 32)) {
            throw new TunnelHandshakeException("key confirmation failed: server_verify does not match the transcript");
        }
        transcript.update(f, macOff, 32);
        peerKey = config.serverKey();

        byte[] cf = new byte[TunnelFrame.HEADER_LENGTH + TunnelFrame.CLIENT_FINISHED_LENGTH];
        cf[0] = TunnelFrame.CLIENT_FINISHED;
        cf[1] = 0;
        cf[2] = (byte) TunnelFrame.CLIENT_FINISHED_LENGTH;
        System.arraycopy(agreement.confirmation(), 0, cf, 3, 32);
        transcript.update(cf, 0, 35);
        byte[] th2 = transcript.copy().digest();
        byte[] cfk = TunnelKeySchedule.expand(handshakeSecret, TunnelKeySchedule.CLIENT_FINISHED, 32);
        System.arraycopy(HmacSm3.mac(cfk, th2), 0, cf, 35, 32);
        TunnelKeySchedule.wipe(cfk);
        transcript.update(cf, 35, 32);
        return cf;
    }

    /** Server: checks S_A and client_verify, keys the record layer. */
    private void onClientFinished(byte[] f) throws TunnelHandshakeException, Sm2KeyExchangeException {
        agreement.verifyPeerConfirmation(Arrays.copyOfRange(f, 3, 35));
        transcript.update(f, 0, 35);
        byte[] th2 = transcript.copy().digest();
        byte[] cfk = TunnelKeySchedule.expand(handshakeSecret, TunnelKeySchedule.CLIENT_FINISHED, 32);
        byte[] expected = HmacSm3.mac(cfk, th2);
        TunnelKeySchedule.wipe(cfk);
        if (!Bytes.constantTimeEquals(expected, 0, f, 35, 32)) {
            throw new TunnelHandshakeException("key confirmation failed: client_verify does not match the transcript");
        }
        transcript.update(f, 35, 32);
    }

    /** PROXY.md §4: MS from TH3 and HS, the two directions' first secrets; then hand over to the record layer. */
    private void complete(ChannelHandlerContext ctx) {
        byte[] th3 = transcript.digest();
        byte[] ms = TunnelKeySchedule.extract(th3, handshakeSecret);
        byte[] c2s = TunnelKeySchedule.expand(ms, TunnelKeySchedule.C2S, 32);
        byte[] s2c = TunnelKeySchedule.expand(ms, TunnelKeySchedule.S2C, 32);
        TunnelKeySchedule.wipe(ms, handshakeSecret);
        agreement.destroy();
        done = true;
        if (timeout != null) {
            timeout.cancel(false);
        }
        boolean client = config.isClient();
        decoder.activate(new TrafficKeys(suite, client ? s2c : c2s, rekeyLog2));
        encoder.activate(new TrafficKeys(suite, client ? c2s : s2c, rekeyLog2));
        ctx.fireUserEventTriggered(new TunnelHandshakeCompleted(peerKey, suite, rekeyLog2));
        // Removing a ByteToMessageDecoder hands what is left of its input (records that followed) to the decoder.
        ctx.pipeline().remove(this);
    }

    private void fail(ChannelHandlerContext ctx, TunnelException e) {
        if (failed || done) {
            return;
        }
        failed = true;
        if (timeout != null) {
            timeout.cancel(false);
        }
        if (!busy) {
            // A step still running on the executor owns the exchange; its continuation wipes it.
            wipeHandshakeState();
        }
        encoder.abort();
        ctx.fireExceptionCaught(e);
        ctx.close();
    }

    private void wipeHandshakeState() {
        if (exchange != null) {
            exchange.destroy();
        }
        if (agreement != null) {
            agreement.destroy();
        }
        TunnelKeySchedule.wipe(handshakeSecret);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof ChannelInputShutdownEvent && !done) {
            fail(ctx, new TunnelHandshakeException("the connection ended during the handshake"));
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (!done) {
            fail(ctx, new TunnelHandshakeException("the connection closed during the handshake"));
        }
        super.channelInactive(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }
}
