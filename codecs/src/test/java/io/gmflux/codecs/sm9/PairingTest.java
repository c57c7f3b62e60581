package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bouncycastle.math.ec.sm9.SM9Curve;
import org.bouncycastle.math.ec.sm9.SM9G2Point;
import org.bouncycastle.math.ec.sm9.SM9Pairing;
import org.junit.jupiter.api.Test;

class PairingTest {

    static final BigInteger N = new BigInteger(1, Sm9Curve.N_BYTES);

    static byte[] scalar(SplittableRandom rnd) {
        byte[] k = new byte[32];
        do {
            rnd.nextBytes(k);
        } while (!ScalarN.inRange(k));
        return k;
    }

    static Sm9G1Point g1(byte[] k) {
        return new Sm9G1Point(Sm9Ops.mulP1(k, new Workspace()));
    }

    static Sm9G2Point g2(byte[] k) {
        return new Sm9G2Point(Sm9Ops.mulP2(k, new Workspace()));
    }

    /** x^k in G_T through the variable-base exponentiation. */
    static byte[] gtPow(byte[] x, byte[] k) {
        long[] a = new long[Fq12.SIZE];
        assertThat(Fq12.fromBytes(a, 0, x, 0)).isTrue();
        Workspace w = new Workspace();
        GroupExponentiation.variableBase(Group.GT, a, 0, a, 0, k, w);
        return Sm9Codec.encodeGt(a, 0);
    }

    @Test
    void matchesTheStandardsExampleValuesOfG() throws Exception {
        JsonNode s = Vectors.list("sm9", "signature").get(0);
        Sm9G2Point ppubS = Sm9G2Point.fromEncoded(Vectors.hex(s.get("master_public_key_Ppub_s"), "encoded"));
        assertThat(Hex.encode(Sm9Pairing.pair(Sm9G1Point.generator(), ppubS))).isEqualTo(Hex.encode(Vectors.hex(s, "g")));
        // the signature example's w = g^r
        assertThat(Hex.encode(gtPow(Vectors.hex(s, "g"), Vectors.hex(s, "r")))).isEqualTo(Hex.encode(Vectors.hex(s, "w")));
        JsonNode kem = Vectors.list("sm9", "kem").get(0);
        Sm9G1Point ppubE = Sm9G1Point.fromEncoded(Vectors.hex(kem.get("master_public_key_Ppub_e"), "encoded"));
        byte[] g = Sm9Pairing.pair(ppubE, Sm9G2Point.generator());
        assertThat(Hex.encode(gtPow(g, Vectors.hex(kem, "r")))).isEqualTo(Hex.encode(Vectors.hex(kem, "w")));
    }

    @Test
    void isBilinear() {
        SplittableRandom rnd = new SplittableRandom(101);
        byte[] base = Sm9Pairing.pair(Sm9G1Point.generator(), Sm9G2Point.generator());
        for (int i = 0; i < 4; i++) {
            byte[] a = scalar(rnd);
            byte[] b = scalar(rnd);
            byte[] ab = ScalarN.mul(a, b);
            byte[] lhs = Sm9Pairing.pair(g1(a), g2(b));
            assertThat(Hex.encode(lhs)).as("e(aP1, bP2) = e(P1, P2)^ab, case %d (seed 101)", i)
                    .isEqualTo(Hex.encode(gtPow(base, ab)));
            // e(aP, Q) = e(P, aQ)
            assertThat(Sm9Pairing.pair(g1(a), Sm9G2Point.generator()))
                    .isEqualTo(Sm9Pairing.pair(Sm9G1Point.generator(), g2(a)));
        }
    }

    @Test
    void isNonDegenerateAndHasOrderN() {
        byte[] base = Sm9Pairing.pair(Sm9G1Point.generator(), Sm9G2Point.generator());
        long[] one = new long[Fq12.SIZE];
        Fq12.setOne(one, 0);
        byte[] oneBytes = Sm9Codec.encodeGt(one, 0);
        assertThat(base).isNotEqualTo(oneBytes);
        // g^(N-1) * g = 1
        byte[] nMinus1 = ScalarN.sub(new byte[32], scalarOne());
        long[] x = new long[Fq12.SIZE];
        long[] g = new long[Fq12.SIZE];
        Fq12.fromBytes(g, 0, base, 0);
        Fq12.fromBytes(x, 0, gtPow(base, nMinus1), 0);
        Fq12.mul(x, 0, x, 0, g, 0, new Workspace());
        assertThat(Sm9Codec.encodeGt(x, 0)).isEqualTo(oneBytes);
    }

