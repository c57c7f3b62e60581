package io.gmflux.bench.rounds;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Compares gmflux with its peers in alternating rounds inside one JMH session.
 *
 * <p>Why: these machines alternate between fast and slow phases lasting tens of seconds, and
 * table-driven code loses more in a slow phase than BouncyCastle does, so two back-to-back JMH runs
 * can disagree by more than the difference being measured. Here every round runs every
 * implementation of an operation once, with short iterations, in forward order on even rounds and
 * reverse order on odd ones; a ratio gmflux/peer is only ever formed between two runs of the same
 * round, and the table quotes the median of those per-round ratios.
 *
 * <p>Run from the repository root:
 * <pre>
 * java -Djmh.ignoreLock=true -cp bench/target/benchmarks.jar io.gmflux.bench.rounds.AlternatingRounds \
 *     --ops 'sm4Ctr64k|sm3.*1k' --rounds 5 --time 1
 * </pre>
 * The table goes to stdout and to {@code bench/target/rounds.md}; progress goes to stderr.
 *
 * <p>Forking: by default every run happens in this JVM ({@code --forks 0}), which keeps a run short
 * enough for rounds to interleave within one machine phase; {@code --forks 1} gives each run a fresh
 * JVM (no profile sharing between implementations, but a JVM start and a full warm-up per run).
 * See bench/README.md for when to prefer which.
 */
public final class AlternatingRounds {

    private static final String USAGE = """
            Usage: java -Djmh.ignoreLock=true -cp bench/target/benchmarks.jar io.gmflux.bench.rounds.AlternatingRounds [options]
              --ops <regex>        operations to compare (regex found in the operation name, e.g. 'sm4Ctr64k|sm3'); default: all
              --rounds <n>         rounds (default 5)
              --time <seconds>     length of one measurement iteration (default 1)
              --iterations <n>     measurement iterations per run (default 2)
              --warmup <n>         warm-up iterations per run, same length (default 1)
              --forks <0|1>        0: every run in this JVM (default); 1: a fresh JVM per run
              --out <file>         markdown copy of the table (default bench/target/rounds.md)
              --list               list the operations and implementations found, and exit
              --help               this text
            Benchmarks must be named <operation>_<implementation> (sm4Ctr64k_gmflux, sm4Ctr64k_bc, ...);
            the payload size is read from the end of the operation name (32b, 1k, 64k, 1m).
            """;

    private AlternatingRounds() {
    }

