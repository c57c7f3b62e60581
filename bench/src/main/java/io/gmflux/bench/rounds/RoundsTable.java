package io.gmflux.bench.rounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Per-round throughputs of every (operation, implementation) pair, and the markdown table made of
 * them: MB/s medians per implementation, and medians of the per-round ratios gmflux/peer (a ratio
 * is only formed between two runs of the same round, so both saw the same machine phase).
 *
 * <p>Not thread-safe.
 */
final class RoundsTable {

    /** The gmflux implementations whose ratios are reported, and the peers they are compared with. */
    private static final List<String> OURS = List.of("gmflux", "gmfluxct");
    private static final List<String> PEERS = List.of("bc", "kona", "jdk");
    /** The peers a speed bar is checked against (the JDK has no SM algorithms). */
    private static final List<String> BAR_PEERS = List.of("bc", "kona");

    private final int rounds;
    // row -> implementation -> ops/s per round (NaN where the run failed or did not happen)
    private final Map<String, Map<String, double[]>> scores = new TreeMap<>();
    // row -> the operation name it measures (a row is "op (Class)" when two classes define op)
    private final Map<String, String> operations = new TreeMap<>();

    RoundsTable(int rounds) {
        this.rounds = rounds;
    }

    void record(String row, String operation, String implementation, int round, double opsPerSecond) {
        operations.put(row, operation);
        scores.computeIfAbsent(row, k -> new TreeMap<>(BenchmarkName.IMPLEMENTATION_ORDER))
                .computeIfAbsent(implementation, k -> {
                    double[] a = new double[rounds];
                    Arrays.fill(a, Double.NaN);
                    return a;
                })[round] = opsPerSecond;
    }

    /** The median of the finite values, NaN if there are none. */
    static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    /** Per-round ratios a/b over the rounds where both ran. */
    static double[] ratios(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / b[i];
        }
        return Arrays.stream(r).filter(Double::isFinite).toArray();
    }

    /** Renders the table; {@code header} lines go above it. */
    String markdown(List<String> header) {
        List<String> impls = scores.values().stream().flatMap(m -> m.keySet().stream()).distinct()
                .sorted(BenchmarkName.IMPLEMENTATION_ORDER)
                .toList();
        List<String[]> ratioColumns = new ArrayList<>();
        for (String ours : OURS) {
            for (String peer : PEERS) {
                boolean anyRowHasBoth = scores.values().stream().anyMatch(m -> m.containsKey(ours) && m.containsKey(peer));
                if (anyRowHasBoth) {
                    ratioColumns.add(new String[] {ours, peer});
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        header.forEach(h -> sb.append(h).append('\n'));
        sb.append('\n');
        List<String> cols = new ArrayList<>(List.of("operation", "payload"));
        impls.forEach(i -> cols.add(i + " MB/s"));
        ratioColumns.forEach(rc -> cols.add(rc[0] + "/" + rc[1]));
        cols.add("bar (vs fastest peer)");
        row(sb, cols);
        row(sb, cols.stream().map(c -> c.equals("operation") || c.startsWith("bar") ? "---" : "---:").toList());

        for (Map.Entry<String, Map<String, double[]>> e : scores.entrySet()) {
            String op = operations.get(e.getKey());
            Map<String, double[]> byImpl = e.getValue();
            OptionalInt payload = BenchmarkName.payloadBytes(op);
            List<String> cells = new ArrayList<>();
            cells.add("`" + e.getKey() + "`");
            cells.add(payload.isPresent() ? size(payload.getAsInt()) : "-");
            for (String impl : impls) {
                double[] s = byImpl.get(impl);
                if (s == null) {
                    cells.add("");
                } else if (payload.isPresent()) {
                    cells.add(fixed(median(s) * payload.getAsInt() / 1e6, 1));
                } else {
                    cells.add(fixed(median(s), 0) + " ops/s");
                }
            }
            for (String[] rc : ratioColumns) {
                double[] a = byImpl.get(rc[0]);
                double[] b = byImpl.get(rc[1]);
                cells.add(a == null || b == null ? "" : ratioCell(ratios(a, b)));
            }
            cells.add(barCell(op, byImpl));
            row(sb, cells);
        }
        sb.append('\n');
        sb.append("MB/s = 10^6 bytes/s, median over rounds. A ratio cell is the median of the per-round ratios ")
                .append("(min-max over rounds in parentheses); the bar is checked against the fastest peer measured ")
                .append("(the smaller of the gmflux/bc and gmflux/kona medians); \"rounds on both sides of the bar\" means the verdict ")
                .append("is not settled: run more rounds.\n");
        return sb.toString();
    }

    private String barCell(String op, Map<String, double[]> byImpl) {
        Optional<SpeedBar> bar = SpeedBar.forOperation(op);
        if (bar.isEmpty()) {
            return "";
        }
        double[] ours = byImpl.get("gmflux");
        double[] worstRatios = null;
        String worstPeer = null;
        for (String peer : BAR_PEERS) {
            double[] p = byImpl.get(peer);
            if (ours != null && p != null) {
                double[] r = ratios(ours, p);
                if (r.length > 0 && (worstPeer == null || median(r) < median(worstRatios))) {
                    worstRatios = r;
                    worstPeer = peer;
                }
            }
        }
        double min = bar.get().minRatio();
        String target = ">= " + fixed(min, 1) + "x";
        if (worstPeer == null) {
            return target + ": no gmflux/peer pair measured";
        }
        double worst = median(worstRatios);
        boolean crosses = Arrays.stream(worstRatios).min().getAsDouble() < min
                && Arrays.stream(worstRatios).max().getAsDouble() >= min;
        return target + ": " + (worst >= min ? "**met**" : "**not met**")
                + " (" + fixed(worst, 2) + "x vs " + worstPeer + (crosses ? "; rounds on both sides of the bar" : "") + ")";
    }

    private static String ratioCell(double[] r) {
        if (r.length == 0) {
            return "n/a";
        }
        double min = Arrays.stream(r).min().getAsDouble();
        double max = Arrays.stream(r).max().getAsDouble();
        return fixed(median(r), 2) + " (" + fixed(min, 2) + "-" + fixed(max, 2) + ")";
    }

    private static String size(int bytes) {
        if (bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " B";
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "error";
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