    static byte[] scalarOne() {
        byte[] one = new byte[32];
        one[31] = 1;
        return one;
    }

    @Test
    void agreesWithBouncyCastlesPairingOnRandomPoints() {
        SplittableRandom rnd = new SplittableRandom(202);
        for (int i = 0; i < 6; i++) {
            Sm9G1Point p = g1(scalar(rnd));
            Sm9G2Point q = g2(scalar(rnd));
            byte[] bc = SM9Pairing.toBytes(SM9Pairing.pairing(SM9Curve.G1.decodePoint(p.encoded()), SM9G2Point.decode(q.encoded())));
            assertThat(Hex.encode(Sm9Pairing.pair(p, q))).as("case %d (seed 202)", i).isEqualTo(Hex.encode(bc));
        }
    }

    @Test
    void multiPairingIsTheProductOfPairings() {
        SplittableRandom rnd = new SplittableRandom(303);
        Workspace w = new Workspace();
        Sm9G1Point p1 = g1(scalar(rnd));
        Sm9G1Point p2 = g1(scalar(rnd));
        Sm9G2Point q1 = g2(scalar(rnd));
        Sm9G2Point q2 = g2(scalar(rnd));
        long[] ps = new long[16];
        System.arraycopy(p1.affine, 0, ps, 0, 8);
        System.arraycopy(p2.affine, 0, ps, 8, 8);
        long[] f = new long[Fq12.SIZE];
        Pairing.miller(f, 0, new long[][] {q1.lines(), q2.lines()}, ps, 2, w);
        long[] r = new long[Fq12.SIZE];
        Pairing.finalExponentiation(r, 0, f, 0, w);
        long[] e1 = new long[Fq12.SIZE];
        long[] e2 = new long[Fq12.SIZE];
        Fq12.fromBytes(e1, 0, Sm9Pairing.pair(p1, q1), 0);
        Fq12.fromBytes(e2, 0, Sm9Pairing.pair(p2, q2), 0);
        Fq12.mul(e1, 0, e1, 0, e2, 0, w);
        assertThat(Sm9Codec.encodeGt(r, 0)).isEqualTo(Sm9Codec.encodeGt(e1, 0));
    }

    /**
     * The Miller loop starts from the first line's value; both line forms (plain c2·xP, and normalized
     * with c2 = 1) must give BouncyCastle's pairing, alone and as the first or second pair of a
     * multi-pairing.
     */
    @Test
    void plainAndNormalizedLinesGiveTheSamePairingInEitherPosition() {
        SplittableRandom rnd = new SplittableRandom(505);
        Workspace w = new Workspace();
        for (int i = 0; i < 3; i++) {
            Sm9G1Point p = g1(scalar(rnd));
            Sm9G2Point q = g2(scalar(rnd));
            byte[] bc = SM9Pairing.toBytes(SM9Pairing.pairing(SM9Curve.G1.decodePoint(p.encoded()), SM9G2Point.decode(q.encoded())));
            long[] plain = Pairing.prepare(q.affine, 0, w);
            long[] normalized = Pairing.prepareNormalized(q.affine, 0, w);
            long[] r = new long[Fq12.SIZE];
            Pairing.pair(r, 0, p.affine, 0, plain, w);
            assertThat(Hex.encode(Sm9Codec.encodeGt(r, 0))).as("plain lines, case %d (seed 505)", i).isEqualTo(Hex.encode(bc));
            Pairing.pair(r, 0, p.affine, 0, normalized, w);
            assertThat(Hex.encode(Sm9Codec.encodeGt(r, 0))).as("normalized lines, case %d (seed 505)", i).isEqualTo(Hex.encode(bc));
            // the multi-pairing e(P, Q)·e(-P, Q) = 1, with each line form first once
            long[] ps = new long[16];
            System.arraycopy(p.affine, 0, ps, 0, 8);
            System.arraycopy(p.affine, 0, ps, 8, 8);
            Fq.neg(ps, 12, ps, 12);
            long[] f = new long[Fq12.SIZE];
            long[] one = new long[Fq12.SIZE];
            Fq12.setOne(one, 0);
            Pairing.miller(f, 0, new long[][] {plain, normalized}, ps, 2, w);
            Pairing.finalExponentiation(r, 0, f, 0, w);
            assertThat(Fq12.eq(r, 0, one, 0)).as("e(P, Q) e(-P, Q), plain first, case %d (seed 505)", i).isEqualTo(1L);
            Pairing.miller(f, 0, new long[][] {normalized, plain}, ps, 2, w);
            Pairing.finalExponentiation(r, 0, f, 0, w);
            assertThat(Fq12.eq(r, 0, one, 0)).as("e(P, Q) e(-P, Q), normalized first, case %d (seed 505)", i).isEqualTo(1L);
        }
    }

