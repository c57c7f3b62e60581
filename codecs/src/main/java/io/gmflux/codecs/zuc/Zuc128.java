package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * The ZUC-128 stream cipher (GB/T 33133.1-2016; ETSI/SAGE "Document 2: ZUC Specification", the
 * keystream generator of 3GPP 128-EEA3/128-EIA3, TS 35.221-223): a 128-bit key and a 128-bit IV
 * give a keystream of 32-bit words, handed out here as words or as bytes (each word
 * big-endian, most significant byte first).
 *
 * <p>The keystream has no length limit (BouncyCastle stops at 2047 words per key/IV; this class
 * does not), and byte-oriented calls continue exactly where the previous call stopped, whatever the
 * split: {@code xorKeystream(a)} then {@code xorKeystream(b)} equals one call on {@code a ∥ b}.
 * {@link #nextWord()} continues the same stream (it takes the next four bytes).
 *
 * <p>An instance is mutable and not thread-safe; it keeps no reference to the key or IV arrays.
 * The S-box lookups of F are indexed by secret state, as the standard designs them: not
 * constant-time against cache-timing attackers (see {@code ZucCore}). {@link #destroy()} zeroes
 * the state; using the object afterwards throws {@link IllegalStateException}.
 */
public final class Zuc128 {

    /** Key length in bytes. */
    public static final int KEY_LENGTH = 16;
    /** IV length in bytes. */
    public static final int IV_LENGTH = 16;

    /** The 15-bit constants d_0..d_15 of the key loading, GB/T 33133.1 §5.5.1. */
    private static final int[] D = {
        0x44D7, 0x26BC, 0x626B, 0x135E, 0x5789, 0x35E2, 0x7135, 0x09AF,
        0x4D78, 0x2F13, 0x6BC4, 0x1AF1, 0x5E26, 0x3C4D, 0x789A, 0x47AC,
    };

    private final ZucCore core = new ZucCore();
    private boolean destroyed;

    /**
     * @param key16 the 128-bit key
     * @param iv16 the 128-bit IV
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a length is not 16 bytes
     */
    public Zuc128(byte[] key16, byte[] iv16) {
        init(core, key16, iv16);
    }

    /** Checks the arguments, loads key and IV (§5.5.1) and initialises {@code core}. */
    static void init(ZucCore core, byte[] key16, byte[] iv16) {
        Objects.requireNonNull(key16, "key16");
        Objects.requireNonNull(iv16, "iv16");
        if (key16.length != KEY_LENGTH) {
            throw new IllegalArgumentException("key16: ZUC-128 needs a 16-byte key, got " + key16.length);
        }
        if (iv16.length != IV_LENGTH) {
            throw new IllegalArgumentException("iv16: ZUC-128 needs a 16-byte IV, got " + iv16.length);
        }
        int[] cells = core.cells();
        for (int i = 0; i < 16; i++) {
            // s_i = k_i ∥ d_i ∥ iv_i (8 + 15 + 8 bits).
            cells[i] = ((key16[i] & 0xFF) << 23) | (D[i] << 8) | (iv16[i] & 0xFF);
        }
        core.init();
    }

    /** The next 32 keystream bits (z_1, z_2, ... of the standard), continuing the byte stream. */
    public int nextWord() {
        checkLive();
        return core.nextWord();
    }

    /**
     * Writes the next {@code len} keystream bytes to {@code out[off..off+len)}.
     *
     * @throws NullPointerException if {@code out} is null
     * @throws IndexOutOfBoundsException if the range does not fit
     */
    public void keystream(byte[] out, int off, int len) {
        Bytes.checkRange(out, off, len, "out");
        checkLive();
        core.keystream(out, off, len);
    }

    /**
     * {@code out[outOff+i] = in[inOff+i] ^ k_i} for the next {@code len} keystream bytes k_i. In place
     * ({@code in == out}, same offset) is supported; other overlaps are not.
     *
     * @throws NullPointerException if {@code in} or {@code out} is null
     * @throws IndexOutOfBoundsException if a range does not fit
     */
    public void xorKeystream(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len, "out");
        checkLive();
        core.xor(in, inOff, len, out, outOff);
    }

    /** Zeroes the cipher state and buffered keystream; later calls throw {@link IllegalStateException}. */
    public void destroy() {
        core.destroy();
        destroyed = true;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("Zuc128 has been destroyed");
        }
    }
}
