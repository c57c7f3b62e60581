package io.gmflux.examples.cli;

import static io.gmflux.testing.RandomInputs.randomFile;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gmflux sign, verify and digest, run in-process on real files. */
class SignVerifyDigestCommandsTest {

    @Test
    void signsAFileThatVerifiesHereAndWithBouncyCastle(@TempDir Path dir) throws Exception {
        assertThat(CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString()).status).isZero();
        Path msg = randomFile(dir, "msg.bin", 1_000_003, 5);
        Path sig = dir.resolve("msg.sig");
        CliRun sign = CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "-i", msg.toString(),
                "-o", sig.toString());
        assertThat(sign.status).as(sign.toString()).isZero();
        CliRun verify = CliRun.of("verify", "-p", dir.resolve("alice.pub").toString(), "-s", sig.toString(),
                "-i", msg.toString());
        assertThat(verify.status).as(verify.toString()).isZero();
        assertThat(verify.err).contains("good signature");

        // The same DER signature, checked by BouncyCastle's SM3withSM2 (default ID 1234567812345678).
        String pem = Files.readString(dir.resolve("alice.pub"));
        byte[] spki = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        BouncyCastleProvider bc = new BouncyCastleProvider();
        Signature reference = Signature.getInstance("SM3withSM2", bc);
        reference.initVerify(KeyFactory.getInstance("EC", bc).generatePublic(new X509EncodedKeySpec(spki)));
        reference.update(Files.readAllBytes(msg));
        assertThat(reference.verify(Files.readAllBytes(sig))).isTrue();
    }

    @Test
    void attackModifiedFileOtherKeyOrOtherIdFailsWithStatus3(@TempDir Path dir) throws Exception {
        CliRun.of("keygen", "sm2", "-o", dir.resolve("alice").toString());
        CliRun.of("keygen", "sm2", "-o", dir.resolve("mallory").toString());
        Path msg = randomFile(dir, "msg.bin", 70_000, 6);
        Path sig = dir.resolve("msg.sig");
        assertThat(CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "--id", "alice@example.com",
                "-i", msg.toString(), "-o", sig.toString()).status).isZero();
        String pub = dir.resolve("alice.pub").toString();
        assertThat(CliRun.of("verify", "-p", pub, "-s", sig.toString(), "--id", "alice@example.com",
                "-i", msg.toString()).status).isZero();

        CliRun otherId = CliRun.of("verify", "-p", pub, "-s", sig.toString(), "-i", msg.toString());
        assertThat(otherId.status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(otherId.err).startsWith("gmflux verify: the signature does not verify").doesNotContain("Exception");

        byte[] tampered = Files.readAllBytes(msg);
        tampered[69_999] ^= 1;
        Path bad = Files.write(dir.resolve("tampered.bin"), tampered);
        assertThat(CliRun.of("verify", "-p", pub, "-s", sig.toString(), "--id", "alice@example.com",
                "-i", bad.toString()).status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(CliRun.of("verify", "-p", dir.resolve("mallory.pub").toString(), "-s", sig.toString(),
                "--id", "alice@example.com", "-i", msg.toString()).status).isEqualTo(ExitCodes.AUTHENTICATION);

        Files.write(dir.resolve("garbage.sig"), new byte[] {0x30, 0x03, 0x02, 0x01});
        CliRun garbage = CliRun.of("verify", "-p", pub, "-s", dir.resolve("garbage.sig").toString(),
                "-i", msg.toString());
        assertThat(garbage.status).isEqualTo(ExitCodes.FAILED);
        assertThat(garbage.err).contains("not a DER SM2 signature");
    }

    @Test
    void verifiesGmsslSignatureWhenTheInteropFilesArePresent() {
        Path gmssl = GmsslInteropFiles.folder();
        CliRun verify = CliRun.of("verify", "-p", gmssl.resolve("sm2-1.pub.pem").toString(),
                "-s", gmssl.resolve("msg.sig").toString(), "-i", gmssl.resolve("msg.txt").toString());
        assertThat(verify.status).as(verify.toString()).isZero();
        assertThat(CliRun.of("verify", "-p", gmssl.resolve("sm2-2.pub.pem").toString(),
                "-s", gmssl.resolve("msg.sig").toString(), "-i", gmssl.resolve("msg.txt").toString()).status)
                .isEqualTo(ExitCodes.AUTHENTICATION);
    }

    @Test
    void digestPrintsSm3LikeSm3sum(@TempDir Path dir) throws Exception {
        Path abc = Files.write(dir.resolve("abc.txt"), "abc".getBytes(StandardCharsets.US_ASCII));
        Path empty = Files.write(dir.resolve("empty"), new byte[0]);
        CliRun run = CliRun.of("digest", abc.toString(), empty.toString());
        assertThat(run.status).as(run.toString()).isZero();
        // GB/T 32905-2016 example A.1 ("abc"), and SM3 of the empty string.
        assertThat(run.out).isEqualTo(
                "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0  " + abc + System.lineSeparator()
                + "1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b  " + empty + System.lineSeparator());

        CliRun missing = CliRun.of("digest", dir.resolve("nope").toString());
        assertThat(missing.status).isEqualTo(ExitCodes.IO);
        assertThat(missing.err).startsWith("gmflux digest: no such file: ");
    }
}
