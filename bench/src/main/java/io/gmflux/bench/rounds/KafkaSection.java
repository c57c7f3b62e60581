package io.gmflux.bench.rounds;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's Kafka section: {@code io.gmflux.bench.kafka.KafkaThroughput} (plaintext, SM4-GCM on the
 * table engine and on the constant-time one, the framing-only control) in a child JVM on this JDK and,
 * when given, in one on JDK 25 with the Vector API module and gmflux-codecs-vector (the vector path).
 * Each child writes its markdown to a file; a failed child leaves a line saying so.
 */
final class KafkaSection {

    /** The pipes besides plaintext: SM4-GCM table and constant-time, and the cryptography-free control. */
    static final String PIPES = "sm4gcm|plainframed";

    /**
     * One JDK's run.
     *
     * @param jdk "JDK 17" or "JDK 25"
     * @param summary the table and the verdict (or why there is none)
     * @param rounds the per-round evidence, empty if the run failed
     */
    record Part(String jdk, String summary, String rounds) {

        /** The run's bold bar line, or null. */
        String verdict() {
            return summary.lines().filter(l -> l.startsWith("**Bar")).findFirst().orElse(null);
        }
    }

    private final boolean quick;
    private final PrintStream log;

    KafkaSection(boolean quick, PrintStream log) {
        this.quick = quick;
        this.log = log;
    }

    /** Runs this JDK's part, then JDK 25's when {@code jdk25} is a JDK. */
    List<Part> run(Path jdk25, String vectorJar) {
        List<Part> parts = new ArrayList<>();
        String here = "JDK " + Runtime.version().feature();
        parts.add(child(here, Paths.get(System.getProperty("java.home")), List.of(), ""));
        if (jdk25 != null && Files.isExecutable(jdk25.resolve("bin").resolve("java"))) {
            parts.add(child("JDK 25", jdk25, List.of("--add-modules", PerformanceReport.VECTOR_MODULE, PerformanceReport.NATIVE_ACCESS),
                    vectorJar == null ? "" : File.pathSeparator + vectorJar));
        }
        return parts;
    }

    private Part child(String jdk, Path home, List<String> jvmArgs, String extraClassPath) {
        long t0 = System.nanoTime();
        try {
            Path out = Files.createTempFile("gmflux-kafka", ".md");
            List<String> cmd = new ArrayList<>(List.of(home.resolve("bin").resolve("java").toString(), "-Xms1g", "-Xmx1g"));
            cmd.addAll(jvmArgs);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path") + extraClassPath,
                    "io.gmflux.bench.kafka.KafkaThroughput", "--pipes", PIPES, "--out", out.toString()));
            if (quick) {
                cmd.add("--quick");
            }
            log.println("[kafka] " + String.join(" ", cmd));
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            int rc = p.waitFor();
            String md = Files.readString(out, StandardCharsets.UTF_8);
            Files.delete(out);
            log.printf(java.util.Locale.ROOT, "[kafka] %s: exit %d after %.1f min%n", jdk, rc, (System.nanoTime() - t0) / 60e9);
            if (rc != 0 || md.isBlank()) {
                return new Part(jdk, "Not measured: the run exited with " + rc + " (see the log).\n", "");
            }
            String mark = "<!-- kafka rounds -->";
            int at = md.indexOf(mark);
            return at < 0 ? new Part(jdk, md, "") : new Part(jdk, md.substring(0, at), md.substring(at + mark.length()));
        } catch (IOException | InterruptedException | RuntimeException e) {
            log.println("[kafka] " + jdk + " failed: " + e);
            return new Part(jdk, "Not measured: " + e + ".\n", "");
        }
    }
}
