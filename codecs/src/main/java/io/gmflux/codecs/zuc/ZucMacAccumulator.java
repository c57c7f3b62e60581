package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;

/**
 * The word-wise universal-hash loop shared by 128-EIA3 (3GPP TS 35.223 §4.4 / GB/T 33133.3) and
 * the ZUC-256 MAC (2018 draft §3), and its streaming state.
 *
 * <p>Both MACs XOR into the tag, for every message bit m_i = 1, the keystream window of the tag's
 * width t that starts at bit i of the keystream that follows the tag's initial value, then XOR the
 * window at bit LENGTH of it. EIA3 (t = 32) starts the tag at zero and finally XORs keystream word
 * z_(ceil(LENGTH/32)+1); the ZUC-256 MAC (t = 32, 64, 128) starts the tag from the first t keystream
 * bits, so its windows start at bit t of the whole keystream.
 *
 * <p>Instead of walking the message bit by bit, tag bit k (most significant first) is the parity
 * of XOR_p (M_p AND window_k(p)) over the 64-bit message blocks M_p, where window_k(p) is the 64
 * keystream bits starting at bit 64p + k. So each 64 message bits cost, per tag bit, two shifts
 * and an OR to cut the window out of 96 keystream bits, one AND and one XOR into one of 32
 * 64-bit accumulators; the parities are taken once, at the end (BouncyCastle instead branches on
 * every message bit). Long runs take a column form of the same sum: for each k, one loop over a
 * chunk of message words XORs {@code m[w] & ((z[w] << k) | (z1[w] >>> (32 - k)))} into one int,
 * with k a constant in the generated code, which HotSpot's superword pass turns into SIMD
 * (about twice as fast as the scalar form on AVX2/AVX-512; the scalar form serves short runs). No branch and no table index depends on the message or the keystream: this part is
 * constant-time (the keystream generator's S-box lookups are not, see {@code ZucCore}).
 *
 * <p>The column form is fragile under JDK 17's superword pass: reading the keystream in place
 * ({@code z[off + w]} and {@code z[off + w + 1]} of one array) instead of from the two copies, or
 * four columns per loop, stops the vectorisation. Keep one column per loop over two arrays.
 *
 * <p>Mutable, not thread-safe; {@link #destroy()} zeroes everything secret.
 */
final class ZucMacAccumulator {

    /** Message words per column pass (2 KiB): long enough to amortise the 32 loops' set-up. */
    private static final int CHUNK_WORDS = 512;
    /** Runs shorter than this take the scalar form. */
    private static final int COLUMN_MIN_WORDS = 64;
    /** Keystream words buffered at a time: one chunk plus the words its windows reach into. */
    private static final int KEYSTREAM_WORDS = CHUNK_WORDS + 16;

    private final ZucCore core = new ZucCore();
    /** The generator right after initialisation, for {@link #reset()}. */
    private final ZucCore initial = new ZucCore();
    private final int tagWords;
    private final boolean eia3;
    private final int[] tagInit;
    private final long[] acc;
    /**
     * Keystream words after the tag's initial value; kw[kwStart + t] is word w + t of it for the
     * next message word w.
     */
    private final int[] kw = new int[KEYSTREAM_WORDS];
    private int kwStart;
    private int kwEnd;
    /** Message bytes not yet making a whole word (zero beyond pendingLen), and room for a zero word. */
    private final byte[] pending = new byte[8];
    private int pendingLen;
    /** Column-form scratch: message words, and keystream words aligned with them and one further on. */
    private final int[] mw = new int[CHUNK_WORDS];
    private final int[] z0 = new int[CHUNK_WORDS];
    private final int[] z1 = new int[CHUNK_WORDS];

    private ZucMacAccumulator(int tagWords, boolean eia3) {
        this.tagWords = tagWords;
        this.eia3 = eia3;
        this.tagInit = new int[tagWords];
        this.acc = new long[32 * tagWords];
    }

    /** 128-EIA3: a 32-bit tag, windows from bit 0, final word z_(ceil(L/32)+1). */
    static ZucMacAccumulator eia3() {
        return new ZucMacAccumulator(1, true);
    }

    /** The ZUC-256 MAC with a tag of {@code tagBits} (32, 64 or 128, checked by the caller). */
    static ZucMacAccumulator zuc256(int tagBits) {
        return new ZucMacAccumulator(tagBits / 32, false);
    }

    /** The generator to key: load its cells and {@code init()} it, then call {@link #start()}. */
    ZucCore core() {
        return core;
    }

