package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.Sm4EngineProvider;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SM4 rounds (GB/T 32907 §7.1) on 512-bit vectors, 64 blocks per call: four independent
 * batches of 16 blocks, interleaved so that the S-box lookups of one batch hide the latency of
 * another's. Stateless; the caller owns the state array.
 *
 * <p><b>State layout.</b> {@code int[256]}: word {@code j} of block {@code 16q + b} of a call at
 * {@code 64q + 16j + b}, so one {@code IntVector} of 16 lanes holds word {@code j} of a batch's
 * 16 blocks. {@link #load}, {@link #counters} and {@link #store} move blocks between that layout and
 * byte arrays (a 4x4 word transposition by two-vector {@code selectFrom}, big-endian words by
 * {@code REVERSE_BYTES}).
 *
 * <p><b>Constant time.</b> The S-box is two two-table {@code ByteVector.selectFrom} lookups
 * (compiled to {@code vpermi2b} with AVX-512 VBMI) blended on the index's top bit; L is rotations
 * and XORs. No memory access is indexed by data: only by the round number and public offsets.
 * This holds for the code C2 compiles with the Vector API intrinsics; the API's Java fallback
 * (interpreter, C1, CPUs without the instructions) indexes arrays with lane values, which is why
 * {@link Sm4VectorEngineProvider} warms the kernel up on public data and times it before use.
 * Of these methods only {@link #rounds} looks up by data (the S-box), and it has no branch but its
 * loop, so profiles give C2 no reason to deoptimise it; in {@link #load}, {@link #store} and
 * {@link #counters} the fallback indexes by public constants (transposition) and branches on public
 * lengths only.
 *
 * <p><b>Why the methods look as they do.</b> Methods exchange data only through {@code int[]} and
 * take no vector argument: a call with vector arguments that C2 declines to inline boxes every
 * vector (kilobytes of garbage per KiB of data, several times slower). So the round is
 * written out once per batch inside {@link #rounds}. Loading and storing go one batch per method
 * call: with four batches in one method C1 ran out of registers, the method never got C2's
 * profile, stayed in C1 and boxed 12.7 KB per call. {@code Sm4VectorEngineTest} checks that a
 * warmed-up call allocates nothing.
 */
final class Sm4VectorKernel {

    static final VectorSpecies<Integer> INTS = IntVector.SPECIES_512;
    static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_512;

    /** Blocks per call: 4 batches of 16. */
    static final int BLOCKS = 64;
    /** Blocks per batch; calls of at most this many take {@link #rounds16}. */
    static final int BATCH = 16;
    /** Blocks of the widest call, {@link #rounds5}: 5 batches, for a CTR call of 64 blocks plus a lead block. */
    static final int WIDE_BLOCKS = 80;
    /** Length of the state array. */
    static final int STATE_INTS = 4 * WIDE_BLOCKS;

    private static final byte[] SBOX = Sm4EngineProvider.sbox();

    // Word transposition indexes into the concatenation of two 16-lane vectors.
    /** Interleave lanes 0..7 of two vectors. */
    private static final int[] ZIP_LO = {0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23};
    /** Interleave lanes 8..15 of two vectors. */
    private static final int[] ZIP_HI = {8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31};
    /** Interleave lane pairs 0..3 of two vectors. */
    private static final int[] PAIRS_LO = {0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23};
    /** Interleave lane pairs 4..7 of two vectors. */
    private static final int[] PAIRS_HI = {8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31};
    /** The even lane pairs of two vectors (inverse of the PAIRS interleave). */
    private static final int[] EVEN_PAIRS = {0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29};
    /** The odd lane pairs of two vectors. */
    private static final int[] ODD_PAIRS = {2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31};
    /** The even lanes of two vectors (inverse of the ZIP interleave). */
    private static final int[] EVENS = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30};
    /** The odd lanes of two vectors. */
    private static final int[] ODDS = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31};

    private Sm4VectorKernel() {
    }

    /** The bit size of the platform's preferred vector shape (512 where the kernel can be fast). */
    static int preferredBits() {
        return IntVector.SPECIES_PREFERRED.vectorBitSize();
    }

    /**
     * Loads {@code blocks <= 64} blocks from {@code in} into the state; missing blocks of a batch
     * read as zeros (masked loads; lanes past the range are never read); batches past the last
     * block are left as they are.
     */
    static void load(byte[] in, int off, int blocks, int[] s) {
        for (int q = 0; 16 * q < blocks; q++) {
            loadBatch(in, off, blocks * 16, 256 * q, s, 64 * q);
        }
    }

    /**
     * One batch: the 256 bytes at {@code in[off + at..]} (those below {@code bytes} from {@code off})
     * to {@code s[to..to+63]}. Separate from {@link #load} so that C1 can compile it (C1 runs out
     * of registers on all four batches at once, and C2 would then never be reached).
     */
    private static void loadBatch(byte[] in, int off, int bytes, int at, int[] s, int to) {
        IntVector evenPairs = IntVector.fromArray(INTS, EVEN_PAIRS, 0);
        IntVector oddPairs = IntVector.fromArray(INTS, ODD_PAIRS, 0);
        IntVector evens = IntVector.fromArray(INTS, EVENS, 0);
        IntVector odds = IntVector.fromArray(INTS, ODDS, 0);
        // lane 4i + j of b_k: word j of block 4k + i of the batch
        IntVector b0 = ByteVector.fromArray(BYTES, in, off + at, BYTES.indexInRange(at, bytes))
                .reinterpretAsInts().lanewise(VectorOperators.REVERSE_BYTES);
        IntVector b1 = ByteVector.fromArray(BYTES, in, off + at + 64, BYTES.indexInRange(at + 64, bytes))
                .reinterpretAsInts().lanewise(VectorOperators.REVERSE_BYTES);
        IntVector b2 = ByteVector.fromArray(BYTES, in, off + at + 128, BYTES.indexInRange(at + 128, bytes))
                .reinterpretAsInts().lanewise(VectorOperators.REVERSE_BYTES);
        IntVector b3 = ByteVector.fromArray(BYTES, in, off + at + 192, BYTES.indexInRange(at + 192, bytes))
                .reinterpretAsInts().lanewise(VectorOperators.REVERSE_BYTES);
        // lane 2b + w: word w (c0, c2) or 2 + w (c1, c3) of block b (c0, c1) or 8 + b (c2, c3)
        IntVector c0 = evenPairs.selectFrom(b0, b1);
        IntVector c1 = oddPairs.selectFrom(b0, b1);
        IntVector c2 = evenPairs.selectFrom(b2, b3);
        IntVector c3 = oddPairs.selectFrom(b2, b3);
        evens.selectFrom(c0, c2).intoArray(s, to);
        odds.selectFrom(c0, c2).intoArray(s, to + 16);
        evens.selectFrom(c1, c3).intoArray(s, to + 32);
        odds.selectFrom(c1, c3).intoArray(s, to + 48);
    }

    /**
     * Fills the first {@code batches} (1..5) batches of the state with the counter blocks
     * {@code (hi:lo) + i}, 128-bit big-endian, wrapping modulo 2^128. The counter is public; carries are lane masks.
     */
    static void counters(int[] s, long hi, long lo, int batches) {
        IntVector iota = IntVector.zero(INTS).addIndex(1);
        for (int q = 0; q < batches; q++) {
            long d = 16L * q;
            long l = lo + d;
            // carry out of lo + d without a branch (a branch not taken in warm-up would deoptimise)
            long h = hi + (((lo & d) | ((lo | d) & ~l)) >>> 63);
            IntVector w3 = iota.add((int) l);
            VectorMask<Integer> carry = w3.compare(VectorOperators.ULT, (int) l);
            IntVector w2 = IntVector.broadcast(INTS, (int) (l >>> 32)).add(1, carry);
            carry = carry.and(w2.eq(0));
            IntVector w1 = IntVector.broadcast(INTS, (int) h).add(1, carry);
            carry = carry.and(w1.eq(0));
            IntVector w0 = IntVector.broadcast(INTS, (int) (h >>> 32)).add(1, carry);
            w0.intoArray(s, 64 * q);
            w1.intoArray(s, 64 * q + 16);
            w2.intoArray(s, 64 * q + 32);
            w3.intoArray(s, 64 * q + 48);
        }
    }

    /** Writes one 16-byte block (big-endian words) into the state as block {@code block} of the call. */
    static void putBlock(int[] s, int block, byte[] b) {
        int at = 64 * (block >>> 4) + (block & 15);
        for (int j = 0; j < 4; j++) {
            s[at + 16 * j] = Bytes.getIntBE(b, 4 * j);
        }
    }

    /** Reads block {@code block} of the state after the rounds into {@code out} (16 bytes, byte stores). */
    static void getBlock(int[] s, int block, byte[] out) {
        int at = 64 * (block >>> 4) + (block & 15);
        for (int j = 0; j < 4; j++) {
            Bytes.putIntBEByBytes(out, 4 * j, s[at + 16 * j]);
        }
    }

    /**
     * The 32 rounds on the four batches of the state, in place, ending with the reverse transform
     * R (§7.1): afterwards word j of a block is X_{35-j}. Decryption passes the round keys reversed
     * (§7.2).
     */
    static void rounds(int[] s, int[] rk) {
        ByteVector t0 = ByteVector.fromArray(BYTES, SBOX, 0);
        ByteVector t1 = ByteVector.fromArray(BYTES, SBOX, 64);
        ByteVector t2 = ByteVector.fromArray(BYTES, SBOX, 128);
        ByteVector t3 = ByteVector.fromArray(BYTES, SBOX, 192);
        IntVector a0 = IntVector.fromArray(INTS, s, 0);
        IntVector a1 = IntVector.fromArray(INTS, s, 16);
        IntVector a2 = IntVector.fromArray(INTS, s, 32);
        IntVector a3 = IntVector.fromArray(INTS, s, 48);
        IntVector b0 = IntVector.fromArray(INTS, s, 64);
        IntVector b1 = IntVector.fromArray(INTS, s, 80);
        IntVector b2 = IntVector.fromArray(INTS, s, 96);
        IntVector b3 = IntVector.fromArray(INTS, s, 112);
        IntVector c0 = IntVector.fromArray(INTS, s, 128);
        IntVector c1 = IntVector.fromArray(INTS, s, 144);
        IntVector c2 = IntVector.fromArray(INTS, s, 160);
        IntVector c3 = IntVector.fromArray(INTS, s, 176);
        IntVector d0 = IntVector.fromArray(INTS, s, 192);
        IntVector d1 = IntVector.fromArray(INTS, s, 208);
        IntVector d2 = IntVector.fromArray(INTS, s, 224);
        IntVector d3 = IntVector.fromArray(INTS, s, 240);
        for (int r = 0; r < 32; r++) {
            IntVector k = IntVector.broadcast(INTS, rk[r]);
            // X_{i+4} = X_i ^ L(τ(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i)); τ: lookups in S[0..127] and
            // S[128..255] (selectFrom wraps the index to 7 bits), the byte's sign picks one.
            ByteVector x = a1.lanewise(VectorOperators.XOR, a2).lanewise(VectorOperators.XOR, a3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            IntVector y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            IntVector n = a0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            a0 = a1;
            a1 = a2;
            a2 = a3;
            a3 = n;

            x = b1.lanewise(VectorOperators.XOR, b2).lanewise(VectorOperators.XOR, b3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = b0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            b0 = b1;
            b1 = b2;
            b2 = b3;
            b3 = n;

            x = c1.lanewise(VectorOperators.XOR, c2).lanewise(VectorOperators.XOR, c3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = c0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            c0 = c1;
            c1 = c2;
            c2 = c3;
            c3 = n;

            x = d1.lanewise(VectorOperators.XOR, d2).lanewise(VectorOperators.XOR, d3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = d0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            d0 = d1;
            d1 = d2;
            d2 = d3;
            d3 = n;
        }
        a3.intoArray(s, 0);
        a2.intoArray(s, 16);
        a1.intoArray(s, 32);
        a0.intoArray(s, 48);
        b3.intoArray(s, 64);
        b2.intoArray(s, 80);
        b1.intoArray(s, 96);
        b0.intoArray(s, 112);
        c3.intoArray(s, 128);
        c2.intoArray(s, 144);
        c1.intoArray(s, 160);
        c0.intoArray(s, 176);
        d3.intoArray(s, 192);
        d2.intoArray(s, 208);
        d1.intoArray(s, 224);
        d0.intoArray(s, 240);
    }

    /**
     * {@link #rounds} on five batches (80 blocks): a CTR call of 64 blocks with one more block beside
     * it (GCM's {@code E(J0)}) costs one call instead of two; the fifth batch fills issue slots that
     * the four leave free between dependent rounds. Written out like {@link #rounds}, for the same reason.
     */
    static void rounds5(int[] s, int[] rk) {
        ByteVector t0 = ByteVector.fromArray(BYTES, SBOX, 0);
        ByteVector t1 = ByteVector.fromArray(BYTES, SBOX, 64);
        ByteVector t2 = ByteVector.fromArray(BYTES, SBOX, 128);
        ByteVector t3 = ByteVector.fromArray(BYTES, SBOX, 192);
        IntVector a0 = IntVector.fromArray(INTS, s, 0);
        IntVector a1 = IntVector.fromArray(INTS, s, 16);
        IntVector a2 = IntVector.fromArray(INTS, s, 32);
        IntVector a3 = IntVector.fromArray(INTS, s, 48);
        IntVector b0 = IntVector.fromArray(INTS, s, 64);
        IntVector b1 = IntVector.fromArray(INTS, s, 80);
        IntVector b2 = IntVector.fromArray(INTS, s, 96);
        IntVector b3 = IntVector.fromArray(INTS, s, 112);
        IntVector c0 = IntVector.fromArray(INTS, s, 128);
        IntVector c1 = IntVector.fromArray(INTS, s, 144);
        IntVector c2 = IntVector.fromArray(INTS, s, 160);
        IntVector c3 = IntVector.fromArray(INTS, s, 176);
        IntVector d0 = IntVector.fromArray(INTS, s, 192);
        IntVector d1 = IntVector.fromArray(INTS, s, 208);
        IntVector d2 = IntVector.fromArray(INTS, s, 224);
        IntVector d3 = IntVector.fromArray(INTS, s, 240);
        IntVector e0 = IntVector.fromArray(INTS, s, 256);
        IntVector e1 = IntVector.fromArray(INTS, s, 272);
        IntVector e2 = IntVector.fromArray(INTS, s, 288);
        IntVector e3 = IntVector.fromArray(INTS, s, 304);
        for (int r = 0; r < 32; r++) {
            IntVector k = IntVector.broadcast(INTS, rk[r]);
            // X_{i+4} = X_i ^ L(τ(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i)); τ: lookups in S[0..127] and
            // S[128..255] (selectFrom wraps the index to 7 bits), the byte's sign picks one.
            ByteVector x = a1.lanewise(VectorOperators.XOR, a2).lanewise(VectorOperators.XOR, a3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            IntVector y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            IntVector n = a0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            a0 = a1;
            a1 = a2;
            a2 = a3;
            a3 = n;

            x = b1.lanewise(VectorOperators.XOR, b2).lanewise(VectorOperators.XOR, b3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = b0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            b0 = b1;
            b1 = b2;
            b2 = b3;
            b3 = n;

            x = c1.lanewise(VectorOperators.XOR, c2).lanewise(VectorOperators.XOR, c3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = c0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            c0 = c1;
            c1 = c2;
            c2 = c3;
            c3 = n;

            x = d1.lanewise(VectorOperators.XOR, d2).lanewise(VectorOperators.XOR, d3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = d0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            d0 = d1;
            d1 = d2;
            d2 = d3;
            d3 = n;

            x = e1.lanewise(VectorOperators.XOR, e2).lanewise(VectorOperators.XOR, e3)
                    .lanewise(VectorOperators.XOR, k).reinterpretAsBytes();
            y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            n = e0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            e0 = e1;
            e1 = e2;
            e2 = e3;
            e3 = n;
        }
        a3.intoArray(s, 0);
        a2.intoArray(s, 16);
        a1.intoArray(s, 32);
        a0.intoArray(s, 48);
        b3.intoArray(s, 64);
        b2.intoArray(s, 80);
        b1.intoArray(s, 96);
        b0.intoArray(s, 112);
        c3.intoArray(s, 128);
        c2.intoArray(s, 144);
        c1.intoArray(s, 160);
        c0.intoArray(s, 176);
        d3.intoArray(s, 192);
        d2.intoArray(s, 208);
        d1.intoArray(s, 224);
        d0.intoArray(s, 240);
        e3.intoArray(s, 256);
        e2.intoArray(s, 272);
        e1.intoArray(s, 288);
        e0.intoArray(s, 304);
    }

    /**
     * {@link #rounds} on the first batch only (16 blocks at {@code s[0..63]}), for calls of at most
     * 16 blocks: a quarter of the work, at the latency of the same 32 dependent rounds.
     */
    static void rounds16(int[] s, int[] rk) {
        ByteVector t0 = ByteVector.fromArray(BYTES, SBOX, 0);
        ByteVector t1 = ByteVector.fromArray(BYTES, SBOX, 64);
        ByteVector t2 = ByteVector.fromArray(BYTES, SBOX, 128);
        ByteVector t3 = ByteVector.fromArray(BYTES, SBOX, 192);
        IntVector a0 = IntVector.fromArray(INTS, s, 0);
        IntVector a1 = IntVector.fromArray(INTS, s, 16);
        IntVector a2 = IntVector.fromArray(INTS, s, 32);
        IntVector a3 = IntVector.fromArray(INTS, s, 48);
        for (int r = 0; r < 32; r++) {
            ByteVector x = a1.lanewise(VectorOperators.XOR, a2).lanewise(VectorOperators.XOR, a3)
                    .lanewise(VectorOperators.XOR, IntVector.broadcast(INTS, rk[r])).reinterpretAsBytes();
            IntVector y = x.selectFrom(t0, t1).blend(x.selectFrom(t2, t3), x.lt((byte) 0)).reinterpretAsInts();
            IntVector n = a0.lanewise(VectorOperators.XOR, y)
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 2))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 10))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 18))
                    .lanewise(VectorOperators.XOR, y.lanewise(VectorOperators.ROL, 24));
            a0 = a1;
            a1 = a2;
            a2 = a3;
            a3 = n;
        }
        a3.intoArray(s, 0);
        a2.intoArray(s, 16);
        a1.intoArray(s, 32);
        a0.intoArray(s, 48);
    }

    /**
     * Writes the first {@code blocks <= 64} blocks of the state to {@code out}, each XORed with
     * the block at the same position of {@code in} if {@code xor} (CTR, CFB) or as is (ECB; then
     * {@code in} is not read, but must be an array that holds the range, e.g. {@code out}).
     * Masked stores: nothing past the range is written. In place works: each 64-byte piece is
     * read before it is written, and no later piece reads it.
     */
    static void store(int[] s, boolean xor, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        for (int q = 0; 16 * q < blocks; q++) {
            storeBatch(s, 64 * q, xor, in, inOff, out, outOff, blocks * 16, 256 * q);
        }
    }

    /** One batch of {@link #store}: {@code s[from..from+63]} to the 256 bytes at {@code out[outOff + at..]}. */
    private static void storeBatch(int[] s, int from, boolean xor, byte[] in, int inOff, byte[] out, int outOff,
            int bytes, int at) {
        IntVector zipLo = IntVector.fromArray(INTS, ZIP_LO, 0);
        IntVector zipHi = IntVector.fromArray(INTS, ZIP_HI, 0);
        IntVector pairsLo = IntVector.fromArray(INTS, PAIRS_LO, 0);
        IntVector pairsHi = IntVector.fromArray(INTS, PAIRS_HI, 0);
        // without xor the input loads are masked off entirely (no branch, so no vector merge to box)
        VectorMask<Byte> xorLanes = BYTES.maskAll(xor);
        IntVector a0 = IntVector.fromArray(INTS, s, from);
        IntVector a1 = IntVector.fromArray(INTS, s, from + 16);
        IntVector a2 = IntVector.fromArray(INTS, s, from + 32);
        IntVector a3 = IntVector.fromArray(INTS, s, from + 48);
        // lane 2b + w: word w (t0, t1) or 2 + w (t2, t3) of block b (t0, t2) or 8 + b (t1, t3)
        IntVector t0 = zipLo.selectFrom(a0, a1);
        IntVector t1 = zipHi.selectFrom(a0, a1);
        IntVector t2 = zipLo.selectFrom(a2, a3);
        IntVector t3 = zipHi.selectFrom(a2, a3);
        // lane 4i + j: word j of block 4k + i of the batch, for k = 0..3
        ByteVector v0 = pairsLo.selectFrom(t0, t2).lanewise(VectorOperators.REVERSE_BYTES).reinterpretAsBytes();
        ByteVector v1 = pairsHi.selectFrom(t0, t2).lanewise(VectorOperators.REVERSE_BYTES).reinterpretAsBytes();
        ByteVector v2 = pairsLo.selectFrom(t1, t3).lanewise(VectorOperators.REVERSE_BYTES).reinterpretAsBytes();
        ByteVector v3 = pairsHi.selectFrom(t1, t3).lanewise(VectorOperators.REVERSE_BYTES).reinterpretAsBytes();
        VectorMask<Byte> m0 = BYTES.indexInRange(at, bytes);
        VectorMask<Byte> m1 = BYTES.indexInRange(at + 64, bytes);
        VectorMask<Byte> m2 = BYTES.indexInRange(at + 128, bytes);
        VectorMask<Byte> m3 = BYTES.indexInRange(at + 192, bytes);
        v0 = v0.lanewise(VectorOperators.XOR, ByteVector.fromArray(BYTES, in, inOff + at, m0.and(xorLanes)));
        v1 = v1.lanewise(VectorOperators.XOR, ByteVector.fromArray(BYTES, in, inOff + at + 64, m1.and(xorLanes)));
        v2 = v2.lanewise(VectorOperators.XOR, ByteVector.fromArray(BYTES, in, inOff + at + 128, m2.and(xorLanes)));
        v3 = v3.lanewise(VectorOperators.XOR, ByteVector.fromArray(BYTES, in, inOff + at + 192, m3.and(xorLanes)));
        v0.intoArray(out, outOff + at, m0);
        v1.intoArray(out, outOff + at + 64, m1);
        v2.intoArray(out, outOff + at + 128, m2);
        v3.intoArray(out, outOff + at + 192, m3);
    }
}
