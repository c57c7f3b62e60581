#!/usr/bin/env bash
# The gmflux CLI encrypting a file (SM4-GCM, authenticated, to an SM2 recipient, all cores) against
# `openssl enc -sm4-ctr` on the same file (unauthenticated: a speed reference only), in alternating
# rounds; prints per-round MiB/s and the median ratio gmflux/openssl. Bar (issue 5): >= 1.5.
# Both are timed as a user sees them: gmflux's time includes the JVM start.
#
#   mvn -B -q -DskipTests package -pl codecs,pipeline,kafka-connectors,examples
#   bench/cli-vs-openssl.sh                 # 1 GiB, 3 rounds
#   SIZE_MIB=256 ROUNDS=5 bench/cli-vs-openssl.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=${GMFLUX_JAR:-$ROOT/examples/target/gmflux.jar}
SIZE_MIB=${SIZE_MIB:-1024}
ROUNDS=${ROUNDS:-3}
[ -f "$JAR" ] || { echo "no $JAR: build it first (see the header of $0)" >&2; exit 1; }
openssl enc -list | grep -q -- '-sm4-ctr' || { echo "this openssl has no sm4-ctr" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cli-vs-openssl.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

head -c $((SIZE_MIB << 20)) /dev/urandom > "$WORK/in.bin"
java -jar "$JAR" keygen sm2 --out "$WORK/alice" 2>/dev/null
KEY=$(openssl rand -hex 16)
IV=$(openssl rand -hex 16)

# "wall cpu" seconds of a command (cpu = user + sys, children included)
timed() { /usr/bin/time -f '%e %U %S' -o "$WORK/time" "$@"; awk '{printf "%s %.2f\n", $1, $2 + $3}' "$WORK/time"; }
run_openssl() { timed openssl enc -sm4-ctr -K "$KEY" -iv "$IV" -in "$WORK/in.bin" -out "$WORK/out.ossl"; }
run_gmflux() { timed java -jar "$JAR" encrypt -r "$WORK/alice.pub" -i "$WORK/in.bin" -o "$WORK/out.gmf" 2>/dev/null; }

echo "file: $SIZE_MIB MiB; $(nproc) cores; $(openssl version); $(java -version 2>&1 | head -1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| round | openssl MiB/s | gmflux MiB/s | gmflux/openssl (wall) | openssl CPU s | gmflux CPU s |"
echo "|---|---|---|---|---|---|"
RATIOS=()
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then
    read -r to co < <(run_openssl); read -r tg cg < <(run_gmflux)
  else
    read -r tg cg < <(run_gmflux); read -r to co < <(run_openssl)
  fi
  so=$(awk -v m="$SIZE_MIB" -v t="$to" 'BEGIN {printf "%.1f", m / t}')
  sg=$(awk -v m="$SIZE_MIB" -v t="$tg" 'BEGIN {printf "%.1f", m / t}')
  ratio=$(awk -v a="$to" -v b="$tg" 'BEGIN {printf "%.2f", a / b}')
  RATIOS+=("$ratio")
  echo "| $r | $so | $sg | $ratio | $co | $cg |"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
median=$(printf '%s\n' "${RATIOS[@]}" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
echo "median gmflux/openssl: $median (min-max $(printf '%s\n' "${RATIOS[@]}" | sort -n | head -1)-$(printf '%s\n' "${RATIOS[@]}" | sort -n | tail -1)); bar 1.5"
