package io.gmflux.codecs.sm9;

import java.security.InvalidKeyException;
import java.util.Objects;

/**
 * An SM9 encryption (and key exchange) master public key Ppub-e = [ke]P1 in G1 (GM/T 0044.3 §6.1,
 * .4 §6.1). Its raw form is the G1 encoding 04 ‖ x ‖ y (65 bytes).
 *
 * <p>Immutable and thread-safe. Per key and on first use, it keeps the fixed-base table of
 * g = e(Ppub-e, P2) in G_T (545 KiB) and an affine comb table of Ppub-e (136 KiB), so that
 * encryption, encapsulation and key exchange compute no pairing and only table-driven
 * multiplications: [r]Q_B = [r·H1]P1 + [r]Ppub-e.
 */
public final class Sm9EncryptMasterPublicKey {

    final Sm9G1Point point;
    private volatile GroupExponentiation.Comb gTable;
    private volatile GroupExponentiation.Comb pointTable;

    Sm9EncryptMasterPublicKey(Sm9G1Point point) {
        this.point = point;
    }

    /**
     * Decodes the 65-byte raw form.
     *
     * @throws NullPointerException if {@code encoded} is null
     * @throws InvalidKeyException if it is not a point of G1
     */
    public static Sm9EncryptMasterPublicKey fromEncoded(byte[] encoded) throws InvalidKeyException {
        Objects.requireNonNull(encoded, "encoded");
        try {
            return new Sm9EncryptMasterPublicKey(Sm9G1Point.fromEncoded(encoded));
        } catch (IllegalArgumentException e) {
            throw new InvalidKeyException("invalid SM9 encryption master public key: " + e.getMessage(), e);
        }
    }

    /** 04 ‖ x ‖ y (a fresh copy). */
    public byte[] encoded() {
        return point.encoded();
    }

    /** The point Ppub-e. */
    public Sm9G1Point point() {
        return point;
    }

    /** The comb table of g = e(Ppub-e, P2) (computed once; racing threads compute equal tables). */
    GroupExponentiation.Comb gTable() {
        GroupExponentiation.Comb t = gTable;
        if (t == null) {
            Workspace w = Workspace.get();
            long[] g = Sm9Ops.pair(point.affine, Generators.P2_LINES, w);
            t = new GroupExponentiation.Comb(Group.GT, g, 0);
            gTable = t;
        }
        return t;
    }

    /** The comb table of Ppub-e (computed once; racing threads compute equal tables). */
    GroupExponentiation.Comb pointTable() {
        GroupExponentiation.Comb t = pointTable;
        if (t == null) {
            long[] j = new long[G1Jacobian.SIZE];
            G1Jacobian.fromAffine(j, 0, point.affine, 0);
            t = new GroupExponentiation.Comb(Group.G1, j, 0);
            pointTable = t;
        }
        return t;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm9EncryptMasterPublicKey && point.equals(((Sm9EncryptMasterPublicKey) o).point);
    }

    @Override
    public int hashCode() {
        return point.hashCode();
    }
}
