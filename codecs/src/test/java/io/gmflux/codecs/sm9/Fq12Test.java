package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tower F_q2/F_q4/F_q12 against BigInteger models and algebraic identities. */
class Fq12Test {

    static final BigInteger Q = new BigInteger(1, Sm9Curve.Q_BYTES);

    static long[] randomFq12(SplittableRandom rnd) {
        long[] a = new long[Fq12.SIZE];
        byte[] b = new byte[32];
        for (int i = 0; i < Fq12.SIZE; i += 4) {
            rnd.nextBytes(b);
            BigInteger v = new BigInteger(1, b).mod(Q);
            byte[] e = new byte[32];
            byte[] m = v.toByteArray();
            int n = Math.min(32, m.length);
            System.arraycopy(m, m.length - n, e, 32 - n, n);
            assertThat(Fq.fromBytes(a, i, e, 0)).isTrue();
        }
        return a;
    }

    static BigInteger big(long[] a, int off) {
        byte[] b = new byte[32];
        Fq.toBytes(b, 0, a, off);
        return new BigInteger(1, b);
    }

    @Test
    void fqAgreesWithBigInteger() {
        SplittableRandom rnd = new SplittableRandom(1);
        long[] a = randomFq12(rnd);
        long[] r = new long[4];
        for (int i = 0; i + 8 <= Fq12.SIZE; i += 4) {
            BigInteger x = big(a, i);
            BigInteger y = big(a, i + 4);
            Fq.mul(r, 0, a, i, a, i + 4);
            assertThat(big(r, 0)).isEqualTo(x.multiply(y).mod(Q));
            Fq.add(r, 0, a, i, a, i + 4);
            assertThat(big(r, 0)).isEqualTo(x.add(y).mod(Q));
            Fq.sub(r, 0, a, i, a, i + 4);
            assertThat(big(r, 0)).isEqualTo(x.subtract(y).mod(Q));
            Fq.neg(r, 0, a, i);
            assertThat(big(r, 0)).isEqualTo(x.negate().mod(Q));
            Fq.inv(r, 0, a, i);
            assertThat(big(r, 0)).isEqualTo(x.modInverse(Q));
        }
        // edge values: 0, 1, q - 1
        long[] e = new long[12];
        Fq.setZero(e, 0);
        Fq.setOne(e, 4);
        Fq.neg(e, 8, e, 4);
        Fq.mul(r, 0, e, 8, e, 8);
        assertThat(big(r, 0)).isEqualTo(BigInteger.ONE);
        Fq.neg(r, 0, e, 0);
        assertThat(big(r, 0)).isEqualTo(BigInteger.ZERO);
        Fq.add(r, 0, e, 8, e, 4);
        assertThat(big(r, 0)).isEqualTo(BigInteger.ZERO);
    }

    @Test
    void squaringInverseAndFrobeniusAreConsistent() {
        SplittableRandom rnd = new SplittableRandom(2);
        Workspace w = new Workspace();
        for (int i = 0; i < 5; i++) {
            long[] a = randomFq12(rnd);
            long[] b = randomFq12(rnd);
            long[] x = new long[Fq12.SIZE];
            long[] y = new long[Fq12.SIZE];
            Fq12.sqr(x, 0, a, 0, w);
            Fq12.mul(y, 0, a, 0, a, 0, w);
            assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
            // (ab)^q = a^q b^q, and the 12th power of the Frobenius is the identity
            Fq12.mul(x, 0, a, 0, b, 0, w);
            Fq12.frobenius(x, 0, x, 0, 1, w);
            long[] fa = new long[Fq12.SIZE];
            long[] fb = new long[Fq12.SIZE];
            Fq12.frobenius(fa, 0, a, 0, 1, w);
            Fq12.frobenius(fb, 0, b, 0, 1, w);
            Fq12.mul(y, 0, fa, 0, fb, 0, w);
            assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
            Fq12.copy(x, 0, a, 0);
            for (int k = 0; k < 4; k++) {
                Fq12.frobenius(x, 0, x, 0, 3, w);
            }
            assertThat(Fq12.eq(x, 0, a, 0)).isEqualTo(1);
            Fq12.frobenius(x, 0, a, 0, 1, w);
            Fq12.frobenius(x, 0, x, 0, 1, w);
            Fq12.frobenius(y, 0, a, 0, 2, w);
            assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
            // conj = Frobenius^6
            Fq12.frobenius(x, 0, a, 0, 3, w);
            Fq12.frobenius(x, 0, x, 0, 3, w);
            Fq12.conj(y, 0, a, 0);
            assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
            // a * a^-1 = 1
            Fq12.inv(x, 0, a, 0, w);
            Fq12.mul(x, 0, x, 0, a, 0, w);
            Fq12.setOne(y, 0);
            assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
        }
    }

    @Test
    void frobeniusIsTheQthPower() {
        SplittableRandom rnd = new SplittableRandom(3);
        Workspace w = new Workspace();
        long[] a = randomFq12(rnd);
        long[] x = new long[Fq12.SIZE];
        Fq12.copy(x, 0, a, 0);
        long[] acc = new long[Fq12.SIZE];
        Fq12.setOne(acc, 0);
        for (int i = Q.bitLength() - 1; i >= 0; i--) {
            Fq12.sqr(acc, 0, acc, 0, w);
            if (Q.testBit(i)) {
                Fq12.mul(acc, 0, acc, 0, a, 0, w);
            }
        }
        Fq12.frobenius(x, 0, a, 0, 1, w);
        assertThat(Fq12.eq(x, 0, acc, 0)).isEqualTo(1);
    }

