package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.keyservice.KekRef;
import io.gmflux.codecs.keyservice.KeyService;
import io.gmflux.codecs.keyservice.KeyServiceException;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * A key held by a key service (a KMS or an HSM) as a stream recipient (stanza type 0x07, FORMAT.md
 * §5): each stanza draws a fresh 32-byte secret, has the service wrap it under the key the alias
 * currently names (bound to the stream's salt and the stanza's key id as associated data), and wraps
 * the file key under that secret as every other type does. The stanza records the service type and
 * the key id the service returned, so streams stay readable after the service rotates the alias.
 *
 * <p>Immutable and thread-safe if the service is; each {@link #wrap} resolves the alias through the
 * service (give it a {@link io.gmflux.codecs.keyservice.KeyServiceClient} to cache and retry).
 */
public final class KeyServiceRecipient implements Recipient {

    private final KeyService service;
    private final String alias;

    public KeyServiceRecipient(KeyService service, String alias) {
        this.service = Objects.requireNonNull(service, "service");
        if (alias == null || alias.isBlank()) {
            throw new IllegalArgumentException("a key-service recipient needs an alias");
        }
        KeyServiceStanza.typeBytes(service.type());
        this.alias = alias;
    }

    /** The alias new stanzas are wrapped under. */
    public String alias() {
        return alias;
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_KEY_SERVICE;
    }

    /**
     * @throws KeyServiceException naming the service type and alias, with the service's reason,
     *     if the alias cannot be resolved or the service does not wrap
     */
    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) throws KeyServiceException {
        String type = service.type();
        byte[] ss = new byte[KeyServiceStanza.SECRET_LENGTH];
        random.nextBytes(ss);
        try {
            KekRef kek = service.resolve(alias);
            byte[] kekId = kek.kekId();
            byte[] keyId = KeyServiceStanza.keyId(type, kekId);
            byte[] serviceWrapped = service.wrap(kek, ss, KeyServiceStanza.context(keyId, salt));
            if (serviceWrapped == null || serviceWrapped.length == 0
                    || serviceWrapped.length > KeyServiceStanza.maxServiceWrapped(type, kekId)) {
                throw new KeyServiceException(KeyServiceException.Reason.UNAVAILABLE, "key service " + type
                        + " returned " + (serviceWrapped == null ? "nothing" : serviceWrapped.length + " bytes")
                        + " for alias " + alias);
            }
            byte[] enc = KeyServiceStanza.enc(type, kekId, serviceWrapped);
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, ss, RecipientStanza.TYPE_KEY_SERVICE, keyId, enc);
            return KeyServiceStanza.toStanza(keyId, enc, wrapped);
        } catch (KeyServiceException e) {
            throw new KeyServiceException(e.reason(), "key service " + type + ", alias " + alias + ": "
                    + e.detail(), e);
        } finally {
            Bytes.wipe(ss);
        }
    }

    @Override
    public String toString() {
        return "KeyServiceRecipient[" + service.type() + ", " + alias + "]";
    }
}