    /**
     * Values whose easy part is the identity (1 itself, and elements of the subfield F_q, which the
     * final exponentiation kills) take the exponentiations by t down the compressed squarings'
     * degenerate path (D = 0, the run redone uncompressed): the result must still be exactly 1.
     * And a random F_q12 value's final exponentiation equals the plain-squaring reference
     * a^((q^12 - 1)/N) computed in the tower by BigInteger exponent.
     */
    @Test
    void finalExponentiationHandlesTheDegenerateDecompressionAndMatchesTheDefinition() {
        Workspace w = new Workspace();
        long[] one = new long[Fq12.SIZE];
        Fq12.setOne(one, 0);
        long[] r = new long[Fq12.SIZE];
        Pairing.finalExponentiation(r, 0, one, 0, w);
        assertThat(Fq12.eq(r, 0, one, 0)).as("FE(1)").isEqualTo(1L);
        long[] two = new long[Fq12.SIZE];
        Fq.setOne(two, 0);
        Fq.add(two, 0, two, 0, two, 0); // 2 in F_q, embedded
        Pairing.finalExponentiation(r, 0, two, 0, w);
        assertThat(Fq12.eq(r, 0, one, 0)).as("FE(2)").isEqualTo(1L);

        java.math.BigInteger q = new java.math.BigInteger(1, Sm9Curve.Q_BYTES);
        java.math.BigInteger n = new java.math.BigInteger(1, Sm9Curve.N_BYTES);
        java.math.BigInteger e = q.pow(12).subtract(java.math.BigInteger.ONE).divide(n);
        long[] f = Fq12Test.randomFq12(new SplittableRandom(404));
        long[] expected = new long[Fq12.SIZE];
        Fq12.setOne(expected, 0);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            Fq12.sqr(expected, 0, expected, 0, w);
            if (e.testBit(i)) {
                Fq12.mul(expected, 0, expected, 0, f, 0, w);
            }
        }
        Pairing.finalExponentiation(r, 0, f, 0, w);
        assertThat(Fq12.eq(r, 0, expected, 0)).as("FE(f) = f^((q^12 - 1)/N), seed 404").isEqualTo(1L);
    }

    /**
     * The exponentiation by t runs on signed digits in {±1, ±3} (NAF with d 0 -d merged into 3d): they
     * must sum to t, lie in that set, decrease strictly in position, and be the eight expected.
     */
    @Test
    void signedDigitsOfTSumToTWithDigitsOneAndThree() {
        int[] d = Pairing.T_WINDOWS;
        BigInteger v = BigInteger.ZERO;
        for (int k = 0; k < d.length; k += 2) {
            assertThat(Math.abs(d[k + 1])).as("digit %d", k / 2).isIn(1, 3);
            if (k > 0) {
                assertThat(d[k]).as("position %d", k / 2).isLessThan(d[k - 2]);
            }
            v = v.add(BigInteger.valueOf(d[k + 1]).shiftLeft(d[k]));
        }
        assertThat(v).isEqualTo(BigInteger.valueOf(Sm9Curve.T));
        assertThat(d).containsExactly(61, 3, 21, 3, 19, -1, 16, 1, 9, -3, 7, -1, 3, 1, 1, 1);
    }
}
