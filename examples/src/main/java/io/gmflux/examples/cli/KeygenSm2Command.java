package io.gmflux.examples.cli;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen sm2 --out NAME}: NAME.key (PKCS#8 PEM, readable by its owner only) and
 * NAME.pub (SPKI PEM), in the forms OpenSSL, GmSSL and BouncyCastle read; NAME.key encrypted
 * with a passphrase option ({@link KeyProtectionOptions}), as {@code gmssl sm2keygen -pass} writes
 * it or, with {@code --openssl-compatible}, as {@code openssl pkey -passin} reads it.
 */
@Command(name = "sm2", mixinStandardHelpOptions = true, description = "An SM2 key pair (PKCS#8 / SPKI PEM).")
final class KeygenSm2Command implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Mixin
    KeyProtectionOptions protection;

    @Override
    public Integer call() throws IOException {
        Sm2KeyPair pair = Sm2KeyPair.generate();
        try {
            return KeygenCommand.writeKeyPair(out, protection, () -> Sm2KeyEncoding.toPkcs8(pair.privateKey()),
                    () -> Sm2KeyEncoding.toPem(pair.privateKey()), Sm2KeyEncoding.toPem(pair.publicKey()));
        } finally {
            pair.privateKey().destroy();
        }
    }
}
