package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** keygen sm9-master / sm9-user, then encrypt to the identity and decrypt with its key, in-process. */
class KeygenSm9CommandTest {

    private static int run(Object command, String... args) {
        CommandLine cl = new CommandLine(command);
        cl.setErr(new PrintWriter(new StringWriter()));
        cl.setExecutionExceptionHandler((e, c, p) -> 1);
        return cl.execute(args);
    }

    @Test
    void masterAndUserKeysEncryptAndDecryptAFile(@TempDir Path dir) throws Exception {
        Path kgc = dir.resolve("kgc");
        assertThat(run(new KeygenCommand(), "sm9-master", "--out", kgc.toString())).isZero();
        assertThat(Files.readString(dir.resolve("kgc.key"))).startsWith("-----BEGIN SM9 ENC MASTER KEY-----");
        assertThat(Files.readString(dir.resolve("kgc.pub"))).startsWith("-----BEGIN SM9 ENC MASTER PUBLIC KEY-----");
        assertThat(run(new KeygenCommand(), "sm9-master", "--out", kgc.toString())).as("never overwrites").isNotZero();

        Path bob = dir.resolve("bob");
        assertThat(run(new KeygenCommand(), "sm9-user", "--master", dir.resolve("kgc.key").toString(),
                "--id", "bob@example.com", "--out", bob.toString())).isZero();
        assertThat(Files.readString(dir.resolve("bob.key"))).startsWith("-----BEGIN SM9 ENC PRIVATE KEY-----");
        assertThat(Files.readString(dir.resolve("bob.pub"))).startsWith("-----BEGIN SM9 ENC RECIPIENT-----");
        Path carol = dir.resolve("carol");
        assertThat(run(new KeygenCommand(), "sm9-user", "--master", dir.resolve("kgc.key").toString(),
                "--id", "carol@example.com", "--out", carol.toString())).isZero();
        assertThat(run(new KeygenCommand(), "sm9-user", "--master", dir.resolve("kgc.pub").toString(),
                "--id", "x", "--out", dir.resolve("x").toString())).as("needs the master private key").isNotZero();

        byte[] plain = new byte[100_000];
        new SplittableRandom(9).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.gmf");
        assertThat(run(new EncryptCommand(), "-r", dir.resolve("bob.pub").toString(), "-i", in.toString(),
                "-o", sealed.toString())).isZero();
        Path back = dir.resolve("back.bin");
        assertThat(run(new DecryptCommand(), "-k", dir.resolve("bob.key").toString(), "-i", sealed.toString(),
                "-o", back.toString())).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(plain);
        assertThat(run(new DecryptCommand(), "-k", dir.resolve("carol.key").toString(), "-i", sealed.toString(),
                "-o", dir.resolve("carol.bin").toString())).as("another identity cannot decrypt").isNotZero();
        assertThat(Files.exists(dir.resolve("carol.bin"))).isFalse();
    }
}
