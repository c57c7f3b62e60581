package io.gmflux.examples.cli;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gmflux sign}: a detached signature of a file or stdin, streamed (any size): with an SM2
 * private key the SM3withSM2 DER {@code SEQUENCE { r, s }} that {@code gmssl sm2sign} writes and
 * {@code gmssl sm2verify} reads; with an SM9 user signing key (found by its PEM type, or GmSSL's
 * encrypted one) the GM/T 0044 DER {@code SEQUENCE { h, S }} of {@code gmssl sm9sign}.
 */
@Command(name = "sign", mixinStandardHelpOptions = true,
        description = "Sign a file or stdin with an SM2 private key (SM3withSM2) or an SM9 user signing key"
                + " (detached DER signature).")
final class SignCommand implements Callable<Integer> {

    /** The default signer ID of GB/T 32918.2 (and GmSSL's). */
    static final String DEFAULT_ID = "1234567812345678";

    @Option(names = {"-k", "--key"}, paramLabel = "KEY", required = true,
            description = "the SM2 private key or SM9 user signing key (PEM, clear or ENCRYPTED PRIVATE KEY)")
    Path key;

    @Mixin
    PassphraseOptions passphrase;

    @Option(names = "--id", description = "the SM2 signer's ID (default ${DEFAULT-VALUE}, the standard's);"
            + " not used with SM9, whose identity is in the key")
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
        DetachedSigner signer = PrivateKeyFiles.signer(key, passphrase, id.getBytes(StandardCharsets.UTF_8));
        try (InputStream src = IoFiles.input(in)) {
            MessageInput.feed(src, signer);
        }
        byte[] der = signer.signDer();
        try (IoFiles.Output dst = IoFiles.Output.open(out)) {
            dst.write(der);
            dst.commit();
        }
        return ExitCodes.OK;
    }
}
