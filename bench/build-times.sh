#!/usr/bin/env bash
# Build times of two revisions side by side (issue 35: the workspace
# split): a full build of relprove's own code (dependencies built first and
# not timed) and incremental rebuilds of the release binary after touching
# one file in the engine (translate), the proof side (export) and the litmus
# side. Each measurement alternates the two revisions, so load on a shared
# machine hits both alike.
#
#   bench/build-times.sh OLD_REV NEW_REV [REPS]
#
# Then the run time of the two release binaries, alternated the same way:
# the Dat3M PTX folder under models/ptx.als and NVIDIA's coherence check at
# bound 4 (so that a split that costs inlining across crates shows).
#
# Prints one line per measurement: what, revision, seconds (wall clock).
# SEED_TARGET=DIR copies DIR (a target directory with the dependencies
# built) into both trees first, so that the untimed first build is short.
set -euo pipefail
old=${1:?old revision}; new=${2:?new revision}; reps=${3:-2}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$work/old" >/dev/null 2>&1 || true;
      git -C "$repo" worktree remove --force "$work/new" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$repo" worktree add -q --detach "$work/old" "$old"
git -C "$repo" worktree add -q --detach "$work/new" "$new"

# The file of each area in a tree, in either layout.
file_of() { # tree area
    case $2 in
    translate) for f in crates/engine/src/translate/mod.rs src/translate/mod.rs; do [ -f "$1/$f" ] && echo "$1/$f" && return; done ;;
    export) for f in crates/proof/src/export/mod.rs src/export/mod.rs; do [ -f "$1/$f" ] && echo "$1/$f" && return; done ;;
    litmus) for f in crates/litmus/src/run.rs src/litmus/run.rs; do [ -f "$1/$f" ] && echo "$1/$f" && return; done ;;
    esac
    echo "no $2 file in $1" >&2; exit 2
}
own_crates() { # tree
    if [ -d "$1/crates" ]; then echo "-p relprove -p relprove-engine -p relprove-proof -p relprove-litmus"; else echo "-p relprove"; fi
}
timed() { # label tree command...
    local label=$1 tree=$2; shift 2
    local t0 t1
    t0=$(date +%s.%N)
    (cd "$tree" && "$@" >/dev/null 2>&1) || true
    t1=$(date +%s.%N)
    printf '%-22s %-8s %6.1f\n' "$label" "$(basename "$tree")" "$(echo "$t1 - $t0" | bc)"
}
for t in old new; do
    [ -n "${SEED_TARGET:-}" ] && cp -a "$SEED_TARGET" "$work/$t/target"
    (cd "$work/$t" && cargo build --release -q)
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$reps"); do
    for t in old new; do
        tree=$work/$t
        # shellcheck disable=SC2046
        (cd "$tree" && cargo clean --release $(own_crates "$tree") -q)
        timed "full (own crates)" "$tree" cargo build --release
    done
    for area in translate export litmus; do
        for t in old new; do
            tree=$work/$t
            touch "$(file_of "$tree" $area)"
            timed "touch $area" "$tree" cargo build --release
        done
    done
done
ptx=$repo/../shared/peers/dat3m-ptx/litmus/PTX
nvidia=$repo/../shared/peers/ptxmemorymodel/compile_src11_ptx.als
for r in $(seq "$reps"); do
    for t in old new; do
        tree=$work/$t
        [ -d "$ptx" ] && timed "litmus Dat3M PTX" "$tree" target/release/relprove litmus --model models/ptx.als "$ptx"
        [ -f "$nvidia" ] && timed "check coherence, 4" "$tree" target/release/relprove check "$nvidia" -c src11_ptx_legal_coherence --scope 4
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
