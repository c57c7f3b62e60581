package io.gmflux.codecs.format;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * Someone a stream is encrypted to: wraps the stream's file key into one stanza (FORMAT.md §5).
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface Recipient {

    /** The stanza type this recipient writes. */
    int stanzaType();

    /**
     * Wraps {@code fileKey} for this recipient with a fresh encapsulation.
     *
     * @param salt the stream's salt, bound into the wrapping key
     */
    RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) throws GeneralSecurityException;
}
