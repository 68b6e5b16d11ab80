#!/bin/sh
# Issue 20: the persistent-set reduction against the full search
# (`--full-search`) on the Dat3M PTX folder under op:lost-pop, in decision
# mode (`--witnesses`) and enumeration mode: wall/user time and peak memory
# of each run, and per test the states explored and explore time side by
# side (bench/op_lost_pop_states.tsv). Prints a summary for
# bench/RESULTS.md.
#
# Usage: bench/op_reduction.sh [LITMUS_DIR]   (default ../shared/peers/dat3m-ptx/litmus/PTX)
# Needs a release build (RELPROVE_BIN overrides the binary) and GNU time.
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-../shared/peers/dat3m-ptx/litmus/PTX}
BIN=${RELPROVE_BIN:-${CARGO_TARGET_DIR:-target}/release/relprove}
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -d "$DIR" || { echo "no litmus folder at $DIR" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
run() { # NAME FLAGS...
  n=$1; shift
  /usr/bin/time -f '%e %U %M' -o "$TMP/$n.time" "$BIN" litmus --model op:lost-pop --jobs 2 \
    --format json "$@" "$DIR" > "$TMP/$n.json" 2>/dev/null || true
}
run wfull --witnesses --full-search
run wred --witnesses
run efull --full-search
run ered
python3 - "$TMP" "$DIR" "$LOAD" "$(git rev-parse --short HEAD)" <<'PY'
import json, sys, os, datetime
tmp, folder, load, commit = sys.argv[1:5]
def load_run(n):
    doc = json.load(open(f"{tmp}/{n}.json"))
    wall, user, kib = open(f"{tmp}/{n}.time").read().split()[-3:]
    tests = {os.path.relpath(t["file"], folder): t for t in doc["tests"]}
    return tests, float(wall), float(user), int(kib) // 1024
runs = {n: load_run(n) for n in ["wfull", "wred", "efull", "ered"]}
wf, wr = runs["wfull"][0], runs["wred"][0]
with open("bench/op_lost_pop_states.tsv", "w") as f:
    f.write(f"# bench/op_reduction.sh: relprove litmus --model op:lost-pop --witnesses --jobs 2 [--full-search] {folder}\n")
    f.write(f"# release build, commit {commit}, {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, load average {load} (shared machine); tests decided by either search\n")
    f.write("file\tobservation\tstates full\tstates reduced\tms full\tms reduced\n")
    for k in sorted(set(wf) | set(wr)):
        a, b = wf.get(k, {}), wr.get(k, {})
        if "error" in a and "error" in b:
            continue
        obs = b.get("observation") or a.get("observation")
        st = lambda t: str(t["states_explored"]) if "states_explored" in t else "-"
        ms = lambda t: f"{t['explore_us']/1000:.0f}" if "explore_us" in t else "-"
        f.write(f"{k}\t{obs}\t{st(a)}\t{st(b)}\t{ms(a)}\t{ms(b)}\n")
out = [f"Date: {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC; {os.cpu_count()} cores; load average at start {load} (machine shared with other jobs); commit {commit}; `--jobs 2`.", "",
       "| mode | search | decided | wall s | user s | peak MiB | states (sum over tests both decide) |", "|---|---|---|---|---|---|---|"]
for mode, f_, r_ in [("--witnesses", "wfull", "wred"), ("enumerate", "efull", "ered")]:
    a, b = runs[f_][0], runs[r_][0]
    both = [k for k in a if "error" not in a[k] and k in b and "error" not in b[k]]
    same = all(a[k]["observation"] == b[k]["observation"] for k in both)
    if mode == "enumerate":
        same = same and all(a[k]["states"] == b[k]["states"] for k in both)
    for name, n, tests in [("full", f_, a), ("reduced", r_, b)]:
        _, wall, user, mib = runs[n]
        dec = sum(1 for t in tests.values() if "error" not in t)
        states = sum(tests[k]["states_explored"] for k in both)
        out.append(f"| {mode} | {name} | {dec} | {wall:.1f} | {user:.1f} | {mib} | {states} |")
    out.append(f"| {mode} | agreement | {len(both)} decided by both: {'same verdicts' + (' and final states' if mode == 'enumerate' else '') if same else 'DIFFERENT'} | | | | |")
print("\n".join(out))
PY
