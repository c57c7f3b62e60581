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
 * <p>Not thread-safe (one per thread); construction is the expensive part, so keep a signer.
 * Nothing in the message or in r is retained after a call returns.
 */
public final class Sm9Signer {

    public static final int SIGNATURE_LENGTH = 32 + Sm9Codec.G1_LENGTH;

    private final Sm9SignPrivateKey key;
    private final SecureRandom random;
    private final GroupExponentiation.Comb dsTable;

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

    /** The raw signature h ‖ S of {@code message[off, off + len)}. */
    public byte[] sign(byte[] message, int off, int len) {
        Bytes.checkRange(message, off, len, "message");
        while (true) {
            byte[] r = ScalarN.random(random);
            byte[] sig = sign(message, off, len, r);
            java.util.Arrays.fill(r, (byte) 0);
            if (sig != null) {
                return sig;
            }
        }
    }

    /** The GM/T 0044 DER signature {@code SEQUENCE { h OCTET STRING, S BIT STRING }}. */
    public byte[] signDer(byte[] message) {
        return Sm9SignatureEncoding.toDer(sign(message));
    }

    /** One attempt with a given r (the standard's example; tests only); null if l = 0. */
    byte[] sign(byte[] message, int off, int len, byte[] r) {
        key.checkNotDestroyed();
        Workspace w = Workspace.get();
        long[] g = new long[Fq12.SIZE];
        key.masterPublicKey().gTable().multiply(g, 0, r, w);          // A2-A3: w = g^r
        byte[] wBytes = Sm9Codec.encodeGt(g, 0);
        byte[] h = Sm9Hash.h2(message, off, len, wBytes);             // A4
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
