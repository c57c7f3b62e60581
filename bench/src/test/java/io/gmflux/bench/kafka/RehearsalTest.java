package io.gmflux.bench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RehearsalTest {

    private static final long S = 1_000_000_000L;
    /** Two quiet rounds, 1% of CPU, past 1,000 records. */
    private final Rehearsal rule = new Rehearsal(1_000, 2, 0.01, 10);

    @Test
    void aRoundIsQuietUpToTheShareOfItsCpu() {
        assertThat(rule.quiet(50, 5 * S)).isTrue();
        assertThat(rule.quiet(51, 5 * S)).isFalse();
        assertThat(rule.quiet(0, 0)).isTrue();
    }

    @Test
    void twoQuietRoundsPastTheRecordsEndTheWarmUp() {
        long[] jit = {400, 30, 20};
        long[] cpu = {5 * S, 5 * S, 5 * S};
        assertThat(rule.done(jit, cpu, 3, 1_000)).isTrue();
        // one quiet round is not enough
        assertThat(rule.done(jit, cpu, 2, 1_000)).isFalse();
    }

    @Test
    void aCompilingRoundAmongTheLastKeepsRehearsing() {
        long[] jit = {10, 10, 300, 10};
        long[] cpu = {5 * S, 5 * S, 5 * S, 5 * S};
        assertThat(rule.done(jit, cpu, 4, 5_000)).isFalse();
        // quiet rounds before the compiling one do not count
        assertThat(rule.done(jit, cpu, 2, 5_000)).isTrue();
    }

    @Test
    void quietRoundsBeforeTheOneTimeEventsKeepRehearsing() {
        long[] jit = {0, 0, 0};
        long[] cpu = {5 * S, 5 * S, 5 * S};
        assertThat(rule.done(jit, cpu, 3, 999)).isFalse();
    }

    @Test
    void withoutRehearsalsTheRuleIsNeverMet() {
        Rehearsal none = new Rehearsal(1_000, 0, 0.01, 0);
        assertThat(none.done(new long[0], new long[0], 0, 0)).isFalse();
        assertThat(new Rehearsal(0, 0, 0.01, 0).done(new long[0], new long[0], 0, 0)).isTrue();
    }

    @Test
    void rejectsACapBelowTheQuietRounds() {
        assertThatThrownBy(() -> new Rehearsal(0, 3, 0.01, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
