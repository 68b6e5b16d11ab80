#!/bin/sh
# Times `relprove prove` on the rewriting corpus (tests/rewrite/corpus.als):
# per assertion, the engine that proved it and the time, from the JSON
# output; prints the totals per engine and the slowest assertions.
# Usage: bench/prove_ka.sh [path/to/relprove]   (default: target/release/relprove)
set -eu
BIN=${1:-target/release/relprove}
out=$(mktemp); trap 'rm -f "$out"' EXIT
uptime
"$BIN" prove tests/rewrite/corpus.als --format json > "$out"
python3 - "$out" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["assertions"]
by = {}
for x in a:
    by.setdefault(x.get("engine", "not proved"), []).append(x["time_ms"])
for e, ts in sorted(by.items()):
    print(f"{e}: {len(ts)} assertions, max {max(ts)} ms, total {sum(ts)} ms")
slow = sorted(a, key=lambda x: -x["time_ms"])[:6]
print("slowest: " + ", ".join(x["name"] + " " + str(x["time_ms"]) + " ms" for x in slow))
PY
