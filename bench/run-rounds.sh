#!/usr/bin/env bash
# Builds the benchmarks jar if needed and runs the alternating-rounds comparison.
# Usage (from anywhere): bench/run-rounds.sh [--rebuild] [AlternatingRounds options...]
#   bench/run-rounds.sh --ops 'sm4Ctr64k|sm3_1k' --rounds 5 --time 1
# The table is printed and written to bench/target/rounds.md.
set -euo pipefail
cd "$(dirname "$0")/.."

jar=bench/target/benchmarks.jar
if [ "${1:-}" = "--rebuild" ] || [ ! -f "$jar" ]; then
  [ "${1:-}" = "--rebuild" ] && shift
  mvn -B -q -DskipTests package -pl codecs,bench -am
fi
exec java -Djmh.ignoreLock=true -Xms1g -Xmx1g -cp "$jar" io.gmflux.bench.rounds.AlternatingRounds "$@"
