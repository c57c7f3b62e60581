package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * Table-driven SM4 (GB/T 32907 §6, §7): the fast engine behind {@link Sm4#newTableEngine}.
 *
 * <p><b>Not constant-time: leaks the key through cache timing.</b> Every round looks up a 4 KiB
 * table at indices derived from data XOR round key, so an attacker who can observe which cache
 * lines are touched (another process, VM or hyper-thread on the same core; remote timing in the
 * worst case) can recover key bits. The key schedule, too, looks the S-box up at key-dependent
 * indices: it could be made table-free (a 256-entry masked scan per byte costs tens of
 * microseconds per key), but that would buy nothing here because the first round already indexes
 * the table with plaintext XOR rk0. Where cache timing matters use the constant-time engine
 * ({@code Sm4.newConstantTimeEngine}), which avoids secret-dependent memory access and branches.
 *
 * <p>How it is fast: the round function {@code T = L . tau} (§6.2) is one XOR of four lookups in
 * a single combined table {@code TABLE[256 * k + b] = L(Sbox(b) << (24 - 8k))} (L is linear, so
 * it distributes over the four S-box bytes). The parallel paths (ECB, CTR, CBC and CFB
 * decryption) keep four blocks in flight so that the loads of one block overlap the dependent
 * chain of the others, and share {@code X_{i+2} xor X_{i+3}} between round pairs; the serial
 * paths (CBC and CFB encryption, OFB) order each round's XORs so that the newest word joins
 * last. Round loops are unrolled by four rounds (one full turn of the state words) and run eight
 * times, which keeps the kernels well under C2's size limits; words move through {@link Bytes}'
 * VarHandle views; chaining values and counters stay in registers across blocks. The mode
 * entry points of {@link Sm4Engine} are all overridden by two kernels, one for four blocks and
 * one for one block, chosen by a "kind" constant. No allocation after construction.
 *
 * <p>Why this shape: a round costs about 17 operations per block (two XORs in, six shifts and masks
 * to cut four byte indices, four loads, three XORs, one XOR out) and the four-block kernel is bound
 * by that count, so more blocks in flight, a two-byte table or store-and-reload byte extraction do
 * not help (the measurements are in the git log of this class).
 *
 * <p>Thread safety: immutable after construction (except {@link #destroy()}); the block methods
 * may be called concurrently.
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

    /** T-table: {@code TABLE[(k << 8) | b] = L(Sbox(b) << (24 - 8k))}, k = 0 for the top byte. */
    private static final int[] TABLE = buildTable();

    /*
     * Kernel kinds: where a block's input state comes from and where its result goes, with
     * (h, l) the 128-bit chaining value / counter / feedback register carried between blocks.
     * The parallel kinds run four blocks at a time; the serial ones (each block needs the last
     * result) one at a time.
     */
    /** ECB: out = E(in). Parallel. */
    private static final int PLAIN = 0;
    /** CTR: out = in xor E(h, l); (h, l) += 1. Parallel. */
    private static final int CTR = 1;
    /** CBC decryption: out = D(in) xor (h, l); (h, l) = in. Parallel. */
    private static final int CBC_DECRYPT = 2;
    /** CFB decryption: out = in xor E(h, l); (h, l) = in. Parallel. */
    private static final int CFB_DECRYPT = 3;
    /** CBC encryption: out = E(in xor (h, l)); (h, l) = out. Serial. */
    private static final int CBC_ENCRYPT = 4;
    /** CFB encryption: out = in xor E(h, l); (h, l) = out. Serial. */
    private static final int CFB_ENCRYPT = 5;
    /** OFB: (h, l) = E(h, l); out = in xor (h, l). Serial. */
    private static final int OFB = 6;

    private final int[] rkEnc = new int[32];
    private final int[] rkDec = new int[32];

    Sm4TableEngine(byte[] key) {
        // GB/T 32907 §7.3: K_i = MK_i xor FK_i, rk_i = K_{i+4} = K_i xor T'(K_{i+1} xor K_{i+2} xor K_{i+3} xor CK_i).
        int k0 = Bytes.getIntBE(key, 0) ^ FK[0];
        int k1 = Bytes.getIntBE(key, 4) ^ FK[1];
        int k2 = Bytes.getIntBE(key, 8) ^ FK[2];
        int k3 = Bytes.getIntBE(key, 12) ^ FK[3];
        for (int i = 0; i < 32; i++) {
            int t = tau(k1 ^ k2 ^ k3 ^ ck(i));
            int k4 = k0 ^ t ^ Integer.rotateLeft(t, 13) ^ Integer.rotateLeft(t, 23);
            rkEnc[i] = k4;
            rkDec[31 - i] = k4;
            k0 = k1;
            k1 = k2;
            k2 = k3;
            k3 = k4;
        }
    }

    private static int[] buildTable() {
        int[] t = new int[1024];
        for (int b = 0; b < 256; b++) {
            int s = SBOX[b] & 0xff;
            for (int k = 0; k < 4; k++) {
                t[(k << 8) | b] = linear(s << (24 - 8 * k));
            }
        }
        return t;
    }

    /** The linear transform L of the round function (GB/T 32907 §6.2.2). */
    static int linear(int b) {
        return b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10)
                ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
    }

    /** CK_i: byte j of CK_i is (4i + j) * 7 mod 256 (GB/T 32907 §7.3). */
    static int ck(int i) {
        int v = 0;
        for (int j = 0; j < 4; j++) {
            v = (v << 8) | (((4 * i + j) * 7) & 0xff);
        }
        return v;
    }

    /** The non-linear transform tau: the S-box on each byte (GB/T 32907 §6.2.1). */
    static int tau(int a) {
        return (SBOX[a >>> 24] & 0xff) << 24
                | (SBOX[(a >>> 16) & 0xff] & 0xff) << 16
                | (SBOX[(a >>> 8) & 0xff] & 0xff) << 8
                | (SBOX[a & 0xff] & 0xff);
    }

    /** The round function's T = L(tau(x)) through the combined table. */
    private static int t(int x) {
        int[] tb = TABLE;
        // "+ 256" rather than "| 256": C2 folds the constant into the address and proves the index in range.
        // Paired as a tree so that the serial modes wait two XORs, not three, after the loads.
        return (tb[x >>> 24] ^ tb[256 + ((x >>> 16) & 0xff)])
                ^ (tb[512 + ((x >>> 8) & 0xff)] ^ tb[768 + (x & 0xff)]);
    }

    @Override
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(in, inOff, out, outOff, blocks);
        run(rkEnc, PLAIN, null, in, inOff, out, outOff, blocks);
    }

    @Override
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(in, inOff, out, outOff, blocks);
        run(rkDec, PLAIN, null, in, inOff, out, outOff, blocks);
    }

    @Override
    public void encryptCbc(byte[] chain, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(chain, in, inOff, out, outOff, blocks);
        run(rkEnc, CBC_ENCRYPT, chain, in, inOff, out, outOff, blocks);
    }

    @Override
    public void decryptCbc(byte[] chain, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(chain, in, inOff, out, outOff, blocks);
        run(rkDec, CBC_DECRYPT, chain, in, inOff, out, outOff, blocks);
    }

    @Override
    public void encryptCfb(byte[] feedback, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(feedback, in, inOff, out, outOff, blocks);
        run(rkEnc, CFB_ENCRYPT, feedback, in, inOff, out, outOff, blocks);
    }

    @Override
    public void decryptCfb(byte[] feedback, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(feedback, in, inOff, out, outOff, blocks);
        run(rkEnc, CFB_DECRYPT, feedback, in, inOff, out, outOff, blocks);
    }

    @Override
    public void encryptOfb(byte[] register, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(register, in, inOff, out, outOff, blocks);
        run(rkEnc, OFB, register, in, inOff, out, outOff, blocks);
    }

    @Override
    public void encryptCtr(byte[] counter, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(counter, in, inOff, out, outOff, blocks);
        run(rkEnc, CTR, counter, in, inOff, out, outOff, blocks);
    }

    /**
     * Parallel kinds: groups of four through {@link #kernel4}, the rest through {@link #kernel1};
     * serial kinds: all through {@link #kernel1}. Each kernel reads (h, l) from {@code state} and
     * writes it back, so the second continues where the first stopped.
     */
    private static void run(int[] rk, int kind, byte[] state, byte[] in, int inOff,
            byte[] out, int outOff, int blocks) {
        int groups = kind < CBC_ENCRYPT ? blocks >>> 2 : 0;
        if (groups > 0) {
            kernel4(rk, kind, state, in, inOff, out, outOff, groups);
            int o = groups << 6;
            inOff += o;
            outOff += o;
            blocks -= groups << 2;
        }
        if (blocks > 0) {
            kernel1(rk, kind, state, in, inOff, out, outOff, blocks);
        }
    }

    /** Four blocks at a time, {@code groups} times, for the parallel kinds: the hot loop of the bulk paths. */
    private static void kernel4(int[] rk, int kind, byte[] state, byte[] in, int inOff,
            byte[] out, int outOff, int groups) {
        long h = state == null ? 0 : Bytes.getLongBE(state, 0);
        long l = state == null ? 0 : Bytes.getLongBE(state, 8);
        for (int g = 0; g < groups; g++) {
            int p = inOff + (g << 6);
            int q = outOff + (g << 6);
            int a0;
            int a1;
            int a2;
            int a3;
            int b0;
            int b1;
            int b2;
            int b3;
            int c0;
            int c1;
            int c2;
            int c3;
            int d0;
            int d1;
            int d2;
            int d3;
            if (kind == CTR) {
                a0 = (int) (h >>> 32);
                a1 = (int) h;
                a2 = (int) (l >>> 32);
                a3 = (int) l;
                l++;
                h = l == 0 ? h + 1 : h;
                b0 = (int) (h >>> 32);
                b1 = (int) h;
                b2 = (int) (l >>> 32);
                b3 = (int) l;
                l++;
                h = l == 0 ? h + 1 : h;
                c0 = (int) (h >>> 32);
                c1 = (int) h;
                c2 = (int) (l >>> 32);
                c3 = (int) l;
                l++;
                h = l == 0 ? h + 1 : h;
                d0 = (int) (h >>> 32);
                d1 = (int) h;
                d2 = (int) (l >>> 32);
                d3 = (int) l;
                l++;
                h = l == 0 ? h + 1 : h;
            } else {
                // CFB decryption encrypts the previous ciphertext block: the chaining value, then in[0..2].
                int src = kind == CFB_DECRYPT ? p - 16 : p;
                if (kind == CFB_DECRYPT) {
                    a0 = (int) (h >>> 32);
                    a1 = (int) h;
                    a2 = (int) (l >>> 32);
                    a3 = (int) l;
                } else {
                    a0 = Bytes.getIntBE(in, src);
                    a1 = Bytes.getIntBE(in, src + 4);
                    a2 = Bytes.getIntBE(in, src + 8);
                    a3 = Bytes.getIntBE(in, src + 12);
                }
                b0 = Bytes.getIntBE(in, src + 16);
                b1 = Bytes.getIntBE(in, src + 20);
                b2 = Bytes.getIntBE(in, src + 24);
                b3 = Bytes.getIntBE(in, src + 28);
                c0 = Bytes.getIntBE(in, src + 32);
                c1 = Bytes.getIntBE(in, src + 36);
                c2 = Bytes.getIntBE(in, src + 40);
                c3 = Bytes.getIntBE(in, src + 44);
                d0 = Bytes.getIntBE(in, src + 48);
                d1 = Bytes.getIntBE(in, src + 52);
                d2 = Bytes.getIntBE(in, src + 56);
                d3 = Bytes.getIntBE(in, src + 60);
            }
            // Four rounds per iteration (one full turn of X0..X3), eight iterations: GB/T 32907 §7.1.
            // Rounds i and i+1 share X_{i+2} xor X_{i+3}, computed once.
            for (int r = 0; r < 32; r += 4) {
                int k0 = rk[r];
                int k1 = rk[r + 1];
                int k2 = rk[r + 2];
                int k3 = rk[r + 3];
                int as = a2 ^ a3;
                int bs = b2 ^ b3;
                int cs = c2 ^ c3;
                int ds = d2 ^ d3;
                a0 ^= t(a1 ^ as ^ k0);
                b0 ^= t(b1 ^ bs ^ k0);
                c0 ^= t(c1 ^ cs ^ k0);
                d0 ^= t(d1 ^ ds ^ k0);
                a1 ^= t(as ^ a0 ^ k1);
                b1 ^= t(bs ^ b0 ^ k1);
                c1 ^= t(cs ^ c0 ^ k1);
                d1 ^= t(ds ^ d0 ^ k1);
                as = a0 ^ a1;
                bs = b0 ^ b1;
                cs = c0 ^ c1;
                ds = d0 ^ d1;
                a2 ^= t(a3 ^ as ^ k2);
                b2 ^= t(b3 ^ bs ^ k2);
                c2 ^= t(c3 ^ cs ^ k2);
                d2 ^= t(d3 ^ ds ^ k2);
                a3 ^= t(as ^ a2 ^ k3);
                b3 ^= t(bs ^ b2 ^ k3);
                c3 ^= t(cs ^ c2 ^ k3);
                d3 ^= t(ds ^ d2 ^ k3);
            }
            long am0 = 0;
            long am1 = 0;
            long bm0 = 0;
            long bm1 = 0;
            long cm0 = 0;
            long cm1 = 0;
            long dm0 = 0;
            long dm1 = 0;
            // Everything XORed in is read before anything is written: in place is safe.
            if (kind == CTR || kind == CFB_DECRYPT) {
                am0 = Bytes.getLongBE(in, p);
                am1 = Bytes.getLongBE(in, p + 8);
                bm0 = Bytes.getLongBE(in, p + 16);
                bm1 = Bytes.getLongBE(in, p + 24);
                cm0 = Bytes.getLongBE(in, p + 32);
                cm1 = Bytes.getLongBE(in, p + 40);
                dm0 = Bytes.getLongBE(in, p + 48);
                dm1 = Bytes.getLongBE(in, p + 56);
                if (kind == CFB_DECRYPT) {
                    h = dm0;
                    l = dm1;
                }
            } else if (kind == CBC_DECRYPT) {
                am0 = h;
                am1 = l;
                bm0 = Bytes.getLongBE(in, p);
                bm1 = Bytes.getLongBE(in, p + 8);
                cm0 = Bytes.getLongBE(in, p + 16);
                cm1 = Bytes.getLongBE(in, p + 24);
                dm0 = Bytes.getLongBE(in, p + 32);
                dm1 = Bytes.getLongBE(in, p + 40);
                h = Bytes.getLongBE(in, p + 48);
                l = Bytes.getLongBE(in, p + 56);
            }
            // Output is (X35, X34, X33, X32): the reverse transform R of GB/T 32907 §7.1.
            Bytes.putLongBE(out, q, ((long) a3 << 32 | (a2 & 0xffffffffL)) ^ am0);
            Bytes.putLongBE(out, q + 8, ((long) a1 << 32 | (a0 & 0xffffffffL)) ^ am1);
            Bytes.putLongBE(out, q + 16, ((long) b3 << 32 | (b2 & 0xffffffffL)) ^ bm0);
            Bytes.putLongBE(out, q + 24, ((long) b1 << 32 | (b0 & 0xffffffffL)) ^ bm1);
            Bytes.putLongBE(out, q + 32, ((long) c3 << 32 | (c2 & 0xffffffffL)) ^ cm0);
            Bytes.putLongBE(out, q + 40, ((long) c1 << 32 | (c0 & 0xffffffffL)) ^ cm1);
            Bytes.putLongBE(out, q + 48, ((long) d3 << 32 | (d2 & 0xffffffffL)) ^ dm0);
            Bytes.putLongBE(out, q + 56, ((long) d1 << 32 | (d0 & 0xffffffffL)) ^ dm1);
        }
        if (state != null) {
            Bytes.putLongBE(state, 0, h);
            Bytes.putLongBE(state, 8, l);
        }
    }

    /** One block at a time: every serial kind, and the last one to three blocks of a parallel one. */
    private static void kernel1(int[] rk, int kind, byte[] state, byte[] in, int inOff,
            byte[] out, int outOff, int blocks) {
        long h = state == null ? 0 : Bytes.getLongBE(state, 0);
        long l = state == null ? 0 : Bytes.getLongBE(state, 8);
        for (int g = 0; g < blocks; g++) {
            int p = inOff + (g << 4);
            int q = outOff + (g << 4);
            long x0 = Bytes.getLongBE(in, p);
            long x1 = Bytes.getLongBE(in, p + 8);
            long s0;
            long s1;
            if (kind == PLAIN || kind == CBC_DECRYPT) {
                s0 = x0;
                s1 = x1;
            } else if (kind == CBC_ENCRYPT) {
                s0 = x0 ^ h;
                s1 = x1 ^ l;
            } else {
                s0 = h;
                s1 = l;
            }
            int a0 = (int) (s0 >>> 32);
            int a1 = (int) s0;
            int a2 = (int) (s1 >>> 32);
            int a3 = (int) s1;
            // Four rounds per iteration (one full turn of X0..X3), eight iterations: GB/T 32907 §7.1.
            // (Parallel kinds share X_{i+2} xor X_{i+3}; here the order of the XORs matters more.)
            for (int r = 0; r < 32; r += 4) {
                int k0 = rk[r];
                int k1 = rk[r + 1];
                int k2 = rk[r + 2];
                int k3 = rk[r + 3];
                // One block is latency-bound: the newest word joins last, after the XOR of the others.
                a0 ^= t((a1 ^ a2 ^ k0) ^ a3);
                a1 ^= t((a2 ^ a3 ^ k1) ^ a0);
                a2 ^= t((a3 ^ a0 ^ k2) ^ a1);
                a3 ^= t((a0 ^ a1 ^ k3) ^ a2);
            }
            // Output is (X35, X34, X33, X32): the reverse transform R of GB/T 32907 §7.1.
            long y0 = (long) a3 << 32 | (a2 & 0xffffffffL);
            long y1 = (long) a1 << 32 | (a0 & 0xffffffffL);
            if (kind == PLAIN) {
                // nothing to add
            } else if (kind == CTR) {
                y0 ^= x0;
                y1 ^= x1;
                l++;
                h = l == 0 ? h + 1 : h;
            } else if (kind == CBC_DECRYPT) {
                y0 ^= h;
                y1 ^= l;
                h = x0;
                l = x1;
            } else if (kind == CBC_ENCRYPT) {
                h = y0;
                l = y1;
            } else if (kind == OFB) {
                h = y0;
                l = y1;
                y0 ^= x0;
                y1 ^= x1;
            } else {
                y0 ^= x0;
                y1 ^= x1;
                h = kind == CFB_ENCRYPT ? y0 : x0;
                l = kind == CFB_ENCRYPT ? y1 : x1;
            }
            Bytes.putLongBE(out, q, y0);
            Bytes.putLongBE(out, q + 8, y1);
        }
        if (state != null) {
            Bytes.putLongBE(state, 0, h);
            Bytes.putLongBE(state, 8, l);
        }
    }

    @Override
    public boolean isConstantTime() {
        return false;
    }

    @Override
    public void destroy() {
        Bytes.wipe(rkEnc);
        Bytes.wipe(rkDec);
    }
}
