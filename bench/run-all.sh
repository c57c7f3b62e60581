#!/usr/bin/env bash
# The one command behind the README's performance table: builds the bench module and runs
# io.gmflux.bench.rounds.PerformanceReport, which measures gmflux and every peer at its best and at
# steady state (thread CPU time), writes bench/results/latest.md and latest-details.md, and splices
# latest.md into README.md between <!-- perf:begin --> and <!-- perf:end -->. 15-20 minutes;
# run it on a quiet machine.
#   bash bench/run-all.sh            full run
#   bash bench/run-all.sh --quick    ~5 minutes of CPU, to check the harness; writes bench/target/report/ only
#   bash bench/run-all.sh --rows '^sm2'   only the rows whose id matches (with or without --quick)
set -euo pipefail
cd "$(dirname "$0")/.."
# offline first (the usual case: dependencies already in ~/.m2), online when something is missing
mvn -B -q -o -pl bench -am -DskipTests package || mvn -B -q -pl bench -am -DskipTests package
exec java -Xms1g -Xmx1g -cp bench/target/benchmarks.jar io.gmflux.bench.rounds.PerformanceReport "$@"
