package io.gmflux.codecs.format;

import java.security.GeneralSecurityException;

/**
 * A key that can open streams: recovers the file key from a stanza addressed to it.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface Identity {

    /**
     * The file key if {@code stanza} is addressed to this identity and unwraps, otherwise null
     * (another recipient's stanza, or one that does not authenticate: the reader then tries the
     * next). Throws only for a stanza of this identity's type whose body is malformed.
     */
    byte[] unwrap(RecipientStanza stanza, byte[] salt) throws GeneralSecurityException;
}
