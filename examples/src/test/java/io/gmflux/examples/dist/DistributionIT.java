package io.gmflux.examples.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a user gets it: examples/target/gmflux-VERSION.tar.gz (made at package) unpacked
 * into a temporary directory, and bin/gmflux run as a child process. Run by failsafe after package.
 */
class DistributionIT {

    @TempDir
    static Path unpacked;
    static Path home;
    static Path cache;

    /** What one run of bin/gmflux did. */
    record Run(int status, String out, String err) {
    }

    @BeforeAll
    static void unpack() throws Exception {
        Path archive = Path.of(System.getProperty("gmflux.dist.archive", "target/missing.tar.gz"));
        assertThat(archive).as("the distribution made at package").exists();
        Process tar = new ProcessBuilder("tar", "xzf", archive.toAbsolutePath().toString(), "-C", unpacked.toString())
                .inheritIO().start();
        assertThat(tar.waitFor()).isZero();
        try (Stream<Path> top = Files.list(unpacked)) {
            home = top.filter(p -> p.getFileName().toString().startsWith("gmflux-")).findFirst().orElseThrow();
        }
        cache = Files.createDirectories(unpacked.resolve("cache"));
    }

    private static Run gmflux(Path dir, Map<String, String> env, Path stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/gmflux").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        pb.environment().putAll(env);
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.redirectInput(stdin == null ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())
                : ProcessBuilder.Redirect.from(stdin.toFile()));
        Process p = pb.start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("gmflux %s finished", args[0]).isTrue();
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.ISO_8859_1), Files.readString(err));
    }

    private static Run gmflux(Path dir, String... args) throws Exception {
        return gmflux(dir, Map.of(), null, args);
    }

    @Test
    void hasTheLaunchersLibrariesCompletionAndManual() throws IOException {
        assertThat(home.resolve("bin/gmflux")).isExecutable();
        assertThat(home.resolve("bin/gmflux.bat")).isRegularFile();
        assertThat(home.resolve("README.txt")).content().contains("gmflux").doesNotContain("${project.version}");
        assertThat(home.resolve("completion/gmflux.bash")).content().contains("complete -F");
        assertThat(home.resolve("completion/gmflux.zsh")).content().contains("bashcompinit");
        assertThat(home.resolve("doc/man/gmflux-encrypt.adoc")).content().contains("--armor");
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            List<String> jars = lib.map(p -> p.getFileName().toString()).toList();
            assertThat(jars).anyMatch(j -> j.startsWith("gmflux-examples-")).anyMatch(j -> j.startsWith("picocli-"))
                    .noneMatch(j -> j.equals("gmflux.jar"));
        }
    }

    @Test
    void bouncyCastleJarKeepsItsSignature() throws IOException {
        Path bc;
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            bc = lib.filter(p -> p.getFileName().toString().startsWith("bcprov-")).findFirst().orElseThrow();
        }
        int signed = 0;
        try (JarFile jar = new JarFile(bc.toFile(), true)) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (entry.getName().endsWith(".class")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        in.transferTo(OutputStreamSink.INSTANCE); // a SecurityException if a digest is wrong
                    }
                    if (entry.getCodeSigners() != null) {
                        signed++;
                    }
                }
            }
        }
        assertThat(signed).as("signed classes in %s", bc.getFileName()).isGreaterThan(1000);
    }

    @Test
    void versionThenKeygenEncryptDecryptSignVerifyDigestFromTheUnpackedDistribution(@TempDir Path dir) throws Exception {
        Run version = gmflux(dir, "--version");
        assertThat(version.status()).as(version.err()).isZero();
        assertThat(version.out()).startsWith("gmflux " + System.getProperty("gmflux.version"));
        try (Stream<Path> archives = Files.list(cache.resolve("gmflux"))) {
            assertThat(archives).as("the class data sharing archive of the first run").anyMatch(p -> p.toString().endsWith(".jsa"));
        }
        assertThat(gmflux(dir, "--version").out()).isEqualTo(version.out());

        assertThat(gmflux(dir, "keygen", "sm2", "-o", "alice").status()).isZero();
        byte[] plain = new byte[1 << 20];
        new SplittableRandom(11).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Run enc = gmflux(dir, "encrypt", "-r", "alice.pub", "-i", "in.bin", "-o", "in.gmf");
        assertThat(enc.status()).as(enc.err()).isZero();
        Run dec = gmflux(dir, "decrypt", "-k", "alice.key", "-i", "in.gmf", "-o", "back.bin");
        assertThat(dec.status()).as(dec.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("back.bin"))).isEqualTo(plain);

        // stdin to stdout, armored, through pipes; GMFLUX_OPTS reaches the JVM.
        Run armored = gmflux(dir, Map.of("GMFLUX_OPTS", "-Xmx256m -Dgmflux.test=1"), in, "encrypt", "-r", "alice.pub", "--armor");
        assertThat(armored.status()).as(armored.err()).isZero();
        assertThat(armored.out()).startsWith("-----BEGIN GMFLUX ENCRYPTED FILE-----\n");
        Path asc = Files.writeString(dir.resolve("in.gmf.asc"), armored.out());
        Run fromArmor = gmflux(dir, Map.of(), asc, "decrypt", "-k", "alice.key");
        assertThat(fromArmor.status()).as(fromArmor.err()).isZero();
        assertThat(fromArmor.out().getBytes(StandardCharsets.ISO_8859_1)).isEqualTo(plain);

        assertThat(gmflux(dir, "sign", "-k", "alice.key", "-i", "in.bin", "-o", "in.sig").status()).isZero();
        Run verify = gmflux(dir, "verify", "-p", "alice.pub", "-s", "in.sig", "-i", "in.bin");
        assertThat(verify.status()).as(verify.err()).isZero();
        Run badVerify = gmflux(dir, "verify", "-p", "alice.pub", "-s", "in.sig", "-i", "in.gmf");
        assertThat(badVerify.status()).isEqualTo(3);
        assertThat(badVerify.err()).startsWith("gmflux verify: the signature does not verify");

        // SM9: a signature master key, alice's signing key, a detached signature checked for her identity.
        assertThat(gmflux(dir, "keygen", "sm9-sign-master", "-o", "skgc").status()).isZero();
        assertThat(gmflux(dir, "keygen", "sm9-sign-user", "-m", "skgc.key", "--id", "alice@example.com", "-o", "alice9")
                .status()).isZero();
        assertThat(gmflux(dir, "sign", "-k", "alice9.key", "-i", "in.bin", "-o", "in.sm9.sig").status()).isZero();
        Run verify9 = gmflux(dir, "verify", "-p", "skgc.pub", "--id", "alice@example.com", "-s", "in.sm9.sig", "-i", "in.bin");
        assertThat(verify9.status()).as(verify9.err()).isZero();
        assertThat(gmflux(dir, "verify", "-p", "skgc.pub", "--id", "bob@example.com", "-s", "in.sm9.sig", "-i", "in.bin")
                .status()).isEqualTo(3);

        Run digest = gmflux(dir, "digest", "in.bin");
        assertThat(digest.status()).isZero();
        assertThat(digest.out()).matches("[0-9a-f]{64}  in\\.bin\\R");

        Run usage = gmflux(dir, "encrypt", "--bogus");
        assertThat(usage.status()).isEqualTo(2);
    }

    @Test
    void passphraseProtectedKeysFromTheDistribution(@TempDir Path dir) throws Exception {
        Map<String, String> right = Map.of("P", "a passphrase from the environment");
        Map<String, String> wrong = Map.of("P", "another passphrase");
        Run keygen = gmflux(dir, right, null, "keygen", "sm2", "--passphrase-env", "P", "-o", "bob");
        assertThat(keygen.status()).as(keygen.err()).isZero();
        assertThat(Files.readString(dir.resolve("bob.key"))).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
        Path in = Files.writeString(dir.resolve("in.txt"), "keys at rest\n");
        assertThat(gmflux(dir, "encrypt", "-r", "bob.pub", "-i", "in.txt", "-o", "in.gmf").status()).isZero();

        Run dec = gmflux(dir, right, null, "decrypt", "-k", "bob.key", "--key-passphrase-env", "P", "-i", "in.gmf",
                "-o", "back.txt");
        assertThat(dec.status()).as(dec.err()).isZero();
        assertThat(dir.resolve("back.txt")).hasSameBinaryContentAs(in);
        Run sign = gmflux(dir, right, null, "sign", "-k", "bob.key", "--passphrase-env", "P", "-i", "in.txt", "-o", "in.sig");
        assertThat(sign.status()).as(sign.err()).isZero();
        assertThat(gmflux(dir, "verify", "-p", "bob.pub", "-s", "in.sig", "-i", "in.txt").status()).isZero();

        Run refused = gmflux(dir, wrong, null, "decrypt", "-k", "bob.key", "--key-passphrase-env", "P", "-i", "in.gmf",
                "-o", "refused.txt");
        assertThat(refused.status()).isEqualTo(6);
        assertThat(refused.err()).startsWith("gmflux decrypt: wrong passphrase for bob.key");
        assertThat(dir.resolve("refused.txt")).doesNotExist();
    }

    @Test
    void demoRunsFromTheDistribution(@TempDir Path dir) throws Exception {
        Run demo = gmflux(dir, "demo", "--size", "2m", "--kafka-records", "200");
        assertThat(demo.status()).as(demo.err()).isZero();
        assertThat(demo.out()).contains("exit status 3 (authentication failed), no tampered.out");
    }

    /**
     * lib/ ships gmflux-codecs as built: with the jdk25-vector profile a multi-release jar whose Java 18 version of
     * arith.UnsignedProducts (SM2's field products on Math.unsignedMultiplyHigh) Java 18+ loads; without it, no versions.
     */
    @Test
    void codecsJarIsMultiReleaseWhenBuiltWithJdk25() throws IOException {
        Path codecs;
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            codecs = lib.filter(p -> p.getFileName().toString().matches("gmflux-codecs-\\d.*\\.jar")).findFirst().orElseThrow();
        }
        try (JarFile jar = new JarFile(codecs.toFile())) {
            JarEntry versioned = jar.getJarEntry("META-INF/versions/18/io/gmflux/codecs/arith/UnsignedProducts.class");
            if (Boolean.getBoolean("gmflux.dist.vector")) {
                assertThat(jar.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
                assertThat(versioned).as(codecs + " carries the Java 18 version").isNotNull();
            } else {
                assertThat(versioned).as(codecs + " built without the jdk25-vector profile").isNull();
            }
        }
    }

    /**
     * The Vector API jar: in lib/jdk25/ when the jdk25-vector profile built it (never in lib/ itself), put
     * on the class path with the incubator module by bin/gmflux on Java 25+ only: Java 17 stays quiet on the
     * bitsliced engine; Java 25 tries the vector engine (accepted where the CPU runs its kernel fast, AVX-512
     * VBMI) and passes the known answers on the engine it reports; GMFLUX_VECTOR=0 turns it off.
     */
    /** The vector engine in use, or refused after its kernel ran (too slow here): never absent or still warming up. */
    private static final String VECTOR_TRIED =
            "SM4 constant-time engine: (vector-|bitsliced \\(vector engine not used: [^\\n]*kernel not fast)";

    @Test
    void vectorEngineOnJava25FromLibJdk25AndQuietOnJava17(@TempDir Path dir) throws Exception {
        Path jdk25Lib = home.resolve("lib/jdk25");
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            assertThat(lib.map(p -> p.getFileName().toString())).noneMatch(j -> j.startsWith("gmflux-codecs-vector"));
        }
        if (!Boolean.getBoolean("gmflux.dist.vector")) {
            assertThat(jdk25Lib).as("built without the jdk25-vector profile").doesNotExist();
            Run v = gmflux(dir, "--version");
            assertThat(v.out()).contains("SM4 constant-time engine: bitsliced (vector engine not used: gmflux-codecs-vector not on the class path)");
            return;
        }
        try (Stream<Path> jars = Files.list(jdk25Lib)) {
            assertThat(jars.map(p -> p.getFileName().toString())).anyMatch(j -> j.startsWith("gmflux-codecs-vector-"));
        }

        Run on17 = gmflux(dir, Map.of("JAVA_HOME", System.getProperty("java.home")), null, "--version");
        assertThat(on17.status()).as(on17.err()).isZero();
        assertThat(on17.out()).contains("SM4 constant-time engine: bitsliced (vector engine not used: gmflux-codecs-vector not on the class path)");
        assertThat(on17.err()).isEmpty();

        Path jdk25 = Path.of(System.getProperty("gmflux.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(jdk25.resolve("bin/java")), "no JDK 25 at " + jdk25);
        Run on25 = gmflux(dir, Map.of("JAVA_HOME", jdk25.toString()), null, "--version");
        assertThat(on25.status()).as(on25.err()).isZero();
        // the launcher's part: jar and module present, so the kernel was built and timed; whether it is accepted
        // depends on the CPU (AVX-512 VBMI) and, through its timing, on how loaded the machine is
        assertThat(on25.out()).contains("Java 25").containsPattern(VECTOR_TRIED);
        assertThat(on25.err()).as("only the JVM's notice of the incubator module").isIn("", "WARNING: Using incubator modules: jdk.incubator.vector\n");

        Run selftest = gmflux(dir, Map.of("JAVA_HOME", jdk25.toString()), null, "selftest", "--no-speed");
        assertThat(selftest.status()).as(selftest.out() + selftest.err()).isZero();
        assertThat(selftest.out()).containsPattern(VECTOR_TRIED);

        Run off = gmflux(dir, Map.of("JAVA_HOME", jdk25.toString(), "GMFLUX_VECTOR", "0"), null, "--version");
        assertThat(off.out()).contains("SM4 constant-time engine: bitsliced (vector engine not used: gmflux-codecs-vector not on the class path)");
        assertThat(off.err()).isEmpty();
    }

    @Test
    void refusesAJavaOlderThan17OrMissing(@TempDir Path dir) throws Exception {
        Path fakeHome = Files.createDirectories(dir.resolve("old-jdk/bin"));
        Path fakeJava = fakeHome.resolve("java");
        Files.writeString(fakeJava, "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
        fakeJava.toFile().setExecutable(true);
        Run old = gmflux(dir, Map.of("JAVA_HOME", dir.resolve("old-jdk").toString()), null, "--version");
        assertThat(old.status()).isEqualTo(2);
        assertThat(old.err()).contains("Java 11.0.2").contains("needs Java 17 or later");

        Run missing = gmflux(dir, Map.of("JAVA_HOME", dir.resolve("nowhere").toString()), null, "--version");
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("JAVA_HOME is set to");
    }

    /** Discards bytes. */
    private static final class OutputStreamSink extends java.io.OutputStream {
        static final OutputStreamSink INSTANCE = new OutputStreamSink();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
