package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * SM2 after C2 has compiled it (key exchange, signatures, encryption), checked against BouncyCastle, in a child JVM with a
 * fresh profile and the JIT's default flags (issue 3's miscompile showed only there, and only to an
 * independent peer): see {@link CompiledSm2Check}. Fails within seconds on the code before
 * the fix in {@code Sm3.store}.
 */
class Sm2CompiledInteropTest {

    @Test
    void compiledKeyExchangeSignaturesAndCiphertextsAgreeWithBouncyCastle() throws Exception {
        Path out = Files.createTempFile("gmflux-compiled-sm2", ".log");
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                    CompiledSm2Check.class.getName(), "12000"))
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean done = p.waitFor(240, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            String log = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(done).as("child JVM finished; output:%n%s", log).isTrue();
            assertThat(p.exitValue()).as("child JVM exit status; output:%n%s", log).isZero();
            assertThat(log).contains("all agreed");
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
