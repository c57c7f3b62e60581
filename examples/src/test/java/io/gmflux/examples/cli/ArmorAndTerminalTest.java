package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.Armor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** encrypt --armor (read back transparently by decrypt and inspect), and no binary ciphertext to a terminal. */
class ArmorAndTerminalTest {

    @AfterEach
    void forgetTerminal() {
        System.clearProperty("gmflux.stdout.tty");
    }

    @Test
    void armoredStreamDecryptsAndInspectsLikeTheBinaryOne(@TempDir Path dir) throws Exception {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        byte[] plain = new byte[200_000];
        new SplittableRandom(3).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path armored = dir.resolve("in.gmf.asc");
        CliRun enc = CliRun.of("encrypt", "-r", dir.resolve("alice.pub").toString(), "--armor", "--chunk", "16k",
                "-i", in.toString(), "-o", armored.toString());
        assertThat(enc.status).as(enc.toString()).isZero();
        String text = Files.readString(armored, StandardCharsets.US_ASCII);
        assertThat(text).startsWith(Armor.BEGIN + "\n").endsWith(Armor.END + "\n");
        assertThat(text.lines().skip(1).limit(10)).allSatisfy(l -> assertThat(l).hasSize(Armor.LINE));

        Path back = dir.resolve("back.bin");
        CliRun dec = CliRun.of("decrypt", "-k", dir.resolve("alice.key").toString(), "-i", armored.toString(),
                "-o", back.toString());
        assertThat(dec.status).as(dec.toString()).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(plain);

        CliRun inspect = CliRun.of("inspect", armored.toString());
        assertThat(inspect.status).as(inspect.toString()).isZero();
        assertThat(inspect.out).contains("chunk size:  16384").contains("13 chunks, 200000 bytes of plaintext");
    }

    @Test
    void attackEditedArmorFailsAuthenticationAndWritesNothing(@TempDir Path dir) throws Exception {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        Path in = Files.write(dir.resolve("in.bin"), new byte[100_000]);
        Path armored = dir.resolve("in.gmf.asc");
        CliRun.of("encrypt", "-r", dir.resolve("alice.pub").toString(), "-a", "-i", in.toString(),
                "-o", armored.toString());
        String[] lines = Files.readString(armored).split("\n");
        int mid = lines.length / 2;
        char c = lines[mid].charAt(10);
        lines[mid] = lines[mid].substring(0, 10) + (c == 'A' ? 'B' : 'A') + lines[mid].substring(11);
        Path edited = Files.writeString(dir.resolve("edited.asc"), String.join("\n", lines) + "\n");
        Path out = dir.resolve("out.bin");
        CliRun dec = CliRun.of("decrypt", "-k", dir.resolve("alice.key").toString(), "-i", edited.toString(),
                "-o", out.toString());
        assertThat(dec.status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(dec.err).startsWith("gmflux decrypt: authentication failed");
        assertThat(out).doesNotExist();
        try (var files = Files.list(dir)) {
            assertThat(files).noneMatch(p -> p.getFileName().toString().endsWith(".part"));
        }
    }

    @Test
    void refusesBinaryCiphertextToATerminalUnlessForcedOrArmored(@TempDir Path dir) throws Exception {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        Path in = Files.write(dir.resolve("in.txt"), "to a terminal".getBytes(StandardCharsets.US_ASCII));
        String pub = dir.resolve("alice.pub").toString();
        System.setProperty("gmflux.stdout.tty", "true");

        CliRun refused = CliRun.of("encrypt", "-r", pub, "-i", in.toString());
        assertThat(refused.status).isEqualTo(ExitCodes.FAILED);
        assertThat(refused.err).startsWith("gmflux encrypt: refusing to write binary ciphertext to a terminal");
        assertThat(refused.out).isEmpty();

        CliRun armored = CliRun.of("encrypt", "-r", pub, "--armor", "-i", in.toString());
        assertThat(armored.status).as(armored.toString()).isZero();
        assertThat(armored.out).startsWith(Armor.BEGIN);

        CliRun forced = CliRun.of("encrypt", "-r", pub, "--force", "-i", in.toString());
        assertThat(forced.status).as(forced.toString()).isZero();
        assertThat(forced.out).startsWith("GMF");

        CliRun toFile = CliRun.of("encrypt", "-r", pub, "-i", in.toString(), "-o", dir.resolve("x.gmf").toString());
        assertThat(toFile.status).as("a file output is never refused").isZero();

        CliRun sign = CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "-i", in.toString());
        assertThat(sign.status).isEqualTo(ExitCodes.FAILED);
        assertThat(sign.err).contains("refusing to write a binary signature to a terminal");

        System.setProperty("gmflux.stdout.tty", "false");
        CliRun piped = CliRun.of("encrypt", "-r", pub, "-i", in.toString());
        assertThat(piped.status).as(piped.toString()).isZero();
        assertThat(piped.out).startsWith("GMF");
    }
}
