package io.gmflux.bench.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The ratios of {@link GcmStreamBench} measured the way bench/README.md recommends on these shared
 * machines: in one JVM, the three benchmark methods run in alternating order round after round (a
 * machine phase then hits all three alike), and the result is the median of the per-round ratios
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
            for (int r = 0; r < warmup + rounds; r++) {
                double[] t = new double[3];
                double[] c = new double[3];
                int[] order = r % 2 == 0 ? new int[] {0, 1, 2} : new int[] {2, 1, 0};
                for (int which : order) {
                    long start = System.nanoTime();
                    long cpu0 = os.getProcessCpuTime();
                    long n = which == 0 ? b.gcmStream_raw() : which == 1 ? b.gcmStream_pipeline1() : b.gcmStream_pipeline2();
                    t[which] = (System.nanoTime() - start) / 1e6;
                    c[which] = (os.getProcessCpuTime() - cpu0) / 1e6;
                    if (n < b.total) {
                        throw new AssertionError("short output: " + n);
                    }
                }
                System.err.printf(Locale.ROOT, "round %d%s: raw %.0f ms (cpu %.0f), pipeline1 %.0f ms (cpu %.0f), "
                        + "pipeline2 %.0f ms (cpu %.0f); load %.1f%n", r, r < warmup ? " (warm-up)" : "", t[0], c[0], t[1],
                        c[1], t[2], c[2], os.getSystemLoadAverage());
                if (r >= warmup) {
                    ms.add(t);
                    cpu.add(c);
                }
            }
            double mb = b.total / 1048576.0;
            System.out.println("| benchmark | median MiB/s | median ratio to raw (per round) | min-max "
                    + "| process CPU ms per op (median) | raw CPU / its CPU |");
            System.out.println("|---|---|---|---|---|---|");
            String[] names = {"gcmStream_raw", "gcmStream_pipeline1", "gcmStream_pipeline2"};
            for (int w = 0; w < 3; w++) {
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

    private static double median(double[] sorted) {
        double[] s = sorted.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
