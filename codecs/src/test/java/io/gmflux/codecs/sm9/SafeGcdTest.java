package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.arith.SafeGcd;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Safegcd inversion (SafeGcd, and Fq.inv / ScalarN.inv on top of it) against
 * BigInteger.modInverse on random inputs and on edge inputs: 0, 1, 2, m - 1, m - 2, (m ± 1)/2,
 * powers of two and runs of ones up to 2^255, values just below m, all-ones 61-bit limb patterns
 * (the limb boundaries of SafeGcd's representation) and 30-bit ones; and on published worst cases
 * that need all 590 divsteps.
 */
class SafeGcdTest {

    private static final BigInteger Q = Fq12Test.Q;
    private static final BigInteger N = new BigInteger("b640000002a3a6f1d603ab4ff58ec74449f2934b18ea8beee56ee19cd69ecf25", 16);

    private static long[] limbs(BigInteger v) {
        long[] r = new long[4];
        for (int i = 0; i < 4; i++) {
            r[i] = v.shiftRight(64 * i).longValue();
        }
        return r;
    }

    private static BigInteger big(long[] a) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 3; i >= 0; i--) {
            v = v.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(a[i])));
        }
        return v;
    }

    private static BigInteger expected(BigInteger x, BigInteger m) {
        return x.signum() == 0 ? BigInteger.ZERO : x.modInverse(m);
    }

    static List<BigInteger> edges(BigInteger m) {
        List<BigInteger> e = new ArrayList<>();
        BigInteger one = BigInteger.ONE;
        e.add(BigInteger.ZERO);
        e.add(one);
        e.add(BigInteger.TWO);
        e.add(m.subtract(one));
        e.add(m.subtract(BigInteger.TWO));
        e.add(m.shiftRight(1));
        e.add(m.shiftRight(1).add(one));
        for (int k = 1; k < 256; k++) {
            e.add(one.shiftLeft(k).mod(m));
            e.add(one.shiftLeft(k).subtract(one).mod(m));
        }
        for (int k = 0; k < 9; k++) {
            e.add(BigInteger.valueOf((1L << 30) - 1).shiftLeft(30 * k).mod(m));
        }
        for (int k = 0; k < 5; k++) {
            BigInteger limb = BigInteger.ONE.shiftLeft(61).subtract(one).shiftLeft(61 * k);
            e.add(limb.mod(m));
            e.add(m.subtract(one).andNot(limb));
        }
        for (int k = 1; k <= 64; k++) {
            e.add(m.subtract(BigInteger.valueOf(k)));
        }
        return e;
    }

    private static void checkModulus(SafeGcd inverse, BigInteger m, long seed, int randomCases) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<BigInteger> cases = new ArrayList<>(edges(m));
        byte[] b = new byte[32];
        for (int i = 0; i < randomCases; i++) {
            rnd.nextBytes(b);
            // mostly uniform below m; some with few bits set (long runs of zero divsteps)
            BigInteger v = new BigInteger(1, b);
            if (i % 8 == 0) {
                v = v.shiftRight(rnd.nextInt(256));
            }
            cases.add(v.mod(m));
        }
        long[] r = new long[4];
        for (BigInteger x : cases) {
            inverse.invert(r, 0, limbs(x), 0);
            assertThat(big(r)).as("seed %d, x = %s", seed, x.toString(16)).isEqualTo(expected(x, m));
            long[] inPlace = limbs(x);
            inverse.invert(inPlace, 0, inPlace, 0);
            assertThat(big(inPlace)).as("in place, seed %d, x = %s", seed, x.toString(16)).isEqualTo(expected(x, m));
        }
    }

    @Test
    void invertsModuloQLikeBigInteger() {
        checkModulus(new SafeGcd(limbs(Q)), Q, 11, 5000);
    }

    @Test
    void invertsModuloOtherOddModuliLikeBigInteger() {
        checkModulus(new SafeGcd(limbs(N)), N, 12, 2000);
        // SM2's p and n (sm2p256v1)
        BigInteger sm2p = new BigInteger("fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff", 16);
        BigInteger sm2n = new BigInteger("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123", 16);
        checkModulus(new SafeGcd(limbs(sm2p)), sm2p, 16, 2000);
        checkModulus(new SafeGcd(limbs(sm2n)), sm2n, 17, 2000);
        // a modulus just below 2^256 (all limbs full), and a small one
        BigInteger big = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.valueOf(189)); // prime 2^256 - 189
        checkModulus(new SafeGcd(limbs(big)), big, 13, 2000);
        BigInteger small = BigInteger.valueOf(1_000_000_007L);
        checkModulus(new SafeGcd(limbs(small)), small, 14, 500);
    }

    /**
     * (x, m) pairs published with libsecp256k1's tests as inputs that need exactly 590 divsteps
     * (the bound SafeGcd runs) from delta = 1/2; the count is checked here by {@link #divsteps}.
     */
    private static final String[][] WORST_CASES = {
        {"fb7e453a3cc0fd05fe977637538ab6d45b3a9323d9072a2330ab53d7b6409118",
            "fdf82da53895d3050fb6d3be0ac64b609cc03dbc521db2d948ad4ad14f756983"},
        {"ea9d9766353d789ec8e8c79a23d88c82890ebdf36e1d4b628ca035e842d0b5f2",
            "f3e72ab284114b15e27869b752db30cf6f5aebbfc84595d05de14b7aacba6fa1"},
        {"eb40350da50b11d23183ae8e88ffced0ad11263b6d62cde5e5dc1e934ef8229c",
            "eec9f80577a885d22f8d37c1946187e26805ea27b26c5ae10aa38a02e2ea3157"},
        {"f2a1c0bf97b88e1d52e790c38f9c7a0585ce5443d609f1ca021e6708f1fedce8",
            "fbe53efe10df7d5d7f0bcd6eff84cd35b9ba2569a413844cb4c51625ed11bd3d"},
        {"ee829e319061a8df695a136d87a228b296b7cce31c8990f8aaeb926bc9f87902",
            "fe897575fb5403bbba6fa6f48248bfd67712e2c8ebbb34b36b81818c3c02d3a9"},
    };

    /** The number of half-delta divsteps from (1/2, m, x) until g = 0, on BigIntegers. */
    private static int divsteps(BigInteger f, BigInteger g) {
        int twoDelta = 1;
        int n = 0;
        while (g.signum() != 0) {
            if (g.testBit(0) && twoDelta > 0) {
                BigInteger t = g.subtract(f).shiftRight(1);
                f = g;
                g = t;
                twoDelta = 2 - twoDelta;
            } else {
                g = (g.testBit(0) ? g.add(f) : g).shiftRight(1);
                twoDelta += 2;
            }
            n++;
        }
        return n;
    }

    @Test
    void invertsTheWorstCasesThatNeedAll590Divsteps() {
        long[] r = new long[4];
        for (String[] c : WORST_CASES) {
            BigInteger x = new BigInteger(c[0], 16);
            BigInteger m = new BigInteger(c[1], 16);
            assertThat(divsteps(m, x)).as("divsteps for x = %s", c[0]).isEqualTo(590);
            new SafeGcd(limbs(m)).invert(r, 0, limbs(x), 0);
            assertThat(big(r)).as("x = %s", c[0]).isEqualTo(x.modInverse(m));
        }
    }

    @Test
    void fqInverseMatchesFermatAndBigInteger() {
        SplittableRandom rnd = new SplittableRandom(15);
        List<BigInteger> cases = new ArrayList<>(edges(Q));
        byte[] b = new byte[32];
        for (int i = 0; i < 2000; i++) {
            rnd.nextBytes(b);
            cases.add(new BigInteger(1, b).mod(Q));
        }
        long[] a = new long[4];
        long[] r = new long[4];
        long[] f = new long[4];
        byte[] e = new byte[32];
        for (BigInteger x : cases) {
            byte[] m = x.toByteArray();
            int n = Math.min(32, m.length);
            java.util.Arrays.fill(e, (byte) 0);
            System.arraycopy(m, m.length - n, e, 32 - n, n);
            assertThat(Fq.fromBytes(a, 0, e, 0)).isTrue();
            Fq.inv(r, 0, a, 0);
            assertThat(Fq12Test.big(r, 0)).as("x = %s", x.toString(16)).isEqualTo(expected(x, Q));
            invFermat(f, 0, a, 0);
            assertThat(Fq.eq(r, 0, f, 0)).as("x = %s", x.toString(16)).isEqualTo(1L);
        }
    }

    @Test
    void scalarInverseMatchesBigInteger() {
        SplittableRandom rnd = new SplittableRandom(16);
        List<BigInteger> cases = new ArrayList<>(edges(N));
        byte[] b = new byte[32];
        for (int i = 0; i < 1000; i++) {
            rnd.nextBytes(b);
            cases.add(new BigInteger(1, b).mod(N));
        }
        for (BigInteger x : cases) {
            byte[] r = ScalarN.inv(ScalarN.bytes(limbs(x)));
            assertThat(new BigInteger(1, r)).as("x = %s", x.toString(16)).isEqualTo(expected(x, N));
        }
    }

    /**
     * r = a^-1 by Fermat, a^(q-2) with a fixed 4-bit window over the public exponent (252 squarings
     * on {@link Fq#sqrWide}, at most 63 multiplications); the reference {@link Fq#inv} is tested
     * against. Branches depend only on the exponent, not on a.
     */
    private static void invFermat(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[16 * 4 + 4 + 5 + 10];
        final int acc = 64;
        final int dig = 68;
        final int col = 73;
        Fq.setOne(t, 0);
        Fq.copy(t, 4, a, ao);
        for (int i = 2; i < 16; i++) {
            Fq.mul(t, 4 * i, t, 4 * (i - 1), a, ao);
        }
        long[] e = {Fq.Q0 - 2, Fq.Q1, Fq.Q2, Fq.Q3};
        Fq.copy(t, acc, t, 4 * (int) (e[3] >>> 60));
        for (int i = 62; i >= 0; i--) {
            for (int k = 0; k < 4; k++) {
                Fq.digits(t, dig, t, acc);
                Fq.sqrWide(t, col, t, dig);
                Fq.redc(t, acc, t, col);
            }
            int win = (int) ((e[i >>> 4] >>> (4 * (i & 15))) & 15);
            if (win != 0) { // public exponent digits
                Fq.mul(t, acc, t, acc, t, 4 * win);
            }
        }
        Fq.copy(r, ro, t, acc);
    }
}
