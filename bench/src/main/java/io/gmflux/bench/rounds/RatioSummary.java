package io.gmflux.bench.rounds;

import java.util.Arrays;

/**
 * How many times faster gmflux was than a peer, over rounds: the per-round ratio peer time /
 * gmflux time (a ratio is only formed between two runs of the same round), its median and its
 * min-max.
 *
 * @param median median of the per-round ratios
 * @param min smallest per-round ratio
 * @param max largest per-round ratio
 * @param rounds rounds in which both ran
 */
public record RatioSummary(double median, double min, double max, int rounds) {

    /** From per-round times per call (NaN where a run failed); empty summary (NaN) when no round has both. */
    public static RatioSummary of(double[] peerNanos, double[] gmfluxNanos) {
        if (peerNanos.length != gmfluxNanos.length) {
            throw new IllegalArgumentException("rounds differ: " + peerNanos.length + " vs " + gmfluxNanos.length);
        }
        double[] r = new double[peerNanos.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = peerNanos[i] / gmfluxNanos[i];
        }
        double[] finite = Arrays.stream(r).filter(x -> Double.isFinite(x) && x > 0).toArray();
        if (finite.length == 0) {
            return new RatioSummary(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        return new RatioSummary(SteadyState.median(finite), Arrays.stream(finite).min().getAsDouble(),
                Arrays.stream(finite).max().getAsDouble(), finite.length);
    }

    /** {@code 2.14x (2.05-2.20)}, or {@code n/a}. */
    public String cell() {
        if (rounds == 0) {
            return "n/a";
        }
        return String.format(java.util.Locale.ROOT, "%.2fx (%.2f-%.2f)", median, min, max);
    }
}
