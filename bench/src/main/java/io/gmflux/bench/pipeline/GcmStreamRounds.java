package io.gmflux.bench.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The ratios of {@link GcmStreamBench} measured the way bench/README.md recommends on these shared
 * machines: in one JVM, the benchmark methods run in alternating order round after round (a
 * machine phase then hits them all alike), and the result is the median of the per-round ratios
 * with the min-max spread. Each run is one 256 MiB operation. It also reports the process CPU time
 * of each run: on a machine whose cores are busy with other work, wall-clock parallel speed-up
 * cannot show, but CPU per byte says what the pipeline costs over raw sealing.
 *
 * <pre>
 * java -Djmh.ignoreLock=true -Xms1g -Xmx2g -cp bench/target/benchmarks.jar \
 *     io.gmflux.bench.pipeline.GcmStreamRounds [rounds] [warm-up rounds]
 * </pre>
 */
public final class GcmStreamRounds {

    private GcmStreamRounds() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        GcmStreamBench b = new GcmStreamBench();
        b.total = 256 << 20;
        b.setUp();
        try {
            com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            List<double[]> ms = new ArrayList<>();
            List<double[]> cpu = new ArrayList<>();
            String[] names = {"gcmStream_raw", "gcmStream_pipeline1", "gcmStream_pipeline2", "gcmStream_pipeline1Unaligned",
                "gcmStream_pipeline2Unaligned"};
            int k = names.length;
            for (int r = 0; r < warmup + rounds; r++) {
                double[] t = new double[k];
                double[] c = new double[k];
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < k; i++) {
                    int which = r % 2 == 0 ? i : k - 1 - i; // alternating order
                    long start = System.nanoTime();
                    long cpu0 = os.getProcessCpuTime();
                    long n = run(b, which);
                    t[which] = (System.nanoTime() - start) / 1e6;
                    c[which] = (os.getProcessCpuTime() - cpu0) / 1e6;
                    if (n < b.total) {
                        throw new AssertionError("short output: " + n);
                    }
                }
                for (int w = 0; w < k; w++) {
                    line.append(String.format(Locale.ROOT, "%s %.0f ms (cpu %.0f), ", names[w].substring(10), t[w], c[w]));
                }
                System.err.printf(Locale.ROOT, "round %d%s: %sload %.1f%n", r, r < warmup ? " (warm-up)" : "", line,
                        os.getSystemLoadAverage());
                if (r >= warmup) {
                    ms.add(t);
                    cpu.add(c);
                }
            }
            double mb = b.total / 1048576.0;
            System.out.println("| benchmark | median MiB/s | median ratio to raw (per round) | min-max "
                    + "| process CPU ms per op (median) | raw CPU / its CPU |");
            System.out.println("|---|---|---|---|---|---|");
            for (int w = 0; w < k; w++) {
                int ww = w;
                double[] speed = ms.stream().mapToDouble(t -> mb / (t[ww] / 1000)).sorted().toArray();
                double[] ratio = ms.stream().mapToDouble(t -> t[0] / t[ww]).sorted().toArray();
                double[] cpuMs = cpu.stream().mapToDouble(x -> x[ww]).toArray();
                double[] cpuRatio = cpu.stream().mapToDouble(x -> x[0] / x[ww]).toArray();
                System.out.printf(Locale.ROOT, "| %s | %.0f | %.2f | %.2f-%.2f | %.0f | %.2f |%n", names[w], median(speed),
                        median(ratio), ratio[0], ratio[ratio.length - 1], median(cpuMs), median(cpuRatio));
            }
        } finally {
            b.tearDown();
        }
    }

    private static long run(GcmStreamBench b, int which) throws Exception {
        switch (which) {
            case 0: return b.gcmStream_raw();
            case 1: return b.gcmStream_pipeline1();
            case 2: return b.gcmStream_pipeline2();
            case 3: return b.gcmStream_pipeline1Unaligned();
            default: return b.gcmStream_pipeline2Unaligned();
        }
    }

    private static double median(double[] sorted) {
        double[] s = sorted.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
