package io.gmflux.bench.rounds;

import io.gmflux.bench.rounds.PerformanceReport.RowResult;
import io.gmflux.bench.rounds.PerformanceReport.Settings;
import io.gmflux.bench.rounds.PerformanceReport.Warmup;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The two files of a {@link PerformanceReport}: the table ({@code latest.md}) and the evidence
 * ({@code latest-details.md}). With a JDK 25 part, the table gains two JDK 25 columns (gmflux's figure
 * and its ratio to BouncyCastle in the JDK 25 JVM), followed by the JDK 25 table with every peer, the
 * constant-time rows and the speed bars.
 */
final class ReportMarkdown {

    private final Settings settings;
    private final MachineStamp stamp;
    private final List<RowResult> results;
    private final ResultFile.Part jdk25;
    private final String without25;
    private final List<KafkaSection.Part> kafka;

    /**
     * @param results the JDK 17 rows, or null for a report of the Kafka section only
     * @param jdk25 the JDK 25 part, or null
     * @param without25 why there is no JDK 25 part (null when there is one)
     * @param kafka the Kafka section's runs, empty when it was skipped
     */
    ReportMarkdown(Settings settings, MachineStamp stamp, List<RowResult> results, ResultFile.Part jdk25, String without25,
                   List<KafkaSection.Part> kafka) {
        this.settings = settings;
        this.stamp = stamp;
        this.results = results;
        this.jdk25 = jdk25;
        this.without25 = without25;
        this.kafka = kafka;
    }

    private String command() {
        return settings.quick() ? "bash bench/run-all.sh --quick" : "bash bench/run-all.sh";
    }

    String table() {
        StringBuilder sb = new StringBuilder();
        sb.append("Made by `").append(command()).append("` (").append(settings.quick()
                ? "**quick mode: short warm-ups, 3 rounds; a check of the harness, not a result**" : "full run")
                .append("), ").append(stamp.line()).append('\n');
        if (results == null) {
            kafkaSection(sb);
            return sb.toString();
        }
        if (jdk25 != null) {
            sb.append("JDK 25 columns: ").append(jdk25Line()).append('\n');
        } else {
            sb.append("JDK 25 columns: not measured, ").append(without25).append("; JDK 17 columns only.\n");
        }
        if (settings.quick()) {
            sb.append("\n**Provisional.** These figures come from a quick run on a shared machine (see the load average above); "
                    + "the full run replaces them.\n");
        }
        sb.append('\n');
        rowsTable(sb, results, jdk25 != null);
        sb.append('\n');
        sb.append("Per-operation rows: CPU time per call (us, ms); byte rows: MB/s (10^6 bytes per CPU second). "
                + "\"gmflux vs X\" = X's CPU time / gmflux's, median of ").append(settings.rounds())
                .append(" alternating rounds (min-max over rounds); above 1 gmflux is faster. Each implementation was first warmed "
                        + "alone until its time per call stopped falling (at least ").append(secs(settings.rule().minCpuNanos()))
                .append(" of its own CPU time, then two consecutive ").append(settings.rule().window())
                .append("-batch windows within ").append(fmt(settings.rule().tolerance() * 100, 0))
                .append("% with the JIT idle; `*` = not steady within the ").append(secs(settings.rule().capCpuNanos()))
                .append(" cap). Each peer's column is its fastest configuration that works here, named in brackets: ")
                .append("BouncyCastle 1.87's lightweight API (SM2 on `CustomNamedCurves`' sm2p256v1) or its JCA provider, "
                        + "GCM with `Tables64kGCMMultiplier`; Kona 1.0.19's native one-shot, native or Java provider; "
                        + "the JDK's AES-GCM (AES-NI/CLMUL intrinsics) as a reference for SM4-GCM. Cold: calls per second "
                        + "(byte rows: MB/s) over the first ")
                .append(secs(settings.coldNanos()))
                .append(" of the measuring thread's CPU time in a fresh JVM, after setup (the JIT compiles beside it on its own threads), "
                        + "in the order gmflux / BouncyCastle / Kona / JDK. gmflux's SM2 rows other than key exchange run through its "
                        + "JCA provider, one key and one `Signature`/`Cipher` object for every call as for BouncyCastle's JCA path: "
                        + "keys used again are served from per-key tables (a recipient's comb from its second encryption, 8 keys of 52 KiB; "
                        + "a verification key's comb once it has been used 128 times, 16 keys of 264 KiB), as BouncyCastle keeps its "
                        + "wNAF tables in a key's point; a key met once costs what `bench/results/sm2-speed.md` gives for the direct API. "
                        + "Every configuration's warm-up and every round: `latest-details.md`.\n");
        if (jdk25 != null) {
            sb.append("\n**JDK 25 with the Vector API** (").append(jdk25Line()).append("). The same method in one JDK 25 JVM "
                    + "(`--add-modules jdk.incubator.vector`, gmflux-codecs-vector on the class path), every peer in that JVM. "
                    + "Rows without \"constant-time\": gmflux's table engine, as on JDK 17. "
                    + "\"constant-time (JCA)\" rows: SM4 through gmflux's JCA provider built with `Sm4Implementation.CONSTANT_TIME` "
                    + "(the constant-time engine named above; in GCM also the table-free GHASH, so constant-time end to end), "
                    + "against the same peer configurations. SM3, SM9, ZUC and SM2 key pair and exchange are measured on JDK 17 only "
                    + "(nothing in them uses the Vector API).\n\n");
            rowsTable(sb, jdk25.results(), false);
            sb.append('\n');
            bars(sb);
        }
        kafkaSection(sb);
        return sb.toString();
    }

