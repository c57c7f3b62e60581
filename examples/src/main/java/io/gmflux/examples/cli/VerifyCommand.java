package io.gmflux.examples.cli;

import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import io.gmflux.codecs.sm2.Sm2Verifier;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SignatureException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux verify}: checks a detached DER SM3withSM2 signature (as {@code gmflux sign} and
 * {@code gmssl sm2sign} write) over a file or stdin, streamed. Exit status 0 if it verifies, 3 if not.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Verify a detached SM2 signature of a file or stdin; exit status 0 if valid, 3 if not.")
final class VerifyCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-p", "--pub"}, paramLabel = "PUB", required = true, description = "the signer's SM2 public key (PEM)")
    Path pub;

    @Option(names = {"-s", "--sig"}, paramLabel = "SIG", required = true, description = "the signature file (DER)")
    Path sig;

    @Option(names = "--id", description = "the signer's ID (default ${DEFAULT-VALUE}, the standard's)")
    String id = SignCommand.DEFAULT_ID;

    @Option(names = {"-i", "--in"}, paramLabel = "IN", description = "the signed file (default: stdin)")
    Path in;

    @Override
    public Integer call() throws Exception {
        Sm2Verifier verifier = new Sm2Verifier(KeyFiles.sm2PublicKey(pub), id.getBytes(StandardCharsets.UTF_8));
        byte[] raw;
        try {
            raw = Sm2SignatureEncoding.toRaw(Files.readAllBytes(sig));
        } catch (SignatureException e) {
            throw new IllegalArgumentException(sig + ": not a DER SM2 signature: " + e.getMessage());
        }
        try (InputStream src = IoFiles.input(in)) {
            MessageInput.feed(src, verifier::update);
        }
        if (!verifier.verify(raw)) {
            throw new ExitCodes.AuthenticationFailed("the signature does not verify with " + pub
                    + ": the file was modified, or signed by another key or ID");
        }
        spec.commandLine().getErr().println("gmflux verify: good signature by " + pub);
        return ExitCodes.OK;
    }
}
