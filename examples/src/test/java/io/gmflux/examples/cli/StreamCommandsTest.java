package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** keygen, encrypt, decrypt and inspect, run in-process on real files. */
class StreamCommandsTest {

    private static int run(Object command, String... args) {
        CommandLine cl = new CommandLine(command);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((e, c, p) -> {
            c.getErr().println("gmflux: " + e.getMessage());
            return 1;
        });
        return cl.execute(args);
    }

    @Test
    void sm2KeysEncryptAndDecryptAFile(@TempDir Path dir) throws Exception {
        Path alice = dir.resolve("alice");
        assertThat(run(new KeygenCommand(), "sm2", "--out", alice.toString())).isZero();
        assertThat(Files.readString(dir.resolve("alice.key"))).startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(Files.readString(dir.resolve("alice.pub"))).startsWith("-----BEGIN PUBLIC KEY-----");
        assertThat(run(new KeygenCommand(), "sm2", "--out", alice.toString())).as("never overwrites").isNotZero();

        byte[] plain = new byte[300_000];
        new SplittableRandom(1).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.gmf");
        Path back = dir.resolve("back.bin");
        assertThat(run(new EncryptCommand(), "-r", dir.resolve("alice.pub").toString(), "--suite", "zuc256",
                "--chunk", "16k", "-i", in.toString(), "-o", sealed.toString())).isZero();
        assertThat(run(new DecryptCommand(), "-k", dir.resolve("alice.key").toString(), "-i", sealed.toString(),
                "-o", back.toString())).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(plain);

        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true));
        try {
            assertThat(run(new InspectCommand(), sealed.toString())).isZero();
        } finally {
            System.setOut(stdout);
        }
        assertThat(captured.toString()).contains("suite:       zuc256").contains("chunk size:  16384")
                .contains("sm2");
    }

    @Test
    void theEngineIsChosenOnEachSideAndAnUnknownOneIsRefused(@TempDir Path dir) throws Exception {
        Path pw = Files.writeString(dir.resolve("pw"), "hunter2\n");
        byte[] plain = new byte[70_000];
        new SplittableRandom(14).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.gmf");
        assertThat(run(new EncryptCommand(), "--passphrase-file", pw.toString(), "--iterations", "1000",
                "--engine", "constant-time", "-i", in.toString(), "-o", sealed.toString())).isZero();
        Path back = dir.resolve("back.bin");
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "--engine", "table",
                "-i", sealed.toString(), "-o", back.toString())).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(plain);
        Path back2 = dir.resolve("back2.bin");
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "--engine", "constant-time",
                "-i", sealed.toString(), "-o", back2.toString())).isZero();
        assertThat(Files.readAllBytes(back2)).isEqualTo(plain);
        Path never = dir.resolve("never.bin");
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "--engine", "fast",
                "-i", sealed.toString(), "-o", never.toString())).isNotZero();
        assertThat(never).doesNotExist();

        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true));
        try {
            assertThat(run(new InspectCommand(), sealed.toString())).isZero();
        } finally {
            System.setOut(stdout);
        }
        assertThat(captured.toString()).contains("SM4 engine:  the reader's choice");
    }

    @Test
    void decryptRefusesStreamsBeyondTheCapsGiven(@TempDir Path dir) throws Exception {
        Path pw = Files.writeString(dir.resolve("pw"), "hunter2\n");
        Path in = Files.write(dir.resolve("in.bin"), new byte[5000]);
        Path sealed = dir.resolve("in.gmf");
        assertThat(run(new EncryptCommand(), "--passphrase-file", pw.toString(), "--iterations", "2000",
                "-i", in.toString(), "-o", sealed.toString())).isZero();
        Path out = dir.resolve("out.bin");
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "--max-iterations", "1999",
                "-i", sealed.toString(), "-o", out.toString())).isNotZero();
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "--max-header", "100",
                "-i", sealed.toString(), "-o", out.toString())).isNotZero();
        assertThat(out).doesNotExist();
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "--max-iterations", "2000",
                "--max-header", "1k", "-i", sealed.toString(), "-o", out.toString())).isZero();
        assertThat(Files.readAllBytes(out)).isEqualTo(new byte[5000]);
    }

    @Test
    void aTamperedFileFailsAndLeavesNoOutput(@TempDir Path dir) throws Exception {
        Path pw = Files.writeString(dir.resolve("pw"), "hunter2\n");
        Path in = Files.write(dir.resolve("in.bin"), new byte[200_000]);
        Path sealed = dir.resolve("in.gmf");
        assertThat(run(new EncryptCommand(), "--passphrase-file", pw.toString(), "--iterations", "1000",
                "-i", in.toString(), "-o", sealed.toString())).isZero();
        byte[] s = Files.readAllBytes(sealed);
        s[s.length - 20] ^= 0x40;
        Files.write(sealed, s);
        Path out = dir.resolve("out.bin");
        assertThat(run(new DecryptCommand(), "--passphrase-file", pw.toString(), "-i", sealed.toString(),
                "-o", out.toString())).isNotZero();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("pw", "in.bin", "in.gmf");
        }
    }

    @Test
    void refusesToEncryptToNobody(@TempDir Path dir) throws Exception {
        Path in = Files.write(dir.resolve("in.bin"), new byte[10]);
        assertThat(run(new EncryptCommand(), "-i", in.toString(), "-o", dir.resolve("x").toString())).isNotZero();
        assertThat(dir.resolve("x")).doesNotExist();
    }
}
