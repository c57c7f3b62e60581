package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;

/**
 * The ZUC keystream generator shared by ZUC-128 and ZUC-256 (GB/T 33133.1 §5, 3GPP ETSI/SAGE
 * "Document 2: ZUC Specification" §3; the ZUC-256 draft §2 uses the same LFSR, bit reorganisation
 * and F and differs only in how key, IV and constants are loaded into the LFSR).
 *
 * <p>The 16-cell LFSR over GF(2^31 - 1) lives in a 32-word sliding window: cells
 * {@code s[0..15]} are the current state, one batch of sixteen clocks writes the new cells
 * {@code s[16..31]} with constant indices (so the JIT removes the shifting a naive LFSR does),
 * then {@code s[16..31]} slides down to {@code s[0..15]}. Keystream is produced sixteen words at
 * a time into a buffer and handed out at byte granularity, so a stream may be cut anywhere and
 * has no length limit (BouncyCastle stops one key/IV after 2047 words for ZUC-128 and 625 for
 * ZUC-256; the algorithm itself has no such limit).
 *
 * <p><b>Timing.</b> The nonlinear function F looks up the S-boxes S0 and S1 (GB/T 33133.1 §5.4.2)
 * at indices derived from the secret state: that is the standard's design, and, like every
 * table-driven software ZUC, this leaks through cache timing on shared hardware. The LFSR and the
 * bit reorganisation are branch-free.
 *
 * <p>Mutable, not thread-safe; {@link #destroy()} zeroes the state and the buffered keystream.
 */
final class ZucCore {

    private static final int P = 0x7FFFFFFF;

    /** S0 and S1 of GB/T 33133.1 §5.4.2, spread over 32-bit words so F needs no shifts. */
    private static final int[] S0_24 = new int[256];
    private static final int[] S1_16 = new int[256];
    private static final int[] S0_8 = new int[256];
    private static final int[] S1_0 = new int[256];

    static {
        String s0 = "3e725b47cae0003304d1549809b96dcb7b1bf932af9d6aa5b82dfc1d08530390"
                + "4d4e8499e4ced991ddb685488b296eaccdc1f81e734369c6b5bdfd396320d438"
                + "767db2a7cfed57c5f32cbb142106559be3ef5e314f7f5aa40d8251495fba581c"
                + "4a16d517a892241f8cffd8ae2e01d3ad3b4bda46ebc9de9a8f87d73a806f2fc8"
                + "b1b437f70a2213287ccc3c89c7c3965607bf7ef00b2b975235417961a64c10fe"
                + "bc2695888ab0a3fbc01894f2e1e5e95dd0dc1166645cec59427512f5749caa23"
                + "0e86abbe2a02e767e644a26cc2939ff1f6fa36d250689e6271153dd640c4e20f"
                + "8e83776b25053f0c30ea70b7a1e8a9658d271adb81b3a0f4457a19dfee783460";
        String s1 = "55c263713bc847869f3cda5b29aafd778cc5940ca61a1300e3a8167240f9f842"
                + "4426689681d9453e1076c6a78b3943e13ab5562ac06db3052266bfdc0bfa6248"
                + "dd20110636c9c1cff62752bb69f5d4877f844cd29c57a4bc4f9adffed68d7aeb"
                + "2b53d85ca11417fb23d57d3067730809eeb7703f61b2198e4ee54b938f5ddba9"
                + "adf1ae2ecb0dfcf42d466e1d97e8d1e94d37a5755e839eab829db91ce0cd4989"
                + "01b6bd5824a25f387899159050b895e4d091c7ceed0fb46fa0ccf0024a79c3de"
                + "a3efea51e66b18ec1b2c80f774e7ff215a6a541e41319235c433070aba7e0e34"
                + "88b1987cf33d606c7bcad31f3265042864be859b2f598ad7b025acaf1203e2f2";
        for (int i = 0; i < 256; i++) {
            int a = Integer.parseInt(s0.substring(2 * i, 2 * i + 2), 16);
            int b = Integer.parseInt(s1.substring(2 * i, 2 * i + 2), 16);
            S0_24[i] = a << 24;
            S1_16[i] = b << 16;
            S0_8[i] = a << 8;
            S1_0[i] = b;
        }
    }

    /** Keystream words per batch. */
    static final int BATCH_WORDS = 16;
    private static final int BATCH_BYTES = 4 * BATCH_WORDS;

