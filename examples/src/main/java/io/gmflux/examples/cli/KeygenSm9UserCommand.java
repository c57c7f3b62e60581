package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Sm9Recipient;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen sm9-user --master KGC.key --id ID --out NAME}: extracts the SM9 encryption
 * key of identity ID (UTF-8, hid 0x03) with the master key: NAME.key ({@code SM9 ENC PRIVATE KEY}
 * PEM, readable by its owner only; it carries the identity and the master public key) and NAME.pub
 * ({@code SM9 ENC RECIPIENT} PEM: the master public key and the identity, what senders pass to
 * {@code gmflux encrypt -r}). The master key may be GmSSL's encrypted one
 * ({@link MasterPassphraseOptions}). With a passphrase option ({@link KeyProtectionOptions}) NAME.key
 * is GmSSL's encrypted user-key form (the structure {@code gmssl sm9keygen} writes) followed by the
 * {@code SM9 ENC RECIPIENT} block, since GmSSL's form leaves the identity out.
 */
@Command(name = "sm9-user", mixinStandardHelpOptions = true,
        description = "Extract an SM9 user key for an identity from a master key.")
final class KeygenSm9UserCommand implements Callable<Integer> {

    @Option(names = {"-m", "--master"}, required = true, paramLabel = "FILE", description = "the master key: SM9 ENC MASTER KEY PEM, or an encrypted one (gmflux or gmssl sm9setup)")
    Path master;

    @Option(names = "--id", required = true, paramLabel = "ID", description = "the identity, e.g. bob@example.com")
    String id;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Mixin
    MasterPassphraseOptions masterPassphrase;

    @Mixin
    KeyProtectionOptions protection;

    @Override
    public Integer call() throws IOException {
        protection.check();
        Path[] files = KeygenCommand.keyAndPublicFiles(out);
        Sm9EncryptMasterPrivateKey kgc = PrivateKeyFiles.sm9EncryptMasterKey(master, masterPassphrase);
        byte[] identity = id.getBytes(StandardCharsets.UTF_8);
        Sm9EncryptPrivateKey user = kgc.extractUserKey(identity);
        try {
            String recipient = new Sm9Recipient(kgc.publicKey(), identity).toPem();
            // GmSSL's encrypted user key does not hold the identity: the recipient block after it says it.
            KeygenCommand.writeSecret(files[0], protection.privateKeyPem(() -> Sm9KeyEncoding.toGmsslPkcs8(user),
                    () -> Sm9KeyEncoding.toPem(user), files[0].toString())
                    + (protection.given() ? recipient : ""));
            KeygenCommand.writePublic(files[1], recipient);
        } finally {
            user.destroy();
            kgc.destroy();
        }
        System.err.println("wrote " + files[0] + " (" + protection.describe() + ") and " + files[1]);
        return 0;
    }
}