    /** Remembers the freshly initialised generator and starts a message. */
    void start() {
        initial.copyFrom(core);
        begin();
    }

    /** Starts a new message under the same key and IV. */
    void reset() {
        core.copyFrom(initial);
        begin();
    }

    private void begin() {
        Arrays.fill(acc, 0L);
        Arrays.fill(pending, (byte) 0);
        pendingLen = 0;
        if (eia3) {
            Arrays.fill(tagInit, 0);
        } else {
            // ZUC-256: the tag starts as the first t keystream bits; windows start after them.
            core.words(tagInit, 0, tagWords);
        }
        kwStart = 0;
        kwEnd = 0;
    }

    void update(byte b) {
        pending[pendingLen++] = b;
        if (pendingLen == 4) {
            absorbWords(pending, 0, 1);
            pendingLen = 0;
        }
    }

    /** Absorbs whole bytes; the range is checked by the caller. */
    void update(byte[] in, int off, int len) {
        if (pendingLen > 0) {
            while (len > 0 && pendingLen < 4) {
                pending[pendingLen++] = in[off++];
                len--;
            }
            if (pendingLen < 4) {
                return;
            }
            absorbWords(pending, 0, 1);
            pendingLen = 0;
        }
        int words = len >>> 2;
        absorbWords(in, off, words);
        off += 4 * words;
        for (int i = 4 * words; i < len; i++) {
            pending[pendingLen++] = in[off++];
        }
    }

    /**
     * Absorbs the first {@code lengthBits} bits of {@code in[off..]} (whole words directly, the
     * last partial word masked) and finishes; the caller has checked the range and that no bytes
     * are pending. The tag goes to {@code tag}; {@link #reset()} before reuse.
     */
    void finishBits(byte[] in, int off, long lengthBits, int[] tag) {
        int words = (int) (lengthBits >>> 5);
        absorbWords(in, off, words);
        off += 4 * words;
        int tail = (int) (lengthBits & 31);
        Arrays.fill(pending, (byte) 0);
        for (int i = 0; i < (tail + 7) >>> 3; i++) {
            pending[i] = in[off + i];
        }
        finish(tail, tag);
    }

    /** Finishes a byte-oriented message (its length is a whole number of bytes). */
    void finish(int[] tag) {
        finish(8 * pendingLen, tag);
    }

    /**
     * {@code tailBits} (0..31) leading bits of {@code pending} are the last, partial message word;
     * later bits are ignored. Writes the tag words; {@link #reset()} before reuse.
     */
    private void finish(int tailBits, int[] tag) {
        ensureKeystream(tagWords + 3, 0);
        if (tailBits > 0) {
            int m = Bytes.getIntBE(pending, 0) & (-1 << (32 - tailBits));
            Bytes.putLongBEByBytes(pending, 0, (long) m << 32);
            for (int j = 0; j < tagWords; j++) {
                absorb(acc, 32 * j, pending, 0, 1, kw, kwStart + j);
            }
        }
        for (int j = 0; j < tagWords; j++) {
            int t = tagInit[j];
            for (int k = 0; k < 32; k++) {
                t ^= (Long.bitCount(acc[32 * j + k]) & 1) << (31 - k);
            }
            // The window at bit LENGTH (TS 35.223 §4.4 step 5; ZUC-256 draft §3).
            int a = kwStart + j;
            t ^= tailBits == 0 ? kw[a] : (kw[a] << tailBits) | (kw[a + 1] >>> (32 - tailBits));
            if (eia3) {
                // MAC = T xor z_(L-1) with L = ceil(LENGTH/32) + 2 words (TS 35.223 §4.4 step 6).
                t ^= kw[kwStart + (tailBits > 0 ? 2 : 1)];
            }
            tag[j] = t;
        }
        Arrays.fill(pending, (byte) 0);
        pendingLen = 0;
    }

