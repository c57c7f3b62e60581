package io.gmflux.bench.sm9;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * A companion to {@link Sm9Bench} for oversubscribed machines (as {@code Sm3CpuTimeComparison} is
 * for SM3): for each operation it runs gmflux and BouncyCastle in short interleaved bursts on the
 * same {@link Sm9Bench} state and times each burst with the thread's CPU time, so time-slicing by
 * other processes drops out of the ratio. It prints, per operation, the median CPU time per call of
 * each side and the median of the per-burst-pair ratios bc/gmflux with its min-max, after a warm-up.
 * Not a substitute for JMH (no forking, no dead-code protection beyond consuming results); use it
 * to confirm that wall-clock ratios are not noise.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar io.gmflux.bench.sm9.Sm9CpuTimeComparison [bursts] [filter]}.
 */
public final class Sm9CpuTimeComparison {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static long sink;

    private Sm9CpuTimeComparison() {
    }

    private record Pair(String name, int callsPerBurst, Callable<Object> gmflux, Callable<Object> bc) {
    }

    public static void main(String[] args) throws Exception {
        int bursts = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        String filter = args.length > 1 ? args[1] : "";
        Sm9Bench b = new Sm9Bench();
        b.setup();
        List<Pair> pairs = List.of(
                new Pair("sm9Pairing", 20, b::sm9Pairing_gmflux, b::sm9Pairing_bc),
                new Pair("sm9Sign", 40, b::sm9Sign_gmflux, b::sm9Sign_bc),
                new Pair("sm9Verify", 20, b::sm9Verify_gmflux, b::sm9Verify_bc),
                new Pair("sm9Encrypt", 40, b::sm9Encrypt_gmflux, b::sm9Encrypt_bc),
                new Pair("sm9Decrypt", 20, b::sm9Decrypt_gmflux, b::sm9Decrypt_bc),
                new Pair("sm9KemEncap", 40, b::sm9KemEncap_gmflux, b::sm9KemEncap_bc),
                new Pair("sm9KemDecap", 20, b::sm9KemDecap_gmflux, b::sm9KemDecap_bc),
                new Pair("sm9Exchange", 5, b::sm9Exchange_gmflux, b::sm9Exchange_bc),
                new Pair("sm9ExtractKey", 40, b::sm9ExtractKey_gmflux, b::sm9ExtractKey_bc));
        System.out.println("| operation | gmflux us/op (CPU) | bc us/op (CPU) | bc/gmflux median (min-max) |");
        System.out.println("| --- | ---: | ---: | ---: |");
        for (Pair p : pairs) {
            if (!p.name.contains(filter)) {
                continue;
            }
            for (int i = 0; i < 3; i++) { // warm-up bursts
                burst(p.gmflux, p.callsPerBurst);
                burst(p.bc, p.callsPerBurst);
            }
            List<Double> ratios = new ArrayList<>();
            double[] g = new double[bursts];
            double[] c = new double[bursts];
            for (int i = 0; i < bursts; i++) {
                boolean gmfluxFirst = (i & 1) == 0;
                long first = burst(gmfluxFirst ? p.gmflux : p.bc, p.callsPerBurst);
                long second = burst(gmfluxFirst ? p.bc : p.gmflux, p.callsPerBurst);
                long gt = gmfluxFirst ? first : second;
                long bt = gmfluxFirst ? second : first;
                g[i] = gt / 1e3 / p.callsPerBurst;
                c[i] = bt / 1e3 / p.callsPerBurst;
                ratios.add((double) bt / gt);
            }
            double[] r = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            System.out.printf("| `%s` | %.0f | %.0f | %.2f (%.2f-%.2f) |%n", p.name, median(g), median(c), median(r), r[0],
                    r[r.length - 1]);
        }
        System.out.println("(checksum " + sink + ")");
    }

    private static long burst(Callable<Object> op, int calls) throws Exception {
        long t0 = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            Object o = op.call();
            sink += o == null ? 0 : o.hashCode();
        }
        return THREADS.getCurrentThreadCpuTime() - t0;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
