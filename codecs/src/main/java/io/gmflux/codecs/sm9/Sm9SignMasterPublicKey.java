package io.gmflux.codecs.sm9;

import java.security.InvalidKeyException;
import java.util.Objects;

/**
 * An SM9 signature master public key Ppub-s = [ks]P2 in G2 (GM/T 0044.2 §6.1). Its raw form is the
 * G2 encoding 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo (129 bytes).
 *
 * <p>Immutable and thread-safe. Per key and on first use, it keeps the fixed-base table of
 * g = e(P1, Ppub-s) in G_T (545 KiB, built in about the time of a few pairings), which makes every
 * later signature and verification under this master key skip the pairing that computes g.
 */
public final class Sm9SignMasterPublicKey {

    final Sm9G2Point point;
    private volatile GroupExponentiation.Comb gTable;

    Sm9SignMasterPublicKey(Sm9G2Point point) {
        this.point = point;
    }

    /**
     * Decodes the 129-byte raw form.
     *
     * @throws NullPointerException if {@code encoded} is null
     * @throws InvalidKeyException if it is not a point of G2
     */
    public static Sm9SignMasterPublicKey fromEncoded(byte[] encoded) throws InvalidKeyException {
        Objects.requireNonNull(encoded, "encoded");
        try {
            return new Sm9SignMasterPublicKey(Sm9G2Point.fromEncoded(encoded));
        } catch (IllegalArgumentException e) {
            throw new InvalidKeyException("invalid SM9 signature master public key: " + e.getMessage(), e);
        }
    }

    /** 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo (a fresh copy). */
    public byte[] encoded() {
        return point.encoded();
    }

    /** The point Ppub-s. */
    public Sm9G2Point point() {
        return point;
    }

    /** The comb table of g = e(P1, Ppub-s) (computed once; racing threads compute equal tables). */
    GroupExponentiation.Comb gTable() {
        GroupExponentiation.Comb t = gTable;
        if (t == null) {
            Workspace w = Workspace.get();
            long[] g = Sm9Ops.pair(Generators.P1, point.lines(), w);
            t = new GroupExponentiation.Comb(Group.GT, g, 0);
            gTable = t;
        }
        return t;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm9SignMasterPublicKey && point.equals(((Sm9SignMasterPublicKey) o).point);
    }

    @Override
    public int hashCode() {
        return point.hashCode();
    }
}
