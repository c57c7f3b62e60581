package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Hex;
import java.security.GeneralSecurityException;

/**
 * The key a key-service stanza (type 0x07, FORMAT.md §5) was wrapped under: the service type and the
 * service's key id, as {@code inspect} and tests read them. Immutable; the id is copied out.
 */
public record KeyServiceKey(String serviceType, byte[] kekId) {

    public KeyServiceKey {
        kekId = kekId.clone();
    }

    @Override
    public byte[] kekId() {
        return kekId.clone();
    }

    /**
     * The key {@code stanza} names.
     *
     * @throws GeneralSecurityException if it is not a well-formed key-service stanza
     */
    public static KeyServiceKey of(RecipientStanza stanza) throws GeneralSecurityException {
        if (stanza.type() != RecipientStanza.TYPE_KEY_SERVICE) {
            throw new GeneralSecurityException("not a key-service stanza: " + stanza);
        }
        KeyServiceStanza s = KeyServiceStanza.parse(stanza);
        return new KeyServiceKey(s.serviceType, s.kekId);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyServiceKey k && serviceType.equals(k.serviceType) && java.util.Arrays.equals(kekId, k.kekId);
    }

    @Override
    public int hashCode() {
        return serviceType.hashCode() * 31 + java.util.Arrays.hashCode(kekId);
    }

    @Override
    public String toString() {
        return serviceType + " key " + Hex.encode(kekId);
    }
}
