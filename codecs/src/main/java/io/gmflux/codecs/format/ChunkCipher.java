package io.gmflux.codecs.format;

import javax.crypto.AEADBadTagException;

/**
 * Seals and opens the chunks of one stream under its payload key (FORMAT.md §3, §4): the one
 * piece each suite supplies; segmentation, counters and the last-chunk flag live in
 * {@link StreamEncryptor} and {@link StreamDecryptor}.
 *
 * <p>Package-private: other packages reach a suite's cipher through {@link SuiteCipher}, which checks
 * the ranges. Not thread-safe: one per thread. Output ranges must not overlap input ranges unless they are
 * the same range.
 */
interface ChunkCipher {

    /** Writes {@code ciphertext || tag} of chunk {@code index}; returns its length ({@code len + tagLength}). */
    int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff);

    /**
     * Verifies and decrypts chunk {@code index} ({@code ciphertext || tag}, {@code len} bytes in all);
     * returns the plaintext length. Writes nothing if the tag does not verify.
     */
    int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException;

    /** Zeroes the keys. */
    void destroy();

    /** The 12-byte nonce of FORMAT.md §3: {@code prefix || u32(index) || u8(last)}, written into {@code nonce}. */
    static void nonce(byte[] prefix, long index, boolean last, byte[] nonce) {
        System.arraycopy(prefix, 0, nonce, 0, 7);
        io.gmflux.codecs.bytes.Bytes.putIntBEByBytes(nonce, 7, (int) index);
        nonce[11] = (byte) (last ? 1 : 0);
    }
}
