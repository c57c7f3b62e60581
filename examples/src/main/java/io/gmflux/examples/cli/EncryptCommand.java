package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Armor;
import io.gmflux.codecs.format.KeyServiceRecipient;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.StreamHeader;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.keyservice.KeyServiceClient;
import io.gmflux.codecs.keyservice.KeyServices;
import io.gmflux.codecs.sm4.EngineChoice;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gmflux encrypt}: a stream to one or more recipients, in the format of codecs/FORMAT.md. */
@Command(name = "encrypt", mixinStandardHelpOptions = true,
        description = "Encrypt a file or stdin to SM2, ML-KEM-768, SM2+ML-KEM-768 or RSA public keys, a key-service"
                + " key (KMS or HSM), or a passphrase.")
final class EncryptCommand implements Callable<Integer> {

    @Option(names = {"-r", "--recipient"}, paramLabel = "PUB", description = "a recipient's public key (PEM); repeatable")
    List<Path> recipients = new ArrayList<>();

    @Option(names = "--passphrase-file", paramLabel = "FILE", description = "encrypt to the passphrase on this file's first line")
    Path passphraseFile;

    @Option(names = "--passphrase-env", paramLabel = "VAR", description = "encrypt to the passphrase in this environment variable")
    String passphraseEnv;

    @Option(names = "--iterations", description = "PBKDF2-HMAC-SM3 iterations for a passphrase (default ${DEFAULT-VALUE})")
    int iterations = PassphraseRecipient.DEFAULT_ITERATIONS;

    @Mixin
    KeyServiceOptions keyService;

    @Option(names = "--key-service-alias", paramLabel = "ALIAS",
            description = "with --key-service: the alias whose current key wraps the file key")
    String keyServiceAlias;

    @Option(names = "--suite", description = "sm4-gcm (default), sm4-ccm, zuc128, zuc256, sm4-ctr-hmac-sm3, aes-256-gcm")
    String suite = Suite.SM4_GCM.label();

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "SM4 engine: auto (default: constant-time where the Vector API engines run, else table), table or constant-time (no cache-timing leak); same bytes either way")
    String engine = EngineChoice.AUTO.label();

    @Option(names = "--chunk", description = "plaintext bytes per chunk, 4k..4m (default 64k)", converter = SizeConverter.class)
    int chunk = StreamHeader.DEFAULT_CHUNK_SIZE;

    @Option(names = {"-i", "--in"}, paramLabel = "IN", description = "input file (default: stdin)")
    Path in;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "output file (default: stdout)")
    Path out;

    @Option(names = {"-a", "--armor"}, description = "write the stream as ASCII text (codecs/FORMAT.md, ASCII armor)")
    boolean armor;

    @Option(names = "--force", description = "write binary ciphertext to stdout even if it is a terminal")
    boolean force;

    @Override
    public Integer call() throws Exception {
        StreamSpec.Builder spec = StreamSpec.builder().suite(Suite.byLabel(suite)).chunkSize(chunk)
                .engine(EngineChoice.byLabel(engine));
        PassphraseRecipient pass = KeyFiles.passphrase(passphraseFile, passphraseEnv, iterations);
        if (pass != null) {
            spec.recipient(pass);
        }
        recipients.forEach(r -> spec.recipient(KeyFiles.recipient(r)));
        Map<String, String> serviceProps = keyService.properties();
        String alias = keyServiceAlias != null ? keyServiceAlias : serviceProps.get(KeyServices.ALIAS);
        if (keyService.given() != (alias != null)) {
            throw new IllegalArgumentException("--key-service and --key-service-alias go together");
        }
        if (pass == null && recipients.isEmpty() && alias == null) {
            throw new IllegalArgumentException("no recipient: give -r PUB, --passphrase-file/--passphrase-env or"
                    + " --key-service NAME --key-service-alias ALIAS");
        }
        try (KeyServiceClient service = keyService.given() ? keyService.open(serviceProps) : null) {
            if (service != null) {
                spec.recipient(new KeyServiceRecipient(service, alias));
            }
            return encrypt(spec.build());
        }
    }

    private int encrypt(StreamSpec built) throws Exception {
        if (!armor) {
            IoFiles.refuseBinaryToTerminal(out, force, "binary ciphertext");
        }
        Progress progress = Progress.forInput(in, "encrypt");
        try (InputStream src = progress.wrap(IoFiles.input(in)); IoFiles.Output dst = IoFiles.Output.open(out)) {
            if (armor) {
                OutputStream text = Armor.encoder(IoFiles.shield(dst));
                CliStreams.encrypt(src, text, built);
                text.close();
            } else {
                CliStreams.encrypt(src, dst, built);
            }
            dst.commit();
        } finally {
            progress.finish();
        }
        return 0;
    }
}
