package io.gmflux.codecs.jca;

import java.math.BigInteger;
import java.security.spec.ECField;
import java.security.spec.ECFieldFp;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.EllipticCurve;

/**
 * The domain parameters of sm2p256v1 (GB/T 32918.5-2017) as a JCA {@link ECParameterSpec}, for
 * the {@code getParams()} of the SM2 keys and to recognise SM2 keys of other providers. Only key
 * conversion uses these BigIntegers, never the arithmetic. Immutable and thread-safe.
 */
final class Sm2EcParameters {

    /** The curve's name and OID, as {@code ECGenParameterSpec} accepts them. */
    static final String NAME = "sm2p256v1";
    static final String OID = "1.2.156.10197.1.301";

    static final BigInteger P = hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFF");
    static final BigInteger A = hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFC");
    static final BigInteger B = hex("28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93");
    static final BigInteger GX = hex("32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7");
    static final BigInteger GY = hex("BC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0");
    static final BigInteger N = hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123");

    static final ECParameterSpec SPEC =
            new ECParameterSpec(new EllipticCurve(new ECFieldFp(P), A, B), new ECPoint(GX, GY), N, 1);

    private Sm2EcParameters() {
    }

    /** Whether {@code spec} describes sm2p256v1 (compared by value: providers build their own objects). */
    static boolean isSm2(ECParameterSpec spec) {
        if (spec == null) {
            return false;
        }
        EllipticCurve curve = spec.getCurve();
        ECField field = curve.getField();
        return field instanceof ECFieldFp
                && ((ECFieldFp) field).getP().equals(P)
                && curve.getA().equals(A)
                && curve.getB().equals(B)
                && spec.getGenerator().equals(SPEC.getGenerator())
                && spec.getOrder().equals(N)
                && spec.getCofactor() == 1;
    }

    /** {@code v} (0 <= v < 2^256) as 32 bytes big-endian. */
    static byte[] toBytes32(BigInteger v) {
        byte[] b = v.toByteArray();
        if (b.length == 32) {
            return b;
        }
        byte[] out = new byte[32];
        if (b.length > 32) {
            // a leading sign byte; anything longer is out of range and caught by the key checks
            System.arraycopy(b, b.length - 32, out, 0, 32);
        } else {
            System.arraycopy(b, 0, out, 32 - b.length, b.length);
        }
        io.gmflux.codecs.bytes.Bytes.wipe(b);
        return out;
    }

    private static BigInteger hex(String s) {
        return new BigInteger(s, 16);
    }
}
