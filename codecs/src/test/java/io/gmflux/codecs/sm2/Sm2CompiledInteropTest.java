package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * SM2 after C2 has compiled it (key exchange, signatures, encryption), checked against BouncyCastle, in a child JVM with a
 * fresh profile and the JIT's default flags (issue 3's miscompile showed only there, and only to an
 * independent peer): see {@link CompiledSm2Check}. Fails within seconds on the code before
 * the fix in {@code Sm3.store}. Run again by gmflux-codecs-vector on JDK 25, where the child uses the Vector API row scan
 * as the test's JVM does.
 */
class Sm2CompiledInteropTest {

    @Test
    void compiledKeyExchangeSignaturesAndCiphertextsAgreeWithBouncyCastle() throws Exception {
        Path out = Files.createTempFile("gmflux-compiled-sm2", ".log");
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path")));
            // run by codecs-vector on JDK 25 too: the child then gets the same row scan as this JVM
            if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
                command.addAll(List.of("--add-modules", "jdk.incubator.vector"));
            }
            String mode = System.getProperty(AffineRowScanners.PROPERTY);
            if (mode != null) {
                command.add("-D" + AffineRowScanners.PROPERTY + "=" + mode);
            }
            command.addAll(List.of(CompiledSm2Check.class.getName(), "12000"));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean done = p.waitFor(240, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            String log = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(done).as("child JVM finished; output:%n%s", log).isTrue();
            assertThat(p.exitValue()).as("child JVM exit status; output:%n%s", log).isZero();
            assertThat(log).contains("all agreed");
            String here = AffineRowScanners.jvmWide().await(Duration.ofMinutes(2));
            assertThat(log).as("the child's row scan").contains(here.startsWith("scalar") ? "row scan: scalar" : "row scan: " + here);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
