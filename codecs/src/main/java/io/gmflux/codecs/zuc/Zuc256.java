package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * The ZUC-256 stream cipher as in the 2018 draft "The ZUC-256 Stream Cipher" (OSCCA/CAS; the
 * constants BouncyCastle's {@code Zuc256CoreEngine} and GmSSL implement): a 256-bit key and a
 * 184-bit IV, the same LFSR, bit reorganisation and F as ZUC-128 ({@code ZucCore}), a different
 * loading (draft §2.2) and the same 32 + 1 initialisation clocks.
 *
 * <p>The IV is accepted in either of its two encodings:
 * <ul>
 *   <li>25 bytes: IV0..IV16 (8 bits each) then IV17..IV24 (6 bits each, one per byte, in the low
 *       six bits; the top two bits are ignored) — the draft's notation and BouncyCastle's form;</li>
 *   <li>23 bytes: the same 184 bits packed most significant bit first (IV17 is the top six bits of
 *       byte 17) — GmSSL's and gmsm's form.</li>
 * </ul>
 *
 * <p>Keystream of any length, continued at byte granularity across calls, as for {@link Zuc128}.
 * Later ZUC-256 revisions changed the initialisation constants; this class implements the 2018
 * draft whose test vectors it passes.
 *
 * <p>Mutable, not thread-safe, keeps no reference to the key or IV. Table lookups indexed by
 * secret state (the standard's design): not constant-time against cache-timing attackers.
 * {@link #destroy()} zeroes the state; later calls throw {@link IllegalStateException}.
 */
public final class Zuc256 extends ZucKeystream {

    /** Key length in bytes. */
    public static final int KEY_LENGTH = 32;
    /** Length of the IV with IV17..IV24 one per byte (BouncyCastle's form). */
    public static final int IV_LENGTH = 25;
    /** Length of the bit-packed IV (GmSSL's form). */
    public static final int PACKED_IV_LENGTH = 23;

    /** The 7-bit constants d_0..d_15 for keystream generation, draft §2.2. */
    static final byte[] D_KEYSTREAM = {
        0x22, 0x2F, 0x24, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
    };
    /** The constants for the 32-bit MAC (d_2 differs), draft §3.2. */
    static final byte[] D_MAC32 = {
        0x22, 0x2F, 0x25, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
    };
    /** The constants for the 64-bit MAC (d_0 differs), draft §3.2. */
    static final byte[] D_MAC64 = {
        0x23, 0x2F, 0x24, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
    };
    /** The constants for the 128-bit MAC (d_0 and d_2 differ), draft §3.2. */
    static final byte[] D_MAC128 = {
        0x23, 0x2F, 0x25, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
    };

    /**
     * @param key32 the 256-bit key
     * @param iv the IV, 25 bytes (IV17..IV24 six bits per byte) or 23 bytes (bit-packed)
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the key is not 32 bytes or the IV neither 25 nor 23 bytes
     */
    public Zuc256(byte[] key32, byte[] iv) {
        init(core, key32, iv, D_KEYSTREAM);
    }

    /** Checks the arguments, loads key, IV and constants {@code d} (draft §2.2) and initialises {@code core}. */
    static void init(ZucCore core, byte[] key32, byte[] iv, byte[] d) {
        Objects.requireNonNull(key32, "key32");
        Objects.requireNonNull(iv, "iv");
        if (key32.length != KEY_LENGTH) {
            throw new IllegalArgumentException("key32: ZUC-256 needs a 32-byte key, got " + key32.length);
        }
        int[] v = new int[25];
        if (iv.length == IV_LENGTH) {
            for (int i = 0; i < 25; i++) {
                v[i] = iv[i] & (i < 17 ? 0xFF : 0x3F);
            }
        } else if (iv.length == PACKED_IV_LENGTH) {
            for (int i = 0; i < 17; i++) {
                v[i] = iv[i] & 0xFF;
            }
            // Bytes 17..22 hold IV17..IV24 as eight 6-bit fields, most significant first.
            long packed = 0;
            for (int i = 17; i < 23; i++) {
                packed = (packed << 8) | (iv[i] & 0xFF);
            }
            for (int i = 0; i < 8; i++) {
                v[17 + i] = (int) (packed >>> (42 - 6 * i)) & 0x3F;
            }
        } else {
            throw new IllegalArgumentException(
                    "iv: ZUC-256 needs a 25-byte IV (IV17..IV24 six bits per byte) or a 23-byte packed IV, got "
                            + iv.length);
        }
        int[] k = new int[32];
        for (int i = 0; i < 32; i++) {
            k[i] = key32[i] & 0xFF;
        }
        int[] s = core.cells();
        // Draft §2.2: s_i = a ∥ d ∥ b ∥ c with 8 + 7 + 8 + 8 bits; the 6-bit IV17..IV24 and the
        // halves of K31 share the 7-bit d field.
        s[0] = cell(k[0], d[0], k[21], k[16]);
        s[1] = cell(k[1], d[1], k[22], k[17]);
        s[2] = cell(k[2], d[2], k[23], k[18]);
        s[3] = cell(k[3], d[3], k[24], k[19]);
        s[4] = cell(k[4], d[4], k[25], k[20]);
        s[5] = cell(v[0], d[5] | v[17], k[5], k[26]);
        s[6] = cell(v[1], d[6] | v[18], k[6], k[27]);
        s[7] = cell(v[10], d[7] | v[19], k[7], v[2]);
        s[8] = cell(k[8], d[8] | v[20], v[3], v[11]);
        s[9] = cell(k[9], d[9] | v[21], v[12], v[4]);
        s[10] = cell(v[5], d[10] | v[22], k[10], k[28]);
        s[11] = cell(k[11], d[11] | v[23], v[6], v[13]);
        s[12] = cell(k[12], d[12] | v[24], v[7], v[14]);
        s[13] = cell(k[13], d[13], v[15], v[8]);
        s[14] = cell(k[14], d[14] | (k[31] >>> 4), v[16], v[9]);
        s[15] = cell(k[15], d[15] | (k[31] & 0x0F), k[30], k[29]);
        core.init();
        Bytes.wipe(k);
        Bytes.wipe(v);
    }

    private static int cell(int a, int d, int b, int c) {
        return (a << 23) | ((d & 0x7F) << 16) | (b << 8) | c;
    }
}
