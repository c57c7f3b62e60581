package io.gmflux.codecs.sm9;

/**
 * Steps shared by the SM9 algorithms (package-private): user-key extraction, the recipient point
 * Q = [H1(ID ‖ hid)]P1 + Ppub-e, scalar multiplications returning affine points, and pairings with
 * prepared lines. Stateless and thread-safe (each thread uses its own {@link Workspace}).
 */
final class Sm9Ops {

    private Sm9Ops() {
    }

    /**
     * t2 = ks · (H1(ID ‖ hid) + ks)^-1 mod N (GM/T 0044.2 §6.2 / .3 §6.2 / .4 §6.2).
     *
     * @throws IllegalStateException if H1 + ks ≡ 0 (the standard then requires a new master key)
     */
    static byte[] extractionScalar(byte[] masterScalar, byte[] id, byte hid) {
        byte[] t1 = ScalarN.add(Sm9Hash.h1(id, hid), masterScalar);
        if (ScalarN.isZero(t1)) {
            throw new IllegalStateException("H1(ID || hid) + master key = 0 mod N: generate a new master key");
        }
        byte[] inv = ScalarN.inv(t1);
        byte[] t2 = ScalarN.mul(masterScalar, inv);
        java.util.Arrays.fill(t1, (byte) 0);
        java.util.Arrays.fill(inv, (byte) 0);
        return t2;
    }

    /** [k]P1 as an affine point (constant-time in k). */
    static long[] mulP1(byte[] k, Workspace w) {
        long[] j = new long[G1Jacobian.SIZE];
        Generators.P1_COMB.multiply(j, 0, k, w);
        return g1Affine(j);
    }

    /** [k]P2 as an affine point (constant-time in k). */
    static long[] mulP2(byte[] k, Workspace w) {
        long[] j = new long[G2Jacobian.SIZE];
        Generators.P2_COMB.multiply(j, 0, k, w);
        long[] a = new long[16];
        if (!G2Jacobian.toAffine(a, 0, j, 0, w)) {
            throw new IllegalStateException("scalar is 0 mod N");
        }
        return a;
    }

    static long[] g1Affine(long[] jacobian) {
        long[] a = new long[8];
        if (!G1Jacobian.toAffine(a, 0, jacobian, 0)) {
            throw new IllegalStateException("scalar is 0 mod N");
        }
        return a;
    }

    /**
     * [r]Q for Q = [H1(ID ‖ hid)]P1 + Ppub-e, computed as [r·H1 mod N]P1 + [r]Ppub-e with two comb
     * tables (constant-time in r); affine.
     */
    static long[] recipientMultiple(Sm9EncryptMasterPublicKey master, byte[] id, byte hid, byte[] r, Workspace w) {
        byte[] rh = ScalarN.mul(r, Sm9Hash.h1(id, hid));
        long[] acc = new long[2 * G1Jacobian.SIZE];
        Group.G1.setIdentity(acc, 0);
        Generators.P1_COMB.accumulate(acc, rh, w);
        master.pointTable().accumulate(acc, r, w);
        java.util.Arrays.fill(rh, (byte) 0);
        return g1Affine(acc);
    }

    /** e(P, Q) for an affine P and Q's prepared lines, into a fresh F_q12 array. */
    static long[] pair(long[] p, long[] lines, Workspace w) {
        long[] r = new long[Fq12.SIZE];
        Pairing.pair(r, 0, p, 0, lines, w);
        return r;
    }

    /** x ‖ y of an affine G1 point (64 bytes: the form of C1, C and R in the standard's hashes). */
    static byte[] coordinates(long[] a) {
        byte[] out = new byte[64];
        Sm9Codec.encodeG1Coordinates(out, 0, a, 0);
        return out;
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
