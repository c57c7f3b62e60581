package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.Objects;

/**
 * GHASH (NIST SP 800-38D §6.4): the universal hash of GCM, {@code Y_i = (Y_{i-1} xor X_i) * H} in
 * GF(2^128) modulo {@code x^128 + x^7 + x^2 + x + 1}, with the bit order of §6.3 (the most
 * significant bit of the first byte is the coefficient of {@code x^0}).
 *
 * <h2>How it multiplies</h2>
 * A block is held as two longs, {@code hi} (bytes 0..7, big-endian) and {@code lo} (bytes 8..15),
 * so that {@code X = hi + lo * x^64}. The key table holds, for each of the 8 byte positions of a
 * 64-bit word and each of the 256 byte values, the product {@code (byte at that position) * H}:
 * 8 x 256 entries x 128 bits = 32 KiB (two arrays of high and low words), which stays in the L1
 * data cache next to the SM4 tables.
 * Then {@code hi * H} and {@code lo * H} are each the XOR of 8 looked-up entries (no reduction
 * needed: the entries are already reduced), and {@code X * H = hi*H + (lo*H) * x^64}, where the
 * multiplication by {@code x^64} pushes one 64-bit word past {@code x^127}; that word {@code w}
 * folds back with {@code x^128 = 1 + x + x^2 + x^7} as four shifts and XORs, without a second
 * table. A block costs 32 independent table loads, 32 XORs and the fold; the loads do not wait on
 * each other, so the only serial chain is the one GHASH itself imposes from block to block.
 * Load each entry as its index is computed and XOR into one running word: computing all sixteen
 * indexes first, or XORing a word's eight entries as a tree, spills registers and runs slower.
 *
 * <h2>Timing</h2>
 * NOT constant-time: every table index is a byte of {@code (Y xor X)}, the running hash XOR the
 * data, and the table entries are multiples of the secret {@code H}. The access pattern therefore
 * depends on data combined with secret-H-dependent values ({@code Y} depends on {@code H}), and a
 * process sharing the CPU cache can learn about {@code H} from cache timing. This is the same
 * exposure as any table-driven GHASH (BouncyCastle's table multipliers, OpenSSL's non-CLMUL path).
 * {@link #Ghash(byte[], boolean) new Ghash(h, true)} is the constant-time alternative, about 4x
 * slower; {@link Sm4Gcm} uses it when its engine is constant-time.
 *
 * <p>Thread safety: not thread-safe (holds the running hash). No allocation after construction.
 * Inputs are read only; the caller owns every array.
 */
public final class Ghash {

    /** The GHASH block size in bytes. */
    public static final int BLOCK_SIZE = 16;

    /** {@code R} of SP 800-38D §6.3 in this bit order: the high word of {@code x^128 mod P} seen as {@code V >> 1}. */
    private static final long R = 0xE100000000000000L;

    /**
     * {@code high[p * 256 + v]} and {@code low[p * 256 + v]} are the two words of
     * {@code (v placed at byte p of the high word) * H}, p = 0 (most significant byte) .. 7. Two
     * arrays indexed alike, rather than one interleaved, let one index serve both loads.
     */
    private final long[] high;
    private final long[] low;
    /** Whether this instance multiplies without tables ({@link #Ghash(byte[], boolean)}). */
    private final boolean constantTime;
    /**
     * Constant-time form only: the words of H, {@code h1} (bytes 0..7) and {@code h0}, their XOR
     * for Karatsuba, and the three bit-reversed, which give the high halves of the products.
     */
    private long h1;
    private long h0;
    private long h2;
    private long h1r;
    private long h0r;
    private long h2r;

    /**
     * Constant-time form only: the accepted vector kernel ({@link Sm4#constantTimeGhashName()}),
     * or null for the scalar loop; {@code y} carries the running hash in and out of it.
     */
    private final GhashKernel kernel;
    private final long[] y = new long[2];

    /** One block of room for padded tails and length blocks, so that no call allocates. */
    private final byte[] scratch = new byte[BLOCK_SIZE];

    private long yHi;
    private long yLo;

    /**
     * Builds the table for the hash key {@code H} (16 bytes; for GCM, {@code E_K(0^128)}).
     * The caller keeps ownership of {@code h} and should wipe it.
     *
     * @throws NullPointerException if {@code h} is null
     * @throws IllegalArgumentException if {@code h} is not 16 bytes
     */
    public Ghash(byte[] h) {
        this(h, false);
    }

