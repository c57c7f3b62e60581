package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;

/**
 * Reads the key files the command line takes: public keys as recipients and private keys as
 * identities (whatever {@link KeyText} reads), and passphrases from a file or an
 * environment variable. Every failure is an {@link IllegalArgumentException} naming the file.
 */
final class KeyFiles {

    private KeyFiles() {
    }

    static Recipient recipient(Path file) {
        try {
            return KeyText.recipient(read(file));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage());
        }
    }

    static Identity identity(Path file) {
        try {
            return KeyText.identity(read(file));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage());
        }
    }

    static Sm2PrivateKey sm2PrivateKey(Path file) {
        try {
            return Sm2KeyEncoding.privateKeyFromPem(read(file));
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException(file + ": not an SM2 private key: " + e.getMessage());
        }
    }

    static Sm2PublicKey sm2PublicKey(Path file) {
        try {
            return Sm2KeyEncoding.publicKeyFromPem(read(file));
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException(file + ": not an SM2 public key: " + e.getMessage());
        }
    }

    /** A passphrase from a file (first line) or an environment variable; null if neither is given. */
    static PassphraseRecipient passphrase(Path file, String env, int iterations) {
        String p = null;
        if (file != null) {
            String text = read(file);
            int nl = text.indexOf('\n');
            p = (nl < 0 ? text : text.substring(0, nl)).replace("\r", "");
        } else if (env != null) {
            p = System.getenv(env);
            if (p == null) {
                throw new IllegalArgumentException("environment variable " + env + " is not set");
            }
        }
        if (p == null) {
            return null;
        }
        if (p.isEmpty()) {
            throw new IllegalArgumentException("the passphrase is empty");
        }
        return new PassphraseRecipient(p.toCharArray(), iterations);
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
