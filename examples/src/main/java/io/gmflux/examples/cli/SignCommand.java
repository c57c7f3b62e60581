package io.gmflux.examples.cli;

import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import io.gmflux.codecs.sm2.Sm2Signer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux sign}: a detached SM3withSM2 signature of a file or stdin, streamed (any size), as
 * the DER {@code SEQUENCE { r, s }} that {@code gmssl sm2sign} writes and {@code gmssl sm2verify} reads.
 */
@Command(name = "sign", mixinStandardHelpOptions = true,
        description = "Sign a file or stdin with an SM2 private key (SM3withSM2, detached DER signature).")
final class SignCommand implements Callable<Integer> {

    /** The default signer ID of GB/T 32918.2 (and GmSSL's). */
    static final String DEFAULT_ID = "1234567812345678";

    @Option(names = {"-k", "--key"}, paramLabel = "KEY", required = true,
            description = "the SM2 private key (PEM, clear or ENCRYPTED PRIVATE KEY)")
    Path key;

    @Mixin
    PassphraseOptions passphrase;

    @Option(names = "--id", description = "the signer's ID (default ${DEFAULT-VALUE}, the standard's)")
    String id = DEFAULT_ID;

    @Option(names = {"-i", "--in"}, paramLabel = "IN", description = "the file to sign (default: stdin)")
    Path in;

    @Option(names = {"-o", "--out"}, paramLabel = "SIG", description = "signature file (default: stdout)")
    Path out;

    @Option(names = "--force", description = "write the binary signature to stdout even if it is a terminal")
    boolean force;

    @Override
    public Integer call() throws Exception {
        IoFiles.refuseBinaryToTerminal(out, force, "a binary signature");
        Sm2Signer signer = new Sm2Signer(PrivateKeyFiles.sm2PrivateKey(key, passphrase), id.getBytes(StandardCharsets.UTF_8),
                new SecureRandom());
        try (InputStream src = IoFiles.input(in)) {
            MessageInput.feed(src, signer::update);
        }
        byte[] der = Sm2SignatureEncoding.toDer(signer.sign());
        try (IoFiles.Output dst = IoFiles.Output.open(out)) {
            dst.write(der);
            dst.commit();
        }
        return ExitCodes.OK;
    }
}
