package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.keyservice.KeyService;
import io.gmflux.codecs.keyservice.KeyServiceException;
import java.security.GeneralSecurityException;
import java.util.Objects;

/**
 * Opens key-service stanzas (type 0x07, FORMAT.md §5) of one service: a stanza naming another
 * service type is not this identity's (null, like any stanza of another key). For its own type it
 * asks the service to unwrap the secret under the recorded key id, bound to the stream's salt and
 * the stanza's key id, then opens the file key under it.
 *
 * <p>A stanza the service does not authenticate ({@link KeyServiceException.Reason#UNWRAP_FAILED})
 * is not this identity's either; a service that is down, or a key that is missing or disabled,
 * throws the {@link KeyServiceException} (naming the service type and the key id), which readers
 * report as such rather than as a malformed stanza. Thread-safe if the service is.
 */
public final class KeyServiceIdentity implements Identity {

    private final KeyService service;

    public KeyServiceIdentity(KeyService service) {
        this.service = Objects.requireNonNull(service, "service");
        KeyServiceStanza.typeBytes(service.type());
    }

    /** The service type whose stanzas this identity opens. */
    public String serviceType() {
        return service.type();
    }

    /**
     * @throws KeyServiceException if the service cannot unwrap for another reason than a stanza
     *     that does not authenticate
     * @throws GeneralSecurityException if a type-0x07 stanza is malformed
     */
    @Override
    public byte[] unwrap(RecipientStanza stanza, byte[] salt) throws GeneralSecurityException {
        if (stanza.type() != RecipientStanza.TYPE_KEY_SERVICE) {
            return null;
        }
        KeyServiceStanza s = KeyServiceStanza.parse(stanza);
        if (!s.serviceType.equals(service.type())) {
            return null;
        }
        if (!Bytes.constantTimeEquals(s.keyId, 0, KeyServiceStanza.keyId(s.serviceType, s.kekId), 0, s.keyId.length)) {
            throw new GeneralSecurityException("key-service stanza: key id does not match its service type and key");
        }
        byte[] ss;
        try {
            ss = service.unwrap(s.kekId, s.serviceWrapped, KeyServiceStanza.context(s.keyId, salt));
        } catch (KeyServiceException e) {
            if (e.reason() == KeyServiceException.Reason.UNWRAP_FAILED) {
                return null;
            }
            throw new KeyServiceException(e.reason(), "key service " + s.serviceType + ", key " + s.kekIdHex() + ": "
                    + e.detail(), e);
        }
        if (ss == null) {
            return null;
        }
        try {
            if (ss.length != KeyServiceStanza.SECRET_LENGTH) {
                return null;
            }
            return KeyWrap.unwrap(s.wrapped, salt, ss, RecipientStanza.TYPE_KEY_SERVICE, s.keyId, s.enc);
        } finally {
            Bytes.wipe(ss);
        }
    }

    @Override
    public String toString() {
        return "KeyServiceIdentity[" + service.type() + "]";
    }
}
