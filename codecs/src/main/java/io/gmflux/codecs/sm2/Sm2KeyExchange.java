package io.gmflux.codecs.sm2;

import io.gmflux.codecs.kex.ConfirmedAgreement;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm3.Sm3Kdf;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * One party's side of the SM2 key exchange (GB/T 32918.3 §6.1), initiator (A) or responder (B),
 * with the optional confirmation values.
 *
 * <pre>{@code
 * Sm2KeyExchange a = Sm2KeyExchange.initiator(keyA, idA, pubB, idB, random);
 * Sm2KeyExchange b = Sm2KeyExchange.responder(keyB, idB, pubA, idA, random);
 * Sm2KeyExchange.Agreement atB = b.agree(a.ephemeralPublicKey(), 16);   // B sends R_B and S_B
 * Sm2KeyExchange.Agreement atA = a.agree(b.ephemeralPublicKey(), 16);
 * atA.verifyPeerConfirmation(atB.confirmation());                    // A checks S_B = S_1, sends S_A
 * atB.verifyPeerConfirmation(atA.confirmation());                    // B checks S_A = S_2
 * }</pre>
 *
 * <p>x̄ = 2^w + (x mod 2^w) with w = 127; t = (d + x̄·r) mod n; the shared point is
 * [t](P_peer + [x̄_peer]R_peer) (h = 1); K = KDF(x || y || Z_A || Z_B, klen);
 * S_B = SM3(0x02 || y || SM3(x || Z_A || Z_B || x1 || y1 || x2 || y2)) and S_A the same with 0x03,
 * where (x1, y1) = R_A and (x2, y2) = R_B. The multiplication by t is constant time.
 *
 * <p>Single use and not thread-safe: {@link #agree} may be called once, after which the ephemeral
 * secret is zeroed.
 */
public final class Sm2KeyExchange {

    /** The outcome of {@link #agree}: the shared key, this party's confirmation and the peer's expected one. */
    public static final class Agreement extends ConfirmedAgreement<Sm2KeyExchangeException> {

        Agreement(byte[] sharedKey, byte[] confirmation, byte[] expectedPeerConfirmation) {
            super(sharedKey, confirmation, expectedPeerConfirmation);
        }

        @Override
        protected Sm2KeyExchangeException mismatch(String message) {
            return new Sm2KeyExchangeException(message);
        }
    }

    private final boolean initiator;
    private final Sm2PrivateKey ownKey;
    private final Sm2PublicKey peerKey;
    private final byte[] za;
    private final byte[] zb;
    private final long[] r = new long[4];
    private final byte[] ephemeral;
    private final PointArithmetic pa = new PointArithmetic();
    private boolean used;

    private Sm2KeyExchange(boolean initiator, Sm2PrivateKey ownKey, byte[] ownId, Sm2PublicKey peerKey, byte[] peerId,
            SecureRandom random, byte[] fixedEphemeral) {
        Objects.requireNonNull(ownKey, "ownKey");
        Objects.requireNonNull(peerKey, "peerKey");
        Objects.requireNonNull(ownId, "ownId");
        Objects.requireNonNull(peerId, "peerId");
        ownKey.checkNotDestroyed();
        this.initiator = initiator;
        this.ownKey = ownKey;
        this.peerKey = peerKey;
        byte[] zOwn = IdentityHash.za(ownId, ownKey.publicKey());
        byte[] zPeer = IdentityHash.za(peerId, peerKey);
        if (initiator) {
            this.za = zOwn;
            this.zb = zPeer;
        } else {
            this.za = zPeer;
            this.zb = zOwn;
        }
        if (fixedEphemeral != null) {
            Sm2Curve.toLimbs(r, fixedEphemeral, 0);
        } else {
            SharedPoint.drawScalar(Objects.requireNonNull(random, "random"), new byte[32], r); // A1 / B1
        }
        JacobianPoint q = new JacobianPoint();
        pa.mulBase(q, r); // A2 / B2
        long[] x = new long[4];
        long[] y = new long[4];
        pa.toAffine(x, y, q);
        ephemeral = PointEncoding.encodeUncompressed(x, y);
    }

    /** The initiator (A) side: own key and ID, the responder's public key and ID. */
    public static Sm2KeyExchange initiator(Sm2PrivateKey ownKey, byte[] ownId, Sm2PublicKey peerKey, byte[] peerId,
            SecureRandom random) {
        return new Sm2KeyExchange(true, ownKey, ownId, peerKey, peerId, random, null);
    }

    /** The responder (B) side: own key and ID, the initiator's public key and ID. */
    public static Sm2KeyExchange responder(Sm2PrivateKey ownKey, byte[] ownId, Sm2PublicKey peerKey, byte[] peerId,
            SecureRandom random) {
        return new Sm2KeyExchange(false, ownKey, ownId, peerKey, peerId, random, null);
    }

    /** Test-only: a party with a fixed ephemeral scalar (the standards' examples); never reuse one. */
    static Sm2KeyExchange withFixedEphemeral(boolean initiator, Sm2PrivateKey ownKey, byte[] ownId, Sm2PublicKey peerKey,
            byte[] peerId, byte[] ephemeralScalar) {
        return new Sm2KeyExchange(initiator, ownKey, ownId, peerKey, peerId, null, ephemeralScalar);
    }

    /** R = [r]G, this party's ephemeral public key to send, {@code 04 || x || y}. */
    public byte[] ephemeralPublicKey() {
        return ephemeral.clone();
    }

    /**
     * Completes the exchange with the peer's ephemeral public key (65 or 33 bytes).
     *
     * @throws InvalidKeyException if the peer's ephemeral key is not a point of the curve
     * @throws Sm2KeyExchangeException if the shared point is the point at infinity
     * @throws IllegalStateException if called twice
     */
    public Agreement agree(byte[] peerEphemeral, int keyLengthBytes) throws InvalidKeyException, Sm2KeyExchangeException {
        Objects.requireNonNull(peerEphemeral, "peerEphemeral");
        if (keyLengthBytes <= 0) {
            throw new IllegalArgumentException("keyLengthBytes must be positive, got " + keyLengthBytes);
        }
        if (used) {
            throw new IllegalStateException("an Sm2KeyExchange is single use");
        }
        ownKey.checkNotDestroyed();
        long[] rx = new long[4];
        long[] ry = new long[4];
        PointEncoding.decode(peerEphemeral, 0, peerEphemeral.length, rx, ry, pa); // A6 / B3
        used = true;
        long[] t = new long[4];
        long[] xbar = new long[4];
        long[] px = new long[4];
        long[] py = new long[4];
        JacobianPoint q = new JacobianPoint();
        byte[] shared = new byte[64];
        try {
            Montgomery256 fn = Sm2Curve.FN;
            // t = (d + x̄·r) mod n (A4-A5 / B3-B4); x̄ < 2^128 < n
            long[] ownX = new long[4];
            Sm2Curve.toLimbs(ownX, ephemeral, 1);
            xBar(xbar, ownX);
            fn.toMontgomery(t, r);
            fn.mul(t, xbar, t);
            fn.add(t, t, ownKey.d);
            // P_peer + [x̄_peer]R_peer: public values
            xBar(xbar, rx);
            pa.mul(q, rx, ry, xbar);
            if (pa.addAffine(q, q, peerKey.x, peerKey.y) != 0) {
                q.setAffine(peerKey.x, peerKey.y);
                pa.twice(q, q);
            }
            if (pa.toAffine(px, py, q) != 0) {
                throw new Sm2KeyExchangeException("P + [x̄]R of the peer is the point at infinity");
            }
            pa.mul(q, px, py, t); // A7 / B5, constant time in t
            if (pa.toAffine(px, py, q) != 0) {
                throw new Sm2KeyExchangeException("the shared point is the point at infinity");
            }
            PointEncoding.writeCoordinates(px, py, shared, 0);
            byte[] z = new byte[64 + 64];
            System.arraycopy(shared, 0, z, 0, 64);
            System.arraycopy(za, 0, z, 64, 32);
            System.arraycopy(zb, 0, z, 96, 32);
            byte[] key = Sm3Kdf.derive(z, keyLengthBytes); // A8 / B6
            Bytes.wipe(z);
            byte[] peerPoint = PointEncoding.encodeUncompressed(rx, ry);
            byte[] ra = ephemeral;
            byte[] rb = peerPoint;
            if (!initiator) {
                ra = peerPoint;
                rb = ephemeral;
            }
            Sm3 h = new Sm3();
            h.update(shared, 0, 32);
            h.update(za);
            h.update(zb);
            h.update(ra, 1, 64);
            h.update(rb, 1, 64);
            byte[] inner = h.digest();
            byte[] sB = confirmation((byte) 0x02, shared, inner);
            byte[] sA = confirmation((byte) 0x03, shared, inner);
            return initiator ? new Agreement(key, sA, sB) : new Agreement(key, sB, sA);
        } finally {
            Arrays.fill(r, 0);
            Arrays.fill(t, 0);
            Arrays.fill(px, 0);
            Arrays.fill(py, 0);
            Bytes.wipe(shared);
            q.wipe();
            pa.wipe();
        }
    }

    /** Zeroes the ephemeral secret without completing the exchange. */
    public void destroy() {
        used = true;
        Arrays.fill(r, 0);
        pa.wipe();
    }

    private static byte[] confirmation(byte prefix, byte[] shared, byte[] inner) {
        Sm3 h = new Sm3();
        h.update(prefix);
        h.update(shared, 32, 32);
        h.update(inner);
        return h.digest();
    }

    /** x̄ = 2^127 + (x mod 2^127) for plain limbs x (GB/T 32918.3 §6.1 A4, w = 127). */
    private static void xBar(long[] out, long[] x) {
        out[0] = x[0];
        out[1] = x[1] | Long.MIN_VALUE;
        out[2] = 0;
        out[3] = 0;
    }
}
