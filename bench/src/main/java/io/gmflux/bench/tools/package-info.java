/**
 * Long-running self-checking tools, not benchmarks: they hunt results that go wrong only after
 * minutes of JIT compilation (README "Known issues"), which the bounded unit tests cannot wait for.
 * Each exits 1 on any disagreement; see bench/README.md "Tools".
 */
package io.gmflux.bench.tools;
