package io.gmflux.examples.cli;

import static io.gmflux.testing.RandomInputs.randomFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2CiphertextEncoding;
import io.gmflux.codecs.sm2.Sm2CiphertextLayout;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Passphrase-protected private key files through the whole command line, in-process on real files:
 * keygen writes {@code ENCRYPTED PRIVATE KEY}, every reader of a private key opens it, a wrong
 * passphrase is refused with its own status and writes nothing, and the files travel to and from
 * OpenSSL 3 and GmSSL.
 */
class KeysAtRestCommandsTest {

    /** Set by examples/pom.xml's surefire configuration: a JVM cannot set its own environment. */
    private static final String ENV = "GMFLUX_TEST_KEY_PASSPHRASE";
    private static final String ENV_VALUE = "correct horse battery staple";

    private static Path passphraseFile(Path dir, String name, String passphrase) throws IOException {
        return Files.writeString(dir.resolve(name), passphrase + "\n", StandardCharsets.UTF_8);
    }

    private static CliRun ok(String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.status).as("gmflux " + String.join(" ", args) + ": " + run).isZero();
        return run;
    }

    /** Runs a keygen that must succeed; returns the note it wrote on System.err ("wrote NAME.key (...) and NAME.pub"). */
    private static String keygenNote(String... args) {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream notes = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(notes, true, StandardCharsets.UTF_8));
        try {
            ok(args);
        } finally {
            System.setErr(stderr);
        }
        return notes.toString(StandardCharsets.UTF_8);
    }

    private static String s(Path p) {
        return p.toString();
    }

    /** Files left in {@code dir}: what a refused command must not have added to. */
    private static List<String> listing(Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(f -> names.add(f.getFileName().toString()));
        }
        names.sort(null);
        return names;
    }

    @Test
    void keygenWithPassphraseEnvThenDecryptAndSignWithIt(@TempDir Path dir) throws Exception {
        assertThat(System.getenv(ENV)).as(ENV + ", set by examples/pom.xml for the tests").isEqualTo(ENV_VALUE);
        assertThat(keygenNote("keygen", "sm2", "--passphrase-env", ENV, "-o", s(dir.resolve("alice"))))
                .contains("alice.key (encrypted, PBKDF2-HMAC-SM3 + SM4-CBC)");
        String key = Files.readString(dir.resolve("alice.key"));
        assertThat(key).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
        EncryptedPrivateKeyInfo info = EncryptedPrivateKeyInfo.fromPem(key);
        assertThat(info.prf()).isEqualTo(EncryptedPrivateKeyInfo.Prf.HMAC_SM3);
        assertThat(info.encryptionScheme()).isEqualTo(EncryptedPrivateKeyInfo.EncryptionScheme.SM4_CBC);

        Path msg = randomFile(dir, "msg.bin", 200_001, 17);
        ok("encrypt", "-r", s(dir.resolve("alice.pub")), "-i", s(msg), "-o", s(dir.resolve("msg.gmf")));
        ok("decrypt", "-k", s(dir.resolve("alice.key")), "--key-passphrase-env", ENV,
                "-i", s(dir.resolve("msg.gmf")), "-o", s(dir.resolve("msg.out")));
        assertThat(dir.resolve("msg.out")).hasSameBinaryContentAs(msg);

        ok("sign", "-k", s(dir.resolve("alice.key")), "--passphrase-env", ENV, "-i", s(msg), "-o", s(dir.resolve("msg.sig")));
        ok("verify", "-p", s(dir.resolve("alice.pub")), "-s", s(dir.resolve("msg.sig")), "-i", s(msg));

        // No passphrase option and no terminal to ask on (tests have none): refused, naming the options.
        CliRun asked = CliRun.of("decrypt", "-k", s(dir.resolve("alice.key")), "-i", s(dir.resolve("msg.gmf")),
                "-o", s(dir.resolve("msg.out2")));
        assertThat(asked.status).isEqualTo(ExitCodes.FAILED);
        assertThat(asked.err.trim()).doesNotContain("\n").contains("is passphrase-protected")
                .contains("--key-passphrase-env VAR");
        assertThat(dir.resolve("msg.out2")).doesNotExist();
    }

    @Test
    void attackWrongPassphraseIsRefusedWithStatus6AndNothingWritten(@TempDir Path dir) throws Exception {
        Path right = passphraseFile(dir, "right.txt", "the right one");
        Path wrong = passphraseFile(dir, "wrong.txt", "the right one.");
        ok("keygen", "sm2", "--passphrase-file", s(right), "-o", s(dir.resolve("alice")));
        Path msg = randomFile(dir, "msg.bin", 10_000, 18);
        ok("encrypt", "-r", s(dir.resolve("alice.pub")), "-i", s(msg), "-o", s(dir.resolve("msg.gmf")));
        List<String> before = listing(dir);

        CliRun decrypt = CliRun.of("decrypt", "-k", s(dir.resolve("alice.key")), "--key-passphrase-file", s(wrong),
                "-i", s(dir.resolve("msg.gmf")), "-o", s(dir.resolve("msg.out")));
        assertThat(decrypt.status).isEqualTo(ExitCodes.WRONG_PASSPHRASE);
        assertThat(decrypt.err).isEqualTo("gmflux decrypt: wrong passphrase for " + dir.resolve("alice.key")
                + " (or the encrypted key in it was altered)" + System.lineSeparator());

        CliRun sign = CliRun.of("sign", "-k", s(dir.resolve("alice.key")), "--passphrase-file", s(wrong),
                "-i", s(msg), "-o", s(dir.resolve("msg.sig")));
        assertThat(sign.status).isEqualTo(ExitCodes.WRONG_PASSPHRASE);
        assertThat(sign.err).startsWith("gmflux sign: wrong passphrase for ");
        assertThat(listing(dir)).isEqualTo(before);

        // An altered key file reads as a wrong passphrase too (PBES2 cannot tell them apart).
        byte[] der = EncryptedPrivateKeyInfo.fromPem(Files.readString(dir.resolve("alice.key"))).toDer();
        der[der.length - 20] ^= 0x01;
        Path altered = Files.writeString(dir.resolve("altered.key"),
                io.gmflux.codecs.der.Pem.encode(EncryptedPrivateKeyInfo.PEM_LABEL, der));
        assertThat(CliRun.of("decrypt", "-k", s(altered), "--key-passphrase-file", s(right),
                "-i", s(dir.resolve("msg.gmf")), "-o", s(dir.resolve("msg.out"))).status)
                .isEqualTo(ExitCodes.WRONG_PASSPHRASE);
        assertThat(dir.resolve("msg.out")).doesNotExist();
    }

    @Test
    void mlkemAndSm9KeysAreProtectedTooAndHybridIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Path pw = passphraseFile(dir, "pw.txt", "pässwörd");
        Path kgcPw = passphraseFile(dir, "kgc.txt", "kgc secret");
        Path msg = randomFile(dir, "msg.bin", 70_000, 19);

        ok("keygen", "mlkem", "--passphrase-file", s(pw), "-o", s(dir.resolve("pq")));
        ok("keygen", "sm9-master", "--passphrase-file", s(kgcPw), "-o", s(dir.resolve("kgc")));
        ok("keygen", "sm9-user", "--master", s(dir.resolve("kgc.key")), "--master-passphrase-file", s(kgcPw),
                "--id", "bob@example.com", "--passphrase-file", s(pw), "-o", s(dir.resolve("bob")));
        for (String name : List.of("pq.key", "kgc.key", "bob.key")) {
            assertThat(Files.readString(dir.resolve(name))).as(name).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----")
                    .doesNotContain("-----BEGIN PRIVATE KEY-----").doesNotContain("SM9 ENC PRIVATE KEY")
                    .doesNotContain("SM9 ENC MASTER KEY");
        }
        for (String who : List.of("pq", "bob")) {
            Path sealed = dir.resolve(who + ".gmf");
            Path opened = dir.resolve(who + ".out");
            ok("encrypt", "-r", s(dir.resolve(who + ".pub")), "-i", s(msg), "-o", s(sealed));
            ok("decrypt", "-k", s(dir.resolve(who + ".key")), "--key-passphrase-file", s(pw), "-i", s(sealed),
                    "-o", s(opened));
            assertThat(opened).as(who).hasSameBinaryContentAs(msg);
        }

        // The master key's passphrase is its own: the user key's does not open it.
        CliRun wrongMaster = CliRun.of("keygen", "sm9-user", "--master", s(dir.resolve("kgc.key")),
                "--master-passphrase-file", s(pw), "--id", "carol@example.com", "-o", s(dir.resolve("carol")));
        assertThat(wrongMaster.status).isEqualTo(ExitCodes.WRONG_PASSPHRASE);
        assertThat(dir.resolve("carol.key")).doesNotExist();
        assertThat(dir.resolve("carol.pub")).doesNotExist();

        CliRun hybrid = CliRun.of("keygen", "hybrid", "--passphrase-file", s(pw), "-o", s(dir.resolve("h")));
        assertThat(hybrid.status).isEqualTo(ExitCodes.FAILED);
        assertThat(hybrid.err).contains("no PKCS#8 algorithm identifier");
        assertThat(dir.resolve("h.key")).doesNotExist();

        CliRun flagAlone = CliRun.of("keygen", "sm2", "--openssl-compatible", "-o", s(dir.resolve("x")));
        assertThat(flagAlone.status).isEqualTo(ExitCodes.USAGE);
        assertThat(flagAlone.err).contains("--openssl-compatible needs a passphrase");
        assertThat(dir.resolve("x.key")).doesNotExist();

        CliRun twoSources = CliRun.of("keygen", "sm2", "--passphrase-env", ENV, "--passphrase-file", s(pw),
                "-o", s(dir.resolve("y")));
        assertThat(twoSources.status).isEqualTo(ExitCodes.FAILED);
        assertThat(twoSources.err).contains("give only one of --passphrase-env VAR, --passphrase-file FILE or --passphrase");
        assertThat(dir.resolve("y.key")).doesNotExist();

        // Without a passphrase option: the clear key of before, and the "wrote" line says so.
        assertThat(keygenNote("keygen", "sm2", "-o", s(dir.resolve("plain")))).contains("plain.key (not encrypted: ");
        assertThat(Files.readString(dir.resolve("plain.key"))).startsWith("-----BEGIN PRIVATE KEY-----");
    }

    @Test
    void helpSaysWhatIsEncryptedHowAndWhatCannotBe() {
        CliRun keygen = ok("keygen", "--help");
        assertThat(keygen.out).contains("in clear unless a passphrase option").contains("--openssl-compatible")
                .contains("Hybrid keys cannot be encrypted");
        CliRun sm2 = ok("keygen", "sm2", "--help");
        assertThat(sm2.out).contains("--passphrase-env=VAR").contains("--passphrase-file=FILE").contains("--passphrase ")
                .contains("--openssl-compatible");
        CliRun decrypt = ok("decrypt", "--help");
        assertThat(decrypt.out).contains("--key-passphrase-env=VAR").contains("--key-passphrase-file=FILE")
                .contains("--key-passphrase ");
        assertThat(ok("--help").out).contains("6   wrong passphrase");
    }

    // ---- OpenSSL 3

    private static boolean haveOpenssl() {
        try {
            Process p = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Runs openssl with P = {@link #ENV_VALUE} in its environment; returns its exit status and output. */
    private static String[] openssl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("openssl"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("P", ENV_VALUE);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String[] {Integer.toString(p.exitValue()), out};
    }

    @Test
    void opensslReadsTheOpensslCompatibleKeyAndNotGmsslsForm(@TempDir Path dir) throws Exception {
        assumeThat(haveOpenssl()).as("openssl is not installed: skipping the OpenSSL interoperability test").isTrue();
        ok("keygen", "sm2", "--passphrase-env", ENV, "--openssl-compatible", "-o", s(dir.resolve("o")));
        String[] text = openssl("pkey", "-in", s(dir.resolve("o.key")), "-passin", "env:P", "-noout", "-text");
        assertThat(text[0]).as(text[1]).isEqualTo("0");
        assertThat(text[1]).contains("Private-Key: (256 bit)");
        // The key OpenSSL decrypted is the one whose public half gmflux wrote.
        String[] pub = openssl("pkey", "-in", s(dir.resolve("o.key")), "-passin", "env:P", "-pubout");
        assertThat(pub[0]).as(pub[1]).isEqualTo("0");
        assertThat(pub[1]).isEqualTo(Files.readString(dir.resolve("o.pub")));

        // GmSSL's form (the default) names hmacWithSM3, which OpenSSL 3.0 does not know: why the flag exists.
        ok("keygen", "sm2", "--passphrase-env", ENV, "-o", s(dir.resolve("g")));
        String[] refused = openssl("pkey", "-in", s(dir.resolve("g.key")), "-passin", "env:P", "-noout");
        assertThat(refused[0]).isNotEqualTo("0");
    }

    @Test
    void decryptReadsKeysThatOpensslEncrypted(@TempDir Path dir) throws Exception {
        assumeThat(haveOpenssl()).as("openssl is not installed: skipping the OpenSSL interoperability test").isTrue();
        Path clear = dir.resolve("clear.pem");
        String[] gen = openssl("genpkey", "-algorithm", "SM2", "-out", s(clear));
        assertThat(gen[0]).as(gen[1]).isEqualTo("0");
        String[] pub = openssl("pkey", "-in", s(clear), "-pubout", "-out", s(dir.resolve("k.pub")));
        assertThat(pub[0]).as(pub[1]).isEqualTo("0");
        Path msg = randomFile(dir, "msg.bin", 5_000, 20);
        ok("encrypt", "-r", s(dir.resolve("k.pub")), "-i", s(msg), "-o", s(dir.resolve("msg.gmf")));

        List<List<String>> forms = List.of(
                List.of("-v2", "sm4-cbc", "-v2prf", "hmacWithSHA256"),
                List.of("-v2", "aes-256-cbc", "-v2prf", "hmacWithSHA256"),
                List.of("-v2", "aes-128-cbc"));
        for (List<String> form : forms) {
            Path enc = dir.resolve("enc-" + form.get(1) + form.size() + ".pem");
            List<String> args = new ArrayList<>(List.of("pkcs8", "-topk8", "-in", s(clear), "-passout", "env:P",
                    "-out", s(enc)));
            args.addAll(form);
            String[] made = openssl(args.toArray(new String[0]));
            assertThat(made[0]).as(form + ": " + made[1]).isEqualTo("0");
            assertThat(Files.readString(enc)).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
            Path out = dir.resolve("msg.out");
            Files.deleteIfExists(out);
            ok("decrypt", "-k", s(enc), "--key-passphrase-env", ENV, "-i", s(dir.resolve("msg.gmf")), "-o", s(out));
            assertThat(out).as(form.toString()).hasSameBinaryContentAs(msg);
        }
    }

    // ---- GmSSL (the files of ../shared/interop/gmssl, read in place)

    @Test
    void readsGmsslEncryptedSm2KeysThroughTheCommandLine(@TempDir Path dir) throws Exception {
        Path key1 = GmsslInteropFiles.file("sm2-1.key.pem");
        Path key2 = GmsslInteropFiles.file("sm2-2.key.pem");
        Path msgTxt = GmsslInteropFiles.file("msg.txt");
        Path pw1 = passphraseFile(dir, "pw1.txt", "gmflux-test-1");
        Path pw2 = passphraseFile(dir, "pw2.txt", "gmflux-test-2");

        // sign with GmSSL's encrypted sm2-1 key; verify with its public key
        ok("sign", "-k", s(key1), "--passphrase-file", s(pw1), "-i", s(msgTxt), "-o", s(dir.resolve("msg.sig")));
        ok("verify", "-p", s(GmsslInteropFiles.file("sm2-1.pub.pem")), "-s", s(dir.resolve("msg.sig")), "-i", s(msgTxt));

        // a gmflux stream to GmSSL's sm2-2 public key, opened with its encrypted private key
        ok("encrypt", "-r", s(GmsslInteropFiles.file("sm2-2.pub.pem")), "-i", s(msgTxt), "-o", s(dir.resolve("m.gmf")));
        ok("decrypt", "-k", s(key2), "--key-passphrase-file", s(pw2), "-i", s(dir.resolve("m.gmf")),
                "-o", s(dir.resolve("m.out")));
        assertThat(dir.resolve("m.out")).hasSameBinaryContentAs(msgTxt);
        assertThat(CliRun.of("decrypt", "-k", s(key2), "--key-passphrase-file", s(pw1), "-i", s(dir.resolve("m.gmf")),
                "-o", s(dir.resolve("m.out2"))).status).isEqualTo(ExitCodes.WRONG_PASSPHRASE);

        // GmSSL's own SM2 ciphertext (gmssl sm2encrypt to sm2-2), with the key as the command line loads it
        KeyPassphraseOptions options = new KeyPassphraseOptions();
        options.file(pw2);
        Sm2PrivateKey d = PrivateKeyFiles.sm2PrivateKey(key2, options);
        byte[] der = Files.readAllBytes(GmsslInteropFiles.file("msg.sm2.der"));
        byte[] plain = new Sm2Cipher().decrypt(d, Sm2CiphertextEncoding.fromDer(der, Sm2CiphertextLayout.C1C3C2));
        assertThat(plain).isEqualTo(Files.readAllBytes(msgTxt));
    }

    @Test
    void extractsFromGmsslsEncryptedSm9MasterKeyTheUserKeyGmsslExtracted(@TempDir Path dir) throws Exception {
        Path master = GmsslInteropFiles.file("sm9enc-master.key.pem");
        Path pw = passphraseFile(dir, "pw.txt", "gmflux-test-1");
        ok("keygen", "sm9-user", "--master", s(master), "--master-passphrase-file", s(pw), "--id", "bob@example.com",
                "--passphrase-file", s(pw), "-o", s(dir.resolve("bob")));
        byte[] id = "bob@example.com".getBytes(StandardCharsets.UTF_8);
        char[] p = "gmflux-test-1".toCharArray();
        Sm9EncryptPrivateKey ours = Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(
                Files.readString(dir.resolve("bob.key")), p, id);
        Sm9EncryptPrivateKey theirs = Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(
                Files.readString(GmsslInteropFiles.file("sm9enc-bob.key.pem")), p, id);
        // SM9 extraction is deterministic: the same master key and identity give the same de.
        assertThat(ours.encoded()).isEqualTo(theirs.encoded());

        Path msg = randomFile(dir, "msg.bin", 3_000, 21);
        ok("encrypt", "-r", s(dir.resolve("bob.pub")), "-i", s(msg), "-o", s(dir.resolve("m.gmf")));
        ok("decrypt", "-k", s(dir.resolve("bob.key")), "--key-passphrase-file", s(pw), "-i", s(dir.resolve("m.gmf")),
                "-o", s(dir.resolve("m.out")));
        assertThat(dir.resolve("m.out")).hasSameBinaryContentAs(msg);
    }
}
