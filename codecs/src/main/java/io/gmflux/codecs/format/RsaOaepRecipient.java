package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/**
 * An RSA key as a stream recipient (stanza type 0x05), through the JDK's RSA-OAEP with SHA-256,
 * MGF1-SHA-256 and the label "gmflux/v1": the KEM encrypts 32 random bytes, which then wrap the file
 * key like every other recipient type's secret. For interoperability with RSA key infrastructure.
 *
 * <p>Immutable and thread-safe.
 */
public final class RsaOaepRecipient implements Recipient {

    static final OAEPParameterSpec OAEP = new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256,
            new PSource.PSpecified(StreamKeys.ascii("gmflux/v1")));

    private final RSAPublicKey publicKey;
    private final byte[] keyId;

    public RsaOaepRecipient(RSAPublicKey publicKey) {
        this.publicKey = Objects.requireNonNull(publicKey, "publicKey");
        if (publicKey.getModulus().bitLength() < 2048) {
            throw new IllegalArgumentException("RSA modulus of " + publicKey.getModulus().bitLength()
                    + " bits is too small (2048 at least)");
        }
        this.keyId = KeyWrap.keyId(publicKey.getEncoded());
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_RSA_OAEP;
    }

    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) throws GeneralSecurityException {
        byte[] ss = new byte[32];
        random.nextBytes(ss);
        try {
            Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPPadding");
            rsa.init(Cipher.ENCRYPT_MODE, publicKey, OAEP, random);
            byte[] ct = rsa.doFinal(ss);
            byte[] enc = new byte[2 + ct.length];
            enc[0] = (byte) (ct.length >>> 8);
            enc[1] = (byte) ct.length;
            System.arraycopy(ct, 0, enc, 2, ct.length);
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, ss, RecipientStanza.TYPE_RSA_OAEP, keyId, enc);
            return new RecipientStanza(RecipientStanza.TYPE_RSA_OAEP, StreamKeys.concat(keyId, enc, wrapped));
        } finally {
            Bytes.wipe(ss);
        }
    }

    /** The identity that opens what this recipient's key was sent. */
    public static Identity identity(RSAPrivateKey privateKey, RSAPublicKey publicKey) {
        Objects.requireNonNull(privateKey, "privateKey");
        byte[] keyId = KeyWrap.keyId(Objects.requireNonNull(publicKey, "publicKey").getEncoded());
        return (stanza, salt) -> {
            if (stanza.type() != RecipientStanza.TYPE_RSA_OAEP || !stanza.hasKeyId(keyId)) {
                return null;
            }
            byte[] body = stanza.bodyRef();
            int k = RecipientStanza.KEY_ID_LENGTH;
            if (body.length < k + 2) {
                throw new GeneralSecurityException("malformed RSA-OAEP stanza");
            }
            int ctLen = ((body[k] & 0xff) << 8) | (body[k + 1] & 0xff);
            if (body.length != k + 2 + ctLen + KeyWrap.WRAPPED_LENGTH) {
                throw new GeneralSecurityException("malformed RSA-OAEP stanza");
            }
            byte[] enc = Arrays.copyOfRange(body, k, k + 2 + ctLen);
            byte[] ss;
            try {
                Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPPadding");
                rsa.init(Cipher.DECRYPT_MODE, privateKey, OAEP);
                ss = rsa.doFinal(enc, 2, ctLen);
            } catch (javax.crypto.BadPaddingException | javax.crypto.IllegalBlockSizeException notOurs) {
                return null;
            }
            try {
                return KeyWrap.unwrap(Arrays.copyOfRange(body, k + 2 + ctLen, body.length), salt, ss,
                        RecipientStanza.TYPE_RSA_OAEP, keyId, enc);
            } finally {
                Bytes.wipe(ss);
            }
        };
    }
}
