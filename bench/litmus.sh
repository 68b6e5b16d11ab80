#!/bin/sh
# Times `relprove litmus` on the whole Dat3M PTX litmus folder (issue 21:
# target under 15 s with --jobs 2 under models/ptx75.als) and appends
# wall/CPU time, peak memory, the per-test time distribution and the
# agreement with Dat3M's expected verdicts
# (tests/fixtures/litmus/dat3m_ptx_expected.txt) to bench/RESULTS.md.
#
# Usage: bench/litmus.sh [LITMUS_DIR [MODEL]]
#   (defaults ../shared/peers/dat3m-ptx/litmus/PTX, models/ptx75.als)
# Needs a release build (cargo build --release) and GNU time.
# BIN=path overrides the binary (default target/release/relprove).
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-../shared/peers/dat3m-ptx/litmus/PTX}
MODEL=${2:-models/ptx75.als}
BIN=${BIN:-target/release/relprove}
case "$MODEL" in *ptx75*|*v7.5*) CFG=v7.5 ;; *) CFG=v6.0 ;; esac
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -d "$DIR" || { echo "no litmus folder at $DIR" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
find "$DIR" -name '*.litmus' | sort > "$TMP/files"
{
  echo
  echo "## Dat3M PTX litmus folder (relprove litmus --model $MODEL --jobs 2)"
  echo
  echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg); commit $(git rev-parse --short HEAD)."
  echo
  echo "| mode | files | decided | errors | wall s | user s | peak MiB | per test median s | p90 s | max s (test) | Dat3M $CFG agree |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$TMP/out"
for mode in enumerate witnesses; do
  flag=""; [ "$mode" = witnesses ] && flag="--witnesses"
  # shellcheck disable=SC2046
  /usr/bin/time -f '%e %U %M' -o "$TMP/time" "$BIN" litmus --model "$MODEL" --jobs 2 $flag --format json $(cat "$TMP/files") > "$TMP/json" 2>/dev/null || true
  python3 - "$TMP/json" "$TMP/time" "$mode" "$CFG" >> "$TMP/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
wall, user, kib = open(sys.argv[2]).read().split()[-3:]  # GNU time may first say the exit status
tests = doc["tests"]
times = sorted((t["time_ms"] / 1000, t["name"]) for t in tests if "time_ms" in t and "error" not in t)
errors = sum(1 for t in tests if "error" in t)
med = times[len(times) // 2][0] if times else 0
p90 = times[int(len(times) * 0.9)][0] if times else 0
mx = times[-1] if times else (0, "-")
exp = {}
for l in open("tests/fixtures/litmus/dat3m_ptx_expected.txt"):
    w = l.split()
    if len(w) == 3 and w[0] == sys.argv[4]:
        exp[w[1]] = w[2]
agree = listed = 0
for t in tests:
    f = t["file"].split("litmus/PTX/")[-1]
    if f in exp:
        listed += 1
        got = "Ok" if t.get("validated") else ("No" if "error" not in t else "error")
        agree += got == exp[f]
print(f"| {sys.argv[3]} | {len(tests)} | {len(times)} | {errors} | {wall} | {user} | {int(kib)//1024} | {med:.3f} | {p90:.3f} | {mx[0]:.2f} ({mx[1]}) | {agree}/{listed} |")
PY
done
cat "$TMP/out"
cat "$TMP/out" >> bench/RESULTS.md
