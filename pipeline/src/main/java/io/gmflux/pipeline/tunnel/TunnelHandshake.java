package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyExchange;
import io.gmflux.codecs.sm2.Sm2KeyExchangeException;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import java.security.InvalidKeyException;
import java.util.List;
import java.util.Objects;

/**
 * One side's tunnel handshake (codecs/PROXY.md §2-§4) as a state machine over whole frames, free
 * of Netty: the SM2 key exchange of GB/T 32918.3 with confirmation, the transcript, and the key
 * schedule up to each direction's first secret.
 *
 * <pre>
 * client: START --start()--&gt; AWAIT_SERVER_HELLO --onServerHello()--&gt; ESTABLISHED
 * server: AWAIT_CLIENT_HELLO --onClientHello()--&gt; AWAIT_CLIENT_FINISHED --onClientFinished()--&gt; ESTABLISHED
 * any failure, or {@link #destroy()} before ESTABLISHED: FAILED
 * </pre>
 *
 * <p>Each method takes one whole frame (header included) and returns the frame to send, if any. A
 * message out of order, malformed, of a wrong length, failing a check, or arriving after a failure
 * throws a {@link TunnelHandshakeException} (a {@link TunnelUntrustedPeerException} for an unknown
 * or mismatched key) and leaves the machine FAILED with its secrets wiped.
 *
 * <p>Not thread-safe: one caller at a time, with a happens-before edge between calls (a handler
 * may run a step on another executor and continue on its event loop).
 */
final class TunnelHandshake {

    /** Where a side stands. */
    enum State {
        /** Client, before its ClientHello. */
        START,
        /** Server, waiting for the ClientHello. */
        AWAIT_CLIENT_HELLO,
        /** Client, ClientHello sent. */
        AWAIT_SERVER_HELLO,
        /** Server, ServerHello sent. */
        AWAIT_CLIENT_FINISHED,
        /** Both directions' first secrets are derived: {@link #established()}. */
        ESTABLISHED,
        /** A check failed or the handshake was abandoned; secrets are wiped. */
        FAILED
    }

    /**
     * The outcome of a completed handshake. The caller owns the two secrets (32 bytes each, to be
     * wiped by the record layer's keys).
     *
     * @param peerKey the peer's authenticated static key
     * @param suite the agreed record suite
     * @param rekeyLog2 the agreed key-update interval
     * @param readSecret the first secret of the direction this side reads
     * @param writeSecret the first secret of the direction this side writes
     */
    record Established(Sm2PublicKey peerKey, Suite suite, int rekeyLog2, byte[] readSecret, byte[] writeSecret) {
    }

    private final TunnelConfig config;
    private final Sm3 transcript = new Sm3();
    private State state;
    private Sm2KeyExchange exchange;
    private Sm2KeyExchange.Agreement agreement;
    private Sm2PublicKey peerKey;
    private Suite suite;
    private int rekeyLog2;
    private byte[] handshakeSecret;
    private Established established;

    /** A handshake for the side {@code config} describes. */
    TunnelHandshake(TunnelConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.state = config.isClient() ? State.START : State.AWAIT_CLIENT_HELLO;
    }

    State state() {
        return state;
    }

    /**
     * Checks a frame header against the message expected next, before the body arrives: the type,
     * and the length against PROXY.md §1. A mismatch fails the handshake.
     */
    void checkHeader(int type, int length) throws TunnelHandshakeException {
        int expected = expectedType();
        if (type != expected) {
            throw fail(new TunnelHandshakeException(expected < 0 ? "no handshake message expected in state " + state
                    : "expected handshake message 0x" + Integer.toHexString(expected)
                            + ", got frame type 0x" + Integer.toHexString(type)));
        }
        try {
            TunnelFrame.checkHandshakeLength(type, length);
        } catch (TunnelHandshakeException e) {
            throw fail(e);
        }
    }

    /** The frame type this side expects next, or -1 when it expects none. */
    int expectedType() {
        switch (state) {
            case AWAIT_CLIENT_HELLO:
                return TunnelFrame.CLIENT_HELLO;
            case AWAIT_SERVER_HELLO:
                return TunnelFrame.SERVER_HELLO;
            case AWAIT_CLIENT_FINISHED:
                return TunnelFrame.CLIENT_FINISHED;
            default:
                return -1;
        }
    }

    /** Client: draws the ephemeral key (GB/T 32918.3 A1-A3); returns the ClientHello frame (§2). */
    byte[] start() throws TunnelHandshakeException {
        enter(State.START, "start");
        try {
            Sm2PublicKey serverKey = config.serverKey();
            exchange = Sm2KeyExchange.initiator(config.ownKey(), TunnelFrame.ID, serverKey, TunnelFrame.ID, config.random());
            List<Suite> suites = config.suites();
            byte[] ids = new byte[suites.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = (byte) suites.get(i).id();
            }
            byte[] f = new ClientHello(TunnelFrame.VERSION, config.rekeyLog2(), ids, Fingerprint.of(serverKey),
                    Fingerprint.of(config.ownKey().publicKey()), exchange.ephemeralPublicKey()).encode();
            transcript.update(f);
            state = State.AWAIT_SERVER_HELLO;
            return f;
        } catch (Exception e) {
            throw fail(e);
        }
    }

