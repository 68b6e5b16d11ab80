#!/bin/sh
# The Dat3M PTX litmus folder under an Alloy model and under Dat3M's cat
# model of the same architecture, side by side (issue 36: the cat model
# within 2x of the Alloy model), and Dat3M's Vulkan tests (the
# Kronos-Group, Barrier and Data-Race folders) under Khronos's spirv.als and
# Dat3M's vulkan.cat: each pair is run ROUNDS times alternately
# (the machine is shared: compare within one run), and the wall and user
# times, their ratio and both models' agreement with Dat3M's table are
# appended to bench/RESULTS.md.
#
# Usage: bench/cat.sh [ROUNDS]   (default 3)
# Needs a release build (cargo build --release), GNU time and ../shared.
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
BIN=${BIN:-target/release/relprove}
P=../shared/peers/dat3m-ptx
V=../shared/peers/dat3m-vulkan
S=../shared/peers/vulkan-memorymodel/alloy/spirv.als
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -d "$P" || { echo "no $P" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
find "$P/litmus/PTX" -name '*.litmus' | sort > "$TMP/files"
find "$V/litmus/VULKAN/Kronos-Group" "$V/litmus/VULKAN/Barrier" "$V/litmus/VULKAN/Data-Race" -name '*.litmus' | sort > "$TMP/vfiles"
{
  echo
  echo "## Cat models against Alloy models (bench/cat.sh, issue 36)"
  echo
  echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg); commit $(git rev-parse --short HEAD); $(wc -l < "$TMP/files") files, \`relprove litmus --jobs 2\` (all final states enumerated), $ROUNDS rounds alternated; Vulkan: $(wc -l < "$TMP/vfiles") files, \`relprove litmus --jobs 2 --timeout 120\` (each test's condition)."
  echo
  echo "| model | round | wall s | user s | peak MiB |"
  echo "|---|---|---|---|---|"
} > "$TMP/out"
for pair in "files models/ptx75.als $P/cat/ptx-v7.5.cat" "files models/ptx.als $P/cat/ptx-v6.0.cat" "vfiles $S $V/cat/vulkan.cat"; do
  set -- $pair
  list=$1
  shift
  models="$*"
  for r in $(seq "$ROUNDS"); do
    for model in $models; do
      # shellcheck disable=SC2046
      /usr/bin/time -f '%e %U %M' -o "$TMP/time" "$BIN" litmus --model "$model" --jobs 2 --timeout 120 $(cat "$TMP/$list") > /dev/null 2>&1 || true
      set -- $(tail -1 "$TMP/time")
      echo "| $(basename "$model") | $r | $1 | $2 | $(( $3 / 1024 )) |" >> "$TMP/out"
      echo "$(basename "$model") $1 $2" >> "$TMP/times"
    done
  done
done
python3 - "$TMP/times" >> "$TMP/out" <<'PY'
import sys, statistics
t = {}
for line in open(sys.argv[1]):
    m, wall, user = line.split()
    t.setdefault(m, []).append((float(wall), float(user)))
print()
for a, b in [("ptx75.als", "ptx-v7.5.cat"), ("ptx.als", "ptx-v6.0.cat"), ("spirv.als", "vulkan.cat")]:
    wa = statistics.median(w for w, _ in t[a]); wb = statistics.median(w for w, _ in t[b])
    ua = statistics.median(u for _, u in t[a]); ub = statistics.median(u for _, u in t[b])
    print(f"Median {b} / {a}: wall {wb:.2f} / {wa:.2f} s = {wb / wa:.2f}x, user {ub:.2f} / {ua:.2f} s = {ub / ua:.2f}x.")
PY
cat "$TMP/out" >> bench/RESULTS.md
cat "$TMP/out"
