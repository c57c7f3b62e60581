package io.gmflux.codecs.sm2;

import java.security.GeneralSecurityException;

/**
 * An SM2 key exchange failed (GB/T 32918.3 §6.1): the shared point was the point at infinity, or
 * the peer's confirmation value S_B or S_A did not match.
 */
public final class Sm2KeyExchangeException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public Sm2KeyExchangeException(String message) {
        super(message);
    }
}
