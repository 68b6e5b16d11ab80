#!/bin/bash
# Cubes on a many-core machine (issue 24): NVIDIA's coherence check at
# bounds 5 and 6 and the SC check at bound 6, plain and with
# `--cubes N --jobs J`, wall seconds from bash's clock (no GNU time needed,
# so it runs on a bare machine beside only the binary and the model).
#
# Usage: bench/cubes_wide.sh [BIN [MODEL]]
#   BIN default target/release/relprove; MODEL default NVIDIA's
#   ../shared/peers/ptxmemorymodel/compile_src11_ptx.als (its folder must
#   hold ptx.als, src11.als, util.als); JOBS default: every core.
#   PLAIN6=SECS also runs the plain coherence check at bound 6 with that
#   --timeout (slow: minutes).
set -u
B=${1:-target/release/relprove}
M=${2:-../shared/peers/ptxmemorymodel/compile_src11_ptx.als}
JOBS=${JOBS:-$(nproc)}
echo "host: $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u)"
r() { # label, check arguments...
  local label=$1; shift
  local s=$EPOCHREALTIME out rc
  out=$("$B" check "$M" --format json "$@" 2>/dev/null); rc=$?
  local e=$EPOCHREALTIME
  local oc cu
  oc=$(echo "$out" | grep -o '"outcome": *"[a-z-]*"' | head -1)
  cu=$(echo "$out" | grep -o '"unsat": *[0-9]*' | head -1)
  printf '| %s | %s | %.2f | %s %s |\n' "$label" "$rc" "$(awk -v a="$s" -v b="$e" 'BEGIN{print b-a}')" "$oc" "$cu"
}
echo "| run | exit | wall s | outcome |"
echo "|---|---|---|---|"
r "coherence 5 plain" -c src11_ptx_legal_coherence --scope 5
r "coherence 5 --cubes 16 --jobs $JOBS" -c src11_ptx_legal_coherence --scope 5 --cubes 16 --jobs "$JOBS"
r "coherence 5 --cubes 64 --jobs $JOBS" -c src11_ptx_legal_coherence --scope 5 --cubes 64 --jobs "$JOBS"
r "sc 6 plain" -c src11_ptx_legal_sc --scope 6
r "sc 6 --cubes 64 --jobs $JOBS" -c src11_ptx_legal_sc --scope 6 --cubes 64 --jobs "$JOBS"
r "coherence 6 --cubes 64 --jobs $JOBS" -c src11_ptx_legal_coherence --scope 6 --cubes 64 --jobs "$JOBS"
if [ -n "${PLAIN6:-}" ]; then
  r "coherence 6 plain (--timeout $PLAIN6)" -c src11_ptx_legal_coherence --scope 6 --timeout "$PLAIN6"
fi
echo "end load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u)"
