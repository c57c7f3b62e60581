package io.gmflux.examples.cli;

import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.format.RsaOaepRecipient;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;

/**
 * Reads the key files the command line takes: PEM public keys as recipients (SM2 or RSA SPKI),
 * PEM private keys as identities (SM2 or RSA PKCS#8), and passphrases from a file or an
 * environment variable. Every failure is an {@link IllegalArgumentException} naming the file.
 */
final class KeyFiles {

    private KeyFiles() {
    }

    static Recipient recipient(Path file) {
        String pem = read(file);
        try {
            return new Sm2Recipient(Sm2KeyEncoding.publicKeyFromPem(pem));
        } catch (GeneralSecurityException notSm2) {
            try {
                byte[] der = Pem.decode(pem, "PUBLIC KEY");
                return new RsaOaepRecipient((RSAPublicKey) KeyFactory.getInstance("RSA")
                        .generatePublic(new X509EncodedKeySpec(der)));
            } catch (GeneralSecurityException | ClassCastException e) {
                throw new IllegalArgumentException(file + ": not an SM2 or RSA public key (" + notSm2.getMessage() + ")");
            }
        }
    }

    static Identity identity(Path file) {
        String pem = read(file);
        try {
            return Sm2Recipient.identity(Sm2KeyEncoding.privateKeyFromPem(pem));
        } catch (GeneralSecurityException notSm2) {
            try {
                byte[] der = Pem.decode(pem, "PRIVATE KEY");
                KeyFactory kf = KeyFactory.getInstance("RSA");
                RSAPrivateCrtKey priv = (RSAPrivateCrtKey) kf.generatePrivate(new PKCS8EncodedKeySpec(der));
                RSAPublicKey pub = (RSAPublicKey) kf.generatePublic(
                        new RSAPublicKeySpec(priv.getModulus(), priv.getPublicExponent()));
                return RsaOaepRecipient.identity(priv, pub);
            } catch (GeneralSecurityException | ClassCastException e) {
                throw new IllegalArgumentException(file + ": not an SM2 or RSA private key (" + notSm2.getMessage() + ")");
            }
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
