package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The unreduced-product arithmetic (Fq.mulWide/redc under F_q2 and F_q4 multiplication and
 * squaring) against a BigInteger model, on coefficients drawn mostly from the extremes (0, 1, q - 1,
 * q - 2, 2^255) where the bounds on column sums and on the Montgomery reduction's range are tight.
 */
class LazyReductionTest {

    private static final BigInteger Q = Fq12Test.Q;
    private static final BigInteger[] EDGES = {
        BigInteger.ZERO, BigInteger.ONE, Q.subtract(BigInteger.ONE), Q.subtract(BigInteger.TWO),
        BigInteger.ONE.shiftLeft(255), Q.shiftRight(1)};

    private static BigInteger pick(SplittableRandom rnd) {
        if (rnd.nextInt(3) > 0) {
            return EDGES[rnd.nextInt(EDGES.length)];
        }
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        return new BigInteger(1, b).mod(Q);
    }

    private static void set(long[] a, int off, BigInteger v) {
        byte[] e = new byte[32];
        byte[] m = v.toByteArray();
        int n = Math.min(32, m.length);
        System.arraycopy(m, m.length - n, e, 32 - n, n);
        assertThat(Fq.fromBytes(a, off, e, 0)).isTrue();
    }

    /** (a0 + a1 u)(b0 + b1 u) with u^2 = -2. */
    private static BigInteger[] mul2(BigInteger[] a, BigInteger[] b) {
        return new BigInteger[] {
            a[0].multiply(b[0]).subtract(a[1].multiply(b[1]).shiftLeft(1)).mod(Q),
            a[0].multiply(b[1]).add(a[1].multiply(b[0])).mod(Q)};
    }

    /** (x + y v)(x' + y' v) with v^2 = u; x = {c0, c1}, y = {c2, c3}. */
    private static BigInteger[] mul4(BigInteger[] a, BigInteger[] b) {
        BigInteger[] ax = {a[0], a[1]};
        BigInteger[] ay = {a[2], a[3]};
        BigInteger[] bx = {b[0], b[1]};
        BigInteger[] by = {b[2], b[3]};
        BigInteger[] xx = mul2(ax, bx);
        BigInteger[] yy = mul2(mul2(ay, by), new BigInteger[] {BigInteger.ZERO, BigInteger.ONE});
        BigInteger[] xy = mul2(ax, by);
        BigInteger[] yx = mul2(ay, bx);
        return new BigInteger[] {
            xx[0].add(yy[0]).mod(Q), xx[1].add(yy[1]).mod(Q), xy[0].add(yx[0]).mod(Q), xy[1].add(yx[1]).mod(Q)};
    }

    private static BigInteger[] add4(BigInteger[] a, BigInteger[] b) {
        BigInteger[] r = new BigInteger[4];
        for (int i = 0; i < 4; i++) {
            r[i] = a[i].add(b[i]).mod(Q);
        }
        return r;
    }

    private static BigInteger[] part(BigInteger[] a, int i) {
        return java.util.Arrays.copyOfRange(a, 4 * i, 4 * i + 4);
    }

