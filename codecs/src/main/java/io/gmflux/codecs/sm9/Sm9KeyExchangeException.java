package io.gmflux.codecs.sm9;

import java.security.GeneralSecurityException;

/**
 * An SM9 key exchange failed (GM/T 0044.3 §7): the peer's ephemeral point is not in G1, or its
 * confirmation value does not match.
 */
public final class Sm9KeyExchangeException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public Sm9KeyExchangeException(String message) {
        super(message);
    }
}
