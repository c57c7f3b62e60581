package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Comb (signed 6-bit windows) and fixed-window exponentiation against the public double-and-add. */
class GroupExponentiationTest {

    static final BigInteger N = new BigInteger(1, Sm9Curve.N_BYTES);

    static byte[] b32(BigInteger v) {
        byte[] m = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(32, m.length);
        System.arraycopy(m, m.length - n, out, 32 - n, n);
        return out;
    }

    @Test
    void signedDigitsRecomposeTheScalar() {
        SplittableRandom rnd = new SplittableRandom(21);
        for (int c = 0; c < 200; c++) {
            byte[] k = new byte[32];
            rnd.nextBytes(k);
            if (c == 0) {
                java.util.Arrays.fill(k, (byte) 0xff);
            }
            int[] d = GroupExponentiation.signedDigits(k);
            BigInteger v = BigInteger.ZERO;
            for (int i = d.length - 1; i >= 0; i--) {
                assertThat(d[i]).isBetween(-32, 32);
                v = v.shiftLeft(6).add(BigInteger.valueOf(d[i]));
            }
            assertThat(v).as("case %d (seed 21)", c).isEqualTo(new BigInteger(1, k));
        }
    }

    @Test
    void combAndFixedWindowAgreeWithDoubleAndAddInEveryGroup() {
        SplittableRandom rnd = new SplittableRandom(22);
        Workspace w = new Workspace();
        long[] g1 = new long[G1Jacobian.SIZE];
        G1Jacobian.fromAffine(g1, 0, Generators.P1, 0);
        long[] g2 = new long[G2Jacobian.SIZE];
        G2Jacobian.fromAffine(g2, 0, Generators.P2, 0);
        long[] gt = new long[Fq12.SIZE];
        Fq12.fromBytes(gt, 0, Sm9Pairing.pair(Sm9G1Point.generator(), Sm9G2Point.generator()), 0);
        Object[][] groups = {{Group.G1, g1}, {Group.G2, g2}, {Group.GT, gt}};
        for (Object[] gb : groups) {
            Group g = (Group) gb[0];
            long[] base = (long[]) gb[1];
            GroupExponentiation.Comb comb = new GroupExponentiation.Comb(g, base, 0);
            BigInteger[] edge = {BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(32), BigInteger.valueOf(33),
                    N.subtract(BigInteger.valueOf(33)), BigInteger.ONE.shiftLeft(252).negate().mod(N),
                    N.subtract(BigInteger.ONE), N.subtract(BigInteger.TWO), BigInteger.ONE.shiftLeft(255)};
            for (int c = 0; c < edge.length + 4; c++) {
                byte[] k = c < edge.length ? b32(edge[c]) : b32(new BigInteger(256, new java.util.Random(rnd.nextLong())).mod(N));
                long[] expected = new long[g.size];
                GroupExponentiation.variableBasePublic(g, expected, 0, base, 0, k, w);
                long[] viaComb = new long[g.size];
                comb.multiply(viaComb, 0, k, w);
                long[] viaWindow = new long[g.size];
                GroupExponentiation.variableBase(g, viaWindow, 0, base, 0, k, w);
                long[] viaCombPublic = new long[g.size];
                comb.multiplyPublic(viaCombPublic, 0, k, w);
                assertThat(same(g, viaComb, expected, w)).as("comb, case %d (seed 22)", c).isTrue();
                assertThat(same(g, viaCombPublic, expected, w)).as("public comb, case %d (seed 22)", c).isTrue();
                assertThat(same(g, viaWindow, expected, w)).as("window, case %d (seed 22)", c).isTrue();
            }
        }
    }

    /** Equality of group elements whatever their projective representation. */
    static boolean same(Group g, long[] a, long[] b, Workspace w) {
        if (g == Group.GT) {
            return Fq12.eq(a, 0, b, 0) == 1;
        }
        if (g == Group.G1) {
            long[] x = new long[8];
            long[] y = new long[8];
            return G1Jacobian.toAffine(x, 0, a, 0) && G1Jacobian.toAffine(y, 0, b, 0)
                    && java.util.Arrays.equals(x, y);
        }
        long[] x = new long[16];
        long[] y = new long[16];
        return G2Jacobian.toAffine(x, 0, a, 0, w) && G2Jacobian.toAffine(y, 0, b, 0, w) && java.util.Arrays.equals(x, y);
    }

    @Test
    void rowSelectReturnsExactlyTheNamedRowAndLeavesTheRestOfDst() {
        SplittableRandom rnd = new SplittableRandom(23);
        for (int s : new int[] {1, 8, 16, 48}) {
            for (int n : new int[] {1, 2, 3, 16, 17, 33}) {
                int first = 5;
                long[][] rows = new long[first + n + 4][];
                for (int j = 0; j < rows.length; j++) {
                    rows[j] = rnd.longs(s).toArray();
                }
                for (int d = 0; d < n; d++) {
                    long[] dst = rnd.longs(s + 7).toArray();
                    long[] before = dst.clone();
                    long[] scratch = rnd.longs(s).toArray(); // stale scratch contents must not leak in
                    GroupExponentiation.selectRow(dst, 3, scratch, rows, first, s, d, n);
                    for (int x = 0; x < dst.length; x++) {
                        long want = x >= 3 && x < 3 + s ? rows[first + d][x - 3] : before[x];
                        assertThat(dst[x]).as("s %d, n %d, d %d, x %d (seed 23)", s, n, d, x).isEqualTo(want);
                    }
                }
            }
        }
    }
}
