package io.gmflux.bench.sm2;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A supplement to the alternating-rounds harness for machines so loaded that wall-clock ratios
 * spread over a factor of three: the same {@link Sm2Bench} operations, timed by the thread's CPU
 * time ({@link ThreadMXBean#getCurrentThreadCpuTime()}), which time spent waiting for a core does
 * not inflate. Each round runs a batch of every implementation of an operation back to back
 * (order reversed every other round); the table gives the median CPU time per operation and the
 * median of the per-round ratios with their range. Cache effects of other processes still show,
 * so treat it as the tighter of two views, not a replacement for JMH.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar io.gmflux.bench.sm2.Sm2CpuTimeRatios [rounds] [msPerBatch]}.
 */
public final class Sm2CpuTimeRatios {

    private Sm2CpuTimeRatios() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        long batchNanos = (args.length > 1 ? Long.parseLong(args[1]) : 400) * 1_000_000L;
        Sm2Bench b = new Sm2Bench();
        b.setup();
        Map<String, List<Callable<?>>> ops = new LinkedHashMap<>();
        ops.put("sm2Sign", List.of(b::sm2Sign_gmflux, b::sm2Sign_bc, b::sm2Sign_kona));
        ops.put("sm2Verify", List.of(b::sm2Verify_gmflux, b::sm2Verify_bc, b::sm2Verify_kona));
        ops.put("sm2Encrypt", List.of(b::sm2Encrypt_gmflux, b::sm2Encrypt_bc, b::sm2Encrypt_kona));
        ops.put("sm2Decrypt", List.of(b::sm2Decrypt_gmflux, b::sm2Decrypt_bc, b::sm2Decrypt_kona));
        ops.put("sm2Keygen", List.of(b::sm2Keygen_gmflux, b::sm2Keygen_bc, b::sm2Keygen_kona));
        ops.put("sm2Exchange", List.of(b::sm2Exchange_gmflux, b::sm2Exchange_bc, b::sm2Exchange_kona));
        String[] impls = {"gmflux", "bc", "kona"};
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        System.out.println("| operation | gmflux µs (CPU) | bc µs | kona µs | gmflux/bc | gmflux/kona |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: |");
        for (Map.Entry<String, List<Callable<?>>> op : ops.entrySet()) {
            List<Callable<?>> impl = op.getValue();
            for (Callable<?> c : impl) { // warm-up: C2 compiles every path first
                run(mx, c, batchNanos * 3);
            }
            double[][] perOp = new double[impl.size()][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int j = 0; j < impl.size(); j++) {
                    int i = r % 2 == 0 ? j : impl.size() - 1 - j;
                    perOp[i][r] = run(mx, impl.get(i), batchNanos);
                }
            }
            double[] g = perOp[0];
            StringBuilder line = new StringBuilder("| `" + op.getKey() + "` |");
            for (double[] t : perOp) {
                line.append(String.format(Locale.ROOT, " %.1f |", median(t) / 1e3));
            }
            for (int i = 1; i < impl.size(); i++) {
                double[] ratio = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ratio[r] = perOp[i][r] / g[r];
                }
                double[] sorted = ratio.clone();
                Arrays.sort(sorted);
                line.append(String.format(Locale.ROOT, " %.2f (%.2f-%.2f) |", median(ratio), sorted[0], sorted[rounds - 1]));
            }
            System.out.println(line);
            System.out.flush();
        }
        System.out.println();
        System.out.println("CPU time per operation (median of " + rounds + " rounds of " + batchNanos / 1_000_000
                + " ms CPU per implementation); ratio = peer time / gmflux time, median of per-round ratios (min-max). Implementations: "
                + String.join(", ", impls) + ".");
    }

    /** CPU nanoseconds per call of {@code c}, over calls until {@code budget} CPU nanoseconds are spent. */
    private static double run(ThreadMXBean mx, Callable<?> c, long budget) throws Exception {
        long start = mx.getCurrentThreadCpuTime();
        long calls = 0;
        long used;
        Object sink = null;
        do {
            for (int i = 0; i < 8; i++) {
                sink = c.call();
            }
            calls += 8;
            used = mx.getCurrentThreadCpuTime() - start;
        } while (used < budget);
        if (sink == null) {
            throw new IllegalStateException("no result");
        }
        return (double) used / calls;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
