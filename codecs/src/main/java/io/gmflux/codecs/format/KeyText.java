package io.gmflux.codecs.format;

import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;

/**
 * Turns the text of a key file (PEM) into a {@link Recipient} or an {@link Identity}: the one
 * place that knows every key type a stream can be addressed to, shared by the command line, the
 * Kafka serializer's configuration and the demo.
 *
 * <p>Recognised today: SM2 (SPKI / PKCS#8 / SEC1, as {@link Sm2KeyEncoding} reads them), RSA
 * (SPKI / PKCS#8, for RSA-OAEP-SHA256), SM9 (a {@code SM9 ENC RECIPIENT} block naming a master
 * public key and an identity, {@link Sm9Recipient}; an {@code SM9 ENC PRIVATE KEY}), ML-KEM-768
 * (SPKI / PKCS#8 with its OID; see {@link MlKem768Recipient}) and the SM2 + ML-KEM-768 hybrid (its
 * own PEM labels; see {@link Sm2MlKem768Recipient}). Each new recipient type adds its branch here.
 *
 * <p>Thread-safe (stateless). Every failure is a {@link GeneralSecurityException} whose message
 * says which key types were tried; callers add the file or property name.
 */
public final class KeyText {

    private KeyText() {
    }

    /** The recipient whose public key {@code text} holds. */
    public static Recipient recipient(String text) throws GeneralSecurityException {
        if (text.contains("-----BEGIN " + Sm9Recipient.PEM_LABEL + "-----")) {
            return Sm9Recipient.fromPem(text);
        }
        Recipient pq = MlKemKeyText.recipientOrNull(text);
        if (pq != null) {
            return pq;
        }
        try {
            return new Sm2Recipient(Sm2KeyEncoding.publicKeyFromPem(text));
        } catch (GeneralSecurityException notSm2) {
            try {
                byte[] der = Pem.decode(text, "PUBLIC KEY");
                return new RsaOaepRecipient((RSAPublicKey) KeyFactory.getInstance("RSA")
                        .generatePublic(new X509EncodedKeySpec(der)));
            } catch (GeneralSecurityException | ClassCastException | IllegalArgumentException e) {
                throw new GeneralSecurityException("not an SM2 or RSA public key (" + notSm2.getMessage() + ")");
            }
        }
    }

    /** The identity whose private key {@code text} holds. */
    public static Identity identity(String text) throws GeneralSecurityException {
        if (text.contains("-----BEGIN " + Sm9KeyEncoding.ENC_PRIVATE_KEY_LABEL + "-----")) {
            try {
                return Sm9Recipient.identity(Sm9KeyEncoding.encryptPrivateKeyFromPem(text));
            } catch (IllegalArgumentException e) {
                throw new GeneralSecurityException(e.getMessage(), e);
            }
        }
        Identity pq = MlKemKeyText.identityOrNull(text);
        if (pq != null) {
            return pq;
        }
        try {
            return Sm2Recipient.identity(Sm2KeyEncoding.privateKeyFromPem(text));
        } catch (GeneralSecurityException notSm2) {
            try {
                byte[] der = Pem.decode(text, "PRIVATE KEY");
                KeyFactory kf = KeyFactory.getInstance("RSA");
                RSAPrivateCrtKey priv = (RSAPrivateCrtKey) kf.generatePrivate(new PKCS8EncodedKeySpec(der));
                RSAPublicKey pub = (RSAPublicKey) kf.generatePublic(
                        new RSAPublicKeySpec(priv.getModulus(), priv.getPublicExponent()));
                return RsaOaepRecipient.identity(priv, pub);
            } catch (GeneralSecurityException | ClassCastException | IllegalArgumentException e) {
                throw new GeneralSecurityException("not an SM2 or RSA private key (" + notSm2.getMessage() + ")");
            }
        }
    }
}