    /**
     * A GHASH for the key {@code H}, table-driven (as {@link #Ghash(byte[])}) or, if
     * {@code constantTime}, without tables: each block is one carry-less 128 x 128-bit product
     * (Karatsuba over three 64 x 64-bit products, each computed with ordinary integer
     * multiplications of operands masked to every fourth bit, so that the carries of a column sum
     * never reach a result bit) and a shift-and-XOR reduction. That form has no secret-dependent
     * address or branch, assuming, as on current x86-64 and AArch64 cores, that a 64-bit
     * multiplication takes the same time whatever its operands; it is about 4x slower. Where the
     * Vector API GHASH of {@code gmflux-codecs-vector} has been accepted ({@link
     * Sm4#constantTimeGhashName()}), the constant-time form runs that kernel instead (same bytes,
     * faster than the table); the choice is made here, once, for the life of this instance. GCM
     * over a constant-time engine should use this form, or the table leaks H, and with H tags can
     * be forged.
     *
     * @throws NullPointerException if {@code h} is null
     * @throws IllegalArgumentException if {@code h} is not 16 bytes
     */
    public Ghash(byte[] h, boolean constantTime) {
        Objects.requireNonNull(h, "h");
        if (h.length != BLOCK_SIZE) {
            throw new IllegalArgumentException("GHASH key H must be 16 bytes, got " + h.length);
        }
        this.constantTime = constantTime;
        if (constantTime) {
            kernel = Sm4ConstantTimeEngines.jvmWide().newGhashKernel(h);
            high = new long[0];
            low = new long[0];
            h1 = Bytes.getLongBE(h, 0);
            h0 = Bytes.getLongBE(h, 8);
            h2 = h0 ^ h1;
            h1r = Long.reverse(h1);
            h0r = Long.reverse(h0);
            h2r = Long.reverse(h2);
            return;
        }
        kernel = null;
        high = new long[8 * 256];
        low = new long[8 * 256];
        long vHi = Bytes.getLongBE(h, 0);
        long vLo = Bytes.getLongBE(h, 8);
        long[] th = high;
        long[] tl = low;
        // Bit j (from the most significant) of byte p is the coefficient of x^(8p + j): its entry
        // is H * x^(8p + j), one multiplication by x (Algorithm 1's "V >> 1", reduced) per bit.
        for (int p = 0; p < 8; p++) {
            int base = p * 256;
            for (int bit = 0x80; bit != 0; bit >>>= 1) {
                th[base + bit] = vHi;
                tl[base + bit] = vLo;
                long carry = -(vLo & 1L) & R;
                vLo = (vLo >>> 1) | (vHi << 63);
                vHi = (vHi >>> 1) ^ carry;
            }
            // Linearity: the entry of v is the XOR of the entries of its bits.
            for (int v = 3; v < 256; v++) {
                int lowest = v & -v;
                if (lowest != v) {
                    th[base + v] = th[base + lowest] ^ th[base + (v ^ lowest)];
                    tl[base + v] = tl[base + lowest] ^ tl[base + (v ^ lowest)];
                }
            }
        }
    }

