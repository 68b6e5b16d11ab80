#!/usr/bin/env bash
# Khronos's 89 Vulkan litmus tests read natively: `relprove litmus --model
# spirv.als tests/` (docs/vulkan.md), REPS times, wall and user seconds and
# peak memory of each run, with the machine load. Exits non-zero when a
# result line disagrees or is undecided.
#
# With ALLOY=1 it also writes every test's module (`--emit-alloy`, beside a
# copy of spirv.als) and runs bench/alloy_compare.py on them: relprove's
# `check` next to the Alloy Analyzer 5.1 + CaDiCaL on the same modules,
# into bench/vulkan-litmus-compare.md (OUT).
#
# Usage: bench/vulkan-litmus.sh
#   VULKAN_DIR    Khronos's alloy folder (default ../shared/peers/vulkan-memorymodel/alloy)
#   RELPROVE_BIN  relprove binary (default target/release/relprove)
#   REPS          repetitions of the litmus run (default 3)
#   JOBS          --jobs (default: one per core)
#   ALLOY=1       the Analyzer comparison (needs scripts/build-alloy.sh's jar
#                 and Debian's cadical); its REPS is ALLOY_REPS (default 1)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
src="${VULKAN_DIR:-$root/../shared/peers/vulkan-memorymodel/alloy}"
bin="${RELPROVE_BIN:-$root/target/release/relprove}"
reps="${REPS:-3}"
work="$root/target/vulkan-litmus"
die() { echo "vulkan-litmus.sh: $*" >&2; exit 2; }
[ -f "$src/spirv.als" ] && [ -d "$src/tests" ] || die "no spirv.als/tests in $src (set VULKAN_DIR)"
[ -x "$bin" ] || die "no relprove binary at $bin (cargo build --release)"
[ -x /usr/bin/time ] || die "needs GNU time (/usr/bin/time)"
jobs=()
[ -n "${JOBS:-}" ] && jobs=(--jobs "$JOBS")
mkdir -p "$work"
echo "# commit $(git rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
status=0
for r in $(seq 1 "$reps"); do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    /usr/bin/time -o "$work/time" -f '%e %U %M' "$bin" litmus "${jobs[@]}" --model "$src/spirv.als" "$src/tests" \
        > "$work/out.txt" 2>"$work/err.txt" || status=$?
    read -r wall user kb < <(tail -1 "$work/time")
    echo "run $r: wall ${wall} s, user ${user} s, peak $((kb / 1024)) MB, load before $load"
    echo "  $(tail -1 "$work/out.txt")"
done
[ "$status" -eq 0 ] || { echo "vulkan-litmus.sh: relprove exited $status (see $work/out.txt, $work/err.txt)" >&2; exit 1; }
if [ "${ALLOY:-0}" = 1 ]; then
    rm -rf "$work/gen" && mkdir -p "$work/gen"
    "$bin" litmus --model "$src/spirv.als" --emit-alloy "$work/gen" "$src/tests" >/dev/null 2>&1
    cp "$src/spirv.als" "$work/gen/spirv.als"
    REPS="${ALLOY_REPS:-1}" CAP="${CAP:-600}" OUT="${OUT:-bench/vulkan-litmus-compare.md}" \
        TITLE="relprove check vs the Alloy Analyzer 5.1 + CaDiCaL on the modules relprove litmus writes for Khronos's 89 Vulkan tests" \
        python3 bench/alloy_compare.py "$work"/gen/lt_*.als
fi
