/**
 * Comparisons of gmflux with its peers that survive a shared machine. {@link
 * io.gmflux.bench.rounds.PerformanceReport} (run by {@code bench/run-all.sh}) makes the README's
 * performance table: every peer at its best, warmed to a shown steady state, alternating rounds
 * timed by thread CPU time, and a cold column. {@link io.gmflux.bench.rounds.AlternatingRounds}
 * runs any of the JMH benchmarks in alternating rounds inside one JMH session.
 */
package io.gmflux.bench.rounds;
