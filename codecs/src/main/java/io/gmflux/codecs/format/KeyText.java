package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.pkcs8.PassphraseSource;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
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
 * <p>Private keys may also come passphrase-encrypted ({@code ENCRYPTED PRIVATE KEY}, PKCS#8 with
 * PBES2, {@link EncryptedPrivateKeyInfo}; {@link #identity(String, PassphraseSource)}): SM2, RSA
 * and ML-KEM-768 PrivateKeyInfo, and GmSSL's SM9 encryption user key followed in the same text by
 * the {@code SM9 ENC RECIPIENT} block that names its identity (GmSSL keeps the identity outside the
 * key; {@code gmflux keygen sm9-user} writes both blocks). The hybrid key has no PKCS#8 form and so
 * no encrypted one.
 *
 * <p>Thread-safe (stateless). Every failure is a {@link GeneralSecurityException} whose message
 * says which key types were tried; callers add the file or property name.
 */
public final class KeyText {

    /** rsaEncryption (PKCS#1), the algorithm of an RSA PrivateKeyInfo. */
    private static final String RSA_ENCRYPTION = "1.2.840.113549.1.1.1";

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

    /** Whether {@code text} holds an {@code ENCRYPTED PRIVATE KEY} block (a passphrase-protected key). */
    public static boolean isEncrypted(String text) {
        return text.contains("-----BEGIN " + EncryptedPrivateKeyInfo.PEM_LABEL + "-----");
    }

    /**
     * The identity whose private key {@code text} holds, in clear or passphrase-encrypted. The
     * passphrase is asked of {@code passphrase} only when the text holds an
     * {@code ENCRYPTED PRIVATE KEY}, and only after that block parsed and its parameters passed
     * {@link EncryptedPrivateKeyInfo#fromDer}'s checks.
     *
     * @throws io.gmflux.codecs.pkcs8.WrongPassphraseException if the passphrase is wrong (or the
     *     encrypted bytes were altered)
     * @throws GeneralSecurityException if the text holds no private key this class reads
     */
    public static Identity identity(String text, PassphraseSource passphrase) throws GeneralSecurityException {
        if (!isEncrypted(text)) {
            return identity(text);
        }
        byte[] pki = EncryptedPrivateKeyInfo.fromPem(text).decrypt(passphrase);
        try {
            String alg = EncryptedPrivateKeyInfo.privateKeyAlgorithm(pki);
            if (MlKem768Recipient.OID.equals(alg)) {
                return MlKem768PrivateKey.fromPkcs8(pki).identity();
            }
            if (Sm9KeyEncoding.OID_SM9_ENCRYPT.equals(alg)) {
                return sm9Identity(pki, text);
            }
            if (RSA_ENCRYPTION.equals(alg)) {
                return rsaIdentity(pki);
            }
            return Sm2Recipient.identity(Sm2KeyEncoding.privateKeyFromPkcs8(pki));
        } finally {
            Bytes.wipe(pki);
        }
    }

    /** GmSSL's SM9 encryption user key, its identity and master public key named by the text's recipient block. */
    private static Identity sm9Identity(byte[] pki, String text) throws InvalidKeyException {
        Sm9Recipient named;
        try {
            named = Sm9Recipient.fromPem(text);
        } catch (InvalidKeyException e) {
            throw new InvalidKeyException("an encrypted SM9 user key does not say its identity: the key file needs the "
                    + Sm9Recipient.PEM_LABEL + " block after it (as gmflux keygen sm9-user writes; " + e.getMessage() + ")",
                    e);
        }
        Sm9EncryptPrivateKey key = Sm9KeyEncoding.encryptPrivateKeyFromGmsslPkcs8(pki, named.identityBytes());
        if (!key.masterPublicKey().equals(named.masterPublicKey())) {
            key.destroy();
            throw new InvalidKeyException("the " + Sm9Recipient.PEM_LABEL
                    + " block names another master public key than the encrypted SM9 key holds");
        }
        return Sm9Recipient.identity(key);
    }

    private static Identity rsaIdentity(byte[] pkcs8) throws GeneralSecurityException {
        KeyFactory kf = KeyFactory.getInstance("RSA");
        RSAPrivateCrtKey priv = (RSAPrivateCrtKey) kf.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        RSAPublicKey pub = (RSAPublicKey) kf.generatePublic(
                new RSAPublicKeySpec(priv.getModulus(), priv.getPublicExponent()));
        return RsaOaepRecipient.identity(priv, pub);
    }

    /**
     * The identity whose private key {@code text} holds, in clear; an {@code ENCRYPTED PRIVATE KEY}
     * needs {@link #identity(String, PassphraseSource)}.
     */
    public static Identity identity(String text) throws GeneralSecurityException {
        if (isEncrypted(text)) {
            throw new InvalidKeyException("the private key is passphrase-encrypted (ENCRYPTED PRIVATE KEY): a passphrase is needed");
        }
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
                return rsaIdentity(Pem.decode(text, "PRIVATE KEY"));
            } catch (GeneralSecurityException | ClassCastException | IllegalArgumentException e) {
                throw new GeneralSecurityException("not an SM2 or RSA private key (" + notSm2.getMessage() + ")");
            }
        }
    }
}
