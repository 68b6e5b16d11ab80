#!/bin/sh
# Times relprove on the PTX compilation checks of the NVIDIA models
# (src11 → PTX): coherence, atomicity and SC at overall bounds 4 and 5
# (and 6 with BOUNDS="4 5 6"), recording variables, clauses, wall seconds
# and peak memory in bench/RESULTS.md (replacing its first section, up to
# the first `## ` heading, and keeping the others).
#
# Usage: bench/ptx.sh [PEERS_DIR]   (default ../shared/peers/ptxmemorymodel)
# Needs a release build (cargo build --release) and GNU time.
set -eu
cd "$(dirname "$0")/.."
PEERS=${1:-../shared/peers/ptxmemorymodel}
MODEL="$PEERS/compile_src11_ptx.als"
BIN=target/release/relprove
BOUNDS=${BOUNDS:-"4 5"}
# Runs per check; the table shows the median run (and the wall-time range).
REPS=${REPS:-5}
CHECKS="src11_ptx_legal_coherence src11_ptx_legal_atomicity src11_ptx_legal_sc"
OUT=bench/RESULTS.md
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -f "$MODEL" || { echo "no model at $MODEL" >&2; exit 2; }
{
  echo "# PTX compilation checks (relprove check --scope N)"
  echo
  echo "Machine: $(nproc) cores, $(uname -m); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'). Solver: CaDiCaL (in process, one preprocessing round), symmetry breaking 60 (default). Commit $(git rev-parse --short HEAD)."
  echo
  echo "| check | bound | outcome | variables | clauses | wall s, median (range) of $REPS | user s | peak MiB |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$OUT.new"
for b in $BOUNDS; do
  for c in $CHECKS; do
    : > "$TMP/times"
    r=0
    while [ "$r" -lt "$REPS" ]; do
      /usr/bin/time -f "%e %U %M" -o "$TMP/time" "$BIN" check "$MODEL" -c "$c" --scope "$b" --format json > "$TMP/out.json" 2>/dev/null || true
      tail -1 "$TMP/time" >> "$TMP/times"
      r=$((r + 1))
    done
    python3 - "$TMP/out.json" "$c" "$b" "$TMP/times" >> "$OUT.new" <<'PY'
import json, sys
path, c, b, times = sys.argv[1:]
d = json.load(open(path))["commands"][0]
runs = sorted(tuple(float(x) for x in line.split()) for line in open(times) if line.strip())
wall, user, kb = runs[len(runs) // 2]  # the median run by wall time
spread = f" ({runs[0][0]:.2f}-{runs[-1][0]:.2f})" if len(runs) > 1 else ""
print(f"| {c} | {b} | {d['outcome']} | {d['variables']} | {d['clauses']} | {wall:.2f}{spread} | {user:.2f} | {int(kb)//1024} |")
PY
  done
done
# Keep the other sections (every `## ` heading on: bound 6 by hand, the
# litmus benchmark, searches).
if [ -f "$OUT" ]; then
  echo >> "$OUT.new"
  sed -n '/^## /,$p' "$OUT" >> "$OUT.new"
fi
mv "$OUT.new" "$OUT"
cat "$OUT"
