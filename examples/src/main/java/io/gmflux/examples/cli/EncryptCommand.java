package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Armor;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.StreamHeader;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm4.EngineChoice;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gmflux encrypt}: a stream to one or more recipients, in the format of codecs/FORMAT.md. */
@Command(name = "encrypt", mixinStandardHelpOptions = true,
        description = "Encrypt a file or stdin to SM2, ML-KEM-768, SM2+ML-KEM-768 or RSA public keys, or to a passphrase.")
final class EncryptCommand implements Callable<Integer> {

    @Option(names = {"-r", "--recipient"}, paramLabel = "PUB", description = "a recipient's public key (PEM); repeatable")
    List<Path> recipients = new ArrayList<>();

    @Option(names = "--passphrase-file", paramLabel = "FILE", description = "encrypt to the passphrase on this file's first line")
    Path passphraseFile;

    @Option(names = "--passphrase-env", paramLabel = "VAR", description = "encrypt to the passphrase in this environment variable")
    String passphraseEnv;

    @Option(names = "--iterations", description = "PBKDF2-HMAC-SM3 iterations for a passphrase (default ${DEFAULT-VALUE})")
    int iterations = PassphraseRecipient.DEFAULT_ITERATIONS;

    @Option(names = "--suite", description = "sm4-gcm (default), sm4-ccm, zuc128, zuc256, sm4-ctr-hmac-sm3, aes-256-gcm")
    String suite = Suite.SM4_GCM.label();

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "SM4 engine: table (default, fastest) or constant-time (no cache-timing leak); same bytes either way")
    String engine = EngineChoice.TABLE.label();

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
        if (pass == null && recipients.isEmpty()) {
            throw new IllegalArgumentException("no recipient: give -r PUB or --passphrase-file/--passphrase-env");
        }
        StreamSpec built = spec.build();
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
