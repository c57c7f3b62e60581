package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * The byte-granular loop shared by the stream modes (CFB-128, OFB, CTR): the rest of the current
 * keystream block first, then whole blocks through the mode's fast path, then a new keystream
 * block for the tail. Output is written as soon as input arrives ({@code update(len)} writes
 * {@code len} bytes); {@code doFinal} never throws for length.
 *
 * <p>For CFB the used keystream bytes are replaced by the ciphertext bytes as they are produced,
 * so that {@link #keystream} holds the feedback block once it is complete (GB/T 17964; NIST SP 800-38A §6.3).
 *
 * <p>Not thread-safe.
 */
abstract class Sm4StreamModeCipher extends Sm4ModeCipher {

    static final int BLOCK = Sm4Engine.BLOCK_SIZE;

    /** The current keystream block; OFB and CFB keep their feedback register here too. */
    final byte[] keystream = new byte[BLOCK];
    /** How many bytes of {@link #keystream} are used; 16 = none left. */
    int used = BLOCK;
    private final boolean feedsBackCiphertext;

    Sm4StreamModeCipher(Sm4Engine engine, boolean encrypting, boolean feedsBackCiphertext) {
        super(engine, encrypting);
        this.feedsBackCiphertext = feedsBackCiphertext;
    }

    /** Processes whole blocks (called only when no keystream is left over) and advances the state. */
    abstract void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks);

    /** Computes the next keystream block into {@link #keystream} and advances the state. */
    abstract void nextKeystream();

    /** Restores the state to the IV. */
    abstract void resetChain();

    @Override
    public final int updateOutputSize(int len) {
        checkLength(len);
        return len;
    }

    @Override
    public final int finalOutputSize(int len) {
        checkLength(len);
        return len;
    }

    @Override
    public final int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkUsable();
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len, "out");
        if (overlapsAhead(in, inOff, len, out, outOff, 0)) {
            in = copyToScratch(in, inOff, len);
            inOff = 0;
        }
        int i = 0;
        while (used < BLOCK && i < len) {
            xorByte(in, inOff + i, out, outOff + i);
            i++;
        }
        int whole = (len - i) / BLOCK;
        if (whole > 0) {
            blocks(in, inOff + i, out, outOff + i, whole);
            i += whole * BLOCK;
        }
        if (i < len) {
            nextKeystream();
            used = 0;
            while (i < len) {
                xorByte(in, inOff + i, out, outOff + i);
                i++;
            }
        }
        return len;
    }

    private void xorByte(byte[] in, int inPos, byte[] out, int outPos) {
        byte x = in[inPos];
        byte y = (byte) (x ^ keystream[used]);
        out[outPos] = y;
        if (feedsBackCiphertext) {
            keystream[used] = encrypting ? y : x;
        }
        used++;
    }

    @Override
    public final int doFinal(byte[] in, int inOff, int len, byte[] out, int outOff) {
        int n = update(in, inOff, len, out, outOff);
        reset();
        return n;
    }

    @Override
    public final void reset() {
        used = BLOCK;
        resetChain();
    }

    @Override
    final void wipeState() {
        Bytes.wipe(keystream);
        used = BLOCK;
        wipeChain();
    }

    /** Zeroes the IV and chaining state. */
    abstract void wipeChain();
}
