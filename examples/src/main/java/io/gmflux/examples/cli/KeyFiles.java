package io.gmflux.examples.cli;

import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;

/**
 * Reads the public key files the command line takes (recipients, whatever {@link KeyText} reads;
 * SM2 public keys) and a stream's passphrase; private keys are {@link PrivateKeyFiles}'. Every
 * failure is an {@link IllegalArgumentException} naming the file.
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

    static Sm2PublicKey sm2PublicKey(Path file) {
        try {
            return Sm2KeyEncoding.publicKeyFromPem(read(file));
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException(file + ": not an SM2 public key: " + e.getMessage());
        }
    }

    /**
     * A stream's passphrase recipient, from a file's first line or an environment variable (as
     * {@link PassphraseInput} reads them); null if neither is given.
     */
    static PassphraseRecipient passphrase(Path file, String env, int iterations) {
        if (file == null && env == null) {
            return null;
        }
        char[] p = file != null ? PassphraseInput.fromFile(file) : PassphraseInput.fromEnv(env);
        try {
            return new PassphraseRecipient(p, iterations);
        } finally {
            java.util.Arrays.fill(p, '\0');
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
