package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm2.Sm2DecryptionException;
import io.gmflux.codecs.sm2.Sm2Kem;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * An SM2 public key as a stream recipient (stanza type 0x01, FORMAT.md §5): SM2-KEM with an
 * ephemeral key, {@code ss = KDF(x2 || y2, 32)} (GB/T 32918.4 KDF); the body is
 * {@code key_id(8) || C1(65) || wrapped(48)}. C1 is checked to be on the curve before any secret
 * operation.
 *
 * <p>Immutable and thread-safe.
 */
public final class Sm2Recipient implements Recipient {

    private static final int C1 = Sm2Kem.ENCAPSULATION_LENGTH;
    private static final int BODY_LENGTH = RecipientStanza.KEY_ID_LENGTH + C1 + KeyWrap.WRAPPED_LENGTH;

    private final Sm2PublicKey publicKey;
    private final byte[] keyId;

    public Sm2Recipient(Sm2PublicKey publicKey) {
        this.publicKey = Objects.requireNonNull(publicKey, "publicKey");
        this.keyId = KeyWrap.keyId(Sm2KeyEncoding.toSpki(publicKey));
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_SM2;
    }

    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) {
        Sm2Kem.Encapsulated e = new Sm2Kem(random).encapsulate(publicKey, 32);
        try {
            byte[] c1 = e.encapsulation();
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, e.sharedSecret(), RecipientStanza.TYPE_SM2, keyId, c1);
            return new RecipientStanza(RecipientStanza.TYPE_SM2, StreamKeys.concat(keyId, c1, wrapped));
        } finally {
            e.destroy();
        }
    }

    /** The identity that opens streams sent to {@code privateKey}'s public key. */
    public static Identity identity(Sm2PrivateKey privateKey) {
        Objects.requireNonNull(privateKey, "privateKey");
        byte[] keyId = KeyWrap.keyId(Sm2KeyEncoding.toSpki(privateKey.publicKey()));
        return (stanza, salt) -> {
            if (stanza.type() != RecipientStanza.TYPE_SM2 || !stanza.hasKeyId(keyId)) {
                return null;
            }
            byte[] body = stanza.bodyRef();
            if (body.length != BODY_LENGTH) {
                throw new GeneralSecurityException("SM2 stanza of " + body.length + " bytes, expected " + BODY_LENGTH);
            }
            int k = RecipientStanza.KEY_ID_LENGTH;
            byte[] c1 = Arrays.copyOfRange(body, k, k + C1);
            byte[] ss;
            try {
                ss = new Sm2Kem().decapsulate(privateKey, c1, 32);
            } catch (Sm2DecryptionException e) {
                throw new GeneralSecurityException("SM2 stanza: " + e.getMessage(), e);
            }
            try {
                return KeyWrap.unwrap(Arrays.copyOfRange(body, k + C1, body.length), salt, ss,
                        RecipientStanza.TYPE_SM2, keyId, c1);
            } finally {
                Bytes.wipe(ss);
            }
        };
    }
}
