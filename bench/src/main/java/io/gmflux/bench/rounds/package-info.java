/**
 * The alternating-rounds harness ({@link io.gmflux.bench.rounds.AlternatingRounds}): runs every
 * implementation of each benchmarked operation in short, interleaved rounds inside one JMH session
 * and reports medians of the per-round ratios gmflux/peer, which survive this machine's fast and
 * slow phases far better than two separate runs do. Depends on JMH only.
 */
package io.gmflux.bench.rounds;
