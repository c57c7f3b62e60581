#!/usr/bin/env bash
# Runs the fuzzing campaign (FUZZING.md): each @FuzzTest in turn, in its own JVM, for SECONDS
# (default 60) or until FUZZ_RUNS executions (default: no limit), whichever comes first, and
# appends one row per target to fuzz-results.tsv: module, target, executions, exec/s, cov, ft,
# seconds, exit status. Findings land in the target's Inputs folder under src/test/resources
# (crash-*), where the ordinary build replays them; a failed run's log is kept in target/.
#
#   ./fuzz-campaign.sh [SECONDS] [TARGET-FILTER]      e.g. ./fuzz-campaign.sh 120 'Stream'
#   FUZZ_RUNS=1000000 ./fuzz-campaign.sh 3600         1,000,000 executions per target, at most an hour each
#
# TARGET-FILTER is an extended regex over "module Class#method"; FUZZ_EXCLUDE (a regex) drops
# targets; FUZZ_UNTIL=HH:MM caps each target's time so the campaign stops by then (later targets skipped).
set -u
SECONDS_PER_TARGET=${1:-60}
FILTER=${2:-.}
EXCLUDE=${FUZZ_EXCLUDE:-^$}
RUNS=${FUZZ_RUNS:--1}
UNTIL=${FUZZ_UNTIL:+$(date -d "$FUZZ_UNTIL" +%s)}
OUT=${FUZZ_RESULTS:-fuzz-results.tsv}
cd "$(dirname "$0")"
targets=$(grep -rl '@FuzzTest' --include='*FuzzTest.java' codecs/src/test pipeline/src/test kafka-connectors/src/test 2>/dev/null |
    while read -r f; do
        module=${f%%/src/*}
        cls=$(basename "$f" .java)
        awk '/@FuzzTest/{getline; if (match($0, /void [a-zA-Z0-9]+\(/)) print substr($0, RSTART+5, RLENGTH-6)}' "$f" |
            while read -r m; do echo "$module $cls#$m"; done
    done | grep -E "$FILTER" | grep -vE "$EXCLUDE")
[ -f "$OUT" ] || printf 'module\ttarget\texecutions\texec/s\tcov\tft\tseconds\texit\n' > "$OUT"
while read -r module target; do
    [ -n "$module" ] || continue
    secs=$SECONDS_PER_TARGET
    if [ -n "$UNTIL" ]; then
        left=$(( UNTIL - $(date +%s) - 30 ))    # about 30 s to build and start the JVM
        [ "$left" -ge 10 ] || { echo "skipped $module $target: past ${FUZZ_UNTIL}" >&2; continue; }
        [ "$left" -lt "$secs" ] && secs=$left
    fi
    log=$(mktemp)
    mvn -B -o -Pfuzz -Dfuzz.seconds="$secs" -Dfuzz.runs="$RUNS" -pl "$module" -am test -Dtest="$target" \
        -Dsurefire.failIfNoSpecifiedTests=false -DskipLongStream >"$log" 2>&1 </dev/null
    status=$?
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+[[:space:]]' "$log" | tail -1)
    line=${done_line:-$last}
    execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$line")
    cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$line")
    ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$line")
    rate=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$line")
    took=$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' "$log" | tail -1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$module" "$target" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
        "${took:-?}" "$status" | tee -a "$OUT"
    if [ "$status" -ne 0 ]; then
        mkdir -p target && cp "$log" "target/fuzz-$(tr '#' '-' <<<"$target").log"
    fi
    rm -f "$log"
done <<<"$targets"
