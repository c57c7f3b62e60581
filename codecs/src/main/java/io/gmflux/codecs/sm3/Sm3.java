package io.gmflux.codecs.sm3;

import io.gmflux.codecs.bytes.Bytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * The SM3 cryptographic hash function (GB/T 32905-2016), streaming.
 *
 * <p>An instance absorbs any number of {@code update} calls and produces the 32-byte digest with
 * {@link #digest()} or {@link #digest(byte[], int)}, after which it is reset and may be reused.
 * Full 64-byte blocks are compressed straight from the caller's array (or heap buffer); only a
 * trailing partial block is buffered. No call allocates except {@link #digest()}, {@link #copy()}
 * and {@link #hash(byte[])}, which return new objects.
 *
 * <p>Thread safety: an instance is mutable and <b>not</b> thread-safe; confine it to one thread
 * or synchronise externally. The static {@link #hash(byte[])} is thread-safe.
 *
 * <p>Buffer ownership: input arrays and buffers are read during the call only and never retained.
 * {@link #update(ByteBuffer)} consumes the buffer's remaining bytes (its position moves to its
 * limit) and leaves its byte order untouched.
 *
 * <p>Timing and secrets: SM3 has no secret-indexed tables or data-dependent branches; the running
 * time depends only on the input length. Between calls the instance buffers at most 63 bytes of
 * input; {@link #digest()}, {@link #digest(byte[], int)} and {@link #reset()} zero that buffer, so
 * an instance that hashed a secret retains nothing of it once finished or reset.
 *
 * <p>Message length: GB/T 32905 §5.2 limits messages to 2<sup>64</sup>-1 bits; the length counter
 * here counts bytes in a {@code long} and wraps (as BouncyCastle does) only beyond 2<sup>61</sup>
 * bytes.
 */
public final class Sm3 {

    /** Digest length in bytes. */
    public static final int DIGEST_LENGTH = 32;

    /** Block length in bytes. */
    public static final int BLOCK_LENGTH = 64;

    /** Initial value IV (GB/T 32905 §4.1). */
    private static final int[] IV = {
        0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
    };

    /**
     * The round constants pre-rotated, K[j] = T_j &lt;&lt;&lt; (j mod 32) (GB/T 32905 §4.2, §5.3.3),
     * so a round adds one constant instead of rotating T_j.
     */
    private static final int[] K = new int[64];

    static {
        for (int j = 0; j < 64; j++) {
            K[j] = Integer.rotateLeft(j < 16 ? 0x79cc4519 : 0x7a879d8a, j);
        }
    }

    /** The chaining value V_i (A..H). */
    private final int[] v = new int[8];
    /** The trailing partial block. */
    private final byte[] block = new byte[BLOCK_LENGTH];
    private int blockLen;
    /** Bytes absorbed so far (the bit length is 8 times this, mod 2^64). */
    private long byteCount;

    /** A fresh digest, ready for input. */
    public Sm3() {
        System.arraycopy(IV, 0, v, 0, 8);
    }

    private Sm3(Sm3 other) {
        copyFrom(other);
    }

    /** SM3 of {@code data}, in one call. Thread-safe. */
    public static byte[] hash(byte[] data) {
        Objects.requireNonNull(data, "data");
        Sm3 d = new Sm3();
        d.update(data, 0, data.length);
        return d.digest();
    }

    /** Absorbs one byte. */
    public void update(byte b) {
        block[blockLen++] = b;
        byteCount++;
        if (blockLen == BLOCK_LENGTH) {
            compress(v, block, 0, 1);
            blockLen = 0;
        }
    }

    /** Absorbs all of {@code in}. */
    public void update(byte[] in) {
        Objects.requireNonNull(in, "in");
        update(in, 0, in.length);
    }

    /**
     * Absorbs {@code in[off, off + len)}.
     *
     * @throws NullPointerException if {@code in} is null
     * @throws IndexOutOfBoundsException if the range lies outside {@code in}
     */
    public void update(byte[] in, int off, int len) {
        Bytes.checkRange(in, off, len, "in");
        if (len == 0) {
            return;
        }
        byteCount += len;
        if (blockLen > 0) {
            int n = Math.min(BLOCK_LENGTH - blockLen, len);
            System.arraycopy(in, off, block, blockLen, n);
            blockLen += n;
            off += n;
            len -= n;
            if (blockLen < BLOCK_LENGTH) {
                return;
            }
            compress(v, block, 0, 1);
            blockLen = 0;
        }
        int blocks = len >>> 6;
        if (blocks > 0) {
            compress(v, in, off, blocks);
            off += blocks << 6;
            len &= BLOCK_LENGTH - 1;
        }
        if (len > 0) {
            System.arraycopy(in, off, block, 0, len);
            blockLen = len;
        }
    }

    /**
     * Absorbs the remaining bytes of {@code in} (heap, direct or read-only) and advances its
     * position to its limit. A heap buffer with an accessible array is hashed in place; any other
     * buffer (direct, read-only) is moved in bulk copies of one block through the internal block
     * buffer, a memory copy that costs about 1% of the compression's time.
     *
     * @throws NullPointerException if {@code in} is null
     */
    public void update(ByteBuffer in) {
        Objects.requireNonNull(in, "in");
        int pos = in.position();
        int len = in.limit() - pos;
        if (len == 0) {
            return;
        }
        if (in.hasArray()) {
            update(in.array(), in.arrayOffset() + pos, len);
            in.position(pos + len);
            return;
        }
        byteCount += len;
        int end = pos + len;
        if (blockLen > 0) {
            int n = Math.min(BLOCK_LENGTH - blockLen, len);
            in.get(pos, block, blockLen, n);
            blockLen += n;
            pos += n;
            if (blockLen < BLOCK_LENGTH) {
                in.position(end);
                return;
            }
            compress(v, block, 0, 1);
            blockLen = 0;
        }
        // Absolute bulk get is a memory copy (no per-byte loop) and ignores the buffer's byte
        // order, so the caller's buffer state other than its position is never touched.
        for (; end - pos >= BLOCK_LENGTH; pos += BLOCK_LENGTH) {
            in.get(pos, block, 0, BLOCK_LENGTH);
            compress(v, block, 0, 1);
        }
        blockLen = end - pos;
        if (blockLen > 0) {
            in.get(pos, block, 0, blockLen);
        }
        in.position(end);
    }

    /** Finishes the hash, returns the 32-byte digest and resets this instance. */
    public byte[] digest() {
        byte[] out = new byte[DIGEST_LENGTH];
        digest(out, 0);
        return out;
    }

    /**
     * Finishes the hash, writes the 32-byte digest to {@code out[off, off + 32)} and resets this
     * instance.
     *
     * @return {@link #DIGEST_LENGTH}
     * @throws IndexOutOfBoundsException if fewer than 32 bytes fit at {@code off} (nothing changes)
     */
    public int digest(byte[] out, int off) {
        Bytes.checkRange(out, off, DIGEST_LENGTH, "out");
        finish();
        store(v, out, off);
        reset();
        return DIGEST_LENGTH;
    }

    /**
     * Finishes the hash, writes its first {@code n} bytes (0..32) to {@code out[off, off + n)} and
     * resets: a truncated digest without a temporary array (the KDFs' last block).
     */
    void digestPrefix(byte[] out, int off, int n) {
        finish();
        for (int i = 0; i < n; i++) {
            out[off + i] = (byte) (v[i >>> 2] >>> (24 - 8 * (i & 3)));
        }
        reset();
    }

    /** Returns to the initial state, discarding (and zeroing) any buffered input. */
    public void reset() {
        System.arraycopy(IV, 0, v, 0, 8);
        if (blockLen > 0) {
            Arrays.fill(block, 0, blockLen, (byte) 0);
            blockLen = 0;
        }
        byteCount = 0;
    }

    /** An independent copy of the current state (e.g. to hash a common prefix once). */
    public Sm3 copy() {
        return new Sm3(this);
    }

    /** Pads (GB/T 32905 §5.2) and compresses the last block(s); leaves the hash value in {@link #v}. */
    private void finish() {
        long bits = byteCount << 3;
        byte[] blk = block;
        int n = blockLen;
        blk[n++] = (byte) 0x80;
        if (n > BLOCK_LENGTH - 8) {
            Arrays.fill(blk, n, BLOCK_LENGTH, (byte) 0);
            compress(v, blk, 0, 1);
            n = 0;
        }
        Arrays.fill(blk, n, BLOCK_LENGTH - 8, (byte) 0);
        Bytes.putLongBEByBytes(blk, BLOCK_LENGTH - 8, bits);
        compress(v, blk, 0, 1);
        // The last block may hold the tail of a secret message (SM2's shared point, a KDF's Z).
        Arrays.fill(blk, 0, BLOCK_LENGTH - 8, (byte) 0);
        blockLen = 0;
    }

    // ---- package-private state access for HMAC and the KDFs -----------------------------------

    /** Makes this instance's state equal to {@code other}'s without allocating. */
    void copyFrom(Sm3 other) {
        System.arraycopy(other.v, 0, v, 0, 8);
        System.arraycopy(other.block, 0, block, 0, other.blockLen);
        blockLen = other.blockLen;
        byteCount = other.byteCount;
    }

    /** Copies the chaining value to {@code out[0..8)}; valid when no partial block is pending. */
    void saveChain(int[] out) {
        if (blockLen != 0) {
            throw new IllegalStateException("partial block pending");
        }
        System.arraycopy(v, 0, out, 0, 8);
    }

    /** Restarts from a saved chaining value after {@code absorbedBytes} (a multiple of 64). */
    void restoreChain(int[] chain, long absorbedBytes) {
        System.arraycopy(chain, 0, v, 0, 8);
        blockLen = 0;
        byteCount = absorbedBytes;
    }

    /** Zeroes the chaining value and the buffered input, then resets. */
    void wipe() {
        Arrays.fill(v, 0);
        Arrays.fill(block, (byte) 0);
        reset();
    }

    /**
     * Writes a chaining value big-endian, the SM3 output form, one byte store at a time.
     *
     * <p>Not through {@link Bytes#putIntBE}: a digest is usually written into an array allocated
     * just before ({@link #digest()}) and read back byte-wise right after, by the next hash that
     * absorbs it (HMAC, the KDFs, SM2's Z_A and key-confirmation hashes). C2 of JDK 17.0.15, with
     * split-if on, miscompiled that shape inside {@code Sm2KeyExchange.agree}: the int-wide
     * (mismatched) stores into the fresh array were missed and the later reads saw its zero
     * initial value, so every confirmation value was computed over an all-zero inner hash once
     * the method was compiled ({@code Sm2KeyExchangeTest} checks exchanges against a BouncyCastle
     * reference). Byte stores match the reads' width. It costs nothing measurable:
     * 32 stores per digest.
     */
    static void store(int[] chain, byte[] out, int off) {
        Objects.checkFromIndexSize(off, DIGEST_LENGTH, out.length);
        for (int i = 0; i < 8; i++) {
            int w = chain[i];
            int o = off + 4 * i;
            out[o] = (byte) (w >>> 24);
            out[o + 1] = (byte) (w >>> 16);
            out[o + 2] = (byte) (w >>> 8);
            out[o + 3] = (byte) w;
        }
    }

    /**
     * The compression function CF (GB/T 32905 §5.3) over {@code blocks} consecutive 64-byte blocks
     * of {@code in} from {@code off}, updating the chaining value {@code v} in place. The caller
     * has checked the range.
     *
     * <p>Why it looks like this: the expanded words W_0..W_67 live in a rolling window of sixteen
     * locals (W_{j+4} overwrites W_{j-12}, which no later round reads), W'_j = W_j ^ W_{j+4} is
     * formed inside the round (§5.3.2 without the W' array), and the eight registers are renamed
     * instead of shifted (each round writes only D and H, which become the next round's A and E),
     * so 16 rounds bring both the window and the names back to their start. Rounds 0..15 (FF0/GG0)
     * are written out; rounds 16..63 are one 16-round body run three times, which keeps the method
     * well under HotSpot's 8000-bytecode compile limit. Rotations are written as shift pairs, which
     * C2 turns into single rotate instructions.
     */
    static void compress(int[] v, byte[] in, int off, int blocks) {
        final int[] k = K;
        for (int n = 0; n < blocks; n++, off += BLOCK_LENGTH) {
            // BEGIN GENERATED by Sm3CompressionGenerator.load(), do not edit; regenerate with:
            // mvn -o -q -pl codecs test-compile && java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources --write
            int a = v[0];
            int b = v[1];
            int c = v[2];
            int d = v[3];
            int e = v[4];
            int f = v[5];
            int g = v[6];
            int h = v[7];
            int w0 = Bytes.getIntBE(in, off);
            int w1 = Bytes.getIntBE(in, off + 4);
            int w2 = Bytes.getIntBE(in, off + 8);
            int w3 = Bytes.getIntBE(in, off + 12);
            int w4 = Bytes.getIntBE(in, off + 16);
            int w5 = Bytes.getIntBE(in, off + 20);
            int w6 = Bytes.getIntBE(in, off + 24);
            int w7 = Bytes.getIntBE(in, off + 28);
            int w8 = Bytes.getIntBE(in, off + 32);
            int w9 = Bytes.getIntBE(in, off + 36);
            int w10 = Bytes.getIntBE(in, off + 40);
            int w11 = Bytes.getIntBE(in, off + 44);
            int w12 = Bytes.getIntBE(in, off + 48);
            int w13 = Bytes.getIntBE(in, off + 52);
            int w14 = Bytes.getIntBE(in, off + 56);
            int w15 = Bytes.getIntBE(in, off + 60);
            int a12;
            int ss1;
            int x;
            // END GENERATED
            // One round of §5.3.3, with the register names rotating by position:
            //   a12 = A <<< 12; SS1 = (a12 + E + (T_j <<< j)) <<< 7; SS2 = SS1 ^ a12
            //   TT1 = FF_j(A,B,C) + D + SS2 + W'_j  -> written into D, the next round's A
            //   TT2 = GG_j(E,F,G) + H + SS1 + W_j   -> P0(TT2) into H, the next round's E
            //   B <<<= 9 (the next C); F <<<= 19 (the next G)
            // FF_j = GG_j = X ^ Y ^ Z for j < 16; for j >= 16 FF is the bitwise majority and GG
            // is the bitwise choice ((F ^ G) & E) ^ G, each the cheapest equivalent of §4.3.
            // From round 12 on, each round first expands W_{j+4} (§5.3.2) into the slot of W_{j-12}.
            // BEGIN GENERATED by Sm3CompressionGenerator.rounds(), do not edit; regenerate with:
            // mvn -o -q -pl codecs test-compile && java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources --write
            // round 0
            a12 = ((a << 12) | (a >>> 20));
            ss1 = a12 + (e + 0x79cc4519);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            d = (a ^ b ^ c) + d + (w0 ^ w4) + (ss1 ^ a12);
            x = (e ^ f ^ g) + h + w0 + ss1;
            b = ((b << 9) | (b >>> 23));
            f = ((f << 19) | (f >>> 13));
            h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 1
            a12 = ((d << 12) | (d >>> 20));
            ss1 = a12 + (h + 0xf3988a32);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            c = (d ^ a ^ b) + c + (w1 ^ w5) + (ss1 ^ a12);
            x = (h ^ e ^ f) + g + w1 + ss1;
            a = ((a << 9) | (a >>> 23));
            e = ((e << 19) | (e >>> 13));
            g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 2
            a12 = ((c << 12) | (c >>> 20));
            ss1 = a12 + (g + 0xe7311465);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            b = (c ^ d ^ a) + b + (w2 ^ w6) + (ss1 ^ a12);
            x = (g ^ h ^ e) + f + w2 + ss1;
            d = ((d << 9) | (d >>> 23));
            h = ((h << 19) | (h >>> 13));
            f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 3
            a12 = ((b << 12) | (b >>> 20));
            ss1 = a12 + (f + 0xce6228cb);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            a = (b ^ c ^ d) + a + (w3 ^ w7) + (ss1 ^ a12);
            x = (f ^ g ^ h) + e + w3 + ss1;
            c = ((c << 9) | (c >>> 23));
            g = ((g << 19) | (g >>> 13));
            e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 4
            a12 = ((a << 12) | (a >>> 20));
            ss1 = a12 + (e + 0x9cc45197);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            d = (a ^ b ^ c) + d + (w4 ^ w8) + (ss1 ^ a12);
            x = (e ^ f ^ g) + h + w4 + ss1;
            b = ((b << 9) | (b >>> 23));
            f = ((f << 19) | (f >>> 13));
            h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 5
            a12 = ((d << 12) | (d >>> 20));
            ss1 = a12 + (h + 0x3988a32f);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            c = (d ^ a ^ b) + c + (w5 ^ w9) + (ss1 ^ a12);
            x = (h ^ e ^ f) + g + w5 + ss1;
            a = ((a << 9) | (a >>> 23));
            e = ((e << 19) | (e >>> 13));
            g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 6
            a12 = ((c << 12) | (c >>> 20));
            ss1 = a12 + (g + 0x7311465e);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            b = (c ^ d ^ a) + b + (w6 ^ w10) + (ss1 ^ a12);
            x = (g ^ h ^ e) + f + w6 + ss1;
            d = ((d << 9) | (d >>> 23));
            h = ((h << 19) | (h >>> 13));
            f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 7
            a12 = ((b << 12) | (b >>> 20));
            ss1 = a12 + (f + 0xe6228cbc);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            a = (b ^ c ^ d) + a + (w7 ^ w11) + (ss1 ^ a12);
            x = (f ^ g ^ h) + e + w7 + ss1;
            c = ((c << 9) | (c >>> 23));
            g = ((g << 19) | (g >>> 13));
            e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 8
            a12 = ((a << 12) | (a >>> 20));
            ss1 = a12 + (e + 0xcc451979);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            d = (a ^ b ^ c) + d + (w8 ^ w12) + (ss1 ^ a12);
            x = (e ^ f ^ g) + h + w8 + ss1;
            b = ((b << 9) | (b >>> 23));
            f = ((f << 19) | (f >>> 13));
            h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 9
            a12 = ((d << 12) | (d >>> 20));
            ss1 = a12 + (h + 0x988a32f3);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            c = (d ^ a ^ b) + c + (w9 ^ w13) + (ss1 ^ a12);
            x = (h ^ e ^ f) + g + w9 + ss1;
            a = ((a << 9) | (a >>> 23));
            e = ((e << 19) | (e >>> 13));
            g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 10
            a12 = ((c << 12) | (c >>> 20));
            ss1 = a12 + (g + 0x311465e7);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            b = (c ^ d ^ a) + b + (w10 ^ w14) + (ss1 ^ a12);
            x = (g ^ h ^ e) + f + w10 + ss1;
            d = ((d << 9) | (d >>> 23));
            h = ((h << 19) | (h >>> 13));
            f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 11
            a12 = ((b << 12) | (b >>> 20));
            ss1 = a12 + (f + 0x6228cbce);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            a = (b ^ c ^ d) + a + (w11 ^ w15) + (ss1 ^ a12);
            x = (f ^ g ^ h) + e + w11 + ss1;
            c = ((c << 9) | (c >>> 23));
            g = ((g << 19) | (g >>> 13));
            e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 12
            x = w0 ^ w7 ^ ((w13 << 15) | (w13 >>> 17));
            w0 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w3 << 7) | (w3 >>> 25)) ^ w10;
            a12 = ((a << 12) | (a >>> 20));
            ss1 = a12 + (e + 0xc451979c);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            d = (a ^ b ^ c) + d + (w12 ^ w0) + (ss1 ^ a12);
            x = (e ^ f ^ g) + h + w12 + ss1;
            b = ((b << 9) | (b >>> 23));
            f = ((f << 19) | (f >>> 13));
            h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 13
            x = w1 ^ w8 ^ ((w14 << 15) | (w14 >>> 17));
            w1 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w4 << 7) | (w4 >>> 25)) ^ w11;
            a12 = ((d << 12) | (d >>> 20));
            ss1 = a12 + (h + 0x88a32f39);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            c = (d ^ a ^ b) + c + (w13 ^ w1) + (ss1 ^ a12);
            x = (h ^ e ^ f) + g + w13 + ss1;
            a = ((a << 9) | (a >>> 23));
            e = ((e << 19) | (e >>> 13));
            g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 14
            x = w2 ^ w9 ^ ((w15 << 15) | (w15 >>> 17));
            w2 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w5 << 7) | (w5 >>> 25)) ^ w12;
            a12 = ((c << 12) | (c >>> 20));
            ss1 = a12 + (g + 0x11465e73);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            b = (c ^ d ^ a) + b + (w14 ^ w2) + (ss1 ^ a12);
            x = (g ^ h ^ e) + f + w14 + ss1;
            d = ((d << 9) | (d >>> 23));
            h = ((h << 19) | (h >>> 13));
            f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            // round 15
            x = w3 ^ w10 ^ ((w0 << 15) | (w0 >>> 17));
            w3 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w6 << 7) | (w6 >>> 25)) ^ w13;
            a12 = ((b << 12) | (b >>> 20));
            ss1 = a12 + (f + 0x228cbce6);
            ss1 = ((ss1 << 7) | (ss1 >>> 25));
            a = (b ^ c ^ d) + a + (w15 ^ w3) + (ss1 ^ a12);
            x = (f ^ g ^ h) + e + w15 + ss1;
            c = ((c << 9) | (c >>> 23));
            g = ((g << 19) | (g >>> 13));
            e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            for (int j = 16; j < 64; j += 16) {
                // round j + 0
                x = w4 ^ w11 ^ ((w1 << 15) | (w1 >>> 17));
                w4 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w7 << 7) | (w7 >>> 25)) ^ w14;
                a12 = ((a << 12) | (a >>> 20));
                ss1 = a12 + (e + k[j + 0]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                d = ((a & b) | ((a | b) & c)) + d + (w0 ^ w4) + (ss1 ^ a12);
                x = (((f ^ g) & e) ^ g) + h + w0 + ss1;
                b = ((b << 9) | (b >>> 23));
                f = ((f << 19) | (f >>> 13));
                h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 1
                x = w5 ^ w12 ^ ((w2 << 15) | (w2 >>> 17));
                w5 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w8 << 7) | (w8 >>> 25)) ^ w15;
                a12 = ((d << 12) | (d >>> 20));
                ss1 = a12 + (h + k[j + 1]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                c = ((d & a) | ((d | a) & b)) + c + (w1 ^ w5) + (ss1 ^ a12);
                x = (((e ^ f) & h) ^ f) + g + w1 + ss1;
                a = ((a << 9) | (a >>> 23));
                e = ((e << 19) | (e >>> 13));
                g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 2
                x = w6 ^ w13 ^ ((w3 << 15) | (w3 >>> 17));
                w6 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w9 << 7) | (w9 >>> 25)) ^ w0;
                a12 = ((c << 12) | (c >>> 20));
                ss1 = a12 + (g + k[j + 2]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                b = ((c & d) | ((c | d) & a)) + b + (w2 ^ w6) + (ss1 ^ a12);
                x = (((h ^ e) & g) ^ e) + f + w2 + ss1;
                d = ((d << 9) | (d >>> 23));
                h = ((h << 19) | (h >>> 13));
                f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 3
                x = w7 ^ w14 ^ ((w4 << 15) | (w4 >>> 17));
                w7 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w10 << 7) | (w10 >>> 25)) ^ w1;
                a12 = ((b << 12) | (b >>> 20));
                ss1 = a12 + (f + k[j + 3]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                a = ((b & c) | ((b | c) & d)) + a + (w3 ^ w7) + (ss1 ^ a12);
                x = (((g ^ h) & f) ^ h) + e + w3 + ss1;
                c = ((c << 9) | (c >>> 23));
                g = ((g << 19) | (g >>> 13));
                e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 4
                x = w8 ^ w15 ^ ((w5 << 15) | (w5 >>> 17));
                w8 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w11 << 7) | (w11 >>> 25)) ^ w2;
                a12 = ((a << 12) | (a >>> 20));
                ss1 = a12 + (e + k[j + 4]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                d = ((a & b) | ((a | b) & c)) + d + (w4 ^ w8) + (ss1 ^ a12);
                x = (((f ^ g) & e) ^ g) + h + w4 + ss1;
                b = ((b << 9) | (b >>> 23));
                f = ((f << 19) | (f >>> 13));
                h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 5
                x = w9 ^ w0 ^ ((w6 << 15) | (w6 >>> 17));
                w9 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w12 << 7) | (w12 >>> 25)) ^ w3;
                a12 = ((d << 12) | (d >>> 20));
                ss1 = a12 + (h + k[j + 5]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                c = ((d & a) | ((d | a) & b)) + c + (w5 ^ w9) + (ss1 ^ a12);
                x = (((e ^ f) & h) ^ f) + g + w5 + ss1;
                a = ((a << 9) | (a >>> 23));
                e = ((e << 19) | (e >>> 13));
                g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 6
                x = w10 ^ w1 ^ ((w7 << 15) | (w7 >>> 17));
                w10 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w13 << 7) | (w13 >>> 25)) ^ w4;
                a12 = ((c << 12) | (c >>> 20));
                ss1 = a12 + (g + k[j + 6]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                b = ((c & d) | ((c | d) & a)) + b + (w6 ^ w10) + (ss1 ^ a12);
                x = (((h ^ e) & g) ^ e) + f + w6 + ss1;
                d = ((d << 9) | (d >>> 23));
                h = ((h << 19) | (h >>> 13));
                f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 7
                x = w11 ^ w2 ^ ((w8 << 15) | (w8 >>> 17));
                w11 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w14 << 7) | (w14 >>> 25)) ^ w5;
                a12 = ((b << 12) | (b >>> 20));
                ss1 = a12 + (f + k[j + 7]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                a = ((b & c) | ((b | c) & d)) + a + (w7 ^ w11) + (ss1 ^ a12);
                x = (((g ^ h) & f) ^ h) + e + w7 + ss1;
                c = ((c << 9) | (c >>> 23));
                g = ((g << 19) | (g >>> 13));
                e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 8
                x = w12 ^ w3 ^ ((w9 << 15) | (w9 >>> 17));
                w12 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w15 << 7) | (w15 >>> 25)) ^ w6;
                a12 = ((a << 12) | (a >>> 20));
                ss1 = a12 + (e + k[j + 8]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                d = ((a & b) | ((a | b) & c)) + d + (w8 ^ w12) + (ss1 ^ a12);
                x = (((f ^ g) & e) ^ g) + h + w8 + ss1;
                b = ((b << 9) | (b >>> 23));
                f = ((f << 19) | (f >>> 13));
                h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 9
                x = w13 ^ w4 ^ ((w10 << 15) | (w10 >>> 17));
                w13 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w0 << 7) | (w0 >>> 25)) ^ w7;
                a12 = ((d << 12) | (d >>> 20));
                ss1 = a12 + (h + k[j + 9]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                c = ((d & a) | ((d | a) & b)) + c + (w9 ^ w13) + (ss1 ^ a12);
                x = (((e ^ f) & h) ^ f) + g + w9 + ss1;
                a = ((a << 9) | (a >>> 23));
                e = ((e << 19) | (e >>> 13));
                g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 10
                x = w14 ^ w5 ^ ((w11 << 15) | (w11 >>> 17));
                w14 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w1 << 7) | (w1 >>> 25)) ^ w8;
                a12 = ((c << 12) | (c >>> 20));
                ss1 = a12 + (g + k[j + 10]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                b = ((c & d) | ((c | d) & a)) + b + (w10 ^ w14) + (ss1 ^ a12);
                x = (((h ^ e) & g) ^ e) + f + w10 + ss1;
                d = ((d << 9) | (d >>> 23));
                h = ((h << 19) | (h >>> 13));
                f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 11
                x = w15 ^ w6 ^ ((w12 << 15) | (w12 >>> 17));
                w15 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w2 << 7) | (w2 >>> 25)) ^ w9;
                a12 = ((b << 12) | (b >>> 20));
                ss1 = a12 + (f + k[j + 11]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                a = ((b & c) | ((b | c) & d)) + a + (w11 ^ w15) + (ss1 ^ a12);
                x = (((g ^ h) & f) ^ h) + e + w11 + ss1;
                c = ((c << 9) | (c >>> 23));
                g = ((g << 19) | (g >>> 13));
                e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 12
                x = w0 ^ w7 ^ ((w13 << 15) | (w13 >>> 17));
                w0 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w3 << 7) | (w3 >>> 25)) ^ w10;
                a12 = ((a << 12) | (a >>> 20));
                ss1 = a12 + (e + k[j + 12]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                d = ((a & b) | ((a | b) & c)) + d + (w12 ^ w0) + (ss1 ^ a12);
                x = (((f ^ g) & e) ^ g) + h + w12 + ss1;
                b = ((b << 9) | (b >>> 23));
                f = ((f << 19) | (f >>> 13));
                h = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 13
                x = w1 ^ w8 ^ ((w14 << 15) | (w14 >>> 17));
                w1 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w4 << 7) | (w4 >>> 25)) ^ w11;
                a12 = ((d << 12) | (d >>> 20));
                ss1 = a12 + (h + k[j + 13]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                c = ((d & a) | ((d | a) & b)) + c + (w13 ^ w1) + (ss1 ^ a12);
                x = (((e ^ f) & h) ^ f) + g + w13 + ss1;
                a = ((a << 9) | (a >>> 23));
                e = ((e << 19) | (e >>> 13));
                g = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 14
                x = w2 ^ w9 ^ ((w15 << 15) | (w15 >>> 17));
                w2 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w5 << 7) | (w5 >>> 25)) ^ w12;
                a12 = ((c << 12) | (c >>> 20));
                ss1 = a12 + (g + k[j + 14]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                b = ((c & d) | ((c | d) & a)) + b + (w14 ^ w2) + (ss1 ^ a12);
                x = (((h ^ e) & g) ^ e) + f + w14 + ss1;
                d = ((d << 9) | (d >>> 23));
                h = ((h << 19) | (h >>> 13));
                f = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
                // round j + 15
                x = w3 ^ w10 ^ ((w0 << 15) | (w0 >>> 17));
                w3 = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w6 << 7) | (w6 >>> 25)) ^ w13;
                a12 = ((b << 12) | (b >>> 20));
                ss1 = a12 + (f + k[j + 15]);
                ss1 = ((ss1 << 7) | (ss1 >>> 25));
                a = ((b & c) | ((b | c) & d)) + a + (w15 ^ w3) + (ss1 ^ a12);
                x = (((g ^ h) & f) ^ h) + e + w15 + ss1;
                c = ((c << 9) | (c >>> 23));
                g = ((g << 19) | (g >>> 13));
                e = x ^ ((x << 9) | (x >>> 23)) ^ ((x << 17) | (x >>> 15));
            }
            // END GENERATED
            // V_{i+1} = ABCDEFGH xor V_i (§5.3.1); re-reading V_i here rather than holding it in
            // locals across the rounds leaves more registers for the message window.
            v[0] ^= a;
            v[1] ^= b;
            v[2] ^= c;
            v[3] ^= d;
            v[4] ^= e;
            v[5] ^= f;
            v[6] ^= g;
            v[7] ^= h;
        }
    }
}
