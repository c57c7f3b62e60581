package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Sm2MlKem768PrivateKey;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux keygen hybrid --out NAME}: an SM2 + ML-KEM-768 key pair for the hybrid recipient
 * (secret as long as either KEM holds): NAME.key and NAME.pub in the gmflux PEM forms documented
 * by {@link io.gmflux.codecs.format.Sm2MlKem768Recipient} (each a SEQUENCE of the two standard
 * encodings).
 */
@Command(name = "hybrid", mixinStandardHelpOptions = true,
        description = "An SM2 + ML-KEM-768 hybrid key pair (gmflux PEM).")
final class KeygenHybridCommand implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Override
    public Integer call() throws Exception {
        Sm2MlKem768PrivateKey key = Sm2MlKem768PrivateKey.generate(new SecureRandom());
        try {
            return KeygenCommand.writeKeyPair(out, key.toPem(), key.recipient().toPem());
        } finally {
            key.destroy();
        }
    }
}