    /** The Kafka runs' tables and bar verdicts, one JDK after the other; nothing when the section was skipped. */
    private void kafkaSection(StringBuilder sb) {
        if (kafka.isEmpty()) {
            return;
        }
        sb.append("\n**Kafka: produce+consume of 1 KiB records on one embedded broker in one JVM** (bar: SM4-GCM >= 0.7x "
                + "plaintext by process CPU time per record; `io.gmflux.bench.kafka.KafkaThroughput`, method in "
                + "`bench/results/kafka.md`; every round's figures: `latest-details.md`).\n");
        for (KafkaSection.Part p : kafka) {
            sb.append("\n").append(p.jdk()).append(": ").append(p.summary().strip()).append('\n');
        }
    }

    /** One JDK's rows; with {@code with25}, two more columns from the JDK 25 part's row of the same id. */
    private void rowsTable(StringBuilder sb, List<RowResult> rows, boolean with25) {
        List<String> cols = new ArrayList<>(List.of("operation", "gmflux"));
        cols.addAll(Catalog.PEERS);
        Catalog.PEERS.forEach(p -> cols.add("gmflux vs " + p));
        cols.add("cold: gmflux / peers");
        if (with25) {
            cols.add("JDK 25: gmflux");
            cols.add("JDK 25: gmflux vs " + Catalog.BC);
        }
        row(sb, cols);
        row(sb, cols.stream().map(c -> c.equals("operation") ? "---" : "---:").toList());
        for (RowResult r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(r.row.title());
            double[] g = r.rounds.get(Catalog.GMFLUX);
            cells.add(g == null ? "failed" : figure(r, Catalog.GMFLUX));
            for (String peer : Catalog.PEERS) {
                cells.add(r.rounds.containsKey(peer) ? figure(r, peer) + " " + tag(r.chosen.get(peer)) : "");
            }
            for (String peer : Catalog.PEERS) {
                cells.add(g != null && r.rounds.containsKey(peer) ? RatioSummary.of(r.rounds.get(peer), g).cell() : "");
            }
            List<String> cold = new ArrayList<>();
            r.cold.forEach((peer, rate) -> cold.add(coldFigure(r, rate)));
            cells.add(String.join(" / ", cold));
            if (with25) {
                RowResult r25 = jdk25Row(r.row.id());
                double[] g25 = r25 == null ? null : r25.rounds.get(Catalog.GMFLUX);
                cells.add(r25 == null ? "" : g25 == null ? "failed" : figure(r25, Catalog.GMFLUX));
                cells.add(g25 != null && r25.rounds.containsKey(Catalog.BC) ? ratio(r25, Catalog.BC).cell() : "");
            }
            row(sb, cells);
        }
    }

