package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * GCM's counter mode (GCTR, NIST SP 800-38D §6.5): counter blocks whose first 12 bytes are fixed
 * and whose last 4 bytes are a 32-bit big-endian counter incremented modulo 2^32 ({@code inc32},
 * §6.2). (CCM computes its counter blocks inside its CBC-MAC loop instead; see {@link Sm4Ccm}.)
 *
 * <p>Whole blocks go to the engine's fused {@link Sm4Engine#encryptCtr} kernel (counters in
 * registers, several blocks per round loop, XOR on the way out), split where the low 32 bits wrap
 * so that the engine's 128-bit increment and {@code inc32} agree. A partial last block uses one
 * keystream block, and what a call leaves of it is used by the next, so the keystream continues
 * across calls at byte granularity.
 *
 * <p>Not thread-safe. No allocation after construction. The keystream and counter buffers are
 * secret-dependent; {@link #wipe()} zeroes them.
 */
final class Ctr32Keystream {

    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;

    private final Sm4Engine engine;
    /** The next counter block. */
    private final byte[] counter = new byte[BLOCK];
    private final byte[] keystream = new byte[BLOCK];
    /** The fixed 96-bit prefix, restored after each engine call (the engine carries into it). */
    private long prefixHigh;
    private int prefixLow;
    /** Bytes of {@link #keystream} already used; {@code BLOCK} when none is left. */
    private int pos = BLOCK;

    Ctr32Keystream(Sm4Engine engine) {
        this.engine = engine;
    }

    /**
     * Starts a keystream whose counter blocks are {@code prefix[prefixOff..+12) || [c]_32} for
     * {@code c = firstCounter, firstCounter + 1, ...} (mod 2^32).
     */
    void start(byte[] prefix, int prefixOff, int firstCounter) {
        prefixHigh = Bytes.getLongBE(prefix, prefixOff);
        prefixLow = Bytes.getIntBE(prefix, prefixOff + 8);
        Bytes.putLongBEByBytes(counter, 0, prefixHigh);
        Bytes.putIntBEByBytes(counter, 8, prefixLow);
        Bytes.putIntBEByBytes(counter, 12, firstCounter);
        pos = BLOCK;
    }

    /**
     * {@code out[outOff + i] = in[inOff + i] xor keystream} for {@code len} bytes, continuing the
     * keystream. In place ({@code in == out}, same offset) is allowed. Ranges are checked by the caller.
     */
    void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
        xor(in, inOff, len, out, outOff, null, null);
    }

    /**
     * {@link #xor(byte[], int, int, byte[], int)}, and {@code leadOut = E(leadIn)} in the engine's first
     * CTR call ({@link Sm4Engine#encryptCtrWithLead}) when {@code leadIn} is not null and the call
     * reaches a whole block.
     *
     * @return whether {@code leadOut} was written (false when {@code leadIn} is null or no whole block was run)
     */
    boolean xor(byte[] in, int inOff, int len, byte[] out, int outOff, byte[] leadIn, byte[] leadOut) {
        boolean lead = leadIn != null;
        if (pos < BLOCK && len > 0) {
            int n = Math.min(len, BLOCK - pos);
            Bytes.xor(in, inOff, keystream, pos, out, outOff, n);
            pos += n;
            inOff += n;
            outOff += n;
            len -= n;
        }
        int blocks = len >>> 4;
        while (blocks > 0) {
            long beforeWrap = 0x1_0000_0000L - (Bytes.getIntBE(counter, 12) & 0xffff_ffffL);
            int n = (int) Math.min(blocks, beforeWrap);
            if (lead) {
                engine.encryptCtrWithLead(counter, in, inOff, out, outOff, n, leadIn, leadOut);
                lead = false;
            } else {
                engine.encryptCtr(counter, in, inOff, out, outOff, n);
            }
            // inc32: whatever the engine carried out of the low word does not reach the prefix.
            Bytes.putLongBEByBytes(counter, 0, prefixHigh);
            Bytes.putIntBEByBytes(counter, 8, prefixLow);
            inOff += n * BLOCK;
            outOff += n * BLOCK;
            blocks -= n;
        }
        int rest = len & 15;
        if (rest > 0) {
            engine.encryptBlocks(counter, 0, keystream, 0, 1);
            Bytes.putIntBEByBytes(counter, 12, Bytes.getIntBE(counter, 12) + 1);
            Bytes.xor(in, inOff, keystream, 0, out, outOff, rest);
            pos = rest;
        }
        return leadIn != null && !lead;
    }

    /** Zeroes the keystream and counter. */
    void wipe() {
        Bytes.wipe(keystream);
        Bytes.wipe(counter);
        prefixHigh = 0;
        prefixLow = 0;
        pos = BLOCK;
    }
}
