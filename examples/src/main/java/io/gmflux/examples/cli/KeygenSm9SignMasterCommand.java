package io.gmflux.examples.cli;

import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen sm9-sign-master --out NAME}: an SM9 signature master key pair for a key
 * generation centre: NAME.key ({@code SM9 SIGN MASTER KEY} PEM, readable by its owner only) and
 * NAME.pub ({@code SM9 SIGN MASTER PUBLIC KEY} PEM, GmSSL's form, what verifiers pass to
 * {@code gmflux verify -p}). With a passphrase option ({@link KeyProtectionOptions}) NAME.key is
 * GmSSL's encrypted master key, as {@code gmssl sm9setup -alg sm9sign -pass} writes it. User keys
 * are then extracted with {@code gmflux keygen sm9-sign-user}.
 */
@Command(name = "sm9-sign-master", mixinStandardHelpOptions = true,
        description = "An SM9 signature master key pair (key generation centre).")
final class KeygenSm9SignMasterCommand implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Mixin
    KeyProtectionOptions protection;

    @Override
    public Integer call() throws IOException {
        Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.generate(new SecureRandom());
        try {
            return KeygenCommand.writeKeyPair(out, protection, () -> Sm9KeyEncoding.toGmsslPkcs8(master),
                    () -> Sm9KeyEncoding.toPem(master), Sm9KeyEncoding.toPem(master.publicKey()));
        } finally {
            master.destroy();
        }
    }
}
