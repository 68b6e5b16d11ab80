#!/usr/bin/env bash
# Times the three PTX mapping checks of issue 3 on NVIDIA's unmodified
# compile_src11_ptx.als at overall scopes 4 and 5 (and 6 with BENCH_SCOPE6=1),
# and appends a table with variables, clauses, wall seconds and peak memory
# to bench/RESULTS.md. Usage: bench/ptx_mapping.sh [path/to/compile_src11_ptx.als]
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:-../shared/peers/ptxmemorymodel/compile_src11_ptx.als}
[ -f "$model" ] || { echo "bench: $model not found" >&2; exit 2; }
cargo build --release -q
bin=target/release/relprove
scopes="4 5"; [ "${BENCH_SCOPE6:-0}" = 1 ] && scopes="4 5 6"
out=$(mktemp)
{
  echo
  echo "### $(date -u +%Y-%m-%d) — $(git rev-parse --short HEAD), $(nproc) cores, $(uname -m)"
  echo
  echo "| check | scope | outcome | variables | clauses | wall s | peak MiB |"
  echo "|---|---|---|---|---|---|---|"
} > "$out"
for n in $scopes; do
  for c in src11_ptx_legal_coherence src11_ptx_legal_atomicity src11_ptx_legal_sc; do
    json=$(mktemp); tim=$(mktemp)
    /usr/bin/time -f '%e %M' -o "$tim" "$bin" check "$model" -c "$c" --scope "$n" --format json > "$json" || true
    read -r secs kib < "$tim"
    python3 - "$json" "$c" "$n" "$secs" "$kib" >> "$out" <<'PY'
import json, sys
path, name, n, secs, kib = sys.argv[1:]
try:
    doc = json.load(open(path))
    cmd = next(c for c in doc["commands"] if c["name"] == name)
    row = (cmd["outcome"], cmd.get("variables", "?"), cmd.get("clauses", "?"))
except Exception as e:
    row = ("error: %s" % e, "?", "?")
print(f"| {name} | {n} | {row[0]} | {row[1]} | {row[2]} | {secs} | {int(kib)//1024} |")
PY
    rm -f "$json" "$tim"
  done
done
cat "$out"; cat "$out" >> bench/RESULTS.md; rm -f "$out"
