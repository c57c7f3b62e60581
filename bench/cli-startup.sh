#!/bin/sh
# Start-up time of the gmflux distribution: `gmflux --version` and a 1 MiB encryption, without and
# with the class data sharing archive that bin/gmflux writes at first run, against `java -jar gmflux.jar`.
# Needs hyperfine, python3 and a build (mvn -B -q -DskipTests package). Prints one markdown table per
# command: wall-clock mean and minimum, and CPU time (user + system, the steadier figure on a loaded machine).
# Usage: bench/cli-startup.sh [runs]    (from the repository root)
set -eu
runs=${1:-15}
repo=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar xzf examples/target/gmflux-*.tar.gz -C "$work"
dist=$(echo "$work"/gmflux-*)
jar=$work/gmflux.jar
cp "$repo/examples/target/gmflux.jar" "$jar"
head -c 1048576 /dev/urandom > "$work/1m.bin"
GMFLUX_CDS=0 "$dist/bin/gmflux" keygen sm2 -o "$work/alice" > /dev/null
enc="encrypt -r $work/alice.pub -i $work/1m.bin -o $work/out.gmf"
# Two archives: one written by a first `--version`, one by a first encryption.
XDG_CACHE_HOME=$work/cache-version "$dist/bin/gmflux" --version > /dev/null
XDG_CACHE_HOME=$work/cache-encrypt "$dist/bin/gmflux" $enc
for what in "--version" "$enc"; do
  hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/runs.json" \
    -n "java -jar gmflux.jar" "java -jar $jar $what" \
    -n "bin/gmflux, GMFLUX_CDS=0" "env GMFLUX_CDS=0 $dist/bin/gmflux $what" \
    -n "bin/gmflux, archive from a first --version" "env XDG_CACHE_HOME=$work/cache-version $dist/bin/gmflux $what" \
    -n "bin/gmflux, archive from a first encrypt" "env XDG_CACHE_HOME=$work/cache-encrypt $dist/bin/gmflux $what" \
    > /dev/null
  echo "gmflux ${what%% *}:"
  echo
  python3 - "$work/runs.json" <<'PY'
import json, sys
print("| launch | wall mean ± σ (ms) | wall min (ms) | CPU user+sys mean (ms) |")
print("| --- | ---: | ---: | ---: |")
for r in json.load(open(sys.argv[1]))["results"]:
    print("| %s | %.0f ± %.0f | %.0f | %.0f |" % (r["command"], 1000 * r["mean"], 1000 * r["stddev"],
          1000 * r["min"], 1000 * (r["user"] + r["system"])))
PY
  echo
done
