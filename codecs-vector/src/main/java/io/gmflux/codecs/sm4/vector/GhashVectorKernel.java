package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.GhashKernel;
import java.util.Arrays;
import java.util.Objects;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * GHASH (NIST SP 800-38D §6.4) as a GF(2)-linear map on 512-bit vectors, constant-time: a product
 * {@code X * H^p} is the XOR, over the 128 bits of {@code X}, of the multiples {@code H^p * x^i}
 * whose bit i is set. Sixteen bits of the block at a time become a {@code VectorMask} of 16 lanes
 * ({@code kmovq}), under which four accumulators XOR the multiples ({@code vpxord} with merge
 * masking): the data selects lanes inside registers, the multiples of H are read whole in a fixed
 * order, so no memory access is indexed and no branch taken by H, the running hash or the data.
 *
 * <p><b>Layout.</b> One {@code IntVector} of 16 lanes holds word {@code r} (of four big-endian
 * words) of {@code H^p * x^(16c + 15 - k)} in lane {@code k}, for chunk {@code c} (16 bits, bit
 * {@code k} of the chunk read as a number, so lane order matches {@code VectorMask.fromLong}) of the
 * block: 4 words x 8 chunks = 32 vectors (2 KiB) per power; the table holds H^1..H^8 (16 KiB), already
 * reduced modulo the GCM polynomial.
 *
 * <p><b>Long inputs (8 blocks and more): four streams.</b> Stream s takes blocks s, s + 4, s + 8, ... and
 * runs Horner's rule by H^4 ({@code Z_s = (Z_s + X) H^4}), two blocks per step
 * ({@code Z_s = (Z_s + X) H^8 + X' H^4}), stream 0 starting from Y; the last 4 to 8 blocks are multiplied
 * by H^n .. H^1 with the streams' values added to the first four, which gives the same Y (a head of up
 * to three blocks is aggregated into Y first). All four streams multiply by the same power, so each
 * table vector loaded serves four masked XORs (8 loads per block instead of 32: the loads bound the
 * one-stream form on cores that split 512-bit loads). The 16 accumulators (4 streams x 4 words) are
 * summed across lanes together once per step of 8 blocks, by a transposed XOR fold (two-vector
 * {@code selectFrom}) into one vector whose longs are the four streams' values.
 * <b>Short inputs and the tail:</b> up to eight blocks per reduction, aggregated
 * ({@code Y' = (Y + X_1) H^n + ... + X_n H}), four {@code reduceLanes(XOR)} each. Per block either way:
 * 8 mask moves and 32 masked XORs (bench/results/ghash-vector.md has the candidates and their figures).
 *
 * <p><b>Why vectors never cross a call.</b> Each of {@link #updateBlocks}' helpers keeps its vector work
 * to itself and exchanges only longs through {@link #addends}: a call with vector arguments that C2
 * declines to inline boxes the vectors (garbage and several times slower), and one method holding both
 * loops grew past what C2 inlines (intrinsics left as calls: the provider refused it, 9 us a round).
 * Constant-time only as compiled by C2 with the Vector API intrinsics (the API's Java fallback
 * branches on mask bits): {@link GhashVectorProvider} warms it up on public data and times it first.
 * The masked loads read valid table memory in every lane, so fault suppression never takes the
 * slow path; the fold's lane indexes are constants.
 *
 * <p>Not thread-safe. Holds the table (multiples of H) until {@link #destroy()}.
 */
final class GhashVectorKernel implements GhashKernel {

    static final VectorSpecies<Integer> INTS = IntVector.SPECIES_512;
    /** Blocks absorbed per reduction, and so powers of H held. */
    static final int POWERS = 8;
    /** Ints per power: 8 chunks x 4 words x 16 lanes. */
    private static final int POWER_INTS = 8 * 4 * 16;
    /** {@code R} of SP 800-38D §6.3: the high word of {@code x^128 mod P} seen as {@code V >> 1}. */
    private static final long R = 0xE100000000000000L;

    /** Streams of the long-input loop; each takes every fourth block and multiplies by H^4. */
    static final int STREAMS = 4;
    /** Where H^4's multiples start in {@link #table}. */
    private static final int H4 = (STREAMS - 1) * POWER_INTS;
    /** Where H^8's multiples start in {@link #table}. */
    private static final int H8 = (2 * STREAMS - 1) * POWER_INTS;
    /** Blocks per step of {@link #streams}: two per stream. */
    private static final int STEP_BLOCKS = 2 * STREAMS;
    /**
     * Lane indexes into two vectors {@code p, q} holding sources in groups of 16, 8, 4, 2 lanes:
     * low picks the first half of each group, high the second, {@code p}'s groups then {@code q}'s.
     */
    private static final IntVector FOLD_LOW_0 = foldIndex(16, 0);
    private static final IntVector FOLD_HIGH_0 = foldIndex(16, 8);
    private static final IntVector FOLD_LOW_1 = foldIndex(8, 0);
    private static final IntVector FOLD_HIGH_1 = foldIndex(8, 4);
    private static final IntVector FOLD_LOW_2 = foldIndex(4, 0);
    private static final IntVector FOLD_HIGH_2 = foldIndex(4, 2);
    private static final IntVector FOLD_LOW_3 = foldIndex(2, 0);
    private static final IntVector FOLD_HIGH_3 = foldIndex(2, 1);

    private static IntVector foldIndex(int group, int skip) {
        int half = group / 2;
        int sources = 16 / group;
        int[] index = new int[16];
        for (int lane = 0; lane < 16; lane++) {
            int source = lane / half;
            index[lane] = (source < sources ? source * group : 16 + (source - sources) * group) + lane % half + skip;
        }
        return IntVector.fromArray(INTS, index, 0);
    }

    /** {@code table[(p - 1) * POWER_INTS + (c * 4 + r) * 16 + k]}: word r of {@code H^p * x^(16c + 15 - k)}. */
    private final int[] table = new int[POWERS * POWER_INTS];
    /** Per call: the values added to the blocks of a group (the streams', or Y to the first); zeroed before return. */
    private final long[] addends = new long[2 * POWERS];

    /** The table for H (16 bytes, read only), computed without secret-dependent access or branch. */
    GhashVectorKernel(byte[] h) {
        Objects.requireNonNull(h, "h");
        if (h.length != 16) {
            throw new IllegalArgumentException("GHASH key H must be 16 bytes, got " + h.length);
        }
        long hHi = Bytes.getLongBE(h, 0);
        long hLo = Bytes.getLongBE(h, 8);
        long pHi = hHi;
        long pLo = hLo;
        for (int p = 1; p <= POWERS; p++) {
            fill(p, pHi, pLo);
            // H^(p+1) = H^p * H, bit by bit under masks
            long zHi = 0;
            long zLo = 0;
            long vHi = pHi;
            long vLo = pLo;
            for (int i = 0; i < 128; i++) {
                long bit = i < 64 ? hHi << i : hLo << (i - 64);
                long mask = bit >> 63;
                zHi ^= vHi & mask;
                zLo ^= vLo & mask;
                long carry = -(vLo & 1L) & R;
                vLo = (vLo >>> 1) | (vHi << 63);
                vHi = (vHi >>> 1) ^ carry;
            }
            pHi = zHi;
            pLo = zLo;
        }
    }

    /** Writes the multiples {@code P * x^i}, i = 0..127, of {@code P = H^p} into the table (lane 15 - i mod 16). */
    private void fill(int p, long vHi, long vLo) {
        int base = (p - 1) * POWER_INTS;
        for (int i = 0; i < 128; i++) {
            int chunk = i >>> 4;
            int lane = 15 - (i & 15);
            int at = base + chunk * 64 + lane;
            table[at] = (int) (vHi >>> 32);
            table[at + 16] = (int) vHi;
            table[at + 32] = (int) (vLo >>> 32);
            table[at + 48] = (int) vLo;
            long carry = -(vLo & 1L) & R;
            vLo = (vLo >>> 1) | (vHi << 63);
            vHi = (vHi >>> 1) ^ carry;
        }
    }

    @Override
    public void updateBlocks(long[] y, byte[] in, int off, int blocks) {
        long[] v = addends;
        v[0] = y[0];
        v[1] = y[1];
        if (blocks >= STEP_BLOCKS) {
            // head (0..3 blocks, aggregated into Y), steps of 8, then a tail of 4..8 blocks
            int steps = (blocks - STREAMS) / STEP_BLOCKS;
            int tail = blocks - steps * STEP_BLOCKS;
            if (tail > POWERS) {
                int head = tail - POWERS;
                aggregate(v, in, off, head);
                off += head * 16;
                tail = POWERS;
            }
            streams(v, in, off, steps);
            off += steps * STEP_BLOCKS * 16;
            // the tail: block i times H^(tail - i), stream i's value added to block i < 4, which ends
            // each stream's Horner rule by H^4 with the power its last block lacks
            aggregate(v, in, off, tail);
            off += tail * 16;
            blocks = 0;
        }
        while (blocks > 0) {
            int n = Math.min(blocks, POWERS);
            aggregate(v, in, off, n);
            off += n * 16;
            blocks -= n;
        }
        y[0] = v[0];
        y[1] = v[1];
        Arrays.fill(v, 0L);
    }

    /**
     * {@code steps} steps of 8 blocks on four streams (stream s takes blocks s, s + 4, ...), each
     * step two Horner steps by H^4 in one: {@code Z_s = (Z_s + X_s) H^8 + X_(s+4) H^4}. On entry
     * {@code v} holds the four streams' values (hi, lo), on return their values after the steps.
     * Every table vector loaded serves the four streams; the four sums of 16 lanes x 4 words are
     * folded together (transposed XOR, {@code selectFrom} of two vectors) into one vector once per step.
     */
    private void streams(long[] v, byte[] in, int off, int steps) {
        int[] t = table;
        IntVector low0 = FOLD_LOW_0;
        IntVector high0 = FOLD_HIGH_0;
        IntVector low1 = FOLD_LOW_1;
        IntVector high1 = FOLD_HIGH_1;
        IntVector low2 = FOLD_LOW_2;
        IntVector high2 = FOLD_HIGH_2;
        IntVector low3 = FOLD_LOW_3;
        IntVector high3 = FOLD_HIGH_3;
        for (int step = 0; step < steps; step++, off += 16 * STEP_BLOCKS) {
            long x0Hi = v[0] ^ Bytes.getLongBE(in, off + 0);
            long x0Lo = v[1] ^ Bytes.getLongBE(in, off + 8);
            long x1Hi = v[2] ^ Bytes.getLongBE(in, off + 16);
            long x1Lo = v[3] ^ Bytes.getLongBE(in, off + 24);
            long x2Hi = v[4] ^ Bytes.getLongBE(in, off + 32);
            long x2Lo = v[5] ^ Bytes.getLongBE(in, off + 40);
            long x3Hi = v[6] ^ Bytes.getLongBE(in, off + 48);
            long x3Lo = v[7] ^ Bytes.getLongBE(in, off + 56);
            IntVector s0w0 = IntVector.zero(INTS), s0w1 = s0w0, s0w2 = s0w0, s0w3 = s0w0, s1w0 = s0w0, s1w1 = s0w0, s1w2 = s0w0, s1w3 = s0w0, s2w0 = s0w0, s2w1 = s0w0, s2w2 = s0w0, s2w3 = s0w0, s3w0 = s0w0, s3w1 = s0w0, s3w2 = s0w0, s3w3 = s0w0;
            for (int c = 0; c < 8; c++) {
                // chunk c: bits 16c .. 16c + 15 of each stream's two blocks (public c): the first by H^8
                int shift = 48 - 16 * (c & 3);
                boolean high = c < 4;
                VectorMask<Integer> m0 = VectorMask.fromLong(INTS, ((high ? x0Hi : x0Lo) >>> shift) & 0xFFFF);
                VectorMask<Integer> m1 = VectorMask.fromLong(INTS, ((high ? x1Hi : x1Lo) >>> shift) & 0xFFFF);
                VectorMask<Integer> m2 = VectorMask.fromLong(INTS, ((high ? x2Hi : x2Lo) >>> shift) & 0xFFFF);
                VectorMask<Integer> m3 = VectorMask.fromLong(INTS, ((high ? x3Hi : x3Lo) >>> shift) & 0xFFFF);
                int at = H8 + c * 64;
                IntVector t0 = IntVector.fromArray(INTS, t, at + 0);
                s0w0 = s0w0.lanewise(VectorOperators.XOR, t0, m0);
                s1w0 = s1w0.lanewise(VectorOperators.XOR, t0, m1);
                s2w0 = s2w0.lanewise(VectorOperators.XOR, t0, m2);
                s3w0 = s3w0.lanewise(VectorOperators.XOR, t0, m3);
                IntVector t1 = IntVector.fromArray(INTS, t, at + 16);
                s0w1 = s0w1.lanewise(VectorOperators.XOR, t1, m0);
                s1w1 = s1w1.lanewise(VectorOperators.XOR, t1, m1);
                s2w1 = s2w1.lanewise(VectorOperators.XOR, t1, m2);
                s3w1 = s3w1.lanewise(VectorOperators.XOR, t1, m3);
                IntVector t2 = IntVector.fromArray(INTS, t, at + 32);
                s0w2 = s0w2.lanewise(VectorOperators.XOR, t2, m0);
                s1w2 = s1w2.lanewise(VectorOperators.XOR, t2, m1);
                s2w2 = s2w2.lanewise(VectorOperators.XOR, t2, m2);
                s3w2 = s3w2.lanewise(VectorOperators.XOR, t2, m3);
                IntVector t3 = IntVector.fromArray(INTS, t, at + 48);
                s0w3 = s0w3.lanewise(VectorOperators.XOR, t3, m0);
                s1w3 = s1w3.lanewise(VectorOperators.XOR, t3, m1);
                s2w3 = s2w3.lanewise(VectorOperators.XOR, t3, m2);
                s3w3 = s3w3.lanewise(VectorOperators.XOR, t3, m3);
                // the second blocks (8 bytes further for the low half), by H^4
                int second = off + 16 * STREAMS + (high ? 0 : 8);
                m0 = VectorMask.fromLong(INTS, (Bytes.getLongBE(in, second + 0) >>> shift) & 0xFFFF);
                m1 = VectorMask.fromLong(INTS, (Bytes.getLongBE(in, second + 16) >>> shift) & 0xFFFF);
                m2 = VectorMask.fromLong(INTS, (Bytes.getLongBE(in, second + 32) >>> shift) & 0xFFFF);
                m3 = VectorMask.fromLong(INTS, (Bytes.getLongBE(in, second + 48) >>> shift) & 0xFFFF);
                at = H4 + c * 64;
                t0 = IntVector.fromArray(INTS, t, at + 0);
                s0w0 = s0w0.lanewise(VectorOperators.XOR, t0, m0);
                s1w0 = s1w0.lanewise(VectorOperators.XOR, t0, m1);
                s2w0 = s2w0.lanewise(VectorOperators.XOR, t0, m2);
                s3w0 = s3w0.lanewise(VectorOperators.XOR, t0, m3);
                t1 = IntVector.fromArray(INTS, t, at + 16);
                s0w1 = s0w1.lanewise(VectorOperators.XOR, t1, m0);
                s1w1 = s1w1.lanewise(VectorOperators.XOR, t1, m1);
                s2w1 = s2w1.lanewise(VectorOperators.XOR, t1, m2);
                s3w1 = s3w1.lanewise(VectorOperators.XOR, t1, m3);
                t2 = IntVector.fromArray(INTS, t, at + 32);
                s0w2 = s0w2.lanewise(VectorOperators.XOR, t2, m0);
                s1w2 = s1w2.lanewise(VectorOperators.XOR, t2, m1);
                s2w2 = s2w2.lanewise(VectorOperators.XOR, t2, m2);
                s3w2 = s3w2.lanewise(VectorOperators.XOR, t2, m3);
                t3 = IntVector.fromArray(INTS, t, at + 48);
                s0w3 = s0w3.lanewise(VectorOperators.XOR, t3, m0);
                s1w3 = s1w3.lanewise(VectorOperators.XOR, t3, m1);
                s2w3 = s2w3.lanewise(VectorOperators.XOR, t3, m2);
                s3w3 = s3w3.lanewise(VectorOperators.XOR, t3, m3);
            }
            // lane 4s + j of the sum: word (1, 0, 3, 2)[j] of stream s, so that the longs read
            // little-endian are the streams' (hi, lo) words
            IntVector f0_0 = low0.selectFrom(s0w1, s0w0).lanewise(VectorOperators.XOR, high0.selectFrom(s0w1, s0w0));
            IntVector f0_1 = low0.selectFrom(s0w3, s0w2).lanewise(VectorOperators.XOR, high0.selectFrom(s0w3, s0w2));
            IntVector f0_2 = low0.selectFrom(s1w1, s1w0).lanewise(VectorOperators.XOR, high0.selectFrom(s1w1, s1w0));
            IntVector f0_3 = low0.selectFrom(s1w3, s1w2).lanewise(VectorOperators.XOR, high0.selectFrom(s1w3, s1w2));
            IntVector f0_4 = low0.selectFrom(s2w1, s2w0).lanewise(VectorOperators.XOR, high0.selectFrom(s2w1, s2w0));
            IntVector f0_5 = low0.selectFrom(s2w3, s2w2).lanewise(VectorOperators.XOR, high0.selectFrom(s2w3, s2w2));
            IntVector f0_6 = low0.selectFrom(s3w1, s3w0).lanewise(VectorOperators.XOR, high0.selectFrom(s3w1, s3w0));
            IntVector f0_7 = low0.selectFrom(s3w3, s3w2).lanewise(VectorOperators.XOR, high0.selectFrom(s3w3, s3w2));
            IntVector f1_0 = low1.selectFrom(f0_0, f0_1).lanewise(VectorOperators.XOR, high1.selectFrom(f0_0, f0_1));
            IntVector f1_1 = low1.selectFrom(f0_2, f0_3).lanewise(VectorOperators.XOR, high1.selectFrom(f0_2, f0_3));
            IntVector f1_2 = low1.selectFrom(f0_4, f0_5).lanewise(VectorOperators.XOR, high1.selectFrom(f0_4, f0_5));
            IntVector f1_3 = low1.selectFrom(f0_6, f0_7).lanewise(VectorOperators.XOR, high1.selectFrom(f0_6, f0_7));
            IntVector f2_0 = low2.selectFrom(f1_0, f1_1).lanewise(VectorOperators.XOR, high2.selectFrom(f1_0, f1_1));
            IntVector f2_1 = low2.selectFrom(f1_2, f1_3).lanewise(VectorOperators.XOR, high2.selectFrom(f1_2, f1_3));
            IntVector sum = low3.selectFrom(f2_0, f2_1).lanewise(VectorOperators.XOR, high3.selectFrom(f2_0, f2_1));
            sum.reinterpretAsLongs().intoArray(v, 0);
        }
    }

    /**
     * Absorbs {@code n} (at most {@link #POWERS}) blocks, block i times H^(n - i) with
     * {@code v[2i], v[2i + 1]} added to it; leaves the sum in {@code v[0], v[1]} and zeros after.
     */
    private void aggregate(long[] v, byte[] in, int off, int n) {
        int[] t = table;
        IntVector a0 = IntVector.zero(INTS);
        IntVector a1 = a0;
        IntVector a2 = a0;
        IntVector a3 = a0;
        for (int i = 0; i < n; i++, off += 16) {
            // block i of n is multiplied by H^(n - i); chunk c of the block uses the 64 ints at base + 64 c
            int base = (n - 1 - i) * POWER_INTS;
            long bHi = v[2 * i] ^ Bytes.getLongBE(in, off);
            long bLo = v[2 * i + 1] ^ Bytes.getLongBE(in, off + 8);
            VectorMask<Integer> m;
            int w0 = (int) (bHi >>> 32);
            m = VectorMask.fromLong(INTS, w0 >>> 16);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 16), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 32), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 48), m);
            m = VectorMask.fromLong(INTS, w0 & 0xFFFF);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 64), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 80), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 96), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 112), m);
            int w1 = (int) bHi;
            m = VectorMask.fromLong(INTS, w1 >>> 16);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 128), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 144), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 160), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 176), m);
            m = VectorMask.fromLong(INTS, w1 & 0xFFFF);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 192), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 208), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 224), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 240), m);
            int w2 = (int) (bLo >>> 32);
            m = VectorMask.fromLong(INTS, w2 >>> 16);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 256), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 272), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 288), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 304), m);
            m = VectorMask.fromLong(INTS, w2 & 0xFFFF);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 320), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 336), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 352), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 368), m);
            int w3 = (int) bLo;
            m = VectorMask.fromLong(INTS, w3 >>> 16);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 384), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 400), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 416), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 432), m);
            m = VectorMask.fromLong(INTS, w3 & 0xFFFF);
            a0 = a0.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 448), m);
            a1 = a1.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 464), m);
            a2 = a2.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 480), m);
            a3 = a3.lanewise(VectorOperators.XOR, IntVector.fromArray(INTS, t, base + 496), m);
        }
        v[0] = ((long) a0.reduceLanes(VectorOperators.XOR) << 32) | (a1.reduceLanes(VectorOperators.XOR) & 0xFFFFFFFFL);
        v[1] = ((long) a2.reduceLanes(VectorOperators.XOR) << 32) | (a3.reduceLanes(VectorOperators.XOR) & 0xFFFFFFFFL);
        Arrays.fill(v, 2, 2 * n, 0L);
    }

    @Override
    public void destroy() {
        Bytes.wipe(table);
    }
}
