#!/bin/sh
# Issue 20: two relprove binaries side by side under op:lost-pop, decision
# mode (`--witnesses`), interleaved so that both see the same machine load:
# the whole Dat3M PTX folder twice each (`--jobs 2`: wall, user, peak
# memory), then, one job at a time, every 4-thread test with at most 4
# memory instructions a thread of the folder and of the H200 set (states,
# explore time, user time). Prints markdown tables for bench/RESULTS.md.
#
# Usage: bench/op_side_by_side.sh BEFORE_BIN AFTER_BIN
#   (e.g. a copy of an older release build, and target/release/relprove)
# FLAGS (default `--witnesses`) are the exploration flags: FLAGS= for the
# enumeration mode (every reachable final state).
# Needs GNU time.
set -eu
FLAGS=${FLAGS---witnesses}
cd "$(dirname "$0")/.."
A=$1; B=$2
DAT3M=../shared/peers/dat3m-ptx/litmus/PTX
H200=../shared/hardware/h200/litmus
test -d "$DAT3M" || { echo "no litmus folder at $DAT3M" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "flags: ${FLAGS:-(none: enumeration)}; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run | binary | wall s | user s | peak MiB |"
echo "|---|---|---|---|---|"
for round in 1 2; do
  for side in A B; do
    eval bin=\$$side
    /usr/bin/time -f '%e %U %M' -o "$TMP/t" "$bin" litmus --model op:lost-pop $FLAGS \
      --jobs 2 --format json "$DAT3M" > "$TMP/folder.$side.json" 2>/dev/null || true
    set -- $(tail -1 "$TMP/t")
    echo "| folder, round $round | $side | $1 | $2 | $(($3 / 1024)) |"
  done
done
echo
python3 - "$TMP" "$DAT3M" "$H200" > "$TMP/files" <<'PY'
import json, os, re, sys
tmp, dat3m, h200 = sys.argv[1:4]
def shape(path):
    """(threads, most memory instructions in one thread)"""
    lines = open(path).read().splitlines()
    hdr = next((i for i, l in enumerate(lines) if re.match(r'\s*P0\b[^:]*\|', l)), None)
    if hdr is None:
        return 0, 0
    n = lines[hdr].count('|') + 1
    mem = [0] * n
    for l in lines[hdr + 1:]:
        if re.match(r'\s*(exists|~exists|forall|locations|filter)', l):
            break
        for i, c in enumerate(l.rstrip().rstrip(';').split('|')[:n]):
            if re.match(r'\s*(ld|st|atom|red|fence|membar)', c):
                mem[i] += 1
    return n, max(mem)
doc = json.load(open(f"{tmp}/folder.B.json"))
files = [t["file"] for t in doc["tests"] if "error" not in t]
if os.path.isdir(h200):
    files += sorted(os.path.join(h200, f) for f in os.listdir(h200) if f.endswith(".litmus"))
for f in files:
    n, m = shape(f)
    if n == 4 and m <= 4:
        print(f)
PY
echo "| test | verdict | states A | states B | explore ms A | explore ms B | user s A | user s B |"
echo "|---|---|---|---|---|---|---|---|"
while read -r f; do
  row=""
  for side in A B; do
    eval bin=\$$side
    /usr/bin/time -f '%U' -o "$TMP/t" "$bin" litmus --model op:lost-pop $FLAGS \
      --format json "$f" > "$TMP/one.json" 2>/dev/null || true
    row="$row $(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["tests"][0]; print(t.get("observation","error"), t.get("states_explored","-"), round(t.get("explore_us",0)/1000,1))' "$TMP/one.json") $(tail -1 "$TMP/t")"
  done
  set -- $row
  echo "| $(echo "$f" | sed "s|^$DAT3M/||; s|^$H200/|h200/|") | $5 | $2 | $6 | $3 | $7 | $4 | $8 |"
done < "$TMP/files"
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
