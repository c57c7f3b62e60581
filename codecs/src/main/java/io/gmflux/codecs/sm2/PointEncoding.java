package io.gmflux.codecs.sm2;

import java.security.InvalidKeyException;

/**
 * Decoding and validation of encoded points (GB/T 32918.1 §4.2.9/§4.2.10): uncompressed
 * {@code 04 || x || y} and compressed {@code 02/03 || x}. A decoded point has both coordinates
 * below p, lies on the curve and is not the point at infinity (which has no encoding here); with
 * cofactor 1 that makes it a point of order n. Stateless and thread-safe.
 */
final class PointEncoding {

    static final int UNCOMPRESSED_LENGTH = 65;
    static final int COMPRESSED_LENGTH = 33;

    /** (p + 1) / 4: p = 3 mod 4, so a square root of a is a^((p+1)/4). */
    private static final long[] SQRT_EXPONENT = {0x4000000000000000L, 0xFFFFFFFFC0000000L, 0xFFFFFFFFFFFFFFFFL, 0x3FFFFFFFBFFFFFFFL};

    private PointEncoding() {
    }

    /** The length of the encoded point that starts at {@code in[off]}, or -1 for an unknown format byte. */
    static int encodedLength(byte format) {
        switch (format) {
            case 0x04:
                return UNCOMPRESSED_LENGTH;
            case 0x02:
            case 0x03:
                return COMPRESSED_LENGTH;
            default:
                return -1;
        }
    }

    /**
     * Decodes the point of exactly {@code len} bytes at {@code in[off]} into affine
     * coordinates (x, y).
     *
     * @throws InvalidKeyException if the format, length, range or curve equation is wrong
     */
    static void decode(byte[] in, int off, int len, long[] x, long[] y, PointArithmetic pa) throws InvalidKeyException {
        if (len < 1) {
            throw new InvalidKeyException("empty point encoding");
        }
        int expected = encodedLength(in[off]);
        if (expected < 0) {
            throw new InvalidKeyException(String.format("unsupported point format byte 0x%02x", in[off] & 0xFF));
        }
        if (len != expected) {
            throw new InvalidKeyException("point encoding with format byte " + in[off] + " must be " + expected + " bytes, got " + len);
        }
        Sm2FieldP f = Sm2Curve.FP;
        Sm2Curve.toLimbs(x, in, off + 1);
        if (!f.isReduced(x)) {
            throw new InvalidKeyException("point x coordinate is not below p");
        }
        if (expected == UNCOMPRESSED_LENGTH) {
            Sm2Curve.toLimbs(y, in, off + 33);
            if (!f.isReduced(y)) {
                throw new InvalidKeyException("point y coordinate is not below p");
            }
        } else {
            // y^2 = x^3 - 3x + b; y = rhs^((p+1)/4) if rhs is a square
            long[] rhs = new long[4];
            long[] t = new long[4];
            f.sqr(rhs, x);
            f.mul(rhs, rhs, x);
            f.add(t, x, x);
            f.add(t, t, x);
            f.sub(rhs, rhs, t);
            f.add(rhs, rhs, Sm2Curve.B);
            f.pow(y, rhs, SQRT_EXPONENT);
            if ((y[0] & 1) != (in[off] & 1)) {
                f.neg(y, y);
            }
        }
        if (!pa.isOnCurve(x, y)) {
            throw new InvalidKeyException("point is not on the curve sm2p256v1");
        }
    }

    /** Encodes the affine point as {@code 04 || x || y}. */
    static byte[] encodeUncompressed(long[] x, long[] y) {
        byte[] out = new byte[UNCOMPRESSED_LENGTH];
        out[0] = 0x04;
        writeCoordinates(x, y, out, 1);
        return out;
    }

    /** Writes big-endian x then y (32 bytes each) of an affine point at {@code off}. */
    static void writeCoordinates(long[] x, long[] y, byte[] out, int off) {
        Sm2Curve.toBytes(x, out, off);
        Sm2Curve.toBytes(y, out, off + 32);
    }
}
