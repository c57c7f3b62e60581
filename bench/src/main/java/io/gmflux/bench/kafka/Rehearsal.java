package io.gmflux.bench.kafka;

/**
 * When {@link KafkaThroughput}'s warm-up may hand over to the measured rounds: after the per-pipe
 * chunks are steady, full rounds are rehearsed (every pipe, the measured rounds' size and order,
 * not recorded) until every pipe has run at least {@code minRecords} records and the JIT compiled
 * for at most {@code maxJitShare} of the process CPU time in each of the last {@code quietRounds}
 * rounds; after {@code capRounds} rounds the warm-up ends anyway and the table says the JIT was not
 * idle.
 *
 * <p>Why: the chunks' own rule (a pipe's CPU time per record flat, its chunks' JIT idle) is met
 * while the JIT is still promoting the Kafka client's and broker's per-request methods to C2 (they
 * run once per request or batch, a few hundred times per pipe run, so they cross C2's invocation
 * thresholds only after hundreds of thousands of records), and before one-time events that recompile
 * what they trap in: gmflux's first DEK rotation (1,000,000 records by default) and the broker's first
 * segment roll of each topic. Compile time is process CPU; a state where it is about zero, for every
 * pipe alike, is the steady state to measure.
 *
 * @param minRecords records every pipe runs, chunks and rehearsals, before the rounds
 * @param quietRounds consecutive quiet rehearsal rounds that end the warm-up
 * @param maxJitShare largest JIT compilation time of a quiet round, as a share of its process CPU time
 * @param capRounds most rehearsal rounds
 */
record Rehearsal(long minRecords, int quietRounds, double maxJitShare, int capRounds) {

    Rehearsal {
        if (minRecords < 0 || quietRounds < 0 || !(maxJitShare >= 0) || capRounds < quietRounds) {
            throw new IllegalArgumentException("bad rehearsal rule");
        }
    }

    /** Whether a round whose runs compiled for {@code jitMillis} and used {@code cpuNanos} of process CPU was quiet. */
    boolean quiet(long jitMillis, long cpuNanos) {
        return jitMillis * 1e6 <= maxJitShare * cpuNanos;
    }

    /**
     * Whether the warm-up is done after {@code n} rehearsal rounds.
     *
     * @param jitMillis JIT compilation time during each rehearsal round's runs (first {@code n} used)
     * @param cpuNanos process CPU time of each rehearsal round's runs
     * @param n rehearsal rounds so far
     * @param recordsPerPipe records each pipe has run so far (warm-up chunks and rehearsals)
     */
    boolean done(long[] jitMillis, long[] cpuNanos, int n, long recordsPerPipe) {
        if (recordsPerPipe < minRecords || n < quietRounds) {
            return false;
        }
        for (int i = n - quietRounds; i < n; i++) {
            if (!quiet(jitMillis[i], cpuNanos[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * How a warm-up's rehearsals went.
     *
     * @param jitMillis JIT milliseconds of each rehearsal round
     * @param cpuNanos process CPU time of each rehearsal round's runs
     * @param quiet whether they ended by the rule (false: capped with the JIT still compiling)
     * @param recordsPerPipe records each pipe ran in the whole warm-up
     */
    record Outcome(long[] jitMillis, long[] cpuNanos, boolean quiet, long recordsPerPipe) {
    }
}
