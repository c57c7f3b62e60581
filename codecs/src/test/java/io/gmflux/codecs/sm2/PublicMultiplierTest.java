package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Montgomery256Test.limbs;
import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PublicMultiplier} (variable time, width-8 combs) against the constant-time multiplications
 * of {@link PointArithmetic}, and the verifier on its comb path against BouncyCastle's verdicts.
 */
class PublicMultiplierTest {

    private static final BigInteger N = BouncyCastleSm2.X9.getN();

    private final PointArithmetic pa = new PointArithmetic();
    private final PublicMultiplier pm = new PublicMultiplier();

    /** Scalars at the combs' edges: 0, 1, n-1, digits ±128 / ±127 (width 8), width-10 patterns, top carry. */
    private static List<BigInteger> edgeScalars(long seed, int randomCount) {
        List<BigInteger> out = new ArrayList<>();
        for (long v : new long[] {0, 1, 2, 127, 128, 129, 255, 256, 0x8080}) {
            out.add(BigInteger.valueOf(v));
        }
        BigInteger d128 = BigInteger.ZERO;
        BigInteger d127 = BigInteger.ZERO;
        for (int i = 0; i < 32; i++) {
            d128 = d128.setBit(8 * i + 7);
            d127 = d127.add(BigInteger.valueOf(127).shiftLeft(8 * i));
        }
        out.add(d128.mod(N));
        out.add(d127);
        // width-10 windows 1000000000 / 0111111111 (a wider comb of G was measured; see sm2-speed.md)
        BigInteger d512 = BigInteger.ZERO;
        BigInteger d511 = BigInteger.ZERO;
        for (int i = 0; i < 26; i++) {
            d512 = d512.setBit(10 * i + 9);
            d511 = d511.add(BigInteger.valueOf(511).shiftLeft(10 * i));
        }
        out.add(d512.mod(N));
        out.add(d511.mod(N));
        out.add(BigInteger.ONE.shiftLeft(255));
        out.add(BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE).mod(N));
        for (int m = 1; m <= 8; m++) {
            out.add(N.subtract(BigInteger.valueOf(m)));
        }
        out.add(N.shiftRight(1));
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < randomCount; i++) {
            out.add(Montgomery256Test.sample(rnd, N));
        }
        return out;
    }

    /** Affine (x, y) of p, or null for infinity. */
    private long[][] affine(JacobianPoint p) {
        long[] x = new long[4];
        long[] y = new long[4];
        return pa.toAffine(x, y, p) != 0 ? null : new long[][] {x, y};
    }

    /** u1·G + u2·P by the constant-time ladder and comb. */
    private long[][] reference(long[] u1, long[] u2, long[] px, long[] py) {
        JacobianPoint a = new JacobianPoint();
        JacobianPoint b = new JacobianPoint();
        pa.mulBase(a, u1);
        pa.mul(b, px, py, u2);
        JacobianPoint s = new JacobianPoint();
        if (pa.add(s, a, b) != 0) {
            pa.twice(s, a);
        }
        return affine(s);
    }

    private long[][] publicSum(long[] u1, long[] u2, long[] keyTable) {
        JacobianPoint r = new JacobianPoint();
        pm.mulAdd(r, u1, u2, keyTable);
        return affine(r);
    }

    @Test
    void agreesWithTheConstantTimeMultiplicationsOnEdgeAndRandomScalars() {
        Sm2PublicKey key = Sm2KeyPair.generate(seeded(91)).publicKey();
        long[] table = PublicMultiplier.keyTable(key.x, key.y);
        List<BigInteger> us = edgeScalars(92, 40);
        SplittableRandom rnd = new SplittableRandom(93);
        int checked = 0;
        for (BigInteger a : us) {
            BigInteger b = us.get(rnd.nextInt(us.size()));
            long[] u1 = limbs(a);
            long[] u2 = limbs(b);
            assertThat(publicSum(u1, u2, table)).as("u1 %s u2 %s", a, b)
                    .isDeepEqualTo(reference(u1, u2, key.x, key.y));
            assertThat(publicSum(u2, u1, table)).as("u1 %s u2 %s", b, a)
                    .isDeepEqualTo(reference(u2, u1, key.x, key.y));
            checked += 2;
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void reachesInfinityAndTheDoublingCaseInIntermediateSums() {
        SplittableRandom rnd = new SplittableRandom(94);
        // P = k·G and u1 = -k·u2: the sum is the point at infinity
        for (int i = 0; i < 10; i++) {
            BigInteger k = Montgomery256Test.sample(rnd, N.subtract(BigInteger.TWO)).add(BigInteger.ONE);
            Sm2PublicKey key = Sm2KeyPair.of(privateKey(k)).publicKey();
            long[] table = PublicMultiplier.keyTable(key.x, key.y);
            BigInteger u2 = Montgomery256Test.sample(rnd, N);
            BigInteger u1 = k.multiply(u2).negate().mod(N);
            assertThat(publicSum(limbs(u1), limbs(u2), table)).as("k %s u2 %s", k, u2).isNull();
            // and one more G on top: exactly G
            assertThat(publicSum(limbs(u1.add(BigInteger.ONE).mod(N)), limbs(u2), table))
                    .isDeepEqualTo(new long[][] {Sm2Curve.GX, Sm2Curve.GY});
        }
        // P = G: u1 = u2 = a single digit makes the second comb add the first comb's sum (doubling case),
        // and u2 = -u1 makes it add its negative (infinity in the middle of the sum)
        long[] gTable = PublicMultiplier.keyTable(Sm2Curve.GX, Sm2Curve.GY);
        for (BigInteger u : List.of(BigInteger.ONE, BigInteger.valueOf(128).shiftLeft(64),
                BigInteger.valueOf(77).shiftLeft(248), N.subtract(BigInteger.ONE))) {
            long[] lu = limbs(u);
            assertThat(publicSum(lu, lu, gTable)).as("u %s", u).isDeepEqualTo(reference(lu, lu, Sm2Curve.GX, Sm2Curve.GY));
            assertThat(publicSum(lu, limbs(N.subtract(u)), gTable)).as("u %s", u).isNull();
        }
        assertThat(publicSum(new long[4], new long[4], gTable)).isNull();
    }

    private static Sm2PrivateKey privateKey(BigInteger d) {
        try {
            return Sm2PrivateKey.fromBytes(BouncyCastleSm2.bytes32(d));
        } catch (java.security.InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void verifierOnTheCombAcceptsAndRejectsAsBeforeAndNewVerifiersStartFromIt() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(95));
        Sm2KeyPair other = Sm2KeyPair.generate(seeded(96));
        Sm2Signer signer = new Sm2Signer(pair.privateKey(), IdentityHash.defaultUserId(), seeded(97));
        Sm2Verifier verifier = new Sm2Verifier(pair.publicKey());
        Sm2Verifier wrongKey = new Sm2Verifier(other.publicKey());
        SplittableRandom rnd = new SplittableRandom(98);
        byte[] n = BouncyCastleSm2.bytes32(N);
        for (int i = 0; i < Sm2Verifier.COMB_AFTER + 40; i++) {
            byte[] msg = new byte[rnd.nextInt(0, 80)];
            rnd.nextBytes(msg);
            byte[] sig = signer.sign(msg);
            String what = "case " + i;
            assertThat(verifier.verify(msg, sig)).as(what).isTrue();
            byte[] bad = sig.clone();
            bad[rnd.nextInt(64)] ^= (byte) (1 << rnd.nextInt(8));
            assertThat(verifier.verify(msg, bad)).as(what).isFalse();
            if (msg.length > 0) {
                byte[] otherMsg = msg.clone();
                otherMsg[0] ^= 1;
                assertThat(verifier.verify(otherMsg, sig)).as(what).isFalse();
            }
            if (i % 16 == 0) {
                assertThat(wrongKey.verify(msg, sig)).as(what).isFalse();
                byte[] rN = sig.clone(); // r = n
                System.arraycopy(n, 0, rN, 0, 32);
                assertThat(verifier.verify(msg, rN)).as(what).isFalse();
                byte[] sN = sig.clone(); // s = n
                System.arraycopy(n, 0, sN, 32, 32);
                assertThat(verifier.verify(msg, sN)).as(what).isFalse();
                byte[] sZero = sig.clone();
                Arrays.fill(sZero, 32, 64, (byte) 0);
                assertThat(verifier.verify(msg, sZero)).as(what).isFalse();
                byte[] rPlusN = sig.clone(); // r + n, still 32 bytes when r < 2^256 - n
                BigInteger r = new BigInteger(1, Arrays.copyOf(sig, 32)).add(N);
                if (r.bitLength() <= 256) {
                    System.arraycopy(BouncyCastleSm2.bytes32(r), 0, rPlusN, 0, 32);
                    assertThat(verifier.verify(msg, rPlusN)).as(what).isFalse();
                }
            }
        }
        assertThat(VerificationCombs.peek(pair.publicKey())).isNotNull();
        assertThat(VerificationCombs.peek(other.publicKey())).isNull();
        // a new verifier of the key starts from the comb and agrees with BouncyCastle
        Sm2Verifier fresh = new Sm2Verifier(pair.publicKey());
        org.bouncycastle.crypto.signers.SM2Signer bc = new org.bouncycastle.crypto.signers.SM2Signer(
                org.bouncycastle.crypto.signers.PlainDSAEncoding.INSTANCE);
        bc.init(true, new org.bouncycastle.crypto.params.ParametersWithRandom(
                BouncyCastleSm2.privateKey(pair.privateKey()), seeded(99)));
        for (int i = 0; i < 30; i++) {
            byte[] msg = new byte[rnd.nextInt(0, 80)];
            rnd.nextBytes(msg);
            bc.update(msg, 0, msg.length);
            byte[] sig = bc.generateSignature();
            assertThat(fresh.verify(msg, sig)).as("BouncyCastle signature %d", i).isTrue();
            sig[63] ^= 1;
            assertThat(fresh.verify(msg, sig)).as("BouncyCastle signature %d altered", i).isFalse();
        }
    }

    @Test
    void aKeyWithManyNewVerifiersGetsItsCombAndTheCombVerifiesAsTheTable() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(100));
        Sm2Signer signer = new Sm2Signer(pair.privateKey(), IdentityHash.defaultUserId(), seeded(101));
        byte[] msg = {1, 2, 3};
        byte[] sig = signer.sign(msg);
        byte[] bad = sig.clone();
        bad[5] ^= 0x40;
        for (int i = 1; i < VerificationCombs.NEW_VERIFIERS; i++) {
            Sm2Verifier v = new Sm2Verifier(pair.publicKey());
            assertThat(v.verify(msg, sig)).as("verifier %d", i).isTrue();
            assertThat(v.verify(msg, bad)).as("verifier %d", i).isFalse();
            assertThat(VerificationCombs.peek(pair.publicKey())).as("verifier %d", i).isNull();
        }
        Sm2Verifier v = new Sm2Verifier(pair.publicKey());
        assertThat(VerificationCombs.peek(pair.publicKey())).isNotNull();
        assertThat(v.verify(msg, sig)).isTrue();
        assertThat(v.verify(msg, bad)).isFalse();
    }
}