    /** (a0 + a1 w + a2 w^2)(b0 + b1 w + b2 w^2) with w^3 = v (v = (0, 0, 1, 0) in F_q4). */
    private static BigInteger[] mul12(BigInteger[] a, BigInteger[] b) {
        BigInteger[] v = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ONE, BigInteger.ZERO};
        BigInteger[] a0 = part(a, 0);
        BigInteger[] a1 = part(a, 1);
        BigInteger[] a2 = part(a, 2);
        BigInteger[] b0 = part(b, 0);
        BigInteger[] b1 = part(b, 1);
        BigInteger[] b2 = part(b, 2);
        BigInteger[] r0 = add4(mul4(a0, b0), mul4(v, add4(mul4(a1, b2), mul4(a2, b1))));
        BigInteger[] r1 = add4(add4(mul4(a0, b1), mul4(a1, b0)), mul4(v, mul4(a2, b2)));
        BigInteger[] r2 = add4(add4(mul4(a0, b2), mul4(a2, b0)), mul4(a1, b1));
        BigInteger[] r = new BigInteger[12];
        System.arraycopy(r0, 0, r, 0, 4);
        System.arraycopy(r1, 0, r, 4, 4);
        System.arraycopy(r2, 0, r, 8, 4);
        return r;
    }

    /** Granger-Scott's formulas as written (they equal a^2 only in the cyclotomic subgroup). */
    private static BigInteger[] grangerScott(BigInteger[] a) {
        BigInteger[] v = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ONE, BigInteger.ZERO};
        BigInteger three = BigInteger.valueOf(3);
        BigInteger two = BigInteger.TWO;
        BigInteger[] r = new BigInteger[12];
        BigInteger[] s0 = mul4(part(a, 0), part(a, 0));
        BigInteger[] s1 = mul4(part(a, 1), part(a, 1));
        BigInteger[] s2 = mul4(v, mul4(part(a, 2), part(a, 2)));
        for (int j = 0; j < 4; j++) {
            BigInteger sign = j < 2 ? BigInteger.ONE : BigInteger.ONE.negate(); // conj(x + y v) = x - y v
            r[j] = three.multiply(s0[j]).subtract(two.multiply(sign).multiply(a[j])).mod(Q);
            r[4 + j] = three.multiply(s2[j]).add(two.multiply(sign).multiply(a[4 + j])).mod(Q);
            r[8 + j] = three.multiply(s1[j]).subtract(two.multiply(sign).multiply(a[8 + j])).mod(Q);
        }
        return r;
    }

    @Test
    void fq12ProductsAgreeWithBigIntegerOnExtremeCoefficients() {
        SplittableRandom rnd = new SplittableRandom(20261201);
        Workspace w = new Workspace();
        long[] a = new long[Fq12.SIZE];
        long[] b = new long[Fq12.SIZE];
        long[] r = new long[Fq12.SIZE];
        for (int iter = 0; iter < 1500; iter++) {
            BigInteger[] x = new BigInteger[12];
            BigInteger[] y = new BigInteger[12];
            for (int i = 0; i < 12; i++) {
                x[i] = pick(rnd);
                y[i] = pick(rnd);
                set(a, 4 * i, x[i]);
                set(b, 4 * i, y[i]);
            }
            Fq12.mul(r, 0, a, 0, b, 0, w);
            assertThat(matches(r, mul12(x, y))).as("Fq12.mul seed 20261201 case " + iter).isTrue();
            Fq12.sqr(r, 0, a, 0, w);
            assertThat(matches(r, mul12(x, x))).as("Fq12.sqr seed 20261201 case " + iter).isTrue();
            Fq12.cyclotomicSqr(r, 0, a, 0, w);
            assertThat(matches(r, grangerScott(x))).as("Fq12.cyclotomicSqr seed 20261201 case " + iter).isTrue();
        }
    }

    /**
     * A stored (Montgomery) coefficient below q whose 52-bit digits are at the extremes the column
     * bound of Fq12.COLUMN_BOUND assumes: every digit 2^52 - 1 or 0 (the top one q's top digit minus
     * one or 0), q - 1, or random.
     */
    private static BigInteger extremeStored(SplittableRandom rnd) {
        BigInteger top = Q.shiftRight(208).subtract(BigInteger.ONE);
        BigInteger max = BigInteger.ONE.shiftLeft(52).subtract(BigInteger.ONE);
        switch (rnd.nextInt(5)) {
            case 0:
                return BigInteger.ZERO;
            case 1:
                return Q.subtract(BigInteger.ONE);
            case 2: {
                BigInteger v = top;
                for (int i = 0; i < 4; i++) {
                    v = v.shiftLeft(52).add(max);
                }
                return v;
            }
            case 3: {
                BigInteger v = rnd.nextBoolean() ? top : BigInteger.ZERO;
                for (int i = 0; i < 4; i++) {
                    v = v.shiftLeft(52).add(rnd.nextBoolean() ? max : BigInteger.ZERO);
                }
                return v;
            }
            default: {
                byte[] b = new byte[32];
                rnd.nextBytes(b);
                return new BigInteger(1, b).mod(Q);
            }
        }
    }

    /**
     * Fq12.mul and Fq12.sqr combine their F_q4 products' columns without a carry pass, relying on the
     * bound argued at Fq12.COLUMN_BOUND: on stored coefficients with extreme digits the combined
     * columns (left in the workspace) stay below 2^61 and the results equal the BigInteger products.
     */
    @Test
    void fq12ColumnsStayWithinTheirBoundOnExtremeDigits() {
        SplittableRandom rnd = new SplittableRandom(20261130L ^ 61);
        Workspace w = new Workspace();
        long[] a = new long[Fq12.SIZE];
        long[] b = new long[Fq12.SIZE];
        long[] r = new long[Fq12.SIZE];
        long maxColumn = 0;
        for (int iter = 0; iter < 3000; iter++) {
            boolean uniform = iter % 4 == 0; // the same pattern in every coefficient, the other extreme
            BigInteger ua = extremeStored(rnd);
            BigInteger ub = extremeStored(rnd);
            for (int i = 0; i < 12; i++) {
                BigInteger sa = uniform ? ua : extremeStored(rnd);
                BigInteger sb = uniform ? ub : extremeStored(rnd);
                for (int l = 0; l < 4; l++) {
                    a[4 * i + l] = sa.shiftRight(64 * l).longValue();
                    b[4 * i + l] = sb.shiftRight(64 * l).longValue();
                }
            }
            BigInteger[] x = new BigInteger[12];
            BigInteger[] y = new BigInteger[12];
            for (int i = 0; i < 12; i++) {
                x[i] = Fq12Test.big(a, 4 * i);
                y[i] = Fq12Test.big(b, 4 * i);
            }
            Fq12.mul(r, 0, a, 0, b, 0, w);
            for (int k = 120; k < 240; k++) {
                assertThat(Math.abs(w.wide12[k])).as("Fq12.mul column %d, case %d (seed 20261130^61)", k, iter)
                        .isLessThan(Fq12.COLUMN_BOUND);
                maxColumn = Math.max(maxColumn, Math.abs(w.wide12[k]));
            }
            assertThat(matches(r, mul12(x, y))).as("Fq12.mul case %d (seed 20261130^61)", iter).isTrue();
            Fq12.sqr(r, 0, a, 0, w);
            for (int k = 0; k < 120; k++) {
                assertThat(Math.abs(w.wide12[k])).as("Fq12.sqr column %d, case %d (seed 20261130^61)", k, iter)
                        .isLessThan(Fq12.COLUMN_BOUND);
                maxColumn = Math.max(maxColumn, Math.abs(w.wide12[k]));
            }
            assertThat(matches(r, mul12(x, x))).as("Fq12.sqr case %d (seed 20261130^61)", iter).isTrue();
        }
        // the extremes do reach well beyond normalized columns (the test would be vacuous otherwise)
        assertThat(maxColumn).isGreaterThan(1L << 56);
    }

    @Test
    void fq2AndFq4ProductsAgreeWithBigIntegerOnExtremeCoefficients() {
        SplittableRandom rnd = new SplittableRandom(20261130);
        Workspace w = new Workspace();
        long[] a = new long[16];
        long[] b = new long[16];
        long[] r = new long[16];
        for (int iter = 0; iter < 3000; iter++) {
            BigInteger[] x = new BigInteger[4];
            BigInteger[] y = new BigInteger[4];
            for (int i = 0; i < 4; i++) {
                x[i] = pick(rnd);
                y[i] = pick(rnd);
                set(a, 4 * i, x[i]);
                set(b, 4 * i, y[i]);
            }
            String seed = "seed 20261130 case " + iter;
            BigInteger[] e2 = mul2(x, y);
            Fq2.mul(r, 0, a, 0, b, 0, w);
            assertThat(new BigInteger[] {Fq12Test.big(r, 0), Fq12Test.big(r, 4)}).as("Fq2.mul " + seed).containsExactly(e2);
            BigInteger[] s2 = mul2(x, x);
            Fq2.sqr(r, 0, a, 0, w);
            assertThat(new BigInteger[] {Fq12Test.big(r, 0), Fq12Test.big(r, 4)}).as("Fq2.sqr " + seed).containsExactly(s2);
            BigInteger[] e4 = mul4(x, y);
            Fq4.mul(r, 0, a, 0, b, 0, w);
            assertThat(new BigInteger[] {Fq12Test.big(r, 0), Fq12Test.big(r, 4), Fq12Test.big(r, 8), Fq12Test.big(r, 12)})
                    .as("Fq4.mul " + seed).containsExactly(e4);
            BigInteger[] s4 = mul4(x, x);
            Fq4.sqr(r, 0, a, 0, w);
            assertThat(new BigInteger[] {Fq12Test.big(r, 0), Fq12Test.big(r, 4), Fq12Test.big(r, 8), Fq12Test.big(r, 12)})
                    .as("Fq4.sqr " + seed).containsExactly(s4);
            Fq4.sqrTimes3(r, 0, a, 0, w);
            BigInteger three = BigInteger.valueOf(3);
            assertThat(new BigInteger[] {Fq12Test.big(r, 0), Fq12Test.big(r, 4), Fq12Test.big(r, 8), Fq12Test.big(r, 12)})
                    .as("Fq4.sqrTimes3 " + seed).containsExactly(s4[0].multiply(three).mod(Q),
                            s4[1].multiply(three).mod(Q), s4[2].multiply(three).mod(Q), s4[3].multiply(three).mod(Q));
            // in place
            Fq4.mul(a, 0, a, 0, b, 0, w);
            assertThat(matches(a, mul4(x, y))).as("Fq4.mul in place " + seed).isTrue();
        }
    }

    private static boolean matches(long[] a, BigInteger[] e) {
        for (int i = 0; i < e.length; i++) {
            if (!Fq12Test.big(a, 4 * i).equals(e[i])) {
                return false;
            }
        }
        return true;
    }

    private static BigInteger columns(long[] w, int n) {
        BigInteger v = BigInteger.ZERO;
        for (int k = n - 1; k >= 0; k--) {
            v = v.shiftLeft(52).add(BigInteger.valueOf(w[k]));
        }
        return v;
    }

    /** A signed digit with |d| &lt; 2^bits, mostly at the extremes. */
    private static long digit(SplittableRandom rnd, int bits) {
        long max = (1L << bits) - 1;
        switch (rnd.nextInt(6)) {
            case 0: return max;
            case 1: return -max;
            case 2: return 0;
            case 3: return (1L << 52) - 1;
            default: return rnd.nextLong(-max, max + 1);
        }
    }

    /**
     * The digit products (the upper half of each as Math.multiplyHigh of the digits times 2^6) are
     * exact on signed digits up to the documented bounds: |digit| &lt; 2^54 for mulWide and 2^53 for
     * sqrWide, with every column sum equal to the integer product.
     */
    @Test
    void digitProductsAreExactOnSignedExtremeDigits() {
        SplittableRandom rnd = new SplittableRandom(20261130L ^ 52);
        long[] x = new long[5];
        long[] y = new long[5];
        long[] w = new long[10];
        for (int c = 0; c < 20000; c++) {
            for (int i = 0; i < 5; i++) {
                x[i] = digit(rnd, 54);
                y[i] = digit(rnd, 54);
            }
            Fq.mulWide(w, 0, x, 0, y, 0);
            assertThat(columns(w, 10)).as("mulWide case %d (seed 20261130^52)", c).isEqualTo(columns(x, 5).multiply(columns(y, 5)));
            for (int i = 0; i < 5; i++) {
                x[i] = digit(rnd, 53);
            }
            Fq.sqrWide(w, 0, x, 0);
            assertThat(columns(w, 10)).as("sqrWide case %d (seed 20261130^52)", c).isEqualTo(columns(x, 5).pow(2));
        }
    }

    /** redc(T) = T·2^-260 mod q for column sums T across its documented range |T| &lt; 20q^2. */
    @Test
    void montgomeryReductionOfColumnSumsAgreesWithBigInteger() {
        SplittableRandom rnd = new SplittableRandom(20261130L ^ 260);
        BigInteger rInv = BigInteger.ONE.shiftLeft(260).modInverse(Q);
        BigInteger bound = Q.pow(2).multiply(BigInteger.valueOf(20));
        long[] w = new long[10];
        long[] r = new long[4];
        for (int c = 0; c < 20000; c++) {
            BigInteger t;
            switch (c % 4) {
                case 0: t = bound.subtract(BigInteger.ONE); break;
                case 1: t = bound.negate().add(BigInteger.ONE); break;
                default: t = new BigInteger(bound.bitLength() + 1, new java.util.Random(rnd.nextLong())).mod(bound.shiftLeft(1)).subtract(bound);
            }
            // random signed column split of t: digits in [0, 2^52) then moved around between columns
            BigInteger m = t;
            for (int k = 0; k < 9; k++) {
                w[k] = m.and(BigInteger.ONE.shiftLeft(52).subtract(BigInteger.ONE)).longValueExact();
                m = m.shiftRight(52);
            }
            w[9] = m.longValueExact();
            for (int k = 0; k < 9; k++) {
                long move = rnd.nextLong(-(1L << 8), 1L << 8);
                w[k] += move << 52;
                w[k + 1] -= move;
            }
            assertThat(columns(w, 10)).isEqualTo(t);
            Fq.redc(r, 0, w, 0);
            BigInteger raw = BigInteger.ZERO;
            for (int i = 3; i >= 0; i--) {
                raw = raw.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(r[i])));
            }
            // fully reduced, and equal to T·2^-260 mod q
            assertThat(raw).as("redc case %d (seed 20261130^260)", c).isEqualTo(t.multiply(rInv).mod(Q));
        }
    }

    /**
     * The fused Fq.mul on raw limbs anywhere below 2^256 (its documented input range, wider than
     * [0, q)): the output is a·b·2^-260 mod q, fully reduced; edge operands and random ones.
     */
    @Test
    void fusedMultiplicationIsFullyReducedForAllLimbInputs() {
        SplittableRandom rnd = new SplittableRandom(20261130L ^ 256);
        BigInteger two256 = BigInteger.ONE.shiftLeft(256);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, Q.subtract(BigInteger.ONE), Q, Q.add(BigInteger.ONE),
            two256.subtract(BigInteger.ONE), two256.subtract(Q), BigInteger.ONE.shiftLeft(255), Q.shiftRight(1)};
        BigInteger rInv = BigInteger.ONE.shiftLeft(260).modInverse(Q);
        long[] a = new long[4];
        long[] b = new long[4];
        long[] r = new long[4];
        for (int c = 0; c < 20000; c++) {
            BigInteger x = c < 81 ? edges[c % 9] : new BigInteger(256, new java.util.Random(rnd.nextLong()));
            BigInteger y = c < 81 ? edges[c / 9] : new BigInteger(256, new java.util.Random(rnd.nextLong()));
            for (int i = 0; i < 4; i++) {
                a[i] = x.shiftRight(64 * i).longValue();
                b[i] = y.shiftRight(64 * i).longValue();
            }
            Fq.mul(r, 0, a, 0, b, 0);
            BigInteger raw = BigInteger.ZERO;
            for (int i = 3; i >= 0; i--) {
                raw = raw.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(r[i])));
            }
            assertThat(raw).as("case %d: %s * %s (seed 20261130^256)", c, x.toString(16), y.toString(16))
                    .isEqualTo(x.multiply(y).multiply(rInv).mod(Q));
        }
    }
}
