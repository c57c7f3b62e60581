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
 * 8 x 256 entries x 128 bits = 32 KiB, which stays in the L1 data cache next to the SM4 tables.
 * Then {@code hi * H} and {@code lo * H} are each the XOR of 8 looked-up entries (no reduction
 * needed: the entries are already reduced), and {@code X * H = hi*H + (lo*H) * x^64}, where the
 * multiplication by {@code x^64} pushes one 64-bit word past {@code x^127}; that word {@code w}
 * folds back with {@code x^128 = 1 + x + x^2 + x^7} as four shifts and XORs, without a second
 * table. A block costs 32 independent table loads, 32 XORs and the fold; the loads do not wait on
 * each other, so the only serial chain is the one GHASH itself imposes from block to block.
 *
 * <h2>Timing</h2>
 * NOT constant-time: every table index is a byte of {@code (Y xor X)}, the running hash XOR the
 * data, and the table entries are multiples of the secret {@code H}. The access pattern therefore
 * depends on data combined with secret-H-dependent values ({@code Y} depends on {@code H}), and a
 * process sharing the CPU cache can learn about {@code H} from cache timing. This is the same
 * exposure as any table-driven GHASH (BouncyCastle's table multipliers, OpenSSL's non-CLMUL path).
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
     * {@code table[(p * 256 + v) * 2]} and {@code [... + 1]} are the hi and lo words of
     * {@code (v placed at byte p of the high word) * H}, p = 0 (most significant byte) .. 7.
     */
    private final long[] table = new long[8 * 256 * 2];

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
        Objects.requireNonNull(h, "h");
        if (h.length != BLOCK_SIZE) {
            throw new IllegalArgumentException("GHASH key H must be 16 bytes, got " + h.length);
        }
        long vHi = Bytes.getLongBE(h, 0);
        long vLo = Bytes.getLongBE(h, 8);
        long[] t = table;
        // Bit j (from the most significant) of byte p is the coefficient of x^(8p + j): its entry
        // is H * x^(8p + j), one multiplication by x (Algorithm 1's "V >> 1", reduced) per bit.
        for (int p = 0; p < 8; p++) {
            int base = p * 512;
            for (int bit = 0x80; bit != 0; bit >>>= 1) {
                t[base + 2 * bit] = vHi;
                t[base + 2 * bit + 1] = vLo;
                long carry = -(vLo & 1L) & R;
                vLo = (vLo >>> 1) | (vHi << 63);
                vHi = (vHi >>> 1) ^ carry;
            }
            // Linearity: the entry of v is the XOR of the entries of its bits.
            for (int v = 2; v < 256; v++) {
                int low = v & -v;
                if (low != v) {
                    t[base + 2 * v] = t[base + 2 * low] ^ t[base + 2 * (v ^ low)];
                    t[base + 2 * v + 1] = t[base + 2 * low + 1] ^ t[base + 2 * (v ^ low) + 1];
                }
            }
        }
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
        long[] t = table;
        long hi = yHi;
        long lo = yLo;
        for (int end = off + blocks * BLOCK_SIZE; off < end; off += BLOCK_SIZE) {
            long a = hi ^ Bytes.getLongBE(in, off);
            long b = lo ^ Bytes.getLongBE(in, off + 8);
            // a * H and b * H: byte p of a word indexes the table of position p.
            int a0 = (int) (a >>> 55) & 0x1fe;
            int a1 = ((int) (a >>> 47) & 0x1fe) + 512;
            int a2 = ((int) (a >>> 39) & 0x1fe) + 1024;
            int a3 = ((int) (a >>> 31) & 0x1fe) + 1536;
            int a4 = ((int) (a >>> 23) & 0x1fe) + 2048;
            int a5 = ((int) (a >>> 15) & 0x1fe) + 2560;
            int a6 = ((int) (a >>> 7) & 0x1fe) + 3072;
            int a7 = ((int) (a << 1) & 0x1fe) + 3584;
            int b0 = (int) (b >>> 55) & 0x1fe;
            int b1 = ((int) (b >>> 47) & 0x1fe) + 512;
            int b2 = ((int) (b >>> 39) & 0x1fe) + 1024;
            int b3 = ((int) (b >>> 31) & 0x1fe) + 1536;
            int b4 = ((int) (b >>> 23) & 0x1fe) + 2048;
            int b5 = ((int) (b >>> 15) & 0x1fe) + 2560;
            int b6 = ((int) (b >>> 7) & 0x1fe) + 3072;
            int b7 = ((int) (b << 1) & 0x1fe) + 3584;
            long pHi = t[a0] ^ t[a1] ^ t[a2] ^ t[a3] ^ t[a4] ^ t[a5] ^ t[a6] ^ t[a7];
            long pLo = t[a0 + 1] ^ t[a1 + 1] ^ t[a2 + 1] ^ t[a3 + 1]
                    ^ t[a4 + 1] ^ t[a5 + 1] ^ t[a6 + 1] ^ t[a7 + 1];
            long qHi = t[b0] ^ t[b1] ^ t[b2] ^ t[b3] ^ t[b4] ^ t[b5] ^ t[b6] ^ t[b7];
            long w = t[b0 + 1] ^ t[b1 + 1] ^ t[b2 + 1] ^ t[b3 + 1]
                    ^ t[b4 + 1] ^ t[b5 + 1] ^ t[b6 + 1] ^ t[b7 + 1];
            // (b*H) * x^64: qHi moves to the low word; w holds coefficients x^128..x^191 and
            // folds back as w * (1 + x + x^2 + x^7) (SP 800-38D §6.3: R = 11100001 || 0^120).
            hi = pHi ^ w ^ (w >>> 1) ^ (w >>> 2) ^ (w >>> 7);
            lo = pLo ^ qHi ^ (w << 63) ^ (w << 62) ^ (w << 57);
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
        Bytes.putLongBE(block, 0, blockHi);
        Bytes.putLongBE(block, 8, blockLo);
        updateBlocks(block, 0, 1);
    }

    /** Writes the running hash {@code Y} (16 bytes) to {@code out}; the state is unchanged. */
    public void digest(byte[] out, int off) {
        Bytes.checkRange(out, off, BLOCK_SIZE, "out");
        Bytes.putLongBE(out, off, yHi);
        Bytes.putLongBE(out, off + 8, yLo);
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
        Bytes.wipe(table);
        Bytes.wipe(scratch);
        yHi = 0;
        yLo = 0;
    }
}
