package io.gmflux.bench.rounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RatioSummaryTest {

    @Test
    void ratiosArePeerTimeOverGmfluxTimeWithinEachRound() {
        double[] gmflux = {10, 20, 10};
        double[] peer = {20, 30, 50}; // per round: 2.0, 1.5, 5.0
        RatioSummary r = RatioSummary.of(peer, gmflux);
        assertThat(r.median()).isEqualTo(2.0);
        assertThat(r.min()).isEqualTo(1.5);
        assertThat(r.max()).isEqualTo(5.0);
        assertThat(r.rounds()).isEqualTo(3);
        assertThat(r.cell()).isEqualTo("2.00x (1.50-5.00)");
    }

    @Test
    void theMedianOfRatiosIsNotTheRatioOfMedians() {
        // a slow phase that hits both sides of a round cancels out in that round's ratio; one odd
        // round moves the median of ratios less than it moves the ratio of medians
        double[] gmflux = {10, 30, 20};
        double[] peer = {20, 60, 100};
        RatioSummary r = RatioSummary.of(peer, gmflux);
        assertThat(r.median()).isEqualTo(2.0);
        assertThat(r.max()).isEqualTo(5.0);
        assertThat(SteadyState.median(peer) / SteadyState.median(gmflux)).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void failedRunsAreLeftOutOfTheRatios() {
        double[] gmflux = {10, Double.NaN, 10, 10};
        double[] peer = {30, 30, Double.NaN, 40};
        RatioSummary r = RatioSummary.of(peer, gmflux);
        assertThat(r.rounds()).isEqualTo(2);
        assertThat(r.median()).isEqualTo(3.5);
    }

    @Test
    void noCommonRoundGivesNotAvailable() {
        RatioSummary r = RatioSummary.of(new double[] {Double.NaN}, new double[] {10});
        assertThat(r.rounds()).isZero();
        assertThat(r.cell()).isEqualTo("n/a");
    }

    @Test
    void roundCountsMustMatch() {
        assertThatThrownBy(() -> RatioSummary.of(new double[2], new double[3])).isInstanceOf(IllegalArgumentException.class);
    }
}
