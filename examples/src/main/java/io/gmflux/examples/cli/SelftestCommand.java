package io.gmflux.examples.cli;

import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.examples.selftest.AlgorithmCheck;
import io.gmflux.examples.selftest.AlgorithmResult;
import io.gmflux.examples.selftest.KnownAnswerTests;
import io.gmflux.examples.selftest.KnownAnswers;
import io.gmflux.examples.selftest.RoughSpeed;
import io.gmflux.examples.selftest.SpeedProbe;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux selftest}: runs the known-answer tests of every algorithm in this build against
 * the standards' vectors embedded in the jar, prints one line per algorithm, then a rough speed
 * table. Exit status 0 only if every vector passed; 1 with a one-line reason otherwise.
 *
 * <p>The vectors are a constructor parameter so that tests can run the command on a corrupted
 * set; the command line uses {@link KnownAnswers#embedded()}.
 */
@Command(name = "selftest",
        mixinStandardHelpOptions = true,
        versionProvider = GmfluxCommand.Version.class,
        description = {
            "Runs the known-answer tests of every algorithm, then a rough speed table.",
            "The vectors are the standards' worked examples, embedded in this jar.",
            "Speed figures are rough, not a benchmark (see bench/README.md).",
            "Exit status: 0 if every vector passed, 1 if any failed, 2 on a usage error."
        })
public final class SelftestCommand implements Callable<Integer> {

    @Option(names = "--no-speed", description = "Skip the rough speed table.")
    boolean noSpeed;

    @Option(names = "--speed-seconds", paramLabel = "<seconds>", defaultValue = "1.0",
            description = "Measuring time per speed row (default: ${DEFAULT-VALUE}).")
    double speedSeconds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final KnownAnswers vectors;

    /** The command on the embedded vectors. */
    public SelftestCommand() {
        this(KnownAnswers.embedded());
    }

    /** The command on the given vectors. */
    public SelftestCommand(KnownAnswers vectors) {
        this.vectors = Objects.requireNonNull(vectors, "vectors");
    }

    @Override
    public Integer call() throws Exception {
        if (!(speedSeconds > 0) || speedSeconds > 60) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--speed-seconds must be in (0, 60], got " + speedSeconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();

        List<AlgorithmCheck> checks = KnownAnswerTests.available();
        out.println("gmflux selftest: known-answer tests on the vectors embedded in this jar");
        // waits for the engine choice, so the known answers below check the engine that runs (the vector one on Java 25)
        out.println("SM4 constant-time engine: " + GmfluxCommand.constantTimeEngine());
        out.println("GHASH of constant-time GCM: " + Sm4.constantTimeGhashName());
        out.println("SM4 engine by default (auto) for keys made now: " + EngineChoice.AUTO.resolve().label());
        out.println();
        List<AlgorithmResult> results = KnownAnswerTests.run(vectors, checks);
        printResults(out, results);
        out.flush();

        List<AlgorithmResult> failed = results.stream().filter(r -> !r.ok()).toList();
        if (!failed.isEmpty()) {
            for (AlgorithmResult r : failed) {
                for (AlgorithmResult.Failure f : r.failures()) {
                    err.println("  " + r.name() + (f.vectorId() == null ? "" : " " + f.vectorId()) + ": " + f.reason());
                }
            }
            int vectorFailures = results.stream().mapToInt(r -> r.vectors() - r.passed()).sum();
            err.println("gmflux selftest: FAILED: " + vectorFailures + " vector(s) failed in "
                    + failed.stream().map(AlgorithmResult::name).collect(Collectors.joining(", ")));
            err.flush();
            return 1;
        }
        int total = results.stream().mapToInt(AlgorithmResult::vectors).sum();
        out.println();
        out.println("All " + total + " vectors of " + results.size() + " algorithm(s) passed.");

        if (!noSpeed) {
            out.println();
            printSpeed(out);
        }
        out.flush();
        return 0;
    }

    private static void printResults(PrintWriter out, List<AlgorithmResult> results) {
        int nameWidth = Math.max("Algorithm".length(),
                results.stream().mapToInt(r -> r.name().length()).max().orElse(0));
        String format = "%-" + nameWidth + "s  %7s  %-6s  %s%n";
        out.printf(Locale.ROOT, format, "Algorithm", "Vectors", "Result", "Source");
        for (AlgorithmResult r : results) {
            out.printf(Locale.ROOT, format, r.name(), r.passed() + "/" + r.vectors(), r.ok() ? "PASS" : "FAIL", r.source());
        }
    }

    private void printSpeed(PrintWriter out) throws Exception {
        List<SpeedProbe> probes = RoughSpeed.available();
        out.printf(Locale.ROOT, "Rough speed, one thread, %.1f s per row: an order of magnitude, NOT a benchmark%n", speedSeconds);
        out.println("(the measurement is JMH against BouncyCastle and Kona in bench/, see bench/README.md)");
        out.println();
        int nameWidth = Math.max("Operation".length(), probes.stream().mapToInt(p -> p.name().length()).max().orElse(0));
        String format = "%-" + nameWidth + "s  %8s%n";
        out.printf(Locale.ROOT, format, "Operation", "MB/s");
        for (SpeedProbe p : probes) {
            double mbps = RoughSpeed.megabytesPerSecond(p, speedSeconds);
            out.printf(Locale.ROOT, format, p.name(), String.format(Locale.ROOT, "%.0f", mbps));
            out.flush();
        }
    }
}
