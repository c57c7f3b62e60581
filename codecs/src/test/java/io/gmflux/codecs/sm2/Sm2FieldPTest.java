package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Montgomery256Test.big;
import static io.gmflux.codecs.sm2.Montgomery256Test.limbs;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Sm2FieldP} (Solinas reduction, plain representation) against BigInteger: mul, sqr, add, sub, mulSmall. */
class Sm2FieldPTest {

    private static final BigInteger P = big(Sm2Curve.P);
    private static final Sm2FieldP F = Sm2Curve.FP;

    /**
     * Edge operands: 0, 1, 2, p-1, p-2, 2^256-1 and 2^256-2 reduced mod p, values just above p
     * reduced, powers of two at the limb and 32-bit-word boundaries, and words of all ones or zeros
     * (they stress the carry passes of the reduction).
     */
    private static BigInteger[] edges() {
        BigInteger two256 = BigInteger.ONE.shiftLeft(256);
        java.util.List<BigInteger> e = new java.util.ArrayList<>();
        e.add(BigInteger.ZERO);
        e.add(BigInteger.ONE);
        e.add(BigInteger.TWO);
        e.add(P.subtract(BigInteger.ONE));
        e.add(P.subtract(BigInteger.TWO));
        e.add(two256.subtract(BigInteger.ONE).mod(P));
        e.add(two256.subtract(BigInteger.TWO).mod(P));
        e.add(P.add(BigInteger.ONE).mod(P));
        e.add(P.add(BigInteger.valueOf(12345)).mod(P));
        for (int k = 0; k < 256; k += 32) {
            e.add(BigInteger.ONE.shiftLeft(k));
            e.add(BigInteger.ONE.shiftLeft(k).subtract(BigInteger.ONE));
            e.add(P.subtract(BigInteger.ONE.shiftLeft(k)));
        }
        e.add(BigInteger.ONE.shiftLeft(255));
        long[][] words = {{-1, 0, -1, 0}, {0, -1, 0, -1}, {-1L >>> 32, -1L << 32, 0, -1L >>> 1},
            {0xFFFFFFFF00000000L, 0xFFFFFFFFL, 0xFFFFFFFF00000000L, 0xFFFFFFFFL}};
        for (long[] w : words) {
            e.add(big(w).mod(P));
        }
        return e.toArray(new BigInteger[0]);
    }

    private static void check(BigInteger a, BigInteger b, String ctx) {
        long[] la = limbs(a);
        long[] lb = limbs(b);
        long[] r = new long[4];
        F.mul(r, la, lb);
        assertThat(big(r)).as("mul " + ctx + " a=" + a.toString(16) + " b=" + b.toString(16)).isEqualTo(a.multiply(b).mod(P));
        F.sqr(r, la);
        assertThat(big(r)).as("sqr " + ctx + " a=" + a.toString(16)).isEqualTo(a.multiply(a).mod(P));
        long[] alias = la.clone();
        F.mul(alias, alias, alias);
        assertThat(big(alias)).as("aliased mul " + ctx + " a=" + a.toString(16)).isEqualTo(a.multiply(a).mod(P));
        F.add(r, la, lb);
        assertThat(big(r)).as("add " + ctx + " a=" + a.toString(16) + " b=" + b.toString(16)).isEqualTo(a.add(b).mod(P));
        F.sub(r, la, lb);
        assertThat(big(r)).as("sub " + ctx + " a=" + a.toString(16) + " b=" + b.toString(16)).isEqualTo(a.subtract(b).mod(P));
        int k = 1 + (b.intValue() & 7);
        F.mulSmall(r, la, k);
        assertThat(big(r)).as("mulSmall " + k + " " + ctx + " a=" + a.toString(16)).isEqualTo(a.multiply(BigInteger.valueOf(k)).mod(P));
    }

    @Test
    void multiplicationAndSquaringAgreeWithBigIntegerOnEdgeOperands() {
        BigInteger[] e = edges();
        for (int i = 0; i < e.length; i++) {
            for (int j = 0; j < e.length; j++) {
                check(e[i], e[j], "edge " + i + "," + j);
            }
        }
    }

    @Test
    void multiplicationAndSquaringAgreeWithBigIntegerOnRandomOperands() {
        long seed = 0x5_3250_2026L;
        SplittableRandom rnd = new SplittableRandom(seed);
        BigInteger[] e = edges();
        for (int it = 0; it < 100_000; it++) {
            BigInteger a = rnd.nextInt(16) == 0 ? e[rnd.nextInt(e.length)] : Montgomery256Test.sample(rnd, P);
            BigInteger b = Montgomery256Test.sample(rnd, P);
            check(a, b, "seed " + seed + " case " + it);
        }
    }

    @Test
    void restOfTheFieldInterfaceAgreesWithBigInteger() {
        Montgomery256Test.checkModulus(F, BigInteger.ONE, Sm2Curve.P, 18, true);
    }

    @Test
    void staysCorrectAfterTheJitHasCompiledMultiplication() {
        // a long dependent chain (x <- x * y + x^2) run until C2 has compiled mul and sqr, checked at the end
        SplittableRandom rnd = new SplittableRandom(77);
        BigInteger x = Montgomery256Test.sample(rnd, P);
        BigInteger y = Montgomery256Test.sample(rnd, P);
        long[] lx = limbs(x);
        long[] ly = limbs(y);
        long[] t = new long[4];
        int rounds = 300_000;
        for (int i = 0; i < rounds; i++) {
            F.sqr(t, lx);
            F.mul(lx, lx, ly);
            F.add(lx, lx, t);
        }
        BigInteger expected = x;
        for (int i = 0; i < rounds; i++) {
            expected = expected.multiply(y).add(expected.multiply(expected)).mod(P);
        }
        assertThat(big(lx)).isEqualTo(expected);
    }
}
