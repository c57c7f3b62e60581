package io.gmflux.codecs.sm9;

import io.gmflux.codecs.kex.ConfirmedAgreement;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm3.Sm3Kdf;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * One party's side of the SM9 key exchange (GM/T 0044.3 §7 / GB/T 38635.2), initiator (A) or
 * responder (B), with the confirmation values. Both parties hold key-exchange keys
 * ({@link Sm9EncryptMasterPrivateKey#extractKeyExchangeKey}, hid 0x02) under one master key.
 *
 * <pre>{@code
 * Sm9KeyExchange a = Sm9KeyExchange.initiator(keyA, idB, random);
 * Sm9KeyExchange b = Sm9KeyExchange.responder(keyB, idA, random);
 * Sm9KeyExchange.Agreement atB = b.agree(a.ephemeralPublicKey(), 16);   // B sends R_B and S_B
 * Sm9KeyExchange.Agreement atA = a.agree(b.ephemeralPublicKey(), 16);
 * atA.verifyPeerConfirmation(atB.confirmation());                    // A checks S_B = S_1, sends S_A
 * atB.verifyPeerConfirmation(atA.confirmation());                    // B checks S_A = S_2
 * }</pre>
 *
 * <p>R_X = [r_X]Q_peer with Q_peer = [H1(ID_peer ‖ hid)]P1 + Ppub-e. With g = e(Ppub-e, P2): the
 * initiator's g1 = g^rA, g2 = e(R_B, deA), g3 = g2^rA; the responder's g1 = e(R_A, deB), g2 = g^rB,
 * g3 = g1^rB. SK = KDF(ID_A ‖ ID_B ‖ R_A ‖ R_B ‖ g1 ‖ g2 ‖ g3, klen);
 * S_B = SM3(0x82 ‖ g1 ‖ SM3(g2 ‖ g3 ‖ ID_A ‖ ID_B ‖ R_A ‖ R_B)), S_A the same with 0x83; R as x ‖ y.
 * Every exponentiation by r is constant-time.
 *
 * <p>Single use and not thread-safe: {@link #agree} may be called once, after which r is zeroed.
 */
public final class Sm9KeyExchange {

    /** The outcome of {@link #agree}: the shared key, this party's confirmation and the peer's expected one. */
    public static final class Agreement extends ConfirmedAgreement<Sm9KeyExchangeException> {

        Agreement(byte[] sharedKey, byte[] confirmation, byte[] expectedPeerConfirmation) {
            super(sharedKey, confirmation, expectedPeerConfirmation);
        }

        @Override
        protected Sm9KeyExchangeException mismatch(String message) {
            return new Sm9KeyExchangeException(message);
        }
    }

    private final boolean initiator;
    private final Sm9EncryptPrivateKey ownKey;
    private final byte[] peerId;
    private final byte[] r;
    private final long[] ownR;
    private boolean used;

    private Sm9KeyExchange(boolean initiator, Sm9EncryptPrivateKey ownKey, byte[] peerId, SecureRandom random,
            byte[] fixedR) {
        this.initiator = initiator;
        this.ownKey = Objects.requireNonNull(ownKey, "ownKey");
        this.peerId = Objects.requireNonNull(peerId, "peerId").clone();
        ownKey.checkNotDestroyed();
        this.r = fixedR != null ? fixedR.clone() : ScalarN.random(Objects.requireNonNull(random, "random"));
        Workspace w = Workspace.get();
        this.ownR = Sm9Ops.recipientMultiple(ownKey.masterPublicKey(), this.peerId, ownKey.hid(), r, w);
    }

    /** The initiator (A): own key-exchange key (its identity is ID_A) and the responder's ID_B. */
    public static Sm9KeyExchange initiator(Sm9EncryptPrivateKey ownKey, byte[] peerId, SecureRandom random) {
        return new Sm9KeyExchange(true, ownKey, peerId, random, null);
    }

    /** The responder (B): own key-exchange key (its identity is ID_B) and the initiator's ID_A. */
    public static Sm9KeyExchange responder(Sm9EncryptPrivateKey ownKey, byte[] peerId, SecureRandom random) {
        return new Sm9KeyExchange(false, ownKey, peerId, random, null);
    }

    /** Test-only: a party with a fixed r (the standard's example); never reuse one. */
    static Sm9KeyExchange withFixedEphemeral(boolean initiator, Sm9EncryptPrivateKey ownKey, byte[] peerId, byte[] r) {
        return new Sm9KeyExchange(initiator, ownKey, peerId, null, r);
    }

    /** This party's R = [r]Q_peer to send, 04 ‖ x ‖ y. */
    public byte[] ephemeralPublicKey() {
        return Sm9Codec.encodeG1(ownR, 0);
    }

    /**
     * Computes SK of {@code keyLength} bytes and the confirmation values from the peer's R
     * (04 ‖ x ‖ y).
     *
     * @throws Sm9KeyExchangeException if the peer's R is not a point of G1
     * @throws IllegalStateException if called twice
     */
    public Agreement agree(byte[] peerEphemeral, int keyLength) throws Sm9KeyExchangeException {
        Objects.requireNonNull(peerEphemeral, "peerEphemeral");
        if (keyLength <= 0) {
            throw new IllegalArgumentException("keyLength must be positive, got " + keyLength);
        }
        if (used) {
            throw new IllegalStateException("an SM9 key exchange is single use");
        }
        long[] peerR = new long[8];
        if (!Sm9Codec.decodeG1(peerR, 0, peerEphemeral)) {
            throw new Sm9KeyExchangeException("the peer's ephemeral point is not 04 || x || y in G1");
        }
        used = true;
        Workspace w = Workspace.get();
        long[] gr = new long[Fq12.SIZE];
        ownKey.masterPublicKey().gTable().multiply(gr, 0, r, w);           // g^r
        long[] e = Sm9Ops.pair(peerR, ownKey.lines(), w);                  // e(R_peer, de)
        long[] e3 = new long[Fq12.SIZE];
        GroupExponentiation.variableBase(Group.GT, e3, 0, e, 0, r, w);     // e^r
        Bytes.wipe(r);
        byte[] g1 = Sm9Codec.encodeGt(initiator ? gr : e, 0);
        byte[] g2 = Sm9Codec.encodeGt(initiator ? e : gr, 0);
        byte[] g3 = Sm9Codec.encodeGt(e3, 0);
        Bytes.wipe(gr);
        Bytes.wipe(e);
        Bytes.wipe(e3);
        byte[] own = Sm9Ops.coordinates(ownR);
        byte[] peer = Sm9Ops.coordinates(peerR);
        byte[] ownId = ownKey.id();
        byte[] idA = initiator ? ownId : peerId;
        byte[] idB = initiator ? peerId : ownId;
        byte[] ra = initiator ? own : peer;
        byte[] rb = initiator ? peer : own;
        byte[] z = Sm9Ops.concat(idA, idB, ra, rb, g1, g2, g3);
        byte[] sk = Sm3Kdf.derive(z, keyLength);
        Bytes.wipe(z);
        Sm3 sm3 = new Sm3();
        sm3.update(g2);
        sm3.update(g3);
        sm3.update(idA);
        sm3.update(idB);
        sm3.update(ra);
        sm3.update(rb);
        byte[] inner = sm3.digest();
        byte[] sb = confirmation((byte) 0x82, g1, inner);
        byte[] sa = confirmation((byte) 0x83, g1, inner);
        Bytes.wipe(g1);
        Bytes.wipe(g2);
        Bytes.wipe(g3);
        return initiator ? new Agreement(sk, sa, sb) : new Agreement(sk, sb, sa);
    }

    private static byte[] confirmation(byte prefix, byte[] g1, byte[] inner) {
        Sm3 sm3 = new Sm3();
        sm3.update(prefix);
        sm3.update(g1);
        sm3.update(inner);
        return sm3.digest();
    }
}
