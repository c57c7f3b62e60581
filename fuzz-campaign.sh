#!/usr/bin/env bash
# Runs the fuzzing campaign (FUZZING.md): each @FuzzTest in turn, in its own JVM, for SECONDS
# (default 60), and appends one row per target to fuzz-results.tsv: module, target, executions,
# cov, ft, seconds, exit status. Findings land in the target's Inputs folder under
# src/test/resources (crash-*), where the ordinary build replays them.
#
#   ./fuzz-campaign.sh [SECONDS] [TARGET-FILTER]      e.g. ./fuzz-campaign.sh 120 'Stream'
set -u
SECONDS_PER_TARGET=${1:-60}
FILTER=${2:-.}
OUT=${FUZZ_RESULTS:-fuzz-results.tsv}
cd "$(dirname "$0")"
targets=$(grep -rl '@FuzzTest' --include='*FuzzTest.java' codecs/src/test pipeline/src/test kafka-connectors/src/test 2>/dev/null |
    while read -r f; do
        module=${f%%/src/*}
        cls=$(basename "$f" .java)
        awk '/@FuzzTest/{getline; if (match($0, /void [a-zA-Z0-9]+\(/)) print substr($0, RSTART+5, RLENGTH-6)}' "$f" |
            while read -r m; do echo "$module $cls#$m"; done
    done | grep -E "$FILTER")
[ -f "$OUT" ] || printf 'module\ttarget\texecutions\tcov\tft\tseconds\texit\n' > "$OUT"
while read -r module target; do
    [ -n "$module" ] || continue
    log=$(mktemp)
    mvn -B -o -Pfuzz -Dfuzz.seconds="$SECONDS_PER_TARGET" -pl "$module" -am test -Dtest="$target" \
        -Dsurefire.failIfNoSpecifiedTests=false -DskipLongStream >"$log" 2>&1
    status=$?
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+[[:space:]]' "$log" | tail -1)
    line=${done_line:-$last}
    execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$line")
    cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$line")
    ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$line")
    secs=$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' "$log" | tail -1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$module" "$target" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${secs:-?}" "$status" | tee -a "$OUT"
    if [ "$status" -ne 0 ]; then
        mkdir -p target && cp "$log" "target/fuzz-$(tr '#' '-' <<<"$target").log"
    fi
    rm -f "$log"
done <<<"$targets"
