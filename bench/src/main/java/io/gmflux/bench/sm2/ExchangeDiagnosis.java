package io.gmflux.bench.sm2;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.sm2.Sm2KeyExchange;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.math.BigInteger;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.SecureRandomSpi;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Diagnosis of an SM2 key exchange whose two sides disagree (README "Known issues"): the
 * ephemeral scalars are recorded as they are drawn, and on a disagreement every output of both
 * sides is recomputed with BouncyCastle's curve arithmetic and SM3 and compared, so the report says
 * which side and which value (ephemeral key, shared key, confirmation) went wrong. Used by
 * {@code Sm2Bench}'s set-up check and, through it, by {@code io.gmflux.bench.tools.Sm2ExchangeHunt}.
 *
 * <p>The recording random is a plain {@link SecureRandom} from a provider of its own, so the call
 * sites that draw from it see the same class as with {@code new SecureRandom()}.
 */
final class ExchangeDiagnosis {

    private static final X9ECParameters CURVE = GMNamedCurves.getByName("sm2p256v1");
    private static final BigInteger TWO_127 = BigInteger.ONE.shiftLeft(127);

    private final List<byte[]> draws = new ArrayList<>();
    private final SecureRandom random;

    ExchangeDiagnosis() {
        SecureRandom source = new SecureRandom();
        Provider p = new Provider("GmfluxRecording", "1", "records draws") {
            private static final long serialVersionUID = 1L;
        };
        p.put("SecureRandom.Recording", Spi.class.getName());
        Spi.target = this;
        Spi.source = source;
        try {
            random = SecureRandom.getInstance("Recording", p);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The random to give to both sides; {@link #clear()} before each exchange. */
    SecureRandom random() {
        return random;
    }

    void clear() {
        draws.clear();
    }

    /** The SPI behind {@link #random()}: draws from a real SecureRandom and keeps a copy. */
    public static final class Spi extends SecureRandomSpi {
        private static final long serialVersionUID = 1L;
        static ExchangeDiagnosis target;
        static SecureRandom source;

        public Spi() {
        }

        @Override
        protected void engineSetSeed(byte[] seed) {
            source.setSeed(seed);
        }

        @Override
        protected void engineNextBytes(byte[] bytes) {
            source.nextBytes(bytes);
            target.draws.add(bytes.clone());
        }

        @Override
        protected byte[] engineGenerateSeed(int numBytes) {
            return source.generateSeed(numBytes);
        }
    }

    /**
     * Recomputes both sides of the exchange just done and describes every value that differs from
     * the reference; an empty string when all agree.
     */
    String diagnose(Sm2KeyPair a, byte[] idA, Sm2KeyPair b, byte[] idB, Sm2KeyExchange ka, Sm2KeyExchange kb,
            Sm2KeyExchange.Agreement atA, Sm2KeyExchange.Agreement atB, int keyLength) {
        StringBuilder out = new StringBuilder();
        BigInteger n = CURVE.getN();
        List<BigInteger> scalars = new ArrayList<>();
        for (byte[] d : draws) {
            BigInteger k = new BigInteger(1, d);
            if (k.signum() > 0 && k.compareTo(n) < 0) {
                scalars.add(k);
            }
        }
        out.append("draws=").append(draws.size()).append(" scalars=").append(scalars.size()).append('\n');
        if (scalars.size() != 2) {
            return out.append("cannot diagnose: expected two ephemeral scalars\n").toString();
        }
        BigInteger rA = scalars.get(0);
        BigInteger rB = scalars.get(1);
        BigInteger dA = new BigInteger(1, a.privateKey().toBytes());
        BigInteger dB = new BigInteger(1, b.privateKey().toBytes());
        ECPoint g = CURVE.getG();
        ECPoint pA = g.multiply(dA).normalize();
        ECPoint pB = g.multiply(dB).normalize();
        ECPoint refRA = g.multiply(rA).normalize();
        ECPoint refRB = g.multiply(rB).normalize();
        compare(out, "R_A (initiator's ephemeral key)", refRA.getEncoded(false), ka.ephemeralPublicKey());
        compare(out, "R_B (responder's ephemeral key)", refRB.getEncoded(false), kb.ephemeralPublicKey());
        byte[] za = z(idA, pA);
        byte[] zb = z(idB, pB);
        BigInteger tA = dA.add(xBar(refRA).multiply(rA)).mod(n);
        BigInteger tB = dB.add(xBar(refRB).multiply(rB)).mod(n);
        ECPoint u = pB.add(refRB.multiply(xBar(refRB))).multiply(tA).normalize();
        ECPoint v = pA.add(refRA.multiply(xBar(refRA))).multiply(tB).normalize();
        if (!u.equals(v)) {
            out.append("REFERENCE ITSELF DISAGREES (U != V)\n");
        }
        byte[] ux = u.getAffineXCoord().getEncoded();
        byte[] uy = u.getAffineYCoord().getEncoded();
        out.append("U.x=").append(Hex.encode(ux)).append("\nU.y=").append(Hex.encode(uy)).append('\n');
        out.append("tA=").append(tA.toString(16)).append("\ntB=").append(tB.toString(16)).append('\n');
        out.append("Z_A=").append(Hex.encode(za)).append("\nZ_B=").append(Hex.encode(zb)).append("\nR_A=")
                .append(Hex.encode(refRA.getEncoded(false))).append("\nR_B=").append(Hex.encode(refRB.getEncoded(false)))
                .append('\n');
        byte[] key = kdf(concat(ux, uy, za, zb), keyLength);
        byte[] inner = sm3(concat(ux, za, zb, coords(refRA), coords(refRB)));
        byte[] sB = sm3(concat(new byte[] {2}, uy, inner));
        byte[] sA = sm3(concat(new byte[] {3}, uy, inner));
        compare(out, "K at A", key, atA.sharedKey());
        compare(out, "K at B", key, atB.sharedKey());
        compare(out, "S_A sent by A", sA, atA.confirmation());
        compare(out, "S_B sent by B", sB, atB.confirmation());
        explain(out, "S_A sent by A", atA.confirmation(), (byte) 3, ux, uy, za, zb, coords(refRA), coords(refRB));
        explain(out, "S_B sent by B", atB.confirmation(), (byte) 2, ux, uy, za, zb, coords(refRA), coords(refRB));
        return out.toString();
    }

    /** Tries the likely ways a confirmation value could have been computed from wrong inputs. */
    private static void explain(StringBuilder out, String what, byte[] actual, byte prefix, byte[] ux, byte[] uy,
            byte[] za, byte[] zb, byte[] ra, byte[] rb) {
        byte[] zero = new byte[32];
        byte[] inner = sm3(concat(ux, za, zb, ra, rb));
        byte[] innerZeroX = sm3(concat(zero, za, zb, ra, rb));
        byte other = (byte) (prefix ^ 1);
        String[] names = {
            "right", "y zeroed", "x zeroed in inner", "x and y zeroed", "other prefix", "y = x", "inner zeroed",
            "prefix zero"};
        byte[][] candidates = {
            sm3(concat(new byte[] {prefix}, uy, inner)),
            sm3(concat(new byte[] {prefix}, zero, inner)),
            sm3(concat(new byte[] {prefix}, uy, innerZeroX)),
            sm3(concat(new byte[] {prefix}, zero, innerZeroX)),
            sm3(concat(new byte[] {other}, uy, inner)),
            sm3(concat(new byte[] {prefix}, ux, inner)),
            sm3(concat(new byte[] {prefix}, uy, zero)),
            sm3(concat(new byte[] {0}, uy, inner))};
        for (int i = 0; i < names.length; i++) {
            if (Arrays.equals(candidates[i], actual)) {
                out.append("      ").append(what).append(" = the value with ").append(names[i]).append('\n');
                return;
            }
        }
        out.append("      ").append(what).append(" matches no candidate\n");
    }

    private static void compare(StringBuilder out, String what, byte[] expected, byte[] actual) {
        if (!Arrays.equals(expected, actual)) {
            out.append("WRONG ").append(what).append(": expected ").append(Hex.encode(expected)).append(" got ")
                    .append(Hex.encode(actual)).append('\n');
        } else {
            out.append("ok    ").append(what).append('\n');
        }
    }

    private static BigInteger xBar(ECPoint r) {
        return TWO_127.add(r.getAffineXCoord().toBigInteger().mod(TWO_127));
    }

    private static byte[] coords(ECPoint p) {
        return concat(p.getAffineXCoord().getEncoded(), p.getAffineYCoord().getEncoded());
    }

    private static byte[] z(byte[] id, ECPoint p) {
        int bits = id.length * 8;
        return sm3(concat(new byte[] {(byte) (bits >>> 8), (byte) bits}, id, CURVE.getCurve().getA().getEncoded(),
                CURVE.getCurve().getB().getEncoded(), coords(CURVE.getG()), coords(p)));
    }

    private static byte[] kdf(byte[] z, int length) {
        byte[] out = new byte[length];
        for (int off = 0, ct = 1; off < length; off += 32, ct++) {
            byte[] block = sm3(concat(z, new byte[] {(byte) (ct >>> 24), (byte) (ct >>> 16), (byte) (ct >>> 8), (byte) ct}));
            System.arraycopy(block, 0, out, off, Math.min(32, length - off));
        }
        return out;
    }

    private static byte[] sm3(byte[] in) {
        SM3Digest d = new SM3Digest();
        d.update(in, 0, in.length);
        byte[] out = new byte[32];
        d.doFinal(out, 0);
        return out;
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
}
