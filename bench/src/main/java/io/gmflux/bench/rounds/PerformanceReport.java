package io.gmflux.bench.rounds;

import io.gmflux.bench.peers.Call;
import io.gmflux.bench.rounds.Catalog.Candidate;
import io.gmflux.bench.rounds.Catalog.Row;
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
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The one comparison of gmflux with its peers that the README quotes: every row of
 * {@link Catalog}, every peer at its best, at steady state, by thread CPU time.
 *
 * <ol>
 *   <li>Each configuration of each peer (BouncyCastle's lightweight API and its JCA provider, Kona's
 *   three providers) and gmflux is warmed alone in batches until {@link SteadyState} says its time
 *   per call has stopped falling (at least 5 s of its own CPU time, then two consecutive 4-batch
 *   windows within 3% with the JIT idle; capped at 30 s, and such figures are marked {@code *}).</li>
 *   <li>The fastest steady configuration of each peer then runs 9 rounds alternating with gmflux
 *   (order reversed every other round); the table gives median times and the median and min-max of
 *   the per-round ratios peer time / gmflux time.</li>
 *   <li>The cold column runs each chosen implementation in a fresh JVM and counts calls in its first
 *   CPU second after setup (keys and objects built, at most a few calls made).</li>
 * </ol>
 *
 * <p>Run {@code bash bench/run-all.sh} (writes {@code bench/results/latest.md} and
 * {@code latest-details.md} and splices the table into README.md) or {@code bash bench/run-all.sh --quick}
 * (short warm-ups and 3 rounds, to check the harness; writes to {@code bench/target/report}).
 */
public final class PerformanceReport {

    /** How long everything runs. */
    record Settings(boolean quick, SteadyState rule, long batchNanos, int rounds, long roundNanos, long coldNanos,
                    Path outDir, Path readme, Pattern rows) {

        static Settings fullRun() {
            return new Settings(false, new SteadyState(s(5), s(30), 4, 0.03, 10), ms(100), 9, ms(250), s(1),
                    Paths.get("bench", "results"), Paths.get("README.md"), Pattern.compile(".*"));
        }

        static Settings quickRun() {
            return new Settings(true, new SteadyState(s(1), s(4), 4, 0.03, 10), ms(50), 3, ms(100), ms(500),
                    Paths.get("bench", "target", "report"), null, Pattern.compile(".*"));
        }

        /** Only the rows whose id matches; a partial table goes to bench/target/report, never to the README. */
        Settings withRows(Pattern p) {
            return new Settings(quick, rule, batchNanos, rounds, roundNanos, coldNanos, Paths.get("bench", "target", "report"), null, p);
        }

        private static long s(long seconds) {
            return TimeUnit.SECONDS.toNanos(seconds);
        }

        private static long ms(long millis) {
            return TimeUnit.MILLISECONDS.toNanos(millis);
        }
    }

    /** A candidate's warm-up: time per call of each batch, and how it ended. */
    record Warmup(Candidate candidate, double[] nanosPerCall, long[] compileMillis, int batches, long cpuNanos,
                  SteadyState.Verdict verdict, double steadyNanos, String failure) {

        boolean ok() {
            return failure == null;
        }

        boolean capped() {
            return verdict == SteadyState.Verdict.CAPPED;
        }
    }

    /** A row's outcome: every candidate's warm-up, the chosen one per peer, per-round times, cold rates. */
    static final class RowResult {
        final Row row;
        final List<Warmup> warmups = new ArrayList<>();
        final Map<String, Warmup> chosen = new LinkedHashMap<>(); // peer (gmflux first) -> warm-up
        final Map<String, double[]> rounds = new LinkedHashMap<>(); // peer -> ns per call per round
        final Map<String, Double> cold = new LinkedHashMap<>(); // peer -> calls per CPU second

        RowResult(Row row) {
            this.row = row;
        }
    }

    private final Settings settings;
    private final PrintStream log;
    private final Catalog catalog = new Catalog();
    private final CpuClock clock = new CpuClock();
    private final Map<Candidate, Warmup> warmed = new IdentityHashMap<>();
    private final Map<Candidate, Call> built = new IdentityHashMap<>();

