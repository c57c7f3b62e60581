package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm3.Sm3Kdf;
import io.gmflux.codecs.testing.Vectors;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The GB/T 32918 annex examples on the example curve Fp-256. gmflux's fast arithmetic is
 * specialised to sm2p256v1, so these vectors run through a slow, test-only BigInteger
 * implementation of the same steps (affine points, double-and-add), with gmflux's SM3 and SM3 KDF.
 * They check the protocol steps (Z_A, e, r/s, C1/C2/C3, x̄, t, S_A/S_B) against the standard's
 * worked examples; the production code is checked on the same steps by the sm2p256v1 vectors and
 * by BouncyCastle interop.
 */
class GenericCurveVectorsTest {

    /** A short Weierstrass curve over F_p with BigInteger affine arithmetic (variable time: tests only). */
    static final class Curve {
        final BigInteger p;
        final BigInteger a;
        final BigInteger b;
        final BigInteger n;
        final BigInteger[] g;

        Curve(JsonNode c) {
            p = big(c, "p");
            a = big(c, "a");
            b = big(c, "b");
            n = big(c, "n");
            g = new BigInteger[] {big(c, "gx"), big(c, "gy")};
            assertThat(onCurve(g)).isTrue();
            assertThat(mul(n, g)).isNull();
        }

        boolean onCurve(BigInteger[] q) {
            return q[1].pow(2).subtract(q[0].pow(3)).subtract(a.multiply(q[0])).subtract(b).mod(p).signum() == 0;
        }

        BigInteger[] add(BigInteger[] u, BigInteger[] v) {
            if (u == null) {
                return v;
            }
            if (v == null) {
                return u;
            }
            BigInteger lambda;
            if (u[0].equals(v[0])) {
                if (u[1].add(v[1]).mod(p).signum() == 0) {
                    return null;
                }
                lambda = u[0].pow(2).multiply(BigInteger.valueOf(3)).add(a).multiply(u[1].shiftLeft(1).modInverse(p)).mod(p);
            } else {
                lambda = v[1].subtract(u[1]).multiply(v[0].subtract(u[0]).modInverse(p)).mod(p);
            }
            BigInteger x = lambda.pow(2).subtract(u[0]).subtract(v[0]).mod(p);
            BigInteger y = lambda.multiply(u[0].subtract(x)).subtract(u[1]).mod(p);
            return new BigInteger[] {x, y};
        }

        BigInteger[] mul(BigInteger k, BigInteger[] q) {
            BigInteger[] r = null;
            for (int i = k.bitLength() - 1; i >= 0; i--) {
                r = add(r, r);
                if (k.testBit(i)) {
                    r = add(r, q);
                }
            }
            return r;
        }

        byte[] bytes(BigInteger v) {
            return BouncyCastleSm2.bytes32(v);
        }

        byte[] za(byte[] id, BigInteger[] pub) {
            Sm3 h = new Sm3();
            int bits = id.length * 8;
            h.update((byte) (bits >>> 8));
            h.update((byte) bits);
            h.update(id);
            for (BigInteger v : new BigInteger[] {a, b, g[0], g[1], pub[0], pub[1]}) {
                h.update(bytes(v));
            }
            return h.digest();
        }
    }

    private static BigInteger big(JsonNode v, String field) {
        return new BigInteger(1, Vectors.hex(v, field));
    }

    private static Curve curve(String name) {
        return new Curve(Vectors.node("sm2", "curves", name));
    }

