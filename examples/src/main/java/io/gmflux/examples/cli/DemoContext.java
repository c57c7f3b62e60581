package io.gmflux.examples.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/**
 * What the steps of {@code gmflux demo} share: a scratch directory, the key files made so far
 * (public file to private file, by name), the sample and sealed files, and a throughput table.
 * Not thread-safe (steps run one after the other).
 */
final class DemoContext {

    /** A key pair on disk: the file senders use and the one its owner decrypts with. */
    record KeyFiles(String name, Path recipient, Path privateKey) {
    }

    final Path dir;
    final PrintWriter out;
    final long sampleBytes;
    final List<KeyFiles> keys = new ArrayList<>();
    final Map<String, Path> files = new LinkedHashMap<>();
    private final List<String> speeds = new ArrayList<>();

    DemoContext(Path dir, PrintWriter out, long sampleBytes) {
        this.dir = dir;
        this.out = out;
        this.sampleBytes = sampleBytes;
    }

    /**
     * Runs a gmflux subcommand in-process (the same code as on the command line) with its stderr
     * notes ("wrote alice.key ...") held back; fails on a non-zero status with its one-line reason.
     */
    void gmflux(String... args) {
        java.io.StringWriter err = new java.io.StringWriter();
        int status = gmfluxStatus(err, args);
        if (status != 0) {
            throw new IllegalStateException("gmflux " + String.join(" ", args) + " failed: " + err.toString().trim());
        }
    }

    /** Runs a gmflux subcommand in-process as {@link #gmflux} does; returns its exit status, its error line in {@code err}. */
    int gmfluxStatus(java.io.StringWriter err, String... args) {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream notes = new java.io.ByteArrayOutputStream();
        // Before the CommandLine is made: picocli's default execution strategy keeps the System.err of that
        // moment and, if System.err has changed since, puts it back in place of setErr's writer.
        System.setErr(new java.io.PrintStream(notes, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            CommandLine cl = GmfluxCommand.newCommandLine();
            cl.setErr(new PrintWriter(err, true));
            return cl.execute(args);
        } finally {
            System.setErr(stderr);
        }
    }

    /** Times {@code work} over {@code bytes} and records the throughput under {@code what}. */
    void timed(String what, long bytes, ThrowingRunnable work) throws Exception {
        long start = System.nanoTime();
        work.run();
        double secs = (System.nanoTime() - start) / 1e9;
        String line = String.format(Locale.ROOT, "%-40s %8.1f MiB/s  (%.2f s)", what, bytes / 1048576.0 / secs, secs);
        speeds.add(line);
        out.println("  " + line);
        out.flush();
    }

    List<String> speeds() {
        return speeds;
    }

    /** A step's body that may throw. */
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
