#!/bin/sh
# Times `relprove prove` on the rewriting corpus (tests/rewrite/corpus.als):
# per assertion, the engine that proved it and the time, from the JSON
# output; prints the slowest and the totals per engine.
# Usage: bench/prove_ka.sh [path/to/relprove]   (default: target/release/relprove)
set -eu
BIN=${1:-target/release/relprove}
uptime
"$BIN" prove tests/rewrite/corpus.als --format json | python3 -c '
import json, sys
a = json.load(sys.stdin)["assertions"]
by = {}
for x in a:
    e = x.get("engine", "not proved")
    by.setdefault(e, []).append(x["time_ms"])
for e, ts in sorted(by.items()):
    print(f"{e}: {len(ts)} assertions, max {max(ts)} ms, total {sum(ts)} ms")
slow = sorted(a, key=lambda x: -x["time_ms"])[:5]
print("slowest:", ", ".join(f"{x[\"name\"]} {x[\"time_ms\"]} ms" for x in slow))
'
