package io.gmflux.codecs.sm3;

import io.gmflux.codecs.bytes.Bytes;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * PBKDF2 (RFC 8018 §5.2) with HMAC-SM3 as the pseudorandom function.
 *
 * <p>Speed: the HMAC key states are computed once per call, and every iteration after the first
 * is exactly two SM3 compressions over one preformatted block, with no allocation, so the cost is
 * {@code 2 * iterations} compressions per 32 bytes of output.
 *
 * <p>Stateless and thread-safe. The output is a fresh array owned by the caller; the password
 * array is not modified or retained; intermediate values U_j, T_i and, for {@code char[]}
 * passwords, the UTF-8 encoding are zeroed before returning.
 */
public final class Pbkdf2HmacSm3 {

    private Pbkdf2HmacSm3() {
    }

    /**
     * Derives {@code lengthBytes} bytes from {@code password} and {@code salt}.
     *
     * @param password the password bytes (any length, used as the HMAC key)
     * @param salt the salt (any length; RFC 8018 §4.1 recommends at least 8 random bytes)
     * @param iterations iteration count c, {@code >= 1}
     * @param lengthBytes dkLen in bytes, {@code >= 0}
     * @throws NullPointerException if {@code password} or {@code salt} is null
     * @throws IllegalArgumentException if {@code iterations < 1} or {@code lengthBytes < 0}
     */
    public static byte[] derive(byte[] password, byte[] salt, int iterations, int lengthBytes) {
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(salt, "salt");
        checkCounts(iterations, lengthBytes);
        byte[] out = new byte[lengthBytes];
        HmacSm3 prf = new HmacSm3(password);
        // blk holds U_j in bytes 0..31 followed by the fixed padding of a 96-byte HMAC input.
        byte[] blk = new byte[Sm3.BLOCK_LENGTH];
        HmacSm3.padOneBlockAfterKeyBlock(blk);
        byte[] t = new byte[Sm3.DIGEST_LENGTH];
        byte[] index = new byte[4];
        int i = 1;
        // off advances by the bytes written, so it never passes lengthBytes (no int overflow).
        for (int off = 0, n; off < lengthBytes; off += n, i++) {
            n = Math.min(Sm3.DIGEST_LENGTH, lengthBytes - off);
            // U_1 = PRF(P, S || INT(i)) (RFC 8018 §5.2 step 3)
            prf.update(salt, 0, salt.length);
            Bytes.putIntBEByBytes(index, 0, i);
            prf.update(index, 0, 4);
            prf.doFinal(blk, 0);
            System.arraycopy(blk, 0, t, 0, Sm3.DIGEST_LENGTH);
            // U_j = PRF(P, U_{j-1}); T_i = U_1 ^ ... ^ U_c
            for (int j = 1; j < iterations; j++) {
                prf.macOf32ByteBlock(blk);
                Bytes.xor(t, 0, blk, 0, t, 0, Sm3.DIGEST_LENGTH);
            }
            System.arraycopy(t, 0, out, off, n);
        }
        prf.destroy();
        Bytes.wipe(blk);
        Bytes.wipe(t);
        return out;
    }

    /**
     * As {@link #derive(byte[], byte[], int, int)}, with the password given as characters and
     * encoded as UTF-8 (as BouncyCastle's {@code PKCS5PasswordToUTF8Bytes} and Java's
     * {@code PBKDF2WithHmacSHA256} do).
     *
     * @throws IllegalArgumentException additionally if {@code password} is not valid UTF-16
     *     (an unpaired surrogate), which has no UTF-8 encoding
     */
    public static byte[] derive(char[] password, byte[] salt, int iterations, int lengthBytes) {
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(salt, "salt");
        checkCounts(iterations, lengthBytes);
        byte[] encoded = utf8(password);
        try {
            return derive(encoded, salt, iterations, lengthBytes);
        } finally {
            Bytes.wipe(encoded);
        }
    }

    /** Strict UTF-8 without going through an immutable String, so the bytes can be wiped. */
    private static byte[] utf8(char[] password) {
        CharsetEncoder enc = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bb = ByteBuffer.allocate(password.length * 3);
        CharBuffer cb = CharBuffer.wrap(password);
        try {
            var cr = enc.encode(cb, bb, true);
            if (!cr.isUnderflow()) {
                cr.throwException();
            }
            cr = enc.flush(bb);
            if (!cr.isUnderflow()) {
                cr.throwException();
            }
        } catch (CharacterCodingException e) {
            Bytes.wipe(bb.array());
            throw new IllegalArgumentException("password is not valid UTF-16 (unpaired surrogate at char "
                    + cb.position() + ")", e);
        }
        byte[] out = new byte[bb.position()];
        System.arraycopy(bb.array(), 0, out, 0, out.length);
        Bytes.wipe(bb.array());
        return out;
    }

    private static void checkCounts(int iterations, int lengthBytes) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be >= 1, got " + iterations);
        }
        if (lengthBytes < 0) {
            throw new IllegalArgumentException("lengthBytes must be >= 0, got " + lengthBytes);
        }
    }
}
