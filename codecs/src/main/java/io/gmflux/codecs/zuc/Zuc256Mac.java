package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * The ZUC-256 MAC of the 2018 draft "The ZUC-256 Stream Cipher" §3 (as BouncyCastle's
 * {@code Zuc256Mac} and GmSSL implement it), with 32-, 64- or 128-bit tags. Each tag size
 * initialises ZUC-256 with its own constants d (draft §3.2; they differ from the keystream
 * constants in d_0 and/or d_2), so the three tags of one message are unrelated.
 *
 * <p>For tag size t: the tag starts as the first t keystream bits; each message bit m_i = 1 XORs in
 * the t keystream bits starting at bit t + i; finally the t bits starting at bit t + LENGTH are
 * XORed in. Computed 32 message bits at a time, constant-time in the message.
 *
 * <p>The IV is 25 bytes (IV17..IV24 six bits per byte) or 23 bytes (bit-packed), as for {@link
 * Zuc256}. Streaming input is byte-oriented; {@link #mac(byte[], byte[], int, byte[], int, long)}
 * takes a length in bits.
 *
 * <p>Mutable, not thread-safe; keeps no reference to the key or IV arrays. {@link #destroy()}
 * zeroes the state; later calls throw {@link IllegalStateException}. The static method is
 * thread-safe.
 */
public final class Zuc256Mac extends ZucMacStream {

    /**
     * @param key32 the 256-bit key
     * @param iv the IV, 25 or 23 bytes
     * @param tagBits 32, 64 or 128
     * @throws NullPointerException if {@code key32} or {@code iv} is null
     * @throws IllegalArgumentException if a length or {@code tagBits} is invalid
     */
    public Zuc256Mac(byte[] key32, byte[] iv, int tagBits) {
        super(accumulator(tagBits), tagBits / 32);
        Zuc256.init(mac.core(), key32, iv, constants(tagBits));
        mac.start();
    }

    /** Checks {@code tagBits} (before anything is allocated) and makes its accumulator. */
    private static ZucMacAccumulator accumulator(int tagBits) {
        constants(tagBits);
        return ZucMacAccumulator.zuc256(tagBits);
    }

    private static byte[] constants(int tagBits) {
        switch (tagBits) {
            case 32:
                return Zuc256.D_MAC32;
            case 64:
                return Zuc256.D_MAC64;
            case 128:
                return Zuc256.D_MAC128;
            default:
                throw new IllegalArgumentException("tagBits: 32, 64 or 128 is needed, got " + tagBits);
        }
    }

    /** Tag length in bytes. */
    public int tagLength() {
        return 4 * tag.length;
    }

    /**
     * The ZUC-256 MAC of the first {@code lengthBits} bits of {@code msg[off..]} (bits after them in
     * the last byte are ignored).
     *
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if a length, {@code tagBits} or {@code lengthBits} is invalid
     * @throws IndexOutOfBoundsException if {@code msg} holds fewer than ceil(lengthBits/8) bytes from {@code off}
     */
    public static byte[] mac(byte[] key32, byte[] iv, int tagBits, byte[] msg, int off, long lengthBits) {
        Objects.requireNonNull(msg, "msg");
        if (lengthBits < 0 || lengthBits > 8L * Integer.MAX_VALUE) {
            throw new IllegalArgumentException("lengthBits: must be non-negative and fit a byte array, got "
                    + lengthBits);
        }
        Bytes.checkRange(msg, off, (int) ((lengthBits + 7) >>> 3), "msg");
        Zuc256Mac m = new Zuc256Mac(key32, iv, tagBits);
        try {
            m.mac.finishBits(msg, off, lengthBits, m.tag);
            return toBytes(m.tag);
        } finally {
            m.destroy();
        }
    }
}
