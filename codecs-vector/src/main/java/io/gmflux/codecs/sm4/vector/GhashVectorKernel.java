package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.GhashKernel;
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
 * block: 4 words x 8 chunks = 32 vectors (2 KiB) per power. Eight blocks are absorbed per
 * reduction (aggregated: {@code Y' = (Y + X_1) H^8 + X_2 H^7 + ... + X_8 H}), so the 16 KiB table
 * holds H^1..H^8, and the lanes are XORed together once per 8 blocks; the multiples are already
 * reduced modulo the GCM polynomial. Per block: 8 mask moves and 32 masked XORs with a memory
 * operand (bench/results/ghash-vector.md has the candidates and their figures).
 *
 * <p><b>Why one method.</b> All vector work is in {@link #updateBlocks}: a call with vector
 * arguments that C2 declines to inline boxes the vectors (garbage and several times slower).
 * Constant-time only as compiled by C2 with the Vector API intrinsics (the API's Java fallback
 * branches on mask bits): {@link GhashVectorProvider} warms it up on public data and times it first.
 * The masked loads read valid table memory in every lane, so fault suppression never takes the
 * slow path.
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

    /** {@code table[(p - 1) * POWER_INTS + (c * 4 + r) * 16 + k]}: word r of {@code H^p * x^(16c + 15 - k)}. */
    private final int[] table = new int[POWERS * POWER_INTS];

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
        int[] t = table;
        long yHi = y[0];
        long yLo = y[1];
        while (blocks > 0) {
            int n = Math.min(blocks, POWERS);
            IntVector a0 = IntVector.zero(INTS);
            IntVector a1 = a0;
            IntVector a2 = a0;
            IntVector a3 = a0;
            long xHi = yHi;
            long xLo = yLo;
            for (int i = 0; i < n; i++, off += 16) {
                // block i of n is multiplied by H^(n - i); chunk c of the block uses the 64 ints at base + 64 c
                int base = (n - 1 - i) * POWER_INTS;
                long bHi = xHi ^ Bytes.getLongBE(in, off);
                long bLo = xLo ^ Bytes.getLongBE(in, off + 8);
                xHi = 0;
                xLo = 0;
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
            yHi = ((long) a0.reduceLanes(VectorOperators.XOR) << 32) | (a1.reduceLanes(VectorOperators.XOR) & 0xFFFFFFFFL);
            yLo = ((long) a2.reduceLanes(VectorOperators.XOR) << 32) | (a3.reduceLanes(VectorOperators.XOR) & 0xFFFFFFFFL);
            blocks -= n;
        }
        y[0] = yHi;
        y[1] = yLo;
    }

    @Override
    public void destroy() {
        Bytes.wipe(table);
    }
}
