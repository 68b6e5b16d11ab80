#!/bin/sh
# Cube-and-conquer speed-up (issue 24): one command decided plainly and with
# `--cubes N --jobs J` for each N of CUBES, wall and user seconds (GNU time),
# interleaved, REPS times each. Prints a markdown table (paste it into
# bench/RESULTS.md with the load average it prints).
#
# Usage: bench/cubes.sh [MODEL COMMAND SCOPE]
#   default: NVIDIA's compile_src11_ptx.als, src11_ptx_legal_coherence, scope 5
#   CUBES (default "2 4 8 16"), JOBS (default 2), REPS (default 3),
#   BIN (default target/release/relprove)
set -eu
cd "$(dirname "$0")/.."
MODEL=${1:-../shared/peers/ptxmemorymodel/compile_src11_ptx.als}
CMD=${2:-src11_ptx_legal_coherence}
SCOPE=${3:-5}
CUBES=${CUBES:-"2 4 8 16"}
JOBS=${JOBS:-2}
REPS=${REPS:-3}
BIN=${BIN:-target/release/relprove}
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -f "$MODEL" || { echo "no model at $MODEL" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "Machine: $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)."
echo
echo "| $CMD, scope $SCOPE | outcome | wall s, median (range) of $REPS | user s (median run) |"
echo "|---|---|---|---|"
for variant in plain $CUBES; do : > "$TMP/t.$variant"; done
r=0
while [ "$r" -lt "$REPS" ]; do
  for variant in plain $CUBES; do
    if [ "$variant" = plain ]; then set -- ; else set -- --cubes "$variant" --jobs "$JOBS"; fi
    /usr/bin/time -f "%e %U" -o "$TMP/time" "$BIN" check "$MODEL" -c "$CMD" --scope "$SCOPE" --format json "$@" > "$TMP/out.$variant" 2>/dev/null || true
    tail -1 "$TMP/time" >> "$TMP/t.$variant"
  done
  r=$((r + 1))
done
for variant in plain $CUBES; do
  python3 - "$TMP/out.$variant" "$TMP/t.$variant" "$variant" "$JOBS" <<'PY'
import json, sys
path, times, variant, jobs = sys.argv[1:]
d = json.load(open(path))
outcome = d["commands"][0]["outcome"] if "commands" in d else d["outcome"]
runs = sorted(tuple(float(x) for x in l.split()) for l in open(times) if l.strip())
wall, user = runs[len(runs) // 2]
label = "plain check" if variant == "plain" else f"--cubes {variant} --jobs {jobs}"
print(f"| {label} | {outcome} | {wall:.2f} ({runs[0][0]:.2f}-{runs[-1][0]:.2f}) | {user:.2f} |")
PY
done
echo
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)."
