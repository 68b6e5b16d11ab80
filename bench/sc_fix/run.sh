#!/usr/bin/env bash
# The candidate searches of bench/RESULTS.md ("Theorem 3 candidate fixes,
# third round"), one at a time, with the release build:
#
#   cargo build --release && python3 bench/sc_fix/gen.py && bench/sc_fix/run.sh [OUT.tsv]
#
# Each line of OUT.tsv (default bench/sc_fix/results.tsv): candidate, run,
# verdict (an instance refutes the candidate), wall seconds, load average.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${RELPROVE:-${CARGO_TARGET_DIR:-target}/release/relprove}
out=${1:-bench/sc_fix/results.tsv}
run() { # candidate command timeout
  local t0 t1 verdict
  t0=$(date +%s.%N)
  verdict=$(nice -n 10 "$bin" check "bench/sc_fix/cand_$1.als" -c "$2" --timeout "$3" 2>&1 \
    | grep -oE "Instance found|No instance found|Unknown" | head -1 || true)
  t1=$(date +%s.%N)
  printf "%s\t%s\t%s\t%.1f\t%s\n" "$1" "$2" "${verdict:-error}" "$(echo "$t1 - $t0" | bc)" \
    "$(uptime | sed 's/.*load average: //')" | tee -a "$out"
}
for c in fig11 widen sys widen_all fixed trail; do run "$c" cex_rwc_fence 300; done
for c in widen_all fixed; do run "$c" cex_rwc 300; run "$c" sanity_sc_scoped 120; done
run fixed cex_free4_sc 500
run widen_all cex_free4_sc 500
run fixed cex_free4 500
run widen_all cex_free4 500
run trail cex_rwc 300
run trail cex_free4 500