    /** Server: the §2 checks, the responder's side of the exchange (B1-B8); returns the ServerHello frame (§3). */
    byte[] onClientHello(byte[] frame) throws TunnelHandshakeException {
        enter(State.AWAIT_CLIENT_HELLO, "ClientHello");
        try {
            ClientHello ch = ClientHello.decode(frame);
            if (ch.version() != TunnelFrame.VERSION) {
                throw new TunnelHandshakeException("unsupported version " + ch.version());
            }
            if (ch.rekeyLog2() < TunnelConfig.MIN_REKEY_LOG2 || ch.rekeyLog2() > TunnelConfig.MAX_REKEY_LOG2) {
                throw new TunnelHandshakeException("ClientHello: rekey_log2 " + ch.rekeyLog2() + " out of range");
            }
            Suite chosen = firstAccepted(ch.suiteIds());
            if (chosen == null) {
                throw new TunnelHandshakeException("no common suite");
            }
            if (!ch.serverFp().equals(Fingerprint.of(config.ownKey().publicKey()))) {
                throw new TunnelUntrustedPeerException("the client expects another server key");
            }
            peerKey = config.trustedKey(ch.clientFp());
            if (peerKey == null) {
                throw new TunnelUntrustedPeerException("untrusted peer: the client's key is not among the trusted keys");
            }
            suite = chosen;
            rekeyLog2 = Math.min(ch.rekeyLog2(), config.rekeyLog2());
            transcript.update(frame);
            exchange = Sm2KeyExchange.responder(config.ownKey(), TunnelFrame.ID, peerKey, TunnelFrame.ID, config.random());
            agreement = exchange.agree(ch.ephemeral(), 32);

            ServerHello sh = new ServerHello(TunnelFrame.VERSION, suite.id(), rekeyLog2, exchange.ephemeralPublicKey(),
                    agreement.confirmation(), new byte[TunnelFrame.VERIFY_LENGTH]);
            byte[] th1 = transcriptHash(sh.encode(), ServerHello.UNVERIFIED_LENGTH);
            deriveHandshakeSecret(th1);
            byte[] f = new ServerHello(sh.version(), sh.suiteId(), sh.rekeyLog2(), sh.ephemeral(), sh.confirmation(),
                    finishedMac(TunnelKeySchedule.SERVER_FINISHED, th1)).encode();
            transcript.update(f, ServerHello.UNVERIFIED_LENGTH, TunnelFrame.VERIFY_LENGTH);
            state = State.AWAIT_CLIENT_FINISHED;
            return f;
        } catch (Exception e) {
            throw fail(e);
        }
    }

    /**
     * Client: checks the ServerHello, S_B (A9) and server_verify; returns the ClientFinished frame
     * (§4) and is then {@link State#ESTABLISHED}.
     */
    byte[] onServerHello(byte[] frame) throws TunnelHandshakeException {
        enter(State.AWAIT_SERVER_HELLO, "ServerHello");
        try {
            ServerHello sh = ServerHello.decode(frame);
            if (sh.version() != TunnelFrame.VERSION) {
                throw new TunnelHandshakeException("unsupported version " + sh.version());
            }
            try {
                suite = Suite.byId(sh.suiteId());
            } catch (StreamException.Malformed e) {
                throw new TunnelHandshakeException("the server chose an unknown suite 0x" + Integer.toHexString(sh.suiteId()));
            }
            if (!config.suites().contains(suite)) {
                throw new TunnelHandshakeException("the server chose suite " + suite.label() + ", which was not offered");
            }
            rekeyLog2 = sh.rekeyLog2();
            if (rekeyLog2 < TunnelConfig.MIN_REKEY_LOG2 || rekeyLog2 > config.rekeyLog2()) {
                throw new TunnelHandshakeException("the server chose rekey_log2 " + rekeyLog2 + ", outside what was offered");
            }
            agreement = exchange.agree(sh.ephemeral(), 32);
            agreement.verifyPeerConfirmation(sh.confirmation());
            byte[] th1 = transcriptHash(frame, ServerHello.UNVERIFIED_LENGTH);
            deriveHandshakeSecret(th1);
            byte[] expected = finishedMac(TunnelKeySchedule.SERVER_FINISHED, th1);
            if (!Bytes.constantTimeEquals(expected, 0, sh.verify(), 0, TunnelFrame.VERIFY_LENGTH)) {
                throw new TunnelHandshakeException("key confirmation failed: server_verify does not match the transcript");
            }
            transcript.update(frame, ServerHello.UNVERIFIED_LENGTH, TunnelFrame.VERIFY_LENGTH);
            peerKey = config.serverKey();

            ClientFinished cf = new ClientFinished(agreement.confirmation(), new byte[TunnelFrame.VERIFY_LENGTH]);
            byte[] th2 = transcriptHash(cf.encode(), ClientFinished.UNVERIFIED_LENGTH);
            byte[] f = new ClientFinished(cf.confirmation(), finishedMac(TunnelKeySchedule.CLIENT_FINISHED, th2)).encode();
            transcript.update(f, ClientFinished.UNVERIFIED_LENGTH, TunnelFrame.VERIFY_LENGTH);
            establish();
            return f;
        } catch (Exception e) {
            throw fail(e);
        }
    }

