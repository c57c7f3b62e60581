package io.gmflux.bench.rounds;

import io.gmflux.bench.rounds.Catalog.Candidate;
import io.gmflux.bench.rounds.Catalog.Row;
import io.gmflux.bench.rounds.PerformanceReport.RowResult;
import io.gmflux.bench.rounds.PerformanceReport.Warmup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The results of one JVM's part of a {@link PerformanceReport} as text, so that the JDK 17 process
 * can tabulate what a JDK 25 child measured: a few facts about the child's JVM ({@code meta}) and, per
 * row, every warm-up, the chosen candidate of each peer, the per-round times and the cold rates.
 * Numbers are written exactly ({@link Double#toString}); one tab-separated record per line.
 */
final class ResultFile {

    /** What a part measured and where: rows in the order measured, and facts such as the JVM's version. */
    record Part(Map<String, String> meta, List<RowResult> results) {
    }

    private ResultFile() {
    }

    static String write(Part part) {
        StringBuilder sb = new StringBuilder();
        part.meta().forEach((k, v) -> line(sb, "META", k, v));
        for (RowResult r : part.results()) {
            line(sb, "ROW", r.row.id());
            for (Warmup w : r.warmups) {
                line(sb, "WARM", w.candidate().key(), w.verdict() == null ? "-" : w.verdict().name(),
                        Long.toString(w.cpuNanos()), Double.toString(w.steadyNanos()), doubles(w.nanosPerCall()),
                        longs(w.compileMillis()), w.failure() == null ? "-" : w.failure());
            }
            r.chosen.forEach((peer, w) -> line(sb, "CHOSEN", peer, w.candidate().key()));
            r.rounds.forEach((peer, t) -> line(sb, "ROUNDS", peer, doubles(t)));
            r.cold.forEach((peer, rate) -> line(sb, "COLD", peer, Double.toString(rate)));
        }
        return sb.toString();
    }

    /**
     * Reads what {@link #write} wrote, finding rows and candidates by id and key in {@code catalog}.
     *
     * @throws IllegalArgumentException on a line it does not understand, or a row or candidate the catalog lacks
     */
    static Part read(String text, Catalog catalog) {
        Map<String, String> meta = new LinkedHashMap<>();
        List<RowResult> results = new ArrayList<>();
        RowResult current = null;
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "META" -> meta.put(f[1], f[2]);
                case "ROW" -> {
                    Row row = catalog.rows().stream().filter(r -> r.id().equals(f[1])).findFirst()
                            .orElseThrow(() -> new IllegalArgumentException("no row " + f[1]));
                    current = new RowResult(row);
                    results.add(current);
                }
                case "WARM" -> {
                    Candidate c = catalog.candidate(f[1]).orElseThrow(() -> new IllegalArgumentException("no candidate " + f[1]));
                    double[] perCall = parseDoubles(f[5]);
                    require(current, line).warmups.add(new Warmup(c, perCall, parseLongs(f[6]), perCall.length, Long.parseLong(f[3]),
                            f[2].equals("-") ? null : SteadyState.Verdict.valueOf(f[2]), Double.parseDouble(f[4]),
                            f[7].equals("-") ? null : f[7]));
                }
                case "CHOSEN" -> {
                    RowResult r = require(current, line);
                    Warmup w = r.warmups.stream().filter(x -> x.candidate().key().equals(f[2])).findFirst()
                            .orElseThrow(() -> new IllegalArgumentException("chosen before warmed: " + line));
                    r.chosen.put(f[1], w);
                }
                case "ROUNDS" -> require(current, line).rounds.put(f[1], parseDoubles(f[2]));
                case "COLD" -> require(current, line).cold.put(f[1], Double.parseDouble(f[2]));
                default -> throw new IllegalArgumentException("unknown line: " + line);
            }
        }
        return new Part(meta, results);
    }

    private static RowResult require(RowResult r, String line) {
        if (r == null) {
            throw new IllegalArgumentException("no ROW before: " + line);
        }
        return r;
    }

    private static void line(StringBuilder sb, String... fields) {
        sb.append(Arrays.stream(fields).map(x -> x.replace('\t', ' ').replace('\n', ' ').replace('\r', ' '))
                .collect(Collectors.joining("\t"))).append('\n');
    }

    private static String doubles(double[] a) {
        return Arrays.stream(a).mapToObj(Double::toString).collect(Collectors.joining(","));
    }

    private static String longs(long[] a) {
        return Arrays.stream(a).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    private static double[] parseDoubles(String s) {
        return s.isEmpty() ? new double[0] : Arrays.stream(s.split(",")).mapToDouble(x -> Double.parseDouble(x.trim())).toArray();
    }

    private static long[] parseLongs(String s) {
        return s.isEmpty() ? new long[0] : Arrays.stream(s.split(",")).mapToLong(x -> Long.parseLong(x.trim())).toArray();
    }
}
