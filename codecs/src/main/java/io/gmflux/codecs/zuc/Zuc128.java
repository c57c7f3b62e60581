package io.gmflux.codecs.zuc;

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
public final class Zuc128 extends ZucKeystream {

    /** Key length in bytes. */
    public static final int KEY_LENGTH = 16;
    /** IV length in bytes. */
    public static final int IV_LENGTH = 16;

    /** The 15-bit constants d_0..d_15 of the key loading, GB/T 33133.1 §5.5.1. */
    private static final int[] D = {
        0x44D7, 0x26BC, 0x626B, 0x135E, 0x5789, 0x35E2, 0x7135, 0x09AF,
        0x4D78, 0x2F13, 0x6BC4, 0x1AF1, 0x5E26, 0x3C4D, 0x789A, 0x47AC,
    };

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
}