    /** Server: checks S_A (B10) and client_verify; then {@link State#ESTABLISHED}. */
    void onClientFinished(byte[] frame) throws TunnelHandshakeException {
        enter(State.AWAIT_CLIENT_FINISHED, "ClientFinished");
        try {
            ClientFinished cf = ClientFinished.decode(frame);
            agreement.verifyPeerConfirmation(cf.confirmation());
            byte[] th2 = transcriptHash(frame, ClientFinished.UNVERIFIED_LENGTH);
            byte[] expected = finishedMac(TunnelKeySchedule.CLIENT_FINISHED, th2);
            if (!Bytes.constantTimeEquals(expected, 0, cf.verify(), 0, TunnelFrame.VERIFY_LENGTH)) {
                throw new TunnelHandshakeException("key confirmation failed: client_verify does not match the transcript");
            }
            transcript.update(frame, ClientFinished.UNVERIFIED_LENGTH, TunnelFrame.VERIFY_LENGTH);
            establish();
        } catch (Exception e) {
            throw fail(e);
        }
    }

    /** The outcome; only in {@link State#ESTABLISHED}, and only once (the secrets pass to the caller). */
    Established established() {
        if (state != State.ESTABLISHED || established == null) {
            throw new IllegalStateException("no established handshake to hand over in state " + state);
        }
        Established e = established;
        established = null;
        return e;
    }

    /** Abandons the handshake: wipes the ephemeral key, the shared key and the handshake secret. Idempotent. */
    void destroy() {
        if (state != State.ESTABLISHED) {
            state = State.FAILED;
        }
        wipe();
    }

    private void enter(State expected, String what) throws TunnelHandshakeException {
        if (state != expected) {
            throw fail(new TunnelHandshakeException(state == State.FAILED ? what + " after the handshake failed"
                    : what + " out of order: the handshake is in state " + state));
        }
    }

    private Suite firstAccepted(byte[] offered) {
        for (byte id : offered) {
            for (Suite s : config.suites()) {
                if (s.id() == (id & 0xff)) {
                    return s;
                }
            }
        }
        return null;
    }

    /** SM3 of the transcript so far followed by the first {@code length} bytes of {@code frame}, which it then holds. */
    private byte[] transcriptHash(byte[] frame, int length) {
        transcript.update(frame, 0, length);
        return transcript.copy().digest();
    }

    /** HS = HKDF-Extract(TH1, K); wipes K. */
    private void deriveHandshakeSecret(byte[] th1) {
        byte[] k = agreement.sharedKey();
        handshakeSecret = TunnelKeySchedule.extract(th1, k);
        TunnelKeySchedule.wipe(k);
    }

    /** HMAC(HKDF-Expand(HS, label, 32), th): server_verify or client_verify. */
    private byte[] finishedMac(byte[] label, byte[] th) {
        byte[] key = TunnelKeySchedule.expand(handshakeSecret, label, 32);
        try {
            return HmacSm3.mac(key, th);
        } finally {
            TunnelKeySchedule.wipe(key);
        }
    }

    /** §4: MS from TH3 and HS, then the two directions' first secrets; wipes MS, HS and the exchange. */
    private void establish() {
        byte[] th3 = transcript.digest();
        byte[] ms = TunnelKeySchedule.extract(th3, handshakeSecret);
        byte[] c2s = TunnelKeySchedule.expand(ms, TunnelKeySchedule.C2S, 32);
        byte[] s2c = TunnelKeySchedule.expand(ms, TunnelKeySchedule.S2C, 32);
        TunnelKeySchedule.wipe(ms);
        wipe();
        boolean client = config.isClient();
        established = new Established(peerKey, suite, rekeyLog2, client ? s2c : c2s, client ? c2s : s2c);
        state = State.ESTABLISHED;
    }

    /** Fails the handshake with {@code e}, typed: wipes its secrets and returns the exception to throw. */
    private TunnelHandshakeException fail(Exception e) {
        state = State.FAILED;
        wipe();
        if (established != null) {
            TunnelKeySchedule.wipe(established.readSecret(), established.writeSecret());
            established = null;
        }
        if (e instanceof TunnelHandshakeException) {
            return (TunnelHandshakeException) e;
        } else if (e instanceof InvalidKeyException) {
            return new TunnelHandshakeException("the peer's ephemeral key is not a valid SM2 point", e);
        } else if (e instanceof Sm2KeyExchangeException) {
            return new TunnelHandshakeException("key confirmation failed: " + e.getMessage(), e);
        }
        return new TunnelHandshakeException("handshake failed: " + e, e);
    }

    private void wipe() {
        if (exchange != null) {
            exchange.destroy();
        }
        if (agreement != null) {
            agreement.destroy();
        }
        TunnelKeySchedule.wipe(handshakeSecret);
    }
}
