#!/usr/bin/env bash
# The one command behind the README's performance table: builds the bench module and runs
# io.gmflux.bench.rounds.PerformanceReport, which measures gmflux and every peer at its best and at
# steady state (thread CPU time), writes bench/results/latest.md and latest-details.md, and splices
# latest.md into README.md between <!-- perf:begin --> and <!-- perf:end -->. About 30 minutes
# (13 on JDK 17, 10-12 for the JDK 25 columns, 5-8 for the Kafka section); run it on a quiet machine.
#   bash bench/run-all.sh            full run
#   bash bench/run-all.sh --quick    short warm-ups and 3 rounds, to check the harness; writes bench/target/report/ only
#   bash bench/run-all.sh --rows '^sm2'   only the rows whose id matches (with or without --quick)
#   bash bench/run-all.sh --no-kafka      without the Kafka section
#   bash bench/run-all.sh --kafka-only [--quick]   the Kafka section alone; writes bench/target/report/ only
# Kafka section (last): io.gmflux.bench.kafka.KafkaThroughput, 1 KiB records through one embedded broker,
# plaintext vs SM4-GCM (table engine, constant-time engine) vs the framing-only control, warmed to
# steady state, rehearsed until the JIT is idle, then 9 alternating rounds, in a JDK 17 JVM and, with a JDK 25, in a JDK 25 JVM on the
# vector path (3.5-5 min each at load 3-7); its tables and the 0.7x bar verdict go into latest.md.
# JDK 25 columns: the rows that the Vector API changes are measured again in a JDK 25 JVM with
# --add-modules jdk.incubator.vector and gmflux-codecs-vector on the class path, when a JDK 25 is at
# $GMFLUX_JDK25 (default /usr/lib/jvm/temurin-25-jdk-amd64); without it the report says so and keeps
# the JDK 17 columns. GMFLUX_JDK25=none skips them.
set -euo pipefail
cd "$(dirname "$0")/.."
JDK25="${GMFLUX_JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
modules=bench
jdk25_args=()
if [ "$JDK25" != none ] && [ -x "$JDK25/bin/javac" ]; then
  # codecs-vector is built by the jdk25-vector profile (active when that JDK is at the default path)
  modules=bench,codecs-vector
  profile=(-Pjdk25-vector "-Dgmflux.jdk25=$JDK25")
else
  profile=()
  echo "run-all: no JDK 25 at $JDK25 (set GMFLUX_JDK25): the report keeps the JDK 17 columns only" >&2
fi
# offline first (the usual case: dependencies already in ~/.m2), online when something is missing
mvn -B -q -o -pl "$modules" -am "${profile[@]}" -DskipTests package \
  || mvn -B -q -pl "$modules" -am "${profile[@]}" -DskipTests package
if [ "$modules" != bench ]; then
  jar=$(ls codecs-vector/target/gmflux-codecs-vector-*.jar | grep -v -e sources -e javadoc -e tests | head -1)
  jdk25_args=(--jdk25 "$JDK25" --vector-jar "$jar")
fi
exec java -Xms1g -Xmx1g -cp bench/target/benchmarks.jar io.gmflux.bench.rounds.PerformanceReport "${jdk25_args[@]}" "$@"
