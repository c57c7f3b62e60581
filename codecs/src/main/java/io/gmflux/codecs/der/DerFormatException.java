package io.gmflux.codecs.der;

import java.security.GeneralSecurityException;

/**
 * Input that is not valid DER, or not the structure that was expected: a wrong tag, a length
 * that runs past the end, a non-minimal encoding, trailing bytes. The message says what and where.
 */
public final class DerFormatException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public DerFormatException(String message) {
        super(message);
    }
}