    private static byte[] concat(byte[]... parts) {
        int len = 0;
        for (byte[] p : parts) {
            len += p.length;
        }
        byte[] out = new byte[len];
        int off = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, off, p.length);
            off += p.length;
        }
        return out;
    }

    @Test
    void signatureExamplesOfEveryCurve() {
        for (JsonNode v : Vectors.list("sm2", "signature")) {
            Curve c = curve(v.path("curve").asText());
            String id = v.path("id").asText();
            BigInteger d = big(v, "private_key");
            BigInteger[] pub = c.mul(d, c.g);
            assertThat(pub[0]).as(id).isEqualTo(big(v, "public_key_x"));
            assertThat(pub[1]).as(id).isEqualTo(big(v, "public_key_y"));
            byte[] za = c.za(Vectors.hex(v, "user_id"), pub);
            assertThat(za).as(id).isEqualTo(Vectors.hex(v, "za"));
            byte[] e = Sm3.hash(concat(za, Vectors.hex(v, "message")));
            assertThat(e).as(id).isEqualTo(Vectors.hex(v, "e"));
            BigInteger k = big(v, "k");
            BigInteger[] p1 = c.mul(k, c.g);
            BigInteger r = new BigInteger(1, e).add(p1[0]).mod(c.n);
            BigInteger s = d.add(BigInteger.ONE).modInverse(c.n).multiply(k.subtract(r.multiply(d))).mod(c.n);
            assertThat(r).as(id).isEqualTo(big(v, "r"));
            assertThat(s).as(id).isEqualTo(big(v, "s"));
            // verification steps B5-B7
            BigInteger t = r.add(s).mod(c.n);
            BigInteger[] q = c.add(c.mul(s, c.g), c.mul(t, pub));
            assertThat(new BigInteger(1, e).add(q[0]).mod(c.n)).as(id).isEqualTo(r);
        }
    }

    @Test
    void encryptionExamplesOfEveryCurve() {
        for (JsonNode v : Vectors.list("sm2", "encryption")) {
            Curve c = curve(v.path("curve").asText());
            String id = v.path("id").asText();
            BigInteger d = big(v, "private_key");
            BigInteger[] pub = c.mul(d, c.g);
            assertThat(pub[0]).as(id).isEqualTo(big(v, "public_key_x"));
            byte[] m = Vectors.hex(v, "message");
            BigInteger k = big(v, "k");
            BigInteger[] c1 = c.mul(k, c.g);
            assertThat(c1[0]).as(id).isEqualTo(big(v, "c1_x"));
            assertThat(c1[1]).as(id).isEqualTo(big(v, "c1_y"));
            BigInteger[] s = c.mul(k, pub);
            byte[] x2 = c.bytes(s[0]);
            byte[] y2 = c.bytes(s[1]);
            byte[] t = Sm3Kdf.derive(concat(x2, y2), m.length);
            byte[] c2 = new byte[m.length];
            for (int i = 0; i < m.length; i++) {
                c2[i] = (byte) (m[i] ^ t[i]);
            }
            byte[] c3 = Sm3.hash(concat(x2, m, y2));
            assertThat(Hex.encode(c2)).as(id).isEqualTo(v.path("c2").asText());
            assertThat(Hex.encode(c3)).as(id).isEqualTo(v.path("c3").asText());
            byte[] c1Bytes = concat(new byte[] {4}, c.bytes(c1[0]), c.bytes(c1[1]));
            assertThat(concat(c1Bytes, c3, c2)).as(id).isEqualTo(Vectors.hex(v, "ciphertext_c1c3c2"));
            assertThat(concat(c1Bytes, c2, c3)).as(id).isEqualTo(Vectors.hex(v, "ciphertext_c1c2c3"));
            // decryption side: [d]C1 gives the same point
            assertThat(c.mul(d, c1)).as(id).isEqualTo(s);
        }
    }

    @Test
    void keyExchangeExamplesOfEveryCurve() {
        for (JsonNode v : Vectors.list("sm2", "key_exchange")) {
            Curve c = curve(v.path("curve").asText());
            String id = v.path("id").asText();
            JsonNode ja = v.path("initiator");
            JsonNode jb = v.path("responder");
            BigInteger da = big(ja, "private_key");
            BigInteger db = big(jb, "private_key");
            BigInteger[] pa = c.mul(da, c.g);
            BigInteger[] pb = c.mul(db, c.g);
            byte[] za = c.za(Vectors.hex(ja, "user_id"), pa);
            byte[] zb = c.za(Vectors.hex(jb, "user_id"), pb);
            assertThat(za).as(id).isEqualTo(Vectors.hex(ja, "za"));
            assertThat(zb).as(id).isEqualTo(Vectors.hex(jb, "zb"));
            BigInteger ra = big(ja, "ephemeral_private_key");
            BigInteger rb = big(jb, "ephemeral_private_key");
            BigInteger[] pra = c.mul(ra, c.g);
            BigInteger[] prb = c.mul(rb, c.g);
            assertThat(pra[0]).as(id).isEqualTo(big(ja, "ephemeral_public_key_x"));
            assertThat(prb[1]).as(id).isEqualTo(big(jb, "ephemeral_public_key_y"));
            int w = (c.n.bitLength() + 1) / 2 - 1;
            BigInteger two = BigInteger.ONE.shiftLeft(w);
            BigInteger x1 = two.add(pra[0].mod(two));
            BigInteger x2 = two.add(prb[0].mod(two));
            BigInteger ta = da.add(x1.multiply(ra)).mod(c.n);
            BigInteger tb = db.add(x2.multiply(rb)).mod(c.n);
            BigInteger[] u = c.mul(ta, c.add(pb, c.mul(x2, prb)));
            BigInteger[] vv = c.mul(tb, c.add(pa, c.mul(x1, pra)));
            assertThat(u).as(id).isEqualTo(vv);
            if (v.has("v_x")) {
                assertThat(vv[0]).as(id).isEqualTo(big(v, "v_x"));
                assertThat(vv[1]).as(id).isEqualTo(big(v, "v_y"));
            }
            int klen = v.path("klen_bits").asInt() / 8;
            byte[] xv = c.bytes(vv[0]);
            byte[] yv = c.bytes(vv[1]);
            assertThat(Sm3Kdf.derive(concat(xv, yv, za, zb), klen)).as(id).isEqualTo(Vectors.hex(v, "shared_key"));
            byte[] inner = Sm3.hash(concat(xv, za, zb, c.bytes(pra[0]), c.bytes(pra[1]), c.bytes(prb[0]), c.bytes(prb[1])));
            assertThat(Sm3.hash(concat(new byte[] {2}, yv, inner))).as(id).isEqualTo(Vectors.hex(v, "s_b"));
            assertThat(Sm3.hash(concat(new byte[] {3}, yv, inner))).as(id).isEqualTo(Vectors.hex(v, "s_a"));
        }
    }
}