    /** The speed bars on JDK 25: gmflux against BouncyCastle's best in the same JVM. */
    private void bars(StringBuilder sb) {
        record Bar(String rowId, String what, double at) {
        }
        List<Bar> bars = List.of(
                new Bar("ct.sm4.ctr.64k", "SM4-CTR 64 KiB, constant-time", 25),
                new Bar("ct.sm4.ecb.1k", "SM4-ECB 1 KiB, constant-time", 15),
                new Bar("ct.sm4.gcm.64k", "SM4-GCM 64 KiB, constant-time end to end", 12),
                new Bar("sm2.sign", "SM2 sign", 3),
                new Bar("sm2.verify", "SM2 verify", 2),
                new Bar("sm2.encrypt", "SM2 encrypt", 2),
                new Bar("sm2.decrypt", "SM2 decrypt", 2));
        sb.append("The speed bars on JDK 25 (gmflux vs BouncyCastle's fastest configuration, same JVM; the Kafka bar is in "
                + "the Kafka section below):\n\n");
        row(sb, List.of("bar", "gmflux vs BouncyCastle", "verdict"));
        row(sb, List.of("---", "---:", "---"));
        for (Bar b : bars) {
            RowResult r = jdk25Row(b.rowId());
            RatioSummary s = r == null || !r.rounds.containsKey(Catalog.GMFLUX) || !r.rounds.containsKey(Catalog.BC)
                    ? null : ratio(r, Catalog.BC);
            String verdict = s == null || s.rounds() == 0 ? "not measured"
                    : s.median() >= b.at() ? "meets" : "misses (" + fmt(s.median() / b.at() * 100, 0) + "% of the bar)";
            row(sb, List.of(b.what() + " >= " + fmt(b.at(), 0) + "x", s == null ? "" : s.cell(), verdict));
        }
    }

    private RowResult jdk25Row(String id) {
        return jdk25 == null ? null : jdk25.results().stream().filter(x -> x.row.id().equals(id)).findFirst().orElse(null);
    }

    private static RatioSummary ratio(RowResult r, String peer) {
        return RatioSummary.of(r.rounds.get(peer), r.rounds.get(Catalog.GMFLUX));
    }

    private String jdk25Line() {
        Map<String, String> m = jdk25.meta();
        return m.get("jvm") + ", module jdk.incubator.vector " + ("true".equals(m.get("vectorModule")) ? "enabled" : "NOT enabled")
                + ", constant-time SM4 engine: " + m.get("constantTimeEngine") + ", constant-time GHASH: " + m.get("constantTimeGhash")
                + "; " + m.get("minutes") + " min";
    }

    String details() {
        StringBuilder sb = new StringBuilder("# Performance report: rounds and warm-ups\n\n");
        sb.append("Made by `").append(command()).append("`, ").append(stamp.line()).append("\n\n");
        sb.append("Times are CPU time per call. A warm-up runs batches of ").append(msecs(settings.batchNanos()))
                .append(" CPU; \"curve\" gives the median time per call of each successive second of warm-up (first batch, then per second). "
                        + "\"JIT ms\" is the compilation time during the last window.\n");
        if (results != null) {
            detailRows(sb, results, "");
        }
        if (jdk25 != null) {
            sb.append("\n# JDK 25 with the Vector API\n\n").append(jdk25Line()).append('\n');
            detailRows(sb, jdk25.results(), ", JDK 25");
        }
        for (KafkaSection.Part p : kafka) {
            sb.append("\n# Kafka, ").append(p.jdk()).append("\n\n").append(p.summary().strip()).append("\n\n")
                    .append(p.rounds().strip()).append('\n');
        }
        return sb.toString();
    }