    PerformanceReport(Settings settings, PrintStream log) {
        this.settings = settings;
        this.log = log;
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("--cold")) {
            cold(args[1], Long.parseLong(args[2]));
            return;
        }
        Settings s = Settings.fullRun();
        Path jdk25 = null;
        String vectorJar = null;
        Path part25 = null;
        boolean kafka = true;
        boolean kafkaOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--no-kafka" -> kafka = false;
                case "--kafka-only" -> kafkaOnly = true;
                case "--quick" -> s = s.readme() == null ? Settings.quickRun().withRows(s.rows()) : Settings.quickRun();
                case "--rows" -> s = s.withRows(Pattern.compile(args[++i]));
                case "--jdk25" -> jdk25 = Paths.get(args[++i]);
                case "--vector-jar" -> vectorJar = args[++i];
                case "--part25" -> part25 = Paths.get(args[++i]);
                default -> {
                    System.err.println("usage: PerformanceReport [--quick] [--rows <regex over row ids, e.g. '^sm2'>]"
                            + " [--no-kafka | --kafka-only] [--jdk25 <JDK 25 home> [--vector-jar <gmflux-codecs-vector jar>]]");
                    System.exit(2);
                }
            }
        }
        if (kafkaOnly) {
            s = s.withRows(NO_ROWS);
        }
        PerformanceReport report = new PerformanceReport(s, System.err);
        if (part25 != null) {
            report.runJdk25Part(part25);
        } else {
            report.runAndWrite(jdk25, vectorJar, kafka || kafkaOnly);
        }
    }

    /** A pattern no row id matches: {@code --kafka-only}. */
    static final Pattern NO_ROWS = Pattern.compile("(?!)");

    /**
     * Measures the JDK 17 rows here ({@link Catalog#onJdk17}), then, when {@code jdk25} is a JDK, the
     * JDK 25 rows ({@link Catalog#onJdk25}) in a child JVM on it with the Vector API module and
     * {@code vectorJar} on the class path, then, with {@code kafka}, the {@link KafkaSection} on both
     * JDKs; writes them into the report and the README.
     */
    void runAndWrite(Path jdk25, String vectorJar, boolean kafka) throws Exception {
        String loadBefore = MachineStamp.loadAverage();
        long t0 = System.nanoTime();
        List<RowResult> results = measureRows(Catalog::onJdk17);
        boolean noRows = settings.rows() == NO_ROWS;
        ResultFile.Part part25 = null;
        String without25;
        if (noRows) {
            without25 = "no rows asked for (--kafka-only)";
        } else if (jdk25 == null) {
            without25 = "not asked for (bench/run-all.sh asks when a JDK 25 is at $GMFLUX_JDK25, by default "
                    + "/usr/lib/jvm/temurin-25-jdk-amd64)";
        } else if (!Files.isExecutable(jdk25.resolve("bin").resolve("java"))) {
            without25 = "no JDK at " + jdk25;
        } else {
            part25 = runJdk25Child(jdk25, vectorJar);
            without25 = part25 == null ? "the JDK 25 part failed (see the log)" : null;
        }
        if (without25 != null) {
            log.println("[jdk25] JDK 25 columns left out: " + without25);
        }
        List<KafkaSection.Part> kafkaParts = List.of();
        if (kafka) {
            long k0 = System.nanoTime();
            kafkaParts = new KafkaSection(settings.quick(), log).run(jdk25, vectorJar);
            log.printf(Locale.ROOT, "[kafka] section took %.1f min%n", (System.nanoTime() - k0) / 60e9);
        }
        double minutes = (System.nanoTime() - t0) / 60e9;
        MachineStamp stamp = new MachineStamp(ZonedDateTime.now(ZoneOffset.UTC), loadBefore, MachineStamp.loadAverage(), minutes);
        ReportMarkdown md = new ReportMarkdown(settings, stamp, noRows ? null : results, part25, without25, kafkaParts);
        Files.createDirectories(settings.outDir());
        Path table = settings.outDir().resolve("latest.md");
        Path details = settings.outDir().resolve("latest-details.md");
        Files.writeString(table, md.table(), StandardCharsets.UTF_8);
        Files.writeString(details, md.details(), StandardCharsets.UTF_8);
        log.println("wrote " + table + " and " + details + " (checksum " + clock.sink() + ")");
        if (settings.readme() != null && Files.exists(settings.readme())) {
            String readme = Files.readString(settings.readme(), StandardCharsets.UTF_8);
            Files.writeString(settings.readme(), ReadmeSplice.splice(readme, md.table()), StandardCharsets.UTF_8);
            log.println("spliced the table into " + settings.readme());
        }
    }

    /** The rows {@code which} selects (and the settings' pattern), measured warm then cold. */
    private List<RowResult> measureRows(java.util.function.Predicate<Row> which) {
        List<RowResult> results = new ArrayList<>();
        for (Row row : catalog.rows()) {
            if (which.test(row) && settings.rows().matcher(row.id()).find()) {
                results.add(measure(row));
            }
        }
        for (RowResult r : results) {
            for (Map.Entry<String, Warmup> e : r.chosen.entrySet()) {
                double rate = coldInChild(e.getValue().candidate());
                r.cold.put(e.getKey(), rate);
                log.printf(Locale.ROOT, "[cold] %-22s %-14s %s%n", r.row.id(), e.getKey(), Double.isNaN(rate) ? "failed" : fmt(rate, 0) + " calls/s");
            }
        }
        return results;
    }

    /** The child's side: measures the JDK 25 rows in this JVM and writes them to {@code out} ({@link ResultFile}). */
    void runJdk25Part(Path out) throws Exception {
        long t0 = System.nanoTime();
        List<RowResult> results = measureRows(Catalog::onJdk25);
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + " (" + System.getProperty("java.vendor") + ")");
        meta.put("vectorModule", Boolean.toString(vectorModule()));
        meta.put("constantTimeEngine", io.gmflux.codecs.sm4.Sm4.constantTimeEngineName());
        meta.put("constantTimeGhash", io.gmflux.codecs.sm4.Sm4.constantTimeGhashName());
        meta.put("minutes", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 60e9));
        Files.writeString(out, ResultFile.write(new ResultFile.Part(meta, results)), StandardCharsets.UTF_8);
        log.println("[jdk25] wrote " + out + " (checksum " + clock.sink() + ")");
    }

    /** Runs {@link #runJdk25Part} on {@code jdk25}; its log goes to this one's. Null if it failed. */
    private ResultFile.Part runJdk25Child(Path jdk25, String vectorJar) {
        try {
            Path out = Files.createTempFile("gmflux-report-jdk25", ".tsv");
            List<String> cmd = new ArrayList<>(List.of(jdk25.resolve("bin").resolve("java").toString(),
                    "-Xms1g", "-Xmx1g", "--add-modules", VECTOR_MODULE, NATIVE_ACCESS, "-cp",
                    System.getProperty("java.class.path") + (vectorJar == null ? "" : java.io.File.pathSeparator + vectorJar),
                    PerformanceReport.class.getName(), "--part25", out.toString()));
            if (settings.quick()) {
                cmd.add("--quick");
            }
            cmd.addAll(List.of("--rows", settings.rows().pattern()));
            log.println("[jdk25] " + String.join(" ", cmd));
            Process p = new ProcessBuilder(cmd).inheritIO().start();
            if (p.waitFor() != 0) {
                log.println("[jdk25] the JDK 25 part exited with " + p.exitValue());
                return null;
            }
            ResultFile.Part part = ResultFile.read(Files.readString(out, StandardCharsets.UTF_8), catalog);
            Files.delete(out);
            return part;
        } catch (IOException | InterruptedException | RuntimeException e) {
            log.println("[jdk25] failed: " + e);
            return null;
        }
    }

    static final String VECTOR_MODULE = "jdk.incubator.vector";
    /** Kona's native providers call System.load: JDK 25 warns about it unless native access is granted. */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private static boolean vectorModule() {
        return ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent();
    }

    /** Warms every candidate of a row, picks the fastest of each peer, runs the alternating rounds. */
    RowResult measure(Row row) {
        RowResult result = new RowResult(row);
        for (Candidate c : row.candidates()) {
            if (c.fallback() && result.warmups.stream().anyMatch(w -> w.ok() && w.candidate().peer().equals(c.peer()))) {
                continue;
            }
            Warmup w = warm(c);
            result.warmups.add(w);
            log.printf(Locale.ROOT, "[warm] %-22s %-14s %-34s %s%n", row.id(), c.peer(), c.variant(),
                    w.ok() ? String.format(Locale.ROOT, "%s after %.1f s CPU, %s/call", w.verdict(), w.cpuNanos() / 1e9, time(w.steadyNanos()))
                            : "FAILED: " + w.failure());
        }
        for (Warmup w : result.warmups) {
            Warmup best = result.chosen.get(w.candidate().peer());
            if (w.ok() && (best == null || w.steadyNanos() < best.steadyNanos())) {
                result.chosen.put(w.candidate().peer(), w);
            }
        }
        if (!result.chosen.containsKey(Catalog.GMFLUX)) {
            return result;
        }
        List<String> order = new ArrayList<>(result.chosen.keySet());
        order.forEach(p -> {
            double[] a = new double[settings.rounds()];
            Arrays.fill(a, Double.NaN);
            result.rounds.put(p, a);
        });
        for (int round = 0; round < settings.rounds(); round++) {
            List<String> o = new ArrayList<>(order);
            if (round % 2 == 1) {
                Collections.reverse(o);
            }
            for (String peer : o) {
                Candidate c = result.chosen.get(peer).candidate();
                try {
                    result.rounds.get(peer)[round] = clock.run(built.get(c), settings.roundNanos()).nanosPerCall();
                } catch (Exception | Error e) {
                    log.println("[round] " + c.key() + " failed: " + e);
                }
            }
        }
        double[] g = result.rounds.get(Catalog.GMFLUX);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[rounds] %-22s gmflux %s", row.id(), time(SteadyState.median(g))));
        result.rounds.forEach((peer, t) -> {
            if (!peer.equals(Catalog.GMFLUX)) {
                line.append(String.format(Locale.ROOT, " | %s %s, %s", peer, time(SteadyState.median(t)), RatioSummary.of(t, g).cell()));
            }
        });
        log.println(line);
        return result;
    }

    /** Builds and warms a candidate to steady state, once per JVM (a candidate shared by two rows is warmed once). */
    Warmup warm(Candidate c) {
        Warmup done = warmed.get(c);
        if (done != null) {
            return done;
        }
        Warmup w;
        try {
            Call op = c.factory().call();
            built.put(c, op);
            w = warm(c, op);
        } catch (Exception | Error e) {
            Throwable t = e instanceof java.lang.reflect.InvocationTargetException ite && ite.getCause() != null ? ite.getCause() : e;
            w = new Warmup(c, new double[0], new long[0], 0, 0, null, Double.NaN, t.toString());
        }
        warmed.put(c, w);
        return w;
    }

    private Warmup warm(Candidate c, Call op) throws Exception {
        SteadyState rule = settings.rule();
        int capacity = (int) (rule.capCpuNanos() / settings.batchNanos()) + 16;
        double[] perCall = new double[capacity];
        long[] compile = new long[capacity];
        long cpu = 0;
        int n = 0;
        SteadyState.Verdict v = SteadyState.Verdict.WARMING;
        while (v == SteadyState.Verdict.WARMING && n < capacity) {
            CpuClock.Batch b = clock.run(op, settings.batchNanos());
            perCall[n] = b.nanosPerCall();
            compile[n] = b.compileMillis();
            n++;
            cpu += b.cpuNanos();
            v = rule.judge(perCall, compile, n, cpu);
        }
        if (v == SteadyState.Verdict.WARMING) {
            v = SteadyState.Verdict.CAPPED;
        }
        return new Warmup(c, Arrays.copyOf(perCall, n), Arrays.copyOf(compile, n), n, cpu, v, rule.lastWindowMedian(perCall, n), null);
    }

    /** Calls per CPU second in the first {@link Settings#coldNanos()} of a fresh JVM, NaN if the child failed. */
    private double coldInChild(Candidate c) {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java));
        if (vectorModule()) {
            cmd.addAll(List.of("--add-modules", VECTOR_MODULE, NATIVE_ACCESS));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
                PerformanceReport.class.getName(), "--cold", c.key(), Long.toString(settings.coldNanos())));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                log.println("[cold] " + c.key() + " failed: " + out.strip());
                return Double.NaN;
            }
            for (String line : out.split("\n")) {
                if (line.startsWith("COLD ")) {
                    return Double.parseDouble(line.substring(5).trim());
                }
            }
            log.println("[cold] " + c.key() + ": no result in " + out.strip());
        } catch (IOException | InterruptedException | RuntimeException e) {
            log.println("[cold] " + c.key() + " failed: " + e);
        }
        return Double.NaN;
    }

    /** The child JVM's side of the cold measure: build one candidate, count calls in the first CPU budget. */
    private static void cold(String key, long budgetNanos) throws Exception {
        Catalog catalog = new Catalog();
        Candidate c = catalog.candidate(key).orElseThrow(() -> new IllegalArgumentException("no candidate " + key));
        Call op = c.factory().call();
        CpuClock clock = new CpuClock();
        double rate = clock.coldRate(op, budgetNanos);
        System.out.println("COLD " + rate);
        System.out.println("(checksum " + clock.sink() + ")");
    }

    static String time(double nanos) {
        if (!Double.isFinite(nanos)) {
            return "n/a";
        }
        return nanos >= 1e6 ? fmt(nanos / 1e6, 2) + " ms" : nanos >= 1e4 ? fmt(nanos / 1e3, 1) + " us" : fmt(nanos / 1e3, 2) + " us";
    }

    static String fmt(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,." + decimals + "f", v) : "n/a";
    }
}