    /** LFSR window: s[0..15] is the state between batches. */
    private final int[] s = new int[32];
    /** The memory cells R1, R2 of F. */
    private int r1;
    private int r2;
    /** One batch of keystream; bytes [pos, 64) of it are still unused. */
    private final int[] ks = new int[BATCH_WORDS];
    private int pos = BATCH_BYTES;

    /**
     * The LFSR cells: a key/IV loader writes the sixteen 31-bit initial cells to indices 0..15,
     * then calls {@link #init()}. Package-private so loading needs no temporary copy of the key.
     */
    int[] cells() {
        return s;
    }

    /**
     * Runs the initialisation on the cells loaded through {@link #cells()}: 32 clocks in
     * initialisation mode, then one clock in working mode whose F output is discarded
     * (GB/T 33133.1 §5.5.2-§5.5.3, ZUC-256 draft §2.3).
     */
    void init() {
        r1 = 0;
        r2 = 0;
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 16; i++) {
                clock(i, true);
            }
            System.arraycopy(s, 16, s, 0, 16);
        }
        clock(0, false);
        System.arraycopy(s, 1, s, 0, 16);
        pos = BATCH_BYTES;
    }

    /**
     * One clock of the cipher on the window cells {@code s[i..i+15]}; writes {@code s[i+16]}.
     * Returns the keystream word Z = F(X0, X1, X2) xor X3 (meaningful in working mode only).
     * {@code init} selects initialisation mode (the LFSR also absorbs W >> 1, §5.3.1).
     * Called with constant arguments from unrolled code so that, once inlined, every index is a
     * constant and the branch on {@code init} disappears.
     */
    private int clock(int i, boolean init) {
        final int[] s = this.s;
        int s0 = s[i];
        int s15 = s[i + 15];
        // Bit reorganisation, §5.3.2.
        int x0 = ((s15 & 0x7FFF8000) << 1) | (s[i + 14] & 0xFFFF);
        int x1 = (s[i + 11] << 16) | (s[i + 9] >>> 15);
        int x2 = (s[i + 7] << 16) | (s[i + 5] >>> 15);
        int x3 = (s[i + 2] << 16) | (s0 >>> 15);
        // F, §5.4.
        int w = (x0 ^ r1) + r2;
        int w1 = r1 + x1;
        int w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        // LFSR feedback, §5.2: (1 + 2^8) s0 + 2^20 s4 + 2^21 s10 + 2^17 s13 + 2^15 s15 mod 2^31 - 1.
        // The plain shifted terms sum below 2^55 in a long (no per-term 31-bit rotation); as
        // 2^31 = 1 mod p, two folds reduce the sum to [1, p] and give p, never 0, for a non-zero
        // multiple of p, as the standard requires (§5.2.1 step 2).
        long v = (long) s0 + ((long) s0 << 8) + ((long) s[i + 4] << 20) + ((long) s[i + 10] << 21)
                + ((long) s[i + 13] << 17) + ((long) s15 << 15);
        if (init) {
            v += (w >>> 1);
        }
        v = (v & P) + (v >>> 31);
        s[i + 16] = (int) ((v & P) + (v >>> 31));
        return w ^ x3;
    }

    private static int l1(int x) {
        return x ^ Integer.rotateLeft(x, 2) ^ Integer.rotateLeft(x, 10) ^ Integer.rotateLeft(x, 18)
                ^ Integer.rotateLeft(x, 24);
    }

    private static int l2(int x) {
        return x ^ Integer.rotateLeft(x, 8) ^ Integer.rotateLeft(x, 14) ^ Integer.rotateLeft(x, 22)
                ^ Integer.rotateLeft(x, 30);
    }

    private static int sbox(int x) {
        return S0_24[x >>> 24] | S1_16[(x >>> 16) & 0xFF] | S0_8[(x >>> 8) & 0xFF] | S1_0[x & 0xFF];
    }

    /** Sixteen working-mode clocks: the next sixteen keystream words into {@code out[off..off+15]}. */
    void generate(int[] out, int off) {
        int z0 = clock(0, false);
        int z1 = clock(1, false);
        int z2 = clock(2, false);
        int z3 = clock(3, false);
        int z4 = clock(4, false);
        int z5 = clock(5, false);
        int z6 = clock(6, false);
        int z7 = clock(7, false);
        int z8 = clock(8, false);
        int z9 = clock(9, false);
        int z10 = clock(10, false);
        int z11 = clock(11, false);
        int z12 = clock(12, false);
        int z13 = clock(13, false);
        int z14 = clock(14, false);
        int z15 = clock(15, false);
        System.arraycopy(s, 16, s, 0, 16);
        out[off] = z0;
        out[off + 1] = z1;
        out[off + 2] = z2;
        out[off + 3] = z3;
        out[off + 4] = z4;
        out[off + 5] = z5;
        out[off + 6] = z6;
        out[off + 7] = z7;
        out[off + 8] = z8;
        out[off + 9] = z9;
        out[off + 10] = z10;
        out[off + 11] = z11;
        out[off + 12] = z12;
        out[off + 13] = z13;
        out[off + 14] = z14;
        out[off + 15] = z15;
    }

    /** The next 32 keystream bits, continuing at the current byte position. */
    int nextWord() {
        if ((pos & 3) == 0) {
            if (pos == BATCH_BYTES) {
                generate(ks, 0);
                pos = 0;
            }
            int z = ks[pos >>> 2];
            pos += 4;
            return z;
        }
        int z = 0;
        for (int i = 0; i < 4; i++) {
            z = (z << 8) | (nextByte() & 0xFF);
        }
        return z;
    }

    /** {@code n} keystream words into {@code out[off..off+n)}; whole batches go straight to {@code out}. */
    void words(int[] out, int off, int n) {
        int i = 0;
        while (i < n && pos != BATCH_BYTES) {
            out[off + i++] = nextWord();
        }
        for (; n - i >= BATCH_WORDS; i += BATCH_WORDS) {
            generate(out, off + i);
        }
        for (; i < n; i++) {
            out[off + i] = nextWord();
        }
    }

    private byte nextByte() {
        if (pos == BATCH_BYTES) {
            generate(ks, 0);
            pos = 0;
        }
        int p = pos++;
        return (byte) (ks[p >>> 2] >>> (24 - 8 * (p & 3)));
    }

    /**
     * {@code out[outOff+i] = in[inOff+i] ^ keystream byte i}; continues the stream at byte
     * granularity. Ranges are checked by the caller; {@code in} and {@code out} may be the same
     * range (in place).
     */
    void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
        final int[] ks = this.ks;
        // Finish the current batch byte by byte.
        while (len > 0 && pos != BATCH_BYTES) {
            out[outOff++] = (byte) (in[inOff++] ^ nextByte());
            len--;
        }
        // Whole batches: 64 bytes per sixteen clocks, eight 64-bit XORs.
        while (len >= BATCH_BYTES) {
            generate(ks, 0);
            for (int j = 0; j < BATCH_WORDS; j += 2) {
                long z = ((long) ks[j] << 32) | (ks[j + 1] & 0xFFFFFFFFL);
                Bytes.putLongBE(out, outOff, Bytes.getLongBE(in, inOff) ^ z);
                inOff += 8;
                outOff += 8;
            }
            len -= BATCH_BYTES;
        }
        // A partial batch: the rest stays buffered for the next call.
        if (len > 0) {
            generate(ks, 0);
            pos = 0;
            int j = 0;
            for (; len - j >= 4; j += 4) {
                Bytes.putIntBE(out, outOff + j, Bytes.getIntBE(in, inOff + j) ^ ks[j >>> 2]);
            }
            pos = j;
            for (; j < len; j++) {
                out[outOff + j] = (byte) (in[inOff + j] ^ nextByte());
            }
        }
    }

    /** Makes this generator an exact copy of {@code other} (state, buffered keystream and position). */
    void copyFrom(ZucCore other) {
        System.arraycopy(other.s, 0, s, 0, 16);
        System.arraycopy(other.ks, 0, ks, 0, BATCH_WORDS);
        r1 = other.r1;
        r2 = other.r2;
        pos = other.pos;
    }

    /** The next {@code len} keystream bytes into {@code out[off..off+len)} (range checked by the caller). */
    void keystream(byte[] out, int off, int len) {
        Arrays.fill(out, off, off + len, (byte) 0);
        xor(out, off, len, out, off);
    }

    /** Zeroes the LFSR, F's registers and the buffered keystream. The object stays usable after {@link #init}. */
    void destroy() {
        Arrays.fill(s, 0);
        Arrays.fill(ks, 0);
        r1 = 0;
        r2 = 0;
        pos = BATCH_BYTES;
    }
}
