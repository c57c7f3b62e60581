package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Sm2MlKem768PrivateKey;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen hybrid --out NAME}: an SM2 + ML-KEM-768 key pair for the hybrid recipient
 * (secret as long as either KEM holds): NAME.key and NAME.pub in the gmflux PEM forms documented
 * by {@link io.gmflux.codecs.format.Sm2MlKem768Recipient} (each a SEQUENCE of the two standard
 * encodings). NAME.key is always in clear: the pair has no PKCS#8 form (no registered algorithm
 * identifier) for an {@code ENCRYPTED PRIVATE KEY} to hold, so a passphrase option is refused.
 */
@Command(name = "hybrid", mixinStandardHelpOptions = true,
        description = "An SM2 + ML-KEM-768 hybrid key pair (gmflux PEM; the private key is never encrypted: no PKCS#8 form).")
final class KeygenHybridCommand implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    /** Present to say why it is refused, rather than picocli's "unknown option". */
    @Mixin
    KeyProtectionOptions protection;

    @Override
    public Integer call() throws Exception {
        if (protection.given()) {
            throw new IllegalArgumentException("hybrid keys cannot be passphrase-encrypted: their gmflux PEM form has"
                    + " no PKCS#8 algorithm identifier to put inside an ENCRYPTED PRIVATE KEY (keep NAME.key owner-only,"
                    + " or use separate sm2 and mlkem keys, which can be encrypted)");
        }
        Sm2MlKem768PrivateKey key = Sm2MlKem768PrivateKey.generate(new SecureRandom());
        try {
            return KeygenCommand.writeKeyPair(out, protection, null, key::toPem, key.recipient().toPem());
        } finally {
            key.destroy();
        }
    }
}
