package io.gmflux.examples.cli;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.pkcs8.WrongPassphraseException;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import java.nio.file.Path;
import java.security.GeneralSecurityException;

/**
 * Reads the private key files of the command line, in clear or passphrase-encrypted
 * ({@code ENCRYPTED PRIVATE KEY}, asked of a {@link PassphraseInput} only then): every command that
 * reads a private key goes through here. A wrong passphrase is an {@link ExitCodes.WrongPassphrase}
 * (its own exit status); any other failure an {@link IllegalArgumentException} naming the file.
 */
final class PrivateKeyFiles {

    private PrivateKeyFiles() {
    }

    /** The identity (for {@code decrypt}) whose private key {@code file} holds. */
    static Identity identity(Path file, PassphraseInput passphrase) {
        String text = KeyFiles.read(file);
        try {
            return KeyText.identity(text, passphrase.forReading(file));
        } catch (WrongPassphraseException e) {
            throw new ExitCodes.WrongPassphrase(file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** The SM2 private key in {@code file} (PKCS#8, SEC 1, or encrypted PKCS#8). */
    static Sm2PrivateKey sm2PrivateKey(Path file, PassphraseInput passphrase) {
        return read(file, passphrase, "an SM2 private key", Sm2KeyEncoding::privateKeyFromPem,
                Sm2KeyEncoding::privateKeyFromPkcs8);
    }

    /** The SM9 encryption master key in {@code file} (gmflux's clear form, or GmSSL's encrypted one). */
    static Sm9EncryptMasterPrivateKey sm9EncryptMasterKey(Path file, PassphraseInput passphrase) {
        return read(file, passphrase, "an SM9 encryption master key", Sm9KeyEncoding::encryptMasterKeyFromPem,
                Sm9KeyEncoding::encryptMasterKeyFromGmsslPkcs8);
    }

    /** The SM9 signature master key in {@code file} (gmflux's clear form, or GmSSL's encrypted one). */
    static Sm9SignMasterPrivateKey sm9SignMasterKey(Path file, PassphraseInput passphrase) {
        return read(file, passphrase, "an SM9 signature master key", Sm9KeyEncoding::signMasterKeyFromPem,
                Sm9KeyEncoding::signMasterKeyFromGmsslPkcs8);
    }

    /**
     * The signer of the private key in {@code file}: an SM9 user signing key ({@code SM9 SIGN
     * PRIVATE KEY}, or GmSSL's encrypted one, whose identity is not needed to sign) or else an SM2
     * private key, signing with the SM2 signer ID {@code sm2Id}.
     */
    static DetachedSigner signer(Path file, PassphraseInput passphrase, byte[] sm2Id) {
        String text = KeyFiles.read(file);
        boolean sm9 = !KeyText.isEncrypted(text) && text.contains("-----BEGIN " + Sm9KeyEncoding.SIGN_PRIVATE_KEY_LABEL);
        return read(file, text, passphrase, "an SM2 or SM9 signing key",
                pem -> sm9 ? DetachedSigner.sm9(Sm9KeyEncoding.signPrivateKeyFromPem(pem))
                        : DetachedSigner.sm2(Sm2KeyEncoding.privateKeyFromPem(pem), sm2Id),
                pki -> Sm9KeyEncoding.OID_SM9_SIGN.equals(EncryptedPrivateKeyInfo.privateKeyAlgorithm(pki))
                        // GmSSL's user key leaves the identity out; signing does not need it (it is in dsA).
                        ? DetachedSigner.sm9(Sm9KeyEncoding.signPrivateKeyFromGmsslPkcs8(pki, new byte[0]))
                        : DetachedSigner.sm2(Sm2KeyEncoding.privateKeyFromPkcs8(pki), sm2Id));
    }

    /** Reads a clear PEM text. */
    private interface ClearReader<K> {
        K read(String pem) throws GeneralSecurityException;
    }

    /** Reads a decrypted PrivateKeyInfo (which the caller wipes). */
    private interface Pkcs8Reader<K> {
        K read(byte[] privateKeyInfo) throws GeneralSecurityException;
    }

    private static <K> K read(Path file, PassphraseInput passphrase, String what, ClearReader<K> clear,
            Pkcs8Reader<K> encrypted) {
        return read(file, KeyFiles.read(file), passphrase, what, clear, encrypted);
    }

    /** The one flow of every private key file: clear, or decrypted with the passphrase asked for only then. */
    private static <K> K read(Path file, String text, PassphraseInput passphrase, String what, ClearReader<K> clear,
            Pkcs8Reader<K> encrypted) {
        try {
            if (!KeyText.isEncrypted(text)) {
                return clear.read(text);
            }
            byte[] pki = EncryptedPrivateKeyInfo.fromPem(text).decrypt(passphrase.forReading(file));
            try {
                return encrypted.read(pki);
            } finally {
                Bytes.wipe(pki);
            }
        } catch (WrongPassphraseException e) {
            throw new ExitCodes.WrongPassphrase(file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + ": not " + what + ": " + e.getMessage(), e);
        }
    }
}
