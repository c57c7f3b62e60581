package io.gmflux.codecs.sm2;

import java.security.GeneralSecurityException;

/**
 * An SM2 ciphertext or encapsulation was rejected: malformed or truncated, C1 not a point of the
 * curve, an all-zero KDF output, or a C3 that does not match (GB/T 32918.4 §7.1). No plaintext is
 * returned when this is thrown.
 */
public final class Sm2DecryptionException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public Sm2DecryptionException(String message) {
        super(message);
    }

    public Sm2DecryptionException(String message, Throwable cause) {
        super(message, cause);
    }
}
