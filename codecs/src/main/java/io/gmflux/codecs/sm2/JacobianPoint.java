package io.gmflux.codecs.sm2;

/**
 * A mutable point (X : Y : Z) in Jacobian coordinates, x = X/Z^2, y = Y/Z^3, coordinates
 * residues modulo p ({@link Sm2FieldP}); Z = 0 is the point at infinity. Not thread-safe; owned by whoever
 * allocated it.
 */
final class JacobianPoint {

    final long[] x = new long[4];
    final long[] y = new long[4];
    final long[] z = new long[4];

    /** Sets this point to the point at infinity (1 : 1 : 0). */
    void setInfinity() {
        Sm2Curve.FP.one(x);
        Sm2Curve.FP.one(y);
        z[0] = 0;
        z[1] = 0;
        z[2] = 0;
        z[3] = 0;
    }

    /** Sets this point to the affine point (ax, ay). */
    void setAffine(long[] ax, long[] ay) {
        System.arraycopy(ax, 0, x, 0, 4);
        System.arraycopy(ay, 0, y, 0, 4);
        Sm2Curve.FP.one(z);
    }

    void set(JacobianPoint p) {
        System.arraycopy(p.x, 0, x, 0, 4);
        System.arraycopy(p.y, 0, y, 0, 4);
        System.arraycopy(p.z, 0, z, 0, 4);
    }

    /** this = mask ? p : this; constant time. */
    void select(JacobianPoint p, long mask) {
        Sm2Curve.select(x, p.x, mask);
        Sm2Curve.select(y, p.y, mask);
        Sm2Curve.select(z, p.z, mask);
    }

    void wipe() {
        java.util.Arrays.fill(x, 0);
        java.util.Arrays.fill(y, 0);
        java.util.Arrays.fill(z, 0);
    }
}
