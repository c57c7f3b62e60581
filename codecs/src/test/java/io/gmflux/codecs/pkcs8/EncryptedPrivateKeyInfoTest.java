package io.gmflux.codecs.pkcs8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo.Prf;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.testing.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EncryptedPrivateKeyInfoTest {

    private static final SecureRandom RANDOM = seeded(81);
    private static final Sm2PrivateKey KEY = Sm2PrivateKey.generate(RANDOM);
    private static final char[] PASS = "correct horse battery staple".toCharArray();

    private static SecureRandom seeded(long seed) {
        Random r = new Random(seed);
        return new SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public void nextBytes(byte[] bytes) {
                r.nextBytes(bytes);
            }
        };
    }

    @Test
    void bothWrittenFormsRoundTrip() throws Exception {
        for (Prf prf : Prf.values()) {
            String pem = Sm2KeyEncoding.toEncryptedPem(KEY, PASS, prf, 2_000, RANDOM);
            EncryptedPrivateKeyInfo info = EncryptedPrivateKeyInfo.fromPem(pem);
            assertThat(info.prf()).isEqualTo(prf);
            assertThat(info.encryptionScheme()).isEqualTo(EncryptedPrivateKeyInfo.EncryptionScheme.SM4_CBC);
            assertThat(info.iterations()).isEqualTo(2_000);
            assertThat(Sm2KeyEncoding.privateKeyFromEncryptedPem(pem, PASS).toBytes()).as(prf.name())
                    .isEqualTo(KEY.toBytes());
            assertThat(info.decrypt(PASS)).isEqualTo(Sm2KeyEncoding.toPkcs8(KEY));
        }
        // Fresh salt and IV every time: the same key and passphrase never give the same file.
        assertThat(Sm2KeyEncoding.toEncryptedPem(KEY, PASS, Prf.HMAC_SM3, 1_000, RANDOM))
                .isNotEqualTo(Sm2KeyEncoding.toEncryptedPem(KEY, PASS, Prf.HMAC_SM3, 1_000, RANDOM));
    }

    @Test
    void aNonAsciiPassphraseIsUtf8InBothForms() throws Exception {
        char[] pass = "pässwörd ✓ 密码".toCharArray();
        for (Prf prf : Prf.values()) {
            String pem = Sm2KeyEncoding.toEncryptedPem(KEY, pass, prf, 1_000, RANDOM);
            assertThat(Sm2KeyEncoding.privateKeyFromEncryptedPem(pem, pass).toBytes()).isEqualTo(KEY.toBytes());
        }
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.encrypt(Sm2KeyEncoding.toPkcs8(KEY), new char[] {'a', '\ud800'},
                Prf.HMAC_SM3, 1_000, RANDOM)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("UTF-16");
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.encrypt(Sm2KeyEncoding.toPkcs8(KEY), new char[0],
                Prf.HMAC_SHA256, 1_000, RANDOM)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
    }

    /** GmSSL's form, field for field: only salt and IV (random) and the ciphertext differ. */
    @Test
    void theSm3FormHasGmsslsLayout() throws Exception {
        byte[] gmssl = EncryptedPrivateKeyInfo.fromPem(SharedFiles.gmsslText("sm2-1.key.pem")).toDer();
        byte[] ours = EncryptedPrivateKeyInfo.encrypt(Sm2KeyEncoding.toPkcs8(KEY), PASS, Prf.HMAC_SM3, 65_536, RANDOM)
                .toDer();
        assertThat(algorithmWithoutSaltAndIv(ours)).isEqualTo(algorithmWithoutSaltAndIv(gmssl));
    }

    private static String algorithmWithoutSaltAndIv(byte[] der) throws Exception {
        DerReader alg = DerReader.single(der, 0x30).readSequence();
        String pbes2 = alg.readOid();
        DerReader p = alg.readSequence();
        DerReader kdf = p.readSequence();
        String pbkdf2 = kdf.readOid();
        DerReader params = kdf.readSequence();
        params.readOctetString();
        String rest = params.readBigInteger() + " " + params.readBigInteger() + " " + hex(params.readRawElement());
        params.expectEnd();
        DerReader enc = p.readSequence();
        return pbes2 + " " + pbkdf2 + " " + rest + " " + enc.readOid() + " iv " + enc.readOctetString().length;
    }

    private static String hex(byte[] b) {
        return io.gmflux.codecs.bytes.Hex.encode(b);
    }

    @Test
    void aWrongPassphraseIsTypedAndReturnsNothing() throws Exception {
        for (Prf prf : Prf.values()) {
            String pem = Sm2KeyEncoding.toEncryptedPem(KEY, PASS, prf, 1_000, RANDOM);
            for (String wrong : new String[] {"correct horse battery stapl", "Correct horse battery staple", "x"}) {
                assertThatThrownBy(() -> EncryptedPrivateKeyInfo.fromPem(pem).decrypt(wrong.toCharArray()))
                        .as("%s, passphrase %s", prf, wrong).isInstanceOf(WrongPassphraseException.class)
                        .hasMessage("wrong passphrase, or the encrypted private key was altered");
            }
        }
    }

    /** PBES2 has no MAC: every altered byte must still end in a typed refusal, never in a key. */
    @Test
    void everyTamperedByteIsRefused() throws Exception {
        byte[] der = EncryptedPrivateKeyInfo.encrypt(Sm2KeyEncoding.toPkcs8(KEY), PASS, Prf.HMAC_SM3, 1_000, RANDOM)
                .toDer();
        Random rnd = new Random(82);
        for (int i = 0; i < der.length; i++) {
            byte[] t = der.clone();
            t[i] ^= (byte) (1 << rnd.nextInt(8));
            int at = i;
            assertThatThrownBy(() -> Sm2KeyEncoding.privateKeyFromPkcs8(EncryptedPrivateKeyInfo.fromDer(t).decrypt(PASS)))
                    .as("byte %d of %d (seed 82)", at, der.length).isInstanceOf(InvalidKeyException.class);
        }
        byte[] truncated = java.util.Arrays.copyOf(der, der.length - 16);
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.fromDer(truncated)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("malformed");
    }

    /** A file asking for two billion iterations would cost minutes: it is refused before any work. */
    @Test
    void absurdOrTinyIterationCountsAreRefusedBeforeWork() {
        for (long iterations : new long[] {2_000_000_000L, 10_000_001L, 1L << 40, 999, 1, 0, -1}) {
            byte[] der = crafted(iterations, Prf.HMAC_SM3.oid(), "1.2.156.10197.1.104.2", null);
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThatThrownBy(() -> EncryptedPrivateKeyInfo
                    .fromDer(der)).as("%d iterations", iterations).isInstanceOf(InvalidKeyException.class)
                    .hasMessageContaining("iteration count"));
        }
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.encrypt(Sm2KeyEncoding.toPkcs8(KEY), PASS, Prf.HMAC_SM3,
                10_000_001, RANDOM)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unsupportedAlgorithmsAndParametersAreRefusedByName() {
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.fromDer(crafted(2048, "1.2.840.113549.2.7",
                "1.2.156.10197.1.104.2", null))).hasMessageContaining("unsupported PBKDF2 PRF 1.2.840.113549.2.7");
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.fromDer(crafted(2048, null, "1.2.156.10197.1.104.2", null)))
                .hasMessageContaining("hmacWithSHA1");
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.fromDer(crafted(2048, Prf.HMAC_SHA256.oid(),
                "1.2.840.113549.3.7", null))).hasMessageContaining("unsupported PBES2 encryption scheme");
        assertThatThrownBy(() -> EncryptedPrivateKeyInfo.fromDer(crafted(2048, Prf.HMAC_SHA256.oid(),
                "2.16.840.1.101.3.4.1.42", 16L))).hasMessageContaining("keyLength 16 does not match AES_256_CBC");
    }

    /** An EncryptedPrivateKeyInfo with the given PBKDF2 parameters (prf null: absent, the SHA-1 default). */
    private static byte[] crafted(long iterations, String prfOid, String cipherOid, Long keyLength) {
        return new DerWriter().sequence(top -> top
                .sequence(alg -> alg.oid("1.2.840.113549.1.5.13").sequence(p -> p
                        .sequence(kdf -> kdf.oid("1.2.840.113549.1.5.12").sequence(k -> {
                            k.octetString(new byte[16]).integer(java.math.BigInteger.valueOf(iterations));
                            if (keyLength != null) {
                                k.integer(keyLength);
                            }
                            if (prfOid != null) {
                                k.sequence(a -> a.oid(prfOid).nullValue());
                            }
                        }))
                        .sequence(e -> e.oid(cipherOid).octetString(new byte[16]))))
                .octetString(new byte[64])).toByteArray();
    }

    // ---- OpenSSL, when its command is on the PATH

    private static void assumeOpenssl() {
        boolean present;
        try {
            present = run(List.of("openssl", "version"), null) == 0;
        } catch (IOException e) {
            present = false;
        }
        Assumptions.assumeTrue(present, "openssl not found on the PATH: skipping the OpenSSL interop test");
    }

    private static int run(List<String> command, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.redirectOutput(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(log.toFile()));
        Process p = pb.start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        return p.exitValue();
    }

    @Test
    void opensslReadsTheSha256FormWithANonAsciiPassphrase(@TempDir Path dir) throws Exception {
        assumeOpenssl();
        String pass = "pässwörd ✓";
        Path passFile = dir.resolve("pass.txt");
        Files.write(passFile, pass.getBytes(StandardCharsets.UTF_8));
        Path key = dir.resolve("gmflux-written.pem");
        Files.writeString(key, Sm2KeyEncoding.toEncryptedPem(KEY, pass.toCharArray(), Prf.HMAC_SHA256, 10_000, RANDOM));
        Path pub = dir.resolve("pub.pem");
        Path log = dir.resolve("log.txt");
        int rc = run(List.of("openssl", "pkey", "-in", key.toString(), "-passin", "file:" + passFile, "-pubout",
                "-out", pub.toString()), log);
        assertThat(rc).as("openssl pkey: %s", Files.readString(log)).isZero();
        assertThat(Sm2KeyEncoding.publicKeyFromPem(Files.readString(pub))).isEqualTo(KEY.publicKey());
        assertThat(run(List.of("openssl", "pkey", "-in", key.toString(), "-passin", "pass:wrong", "-noout"), null))
                .as("openssl with a wrong passphrase").isNotZero();
    }

    @Test
    void gmfluxReadsWhatOpensslPkcs8Writes(@TempDir Path dir) throws Exception {
        assumeOpenssl();
        Path plain = dir.resolve("plain.pem");
        Files.writeString(plain, Sm2KeyEncoding.toPem(KEY));
        List<List<String>> variants = new ArrayList<>();
        variants.add(List.of("-v2", "sm4-cbc", "-v2prf", "hmacWithSHA256"));
        variants.add(List.of("-v2", "aes-256-cbc"));
        variants.add(List.of("-v2", "aes-128-cbc", "-v2prf", "hmacWithSHA256"));
        for (List<String> v : variants) {
            Path out = dir.resolve("openssl-written.pem");
            Path log = dir.resolve("log.txt");
            List<String> cmd = new ArrayList<>(List.of("openssl", "pkcs8", "-topk8", "-in", plain.toString(),
                    "-passout", "pass:gmflux-openssl", "-out", out.toString()));
            cmd.addAll(v);
            assertThat(run(cmd, log)).as("%s: %s", cmd, Files.readString(log)).isZero();
            String pem = Files.readString(out);
            assertThat(Sm2KeyEncoding.privateKeyFromEncryptedPem(pem, "gmflux-openssl".toCharArray()).toBytes())
                    .as(v.toString()).isEqualTo(KEY.toBytes());
            assertThatThrownBy(() -> Sm2KeyEncoding.privateKeyFromEncryptedPem(pem, "gmflux-openss".toCharArray()))
                    .as(v.toString()).isInstanceOf(WrongPassphraseException.class);
        }
    }
}
