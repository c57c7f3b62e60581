package io.gmflux.bench.proxy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tunnel's bulk ratio (proxy against raw SM4-GCM) in alternating rounds within one JVM (the
 * machine's fast and slow phases hit both sides of a round alike): per round, {@code tunnelBulk_direct}, {@code tunnelBulk_proxy}
 * and {@code tunnelBulk_rawgcm} of {@link TunnelBench} once each (order reversed every other round),
 * wall-clock MB/s and the per-round ratio proxy/rawgcm; plus the CPU time per byte of every thread,
 * which, unlike wall time, does not depend on how much of the machine others take.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar io.gmflux.bench.proxy.TunnelRounds [rounds]
 * [bytes]} (defaults 5 and 1 GiB). The shared {@code AlternatingRounds} harness needs a payload size
 * at the end of the operation name, which the tunnel benchmarks' names do not have.
 */
public final class TunnelRounds {

    private TunnelRounds() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long bytes = args.length > 1 ? Long.parseLong(args[1]) : 1L << 30;
        TunnelBench b = new TunnelBench();
        b.bytes = Math.min(bytes, 64L << 20);
        b.setUp();
        // Warm-up with a smaller transfer so C2 has compiled the record paths before anything is timed.
        for (int i = 0; i < 3; i++) {
            b.tunnelBulk_proxy();
            b.tunnelBulk_rawgcm();
            b.tunnelBulk_direct();
        }
        b.bytes = bytes;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        List<Double> ratios = new ArrayList<>();
        System.out.printf(Locale.ROOT, "%d rounds of %d bytes; %d CPUs%n", rounds, bytes,
                Runtime.getRuntime().availableProcessors());
        for (int round = 0; round < rounds; round++) {
            double direct = 0;
            double proxy = 0;
            double raw = 0;
            String proxyCpu = "";
            String rawCpu = "";
            for (int k = 0; k < 3; k++) {
                int which = round % 2 == 0 ? k : 2 - k;
                Map<Long, Long> before = cpu(mx);
                long t0 = System.nanoTime();
                if (which == 0) {
                    b.tunnelBulk_direct();
                } else if (which == 1) {
                    b.tunnelBulk_proxy();
                } else {
                    b.tunnelBulk_rawgcm();
                }
                double mbs = bytes / ((System.nanoTime() - t0) / 1e3);
                if (which == 0) {
                    direct = mbs;
                } else if (which == 1) {
                    proxy = mbs;
                    proxyCpu = cpuPerByte(mx, before, bytes);
                } else {
                    raw = mbs;
                    rawCpu = cpuPerByte(mx, before, bytes);
                }
            }
            ratios.add(proxy / raw);
            System.out.printf(Locale.ROOT, "round %d: direct %.0f MB/s, proxy %.1f MB/s, rawgcm %.1f MB/s, proxy/rawgcm %.2f%n"
                    + "  CPU ns/byte by thread: proxy %s; rawgcm %s%n", round + 1, direct, proxy, raw, proxy / raw, proxyCpu,
                    rawCpu);
        }
        double[] r = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "proxy/rawgcm: median %.2f (min %.2f, max %.2f) over %d rounds; bar 0.70%n",
                r[r.length / 2], r[0], r[r.length - 1], r.length);
        b.tearDown();
        System.exit(0);
    }

    private static Map<Long, Long> cpu(ThreadMXBean mx) {
        Map<Long, Long> m = new HashMap<>();
        for (long id : mx.getAllThreadIds()) {
            m.put(id, mx.getThreadCpuTime(id));
        }
        return m;
    }

    private static String cpuPerByte(ThreadMXBean mx, Map<Long, Long> before, long bytes) {
        StringBuilder sb = new StringBuilder();
        long[] ids = mx.getAllThreadIds();
        ThreadInfo[] infos = mx.getThreadInfo(ids);
        double total = 0;
        List<String> parts = new ArrayList<>();
        for (ThreadInfo ti : infos) {
            if (ti == null) {
                continue;
            }
            long d = mx.getThreadCpuTime(ti.getThreadId()) - before.getOrDefault(ti.getThreadId(), 0L);
            double perByte = (double) d / bytes;
            total += perByte;
            if (perByte >= 0.05) {
                parts.add(String.format(Locale.ROOT, "%s %.2f", ti.getThreadName(), perByte));
            }
        }
        sb.append(String.format(Locale.ROOT, "total %.2f [", total)).append(String.join(", ", parts)).append(']');
        return sb.toString();
    }

}
