#!/usr/bin/env bash
# The six asserts of Khronos's Vulkan model (spirv.als) at growing bounds:
# `check ASSERT for B but 1 Exec` (the Makefile's command is B = 8), B from
# FROM upward, relprove and (with ALLOY=1) the Alloy Analyzer 5.1 + CaDiCaL
# side by side at each bound. Each tool stops at the first bound whose
# command takes more than CAP seconds or does not decide it; the last bound
# it decided is "the largest bound within CAP". One TSV line per run:
#   assert  bound  tool  verdict  seconds
# (verdict: no-counterexample / counterexample / unknown / error).
#
# Usage: bench/vulkan-asserts.sh [ASSERT ...]   (default: all six)
#   VULKAN_DIR  Khronos's alloy folder (default ../shared/peers/vulkan-memorymodel/alloy)
#   CAP         seconds per command (default 600)
#   FROM        first bound (default 8);  UPTO  last bound (default 20)
#   CUBES       relprove --cubes N (default: none)
#   ALLOY=1     also run the Analyzer (jar from scripts/build-alloy.sh; ALLOY_JAR)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
src="${VULKAN_DIR:-$root/../shared/peers/vulkan-memorymodel/alloy}"
bin="${RELPROVE_BIN:-$root/target/release/relprove}"
jar="${ALLOY_JAR:-$root/target/alloy/alloy-verdicts.jar}"
cap="${CAP:-600}"; from="${FROM:-8}"; upto="${UPTO:-20}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
[ -f "$src/spirv.als" ] || { echo "no spirv.als in $src" >&2; exit 2; }
cp "$src/spirv.als" "$work/spirv.als"
asserts=("$@")
[ ${#asserts[@]} -gt 0 ] || asserts=(AssertLocordSameLoc AssertLocordAcyclic AssertLocordComplete1 AssertLocordComplete2 AssertNoSwSelf AssertVisTo)
cubes=(); [ -n "${CUBES:-}" ] && cubes=(--cubes "$CUBES")
echo "# $(date -u +%FT%TZ) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), cap ${cap}s"
for a in "${asserts[@]}"; do
    rp_on=1; al_on=0; [ "${ALLOY:-}" = 1 ] && al_on=1
    for ((b = from; b <= upto; b++)); do
        [ $rp_on = 1 ] || [ $al_on = 1 ] || break
        f="$work/${a}_$b.als"
        printf 'open spirv\ncheck %s for %d but 1 Exec\n' "$a" "$b" > "$f"
        if [ $rp_on = 1 ]; then
            s=$(date +%s.%N)
            v=$("$bin" check --format json --timeout "$cap" "${cubes[@]}" "$f" 2>/dev/null \
                | python3 -c 'import json,sys; d=json.load(sys.stdin); c=d["commands"]; print(c[0]["outcome"] if c else "error")' 2>/dev/null || echo error)
            t=$(echo "$(date +%s.%N) - $s" | bc)
            printf '%s\t%d\trelprove\t%s\t%.1f\n' "$a" "$b" "$v" "$t"
            case "$v" in no-counterexample|counterexample) ;; *) rp_on=0 ;; esac
            [ "$(echo "$t > $cap" | bc)" = 1 ] && rp_on=0
        fi
        if [ $al_on = 1 ]; then
            s=$(date +%s.%N)
            v=$(cd "$work" && timeout $((cap + 30)) java -jar "$jar" "$f" --timeout "$cap" --solver cadical 2>/dev/null \
                | awk -F'\t' '$1=="CMD"{print $6}')
            t=$(echo "$(date +%s.%N) - $s" | bc)
            case "$v" in unsat) v=no-counterexample ;; sat) v=counterexample ;; "") v=unknown ;; esac
            printf '%s\t%d\talloy\t%s\t%.1f\n' "$a" "$b" "$v" "$t"
            case "$v" in no-counterexample|counterexample) ;; *) al_on=0 ;; esac
            [ "$(echo "$t > $cap" | bc)" = 1 ] && al_on=0
        fi
    done
done
echo "# $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
