package io.gmflux.codecs.sm9;

/**
 * Raw encodings of GM/T 0044 for points and G_T values (package-private; the public types call it):
 * G1 as 04 ‖ x ‖ y (65 bytes), G2 as 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo (129 bytes, x = x.hi·u + x.lo),
 * G_T as 384 bytes ({@link Fq12#toBytes}). Decoding checks the length, the 04 prefix, that every
 * coordinate is below q and that the point is on its curve; G2 points are also checked to lie in the
 * order-N subgroup ({@link G2Subgroup}).
 */
final class Sm9Codec {

    static final int G1_LENGTH = 65;
    static final int G2_LENGTH = 129;
    static final int GT_LENGTH = 384;

    private Sm9Codec() {
    }

    /** Decodes x ‖ y (64 bytes at off) into an affine G1 point; false if not on the curve. */
    static boolean decodeG1Coordinates(long[] r, int ro, byte[] in, int off) {
        return Fq.fromBytes(r, ro, in, off) && Fq.fromBytes(r, ro + 4, in, off + 32) && G1Jacobian.onCurve(r, ro);
    }

    static boolean decodeG1(long[] r, int ro, byte[] in) {
        return in.length == G1_LENGTH && in[0] == 4 && decodeG1Coordinates(r, ro, in, 1);
    }

    static void encodeG1Coordinates(byte[] out, int off, long[] a, int ao) {
        Fq.toBytes(out, off, a, ao);
        Fq.toBytes(out, off + 32, a, ao + 4);
    }

    static byte[] encodeG1(long[] a, int ao) {
        byte[] out = new byte[G1_LENGTH];
        out[0] = 4;
        encodeG1Coordinates(out, 1, a, ao);
        return out;
    }

    /** Decodes 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo into an affine G2 point; false unless on E' and in G2. */
    static boolean decodeG2(long[] r, int ro, byte[] in, Workspace w) {
        if (in.length != G2_LENGTH || in[0] != 4) {
            return false;
        }
        boolean ok = Fq.fromBytes(r, ro + 4, in, 1) && Fq.fromBytes(r, ro, in, 33)
                && Fq.fromBytes(r, ro + 12, in, 65) && Fq.fromBytes(r, ro + 8, in, 97);
        return ok && G2Jacobian.onCurve(r, ro, w) && G2Subgroup.contains(r, ro, w);
    }

    static byte[] encodeG2(long[] a, int ao) {
        byte[] out = new byte[G2_LENGTH];
        out[0] = 4;
        Fq.toBytes(out, 1, a, ao + 4);
        Fq.toBytes(out, 33, a, ao);
        Fq.toBytes(out, 65, a, ao + 12);
        Fq.toBytes(out, 97, a, ao + 8);
        return out;
    }

    static byte[] encodeGt(long[] a, int ao) {
        byte[] out = new byte[GT_LENGTH];
        Fq12.toBytes(out, 0, a, ao);
        return out;
    }
}