    private void detailRows(StringBuilder sb, List<RowResult> rows, String suffix) {
        for (RowResult r : rows) {
            sb.append("\n## ").append(r.row.title()).append(suffix).append(" (`").append(r.row.id()).append("`)\n\n");
            sb.append("| implementation | configuration | verdict | warm-up CPU | steady time | last two windows | JIT ms | curve |\n");
            sb.append("| --- | --- | --- | ---: | ---: | --- | ---: | --- |\n");
            for (Warmup w : r.warmups) {
                boolean chosen = r.chosen.get(w.candidate().peer()) == w;
                String name = w.candidate().peer() + (chosen && !w.candidate().peer().equals(Catalog.GMFLUX) ? " (chosen)" : "");
                if (!w.ok()) {
                    sb.append("| ").append(name).append(" | ").append(w.candidate().variant()).append(" | failed: ")
                            .append(w.failure().replace('|', '/')).append(" | | | | | |\n");
                    continue;
                }
                int n = w.batches();
                int win = settings.rule().window();
                String windows = n >= 2 * win
                        ? PerformanceReport.time(SteadyState.median(java.util.Arrays.copyOfRange(w.nanosPerCall(), n - 2 * win, n - win)))
                        + " -> " + PerformanceReport.time(SteadyState.median(java.util.Arrays.copyOfRange(w.nanosPerCall(), n - win, n)))
                        : "";
                long jit = 0;
                for (int i = Math.max(0, n - win); i < n; i++) {
                    jit += w.compileMillis()[i];
                }
                sb.append("| ").append(name).append(" | ").append(w.candidate().variant()).append(" | ")
                        .append(w.verdict().name().toLowerCase(Locale.ROOT)).append(" | ").append(fmt(w.cpuNanos() / 1e9, 1)).append(" s | ")
                        .append(PerformanceReport.time(w.steadyNanos())).append(" | ").append(windows).append(" | ").append(jit)
                        .append(" | ").append(curve(w)).append(" |\n");
            }
            if (!r.rounds.isEmpty()) {
                sb.append("\n| round |");
                r.rounds.keySet().forEach(p -> sb.append(' ').append(p).append(" |"));
                r.rounds.keySet().stream().filter(p -> !p.equals(Catalog.GMFLUX)).forEach(p -> sb.append(" ").append(p).append("/gmflux |"));
                sb.append("\n| ---: |");
                r.rounds.keySet().forEach(p -> sb.append(" ---: |"));
                r.rounds.keySet().stream().filter(p -> !p.equals(Catalog.GMFLUX)).forEach(p -> sb.append(" ---: |"));
                sb.append('\n');
                double[] g = r.rounds.get(Catalog.GMFLUX);
                for (int i = 0; i < settings.rounds(); i++) {
                    int round = i;
                    sb.append("| ").append(i + 1).append(" |");
                    r.rounds.values().forEach(t -> sb.append(' ').append(PerformanceReport.time(t[round])).append(" |"));
                    r.rounds.entrySet().stream().filter(e -> !e.getKey().equals(Catalog.GMFLUX))
                            .forEach(e -> sb.append(' ').append(fmt(e.getValue()[round] / g[round], 2)).append(" |"));
                    sb.append('\n');
                }
            }
        }
    }

    /** Median time per call of the first batch, then of each following second of warm-up CPU time. */
    private String curve(Warmup w) {
        List<String> points = new ArrayList<>();
        int perSecond = (int) Math.max(1, 1_000_000_000L / settings.batchNanos());
        points.add(PerformanceReport.time(w.nanosPerCall()[0]));
        for (int from = 0; from < w.batches(); from += perSecond) {
            int to = Math.min(w.batches(), from + perSecond);
            points.add(PerformanceReport.time(SteadyState.median(java.util.Arrays.copyOfRange(w.nanosPerCall(), from, to))));
        }
        return String.join(", ", points);
    }

    private String figure(RowResult r, String peer) {
        double t = SteadyState.median(r.rounds.get(peer));
        String mark = r.chosen.get(peer).capped() ? "*" : "";
        return (r.row.bytes() > 0 ? fmt(r.row.bytes() * 1e3 / t, 1) + " MB/s" : PerformanceReport.time(t)) + mark;
    }

    private static String tag(Warmup w) {
        return "[" + w.candidate().variant() + "]";
    }

    private static String coldFigure(RowResult r, double callsPerSecond) {
        if (!Double.isFinite(callsPerSecond)) {
            return "failed";
        }
        return r.row.bytes() > 0 ? fmt(callsPerSecond * r.row.bytes() / 1e6, 1) + " MB/s" : fmt(callsPerSecond, 0) + "/s";
    }

    private static String secs(long nanos) {
        return fmt(nanos / 1e9, nanos % 1_000_000_000L == 0 ? 0 : 1) + " s";
    }

    private static String msecs(long nanos) {
        return fmt(nanos / 1e6, 0) + " ms";
    }

    private static String fmt(double v, int decimals) {
        return PerformanceReport.fmt(v, decimals);
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
