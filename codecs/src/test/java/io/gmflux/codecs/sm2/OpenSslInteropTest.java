package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys, signatures and ciphertexts both ways with the OpenSSL 3 binary; skipped only when there is no {@code openssl}. */
class OpenSslInteropTest {

    private static final String ID = "1234567812345678";
    private static boolean available;

    @TempDir
    Path dir;

    @BeforeAll
    static void findOpenSsl() {
        try {
            Process p = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
            available = p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            available = false;
        }
    }

    private static int run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", cmd)).isTrue();
        return p.exitValue();
    }

    private static void ok(String... cmd) throws Exception {
        assertThat(run(Arrays.asList(cmd))).as(String.join(" ", cmd)).isZero();
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void openSslKeysSignaturesAndCiphertextsWorkInGmflux() throws Exception {
        assumeTrue(available, "no openssl binary");
        SplittableRandom rnd = new SplittableRandom(101);
        for (int i = 0; i < 4; i++) {
            ok("openssl", "genpkey", "-algorithm", "SM2", "-out", file("k.pem"));
            ok("openssl", "pkey", "-in", file("k.pem"), "-pubout", "-out", file("pub.pem"));
            Sm2PrivateKey key = Sm2KeyEncoding.privateKeyFromPem(Files.readString(dir.resolve("k.pem")));
            Sm2PublicKey pub = Sm2KeyEncoding.publicKeyFromPem(Files.readString(dir.resolve("pub.pem")));
            assertThat(key.publicKey()).isEqualTo(pub);
            byte[] msg = new byte[rnd.nextInt(1, 200)];
            rnd.nextBytes(msg);
            Files.write(dir.resolve("msg"), msg);
            ok("openssl", "pkeyutl", "-sign", "-inkey", file("k.pem"), "-rawin", "-in", file("msg"), "-digest", "sm3",
                    "-pkeyopt", "distid:" + ID, "-out", file("sig.der"));
            assertThat(new Sm2Verifier(pub).verifyDer(msg, Files.readAllBytes(dir.resolve("sig.der")))).as("case " + i).isTrue();
            ok("openssl", "pkeyutl", "-encrypt", "-pubin", "-inkey", file("pub.pem"), "-in", file("msg"), "-out", file("ct.der"));
            byte[] raw = Sm2CiphertextEncoding.fromDer(Files.readAllBytes(dir.resolve("ct.der")), Sm2CiphertextLayout.C1C3C2);
            assertThat(new Sm2Cipher().decrypt(key, raw)).as("case " + i).isEqualTo(msg);
        }
    }

    @Test
    void gmfluxKeysSignaturesAndCiphertextsWorkInOpenSsl() throws Exception {
        assumeTrue(available, "no openssl binary");
        SecureRandom random = seeded(102);
        SplittableRandom rnd = new SplittableRandom(103);
        for (int i = 0; i < 4; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            Files.writeString(dir.resolve("k.pem"), Sm2KeyEncoding.toPem(pair.privateKey()));
            Files.writeString(dir.resolve("pub.pem"), Sm2KeyEncoding.toPem(pair.publicKey()));
            ok("openssl", "pkey", "-in", file("k.pem"), "-pubout", "-out", file("derived.pem"));
            assertThat(Sm2KeyEncoding.publicKeyFromPem(Files.readString(dir.resolve("derived.pem")))).isEqualTo(pair.publicKey());
            ok("openssl", "pkey", "-pubin", "-in", file("pub.pem"), "-noout");
            byte[] msg = new byte[rnd.nextInt(1, 200)];
            rnd.nextBytes(msg);
            Files.write(dir.resolve("msg"), msg);
            Files.write(dir.resolve("sig.der"), new Sm2Signer(pair.privateKey(), ID.getBytes(StandardCharsets.US_ASCII), random).signDer(msg));
            ok("openssl", "pkeyutl", "-verify", "-pubin", "-inkey", file("pub.pem"), "-rawin", "-in", file("msg"), "-digest", "sm3",
                    "-pkeyopt", "distid:" + ID, "-sigfile", file("sig.der"));
            // a flipped message bit must fail in OpenSSL too (proves the check above can fail)
            msg[0] ^= 1;
            Files.write(dir.resolve("bad"), msg);
            List<String> verifyBad = new ArrayList<>(List.of("openssl", "pkeyutl", "-verify", "-pubin", "-inkey", file("pub.pem"),
                    "-rawin", "-in", file("bad"), "-digest", "sm3", "-pkeyopt", "distid:" + ID, "-sigfile", file("sig.der")));
            assertThat(run(verifyBad)).isNotZero();
            msg[0] ^= 1;
            byte[] ct = new Sm2Cipher(random).encrypt(pair.publicKey(), msg);
            Files.write(dir.resolve("ct.der"), Sm2CiphertextEncoding.toDer(ct, Sm2CiphertextLayout.C1C3C2));
            ok("openssl", "pkeyutl", "-decrypt", "-inkey", file("k.pem"), "-in", file("ct.der"), "-out", file("pt"));
            assertThat(Files.readAllBytes(dir.resolve("pt"))).as("case " + i).isEqualTo(msg);
        }
        assertThat(new File(file("pt"))).exists();
    }
}