    /**
     * The constant-time block loop. A block {@code X} is held as {@code x1} (bytes 0..7) and
     * {@code x0}; read as a 128-bit integer whose most significant bit is the coefficient of
     * {@code x^0}, the integer carry-less product of two such values is the bit-reflected
     * polynomial product shifted right by one, hence the shift left by one before reducing.
     */
    private void updateBlocksConstantTime(byte[] in, int off, int blocks) {
        long y1 = yHi;
        long y0 = yLo;
        for (int end = off + blocks * BLOCK_SIZE; off < end; off += BLOCK_SIZE) {
            long x1 = y1 ^ Bytes.getLongBE(in, off);
            long x0 = y0 ^ Bytes.getLongBE(in, off + 8);
            long x2 = x0 ^ x1;
            // Karatsuba: low and high words of x0*h0, x1*h1 and (x0^x1)*(h0^h1).
            long z0 = clmulLow(x0, h0);
            long z1 = clmulLow(x1, h1);
            long z2 = clmulLow(x2, h2);
            long x0r = Long.reverse(x0);
            long x1r = Long.reverse(x1);
            long z0h = clmulHigh(x0r, h0r);
            long z1h = clmulHigh(x1r, h1r);
            long z2h = clmulHigh(x0r ^ x1r, h2r);
            z2 ^= z0 ^ z1;
            z2h ^= z0h ^ z1h;
            // The 255-bit product in words p3..p0, then shifted left by one into v3..v0.
            long p0 = z0;
            long p1 = z0h ^ z2;
            long p2 = z1 ^ z2h;
            long p3 = z1h;
            long v3 = (p3 << 1) | (p2 >>> 63);
            long v2 = (p2 << 1) | (p1 >>> 63);
            long v1 = (p1 << 1) | (p0 >>> 63);
            long v0 = p0 << 1;
            // v1 holds x^128..x^191 and v0 x^192..x^255: fold each with x^128 = 1 + x + x^2 + x^7,
            // v0 first since its fold lands partly in v1.
            v2 ^= v0 ^ (v0 >>> 1) ^ (v0 >>> 2) ^ (v0 >>> 7);
            v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
            y1 = v3 ^ v1 ^ (v1 >>> 1) ^ (v1 >>> 2) ^ (v1 >>> 7);
            y0 = v2 ^ (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
        }
        yHi = y1;
        yLo = y0;
    }

    /**
     * The low 64 bits of the carry-less product of {@code x} and {@code y}. Operands split into
     * four parts holding every fourth bit; the integer product of two parts has at most 16 terms
     * per result column, and only in the columns of the top four bits can a column reach 16 and
     * carry into the next bit of the same residue, which lies beyond bit 63. So bit k of the XOR
     * of the four products whose residues sum to k mod 4 is exactly bit k of the carry-less product.
     */
    static long clmulLow(long x, long y) {
        long x0 = x & 0x1111111111111111L;
        long x1 = x & 0x2222222222222222L;
        long x2 = x & 0x4444444444444444L;
        long x3 = x & 0x8888888888888888L;
        long y0 = y & 0x1111111111111111L;
        long y1 = y & 0x2222222222222222L;
        long y2 = y & 0x4444444444444444L;
        long y3 = y & 0x8888888888888888L;
        long z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        long z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        long z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        long z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & 0x1111111111111111L) | (z1 & 0x2222222222222222L)
                | (z2 & 0x4444444444444444L) | (z3 & 0x8888888888888888L);
    }

    /**
     * The high 64 bits of the carry-less product of {@code x} and {@code y}, given their bit
     * reversals: the low half of {@code rev(x) * rev(y)} is bits 126..63 of {@code x * y}
     * reversed.
     */
    private static long clmulHigh(long xReversed, long yReversed) {
        return Long.reverse(clmulLow(xReversed, yReversed)) >>> 1;
    }

    /** Sets the running hash back to {@code Y_0 = 0^128}. */
    public void reset() {
        yHi = 0;
        yLo = 0;
    }

    /**
     * Absorbs {@code blocks} whole 16-byte blocks.
     *
     * @throws IndexOutOfBoundsException if the range does not fit {@code in}
     */
    public void updateBlocks(byte[] in, int off, int blocks) {
        Bytes.checkRange(in, off, blocks * BLOCK_SIZE, "in");
        if (constantTime) {
            if (kernel != null) {
                long[] state = y;
                state[0] = yHi;
                state[1] = yLo;
                kernel.updateBlocks(state, in, off, blocks);
                yHi = state[0];
                yLo = state[1];
            } else {
                updateBlocksConstantTime(in, off, blocks);
            }
            return;
        }
        long[] th = high;
        long[] tl = low;
        long hi = yHi;
        long lo = yLo;
        for (int end = off + blocks * BLOCK_SIZE; off < end; off += BLOCK_SIZE) {
            long a = hi ^ Bytes.getLongBE(in, off);
            long b = lo ^ Bytes.getLongBE(in, off + 8);
            // a * H: byte p of a indexes the table of position p. Written as one running XOR
            // per word, index by index, so that C2 keeps each index in a register only briefly
            // (computing all sixteen first spills them).
            int i = (int) (a >>> 56);
            long pHi = th[i];
            long pLo = tl[i];
            i = ((int) (a >>> 48) & 0xff) + 256;
            pHi ^= th[i];
            pLo ^= tl[i];
            i = ((int) (a >>> 40) & 0xff) + 512;
            pHi ^= th[i];
            pLo ^= tl[i];
            i = ((int) (a >>> 32) & 0xff) + 768;
            pHi ^= th[i];
            pLo ^= tl[i];
            i = ((int) (a >>> 24) & 0xff) + 1024;
            pHi ^= th[i];
            pLo ^= tl[i];
            i = ((int) (a >>> 16) & 0xff) + 1280;
            pHi ^= th[i];
            pLo ^= tl[i];
            i = ((int) (a >>> 8) & 0xff) + 1536;
            pHi ^= th[i];
            pLo ^= tl[i];
            i = ((int) a & 0xff) + 1792;
            pHi ^= th[i];
            pLo ^= tl[i];
            // b * H, whose product is then multiplied by x^64.
            i = (int) (b >>> 56);
            long qHi = th[i];
            long w = tl[i];
            i = ((int) (b >>> 48) & 0xff) + 256;
            qHi ^= th[i];
            w ^= tl[i];
            i = ((int) (b >>> 40) & 0xff) + 512;
            qHi ^= th[i];
            w ^= tl[i];
            i = ((int) (b >>> 32) & 0xff) + 768;
            qHi ^= th[i];
            w ^= tl[i];
            i = ((int) (b >>> 24) & 0xff) + 1024;
            qHi ^= th[i];
            w ^= tl[i];
            i = ((int) (b >>> 16) & 0xff) + 1280;
            qHi ^= th[i];
            w ^= tl[i];
            i = ((int) (b >>> 8) & 0xff) + 1536;
            qHi ^= th[i];
            w ^= tl[i];
            i = ((int) b & 0xff) + 1792;
            qHi ^= th[i];
            w ^= tl[i];
            // (b*H) * x^64: qHi moves to the low word; w holds coefficients x^128..x^191 and
            // folds back as w * (1 + x + x^2 + x^7) (SP 800-38D §6.3: R = 11100001 || 0^120).
            hi = (pHi ^ w) ^ ((w >>> 1) ^ (w >>> 2) ^ (w >>> 7));
            lo = (pLo ^ qHi) ^ ((w << 63) ^ (w << 62) ^ (w << 57));
        }
        yHi = hi;
        yLo = lo;
    }

