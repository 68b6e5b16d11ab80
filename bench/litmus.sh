#!/bin/sh
# Times `relprove litmus` on the whole Dat3M PTX litmus folder (issue 9:
# target under a minute on this 2-core machine) and appends wall/CPU time,
# peak memory and the per-test time distribution to bench/RESULTS.md.
#
# Usage: bench/litmus.sh [LITMUS_DIR]  (default ../shared/peers/dat3m-ptx/litmus/PTX)
# Needs a release build (cargo build --release) and GNU time.
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-../shared/peers/dat3m-ptx/litmus/PTX}
BIN=target/release/relprove
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -d "$DIR" || { echo "no litmus folder at $DIR" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
find "$DIR" -name '*.litmus' | sort > "$TMP/files"
{
  echo
  echo "## Dat3M PTX litmus folder (relprove litmus --model models/ptx.als --jobs 2)"
  echo
  echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg); commit $(git rev-parse --short HEAD)."
  echo
  echo "| mode | files | decided | errors | wall s | user s | peak MiB | per test median s | p90 s | max s (test) |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$TMP/out"
for mode in enumerate witnesses; do
  flag=""; [ "$mode" = witnesses ] && flag="--witnesses"
  # shellcheck disable=SC2046
  /usr/bin/time -f '%e %U %M' -o "$TMP/time" "$BIN" litmus --model models/ptx.als --jobs 2 $flag --format json $(cat "$TMP/files") > "$TMP/json" 2>/dev/null || true
  python3 - "$TMP/json" "$TMP/time" "$mode" >> "$TMP/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
wall, user, kib = open(sys.argv[2]).read().split()[-3:]  # GNU time may first say the exit status
tests = doc["tests"]
times = sorted((t["time_ms"] / 1000, t["name"]) for t in tests if "time_ms" in t and "error" not in t)
errors = sum(1 for t in tests if "error" in t)
med = times[len(times) // 2][0] if times else 0
p90 = times[int(len(times) * 0.9)][0] if times else 0
mx = times[-1] if times else (0, "-")
print(f"| {sys.argv[3]} | {len(tests)} | {len(times)} | {errors} | {wall} | {user} | {int(kib)//1024} | {med:.3f} | {p90:.3f} | {mx[0]:.2f} ({mx[1]}) |")
PY
done
cat "$TMP/out"
cat "$TMP/out" >> bench/RESULTS.md
