package io.gmflux.examples.selftest;

import java.util.ArrayList;
import java.util.List;

/**
 * A rough, single-threaded throughput figure per operation: a short warm-up, then as many calls
 * as fit in the given time. It shows the order of magnitude on this machine and nothing more;
 * the JMH benchmarks in {@code bench/} are the measurement (same run, peers, alternating rounds).
 *
 * <p>Thread-safe (stateless); the probes it runs are not.
 */
public final class RoughSpeed {

    private RoughSpeed() {
    }

    /** The probes of every algorithm in this build, in the order the selftest prints them. */
    public static List<SpeedProbe> available() {
        List<SpeedProbe> probes = new ArrayList<>();
        probes.addAll(Sm3Checks.speedProbes());
        probes.addAll(Sm4Checks.speedProbes());
        probes.addAll(Sm4AeadChecks.speedProbes());
        probes.addAll(ZucChecks.speedProbes());
        return List.copyOf(probes);
    }

    /**
     * Runs one probe: warms up for a third of {@code seconds} (JIT compilation), then measures.
     *
     * @return throughput in MB/s (10^6 bytes per second)
     */
    public static double megabytesPerSecond(SpeedProbe probe, double seconds) throws Exception {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("seconds must be positive, got " + seconds);
        }
        long budget = (long) (seconds * 1e9);
        runFor(probe.operation(), budget / 3);
        long start = System.nanoTime();
        long calls = runFor(probe.operation(), budget);
        long elapsed = System.nanoTime() - start;
        return (double) calls * probe.bytesPerCall() / (elapsed / 1e9) / 1e6;
    }

    private static long runFor(SpeedProbe.Operation op, long nanos) throws Exception {
        long end = System.nanoTime() + nanos;
        long calls = 0;
        do {
            op.run();
            calls++;
        } while (System.nanoTime() < end);
        return calls;
    }
}