    /**
     * Absorbs {@code words} big-endian message words from {@code msg[off..]}: pairs directly, an
     * odd last word as a pair with a zero word (which adds nothing to any accumulator).
     */
    private void absorbWords(byte[] msg, int off, int words) {
        // The pair at words w, w + 1 reads keystream words w + j .. w + j + 2 for tag word j.
        final int need = tagWords + 2;
        while (words >= COLUMN_MIN_WORDS) {
            ensureKeystream(need + COLUMN_MIN_WORDS, words + need);
            int n = Math.min(Math.min(words, CHUNK_WORDS), kwEnd - kwStart - need);
            for (int i = 0; i < n; i++) {
                mw[i] = Bytes.getIntBE(msg, off + 4 * i);
            }
            for (int j = 0; j < tagWords; j++) {
                System.arraycopy(kw, kwStart + j, z0, 0, n);
                System.arraycopy(kw, kwStart + j + 1, z1, 0, n);
                absorbColumns(acc, 32 * j, mw, z0, z1, n);
            }
            kwStart += n;
            off += 4 * n;
            words -= n;
        }
        while (words > 1) {
            ensureKeystream(need + 1, words + need);
            int n = Math.min(words, kwEnd - kwStart - need + 1) & ~1;
            for (int j = 0; j < tagWords; j++) {
                absorb(acc, 32 * j, msg, off, n >>> 1, kw, kwStart + j);
            }
            kwStart += n;
            off += 4 * n;
            words -= n;
        }
        if (words == 1) {
            ensureKeystream(need, 0);
            int m = Bytes.getIntBE(msg, off);
            Bytes.putLongBEByBytes(pending, 0, (long) m << 32);
            for (int j = 0; j < tagWords; j++) {
                absorb(acc, 32 * j, pending, 0, 1, kw, kwStart + j);
            }
            Bytes.putLongBEByBytes(pending, 0, 0L);
            kwStart += 1;
        }
    }

    /**
     * Makes at least {@code atLeast} keystream words available from {@code kwStart}; when it has to
     * refill, it slides the unused words down and generates up to {@code wanted} (in whole batches,
     * within the buffer), so a short message does not pay for a full buffer of keystream.
     */
    private void ensureKeystream(int atLeast, int wanted) {
        int keep = kwEnd - kwStart;
        if (keep >= atLeast) {
            return;
        }
        System.arraycopy(kw, kwStart, kw, 0, keep);
        kwStart = 0;
        int target = Math.max(atLeast, Math.min(wanted, KEYSTREAM_WORDS));
        int n = Math.min((target - keep + ZucCore.BATCH_WORDS - 1) & -ZucCore.BATCH_WORDS, KEYSTREAM_WORDS - keep);
        core.words(kw, keep, n);
        kwEnd = keep + n;
    }

