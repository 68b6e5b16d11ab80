#!/bin/sh
# Times relprove on the PTX compilation checks of the NVIDIA models
# (src11 → PTX): coherence, atomicity and SC at overall bounds 4 and 5
# (and 6 with BOUNDS="4 5 6"), recording variables, clauses, wall seconds
# and peak memory in bench/RESULTS.md (replacing its PTX section, keeping
# the litmus sections).
#
# Usage: bench/ptx.sh [PEERS_DIR]   (default ../shared/peers/ptxmemorymodel)
# Needs a release build (cargo build --release) and GNU time.
set -eu
cd "$(dirname "$0")/.."
PEERS=${1:-../shared/peers/ptxmemorymodel}
MODEL="$PEERS/compile_src11_ptx.als"
BIN=target/release/relprove
BOUNDS=${BOUNDS:-"4 5"}
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
  echo "| check | bound | outcome | variables | clauses | wall s | user s | peak MiB |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$OUT.new"
for b in $BOUNDS; do
  for c in $CHECKS; do
    /usr/bin/time -f "%e %U %M" -o "$TMP/time" "$BIN" check "$MODEL" -c "$c" --scope "$b" --format json > "$TMP/out.json" 2>/dev/null || true
    read -r wall user kb < "$TMP/time"
    python3 - "$TMP/out.json" "$c" "$b" "$wall" "$user" "$kb" >> "$OUT.new" <<'PY'
import json, sys
path, c, b, wall, user, kb = sys.argv[1:]
d = json.load(open(path))["commands"][0]
print(f"| {c} | {b} | {d['outcome']} | {d['variables']} | {d['clauses']} | {wall} | {user} | {int(kb)//1024} |")
PY
  done
done
# Keep the other sections (the litmus benchmark appends its own).
if [ -f "$OUT" ]; then
  echo >> "$OUT.new"
  sed -n '/^## Dat3M PTX litmus folder/,$p' "$OUT" >> "$OUT.new"
fi
mv "$OUT.new" "$OUT"
cat "$OUT"