    @Test
    void cyclotomicSquaringEqualsSquaringOnPairingValues() {
        Workspace w = new Workspace();
        long[] g = new long[Fq12.SIZE];
        Fq12.fromBytes(g, 0, Sm9Pairing.pair(Sm9G1Point.generator(), Sm9G2Point.generator()), 0);
        long[] x = new long[Fq12.SIZE];
        long[] y = new long[Fq12.SIZE];
        Fq12.copy(x, 0, g, 0);
        for (int i = 0; i < 10; i++) {
            Fq12.sqr(y, 0, x, 0, w);
            Fq12.cyclotomicSqr(x, 0, x, 0, w);
            assertThat(Fq12.eq(x, 0, y, 0)).as("step %d", i).isEqualTo(1);
        }
    }

    @Test
    void sparseLineMultiplicationEqualsFullMultiplication() {
        SplittableRandom rnd = new SplittableRandom(4);
        Workspace w = new Workspace();
        long[] f = randomFq12(rnd);
        long[] r = randomFq12(rnd);
        long[] line = new long[24];
        System.arraycopy(r, 0, line, 0, 24);
        long[] full = new long[Fq12.SIZE]; // (l0 + l1 v) + 0 w + l2 w^2
        System.arraycopy(line, 0, full, 0, 16);
        System.arraycopy(line, 16, full, 32, 8);
        long[] x = new long[Fq12.SIZE];
        long[] y = new long[Fq12.SIZE];
        Fq12.mulLine(x, 0, f, 0, line, 0, w);
        Fq12.mul(y, 0, f, 0, full, 0, w);
        assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
    }

    @Test
    void scalarLineMultiplicationEqualsTheGeneralSparseOne() {
        SplittableRandom rnd = new SplittableRandom(5);
        Workspace w = new Workspace();
        long[] f = randomFq12(rnd);
        long[] r = randomFq12(rnd);
        long[] line = new long[24];
        System.arraycopy(r, 0, line, 0, 16);
        Fq.copy(line, 16, r, 16);              // l2 = x + 0·u, an element of F_q
        long[] x = new long[Fq12.SIZE];
        long[] y = new long[Fq12.SIZE];
        Fq12.mulLineScalar(x, 0, f, 0, line, 0, r, 16, w);
        Fq12.mulLine(y, 0, f, 0, line, 0, w);
        assertThat(Fq12.eq(x, 0, y, 0)).isEqualTo(1);
    }

    /** f^((q^6 - 1)(q^2 + 1)) for a random f: an element of the cyclotomic subgroup. */
    static long[] randomCyclotomic(SplittableRandom rnd, Workspace w) {
        long[] f = randomFq12(rnd);
        long[] t = new long[Fq12.SIZE];
        long[] c = new long[Fq12.SIZE];
        Fq12.inv(t, 0, f, 0, w);
        Fq12.conj(c, 0, f, 0);
        Fq12.mul(c, 0, c, 0, t, 0, w);
        Fq12.frobenius(t, 0, c, 0, 2, w);
        Fq12.mul(c, 0, c, 0, t, 0, w);
        return c;
    }

    @Test
    void compressedSquaringsThenDecompressionEqualGrangerScottSquarings() {
        SplittableRandom rnd = new SplittableRandom(6);
        Workspace w = new Workspace();
        for (int n : new int[] {0, 1, 2, 3, 8, 39, 64}) {
            for (int trial = 0; trial < 4; trial++) {
                long[] a = randomCyclotomic(rnd, w);
                long[] expected = a.clone();
                long[] x = a.clone();
                for (int k = 0; k < n; k++) {
                    Fq12.cyclotomicSqr(expected, 0, expected, 0, w);
                    Fq12.compressedCyclotomicSqr(x, 0, x, 0, w);
                }
                java.util.Arrays.fill(x, 0, 16, 0x5a5a5a5aL); // the stale a0 slot must not matter
                assertThat(Fq12.decompress(x, 0, w)).as("n = %d, trial %d", n, trial).isTrue();
                assertThat(Fq12.eq(x, 0, expected, 0)).as("n = %d, trial %d", n, trial).isEqualTo(1);
                // and into a separate output
                long[] y = new long[Fq12.SIZE];
                Fq12.compressedCyclotomicSqr(y, 0, expected, 0, w);
                Fq12.cyclotomicSqr(expected, 0, expected, 0, w);
                assertThat(Fq12.decompress(y, 0, w)).isTrue();
                assertThat(Fq12.eq(y, 0, expected, 0)).as("n = %d, trial %d, separate output", n, trial).isEqualTo(1);
            }
        }
    }

    @Test
    void decompressionReportsTheDegenerateIdentity() {
        Workspace w = new Workspace();
        long[] one = new long[Fq12.SIZE];
        Fq12.setOne(one, 0);
        long[] x = one.clone();
        Fq12.compressedCyclotomicSqr(x, 0, x, 0, w);
        assertThat(Fq12.decompress(x, 0, w)).isFalse();
    }
}
