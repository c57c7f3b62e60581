package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Armor;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyServiceIdentity;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.keyservice.KeyServiceClient;
import io.gmflux.codecs.sm4.EngineChoice;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux decrypt}: writes only authenticated plaintext. To a file, through a temporary name
 * renamed after the last chunk verified, so a tampered or truncated input leaves nothing behind;
 * to stdout, chunk by verified chunk, ending with a non-zero status on any failure. Reads the binary
 * and the armored form alike. An encrypted private key file is opened with the passphrase of
 * {@link KeyPassphraseOptions} (or a prompt), before any output is opened.
 */
@Command(name = "decrypt", mixinStandardHelpOptions = true,
        description = "Decrypt a gmflux stream with SM2, ML-KEM-768, SM2+ML-KEM-768 or RSA private keys, a key service"
                + " (KMS or HSM), or a passphrase.")
final class DecryptCommand implements Callable<Integer> {

    @Option(names = {"-k", "--key"}, paramLabel = "KEY",
            description = "a private key (PEM, clear or ENCRYPTED PRIVATE KEY); repeatable")
    List<Path> keys = new ArrayList<>();

    @Mixin
    KeyPassphraseOptions keyPassphrase;

    @Mixin
    KeyServiceOptions keyService;

    @Option(names = "--passphrase-file", paramLabel = "FILE", description = "the stream's passphrase on this file's first line")
    Path passphraseFile;

    @Option(names = "--passphrase-env", paramLabel = "VAR", description = "the stream's passphrase in this environment variable")
    String passphraseEnv;

    @Option(names = {"-i", "--in"}, paramLabel = "IN", description = "input file (default: stdin)")
    Path in;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "output file (default: stdout)")
    Path out;

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "SM4 engine: auto (default: constant-time where the Vector API engines run, else table), table or constant-time (no cache-timing leak); same bytes either way")
    String engine = EngineChoice.AUTO.label();

    @Option(names = "--max-header", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "refuse headers longer than this, before reading them (default: the format's maximum, about 16m)")
    Integer maxHeader;

    @Option(names = "--max-iterations", paramLabel = "N",
            description = "refuse passphrase streams asking for more PBKDF2 iterations, before any (default: 10000000)")
    Integer maxIterations;

    @Override
    public Integer call() throws Exception {
        List<Identity> ids = new ArrayList<>();
        keys.forEach(k -> ids.add(PrivateKeyFiles.identity(k, keyPassphrase)));
        PassphraseRecipient pass = KeyFiles.passphrase(passphraseFile, passphraseEnv,
                PassphraseRecipient.MIN_ITERATIONS);
        if (pass != null) {
            ids.add(pass);
        }
        Map<String, String> serviceProps = keyService.properties();
        if (ids.isEmpty() && !keyService.given()) {
            throw new IllegalArgumentException("no key: give -k KEY, --passphrase-file/--passphrase-env or --key-service");
        }
        try (KeyServiceClient service = keyService.given() ? keyService.open(serviceProps) : null) {
            if (service != null) {
                ids.add(new KeyServiceIdentity(service));
            }
            return decrypt(ids);
        }
    }

    private int decrypt(List<Identity> ids) throws Exception {
        Progress progress = Progress.forInput(in, "decrypt");
        try (InputStream src = Armor.decodeIfArmored(progress.wrap(IoFiles.input(in))); IoFiles.Output dst = IoFiles.Output.open(out)) {
            CliStreams.decrypt(src, dst, ids, limits());
            dst.commit();
        } finally {
            progress.finish();
        }
        return 0;
    }

    private ReadLimits limits() {
        ReadLimits limits = ReadLimits.FORMAT_MAXIMUM.withEngine(EngineChoice.byLabel(engine));
        if (maxHeader != null) {
            limits = limits.withMaxHeaderLength(maxHeader);
        }
        if (maxIterations != null) {
            limits = limits.withMaxPbkdf2Iterations(maxIterations);
        }
        return limits;
    }
}
