package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;

/**
 * The ZUC keystream generator shared by ZUC-128 and ZUC-256 (GB/T 33133.1 §5, 3GPP ETSI/SAGE
 * "Document 2: ZUC Specification" §3; the ZUC-256 draft §2 uses the same LFSR, bit reorganisation
 * and F and differs only in how key, IV and constants are loaded into the LFSR).
 *
 * <p>The 16-cell LFSR over GF(2^31 - 1) is advanced sixteen clocks per batch with the cells in
 * local variables whose roles rotate (so nothing is shifted, as a naive LFSR does, and every
 * index is a constant). Keystream is produced sixteen words at
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

    /** The sixteen LFSR cells s0..s15 between batches. */
    private final int[] s = new int[16];
    /** The memory cells R1, R2 of F. */
    private int r1;
    private int r2;
    /** One batch of keystream; bytes [pos, 64) of it are still unused. */
    private final int[] ks = new int[BATCH_WORDS];
    private int pos = BATCH_BYTES;

    /**
     * The LFSR cells: a key/IV loader writes the sixteen 31-bit initial cells s0..s15, then calls
     * {@link #init()}. Package-private so loading needs no temporary copy of the key.
     */
    int[] cells() {
        return s;
    }

    /**
     * Runs the initialisation on the cells loaded through {@link #cells()}: 32 clocks in
     * initialisation mode (two batches), then one clock in working mode whose output is discarded
     * (GB/T 33133.1 §5.5.2-§5.5.3, ZUC-256 draft §2.3). That clock runs on its own
     * ({@link #discardOneClock()}), so the keystream then starts on a batch boundary: a message of
     * a whole number of 64-byte batches (1 KiB, say) takes exactly that many batches and no byte
     * goes through the byte-at-a-time path. (Running it as the first clock of a working batch
     * cost a seventeenth batch for the last word of 1 KiB.)
     */
    void init() {
        r1 = 0;
        r2 = 0;
        clocks(ks, 0, true);
        clocks(ks, 0, true);
        discardOneClock();
        pos = BATCH_BYTES;
    }

    /**
     * One working-mode clock whose output word is dropped (§5.5.3), on the cells in {@link #s}
     * order, which then shift down by one: the same clock as clock 0 of {@link #clocks}.
     */
    private void discardOneClock() {
        final int[] s = this.s;
        int x1 = (s[11] << 16) | (s[9] >>> 15);
        int x2 = (s[7] << 16) | (s[5] >>> 15);
        int w1 = r1 + x1;
        int w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        long v = (long) s[0] * 257 + ((long) s[4] << 20) + ((long) s[10] << 21) + ((long) s[13] << 17)
                + ((long) s[15] << 15);
        v = (v & P) + (v >>> 31);
        int s16 = (int) ((v & P) + (v >>> 31));
        System.arraycopy(s, 1, s, 0, 15);
        s[15] = s16;
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
        clocks(out, off, false);
    }

    /**
     * Sixteen clocks; each writes its word Z = W xor X3 to {@code out} (meaningful in working
     * mode only). {@code init} selects initialisation mode, in which the LFSR also absorbs
     * W >> 1 (§5.2.1, §5.5.2).
     *
     * <p>One clock (GB/T 33133.1 §5.3): bit reorganisation X0 = s15H ∥ s14L, X1 = s11L ∥ s9H,
     * X2 = s7L ∥ s5H, X3 = s2L ∥ s0H (§5.3.2); F: W = (X0 ^ R1) + R2, W1 = R1 + X1, W2 = R2 ^ X2,
     * R1 = S(L1(W1L ∥ W2H)), R2 = S(L2(W2L ∥ W1H)) (§5.4); LFSR feedback
     * s16 = (1 + 2^8) s0 + 2^20 s4 + 2^21 s10 + 2^17 s13 + 2^15 s15 mod 2^31 - 1 (§5.2). The plain
     * shifted terms sum below 2^55 in a long (no per-term 31-bit rotation); as 2^31 = 1 mod p, two
     * folds reduce the sum to [1, p], giving p, never 0, for a non-zero multiple of p, as §5.2.1
     * requires.
     *
     * <p>The code is that clock written out sixteen times (generated by
     * {@code io.gmflux.codecs.generated.ZucCoreGenerator} in the test sources; regenerate with the
     * command in the body, {@code GeneratedSourcesAreCurrentTest} checks it) with the cells in locals c0..c15 whose roles rotate: at clock i, cell s_j is {@code c[(i + j) % 16]} and the new cell
     * s16 replaces s0's local. After sixteen clocks the roles are back in place. Locals let the JIT
     * keep cells in registers and share the bit-reorganisation halves between clocks (X2 of clock
     * i + 4 is X1 of clock i).
     */
    private void clocks(int[] out, int off, boolean init) {
        // BEGIN GENERATED by ZucCoreGenerator.clocks(), do not edit; regenerate with:
        // mvn -o -q -pl codecs test-compile && java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources --write
        final int[] s = this.s;
        int c0 = s[0];
        int c1 = s[1];
        int c2 = s[2];
        int c3 = s[3];
        int c4 = s[4];
        int c5 = s[5];
        int c6 = s[6];
        int c7 = s[7];
        int c8 = s[8];
        int c9 = s[9];
        int c10 = s[10];
        int c11 = s[11];
        int c12 = s[12];
        int c13 = s[13];
        int c14 = s[14];
        int c15 = s[15];
        int r1 = this.r1;
        int r2 = this.r2;
        int x0;
        int x1;
        int x2;
        int w;
        int w1;
        int w2;
        long v;
        // Clock 0.
        x0 = ((c15 & 0x7FFF8000) << 1) | (c14 & 0xFFFF);
        x1 = (c11 << 16) | (c9 >>> 15);
        x2 = (c7 << 16) | (c5 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 0] = w ^ ((c2 << 16) | (c0 >>> 15));
        v = (long) c0 * 257 + ((long) c4 << 20) + ((long) c10 << 21) + ((long) c13 << 17)
                + ((long) c15 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c0 = (int) ((v & P) + (v >>> 31));
        // Clock 1.
        x0 = ((c0 & 0x7FFF8000) << 1) | (c15 & 0xFFFF);
        x1 = (c12 << 16) | (c10 >>> 15);
        x2 = (c8 << 16) | (c6 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 1] = w ^ ((c3 << 16) | (c1 >>> 15));
        v = (long) c1 * 257 + ((long) c5 << 20) + ((long) c11 << 21) + ((long) c14 << 17)
                + ((long) c0 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c1 = (int) ((v & P) + (v >>> 31));
        // Clock 2.
        x0 = ((c1 & 0x7FFF8000) << 1) | (c0 & 0xFFFF);
        x1 = (c13 << 16) | (c11 >>> 15);
        x2 = (c9 << 16) | (c7 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 2] = w ^ ((c4 << 16) | (c2 >>> 15));
        v = (long) c2 * 257 + ((long) c6 << 20) + ((long) c12 << 21) + ((long) c15 << 17)
                + ((long) c1 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c2 = (int) ((v & P) + (v >>> 31));
        // Clock 3.
        x0 = ((c2 & 0x7FFF8000) << 1) | (c1 & 0xFFFF);
        x1 = (c14 << 16) | (c12 >>> 15);
        x2 = (c10 << 16) | (c8 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 3] = w ^ ((c5 << 16) | (c3 >>> 15));
        v = (long) c3 * 257 + ((long) c7 << 20) + ((long) c13 << 21) + ((long) c0 << 17)
                + ((long) c2 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c3 = (int) ((v & P) + (v >>> 31));
        // Clock 4.
        x0 = ((c3 & 0x7FFF8000) << 1) | (c2 & 0xFFFF);
        x1 = (c15 << 16) | (c13 >>> 15);
        x2 = (c11 << 16) | (c9 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 4] = w ^ ((c6 << 16) | (c4 >>> 15));
        v = (long) c4 * 257 + ((long) c8 << 20) + ((long) c14 << 21) + ((long) c1 << 17)
                + ((long) c3 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c4 = (int) ((v & P) + (v >>> 31));
        // Clock 5.
        x0 = ((c4 & 0x7FFF8000) << 1) | (c3 & 0xFFFF);
        x1 = (c0 << 16) | (c14 >>> 15);
        x2 = (c12 << 16) | (c10 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 5] = w ^ ((c7 << 16) | (c5 >>> 15));
        v = (long) c5 * 257 + ((long) c9 << 20) + ((long) c15 << 21) + ((long) c2 << 17)
                + ((long) c4 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c5 = (int) ((v & P) + (v >>> 31));
        // Clock 6.
        x0 = ((c5 & 0x7FFF8000) << 1) | (c4 & 0xFFFF);
        x1 = (c1 << 16) | (c15 >>> 15);
        x2 = (c13 << 16) | (c11 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 6] = w ^ ((c8 << 16) | (c6 >>> 15));
        v = (long) c6 * 257 + ((long) c10 << 20) + ((long) c0 << 21) + ((long) c3 << 17)
                + ((long) c5 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c6 = (int) ((v & P) + (v >>> 31));
        // Clock 7.
        x0 = ((c6 & 0x7FFF8000) << 1) | (c5 & 0xFFFF);
        x1 = (c2 << 16) | (c0 >>> 15);
        x2 = (c14 << 16) | (c12 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 7] = w ^ ((c9 << 16) | (c7 >>> 15));
        v = (long) c7 * 257 + ((long) c11 << 20) + ((long) c1 << 21) + ((long) c4 << 17)
                + ((long) c6 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c7 = (int) ((v & P) + (v >>> 31));
        // Clock 8.
        x0 = ((c7 & 0x7FFF8000) << 1) | (c6 & 0xFFFF);
        x1 = (c3 << 16) | (c1 >>> 15);
        x2 = (c15 << 16) | (c13 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 8] = w ^ ((c10 << 16) | (c8 >>> 15));
        v = (long) c8 * 257 + ((long) c12 << 20) + ((long) c2 << 21) + ((long) c5 << 17)
                + ((long) c7 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c8 = (int) ((v & P) + (v >>> 31));
        // Clock 9.
        x0 = ((c8 & 0x7FFF8000) << 1) | (c7 & 0xFFFF);
        x1 = (c4 << 16) | (c2 >>> 15);
        x2 = (c0 << 16) | (c14 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 9] = w ^ ((c11 << 16) | (c9 >>> 15));
        v = (long) c9 * 257 + ((long) c13 << 20) + ((long) c3 << 21) + ((long) c6 << 17)
                + ((long) c8 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c9 = (int) ((v & P) + (v >>> 31));
        // Clock 10.
        x0 = ((c9 & 0x7FFF8000) << 1) | (c8 & 0xFFFF);
        x1 = (c5 << 16) | (c3 >>> 15);
        x2 = (c1 << 16) | (c15 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 10] = w ^ ((c12 << 16) | (c10 >>> 15));
        v = (long) c10 * 257 + ((long) c14 << 20) + ((long) c4 << 21) + ((long) c7 << 17)
                + ((long) c9 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c10 = (int) ((v & P) + (v >>> 31));
        // Clock 11.
        x0 = ((c10 & 0x7FFF8000) << 1) | (c9 & 0xFFFF);
        x1 = (c6 << 16) | (c4 >>> 15);
        x2 = (c2 << 16) | (c0 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 11] = w ^ ((c13 << 16) | (c11 >>> 15));
        v = (long) c11 * 257 + ((long) c15 << 20) + ((long) c5 << 21) + ((long) c8 << 17)
                + ((long) c10 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c11 = (int) ((v & P) + (v >>> 31));
        // Clock 12.
        x0 = ((c11 & 0x7FFF8000) << 1) | (c10 & 0xFFFF);
        x1 = (c7 << 16) | (c5 >>> 15);
        x2 = (c3 << 16) | (c1 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 12] = w ^ ((c14 << 16) | (c12 >>> 15));
        v = (long) c12 * 257 + ((long) c0 << 20) + ((long) c6 << 21) + ((long) c9 << 17)
                + ((long) c11 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c12 = (int) ((v & P) + (v >>> 31));
        // Clock 13.
        x0 = ((c12 & 0x7FFF8000) << 1) | (c11 & 0xFFFF);
        x1 = (c8 << 16) | (c6 >>> 15);
        x2 = (c4 << 16) | (c2 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 13] = w ^ ((c15 << 16) | (c13 >>> 15));
        v = (long) c13 * 257 + ((long) c1 << 20) + ((long) c7 << 21) + ((long) c10 << 17)
                + ((long) c12 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c13 = (int) ((v & P) + (v >>> 31));
        // Clock 14.
        x0 = ((c13 & 0x7FFF8000) << 1) | (c12 & 0xFFFF);
        x1 = (c9 << 16) | (c7 >>> 15);
        x2 = (c5 << 16) | (c3 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 14] = w ^ ((c0 << 16) | (c14 >>> 15));
        v = (long) c14 * 257 + ((long) c2 << 20) + ((long) c8 << 21) + ((long) c11 << 17)
                + ((long) c13 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c14 = (int) ((v & P) + (v >>> 31));
        // Clock 15.
        x0 = ((c14 & 0x7FFF8000) << 1) | (c13 & 0xFFFF);
        x1 = (c10 << 16) | (c8 >>> 15);
        x2 = (c6 << 16) | (c4 >>> 15);
        w = (x0 ^ r1) + r2;
        w1 = r1 + x1;
        w2 = r2 ^ x2;
        r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));
        r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));
        out[off + 15] = w ^ ((c1 << 16) | (c15 >>> 15));
        v = (long) c15 * 257 + ((long) c3 << 20) + ((long) c9 << 21) + ((long) c12 << 17)
                + ((long) c14 << 15) + (init ? w >>> 1 : 0);
        v = (v & P) + (v >>> 31);
        c15 = (int) ((v & P) + (v >>> 31));
        s[0] = c0;
        s[1] = c1;
        s[2] = c2;
        s[3] = c3;
        s[4] = c4;
        s[5] = c5;
        s[6] = c6;
        s[7] = c7;
        s[8] = c8;
        s[9] = c9;
        s[10] = c10;
        s[11] = c11;
        s[12] = c12;
        s[13] = c13;
        s[14] = c14;
        s[15] = c15;
        this.r1 = r1;
        this.r2 = r2;
        // END GENERATED
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