    /**
     * For each 64-bit message block m (big-endian at {@code msg[off + 8p]}) and the 96 keystream
     * bits {@code a = kw[q] ∥ kw[q + 1]}, {@code b = kw[q + 2]} with {@code q = kwOff + 2p}:
     * accumulator k ^= m AND (the 64 keystream bits at offset k). Unrolled (generated by
     * {@code io.gmflux.codecs.generated.ZucMacAccumulatorGenerator}, in the test sources) so the accumulators stay in locals for the whole loop.
     */
    private static void absorb(long[] acc, int accOff, byte[] msg, int off, int pairs, int[] kw, int kwOff) {
        // BEGIN GENERATED by ZucMacAccumulatorGenerator.absorb(), do not edit; regenerate with:
        // mvn -o -q -pl codecs test-compile && java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources --write
        long a0 = acc[accOff + 0];
        long a1 = acc[accOff + 1];
        long a2 = acc[accOff + 2];
        long a3 = acc[accOff + 3];
        long a4 = acc[accOff + 4];
        long a5 = acc[accOff + 5];
        long a6 = acc[accOff + 6];
        long a7 = acc[accOff + 7];
        long a8 = acc[accOff + 8];
        long a9 = acc[accOff + 9];
        long a10 = acc[accOff + 10];
        long a11 = acc[accOff + 11];
        long a12 = acc[accOff + 12];
        long a13 = acc[accOff + 13];
        long a14 = acc[accOff + 14];
        long a15 = acc[accOff + 15];
        long a16 = acc[accOff + 16];
        long a17 = acc[accOff + 17];
        long a18 = acc[accOff + 18];
        long a19 = acc[accOff + 19];
        long a20 = acc[accOff + 20];
        long a21 = acc[accOff + 21];
        long a22 = acc[accOff + 22];
        long a23 = acc[accOff + 23];
        long a24 = acc[accOff + 24];
        long a25 = acc[accOff + 25];
        long a26 = acc[accOff + 26];
        long a27 = acc[accOff + 27];
        long a28 = acc[accOff + 28];
        long a29 = acc[accOff + 29];
        long a30 = acc[accOff + 30];
        long a31 = acc[accOff + 31];
        for (int p = 0; p < pairs; p++) {
            long m = Bytes.getLongBE(msg, off + 8 * p);
            int q = kwOff + 2 * p;
            long a = ((long) kw[q] << 32) | (kw[q + 1] & 0xFFFFFFFFL);
            long b = (long) kw[q + 2] << 32;
            a0 ^= m & a;
            a1 ^= m & ((a << 1) | (b >>> 63));
            a2 ^= m & ((a << 2) | (b >>> 62));
            a3 ^= m & ((a << 3) | (b >>> 61));
            a4 ^= m & ((a << 4) | (b >>> 60));
            a5 ^= m & ((a << 5) | (b >>> 59));
            a6 ^= m & ((a << 6) | (b >>> 58));
            a7 ^= m & ((a << 7) | (b >>> 57));
            a8 ^= m & ((a << 8) | (b >>> 56));
            a9 ^= m & ((a << 9) | (b >>> 55));
            a10 ^= m & ((a << 10) | (b >>> 54));
            a11 ^= m & ((a << 11) | (b >>> 53));
            a12 ^= m & ((a << 12) | (b >>> 52));
            a13 ^= m & ((a << 13) | (b >>> 51));
            a14 ^= m & ((a << 14) | (b >>> 50));
            a15 ^= m & ((a << 15) | (b >>> 49));
            a16 ^= m & ((a << 16) | (b >>> 48));
            a17 ^= m & ((a << 17) | (b >>> 47));
            a18 ^= m & ((a << 18) | (b >>> 46));
            a19 ^= m & ((a << 19) | (b >>> 45));
            a20 ^= m & ((a << 20) | (b >>> 44));
            a21 ^= m & ((a << 21) | (b >>> 43));
            a22 ^= m & ((a << 22) | (b >>> 42));
            a23 ^= m & ((a << 23) | (b >>> 41));
            a24 ^= m & ((a << 24) | (b >>> 40));
            a25 ^= m & ((a << 25) | (b >>> 39));
            a26 ^= m & ((a << 26) | (b >>> 38));
            a27 ^= m & ((a << 27) | (b >>> 37));
            a28 ^= m & ((a << 28) | (b >>> 36));
            a29 ^= m & ((a << 29) | (b >>> 35));
            a30 ^= m & ((a << 30) | (b >>> 34));
            a31 ^= m & ((a << 31) | (b >>> 33));
        }
        acc[accOff + 0] = a0;
        acc[accOff + 1] = a1;
        acc[accOff + 2] = a2;
        acc[accOff + 3] = a3;
        acc[accOff + 4] = a4;
        acc[accOff + 5] = a5;
        acc[accOff + 6] = a6;
        acc[accOff + 7] = a7;
        acc[accOff + 8] = a8;
        acc[accOff + 9] = a9;
        acc[accOff + 10] = a10;
        acc[accOff + 11] = a11;
        acc[accOff + 12] = a12;
        acc[accOff + 13] = a13;
        acc[accOff + 14] = a14;
        acc[accOff + 15] = a15;
        acc[accOff + 16] = a16;
        acc[accOff + 17] = a17;
        acc[accOff + 18] = a18;
        acc[accOff + 19] = a19;
        acc[accOff + 20] = a20;
        acc[accOff + 21] = a21;
        acc[accOff + 22] = a22;
        acc[accOff + 23] = a23;
        acc[accOff + 24] = a24;
        acc[accOff + 25] = a25;
        acc[accOff + 26] = a26;
        acc[accOff + 27] = a27;
        acc[accOff + 28] = a28;
        acc[accOff + 29] = a29;
        acc[accOff + 30] = a30;
        acc[accOff + 31] = a31;
        // END GENERATED
    }

    /**
     * The column form: for each k, accumulator k ^= XOR over w of
     * {@code m[w] AND (the 32 keystream bits at offset k of z[w] ∥ z1[w])}, one method per k.
     */
    private static void absorbColumns(long[] acc, int accOff, int[] m, int[] z, int[] z1, int n) {
        // BEGIN GENERATED by ZucMacAccumulatorGenerator.absorbColumns(), do not edit; regenerate with:
        // mvn -o -q -pl codecs test-compile && java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources --write
        acc[accOff] ^= column0(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 1] ^= column1(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 2] ^= column2(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 3] ^= column3(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 4] ^= column4(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 5] ^= column5(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 6] ^= column6(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 7] ^= column7(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 8] ^= column8(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 9] ^= column9(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 10] ^= column10(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 11] ^= column11(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 12] ^= column12(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 13] ^= column13(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 14] ^= column14(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 15] ^= column15(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 16] ^= column16(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 17] ^= column17(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 18] ^= column18(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 19] ^= column19(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 20] ^= column20(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 21] ^= column21(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 22] ^= column22(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 23] ^= column23(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 24] ^= column24(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 25] ^= column25(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 26] ^= column26(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 27] ^= column27(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 28] ^= column28(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 29] ^= column29(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 30] ^= column30(m, z, z1, n) & 0xFFFFFFFFL;
        acc[accOff + 31] ^= column31(m, z, z1, n) & 0xFFFFFFFFL;
        // END GENERATED
    }

