package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Sm9Recipient;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen sm9-user --master KGC.key --id ID --out NAME}: extracts the SM9 encryption
 * key of identity ID (UTF-8, hid 0x03) with the master key: NAME.key ({@code SM9 ENC PRIVATE KEY}
 * PEM, readable by its owner only; it carries the identity and the master public key) and NAME.pub
 * ({@code SM9 ENC RECIPIENT} PEM: the master public key and the identity, what senders pass to
 * {@code gmflux encrypt -r}).
 */
@Command(name = "sm9-user", mixinStandardHelpOptions = true,
        description = "Extract an SM9 user key for an identity from a master key.")
final class KeygenSm9UserCommand implements Callable<Integer> {

    @Option(names = {"-m", "--master"}, required = true, paramLabel = "FILE", description = "the SM9 ENC MASTER KEY PEM")
    Path master;

    @Option(names = "--id", required = true, paramLabel = "ID", description = "the identity, e.g. bob@example.com")
    String id;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Override
    public Integer call() throws IOException, InvalidKeyException {
        Path[] files = KeygenCommand.keyAndPublicFiles(out);
        Sm9EncryptMasterPrivateKey kgc;
        try {
            kgc = Sm9KeyEncoding.encryptMasterKeyFromPem(Files.readString(master, StandardCharsets.US_ASCII));
        } catch (InvalidKeyException e) {
            throw new InvalidKeyException(master + ": " + e.getMessage(), e);
        }
        byte[] identity = id.getBytes(StandardCharsets.UTF_8);
        Sm9EncryptPrivateKey user = kgc.extractUserKey(identity);
        try {
            KeygenCommand.writeSecret(files[0], Sm9KeyEncoding.toPem(user));
            KeygenCommand.writePublic(files[1], new Sm9Recipient(kgc.publicKey(), identity).toPem());
        } finally {
            user.destroy();
            kgc.destroy();
        }
        System.err.println("wrote " + files[0] + " and " + files[1]);
        return 0;
    }
}
