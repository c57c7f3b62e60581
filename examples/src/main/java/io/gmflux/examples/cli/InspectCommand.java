package io.gmflux.examples.cli;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.Armor;
import io.gmflux.codecs.format.KeyServiceKey;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamHeader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gmflux inspect FILE}: what a stream's header says (never a secret); needs no key. */
@Command(name = "inspect", mixinStandardHelpOptions = true, description = "Show a gmflux stream's header.")
final class InspectCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE")
    Path file;

    @Override
    public Integer call() throws IOException {
        StreamHeader h;
        long payload;
        try (InputStream in = Armor.decodeIfArmored(Files.newInputStream(file))) {
            h = StreamHeader.readFrom(in);
            // The armored form's size is not the stream's: count what the armor holds.
            payload = Armor.isArmored(file) ? in.transferTo(OutputStream.nullOutputStream())
                    : Files.size(file) - h.length();
        }
        int total = h.length();
        long sealedChunk = h.chunkSize() + (long) h.suite().tagLength();
        long chunks = Math.max(1, (payload + sealedChunk - 1) / sealedChunk);
        System.out.printf("file:        %s%n", file);
        System.out.printf("format:      gmflux v%d%n", StreamHeader.VERSION);
        System.out.printf("suite:       %s%n", h.suite().label());
        System.out.printf("chunk size:  %d bytes%n", h.chunkSize());
        if (h.suite().label().startsWith("sm4")) {
            // Not in the stream: both engines give the same bytes; each side picks its own.
            System.out.printf("SM4 engine:  the reader's choice, not recorded (decrypt --engine auto|table|constant-time)%n");
        }
        System.out.printf("header:      %d bytes%n", total);
        System.out.printf("payload:     %d chunks, %d bytes of plaintext (if intact)%n", chunks,
                Math.max(0, payload - chunks * h.suite().tagLength()));
        System.out.printf("recipients:  %d%n", h.stanzas().size());
        for (RecipientStanza s : h.stanzas()) {
            byte[] id = s.keyId();
            System.out.printf("  - %-14s key id %s%s%n", RecipientStanza.typeName(s.type()),
                    s.type() == RecipientStanza.TYPE_PASSPHRASE || id == null ? "-" : Hex.encode(id), serviceKey(s));
        }
        return 0;
    }

    /** For a key-service stanza, the service type and its key id (what unwrapping it will ask for). */
    private static String serviceKey(RecipientStanza s) {
        if (s.type() != RecipientStanza.TYPE_KEY_SERVICE) {
            return "";
        }
        try {
            return " (" + KeyServiceKey.of(s) + ")";
        } catch (java.security.GeneralSecurityException e) {
            return " (malformed: " + e.getMessage() + ")";
        }
    }
}
