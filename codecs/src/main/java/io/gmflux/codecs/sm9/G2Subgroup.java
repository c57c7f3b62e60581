package io.gmflux.codecs.sm9;

/**
 * Membership of a twist point in G2 by the Frobenius endomorphism instead of a multiplication by N:
 * on E'(F_q2) the endomorphism ψ = π (untwist, q-power Frobenius, twist) acts on G2 as the
 * multiplication by q mod N = q - N = 6t^2 (the trace minus one), and a point of E' is in G2 exactly
 * when ψ(Q) = [6t^2]Q (Scott, "A note on group membership tests for G1, G2 and GT on BLS
 * pairing-friendly curves", 2021, §4 for BN curves). [6t^2] is a 127-bit public multiplication, about
 * half the cost of [N]Q. Works on public points; variable time.
 */
final class G2Subgroup {

    /** 6t^2 as 32 big-endian bytes. */
    private static final byte[] SIX_T_SQUARED;

    static {
        java.math.BigInteger t = java.math.BigInteger.valueOf(Sm9Curve.T);
        byte[] m = t.multiply(t).multiply(java.math.BigInteger.valueOf(6)).toByteArray();
        SIX_T_SQUARED = new byte[32];
        int n = Math.min(m.length, 32);
        System.arraycopy(m, m.length - n, SIX_T_SQUARED, 32 - n, n);
    }

    private G2Subgroup() {
    }

    /** True if the affine point on E' lies in G2. */
    static boolean contains(long[] q, int qo, Workspace w) {
        long[] s = new long[3 * G2Jacobian.SIZE];
        long[] psi = new long[16];
        G2Jacobian.fromAffine(s, 0, q, qo);
        GroupExponentiation.variableBasePublic(Group.G2, s, G2Jacobian.SIZE, s, 0, SIX_T_SQUARED, w);
        Pairing.frobenius(psi, 0, q, qo, w);
        if (!G2Jacobian.toAffine(s, 2 * G2Jacobian.SIZE, s, G2Jacobian.SIZE, w)) {
            return false;
        }
        return Fq2.eq(psi, 0, s, 2 * G2Jacobian.SIZE) == 1 && Fq2.eq(psi, 8, s, 2 * G2Jacobian.SIZE + 8) == 1;
    }
}
