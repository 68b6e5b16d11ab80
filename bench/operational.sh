#!/bin/sh
# Times `relprove litmus --model op:lost-pop` on the Dat3M PTX litmus folder
# (issue 20: target under a minute on this 2-core machine), once enumerating
# every final state (herd's States list) and once with `--witnesses` (one
# final state per side of the condition: the verdict), records the
# states explored per test (bench/operational-dat3m.tsv), and compares
# op:lost-pop with models/ptx.als on the folder (differences with their
# direction: LOST-POP must never be the weaker one). Appends a summary to
# bench/RESULTS.md.
#
# Usage: [COMPARE=0] bench/operational.sh [LITMUS_DIR] [MAX_STATES]
#   (default ../shared/peers/dat3m-ptx/litmus/PTX, 2000000)
# Needs a release build (cargo build --release; RELPROVE_BIN overrides the
# binary) and GNU time.
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-../shared/peers/dat3m-ptx/litmus/PTX}
MAX=${2:-2000000}
BIN=${RELPROVE_BIN:-${CARGO_TARGET_DIR:-target}/release/relprove}
test -x "$BIN" || { echo "build first: cargo build --release" >&2; exit 2; }
test -d "$DIR" || { echo "no litmus folder at $DIR" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
/usr/bin/time -f '%e %U %M' -o "$TMP/time" "$BIN" litmus --model op:lost-pop --jobs 2 \
  --max-states "$MAX" --format json "$DIR" > "$TMP/op.json" 2>/dev/null || true
/usr/bin/time -f '%e %U %M' -o "$TMP/wtime" "$BIN" litmus --model op:lost-pop --jobs 2 --witnesses \
  --max-states "$MAX" --format json "$DIR" > "$TMP/opw.json" 2>/dev/null || true
echo "0 0 0" > "$TMP/ctime"; : > "$TMP/cmp.json"
[ "${COMPARE:-1}" = 1 ] && /usr/bin/time -f '%e %U %M' -o "$TMP/ctime" "$BIN" compare --model models/ptx.als \
  --model op:lost-pop --jobs 2 --format json "$DIR" > "$TMP/cmp.json" 2>/dev/null || true
python3 - "$TMP" "$DIR" "$MAX" "$LOAD" "$(git rev-parse --short HEAD)" <<'PY'
import json, sys, os, datetime
tmp, folder, mx, load, commit = sys.argv[1:6]
doc = json.load(open(f"{tmp}/op.json"))
wall, user, kib = open(f"{tmp}/time").read().split()[-3:]
tests = doc["tests"]
ok = [t for t in tests if "error" not in t]
err = [t for t in tests if "error" in t]
with open("bench/operational-dat3m.tsv", "w") as f:
    f.write("# test\tobservation\tstates explored\ttransitions\texplore ms\n")
    for t in sorted(ok, key=lambda t: t["name"]):
        f.write(f"{t['name']}\t{t['observation']}\t{t['states_explored']}\t{t['transitions']}\t{t['explore_us']/1000:.1f}\n")
    for t in sorted(err, key=lambda t: t["file"]):
        f.write(f"{os.path.basename(t['file'])}\tunsupported: {t['error']}\t-\t-\t-\n")
states = sorted(t["states_explored"] for t in ok)
med = states[len(states)//2] if states else 0
top = max(ok, key=lambda t: t["states_explored"]) if ok else None
reasons = {}
for t in err:
    r = t["error"].split(":")[1].strip() if ":" in t["error"] else t["error"]
    reasons[r[:60]] = reasons.get(r[:60], 0) + 1
try:
    cmp = json.load(open(f"{tmp}/cmp.json"))
except (ValueError, OSError):
    cmp = None  # the comparison did not finish
cwall, cuser, _ = open(f"{tmp}/ctime").read().split()[-3:]
out = []
out.append("")
out.append(f"## {folder} under op:lost-pop (bench/operational.sh, --jobs 2, --max-states {mx}, binary {os.environ.get('RELPROVE_BIN', 'release')})")
out.append("")
out.append(f"Date: {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC; {os.cpu_count()} cores; load average at start: {load} (machine shared with other jobs); commit {commit}.")
out.append("")
out.append("| mode | files | decided | unsupported | wall s | user s | peak MiB | states/test median | max (test) |")
out.append("|---|---|---|---|---|---|---|---|---|")
out.append(f"| every final state | {len(tests)} | {len(ok)} | {len(err)} | {wall} | {user} | {int(kib)//1024} | {med} | {top['states_explored'] if top else 0} ({top['name'] if top else '-'}) |")
wdoc = json.load(open(f"{tmp}/opw.json"))
wwall, wuser, wkib = open(f"{tmp}/wtime").read().split()[-3:]
wok = [t for t in wdoc["tests"] if "error" not in t]
wstates = sorted(t["states_explored"] for t in wok)
wtop = max(wok, key=lambda t: t["states_explored"]) if wok else None
same = sum(1 for a in ok for b in wok if a["name"] == b["name"] and a["file"] == b["file"] and a["observation"] == b["observation"])
out.append(f"| --witnesses | {len(wdoc['tests'])} | {len(wok)} | {len(wdoc['tests']) - len(wok)} | {wwall} | {wuser} | {int(wkib)//1024} | {wstates[len(wstates)//2] if wstates else 0} | {wtop['states_explored'] if wtop else 0} ({wtop['name'] if wtop else '-'}) |")
out.append("")
out.append(f"Same verdict in both modes: {same} of {len(ok)} tests.")
out.append("")
out.append("Not decided: " + "; ".join(f"{n} × {r}" for r, n in sorted(reasons.items(), key=lambda x: -x[1])))
out.append("States per test: bench/operational-dat3m.tsv.")
if cmp:
    s = cmp["summary"]
    out.append("")
    out.append(f"`relprove compare --model models/ptx.als --model op:lost-pop` on the folder ({cwall} s wall, {cuser} s user): "
               f"{s['compared']} compared, {s['same']} same, {s['a_stronger']} where ptx.als is stronger, "
               f"{s['b_stronger']} where op:lost-pop is stronger, {s['incomparable']} incomparable, {s['skipped']} skipped.")
    for r in cmp["rows"]:
        if r["relation"] != "Same":
            out.append(f"- {r['test']}: {r['relation']} (ptx.als {r['a']}, op:lost-pop {r['b']})")
open("bench/RESULTS.md", "a").write("\n".join(out) + "\n")
print("\n".join(out))
PY
