package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** G2 membership by ψ(Q) = [6t^2]Q against the definition [N]Q = O, on points of G2 and of E' \ G2. */
class G2SubgroupTest {

    static final BigInteger Q = new BigInteger(1, Sm9Curve.Q_BYTES);

    /** A square root mod q (q ≡ 5 mod 8, Atkin's variant), or null. */
    static BigInteger sqrtFq(BigInteger a) {
        BigInteger r = a.modPow(Q.add(BigInteger.valueOf(3)).shiftRight(3), Q);
        if (!r.multiply(r).mod(Q).equals(a.mod(Q))) {
            r = r.multiply(BigInteger.TWO.modPow(Q.subtract(BigInteger.ONE).shiftRight(2), Q)).mod(Q);
        }
        return r.multiply(r).mod(Q).equals(a.mod(Q)) ? r : null;
    }

    /** A square root of a0 + a1 u in F_q2 (u^2 = -2), as {x0, x1}, or null. */
    static BigInteger[] sqrtFq2(BigInteger a0, BigInteger a1) {
        BigInteger n = sqrtFq(a0.multiply(a0).add(a1.multiply(a1).shiftLeft(1)).mod(Q));
        if (n == null) {
            return null;
        }
        BigInteger half = BigInteger.TWO.modInverse(Q);
        for (BigInteger s : new BigInteger[] {n, n.negate()}) {
            BigInteger x0 = sqrtFq(a0.add(s).multiply(half).mod(Q));
            if (x0 != null && x0.signum() != 0) {
                BigInteger x1 = a1.multiply(x0.shiftLeft(1).modInverse(Q)).mod(Q);
                return new BigInteger[] {x0, x1};
            }
        }
        return null;
    }

    static byte[] b32(BigInteger v) {
        byte[] m = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(32, m.length);
        System.arraycopy(m, m.length - n, out, 32 - n, n);
        return out;
    }

    /** A random point of the twist E'(F_q2), encoded 04 || x.hi || x.lo || y.hi || y.lo. */
    static byte[] randomTwistPoint(SplittableRandom rnd) {
        byte[] b = new byte[32];
        while (true) {
            rnd.nextBytes(b);
            BigInteger x0 = new BigInteger(1, b).mod(Q);
            rnd.nextBytes(b);
            BigInteger x1 = new BigInteger(1, b).mod(Q);
            // (x0 + x1 u)^3 + 5u with u^2 = -2
            BigInteger c0 = x0.pow(3).subtract(BigInteger.valueOf(6).multiply(x0).multiply(x1.pow(2)));
            BigInteger c1 = BigInteger.valueOf(3).multiply(x0.pow(2)).multiply(x1).subtract(x1.pow(3).shiftLeft(1))
                    .add(BigInteger.valueOf(5));
            BigInteger[] y = sqrtFq2(c0.mod(Q), c1.mod(Q));
            if (y != null) {
                return Sm9Ops.concat(new byte[] {4}, b32(x1), b32(x0), b32(y[1]), b32(y[0]));
            }
        }
    }

    static boolean killedByN(long[] affine) {
        Workspace w = new Workspace();
        long[] j = new long[2 * G2Jacobian.SIZE];
        G2Jacobian.fromAffine(j, 0, affine, 0);
        GroupExponentiation.variableBasePublic(Group.G2, j, G2Jacobian.SIZE, j, 0, Sm9Curve.N_BYTES, w);
        return G2Jacobian.isInfinity(j, G2Jacobian.SIZE);
    }

    static long[] decodeOnTwist(byte[] enc) {
        long[] a = new long[16];
        assertThat(Fq.fromBytes(a, 4, enc, 1) && Fq.fromBytes(a, 0, enc, 33) && Fq.fromBytes(a, 12, enc, 65)
                && Fq.fromBytes(a, 8, enc, 97)).isTrue();
        assertThat(G2Jacobian.onCurve(a, 0, new Workspace())).isTrue();
        return a;
    }

    @Test
    void acceptsPointsOfG2() {
        SplittableRandom rnd = new SplittableRandom(11);
        Workspace w = new Workspace();
        for (int i = 0; i < 4; i++) {
            long[] p = Sm9Ops.mulP2(PairingTest.scalar(rnd), w);
            assertThat(killedByN(p)).isTrue();
            assertThat(G2Subgroup.contains(p, 0, w)).as("case %d (seed 11)", i).isTrue();
        }
    }

    @Test
    void rejectsTwistPointsOutsideG2() {
        SplittableRandom rnd = new SplittableRandom(12);
        Workspace w = new Workspace();
        for (int i = 0; i < 4; i++) {
            byte[] enc = randomTwistPoint(rnd);
            long[] p = decodeOnTwist(enc);
            assertThat(killedByN(p)).as("random twist point is outside G2, case %d (seed 12)", i).isFalse();
            assertThat(G2Subgroup.contains(p, 0, w)).as("case %d (seed 12)", i).isFalse();
            assertThatThrownBy(() -> Sm9G2Point.fromEncoded(enc)).isInstanceOf(IllegalArgumentException.class);
            // a point of G2 plus a point outside is outside
            long[] q = Sm9Ops.mulP2(PairingTest.scalar(rnd), w);
            long[] j = new long[2 * G2Jacobian.SIZE];
            G2Jacobian.fromAffine(j, 0, p, 0);
            G2Jacobian.fromAffine(j, G2Jacobian.SIZE, q, 0);
            G2Jacobian.addPublic(j, 0, j, 0, j, G2Jacobian.SIZE, w);
            long[] s = new long[16];
            assertThat(G2Jacobian.toAffine(s, 0, j, 0, w)).isTrue();
            assertThat(G2Subgroup.contains(s, 0, w)).isFalse();
        }
    }

    @Test
    void decodingRejectsMalformedG1AndG2Points() {
        byte[] p1 = Sm9G1Point.generator().encoded();
        byte[] p2 = Sm9G2Point.generator().encoded();
        byte[] badPrefix = p1.clone();
        badPrefix[0] = 2;
        assertThatThrownBy(() -> Sm9G1Point.fromEncoded(badPrefix)).isInstanceOf(IllegalArgumentException.class);
        byte[] offCurve = p1.clone();
        offCurve[64] ^= 1;
        assertThatThrownBy(() -> Sm9G1Point.fromEncoded(offCurve)).isInstanceOf(IllegalArgumentException.class);
        byte[] xIsQ = p1.clone();
        System.arraycopy(Sm9Curve.Q_BYTES, 0, xIsQ, 1, 32);
        assertThatThrownBy(() -> Sm9G1Point.fromEncoded(xIsQ)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sm9G1Point.fromEncoded(new byte[65])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sm9G1Point.fromEncoded(java.util.Arrays.copyOf(p1, 64)))
                .isInstanceOf(IllegalArgumentException.class);
        byte[] g2Off = p2.clone();
        g2Off[128] ^= 1;
        assertThatThrownBy(() -> Sm9G2Point.fromEncoded(g2Off)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sm9G2Point.fromEncoded(java.util.Arrays.copyOf(p2, 128)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Sm9G1Point.fromEncoded(p1)).isEqualTo(Sm9G1Point.generator());
        assertThat(Sm9G2Point.fromEncoded(p2)).isEqualTo(Sm9G2Point.generator());
    }
}
