#!/usr/bin/env bash
# Khronos's Vulkan memory model (spirv.als) on its 89 litmus tests, generated
# the way its repository's Makefile does (litmus.cpp turns each tests/*.test
# into an Alloy file `open spirv … run gentestN for n`, and a .ref file with
# the expected SATISFIABLE / NOSOLUTION per command). relprove decides every
# command; the script compares each outcome with the .ref line and prints
# one line per test: scope, relprove's wall seconds, peak memory, verdicts.
#
# With ALLOY=1 it then runs bench/alloy_compare.py on the same files
# (relprove next to the Alloy Analyzer 5.1 + CaDiCaL, interleaved, REPS
# repetitions) and writes bench/vulkan-compare.md.
#
# Usage: bench/vulkan.sh [TEST ...]      (default: all 89; names without .test)
#   VULKAN_DIR    Khronos's alloy folder
#                 (default ../shared/peers/vulkan-memorymodel/alloy)
#   MIN_SCOPE     only the tests whose scope is at least this (default 0)
#   RELPROVE_BIN  relprove binary (default target/release/relprove)
#   CAP           seconds per command (default 600)
#   WORK          where the generated files go (default target/vulkan-tests)
#   ALLOY=1       also compare with the Analyzer (needs scripts/build-alloy.sh's
#                 jar and Debian's cadical); REPS (default 1), OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
src="${VULKAN_DIR:-$root/../shared/peers/vulkan-memorymodel/alloy}"
bin="${RELPROVE_BIN:-$root/target/release/relprove}"
work="${WORK:-$root/target/vulkan-tests}"
cap="${CAP:-600}"
min_scope="${MIN_SCOPE:-0}"
die() { echo "vulkan.sh: $*" >&2; exit 2; }
[ -f "$src/litmus.cpp" ] && [ -f "$src/spirv.als" ] || die "no litmus.cpp/spirv.als in $src (set VULKAN_DIR)"
[ -x "$bin" ] || die "no relprove binary at $bin (cargo build --release)"
command -v g++ >/dev/null || die "g++ is needed to build Khronos's litmus.cpp"
[ -x /usr/bin/time ] || die "needs GNU time (/usr/bin/time)"

mkdir -p "$work/gen"
g++ -std=c++11 -O2 -o "$work/litmus.exe" "$src/litmus.cpp"
cp "$src/spirv.als" "$work/gen/spirv.als"
if [ $# -gt 0 ]; then tests=("$@"); else
    tests=(); for t in "$src"/tests/*.test; do tests+=("$(basename "$t" .test)"); done
fi
files=()
for t in "${tests[@]}"; do
    [ -f "$src/tests/$t.test" ] || die "no test $src/tests/$t.test"
    (cd "$work" && ./litmus.exe "$t.test" "$src/tests" gen >/dev/null)
    mv "$work/gen/$t.test.gen" "$work/gen/$t.als"
    scope=$(sed -n 's/^run gentest[0-9]* for \([0-9]*\).*/\1/p' "$work/gen/$t.als" | head -1)
    [ "${scope:-0}" -ge "$min_scope" ] && files+=("$work/gen/$t.als")
done

echo "# commit $(git rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %5s %8s %8s  %s\n' test scope wall_s peak_MB verdicts
total=0; wrong=0; n=0
for f in "${files[@]}"; do
    t=$(basename "$f" .als)
    scope=$(sed -n 's/^run gentest[0-9]* for \([0-9]*\).*/\1/p' "$f" | head -1)
    /usr/bin/time -o "$work/time" -f '%e %M' "$bin" check --format json --timeout "$cap" "$f" \
        > "$work/out.json" 2>/dev/null || true
    read -r wall kb < <(tail -1 "$work/time")
    got=$(python3 -c 'import json,sys
m={"instance":"SATISFIABLE","no-instance":"NOSOLUTION"}
try: cs=json.load(open(sys.argv[1]))["commands"]
except Exception: cs=[]
print(" ".join(m.get(c["outcome"],c["outcome"]) for c in cs))' "$work/out.json")
    want=$(tr -d '\r' < "$work/gen/$t.test.ref" | tr '\n' ' ' | sed 's/ *$//')
    if [ "$got" = "$want" ]; then v="ok ($got)"; else v="WRONG: got '$got', expected '$want'"; wrong=$((wrong + 1)); fi
    printf '%-22s %5s %8s %8s  %s\n' "$t" "$scope" "$wall" "$((kb / 1024))" "$v"
    total=$(python3 -c "print(round($total + $wall, 2))")
    n=$((n + 1))
done
echo "# $n tests, $wrong with a wrong or undecided outcome, relprove wall total ${total} s"

if [ "${ALLOY:-0}" = 1 ]; then
    REPS="${REPS:-1}" CAP="$cap" OUT="${OUT:-bench/vulkan-compare.md}" \
        TITLE="relprove vs the Alloy Analyzer 5.1 + CaDiCaL on Khronos's Vulkan tests (issue 42)" \
        python3 bench/alloy_compare.py "${files[@]}"
fi
[ "$wrong" -eq 0 ]