    /** Parsed command line. */
    record Settings(Pattern ops, int rounds, double seconds, int iterations, int warmup, int forks, Path out,
                    boolean list) {

        static Settings parse(String[] args) {
            Pattern ops = Pattern.compile(".*");
            int rounds = 5;
            double seconds = 1;
            int iterations = 2;
            int warmup = 1;
            int forks = 0;
            Path out = Paths.get("bench", "target", "rounds.md");
            boolean list = false;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--ops" -> ops = Pattern.compile(value(args, ++i, a));
                    case "--rounds" -> rounds = positive(a, Integer.parseInt(value(args, ++i, a)));
                    case "--time" -> seconds = Double.parseDouble(value(args, ++i, a));
                    case "--iterations" -> iterations = positive(a, Integer.parseInt(value(args, ++i, a)));
                    case "--warmup" -> warmup = Integer.parseInt(value(args, ++i, a));
                    case "--forks" -> forks = Integer.parseInt(value(args, ++i, a));
                    case "--out" -> out = Paths.get(value(args, ++i, a));
                    case "--list" -> list = true;
                    case "--help", "-h" -> throw new UsageException(null);
                    default -> throw new UsageException("unknown option " + a);
                }
            }
            if (!(seconds > 0)) {
                throw new UsageException("--time must be positive");
            }
            if (warmup < 0) {
                throw new UsageException("--warmup must not be negative");
            }
            if (forks != 0 && forks != 1) {
                throw new UsageException("--forks must be 0 or 1");
            }
            return new Settings(ops, rounds, seconds, iterations, warmup, forks, out, list);
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new UsageException(option + " needs a value");
            }
            return args[i];
        }

        private static int positive(String option, int v) {
            if (v <= 0) {
                throw new UsageException(option + " must be positive");
            }
            return v;
        }
    }

    /** A command-line mistake; {@code null} message means "just print the usage". */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    public static void main(String[] args) throws Exception {
        // Several engineers share this machine; JMH's global lock would serialize or fail their runs.
        if (System.getProperty("jmh.ignoreLock") == null) {
            System.setProperty("jmh.ignoreLock", "true");
        }
        Settings s;
        try {
            s = Settings.parse(args);
        } catch (UsageException | IllegalArgumentException e) {
            if (e.getMessage() != null) {
                System.err.println("AlternatingRounds: " + e.getMessage());
            }
            System.err.print(USAGE);
            System.exit(e.getMessage() == null ? 0 : 2);
            return;
        }
        Map<String, List<BenchmarkName>> operations = discover(s.ops());
        if (operations.isEmpty()) {
            System.err.println("AlternatingRounds: no benchmark named <operation>_<implementation> matches --ops " + s.ops());
            System.exit(1);
        }
        if (s.list()) {
            operations.forEach((op, names) -> System.out.println(op + ": "
                    + String.join(", ", names.stream().map(BenchmarkName::implementation).toList())));
            return;
        }
        String table = run(s, operations, System.err);
        System.out.print(table);
        Path parent = s.out().toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(s.out(), table, StandardCharsets.UTF_8);
        System.err.println("table written to " + s.out());
    }

    /**
     * The benchmarks in this jar, grouped by operation, filtered by {@code ops}. The key is the
     * operation name, or "operation (Class)" when two classes define the same
     * operation_implementation pair (each class then forms its own row, paired within itself).
     */
    static Map<String, List<BenchmarkName>> discover(Pattern ops) {
        Map<String, List<BenchmarkName>> byOp = new TreeMap<>();
        BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT), List.of())
                .stream()
                .map(BenchmarkListEntry::getUsername)
                .distinct()
                .map(BenchmarkName::parse)
                .flatMap(Optional::stream)
                .filter(n -> ops.matcher(n.operation()).find())
                .forEach(n -> byOp.computeIfAbsent(n.operation(), k -> new ArrayList<>()).add(n));
        Map<String, List<BenchmarkName>> rows = new TreeMap<>();
        byOp.forEach((op, names) -> {
            boolean clash = names.stream().map(BenchmarkName::implementation).distinct().count() < names.size();
            for (BenchmarkName n : names) {
                rows.computeIfAbsent(clash ? op + " (" + n.className() + ")" : op, k -> new ArrayList<>()).add(n);
            }
        });
        rows.values().forEach(l -> l.sort(Comparator.comparing(BenchmarkName::implementation, BenchmarkName.IMPLEMENTATION_ORDER)));
        return rows;
    }

    /** Runs all rounds and returns the markdown table. */
    static String run(Settings s, Map<String, List<BenchmarkName>> operations, PrintStream progress) {
        RoundsTable table = new RoundsTable(s.rounds());
        long start = System.nanoTime();
        for (int round = 0; round < s.rounds(); round++) {
            for (Map.Entry<String, List<BenchmarkName>> e : operations.entrySet()) {
                List<BenchmarkName> order = new ArrayList<>(e.getValue());
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (BenchmarkName b : order) {
                    double opsPerSecond = runOnce(s, b, progress);
                    table.record(e.getKey(), b.operation(), b.implementation(), round, opsPerSecond);
                    progress.printf(Locale.ROOT, "[round %d/%d] %-40s %s%n", round + 1, s.rounds(),
                            b.operation() + "_" + b.implementation(), describe(b, opsPerSecond));
                }
            }
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        List<String> header = List.of(
                "### Alternating rounds: gmflux against its peers",
                "",
                String.format(Locale.ROOT, "%s UTC; %s %s (%s); %s %s, %d CPUs; %d rounds of %d x %.1f s (+%d warm-up) per run, "
                                + "forks %d, order reversed every other round; %.1f min.",
                        ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")),
                        System.getProperty("java.vm.name"), System.getProperty("java.version"), System.getProperty("java.vendor"),
                        System.getProperty("os.name"), System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                        s.rounds(), s.iterations(), s.seconds(), s.warmup(), s.forks(), minutes),
                "Operations: `" + s.ops() + "`.");
        return table.markdown(header);
    }

    private static String describe(BenchmarkName b, double opsPerSecond) {
        if (!Double.isFinite(opsPerSecond)) {
            return "FAILED";
        }
        OptionalInt payload = b.payloadBytes();
        return payload.isPresent()
                ? String.format(Locale.ROOT, "%10.1f MB/s", opsPerSecond * payload.getAsInt() / 1e6)
                : String.format(Locale.ROOT, "%10.0f ops/s", opsPerSecond);
    }

    /** One JMH run of one benchmark; its throughput in ops/s, or NaN if it failed. */
    private static double runOnce(Settings s, BenchmarkName b, PrintStream progress) {
        long millis = Math.max(1, Math.round(s.seconds() * 1000));
        Options options = new OptionsBuilder()
                .include("^" + Pattern.quote(b.fullName()) + "$")
                .mode(Mode.Throughput)
                .timeUnit(TimeUnit.SECONDS)
                .warmupIterations(s.warmup())
                .warmupTime(TimeValue.milliseconds(millis))
                .measurementIterations(s.iterations())
                .measurementTime(TimeValue.milliseconds(millis))
                .forks(s.forks())
                .threads(1)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        try {
            Collection<RunResult> results = new Runner(options).run();
            if (results.size() != 1) {
                progress.println(b.fullName() + ": expected one result, got " + results.size()
                        + " (@Param benchmarks are not supported by this harness)");
                return Double.NaN;
            }
            return results.iterator().next().getPrimaryResult().getScore();
        } catch (RunnerException | RuntimeException e) {
            progress.println(b.fullName() + " failed: " + e);
            return Double.NaN;
        }
    }
}
