package io.gmflux.bench.kafka;

import io.gmflux.bench.rounds.MachineStamp;
import io.gmflux.bench.rounds.RatioSummary;
import io.gmflux.bench.rounds.SteadyState;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The markdown of one {@link KafkaThroughput} run: the table (medians and ranges over rounds), the
 * bar's verdict, the engines, the warm-ups and every round's CPU time per record. Plaintext is
 * pipe 0.
 */
final class KafkaTable {

    /** A pipe's warm-up: how it ended, after how many chunks, CPU ns per record of each chunk. */
    record Warmup(SteadyState.Verdict verdict, int chunks, double[] nanosPerRecord) {
    }

    private final List<String> names;
    private final List<Warmup> warmups;
    private final Rehearsal.Outcome rehearsed;
    private final PipeRun[][] runs;
    private final KafkaThroughput.Settings settings;
    private final String ctEngine;
    private final String ctGhash;
    private final String loadBefore;
    private final double minutes;

    KafkaTable(List<String> names, List<Warmup> warmups, Rehearsal.Outcome rehearsed, PipeRun[][] runs,
               KafkaThroughput.Settings settings, String ctEngine, String ctGhash, String loadBefore, double minutes) {
        this.names = names;
        this.warmups = warmups;
        this.rehearsed = rehearsed;
        this.runs = runs;
        this.settings = settings;
        this.ctEngine = ctEngine;
        this.ctGhash = ctGhash;
        this.loadBefore = loadBefore;
        this.minutes = minutes;
    }

    /** Whether the constant-time pipe ran the Vector API engine and GHASH (JDK 25 with codecs-vector). */
    boolean vectorPath() {
        return ctEngine.startsWith("vector") && ctGhash.startsWith("vector");
    }

    /** Where {@link #markdown()} splits into the summary and the per-round evidence. */
    static final String ROUNDS_MARK = "<!-- kafka rounds -->";

