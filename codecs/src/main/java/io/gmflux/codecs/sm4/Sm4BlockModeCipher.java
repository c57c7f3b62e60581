package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;

/**
 * The buffering and padding shared by the block modes (ECB, CBC): partial blocks are kept until
 * they fill; with PKCS#7 decryption the last block is held back until {@code doFinal}, which
 * checks the padding before writing any of that call's plaintext. A mode supplies only its
 * whole-block step.
 *
 * <p>Not thread-safe. Output from {@code update} runs ahead of input by what was buffered; when
 * that would overwrite unread input in the same array, the input is copied to an internal buffer
 * first (so in place always works).
 */
abstract class Sm4BlockModeCipher extends Sm4ModeCipher {

    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;

    private final Sm4Padding padding;
    private final byte[] buf = new byte[BLOCK];
    private int bufLen;
    private final byte[] lastBlock = new byte[BLOCK];
    private final byte[] prevBlock = new byte[BLOCK];
    private final byte[] plainBlock = new byte[BLOCK];

    Sm4BlockModeCipher(Sm4Engine engine, boolean encrypting, Sm4Padding padding) {
        super(engine, encrypting);
        this.padding = Objects.requireNonNull(padding, "padding");
    }

    /** Processes {@code blocks} whole blocks and advances the chaining state. */
    abstract void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks);

    /**
     * Decrypts the final ciphertext block {@code last} into {@code plain} without changing any
     * state; {@code prev} is the ciphertext block before it, or null if it is the first block
     * since the last chaining update.
     */
    abstract void peekFinalBlock(byte[] last, byte[] prev, byte[] plain);

    /** Restores the chaining state to the IV. */
    abstract void resetChain();

    private boolean holdsBackLastBlock() {
        return !encrypting && padding == Sm4Padding.PKCS7;
    }

    /** What {@code update(len)} writes: whole blocks, minus a held-back last block. */
    private int updateBytes(int len) {
        int total = bufLen + len;
        int keep = total & (BLOCK - 1);
        if (keep == 0 && total > 0 && holdsBackLastBlock()) {
            keep = BLOCK;
        }
        return total - keep;
    }

    @Override
    public final int updateOutputSize(int len) {
        checkLength(len);
        return updateBytes(len);
    }

    @Override
    public final int finalOutputSize(int len) {
        checkLength(len);
        int total = bufLen + len;
        return encrypting && padding == Sm4Padding.PKCS7 ? (total & -BLOCK) + BLOCK : total;
    }

    @Override
    public final int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkUsable();
        Bytes.checkRange(in, inOff, len, "in");
        int n = updateBytes(len);
        Bytes.checkRange(out, outOff, n, "out");
        feed(in, inOff, len, out, outOff, n);
        return n;
    }

    /**
     * Consumes {@code len} bytes and writes exactly {@code n} (a multiple of 16, at most
     * {@code bufLen + len}); what is left stays in {@code buf}.
     */
    private void feed(byte[] in, int inOff, int len, byte[] out, int outOff, int n) {
        if (n == 0) {
            System.arraycopy(in, inOff, buf, bufLen, len);
            bufLen += len;
            return;
        }
        if (overlapsAhead(in, inOff, len, out, outOff, bufLen)) {
            in = copyToScratch(in, inOff, len);
            inOff = 0;
        }
        int written = 0;
        if (bufLen > 0) {
            int need = BLOCK - bufLen;
            System.arraycopy(in, inOff, buf, bufLen, need);
            inOff += need;
            len -= need;
            blocks(buf, 0, out, outOff, 1);
            written = BLOCK;
            bufLen = 0;
        }
        int whole = (n - written) / BLOCK;
        if (whole > 0) {
            blocks(in, inOff, out, outOff + written, whole);
            inOff += whole * BLOCK;
            len -= whole * BLOCK;
        }
        System.arraycopy(in, inOff, buf, 0, len);
        bufLen = len;
    }

    @Override
    public final int doFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
            throws IllegalBlockSizeException, BadPaddingException {
        checkUsable();
        Bytes.checkRange(in, inOff, len, "in");
        int total = bufLen + len;
        if (padding == Sm4Padding.NONE) {
            Bytes.checkRange(out, outOff, total, "out");
            if ((total & (BLOCK - 1)) != 0) {
                reset();
                throw new IllegalBlockSizeException(
                        "SM4 without padding needs a multiple of 16 bytes, got " + total);
            }
            feed(in, inOff, len, out, outOff, total);
            reset();
            return total;
        }
        return encrypting ? finishPadded(in, inOff, len, out, outOff, total)
                : finishUnpadding(in, inOff, len, out, outOff, total);
    }

    /** PKCS#7 (RFC 5652 §6.3): 1..16 bytes of value = their count. */
    private int finishPadded(byte[] in, int inOff, int len, byte[] out, int outOff, int total) {
        int n = (total & -BLOCK) + BLOCK;
        Bytes.checkRange(out, outOff, n, "out");
        feed(in, inOff, len, out, outOff, n - BLOCK);
        int pad = BLOCK - bufLen;
        Arrays.fill(buf, bufLen, BLOCK, (byte) pad);
        blocks(buf, 0, out, outOff + n - BLOCK, 1);
        reset();
        return n;
    }

    private int finishUnpadding(byte[] in, int inOff, int len, byte[] out, int outOff, int total)
            throws IllegalBlockSizeException, BadPaddingException {
        if (total == 0 || (total & (BLOCK - 1)) != 0) {
            reset();
            throw new IllegalBlockSizeException(
                    "SM4 with PKCS#7 padding decrypts a non-zero multiple of 16 bytes, got " + total);
        }
        // Decrypt the last block first, without touching state, so that bad padding writes nothing.
        gather(in, inOff, total - BLOCK, lastBlock);
        boolean hasPrev = total >= 2 * BLOCK;
        if (hasPrev) {
            gather(in, inOff, total - 2 * BLOCK, prevBlock);
        }
        peekFinalBlock(lastBlock, hasPrev ? prevBlock : null, plainBlock);
        int pad = plainBlock[BLOCK - 1] & 0xff;
        if (badPadding(plainBlock, pad) != 0) {
            reset();
            throw new BadPaddingException("SM4: bad PKCS#7 padding");
        }
        int n = total - pad;
        try {
            Bytes.checkRange(out, outOff, n, "out");
        } catch (IndexOutOfBoundsException e) {
            Bytes.wipe(plainBlock);
            throw e;
        }
        // Everything before the last block; when len < 16 the last block is all there is.
        if (len >= BLOCK) {
            feed(in, inOff, len - BLOCK, out, outOff, total - BLOCK);
        }
        System.arraycopy(plainBlock, 0, out, outOff + total - BLOCK, BLOCK - pad);
        reset();
        return n;
    }

    /**
     * Non-zero unless {@code pad} is in 1..16 and the last {@code pad} bytes all equal it. Looks at
     * all 16 bytes with masks, not branches, so timing does not tell which byte was wrong.
     */
    private static int badPadding(byte[] block, int pad) {
        int bad = ((pad - 1) | (BLOCK - pad)) >>> 31;
        for (int i = 0; i < BLOCK; i++) {
            int inPadding = ((BLOCK - 1 - i) - pad) >> 31;
            bad |= inPadding & ((block[i] & 0xff) ^ pad);
        }
        return bad;
    }

    /** Copies 16 bytes at position {@code pos} of the stream {@code buf[0, bufLen) || in[inOff, ...)}. */
    private void gather(byte[] in, int inOff, int pos, byte[] dst) {
        int fromBuf = Math.max(0, Math.min(BLOCK, bufLen - pos));
        if (fromBuf > 0) {
            System.arraycopy(buf, pos, dst, 0, fromBuf);
        }
        System.arraycopy(in, inOff + pos + fromBuf - bufLen, dst, fromBuf, BLOCK - fromBuf);
    }

    @Override
    public final void reset() {
        Bytes.wipe(buf);
        Bytes.wipe(lastBlock);
        Bytes.wipe(prevBlock);
        Bytes.wipe(plainBlock);
        bufLen = 0;
        resetChain();
    }

    @Override
    final void wipeState() {
        reset();
        wipeChain();
    }

    /** Zeroes the IV and chaining value. */
    abstract void wipeChain();
}
