package io.gmflux.examples.cli;

import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9SignPrivateKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen sm9-sign-user --master KGC.key --id ID --out NAME}: extracts the SM9
 * signing key of identity ID (UTF-8, hid 0x01) with the signature master key: NAME.key
 * ({@code SM9 SIGN PRIVATE KEY} PEM, readable by its owner only, what {@code gmflux sign -k} takes)
 * and NAME.pub (the {@code SM9 SIGN MASTER PUBLIC KEY}: verifiers pass it to {@code gmflux verify -p}
 * with {@code --id ID}). The master key may be GmSSL's encrypted one ({@link MasterPassphraseOptions}).
 * With a passphrase option ({@link KeyProtectionOptions}) NAME.key is GmSSL's encrypted user-key
 * form (as {@code gmssl sm9keygen -alg sm9sign} writes), which leaves out the identity: signing does
 * not need it.
 */
@Command(name = "sm9-sign-user", mixinStandardHelpOptions = true,
        description = "Extract an SM9 user signing key for an identity from a signature master key.")
final class KeygenSm9SignUserCommand implements Callable<Integer> {

    @Option(names = {"-m", "--master"}, required = true, paramLabel = "FILE",
            description = "the master key: SM9 SIGN MASTER KEY PEM, or an encrypted one (gmflux or gmssl sm9setup)")
    Path master;

    @Option(names = "--id", required = true, paramLabel = "ID", description = "the identity, e.g. alice@example.com")
    String id;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Mixin
    MasterPassphraseOptions masterPassphrase;

    @Mixin
    KeyProtectionOptions protection;

    @Override
    public Integer call() throws IOException {
        Sm9SignMasterPrivateKey kgc = PrivateKeyFiles.sm9SignMasterKey(master, masterPassphrase);
        Sm9SignPrivateKey user = kgc.extractUserKey(id.getBytes(StandardCharsets.UTF_8));
        try {
            return KeygenCommand.writeKeyPair(out, protection, () -> Sm9KeyEncoding.toGmsslPkcs8(user),
                    () -> Sm9KeyEncoding.toPem(user), Sm9KeyEncoding.toPem(kgc.publicKey()));
        } finally {
            user.destroy();
            kgc.destroy();
        }
    }
}
