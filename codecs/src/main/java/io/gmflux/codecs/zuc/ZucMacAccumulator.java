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
 * of XOR_w (m_w AND window_k(w)) over the message words m_w, where window_k(w) is the 32 keystream
 * bits starting at bit 32w + k. So each message word costs, per tag bit, one shift of a 64-bit
 * keystream window, one AND and one XOR into one of 32 accumulators; the parities are taken once
 * at the end. No branch and no table index depends on the message or the keystream: this part is
 * constant-time (the keystream generator's S-box lookups are not, see {@code ZucCore}).
 *
 * <p>Mutable, not thread-safe; {@link #destroy()} zeroes everything secret.
 */
final class ZucMacAccumulator {

    /** Keystream words buffered at a time: a 1 KiB message is absorbed in one pass. */
    private static final int KEYSTREAM_WORDS = 256 + 16;

    private final ZucCore core = new ZucCore();
    /** The generator right after initialisation, for {@link #reset()}. */
    private final ZucCore initial = new ZucCore();
    private final int tagWords;
    private final boolean eia3;
    private final int[] tagInit;
    private final int[] acc;
    /**
     * Keystream words after the tag's initial value; kw[kwStart + t] is word w + t of it for the
     * next message word w.
     */
    private final int[] kw = new int[KEYSTREAM_WORDS];
    private int kwStart;
    private int kwEnd;
    /** Message bytes not yet making a whole word (zero beyond pendingLen). */
    private final byte[] pending = new byte[4];
    private int pendingLen;

    private ZucMacAccumulator(int tagWords, boolean eia3) {
        this.tagWords = tagWords;
        this.eia3 = eia3;
        this.tagInit = new int[tagWords];
        this.acc = new int[32 * tagWords];
    }

    /** 128-EIA3: a 32-bit tag, windows from bit 0, final word z_(ceil(L/32)+1). */
    static ZucMacAccumulator eia3() {
        return new ZucMacAccumulator(1, true);
    }

    /** The ZUC-256 MAC with a tag of {@code tagBits} (32, 64 or 128, checked by the caller). */
    static ZucMacAccumulator zuc256(int tagBits) {
        return new ZucMacAccumulator(tagBits / 32, false);
    }

    /** Tag length in 32-bit words. */
    int tagWords() {
        return tagWords;
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
        Arrays.fill(acc, 0);
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
        ensureKeystream(tagWords + 2);
        if (tailBits > 0) {
            int m = Bytes.getIntBE(pending, 0) & (-1 << (32 - tailBits));
            Bytes.putIntBE(pending, 0, m);
            for (int j = 0; j < tagWords; j++) {
                absorb(acc, 32 * j, pending, 0, 1, kw, kwStart + j);
            }
        }
        for (int j = 0; j < tagWords; j++) {
            int t = tagInit[j];
            for (int k = 0; k < 32; k++) {
                t ^= (Integer.bitCount(acc[32 * j + k]) & 1) << (31 - k);
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

    /** Absorbs {@code words} big-endian message words from {@code msg[off..]}. */
    private void absorbWords(byte[] msg, int off, int words) {
        final int need = tagWords;
        while (words > 0) {
            ensureKeystream(need + 1);
            int n = Math.min(words, kwEnd - kwStart - need);
            for (int j = 0; j < tagWords; j++) {
                absorb(acc, 32 * j, msg, off, n, kw, kwStart + j);
            }
            kwStart += n;
            off += 4 * n;
            words -= n;
        }
    }

    /** Makes at least {@code words} keystream words available from {@code kwStart}: slides and refills. */
    private void ensureKeystream(int words) {
        if (kwEnd - kwStart >= words) {
            return;
        }
        int keep = kwEnd - kwStart;
        System.arraycopy(kw, kwStart, kw, 0, keep);
        kwStart = 0;
        core.words(kw, keep, KEYSTREAM_WORDS - keep);
        kwEnd = KEYSTREAM_WORDS;
    }

    /**
     * For each message word m (big-endian at {@code msg[off + 4w]}) and the 64 keystream bits
     * {@code kw[kwOff + w] ∥ kw[kwOff + w + 1]}: accumulator k ^= m AND (the 32 bits at offset k).
     * Unrolled by hand (generated) so the 32 accumulators stay in locals for the whole loop.
     */
    private static void absorb(int[] acc, int accOff, byte[] msg, int off, int words, int[] kw, int kwOff) {
        int a0 = acc[accOff + 0];
        int a1 = acc[accOff + 1];
        int a2 = acc[accOff + 2];
        int a3 = acc[accOff + 3];
        int a4 = acc[accOff + 4];
        int a5 = acc[accOff + 5];
        int a6 = acc[accOff + 6];
        int a7 = acc[accOff + 7];
        int a8 = acc[accOff + 8];
        int a9 = acc[accOff + 9];
        int a10 = acc[accOff + 10];
        int a11 = acc[accOff + 11];
        int a12 = acc[accOff + 12];
        int a13 = acc[accOff + 13];
        int a14 = acc[accOff + 14];
        int a15 = acc[accOff + 15];
        int a16 = acc[accOff + 16];
        int a17 = acc[accOff + 17];
        int a18 = acc[accOff + 18];
        int a19 = acc[accOff + 19];
        int a20 = acc[accOff + 20];
        int a21 = acc[accOff + 21];
        int a22 = acc[accOff + 22];
        int a23 = acc[accOff + 23];
        int a24 = acc[accOff + 24];
        int a25 = acc[accOff + 25];
        int a26 = acc[accOff + 26];
        int a27 = acc[accOff + 27];
        int a28 = acc[accOff + 28];
        int a29 = acc[accOff + 29];
        int a30 = acc[accOff + 30];
        int a31 = acc[accOff + 31];
        for (int w = 0; w < words; w++) {
            int m = Bytes.getIntBE(msg, off + 4 * w);
            long win = ((long) kw[kwOff + w] << 32) | (kw[kwOff + w + 1] & 0xFFFFFFFFL);
            a0 ^= m & (int) (win >>> 32);
            a1 ^= m & (int) (win >>> 31);
            a2 ^= m & (int) (win >>> 30);
            a3 ^= m & (int) (win >>> 29);
            a4 ^= m & (int) (win >>> 28);
            a5 ^= m & (int) (win >>> 27);
            a6 ^= m & (int) (win >>> 26);
            a7 ^= m & (int) (win >>> 25);
            a8 ^= m & (int) (win >>> 24);
            a9 ^= m & (int) (win >>> 23);
            a10 ^= m & (int) (win >>> 22);
            a11 ^= m & (int) (win >>> 21);
            a12 ^= m & (int) (win >>> 20);
            a13 ^= m & (int) (win >>> 19);
            a14 ^= m & (int) (win >>> 18);
            a15 ^= m & (int) (win >>> 17);
            a16 ^= m & (int) (win >>> 16);
            a17 ^= m & (int) (win >>> 15);
            a18 ^= m & (int) (win >>> 14);
            a19 ^= m & (int) (win >>> 13);
            a20 ^= m & (int) (win >>> 12);
            a21 ^= m & (int) (win >>> 11);
            a22 ^= m & (int) (win >>> 10);
            a23 ^= m & (int) (win >>> 9);
            a24 ^= m & (int) (win >>> 8);
            a25 ^= m & (int) (win >>> 7);
            a26 ^= m & (int) (win >>> 6);
            a27 ^= m & (int) (win >>> 5);
            a28 ^= m & (int) (win >>> 4);
            a29 ^= m & (int) (win >>> 3);
            a30 ^= m & (int) (win >>> 2);
            a31 ^= m & (int) (win >>> 1);
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
    }

    /** Zeroes the generators, accumulators and buffered keystream and message bytes. */
    void destroy() {
        core.destroy();
        initial.destroy();
        Arrays.fill(acc, 0);
        Arrays.fill(kw, 0);
        Arrays.fill(tagInit, 0);
        Arrays.fill(pending, (byte) 0);
        pendingLen = 0;
        kwStart = 0;
        kwEnd = 0;
    }
}
