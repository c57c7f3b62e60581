package io.gmflux.examples.cli;

import io.gmflux.codecs.format.MlKem768PrivateKey;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen mlkem --out NAME}: an ML-KEM-768 key pair, NAME.key (PKCS#8 PEM with the
 * 64-byte seed, readable by its owner only) and NAME.pub (SubjectPublicKeyInfo PEM), with the
 * RFC 9935 encodings that OpenSSL 3.5 and BouncyCastle read; NAME.key encrypted with a passphrase
 * option ({@link KeyProtectionOptions}).
 */
@Command(name = "mlkem", mixinStandardHelpOptions = true,
        description = "An ML-KEM-768 (post-quantum) key pair (PKCS#8 / SPKI PEM).")
final class KeygenMlkemCommand implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Mixin
    KeyProtectionOptions protection;

    @Override
    public Integer call() throws Exception {
        protection.check();
        MlKem768PrivateKey key = MlKem768PrivateKey.generate(new SecureRandom());
        try {
            return KeygenCommand.writeKeyPair(out, protection, key::toPkcs8, key::toPem, key.recipient().toPem());
        } finally {
            key.destroy();
        }
    }
}
