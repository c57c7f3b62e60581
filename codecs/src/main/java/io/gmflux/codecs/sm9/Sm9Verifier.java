package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Bytes;
import java.security.SignatureException;
import java.util.Objects;

/**
 * SM9 verification (GM/T 0044.2 §6.4 / GB/T 38635.2) of signatures by one identity under one
 * master public key: h in [1, N - 1], S in G1, t = g^h, P = [H1(ID ‖ hid)]P2 + Ppub-s,
 * u = e(S, P), h' = H2(M ‖ u·t, N), accept iff h' = h.
 *
 * <p>Precomputation: P and its Miller-loop lines are computed once by the constructor, and g's
 * fixed-base table is shared by the master key; a verification is then one line evaluation, one
 * final exponentiation and one table exponentiation (reading only the table entries h's digits
 * name). Everything here is public, so nothing needs to be constant-time.
 *
 * <p>A message is given whole ({@link #verify(byte[], byte[])}) or in pieces through a
 * {@link Streaming} ({@link #stream()}), which hashes each piece as it comes (nothing buffered, any
 * length).
 *
 * <p>Thread-safe after construction (the workspaces are per thread); a {@link Streaming} is not.
 */
public final class Sm9Verifier {

    private final Sm9SignMasterPublicKey master;
    private final long[] pLines;

    /** A verifier for {@code id} under hid 0x01. */
    public Sm9Verifier(Sm9SignMasterPublicKey master, byte[] id) {
        this(master, id, Sm9SignMasterPrivateKey.HID_SIGN);
    }

    public Sm9Verifier(Sm9SignMasterPublicKey master, byte[] id, byte hid) {
        this.master = Objects.requireNonNull(master, "master");
        Objects.requireNonNull(id, "id");
        Workspace w = Workspace.get();
        long[] p = new long[2 * G2Jacobian.SIZE];
        Generators.P2_COMB.multiplyPublic(p, 0, Sm9Hash.h1(id, hid), w);  // B5-B6 (H1 of the identity is public)
        G2Jacobian.fromAffine(p, G2Jacobian.SIZE, master.point.affine, 0);
        G2Jacobian.addPublic(p, 0, p, 0, p, G2Jacobian.SIZE, w);
        long[] a = new long[16];
        if (!G2Jacobian.toAffine(a, 0, p, 0, w)) {
            // P = O only if H1 = -ks: such an identity cannot have a key; no signature verifies.
            this.pLines = null;
        } else {
            this.pLines = Pairing.prepareNormalized(a, 0, w);
        }
        master.gTable();
    }

    /**
     * Verifies a raw signature h ‖ 04 ‖ x ‖ y. Returns false for a wrong length, h outside
     * [1, N - 1], S not on the curve, or a signature that does not match.
     */
    public boolean verify(byte[] message, byte[] signature) {
        Objects.requireNonNull(message, "message");
        return verify(message, 0, message.length, signature);
    }

    public boolean verify(byte[] message, int off, int len, byte[] signature) {
        Bytes.checkRange(message, off, len, "message");
        Objects.requireNonNull(signature, "signature");
        Sm9Hash.H2 m = new Sm9Hash.H2();
        m.update(message, off, len);
        return verifyAbsorbed(m, signature);
    }

    /** A new streamed verification under this verifier's key and identity. */
    public Streaming stream() {
        return new Streaming();
    }

    /** B1-B9 for the absorbed message m (left absorbed). */
    private boolean verifyAbsorbed(Sm9Hash.H2 m, byte[] signature) {
        if (signature.length != Sm9Signer.SIGNATURE_LENGTH || signature[32] != 4 || pLines == null) {
            return false;
        }
        byte[] h = java.util.Arrays.copyOf(signature, 32);
        if (!ScalarN.inRange(h)) {                                        // B1
            return false;
        }
        long[] s = new long[8];
        if (!Sm9Codec.decodeG1Coordinates(s, 0, signature, 33)) {          // B2
            return false;
        }
        Workspace w = Workspace.get();
        long[] t = new long[Fq12.SIZE];
        master.gTable().multiplyPublic(t, 0, h, w);                       // B3-B4: t = g^h (h public)
        long[] u = Sm9Ops.pair(s, pLines, w);                             // B7
        Fq12.mul(u, 0, u, 0, t, 0, w);                                    // B8
        byte[] h2 = m.finish(Sm9Codec.encodeGt(u, 0));                    // B9
        return Bytes.constantTimeEquals(h, h2);
    }

    /**
     * One message verified in pieces: {@link #update} as it is read, then {@link #verify(byte[])}.
     * Shares the verifier's precomputation; not thread-safe (one per message and thread).
     */
    public final class Streaming {

        private final Sm9Hash.H2 m = new Sm9Hash.H2();

        private Streaming() {
        }

        /** Appends {@code message[off, off + len)} to the message. */
        public void update(byte[] message, int off, int len) {
            Bytes.checkRange(message, off, len, "message");
            m.update(message, off, len);
        }

        /** Appends one byte to the message. */
        public void update(byte b) {
            m.update(b);
        }

        /**
         * Whether the raw signature h ‖ 04 ‖ x ‖ y is valid for the message streamed since the last
         * check (possibly empty); false as {@link Sm9Verifier#verify(byte[], byte[])} says. Starts a
         * new message either way.
         */
        public boolean verify(byte[] signature) {
            Objects.requireNonNull(signature, "signature");
            try {
                return verifyAbsorbed(m, signature);
            } finally {
                m.reset();
            }
        }

        /**
         * As {@link #verify(byte[])} for a DER signature.
         *
         * @throws SignatureException if {@code der} is not a well-formed GM/T 0044 signature encoding
         *     (the message is kept for another attempt)
         */
        public boolean verifyDer(byte[] der) throws SignatureException {
            Objects.requireNonNull(der, "der");
            return verify(Sm9SignatureEncoding.fromDer(der));
        }

        /** Drops the message streamed so far. */
        public void reset() {
            m.reset();
        }
    }

    /**
     * Verifies a DER signature.
     *
     * @throws SignatureException if {@code der} is not a well-formed GM/T 0044 signature encoding
     */
    public boolean verifyDer(byte[] message, byte[] der) throws SignatureException {
        Objects.requireNonNull(der, "der");
        return verify(message, Sm9SignatureEncoding.fromDer(der));
    }
}
