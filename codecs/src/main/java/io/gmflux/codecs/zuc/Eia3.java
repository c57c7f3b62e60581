package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * 128-EIA3, the 3GPP integrity algorithm (ETSI/SAGE "Document 1: 128-EEA3 and 128-EIA3
 * Specification" §4 = 3GPP TS 35.221; GB/T 33133.3): a 32-bit MAC over a message of LENGTH bits,
 * keyed with the integrity key IK and the IV built from COUNT, BEARER and DIRECTION (§4.3):
 * <pre>
 *   IV[0..3] = COUNT (big-endian)   IV[4] = BEARER &lt;&lt; 3   IV[5..7] = 0
 *   IV[8] = IV[0] ^ DIRECTION &lt;&lt; 7   IV[9..13] = IV[1..5]   IV[14] = IV[6] ^ DIRECTION &lt;&lt; 7
 *   IV[15] = IV[7]
 * </pre>
 * The MAC is computed 32 message bits at a time ({@code ZucMacAccumulator}), constant-time in the
 * message; message bits after LENGTH are ignored.
 *
 * <p>The MAC is 32 bits, as 3GPP designs it: a forger succeeds with probability about 2^-32 per
 * attempt, so protocols limit attempts. For a byte-oriented streaming MAC with a raw IV see
 * {@link Zuc128Mac}.
 *
 * <p>Stateless and thread-safe; each thread reuses one MAC state (no allocation per call in steady
 * state), zeroed before {@code mac} returns.
 */
public final class Eia3 {

    private static final class Scratch {
        final ZucMacAccumulator mac = ZucMacAccumulator.eia3();
        final byte[] iv = new byte[16];
        final int[] tag = new int[1];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Eia3() {
    }

    /**
     * The 128-EIA3 MAC of the first {@code lengthBits} bits of {@code msg[off..]}.
     *
     * @param key the 16-byte integrity key IK
     * @param count the 32-bit COUNT (any int; used as an unsigned 32-bit value)
     * @param bearer the 5-bit BEARER, 0..31
     * @param direction 0 or 1
     * @param lengthBits LENGTH in bits, 0..2^32-1; {@code msg} must hold ceil(lengthBits/8) bytes
     *     from {@code off}
     * @return the MAC, its first byte in the most significant position
     * @throws NullPointerException if {@code key} or {@code msg} is null
     * @throws IllegalArgumentException if the key is not 16 bytes, {@code bearer}, {@code direction}
     *     or {@code lengthBits} is out of range
     * @throws IndexOutOfBoundsException if {@code msg} is too short for the length
     */
    public static int mac(byte[] key, int count, int bearer, int direction, byte[] msg, int off,
            long lengthBits) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(msg, "msg");
        int len = Eea3.checkParameters(key, bearer, direction, lengthBits);
        Bytes.checkRange(msg, off, len, "msg");
        Scratch scratch = SCRATCH.get();
        byte[] iv = scratch.iv;
        Bytes.putIntBEByBytes(iv, 0, count);
        iv[4] = (byte) (bearer << 3);
        iv[5] = 0;
        iv[6] = 0;
        iv[7] = 0;
        System.arraycopy(iv, 0, iv, 8, 8);
        iv[8] ^= (byte) (direction << 7);
        iv[14] ^= (byte) (direction << 7);
        ZucMacAccumulator mac = scratch.mac;
        try {
            Zuc128.init(mac.core(), key, iv);
            mac.start();
            mac.finishBits(msg, off, lengthBits, scratch.tag);
            return scratch.tag[0];
        } finally {
            mac.destroy();
            scratch.tag[0] = 0;
        }
    }
}
