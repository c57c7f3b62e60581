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
        String text = KeyFiles.read(file);
        try {
            if (!KeyText.isEncrypted(text)) {
                return Sm2KeyEncoding.privateKeyFromPem(text);
            }
            byte[] pki = EncryptedPrivateKeyInfo.fromPem(text).decrypt(passphrase.forReading(file));
            try {
                return Sm2KeyEncoding.privateKeyFromPkcs8(pki);
            } finally {
                Bytes.wipe(pki);
            }
        } catch (WrongPassphraseException e) {
            throw new ExitCodes.WrongPassphrase(file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + ": not an SM2 private key: " + e.getMessage(), e);
        }
    }

    /** The SM9 encryption master key in {@code file} (gmflux's clear form, or GmSSL's encrypted one). */
    static Sm9EncryptMasterPrivateKey sm9EncryptMasterKey(Path file, PassphraseInput passphrase) {
        String text = KeyFiles.read(file);
        try {
            if (!KeyText.isEncrypted(text)) {
                return Sm9KeyEncoding.encryptMasterKeyFromPem(text);
            }
            byte[] pki = EncryptedPrivateKeyInfo.fromPem(text).decrypt(passphrase.forReading(file));
            try {
                return Sm9KeyEncoding.encryptMasterKeyFromGmsslPkcs8(pki);
            } finally {
                Bytes.wipe(pki);
            }
        } catch (WrongPassphraseException e) {
            throw new ExitCodes.WrongPassphrase(file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + ": not an SM9 encryption master key: " + e.getMessage(), e);
        }
    }
}