    /** The summary (stamp, table, verdict, warm-ups), {@link #ROUNDS_MARK}, then the per-round table. */
    String markdown() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s UTC; %s %s, %d CPUs, -Xmx%d MiB; load average (1/5/15 min) %s before, %s after;"
                        + " %.1f min. %d rounds of %,d records of %d bytes per pipe, after a warm-up in chunks of %,d records; batching %s"
                        + " (linger.ms=%d, fetch.min.bytes=%d).%n%n",
                ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")),
                System.getProperty("java.vm.name"), System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, loadBefore, MachineStamp.loadAverage(), minutes, settings.rounds(), settings.records(),
                KafkaPipe.VALUE_SIZE, settings.chunk(), settings.batching().name().toLowerCase(Locale.ROOT),
                settings.batching().lingerMs, settings.batching().fetchMinBytes));
        b.append("| pipe | cipher engine | records/s | wall ratio to plaintext | CPU us/record (range) | CPU ratio to plaintext"
                + " | bar 0.7x (CPU ratio) |\n");
        b.append("| --- | --- | ---: | ---: | ---: | ---: | --- |\n");
        double[] plainCpu = column(0, true);
        double[] plainRate = column(0, false);
        for (int i = 0; i < names.size(); i++) {
            double[] cpu = column(i, true);
            double[] rate = column(i, false);
            String mark = warmups.get(i).verdict() == SteadyState.Verdict.CAPPED ? "*" : "";
            String wall = i == 0 ? "1.00" : RatioSummary.of(rate, plainRate).cell();
            RatioSummary cpuRatio = RatioSummary.of(plainCpu, cpu);
            String verdict = i == 0 ? "baseline" : cpuRatio.median() >= KafkaThroughput.BAR ? "meets" : "misses";
            b.append(String.format(Locale.ROOT, "| %s%s | %s | %,.0f | %s | %.2f (%.2f-%.2f) | %s | %s |%n", names.get(i), mark,
                    engine(names.get(i)), SteadyState.median(rate), wall, SteadyState.median(cpu),
                    Arrays.stream(cpu).min().orElse(Double.NaN), Arrays.stream(cpu).max().orElse(Double.NaN),
                    i == 0 ? "1.00" : cpuRatio.cell(), verdict));
        }
        b.append('\n').append(verdictLine()).append("\n\n");
        b.append("Ratios: plaintext / this pipe within each round (CPU time) or this pipe / plaintext (records/s), median over"
                + " rounds (min-max). CPU time is the whole process's (producer, consumer, broker, GC, JIT). Warm-up: ");
        for (int i = 0; i < names.size(); i++) {
            Warmup w = warmups.get(i);
            b.append(i == 0 ? "" : "; ").append(names.get(i)).append(' ').append(w.verdict().name().toLowerCase(Locale.ROOT))
                    .append(String.format(Locale.ROOT, " (%.1f -> %.1f us/record)", w.nanosPerRecord()[0] / 1e3,
                            w.nanosPerRecord()[w.chunks() - 1] / 1e3));
        }
        b.append(String.format(Locale.ROOT, " after %d chunks (`*`: not steady within the cap). ", warmups.get(0).chunks()));
        b.append(rehearsal()).append(String.format(Locale.ROOT, " JIT ms in the measured rounds (all pipes): %s.%n%n", roundJit()));
        b.append(ROUNDS_MARK).append("\n\nCPU us/record of each run (JIT ms / GC ms during the run), round by round:\n\n| round |");
        names.forEach(n -> b.append(' ').append(n).append(" |"));
        b.append("\n| ---: |");
        names.forEach(n -> b.append(" ---: |"));
        b.append('\n');
        for (int r = 0; r < settings.rounds(); r++) {
            b.append("| ").append(r + 1).append(" |");
            for (int i = 0; i < names.size(); i++) {
                PipeRun m = runs[i][r];
                b.append(String.format(Locale.ROOT, " %.2f (%d / %d) |", m.cpuMicrosPerRecord(), m.compileMillis(), m.gcMillis()));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** What the rehearsal rounds did, one sentence. */
    private String rehearsal() {
        Rehearsal rule = settings.rehearsal();
        long[] jit = rehearsed.jitMillis();
        StringBuilder ms = new StringBuilder();
        for (int i = 0; i < jit.length; i++) {
            ms.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%d (%.1f%%)", jit[i],
                    100.0 * jit[i] * 1e6 / rehearsed.cpuNanos()[i]));
        }
        return String.format(Locale.ROOT, "Then %d rehearsal rounds (full rounds, not counted; JIT ms and share of their CPU: %s), %s:"
                        + " every pipe past %,d records and the JIT under %.0f%% of the round's CPU in %d consecutive rounds;"
                        + " %,d records per pipe before the measured rounds.", jit.length, jit.length == 0 ? "none" : ms.toString(),
                rehearsed.quiet() ? "ended by the rule" : "**capped with the JIT not idle**", rule.minRecords(),
                100 * rule.maxJitShare(), rule.quietRounds(), rehearsed.recordsPerPipe());
    }

    /** Each measured round's JIT milliseconds, all pipes' runs together. */
    private String roundJit() {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < settings.rounds(); r++) {
            long sum = 0;
            for (PipeRun[] pipe : runs) {
                sum += pipe[r].compileMillis();
            }
            b.append(r == 0 ? "" : ", ").append(sum);
        }
        return b.toString();
    }

    /** The bar's verdict for SM4-GCM: the constant-time pipe where it ran, else the table one. */
    private String verdictLine() {
        int ct = names.indexOf("kafka1k_sm4gcm_ct");
        int table = names.indexOf("kafka1k_sm4gcm");
        int which = ct >= 0 ? ct : table;
        if (which < 0) {
            return "**Bar (SM4-GCM >= 0.7x plaintext): not measured** (no SM4-GCM pipe in this run).";
        }
        RatioSummary s = RatioSummary.of(column(0, true), column(which, true));
        String path = which == ct ? (vectorPath() ? "the vector path (" + ctEngine + ", GHASH " + ctGhash + ")"
                : "constant-time, NOT the vector path (" + ctEngine + ", GHASH " + ctGhash + ")") : "the table engine";
        return String.format(Locale.ROOT, "**Bar (SM4-GCM >= 0.7x plaintext, CPU ratio): %s %s**, %s on %s.", names.get(which),
                s.median() >= KafkaThroughput.BAR ? "meets it" : "misses it", s.cell(), path);
    }

    private String engine(String name) {
        return switch (name) {
            case "kafka1k_sm4gcm" -> "SM4 table, GHASH table";
            case "kafka1k_sm4gcm_ct" -> "SM4 " + ctEngine + ", GHASH " + ctGhash;
            case "kafka1k_zuc128" -> "ZUC-128";
            case "kafka1k_aes256gcm" -> "JDK AES-GCM";
            case "kafka1k_plainframed" -> "none (framing only)";
            default -> "none";
        };
    }

    /** Pipe {@code i}'s CPU ns per record ({@code cpu}) or records per second, per round. */
    private double[] column(int i, boolean cpu) {
        return Arrays.stream(runs[i]).mapToDouble(m -> cpu ? m.cpuMicrosPerRecord() : m.recordsPerSecond()).toArray();
    }

}