    // One small method per k (generated by ZucMacAccumulatorGenerator), each a single loop with k a constant: the superword pass
    // vectorises it, and HotSpot compiles each loop on its own (in one method holding all 32 loops,
    // tiered compilation entered C2 code only through on-stack replacement at a few loops and ran
    // the rest interpreted, about 100 times slower).

    // BEGIN GENERATED by ZucMacAccumulatorGenerator.columns(), do not edit; regenerate with:
    // mvn -o -q -pl codecs test-compile && java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources --write
    private static int column0(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & z[w];
        }
        return x;
    }

    private static int column1(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 1) | (z1[w] >>> 31));
        }
        return x;
    }

    private static int column2(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 2) | (z1[w] >>> 30));
        }
        return x;
    }

    private static int column3(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 3) | (z1[w] >>> 29));
        }
        return x;
    }

    private static int column4(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 4) | (z1[w] >>> 28));
        }
        return x;
    }

    private static int column5(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 5) | (z1[w] >>> 27));
        }
        return x;
    }

    private static int column6(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 6) | (z1[w] >>> 26));
        }
        return x;
    }

    private static int column7(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 7) | (z1[w] >>> 25));
        }
        return x;
    }

    private static int column8(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 8) | (z1[w] >>> 24));
        }
        return x;
    }

    private static int column9(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 9) | (z1[w] >>> 23));
        }
        return x;
    }

    private static int column10(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 10) | (z1[w] >>> 22));
        }
        return x;
    }

    private static int column11(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 11) | (z1[w] >>> 21));
        }
        return x;
    }

    private static int column12(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 12) | (z1[w] >>> 20));
        }
        return x;
    }

    private static int column13(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 13) | (z1[w] >>> 19));
        }
        return x;
    }

    private static int column14(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 14) | (z1[w] >>> 18));
        }
        return x;
    }

    private static int column15(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 15) | (z1[w] >>> 17));
        }
        return x;
    }

    private static int column16(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 16) | (z1[w] >>> 16));
        }
        return x;
    }

    private static int column17(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 17) | (z1[w] >>> 15));
        }
        return x;
    }

    private static int column18(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 18) | (z1[w] >>> 14));
        }
        return x;
    }

    private static int column19(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 19) | (z1[w] >>> 13));
        }
        return x;
    }

    private static int column20(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 20) | (z1[w] >>> 12));
        }
        return x;
    }

    private static int column21(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 21) | (z1[w] >>> 11));
        }
        return x;
    }

    private static int column22(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 22) | (z1[w] >>> 10));
        }
        return x;
    }

    private static int column23(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 23) | (z1[w] >>> 9));
        }
        return x;
    }

    private static int column24(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 24) | (z1[w] >>> 8));
        }
        return x;
    }

    private static int column25(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 25) | (z1[w] >>> 7));
        }
        return x;
    }

    private static int column26(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 26) | (z1[w] >>> 6));
        }
        return x;
    }

    private static int column27(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 27) | (z1[w] >>> 5));
        }
        return x;
    }

    private static int column28(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 28) | (z1[w] >>> 4));
        }
        return x;
    }

    private static int column29(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 29) | (z1[w] >>> 3));
        }
        return x;
    }

    private static int column30(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 30) | (z1[w] >>> 2));
        }
        return x;
    }

    private static int column31(int[] m, int[] z, int[] z1, int n) {
        int x = 0;
        for (int w = 0; w < n; w++) {
            x ^= m[w] & ((z[w] << 31) | (z1[w] >>> 1));
        }
        return x;
    }
    // END GENERATED

    /** Zeroes the generators, accumulators and buffered keystream and message bytes. */
    void destroy() {
        core.destroy();
        initial.destroy();
        Arrays.fill(acc, 0L);
        Arrays.fill(kw, 0);
        Arrays.fill(mw, 0);
        Arrays.fill(z0, 0);
        Arrays.fill(z1, 0);
        Arrays.fill(tagInit, 0);
        Arrays.fill(pending, (byte) 0);
        pendingLen = 0;
        kwStart = 0;
        kwEnd = 0;
    }
}
