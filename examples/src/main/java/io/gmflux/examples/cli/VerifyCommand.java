package io.gmflux.examples.cli;

import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import io.gmflux.codecs.sm2.Sm2Verifier;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignatureEncoding;
import io.gmflux.codecs.sm9.Sm9Verifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux verify}: checks a detached DER signature over a file or stdin, streamed: SM3withSM2
 * (as {@code gmflux sign} and {@code gmssl sm2sign} write) under an SM2 public key, or SM9 (as
 * {@code gmssl sm9sign} writes) under an SM9 signature master public key and the signer's identity
 * {@code --id}; the key file's PEM type says which. Exit status 0 if it verifies, 3 if not.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Verify a detached SM2 or SM9 signature of a file or stdin; exit status 0 if valid, 3 if not.",
            "SM9: -p is the signature master public key (SM9 SIGN MASTER PUBLIC KEY) and --id the signer's identity."})
final class VerifyCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-p", "--pub"}, paramLabel = "PUB", required = true,
            description = "the signer's SM2 public key, or the SM9 signature master public key (PEM)")
    Path pub;

    @Option(names = {"-s", "--sig"}, paramLabel = "SIG", required = true, description = "the signature file (DER)")
    Path sig;

    @Option(names = "--id", description = "the signer's ID: for SM2 default " + SignCommand.DEFAULT_ID
            + " (the standard's); for SM9 the identity, required")
    String id;

    @Option(names = {"-i", "--in"}, paramLabel = "IN", description = "the signed file (default: stdin)")
    Path in;

    @Override
    public Integer call() throws Exception {
        String pubText = KeyFiles.read(pub);
        boolean sm9 = pubText.contains("-----BEGIN " + Sm9KeyEncoding.SIGN_MASTER_PUBLIC_KEY_LABEL);
        boolean good = sm9 ? verifySm9(pubText) : verifySm2();
        if (!good) {
            throw new ExitCodes.AuthenticationFailed("the signature does not verify with " + pub
                    + (sm9 ? " for identity " + id : "") + ": the file was modified, or signed by another key or ID");
        }
        spec.commandLine().getErr().println("gmflux verify: good signature by " + (sm9 ? id + " under " : "") + pub);
        return ExitCodes.OK;
    }

    private boolean verifySm2() throws IOException {
        Sm2Verifier verifier = new Sm2Verifier(KeyFiles.sm2PublicKey(pub),
                (id == null ? SignCommand.DEFAULT_ID : id).getBytes(StandardCharsets.UTF_8));
        byte[] raw;
        try {
            raw = Sm2SignatureEncoding.toRaw(Files.readAllBytes(sig));
        } catch (SignatureException e) {
            throw new IllegalArgumentException(sig + ": not a DER SM2 signature: " + e.getMessage());
        }
        feed(verifier::update);
        return verifier.verify(raw);
    }

    private boolean verifySm9(String pubText) throws IOException {
        if (id == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "an SM9 signature is verified for an identity: give --id (e.g. --id alice@example.com)");
        }
        Sm9Verifier verifier;
        try {
            verifier = new Sm9Verifier(Sm9KeyEncoding.signMasterPublicKeyFromPem(pubText), id.getBytes(StandardCharsets.UTF_8));
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException(pub + ": not an SM9 signature master public key: " + e.getMessage());
        }
        byte[] raw;
        try {
            raw = Sm9SignatureEncoding.fromDer(Files.readAllBytes(sig));
        } catch (SignatureException e) {
            throw new IllegalArgumentException(sig + ": not a DER SM9 signature: " + e.getMessage());
        }
        Sm9Verifier.Streaming stream = verifier.stream();
        feed(stream::update);
        return stream.verify(raw);
    }

    private void feed(MessageInput.Sink sink) throws IOException {
        try (InputStream src = IoFiles.input(in)) {
            MessageInput.feed(src, sink);
        }
    }
}
