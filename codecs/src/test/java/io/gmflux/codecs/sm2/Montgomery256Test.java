package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Montgomery256Test {

    private static final BigInteger R = BigInteger.ONE.shiftLeft(256);

    static long[] limbs(BigInteger v) {
        long[] r = new long[4];
        for (int i = 0; i < 4; i++) {
            r[i] = v.shiftRight(64 * i).longValue();
        }
        return r;
    }

    static BigInteger big(long[] a) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 3; i >= 0; i--) {
            v = v.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(a[i])));
        }
        return v;
    }

    /** Random values below m, biased towards the edges (0, 1, m-1, all-ones limbs). */
    static BigInteger sample(SplittableRandom rnd, BigInteger m) {
        switch (rnd.nextInt(8)) {
            case 0:
                return BigInteger.ZERO;
            case 1:
                return BigInteger.ONE;
            case 2:
                return m.subtract(BigInteger.ONE);
            case 3:
                return m.subtract(BigInteger.valueOf(rnd.nextInt(1, 1000)));
            case 4: {
                long[] l = new long[4];
                for (int i = 0; i < 4; i++) {
                    l[i] = rnd.nextBoolean() ? -1L : rnd.nextLong();
                }
                return big(l).mod(m);
            }
            default: {
                long[] l = {rnd.nextLong(), rnd.nextLong(), rnd.nextLong(), rnd.nextLong()};
                return big(l).mod(m);
            }
        }
    }

    private static void checkModulus(long[] modulus, long seed, boolean prime) {
        checkModulus(new Montgomery256(modulus), R, modulus, seed, prime);
    }

    /**
     * Checks f against BigInteger; form is the factor of f's representation (R = 2^256 for
     * {@link Montgomery256}, 1 for {@link Sm2FieldP}'s plain residues): operands are drawn as
     * representations, so a product carries an extra factor form^-1.
     */
    static void checkModulus(PrimeField256 f, BigInteger form, long[] modulus, long seed, boolean prime) {
        BigInteger m = big(modulus);
        BigInteger rInv = form.modInverse(m);
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] r = new long[4];
        for (int it = 0; it < (prime ? 10_000 : 3_000); it++) {
            BigInteger a = sample(rnd, m);
            BigInteger b = sample(rnd, m);
            long[] la = limbs(a);
            long[] lb = limbs(b);
            String ctx = "seed " + seed + " case " + it + " a=" + a.toString(16) + " b=" + b.toString(16);
            f.mul(r, la, lb);
            assertThat(big(r)).as("mul " + ctx).isEqualTo(a.multiply(b).multiply(rInv).mod(m));
            f.sqr(r, la);
            assertThat(big(r)).as("sqr " + ctx).isEqualTo(a.multiply(a).multiply(rInv).mod(m));
            long[] aliasSqr = la.clone();
            f.sqr(aliasSqr, aliasSqr);
            assertThat(big(aliasSqr)).as("aliased sqr " + ctx).isEqualTo(a.multiply(a).multiply(rInv).mod(m));
            f.add(r, la, lb);
            assertThat(big(r)).as("add " + ctx).isEqualTo(a.add(b).mod(m));
            f.sub(r, la, lb);
            assertThat(big(r)).as("sub " + ctx).isEqualTo(a.subtract(b).mod(m));
            f.neg(r, la);
            assertThat(big(r)).as("neg " + ctx).isEqualTo(a.negate().mod(m));
            if (f instanceof Montgomery256 mf) {
                mf.toMontgomery(r, la);
                assertThat(big(r)).as("toMontgomery " + ctx).isEqualTo(a.multiply(form).mod(m));
                mf.fromMontgomery(r, r);
                assertThat(big(r)).as("round trip " + ctx).isEqualTo(a);
            }
            // aliasing: r is also an input
            long[] alias = la.clone();
            f.mul(alias, alias, lb);
            assertThat(big(alias)).as("aliased mul " + ctx).isEqualTo(a.multiply(b).multiply(rInv).mod(m));
            assertThat(f.isReduced(la)).isTrue();
        }
        for (int it = 0; prime && it < 200; it++) {
            BigInteger a = sample(rnd, m);
            long[] la = limbs(a.multiply(form).mod(m));
            f.pow(r, la, limbs(m.subtract(BigInteger.TWO))); // Fermat's inversion, a^(m-2)
            BigInteger expected = a.signum() == 0 ? BigInteger.ZERO : a.modInverse(m).multiply(form).mod(m);
            assertThat(big(r)).as("inv seed " + seed + " case " + it + " a=" + a.toString(16)).isEqualTo(expected);
        }
        assertThat(f.isReduced(modulus)).isFalse();
        assertThat(f.isReduced(limbs(m.add(BigInteger.ONE)))).isFalse();
        assertThat(f.isReduced(new long[] {-1, -1, -1, -1})).isFalse();
    }

    @Test
    void agreesWithBigIntegerModP() {
        checkModulus(Sm2Curve.P, 11, true);
    }

    @Test
    void powAgreesWithBigIntegerInBothRepresentations() {
        SplittableRandom rnd = new SplittableRandom(19);
        BigInteger p = big(Sm2Curve.P);
        long[] r = new long[4];
        for (int it = 0; it < 200; it++) {
            BigInteger a = sample(rnd, p);
            BigInteger e = sample(rnd, R);
            Montgomery256 mf = new Montgomery256(Sm2Curve.P);
            mf.toMontgomery(r, limbs(a));
            mf.pow(r, r, limbs(e));
            mf.fromMontgomery(r, r);
            assertThat(big(r)).as("Montgomery pow case " + it).isEqualTo(a.modPow(e, p));
            Sm2Curve.FP.pow(r, limbs(a), limbs(e));
            assertThat(big(r)).as("plain pow case " + it).isEqualTo(a.modPow(e, p));
        }
    }

    @Test
    void agreesWithBigIntegerModN() {
        checkModulus(Sm2Curve.N, 12, true);
    }

    @Test
    void agreesWithBigIntegerForOtherOddModuli() {
        SplittableRandom rnd = new SplittableRandom(13);
        for (int i = 0; i < 3; i++) {
            long[] m = {rnd.nextLong() | 1, rnd.nextLong(), rnd.nextLong(), rnd.nextLong() | Long.MIN_VALUE};
            checkModulus(m, 14 + i, false);
        }
    }

    @Test
    void inversionModPAgreesWithBigInteger() {
        PointArithmetic pa = new PointArithmetic();
        BigInteger p = big(Sm2Curve.P);
        SplittableRandom rnd = new SplittableRandom(21);
        long[] r = new long[4];
        for (int it = 0; it < 2_000; it++) {
            BigInteger a = sample(rnd, p);
            long[] la = limbs(a);
            pa.invert(r, la);
            BigInteger expected = a.signum() == 0 ? BigInteger.ZERO : a.modInverse(p);
            assertThat(big(r)).as("seed 21 case " + it + " a=" + a.toString(16)).isEqualTo(expected);
        }
    }
}
