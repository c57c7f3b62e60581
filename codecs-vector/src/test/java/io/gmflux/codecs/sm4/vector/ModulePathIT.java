package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm4.Sm4;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gmflux-codecs and this jar on the module path of a Java 25 JVM that names only io.gmflux.codecs: the module system
 * binds this automatic module to the codecs module's "uses" (from its META-INF/services), and codecs constructs the
 * provider reflectively (its package is readable from codecs). As on the class path, the Vector API engine is used
 * only when the application enables jdk.incubator.vector. The unit tests run on the class path.
 */
class ModulePathIT {

    /** A program on the class path (a source file) that reports what the module graph and the engine choice are. */
    private static final String PROBE = """
            public class Probe {
                public static void main(String[] args) throws Exception {
                    System.out.println("vector module: " + ModuleLayer.boot().findModule("io.gmflux.codecs.vector").isPresent());
                    System.out.println("codecs named: " + io.gmflux.codecs.sm4.Sm4.class.getModule().isNamed());
                    System.out.println("engine: " + io.gmflux.codecs.sm4.Sm4.awaitConstantTimeEngine(java.time.Duration.ofSeconds(60)));
                }
            }
            """;

    @Test
    void theModuleSystemFindsTheProviderAndCodecsConstructsIt(@TempDir Path dir) throws Exception {
        List<String> out = probe(dir, "--add-modules", "io.gmflux.codecs,jdk.incubator.vector");

        assertThat(out).contains("vector module: true", "codecs named: true");
        String engine = engineLine(out);
        // Accepted on an AVX-512 VBMI core; elsewhere refused by the provider's own constructor, with its reason.
        assertThat(engine).matches("engine: (vector-512 .*|bitsliced \\(vector engine not used: "
                + "(preferred vector size is .*|512-bit kernel not fast after warm-up.*)\\))");
    }

    @Test
    void withoutTheIncubatorModuleTheProviderRefusesAsOnTheClassPath(@TempDir Path dir) throws Exception {
        List<String> out = probe(dir, "--add-modules", "io.gmflux.codecs");

        assertThat(out).contains("vector module: true", "codecs named: true");
        assertThat(engineLine(out)).isEqualTo("engine: bitsliced (vector engine not used: "
                + "module jdk.incubator.vector not enabled (java --add-modules jdk.incubator.vector))");
    }

    private static String engineLine(List<String> out) {
        return out.stream().filter(l -> l.startsWith("engine: ")).findFirst().orElseThrow(() ->
                new AssertionError("no engine line in " + out));
    }

    private static List<String> probe(Path dir, String... modules) throws IOException, InterruptedException {
        Path codecs = location(Sm4.class);
        Path vector = Path.of(System.getProperty("gmflux.vector.jar"));
        assertThat(vector).as("the packaged jar").isRegularFile();
        Path source = Files.writeString(dir.resolve("Probe.java"), PROBE);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("gmflux.jdk25"), "bin", "java")
                .toString(), "--module-path", codecs + File.pathSeparator + vector));
        command.addAll(List.of(modules));
        command.add(source.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as("probe finished: " + output).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return output.lines().toList();
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
