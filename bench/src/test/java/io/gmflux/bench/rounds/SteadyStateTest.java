package io.gmflux.bench.rounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.bench.rounds.SteadyState.Verdict;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    private static final long S = 1_000_000_000L;
    private final SteadyState rule = new SteadyState(5 * S, 30 * S, 4, 0.03, 10);

    @Test
    void flatTimesAfterTheMinimumAreSteady() {
        double[] t = {100, 100, 101, 99, 100, 100, 100, 101};
        assertThat(rule.judge(t, new long[8], 8, 5 * S)).isEqualTo(Verdict.STEADY);
    }

    @Test
    void flatTimesBeforeTheMinimumKeepWarming() {
        double[] t = {100, 100, 101, 99, 100, 100, 100, 101};
        assertThat(rule.judge(t, new long[8], 8, 5 * S - 1)).isEqualTo(Verdict.WARMING);
    }

    @Test
    void timesStillFallingByMoreThanTheToleranceKeepWarming() {
        // the second window's median is 5% below the first's: C2 is still improving the code
        double[] t = {100, 100, 100, 100, 95, 95, 95, 95};
        assertThat(rule.judge(t, new long[8], 8, 6 * S)).isEqualTo(Verdict.WARMING);
    }

    @Test
    void aDifferenceWithinTheToleranceIsSteady() {
        double[] t = {100, 100, 100, 100, 97.5, 97.5, 97.5, 97.5};
        assertThat(rule.judge(t, new long[8], 8, 6 * S)).isEqualTo(Verdict.STEADY);
    }

    @Test
    void aBusyCompilerKeepsWarmingEvenWhenTimesAreFlat() {
        double[] t = {100, 100, 100, 100, 100, 100, 100, 100};
        long[] jit = {0, 0, 0, 0, 0, 6, 5, 0}; // 11 ms in the last window, above the 10 ms idle limit
        assertThat(rule.judge(t, jit, 8, 6 * S)).isEqualTo(Verdict.WARMING);
        long[] earlier = {50, 50, 50, 50, 0, 0, 10, 0}; // compilation before the last window does not count
        assertThat(rule.judge(t, earlier, 8, 6 * S)).isEqualTo(Verdict.STEADY);
    }

    @Test
    void fewerThanTwoWindowsAreNeverSteady() {
        double[] t = {100, 100, 100, 100, 100, 100, 100};
        assertThat(rule.judge(t, new long[7], 7, 6 * S)).isEqualTo(Verdict.WARMING);
    }

    @Test
    void onlyTheFirstNBatchesCount() {
        // the array is a buffer: entries past n are not yet measured
        double[] t = {200, 200, 200, 200, 100, 100, 100, 100, 100, 100, 100, 100};
        assertThat(rule.judge(t, new long[12], 8, 6 * S)).isEqualTo(Verdict.WARMING);
        assertThat(rule.judge(t, new long[12], 12, 6 * S)).isEqualTo(Verdict.STEADY);
    }

    @Test
    void unsteadyAtTheCapIsCapped() {
        double[] t = {100, 100, 100, 100, 80, 80, 80, 80};
        assertThat(rule.judge(t, new long[8], 8, 30 * S)).isEqualTo(Verdict.CAPPED);
        assertThat(rule.judge(t, new long[8], 8, 30 * S - 1)).isEqualTo(Verdict.WARMING);
    }

    @Test
    void steadyAtTheCapIsSteadyNotCapped() {
        double[] t = {100, 100, 100, 100, 100, 100, 100, 100};
        assertThat(rule.judge(t, new long[8], 8, 31 * S)).isEqualTo(Verdict.STEADY);
    }

    @Test
    void windowMediansResistOneOutlier() {
        // one batch hit by a context switch or GC does not make a flat curve look unsteady
        double[] t = {100, 100, 100, 100, 100, 300, 100, 100};
        assertThat(rule.judge(t, new long[8], 8, 6 * S)).isEqualTo(Verdict.STEADY);
        assertThat(rule.lastWindowMedian(t, 8)).isEqualTo(100.0);
    }

    @Test
    void medianOfOddEvenAndNonFiniteValues() {
        assertThat(SteadyState.median(new double[] {3, 1, 2})).isEqualTo(2.0);
        assertThat(SteadyState.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(SteadyState.median(new double[] {Double.NaN, 5, 1})).isEqualTo(3.0);
        assertThat(SteadyState.median(new double[] {Double.NaN})).isNaN();
    }

    @Test
    void aRuleWithACapBelowTheMinimumIsRejected() {
        assertThatThrownBy(() -> new SteadyState(10 * S, 5 * S, 4, 0.03, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SteadyState(S, 5 * S, 0, 0.03, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
