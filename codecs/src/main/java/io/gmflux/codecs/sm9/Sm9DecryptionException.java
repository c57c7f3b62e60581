package io.gmflux.codecs.sm9;

import java.security.GeneralSecurityException;

/**
 * An SM9 ciphertext or encapsulation was rejected (GM/T 0044.4 §7.2, §8.2): malformed or truncated,
 * C1 not a point of G1, an all-zero KDF output, a C3 that does not match, bad SM4 padding, or a
 * DER form that does not parse. No plaintext or key is returned when this is thrown.
 */
public final class Sm9DecryptionException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public Sm9DecryptionException(String message) {
        super(message);
    }

    public Sm9DecryptionException(String message, Throwable cause) {
        super(message, cause);
    }
}
