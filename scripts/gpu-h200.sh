#!/bin/sh
# The H200 litmus variants on a GPU, in one command (docs/gpu.md).
#
#   scripts/gpu-h200.sh [DIR] [SECONDS-PER-TEST]
#
# On a machine with nvcc, cuobjdump and an NVIDIA GPU. Builds the harness
# for the 56 variants of ../shared/hardware/h200/litmus, runs each for
# SECONDS-PER-TEST (default 2: about 3 minutes with the build), checks the
# SASS, compares every histogram with models/ptx.als and writes
# DIR/report.txt and DIR/report.json (DIR: gpu-h200 by default), each test
# beside the class the H200 reference run had ("DIFFERENT CLASS" marks a
# difference), and the reference table itself (DIR/observations.md).
#
# relprove is taken from $RELPROVE, else target/release/relprove, else
# built with cargo. Without relprove on the GPU machine, emit the harness
# elsewhere (`relprove gpu emit --out DIR ...`), run `TIME=2 sh DIR/run.sh`
# on the GPU machine, bring results.txt and sass.txt back into DIR and run
# `relprove gpu report DIR` (docs/gpu.md, "Without relprove on the GPU
# machine").
#
# Exit code: relprove's (0 no model violation, 1 a MODEL VIOLATION,
# 2 missing nvcc/GPU, failed build or run).
set -eu
cd "$(dirname "$0")/.."
DIR="${1:-gpu-h200}"
SECS="${2:-2}"
TESTS=../shared/hardware/h200
if [ ! -d "$TESTS/litmus" ]; then
    echo "gpu-h200.sh: $TESTS/litmus not found" >&2
    exit 2
fi
if [ -n "${RELPROVE:-}" ]; then
    R="$RELPROVE"
elif [ -x target/release/relprove ]; then
    R=target/release/relprove
else
    cargo build --release --quiet
    R=target/release/relprove
fi
mkdir -p "$DIR"
code=0
"$R" gpu run --out "$DIR" --time-per-test "$SECS" --model models/ptx.als \
    --observations "$TESTS/observations.tsv" "$TESTS"/litmus/*.litmus || code=$?
"$R" gpu observations --model models/ptx.als --tests "$TESTS/litmus" \
    "$TESTS/observations.tsv" > "$DIR/observations.md" || true
echo "gpu-h200.sh: relprove gpu run exited $code; the report (if any) and observations.md are in $DIR"
exit "$code"
