package io.gmflux.examples.cli;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How {@code gmflux keygen} writes a private key file: with a passphrase option, an
 * {@code ENCRYPTED PRIVATE KEY} PEM (PKCS#8 EncryptedPrivateKeyInfo, PBES2: PBKDF2 with
 * {@value EncryptedPrivateKeyInfo#DEFAULT_ITERATIONS} iterations and SM4-CBC); its PRF is HMAC-SM3,
 * as {@code gmssl sm2keygen -pass} writes, or with {@code --openssl-compatible} HMAC-SHA256, the
 * form OpenSSL 3 reads ({@code openssl pkey -passin}; it has no HMAC-SM3). Without one, the clear
 * PEM of before. A picocli mixin.
 */
final class KeyProtectionOptions extends PassphraseOptions {

    @Option(names = "--openssl-compatible",
            description = "with a passphrase: PBKDF2-HMAC-SHA256 (which OpenSSL 3 reads) instead of GmSSL's PBKDF2-HMAC-SM3;"
                    + " both encrypt with SM4-CBC")
    boolean opensslCompatible;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** A usage error, before any key is made, if {@code --openssl-compatible} comes without a passphrase option. */
    void check() {
        if (opensslCompatible && !given()) {
            throw new ParameterException(command.commandLine(), "--openssl-compatible needs a passphrase: give"
                    + " --passphrase-env VAR, --passphrase-file FILE or --passphrase");
        }
    }

    /**
     * The private key file's text: {@code privateKeyInfo} encrypted under the passphrase given, or
     * {@code clearPem} when none was. {@code privateKeyInfo}'s array is wiped; a null supplier means
     * the key type has no PKCS#8 form, and a passphrase option is refused.
     */
    String privateKeyPem(Supplier<byte[]> privateKeyInfo, Supplier<String> clearPem, String what) {
        check();
        if (privateKeyInfo == null && given()) {
            throw new IllegalArgumentException(what + ": this key type has no PKCS#8 form to encrypt");
        }
        char[] passphrase = forWriting(what);
        if (passphrase == null) {
            return clearPem.get();
        }
        byte[] pki = privateKeyInfo.get();
        try {
            return EncryptedPrivateKeyInfo.encrypt(pki, passphrase,
                    opensslCompatible ? EncryptedPrivateKeyInfo.Prf.HMAC_SHA256 : EncryptedPrivateKeyInfo.Prf.HMAC_SM3,
                    new SecureRandom()).toPem();
        } finally {
            Bytes.wipe(pki);
            Arrays.fill(passphrase, '\0');
        }
    }

    /** Words for the "wrote" line: whether the key file is encrypted, and how. */
    String describe() {
        if (!given()) {
            return "not encrypted: --passphrase-env VAR, --passphrase-file FILE or --passphrase would encrypt it";
        }
        return opensslCompatible ? "encrypted, PBKDF2-HMAC-SHA256 + SM4-CBC" : "encrypted, PBKDF2-HMAC-SM3 + SM4-CBC";
    }
}
