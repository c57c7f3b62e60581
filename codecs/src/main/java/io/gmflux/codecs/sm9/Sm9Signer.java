package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Bytes;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * SM9 signing (GM/T 0044.2 §6.3 / GB/T 38635.2): r random in [1, N - 1], w = g^r with
 * g = e(P1, Ppub-s), h = H2(M ‖ w, N), l = (r - h) mod N (a new r if l = 0), S = [l]dsA. The
 * signature's raw form is h ‖ S = h ‖ 04 ‖ x ‖ y (97 bytes); {@link #signDer} gives the GM/T 0044
 * DER form ({@link Sm9SignatureEncoding}).
 *
 * <p>Precomputation: the master public key's table for g (shared, see {@link Sm9SignMasterPublicKey})
 * and, built by this constructor, an affine comb table of dsA (136 KiB, about the cost of three signatures),
 * so a signature is two table-driven exponentiations of 43 group operations each and no pairing.
 * Both exponentiations, by r and by l, are constant-time (every table entry read by mask).
 *
 * <p>A message is given whole ({@link #sign(byte[])}) or in pieces ({@link #update(byte[], int, int)}
 * then {@link #sign()}): M comes before w in H2, so the pieces go straight into SM3 (nothing is
 * buffered, any length) and w is computed when the message is complete.
 *
 * <p>Not thread-safe (one per thread); construction is the expensive part, so keep a signer.
 * Nothing of r is retained after a call returns; a streamed message only until {@link #sign()} or
 * {@link #reset()}.
 */
public final class Sm9Signer {

    public static final int SIGNATURE_LENGTH = 32 + Sm9Codec.G1_LENGTH;

    private final Sm9SignPrivateKey key;
    private final SecureRandom random;
    private final GroupExponentiation.Comb dsTable;
    private final Sm9Hash.H2 stream = new Sm9Hash.H2();
    private boolean streaming;

    public Sm9Signer(Sm9SignPrivateKey key) {
        this(key, new SecureRandom());
    }

    public Sm9Signer(Sm9SignPrivateKey key, SecureRandom random) {
        this.key = Objects.requireNonNull(key, "key");
        this.random = Objects.requireNonNull(random, "random");
        key.checkNotDestroyed();
        long[] j = new long[G1Jacobian.SIZE];
        G1Jacobian.fromAffine(j, 0, key.ds, 0);
        this.dsTable = new GroupExponentiation.Comb(Group.G1, j, 0);
        java.util.Arrays.fill(j, 0L);
        key.masterPublicKey().gTable();
    }

    /** The raw signature h ‖ S of {@code message}. */
    public byte[] sign(byte[] message) {
        Objects.requireNonNull(message, "message");
        return sign(message, 0, message.length);
    }

    /**
     * The raw signature h ‖ S of {@code message[off, off + len)}.
     *
     * @throws IllegalStateException if a streamed message ({@link #update}) is pending
     */
    public byte[] sign(byte[] message, int off, int len) {
        Bytes.checkRange(message, off, len, "message");
        requireNotStreaming();
        Sm9Hash.H2 m = new Sm9Hash.H2();
        m.update(message, off, len);
        try {
            return signAbsorbed(m);
        } finally {
            m.reset();
        }
    }

    /** Appends {@code message[off, off + len)} to the streamed message that {@link #sign()} signs. */
    public void update(byte[] message, int off, int len) {
        Bytes.checkRange(message, off, len, "message");
        streaming = true;
        stream.update(message, off, len);
    }

    /** Appends one byte to the streamed message. */
    public void update(byte b) {
        streaming = true;
        stream.update(b);
    }

    /**
     * The raw signature h ‖ S of the message streamed through {@link #update} since the last
     * {@code sign()} or {@link #reset()} (possibly empty); starts a new message.
     */
    public byte[] sign() {
        try {
            return signAbsorbed(stream);
        } finally {
            reset();
        }
    }

    /** Drops a streamed message that has not been signed. */
    public void reset() {
        stream.reset();
        streaming = false;
    }

    /** The GM/T 0044 DER signature {@code SEQUENCE { h OCTET STRING, S BIT STRING }}. */
    public byte[] signDer(byte[] message) {
        return Sm9SignatureEncoding.toDer(sign(message));
    }

    /** The DER signature of the streamed message (see {@link #sign()}). */
    public byte[] signDer() {
        return Sm9SignatureEncoding.toDer(sign());
    }

    private void requireNotStreaming() {
        if (streaming) {
            throw new IllegalStateException("a streamed message is pending: call sign() or reset() first");
        }
    }

    private byte[] signAbsorbed(Sm9Hash.H2 m) {
        while (true) {
            byte[] r = ScalarN.random(random);
            byte[] sig = sign(m, r);
            java.util.Arrays.fill(r, (byte) 0);
            if (sig != null) {
                return sig;
            }
        }
    }

    /** One attempt with a given r (the standard's example; tests only); null if l = 0. */
    byte[] sign(byte[] message, int off, int len, byte[] r) {
        Sm9Hash.H2 m = new Sm9Hash.H2();
        m.update(message, off, len);
        return sign(m, r);
    }

    /** One attempt with r over the absorbed message m (left absorbed); null if l = 0. */
    private byte[] sign(Sm9Hash.H2 m, byte[] r) {
        key.checkNotDestroyed();
        Workspace w = Workspace.get();
        long[] g = new long[Fq12.SIZE];
        key.masterPublicKey().gTable().multiply(g, 0, r, w);          // A2-A3: w = g^r
        byte[] wBytes = Sm9Codec.encodeGt(g, 0);
        byte[] h = m.finish(wBytes);                                  // A4
        byte[] l = ScalarN.sub(r, h);                                 // A5
        java.util.Arrays.fill(g, 0L);
        Bytes.wipe(wBytes);
        if (ScalarN.isZero(l)) {
            return null;
        }
        long[] s = new long[G1Jacobian.SIZE];
        dsTable.multiply(s, 0, l, w);                                 // A6: S = [l]dsA
        Bytes.wipe(l);
        byte[] out = new byte[SIGNATURE_LENGTH];
        System.arraycopy(h, 0, out, 0, 32);
        System.arraycopy(Sm9Codec.encodeG1(Sm9Ops.g1Affine(s), 0), 0, out, 32, Sm9Codec.G1_LENGTH);
        return out;
    }
}
