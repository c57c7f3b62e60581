package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * 128-EEA3, the 3GPP confidentiality algorithm (ETSI/SAGE "Document 1: 128-EEA3 and 128-EIA3
 * Specification" §3 = 3GPP TS 35.221; GB/T 33133.2): ZUC-128 keyed with the 128-bit confidentiality
 * key CK and the IV built from COUNT, BEARER and DIRECTION (§3.3):
 * <pre>
 *   IV[0..3] = COUNT (big-endian)   IV[4] = BEARER &lt;&lt; 3 | DIRECTION &lt;&lt; 2   IV[5..7] = 0
 *   IV[8..15] = IV[0..7]
 * </pre>
 * The output is the input XOR the keystream, bit-exact for a LENGTH that is not a whole number of
 * bytes: the ceil(LENGTH/8) bytes are written and the bits after LENGTH in the last byte are set to
 * zero (§3.5; the test data pads with zero bits the same way). Encryption and decryption are the
 * same operation.
 *
 * <p>Stateless and thread-safe. Each thread reuses one cipher state (no allocation per call in
 * steady state), zeroed before {@code apply} returns. Not constant-time against cache-timing
 * attackers: ZUC's S-boxes are table lookups indexed by secret state (the standard's design).
 */
public final class Eea3 {

    /** The largest LENGTH: the specification's LENGTH is a 32-bit field. */
    public static final long MAX_LENGTH_BITS = 0xFFFFFFFFL;

    private static final class Scratch {
        final ZucCore core = new ZucCore();
        final byte[] iv = new byte[16];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Eea3() {
    }

    /**
     * Encrypts or decrypts the first {@code lengthBits} bits of {@code in[inOff..]} into
     * {@code out[outOff..]} (ceil(lengthBits/8) bytes written; bits after {@code lengthBits} in the
     * last byte are zero). In place ({@code in == out}, same offset) is supported.
     *
     * @param key the 16-byte confidentiality key CK
     * @param count the 32-bit COUNT (any int; used as an unsigned 32-bit value)
     * @param bearer the 5-bit BEARER, 0..31
     * @param direction 0 (uplink) or 1 (downlink)
     * @param lengthBits LENGTH in bits, 0..2^32-1
     * @throws NullPointerException if {@code key}, {@code in} or {@code out} is null
     * @throws IllegalArgumentException if the key is not 16 bytes, {@code bearer}, {@code direction}
     *     or {@code lengthBits} is out of range
     * @throws IndexOutOfBoundsException if {@code in} or {@code out} is too short for the length
     */
    public static void apply(byte[] key, int count, int bearer, int direction, byte[] in, int inOff,
            long lengthBits, byte[] out, int outOff) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        int len = checkParameters(key, bearer, direction, lengthBits);
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len, "out");
        Scratch scratch = SCRATCH.get();
        byte[] iv = scratch.iv;
        Bytes.putIntBEByBytes(iv, 0, count);
        iv[4] = (byte) ((bearer << 3) | (direction << 2));
        iv[5] = 0;
        iv[6] = 0;
        iv[7] = 0;
        System.arraycopy(iv, 0, iv, 8, 8);
        ZucCore core = scratch.core;
        try {
            Zuc128.init(core, key, iv);
            core.xor(in, inOff, len, out, outOff);
        } finally {
            core.destroy();
        }
        int tail = (int) (lengthBits & 7);
        if (tail != 0) {
            out[outOff + len - 1] &= (byte) (0xFF << (8 - tail));
        }
    }

    /**
     * Checks key length, BEARER, DIRECTION and LENGTH for 128-EEA3/128-EIA3 and returns the length
     * in bytes, ceil(lengthBits / 8).
     */
    static int checkParameters(byte[] key, int bearer, int direction, long lengthBits) {
        if (key.length != Zuc128.KEY_LENGTH) {
            throw new IllegalArgumentException("key: 128-EEA3/EIA3 need a 16-byte key, got " + key.length);
        }
        if (bearer < 0 || bearer > 31) {
            throw new IllegalArgumentException("bearer: a 5-bit value 0..31 is needed, got " + bearer);
        }
        if (direction != 0 && direction != 1) {
            throw new IllegalArgumentException("direction: 0 or 1 is needed, got " + direction);
        }
        if (lengthBits < 0 || lengthBits > MAX_LENGTH_BITS) {
            throw new IllegalArgumentException("lengthBits: 0..2^32-1 is needed, got " + lengthBits);
        }
        return (int) ((lengthBits + 7) >>> 3);
    }
}