    /**
     * Absorbs {@code len} bytes as {@code ceil(len / 16)} blocks, the last one padded with zeros
     * (the {@code 0^v} and {@code 0^u} padding of SP 800-38D §7.1 step 5).
     *
     * @throws IndexOutOfBoundsException if the range does not fit {@code in}
     */
    public void updatePadded(byte[] in, int off, int len) {
        Bytes.checkRange(in, off, len, "in");
        int whole = len >>> 4;
        updateBlocks(in, off, whole);
        int rest = len & 15;
        if (rest != 0) {
            byte[] last = scratch;
            System.arraycopy(in, off + whole * BLOCK_SIZE, last, 0, rest);
            Arrays.fill(last, rest, BLOCK_SIZE, (byte) 0);
            updateBlocks(last, 0, 1);
        }
    }

    /**
     * Absorbs the length block {@code [len(A)]_64 || [len(C)]_64}, lengths given in bytes and
     * written in bits (SP 800-38D §7.1 step 5; also the IV block of step 2).
     */
    public void updateLengths(long firstLengthBytes, long secondLengthBytes) {
        absorb(firstLengthBytes << 3, secondLengthBytes << 3);
    }

    /** Absorbs one block given as its two big-endian words. */
    void absorb(long blockHi, long blockLo) {
        byte[] block = scratch;
        Bytes.putLongBEByBytes(block, 0, blockHi);
        Bytes.putLongBEByBytes(block, 8, blockLo);
        updateBlocks(block, 0, 1);
    }

    /** Writes the running hash {@code Y} (16 bytes) to {@code out}; the state is unchanged. */
    public void digest(byte[] out, int off) {
        Bytes.checkRange(out, off, BLOCK_SIZE, "out");
        Bytes.putLongBEByBytes(out, off, yHi);
        Bytes.putLongBEByBytes(out, off + 8, yLo);
    }

    /** Whether this instance runs a {@link GhashKernel} (the accepted vector GHASH). */
    boolean usesKernel() {
        return kernel != null;
    }

    /** The high word (bytes 0..7, big-endian) of the running hash. */
    long hashHi() {
        return yHi;
    }

    /** The low word (bytes 8..15, big-endian) of the running hash. */
    long hashLo() {
        return yLo;
    }

    /** Zeroes the table (multiples of H) and the running hash. Idempotent. */
    public void destroy() {
        Bytes.wipe(high);
        Bytes.wipe(low);
        h1 = 0;
        h0 = 0;
        h2 = 0;
        h1r = 0;
        h0r = 0;
        h2r = 0;
        Bytes.wipe(scratch);
        if (kernel != null) {
            kernel.destroy();
        }
        Bytes.wipe(y);
        yHi = 0;
        yLo = 0;
    }
}
