package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Montgomery256Test.big;
import static io.gmflux.codecs.sm2.Montgomery256Test.limbs;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

class PointArithmeticTest {

    private static final X9ECParameters BC = GMNamedCurves.getByName("sm2p256v1");
    private static final BigInteger N = BC.getN();

    private final PointArithmetic pa = new PointArithmetic();

    /** Scalars: random, plus 0, 1, 2, 15, 16, n-1, n-2, (n-1)/2, powers of 16, all-F digits. */
    private static List<BigInteger> scalars(long seed, int randomCount) {
        List<BigInteger> out = new ArrayList<>();
        for (long v : new long[] {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 48, 255, 256, 1023, 1024}) {
            out.add(BigInteger.valueOf(v));
        }
        // Booth-recoding edges: every 5-bit window 10000 (digit 16), 11111 (carry into the next
        // window), the top window's carry (bits 254 and 255)
        out.add(new BigInteger("8421084210842108421084210842108421084210842108421084210842108421", 16).mod(N));
        out.add(new BigInteger("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", 16));
        out.add(BigInteger.ONE.shiftLeft(255));
        out.add(BigInteger.ONE.shiftLeft(255).add(BigInteger.ONE.shiftLeft(254)));
        out.add(N.subtract(BigInteger.ONE.shiftLeft(200)));
        // every 6-bit window 100000 (digit 32 of the width-6 comb of G), and 011111 with its carry
        BigInteger w6 = BigInteger.ZERO;
        BigInteger w6carry = BigInteger.ZERO;
        for (int i = 0; i < 42; i++) {
            w6 = w6.setBit(6 * i + 5);
            w6carry = w6carry.add(BigInteger.valueOf(31).shiftLeft(6 * i));
        }
        out.add(w6.mod(N));
        out.add(w6carry.mod(N));
        // the one scalar whose last signed digit meets the doubling case in the variable-base ladder
        out.add(N.subtract(BigInteger.valueOf(6)));
        for (int m = 1; m <= 40; m++) {
            out.add(N.subtract(BigInteger.valueOf(m)));
        }
        out.add(N.subtract(BigInteger.ONE));
        out.add(N.subtract(BigInteger.TWO));
        out.add(N.shiftRight(1));
        out.add(BigInteger.ONE.shiftLeft(252));
        out.add(BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE));
        out.add(BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE));
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < randomCount; i++) {
            out.add(Montgomery256Test.sample(rnd, N));
        }
        return out;
    }

    private ECPoint toBc(JacobianPoint p) {
        long[] ax = new long[4];
        long[] ay = new long[4];
        if (pa.toAffine(ax, ay, p) != 0) {
            return BC.getCurve().getInfinity();
        }
        return BC.getCurve().createPoint(big(ax), big(ay));
    }

    private static long[][] montAffine(ECPoint p) {
        ECPoint n = p.normalize();
        long[] x = limbs(n.getAffineXCoord().toBigInteger());
        long[] y = limbs(n.getAffineYCoord().toBigInteger());
        return new long[][] {x, y};
    }

    @Test
    void fixedBaseMultiplicationAgreesWithBouncyCastle() {
        JacobianPoint r = new JacobianPoint();
        for (BigInteger k : scalars(31, 300)) {
            pa.mulBase(r, limbs(k));
            assertThat(toBc(r)).as("k=" + k.toString(16)).isEqualTo(BC.getG().multiply(k).normalize());
        }
    }

    @Test
    void combTableOfAnyPointAgreesWithBouncyCastle() {
        JacobianPoint r = new JacobianPoint();
        SplittableRandom rnd = new SplittableRandom(37);
        for (int i = 0; i < 3; i++) {
            ECPoint p = BC.getG().multiply(Montgomery256Test.sample(rnd, N.subtract(BigInteger.ONE)).add(BigInteger.ONE)).normalize();
            long[][] a = montAffine(p);
            long[] table = CombTable.build(a[0], a[1]);
            for (BigInteger k : scalars(38 + i, 40)) {
                pa.mulComb(r, table, limbs(k));
                assertThat(toBc(r)).as("k=" + k.toString(16) + " P=" + p).isEqualTo(p.multiply(k).normalize());
            }
        }
    }

    /**
     * The comb adds positions in affine pairs first: scalars whose Booth digits are zero at random
     * positions (each window's w + 1 bits all equal) exercise pairs with one, two or no zero digit,
     * a first pair at infinity and runs of empty pairs, for G's width-6 table and a width-5 table.
     */
    @Test
    void combWithZeroDigitsInEveryPairPatternAgreesWithBouncyCastle() {
        JacobianPoint r = new JacobianPoint();
        SplittableRandom rnd = new SplittableRandom(39);
        ECPoint p = BC.getG().multiply(Montgomery256Test.sample(rnd, N.subtract(BigInteger.ONE)).add(BigInteger.ONE)).normalize();
        long[][] a = montAffine(p);
        long[][] tables = {CombTable.BASE, CombTable.build(a[0], a[1])};
        ECPoint[] points = {BC.getG(), p};
        int checked = 0;
        for (int t = 0; t < tables.length; t++) {
            int width = CombTable.width(tables[t]);
            for (int i = 0; i < 400; i++) {
                BigInteger k = Montgomery256Test.sample(rnd, N);
                int zeroEvery = 1 + i % 4; // about 1/zeroEvery of the positions get a zero digit
                for (int row = 0; row < CombTable.rows(width); row++) {
                    if (rnd.nextInt(zeroEvery) == 0) {
                        boolean ones = rnd.nextBoolean();
                        for (int bit = Math.max(0, width * row - 1); bit < Math.min(256, width * row + width); bit++) {
                            k = ones ? k.setBit(bit) : k.clearBit(bit);
                        }
                    }
                }
                if (k.compareTo(N) >= 0) {
                    continue;
                }
                pa.mulComb(r, tables[t], limbs(k));
                assertThat(toBc(r)).as("w=" + width + " k=" + k.toString(16)).isEqualTo(points[t].multiply(k).normalize());
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(700);
    }

    @Test
    void variableBaseMultiplicationAgreesWithBouncyCastle() {
        JacobianPoint r = new JacobianPoint();
        SplittableRandom rnd = new SplittableRandom(32);
        for (BigInteger k : scalars(33, 200)) {
            ECPoint p = BC.getG().multiply(Montgomery256Test.sample(rnd, N.subtract(BigInteger.ONE)).add(BigInteger.ONE)).normalize();
            long[][] a = montAffine(p);
            pa.mul(r, a[0], a[1], limbs(k));
            assertThat(toBc(r)).as("k=" + k.toString(16) + " P=" + p).isEqualTo(p.multiply(k).normalize());
        }
        // P = G itself and P = -G
        ECPoint g = BC.getG();
        for (ECPoint p : new ECPoint[] {g, g.negate()}) {
            long[][] a = montAffine(p);
            for (BigInteger k : scalars(34, 10)) {
                pa.mul(r, a[0], a[1], limbs(k));
                assertThat(toBc(r)).as("k=" + k.toString(16)).isEqualTo(p.multiply(k).normalize());
            }
        }
    }

    @Test
    void jointMultiplicationAgreesWithBouncyCastleIncludingCancellingAndEqualHalves() {
        JacobianPoint r = new JacobianPoint();
        SplittableRandom rnd = new SplittableRandom(35);
        List<BigInteger> ks = scalars(36, 100);
        for (int i = 0; i < ks.size(); i++) {
            BigInteger u1 = ks.get(i);
            BigInteger u2 = ks.get(rnd.nextInt(ks.size()));
            BigInteger d = Montgomery256Test.sample(rnd, N.subtract(BigInteger.ONE)).add(BigInteger.ONE);
            ECPoint p = BC.getG().multiply(d).normalize();
            long[][] a = montAffine(p);
            pa.mulBaseAddPublic(r, limbs(u1), limbs(u2), pa.publicTable(a[0], a[1]));
            ECPoint expected = BC.getG().multiply(u1).add(p.multiply(u2)).normalize();
            assertThat(toBc(r)).as("u1=" + u1.toString(16) + " u2=" + u2.toString(16)).isEqualTo(expected);
        }
        // P = G: u1·G + u2·G with u1 = u2 (doubling) and u1 = n - u2 (infinity)
        long[][] g = montAffine(BC.getG());
        BigInteger u = new BigInteger("123456789abcdef", 16);
        pa.mulBaseAddPublic(r, limbs(u), limbs(u), pa.publicTable(g[0], g[1]));
        assertThat(toBc(r)).isEqualTo(BC.getG().multiply(u.shiftLeft(1)).normalize());
        pa.mulBaseAddPublic(r, limbs(u), limbs(N.subtract(u)), pa.publicTable(g[0], g[1]));
        assertThat(toBc(r).isInfinity()).isTrue();
    }

    @Test
    void additionFormulasHandleInfinityAndReportDoubling() {
        long[][] g = montAffine(BC.getG());
        JacobianPoint inf = new JacobianPoint();
        inf.setInfinity();
        JacobianPoint gj = new JacobianPoint();
        gj.setAffine(g[0], g[1]);
        JacobianPoint r = new JacobianPoint();
        assertThat(pa.addAffine(r, inf, g[0], g[1])).isZero();
        assertThat(toBc(r)).isEqualTo(BC.getG().normalize());
        assertThat(pa.add(r, inf, gj)).isZero();
        assertThat(toBc(r)).isEqualTo(BC.getG().normalize());
        assertThat(pa.add(r, gj, inf)).isZero();
        assertThat(toBc(r)).isEqualTo(BC.getG().normalize());
        assertThat(pa.add(r, gj, gj)).isEqualTo(-1L);
        assertThat(pa.addAffine(r, gj, g[0], g[1])).isEqualTo(-1L);
        pa.twice(r, inf);
        assertThat(toBc(r).isInfinity()).isTrue();
        assertThat(pa.isOnCurve(g[0], g[1])).isTrue();
        long[] y1 = g[1].clone();
        Sm2Curve.FP.add(y1, y1, g[0]);
        assertThat(pa.isOnCurve(g[0], y1)).isFalse();
    }
}
