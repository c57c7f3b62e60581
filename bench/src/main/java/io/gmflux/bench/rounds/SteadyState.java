package io.gmflux.bench.rounds;

import java.util.Arrays;

/**
 * The rule that ends an implementation's warm-up: it has run at least {@code minCpuNanos} of its
 * own CPU time, and its time per call has stopped falling: the medians of the last two windows of
 * {@code window} batches agree within {@code tolerance}, and the JIT compiled for no more than
 * {@code idleCompileMillis} during the last window. Past {@code capCpuNanos} the warm-up stops
 * anyway and the implementation is reported as capped.
 *
 * @param minCpuNanos CPU time every implementation runs before it may be judged steady
 * @param capCpuNanos CPU time after which the warm-up ends unsteady
 * @param window batches per window
 * @param tolerance largest relative difference between the two windows' medians, e.g. 0.03
 * @param idleCompileMillis largest JIT compilation time during the last window that still counts as idle
 */
public record SteadyState(long minCpuNanos, long capCpuNanos, int window, double tolerance, long idleCompileMillis) {

    /** Where a warm-up stands. */
    public enum Verdict {
        /** Keep warming. */
        WARMING,
        /** Steady: stop and measure. */
        STEADY,
        /** Not steady within the cap: stop, and mark the figures. */
        CAPPED
    }

    public SteadyState {
        if (window < 1 || minCpuNanos < 0 || capCpuNanos < minCpuNanos || !(tolerance >= 0)) {
            throw new IllegalArgumentException("bad steady-state rule");
        }
    }

    /**
     * Judges a warm-up after {@code n} batches.
     *
     * @param nanosPerCall time per call of each batch so far (first {@code n} entries used)
     * @param compileMillis JIT compilation time during each batch
     * @param n batches so far
     * @param cpuNanos CPU time spent warming so far
     */
    public Verdict judge(double[] nanosPerCall, long[] compileMillis, int n, long cpuNanos) {
        if (cpuNanos >= minCpuNanos && isFlat(nanosPerCall, compileMillis, n)) {
            return Verdict.STEADY;
        }
        return cpuNanos >= capCpuNanos ? Verdict.CAPPED : Verdict.WARMING;
    }

    /** True when the last two windows agree within the tolerance and the last one saw an idle JIT. */
    boolean isFlat(double[] nanosPerCall, long[] compileMillis, int n) {
        if (n < 2 * window) {
            return false;
        }
        double previous = median(Arrays.copyOfRange(nanosPerCall, n - 2 * window, n - window));
        double last = median(Arrays.copyOfRange(nanosPerCall, n - window, n));
        long compiled = 0;
        for (int i = n - window; i < n; i++) {
            compiled += compileMillis[i];
        }
        return Math.abs(last / previous - 1) <= tolerance && compiled <= idleCompileMillis;
    }

    /** The median of the last window of the first {@code n} batches (the steady time per call). */
    public double lastWindowMedian(double[] nanosPerCall, int n) {
        return median(Arrays.copyOfRange(nanosPerCall, Math.max(0, n - window), n));
    }

    /** The median of the finite values, NaN if there are none. */
    public static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
