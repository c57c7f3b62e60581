package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * Table-driven SM4 (GB/T 32907 §6, §7). First, straightforward version: S-box lookups and the
 * linear transform computed per round.
 *
 * <p>Leaks through cache timing: the S-box is indexed by secret-dependent bytes.
 */
final class Sm4TableEngine implements Sm4Engine {

    static final byte[] SBOX = {
        (byte) 0xd6, (byte) 0x90, (byte) 0xe9, (byte) 0xfe, (byte) 0xcc, (byte) 0xe1, (byte) 0x3d, (byte) 0xb7,
        (byte) 0x16, (byte) 0xb6, (byte) 0x14, (byte) 0xc2, (byte) 0x28, (byte) 0xfb, (byte) 0x2c, (byte) 0x05,
        (byte) 0x2b, (byte) 0x67, (byte) 0x9a, (byte) 0x76, (byte) 0x2a, (byte) 0xbe, (byte) 0x04, (byte) 0xc3,
        (byte) 0xaa, (byte) 0x44, (byte) 0x13, (byte) 0x26, (byte) 0x49, (byte) 0x86, (byte) 0x06, (byte) 0x99,
        (byte) 0x9c, (byte) 0x42, (byte) 0x50, (byte) 0xf4, (byte) 0x91, (byte) 0xef, (byte) 0x98, (byte) 0x7a,
        (byte) 0x33, (byte) 0x54, (byte) 0x0b, (byte) 0x43, (byte) 0xed, (byte) 0xcf, (byte) 0xac, (byte) 0x62,
        (byte) 0xe4, (byte) 0xb3, (byte) 0x1c, (byte) 0xa9, (byte) 0xc9, (byte) 0x08, (byte) 0xe8, (byte) 0x95,
        (byte) 0x80, (byte) 0xdf, (byte) 0x94, (byte) 0xfa, (byte) 0x75, (byte) 0x8f, (byte) 0x3f, (byte) 0xa6,
        (byte) 0x47, (byte) 0x07, (byte) 0xa7, (byte) 0xfc, (byte) 0xf3, (byte) 0x73, (byte) 0x17, (byte) 0xba,
        (byte) 0x83, (byte) 0x59, (byte) 0x3c, (byte) 0x19, (byte) 0xe6, (byte) 0x85, (byte) 0x4f, (byte) 0xa8,
        (byte) 0x68, (byte) 0x6b, (byte) 0x81, (byte) 0xb2, (byte) 0x71, (byte) 0x64, (byte) 0xda, (byte) 0x8b,
        (byte) 0xf8, (byte) 0xeb, (byte) 0x0f, (byte) 0x4b, (byte) 0x70, (byte) 0x56, (byte) 0x9d, (byte) 0x35,
        (byte) 0x1e, (byte) 0x24, (byte) 0x0e, (byte) 0x5e, (byte) 0x63, (byte) 0x58, (byte) 0xd1, (byte) 0xa2,
        (byte) 0x25, (byte) 0x22, (byte) 0x7c, (byte) 0x3b, (byte) 0x01, (byte) 0x21, (byte) 0x78, (byte) 0x87,
        (byte) 0xd4, (byte) 0x00, (byte) 0x46, (byte) 0x57, (byte) 0x9f, (byte) 0xd3, (byte) 0x27, (byte) 0x52,
        (byte) 0x4c, (byte) 0x36, (byte) 0x02, (byte) 0xe7, (byte) 0xa0, (byte) 0xc4, (byte) 0xc8, (byte) 0x9e,
        (byte) 0xea, (byte) 0xbf, (byte) 0x8a, (byte) 0xd2, (byte) 0x40, (byte) 0xc7, (byte) 0x38, (byte) 0xb5,
        (byte) 0xa3, (byte) 0xf7, (byte) 0xf2, (byte) 0xce, (byte) 0xf9, (byte) 0x61, (byte) 0x15, (byte) 0xa1,
        (byte) 0xe0, (byte) 0xae, (byte) 0x5d, (byte) 0xa4, (byte) 0x9b, (byte) 0x34, (byte) 0x1a, (byte) 0x55,
        (byte) 0xad, (byte) 0x93, (byte) 0x32, (byte) 0x30, (byte) 0xf5, (byte) 0x8c, (byte) 0xb1, (byte) 0xe3,
        (byte) 0x1d, (byte) 0xf6, (byte) 0xe2, (byte) 0x2e, (byte) 0x82, (byte) 0x66, (byte) 0xca, (byte) 0x60,
        (byte) 0xc0, (byte) 0x29, (byte) 0x23, (byte) 0xab, (byte) 0x0d, (byte) 0x53, (byte) 0x4e, (byte) 0x6f,
        (byte) 0xd5, (byte) 0xdb, (byte) 0x37, (byte) 0x45, (byte) 0xde, (byte) 0xfd, (byte) 0x8e, (byte) 0x2f,
        (byte) 0x03, (byte) 0xff, (byte) 0x6a, (byte) 0x72, (byte) 0x6d, (byte) 0x6c, (byte) 0x5b, (byte) 0x51,
        (byte) 0x8d, (byte) 0x1b, (byte) 0xaf, (byte) 0x92, (byte) 0xbb, (byte) 0xdd, (byte) 0xbc, (byte) 0x7f,
        (byte) 0x11, (byte) 0xd9, (byte) 0x5c, (byte) 0x41, (byte) 0x1f, (byte) 0x10, (byte) 0x5a, (byte) 0xd8,
        (byte) 0x0a, (byte) 0xc1, (byte) 0x31, (byte) 0x88, (byte) 0xa5, (byte) 0xcd, (byte) 0x7b, (byte) 0xbd,
        (byte) 0x2d, (byte) 0x74, (byte) 0xd0, (byte) 0x12, (byte) 0xb8, (byte) 0xe5, (byte) 0xb4, (byte) 0xb0,
        (byte) 0x89, (byte) 0x69, (byte) 0x97, (byte) 0x4a, (byte) 0x0c, (byte) 0x96, (byte) 0x77, (byte) 0x7e,
        (byte) 0x65, (byte) 0xb9, (byte) 0xf1, (byte) 0x09, (byte) 0xc5, (byte) 0x6e, (byte) 0xc6, (byte) 0x84,
        (byte) 0x18, (byte) 0xf0, (byte) 0x7d, (byte) 0xec, (byte) 0x3a, (byte) 0xdc, (byte) 0x4d, (byte) 0x20,
        (byte) 0x79, (byte) 0xee, (byte) 0x5f, (byte) 0x3e, (byte) 0xd7, (byte) 0xcb, (byte) 0x39, (byte) 0x48,
    };

