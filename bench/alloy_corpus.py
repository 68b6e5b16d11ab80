#!/usr/bin/env python3
"""relprove against the Alloy Analyzer 5.1 on a folder of Alloy models (issue
25's corpus measurement): which files each tool accepts, and for every
command both decide, whether the verdicts agree and which tool is faster.

Usage: bench/alloy_corpus.py DIR|FILE [DIR|FILE ...]
  RELPROVE_BIN  relprove binary (default target/release/relprove)
  ALLOY_JAR     driver jar from scripts/build-alloy.sh
                (default target/alloy/alloy-verdicts.jar)
  CAP           seconds per command for each tool (default 10)
  ALLOY_SOLVER  the Analyzer's SAT solver: cadical (default) or sat4j
  ACCEPT_ONLY   1: only which files each tool accepts (relprove --parse-only,
                the Analyzer with every command skipped); no command is run

Prints one tab-separated line per command (or per rejected file), then a
SUMMARY block. Commands are paired by position, as in the differential test
(tests/engine/models.rs); a file whose command counts differ is listed and
not compared. The models are read where they are: nothing is copied.
"""
import json
import os
import statistics
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.abspath(os.environ.get("RELPROVE_BIN", os.path.join(root, "target/release/relprove")))
jar = os.path.abspath(os.environ.get("ALLOY_JAR", os.path.join(root, "target/alloy/alloy-verdicts.jar")))
cap = os.environ.get("CAP", "10")
solver = os.environ.get("ALLOY_SOLVER", "cadical")
accept_only = os.environ.get("ACCEPT_ONLY") == "1"
dirs = sys.argv[1:]
if not dirs:
    sys.exit(__doc__)
for need in (binary, jar):
    if not os.path.exists(need):
        sys.exit(f"missing {need}: see docs/alloy-differential.md")

SAT = {"instance", "counterexample"}
UNSAT = {"no-instance", "no-counterexample"}


def relprove(path):
    """(commands or None, reason)"""
    args = ["--parse-only"] if accept_only else ["--format", "json", "--timeout", cap]
    try:
        out = subprocess.run([binary, "check", *args, path],
                             capture_output=True, text=True, timeout=int(cap) * 40 + 60)
    except subprocess.TimeoutExpired:
        return None, "relprove ran past its overall limit"
    if accept_only:
        if out.returncode == 0:
            return [], ""
        first = next((l for l in out.stderr.splitlines() if l.strip()), "")
        return None, f"exit {out.returncode}: {first}"
    try:
        doc = json.loads(out.stdout)
        return doc["commands"] + doc.get("failed", []), ""
    except (ValueError, KeyError):
        first = next((l for l in out.stderr.splitlines() if l.strip()), "")
        return None, f"exit {out.returncode}: {first}"


def alloy(path):
    """(rows or None, reason)"""
    rows, skip = [], (1 << 30 if accept_only else 0)
    while True:
        try:
            out = subprocess.run(["java", "-jar", jar, path, "--timeout", cap, "--skip", str(skip),
                                  "--solver", solver],
                                 capture_output=True, text=True, timeout=int(cap) * 40 + 120)
        except subprocess.TimeoutExpired:
            return (rows or None), "the Analyzer ran past its overall limit"
        for line in out.stdout.splitlines():
            if line.startswith("ERROR"):
                return None, line[6:].replace("\n", " ")[:200]
            if line.startswith("CMD\t"):
                rows.append(line.split("\t"))
        if accept_only:
            return [], ""
        if out.returncode != 3:
            return rows, ""
        skip = len(rows)


def verdict_relprove(c):
    o = c.get("outcome", "")
    return "sat" if o in SAT else "unsat" if o in UNSAT else None


files = []
for d in dirs:
    if os.path.isfile(d):
        files.append(d)
    for base, _, names in os.walk(d):
        files += [os.path.join(base, n) for n in names if n.endswith(".als")]
files.sort()

n_alloy_ok = n_both_ok = n_only_relprove = n_no_commands = 0
compared = agree = 0
disagree, rejected = [], []
faster, times_r, times_a = 0, [], []
for path in files:
    ours, why_r = relprove(path)
    theirs, why_a = alloy(path)
    name = os.path.relpath(path)
    if theirs is None:
        if ours is not None:
            n_only_relprove += 1
            print(f"{name}\t-\trelprove accepts, Alloy rejects: {why_a}", flush=True)
        continue
    n_alloy_ok += 1
    if ours is None:
        rejected.append((name, why_r))
        print(f"{name}\t-\trelprove rejects: {why_r}", flush=True)
        continue
    n_both_ok += 1
    if not theirs:
        n_no_commands += 1
    # Commands that failed (an error for that command only) come after the
    # decided ones in relprove's JSON: put each back at the position of the
    # Analyzer's command of its name.
    if len(ours) == len(theirs) and any("outcome" not in o for o in ours):
        pool, ordered = list(ours), []
        for t in theirs:
            match = next((o for o in pool if o["name"] == t[2]), None)
            if match is None:
                break
            pool.remove(match)
            ordered.append(match)
        if not pool:
            ours = ordered
    if len(ours) != len(theirs):
        print(f"{name}\t-\tcommand counts differ: relprove {len(ours)}, Alloy {len(theirs)}", flush=True)
        continue
    for o, t in zip(ours, theirs):
        vr, va = verdict_relprove(o), t[5] if t[5] in ("sat", "unsat") else None
        status = "undecided"
        if vr and va:
            compared += 1
            if vr == va:
                agree += 1
                status = "agree"
            else:
                disagree.append(f"{name} {o['name']}: relprove {o['outcome']}, Alloy {va}")
                status = "DISAGREE"
            tr, ta = int(o.get("time_ms", 0)), int(t[6])
            times_r.append(tr)
            times_a.append(ta)
            faster += tr < ta
        print(f"{name}\t{o['name']}\t{o.get('outcome', 'error')}\t{o.get('time_ms', '-')}\t{t[5]}\t{t[6]}\t{status}",
              flush=True)

print("SUMMARY")
without = "" if accept_only else f" ({n_no_commands} without commands)"
print(f"files: {len(files)}; accepted by Alloy: {n_alloy_ok}; of those accepted by relprove: "
      f"{n_both_ok}{without}; accepted by relprove only: {n_only_relprove}")
print(f"commands both decide: {compared}; agree: {agree}; disagree: {len(disagree)}")
if times_r:
    print(f"relprove faster on {faster} of {compared}; median ms relprove {statistics.median(times_r)}, "
          f"Alloy {statistics.median(times_a)} (Alloy's includes translation and, for a file's "
          f"first command, the JVM's warm-up)")
for d in disagree:
    print(f"DISAGREE {d}")
reasons = {}
for _, why in rejected:
    key = why.split(": ", 1)[-1][:70]
    reasons[key] = reasons.get(key, 0) + 1
for why, n in sorted(reasons.items(), key=lambda x: -x[1]):
    print(f"REJECTED {n}\t{why}")
