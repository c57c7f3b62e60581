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

/** {@code keygen mlkem} and {@code keygen hybrid}, and their keys used by encrypt and decrypt. */
class KeygenPostQuantumCommandsTest {

    private static int run(Object command, String... args) {
        CommandLine cl = new CommandLine(command);
        cl.setErr(new PrintWriter(new StringWriter()));
        cl.setExecutionExceptionHandler((e, c, p) -> 1);
        return cl.execute(args);
    }

    @Test
    void mlkemAndHybridKeysEncryptToBothAndEachDecrypts(@TempDir Path dir) throws Exception {
        assertThat(run(new KeygenCommand(), "mlkem", "--out", dir.resolve("pq").toString())).isZero();
        assertThat(run(new KeygenCommand(), "hybrid", "--out", dir.resolve("hy").toString())).isZero();
        assertThat(run(new KeygenCommand(), "hybrid", "--out", dir.resolve("hy").toString()))
                .as("never overwrites").isNotZero();
        assertThat(Files.readString(dir.resolve("pq.pub"))).startsWith("-----BEGIN PUBLIC KEY-----");
        assertThat(Files.readString(dir.resolve("pq.key"))).startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(Files.readString(dir.resolve("hy.pub"))).startsWith("-----BEGIN GMFLUX SM2 MLKEM768 PUBLIC KEY-----");
        assertThat(Files.readString(dir.resolve("hy.key"))).startsWith("-----BEGIN GMFLUX SM2 MLKEM768 PRIVATE KEY-----");

        byte[] plain = new byte[150_000];
        new SplittableRandom(3).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.gmf");
        assertThat(run(new EncryptCommand(), "-r", dir.resolve("pq.pub").toString(), "-r",
                dir.resolve("hy.pub").toString(), "-i", in.toString(), "-o", sealed.toString())).isZero();
        for (String key : new String[] {"pq.key", "hy.key"}) {
            Path back = dir.resolve(key + ".out");
            assertThat(run(new DecryptCommand(), "-k", dir.resolve(key).toString(), "-i", sealed.toString(),
                    "-o", back.toString())).as(key).isZero();
            assertThat(Files.readAllBytes(back)).as(key).isEqualTo(plain);
        }
        assertThat(run(new KeygenCommand(), "sm2", "--out", dir.resolve("other").toString())).isZero();
        assertThat(run(new DecryptCommand(), "-k", dir.resolve("other.key").toString(), "-i", sealed.toString(),
                "-o", dir.resolve("nope").toString())).as("a key it was not sent to").isNotZero();
        assertThat(dir.resolve("nope")).doesNotExist();
    }
}