    private static final int[] FK = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};

    private final int[] rk = new int[32];

    Sm4TableEngine(byte[] key) {
        int k0 = Bytes.getIntBE(key, 0) ^ FK[0];
        int k1 = Bytes.getIntBE(key, 4) ^ FK[1];
        int k2 = Bytes.getIntBE(key, 8) ^ FK[2];
        int k3 = Bytes.getIntBE(key, 12) ^ FK[3];
        for (int i = 0; i < 32; i++) {
            int t = k1 ^ k2 ^ k3 ^ ck(i);
            t = tau(t);
            int k4 = k0 ^ t ^ Integer.rotateLeft(t, 13) ^ Integer.rotateLeft(t, 23);
            rk[i] = k4;
            k0 = k1;
            k1 = k2;
            k2 = k3;
            k3 = k4;
        }
    }

    /** CK_i: byte j of CK_i is (4i + j) * 7 mod 256 (GB/T 32907 §7.3). */
    static int ck(int i) {
        int v = 0;
        for (int j = 0; j < 4; j++) {
            v = (v << 8) | (((4 * i + j) * 7) & 0xff);
        }
        return v;
    }

    static int tau(int a) {
        return (SBOX[a >>> 24] & 0xff) << 24
                | (SBOX[(a >>> 16) & 0xff] & 0xff) << 16
                | (SBOX[(a >>> 8) & 0xff] & 0xff) << 8
                | (SBOX[a & 0xff] & 0xff);
    }

    private static int t(int a) {
        int b = tau(a);
        return b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10)
                ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
    }

    @Override
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        crypt(in, inOff, out, outOff, blocks, false);
    }

    @Override
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        crypt(in, inOff, out, outOff, blocks, true);
    }

    private void crypt(byte[] in, int inOff, byte[] out, int outOff, int blocks, boolean decrypt) {
        Bytes.checkRange(in, inOff, blocks * BLOCK_SIZE, "in");
        Bytes.checkRange(out, outOff, blocks * BLOCK_SIZE, "out");
        for (int b = 0; b < blocks; b++) {
            int o = b * BLOCK_SIZE;
            int x0 = Bytes.getIntBE(in, inOff + o);
            int x1 = Bytes.getIntBE(in, inOff + o + 4);
            int x2 = Bytes.getIntBE(in, inOff + o + 8);
            int x3 = Bytes.getIntBE(in, inOff + o + 12);
            for (int i = 0; i < 32; i++) {
                int k = rk[decrypt ? 31 - i : i];
                int x4 = x0 ^ t(x1 ^ x2 ^ x3 ^ k);
                x0 = x1;
                x1 = x2;
                x2 = x3;
                x3 = x4;
            }
            Bytes.putIntBE(out, outOff + o, x3);
            Bytes.putIntBE(out, outOff + o + 4, x2);
            Bytes.putIntBE(out, outOff + o + 8, x1);
            Bytes.putIntBE(out, outOff + o + 12, x0);
        }
    }

    @Override
    public boolean isConstantTime() {
        return false;
    }

    @Override
    public void destroy() {
        Bytes.wipe(rk);
    }
}
