package io.gmflux.codecs.jca;

import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.Objects;

/**
 * A passphrase-encrypted private key for a {@code KeyFactory} of this provider: the DER of a PKCS#8
 * EncryptedPrivateKeyInfo (the body of an {@code ENCRYPTED PRIVATE KEY} PEM; PBES2 as
 * {@link EncryptedPrivateKeyInfo} reads it: PBKDF2 with HMAC-SM3 or HMAC-SHA256, SM4-CBC or AES-CBC)
 * and the passphrase that opens it. {@code KeyFactory.getInstance("SM2", "gmflux").generatePrivate}
 * takes it as it takes a {@link java.security.spec.PKCS8EncodedKeySpec}.
 *
 * <p>Why a class of ours: a {@code PKCS8EncodedKeySpec} has no room for a passphrase, and the JDK's
 * {@link javax.crypto.EncryptedPrivateKeyInfo#getKeySpec(java.security.Key)} needs a PBES2
 * {@code Cipher} that knows HMAC-SM3 and SM4, which the JDK's has not. A wrong passphrase makes
 * {@code generatePrivate} throw an {@link java.security.spec.InvalidKeySpecException} whose cause is
 * a {@link io.gmflux.codecs.pkcs8.WrongPassphraseException}.
 *
 * <p>Holds copies of the DER and the passphrase; {@link #clearPassphrase()} wipes the latter, as
 * {@link javax.crypto.spec.PBEKeySpec#clearPassword()} does. Not thread-safe.
 */
public final class EncryptedPrivateKeySpec implements KeySpec {

    private final byte[] der;
    private final char[] passphrase;
    private boolean cleared;

    /**
     * @param der the EncryptedPrivateKeyInfo DER (copied)
     * @param passphrase the passphrase (copied; wipe yours)
     */
    public EncryptedPrivateKeySpec(byte[] der, char[] passphrase) {
        this.der = Objects.requireNonNull(der, "der").clone();
        this.passphrase = Objects.requireNonNull(passphrase, "passphrase").clone();
    }

    /** The EncryptedPrivateKeyInfo DER (a copy). */
    public byte[] getEncoded() {
        return der.clone();
    }

    /**
     * The passphrase (a copy the caller wipes).
     *
     * @throws IllegalStateException after {@link #clearPassphrase()}
     */
    public char[] getPassphrase() {
        if (cleared) {
            throw new IllegalStateException("the passphrase was cleared");
        }
        return passphrase.clone();
    }

    /** Overwrites the passphrase held here. */
    public void clearPassphrase() {
        Arrays.fill(passphrase, '\0');
        cleared = true;
    }
}
