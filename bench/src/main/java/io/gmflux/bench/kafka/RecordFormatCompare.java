package io.gmflux.bench.kafka;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;

/**
 * CPU time per 1 KiB record of the record layer (serialize then deserialize, SM4-GCM, one SM2
 * recipient, as {@link RecordLayerCpu}'s {@code layer/sm4-gcm} row) for two builds of gmflux-kafka
 * in one JVM: each build is loaded by its own class loader, so two record formats can be compared
 * round after round on a shared machine (order alternating per round; medians over rounds).
 *
 * <pre>
 * java -cp bench/target/classes io.gmflux.bench.kafka.RecordFormatCompare \
 *     --a NAME=CLASSPATH --b NAME=CLASSPATH [--b NAME+signed=CLASSPATH] [--rounds 15] [--ms 400]
 * </pre>
 *
 * A build named {@code ...+signed} runs with a signing producer and a consumer that requires it.
 * Ratios are against the first build.
 * Each CLASSPATH holds that build's gmflux-codecs and gmflux-kafka jars and kafka-clients;
 * {@code bench/target/classes} is added for {@link LayerRound}.
 */
public final class RecordFormatCompare {

    private RecordFormatCompare() {
    }

    public static void main(String[] args) throws Exception {
        List<String[]> builds = new ArrayList<>();
        int rounds = 15;
        long ms = 400;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--a", "--b" -> builds.add(args[++i].split("=", 2));
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--ms" -> ms = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        URL self = RecordFormatCompare.class.getProtectionDomain().getCodeSource().getLocation();
        List<IntSupplier> rows = new ArrayList<>();
        for (String[] b : builds) {
            List<URL> urls = new ArrayList<>();
            urls.add(self);
            for (String p : b[1].split(java.io.File.pathSeparator)) {
                urls.add(Path.of(p).toUri().toURL());
            }
            ClassLoader loader = new URLClassLoader(b[0], urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            rows.add((IntSupplier) Class.forName(LayerRound.class.getName(), true, loader)
                    .getConstructor(boolean.class).newInstance(b[0].endsWith("+signed")));
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double[][] nsPerRecord = new double[builds.size()][rounds];
        for (IntSupplier r : rows) { // warm-up
            run(r, cpu, 2000);
        }
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < rows.size(); k++) {
                int i = round % 2 == 0 ? k : rows.size() - 1 - k;
                nsPerRecord[i][round] = run(rows.get(i), cpu, ms);
            }
        }
        System.out.printf(Locale.ROOT, "%d rounds of %d ms CPU each, Java %s, %d CPUs%n", rounds, ms,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        double base = median(nsPerRecord[0]);
        for (int i = 0; i < builds.size(); i++) {
            double[] ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = nsPerRecord[0][r] / nsPerRecord[i][r];
            }
            double[] sorted = ratios.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "%-6s %8.0f ns/record (median; rounds %.0f..%.0f), throughput vs %s: %.3f"
                    + " (median of per-round ratios; %.3f..%.3f), ratio of medians %.3f%n", builds.get(i)[0],
                    median(nsPerRecord[i]), min(nsPerRecord[i]), max(nsPerRecord[i]), builds.get(0)[0],
                    median(ratios), sorted[0], sorted[rounds - 1], base / median(nsPerRecord[i]));
        }
    }

    /** CPU nanoseconds of this thread per record, over about {@code ms} of CPU time. */
    private static double run(IntSupplier row, ThreadMXBean cpu, long ms) {
        long budget = ms * 1_000_000L;
        long start = cpu.getCurrentThreadCpuTime();
        long n = 0;
        int sink = 0;
        long used;
        do {
            for (int i = 0; i < 256; i++) {
                sink += row.getAsInt();
            }
            n += 256;
            used = cpu.getCurrentThreadCpuTime() - start;
        } while (used < budget);
        if (sink == 42) {
            System.out.print("");
        }
        return (double) used / n;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(0);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(0);
    }
}
