package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each failure's exit status and its one line on stderr, in the user's terms; --verbose adds the causes. */
class ExitCodesTest {

    @Test
    void helpListsEveryExitStatus() {
        CliRun help = CliRun.of("--help");
        assertThat(help.status).isZero();
        assertThat(help.out).contains("Exit status:").contains("--verbose")
                .contains("2   usage error").contains("3   authentication failed")
                .contains("4   a file could not be read or written").contains("5   none of the keys given")
                .contains("sign").contains("verify").contains("digest");
        CliRun commandHelp = CliRun.of("help", "encrypt");
        assertThat(commandHelp.status).isZero();
        assertThat(commandHelp.out).contains("--armor").contains("--force");
    }

    @Test
    void usageErrorIs2() {
        CliRun run = CliRun.of("encrypt", "--no-such-option");
        assertThat(run.status).isEqualTo(ExitCodes.USAGE).isEqualTo(2);
        assertThat(run.err).contains("Unknown option: '--no-such-option'");
    }

    @Test
    void missingInputIs4AndNamesTheFile(@TempDir Path dir) {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        Path missing = dir.resolve("missing.gmf");
        CliRun run = CliRun.of("decrypt", "-k", dir.resolve("alice.key").toString(), "-i", missing.toString(),
                "-o", dir.resolve("out").toString());
        assertThat(run.status).isEqualTo(ExitCodes.IO).isEqualTo(4);
        assertThat(run.err).isEqualTo("gmflux decrypt: no such file: " + missing + System.lineSeparator());
    }

    @Test
    void attackTamperedOrTruncatedStreamIs3WrongKeyIs5(@TempDir Path dir) throws Exception {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        CliRun.of("keygen", "sm2", "-o", dir.resolve("bob").toString());
        Path in = Files.write(dir.resolve("in.bin"), new byte[150_000]);
        Path sealed = dir.resolve("in.gmf");
        assertThat(CliRun.of("encrypt", "-r", dir.resolve("alice.pub").toString(), "-i", in.toString(),
                "-o", sealed.toString()).status).isZero();
        String alice = dir.resolve("alice.key").toString();
        Path out = dir.resolve("out.bin");

        CliRun wrongKey = CliRun.of("decrypt", "-k", dir.resolve("bob.key").toString(), "-i", sealed.toString(),
                "-o", out.toString());
        assertThat(wrongKey.status).isEqualTo(ExitCodes.NO_KEY).isEqualTo(5);
        assertThat(wrongKey.err).startsWith("gmflux decrypt: no key given can open this stream");

        byte[] bytes = Files.readAllBytes(sealed);
        bytes[bytes.length - 100] ^= 0x40;
        Path flipped = Files.write(dir.resolve("flipped.gmf"), bytes);
        CliRun tampered = CliRun.of("decrypt", "-k", alice, "-i", flipped.toString(), "-o", out.toString());
        assertThat(tampered.status).isEqualTo(ExitCodes.AUTHENTICATION).isEqualTo(3);
        assertThat(tampered.err).startsWith("gmflux decrypt: authentication failed: the input was modified")
                .doesNotContain("Exception").hasLineCount(1);
        assertThat(out).doesNotExist();

        Path cut = Files.copy(sealed, dir.resolve("cut.gmf"));
        try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
            f.setLength(65_536 + 16 + 200);
        }
        CliRun truncated = CliRun.of("decrypt", "-k", alice, "-i", cut.toString(), "-o", out.toString());
        assertThat(truncated.status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(out).doesNotExist();

        CliRun verbose = CliRun.of("decrypt", "--verbose", "-k", alice, "-i", flipped.toString(),
                "-o", out.toString());
        assertThat(verbose.status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(verbose.err).contains("caused by io.gmflux.codecs.format.StreamException$ChunkAuthenticationFailed");
    }

    @Test
    void notAStreamIs1(@TempDir Path dir) throws Exception {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        Path text = Files.writeString(dir.resolve("plain.txt"), "just some text, not a gmflux stream\n");
        CliRun run = CliRun.of("decrypt", "-k", dir.resolve("alice.key").toString(), "-i", text.toString(),
                "-o", dir.resolve("out").toString());
        assertThat(run.status).isEqualTo(ExitCodes.FAILED);
        assertThat(run.err).startsWith("gmflux decrypt: not a gmflux stream: ");
    }
}
