#!/usr/bin/env python3
"""Side-by-side CNF size and time of relprove and the Alloy Analyzer on
trace models over util/ordering (issue 25). Prints one markdown table row
per command: outcome, primary/total variables, clauses and wall time of
each tool (relprove's from `check --format json`, Alloy's from its reporter
via scripts/alloy-driver/AlloyVerdicts.java).

Usage: bench/alloy_trace.py [FILE.als ...]   (default bench/trace/*.als)
  RELPROVE_BIN  relprove binary (default target/release/relprove)
  ALLOY_JAR     driver jar from scripts/build-alloy.sh
                (default target/alloy/alloy-verdicts.jar)
  CAP           seconds per command for each tool (default 60)
  ALLOY_SOLVER  the Analyzer's SAT solver: cadical (default) or sat4j
"""
import glob
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
binary = os.environ.get("RELPROVE_BIN", "target/release/relprove")
jar = os.environ.get("ALLOY_JAR", "target/alloy/alloy-verdicts.jar")
cap = os.environ.get("CAP", "60")
solver = os.environ.get("ALLOY_SOLVER", "cadical")
files = sys.argv[1:] or sorted(glob.glob("bench/trace/*.als"))
for need in (binary, jar):
    if not os.path.exists(need):
        sys.exit(f"missing {need}: see docs/alloy-differential.md")


def relprove(path):
    out = subprocess.run([binary, "check", "--format", "json", "--timeout", cap, path],
                         capture_output=True, text=True)
    return json.loads(out.stdout)["commands"]


def alloy(path):
    rows, skip = [], 0
    while True:
        out = subprocess.run(["java", "-jar", jar, path, "--timeout", cap, "--skip", str(skip),
                              "--solver", solver],
                             capture_output=True, text=True)
        for line in out.stdout.splitlines():
            if line.startswith("ERROR"):
                sys.exit(f"{path}: {line}")
            if line.startswith("CMD\t"):
                rows.append(line.split("\t"))
        if out.returncode != 3:
            return rows
        skip = len(rows)


print("| file | command | relprove outcome | primary vars | vars | clauses | ms "
      "| Alloy outcome | primary vars | vars | clauses | ms |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for path in files:
    ours, theirs = relprove(path), alloy(path)
    for o, t in zip(ours, theirs):
        print(f"| {os.path.basename(path)} | {o['name']} | {o['outcome']} | "
              f"{o.get('primary_variables', '-')} | {o.get('variables', '-')} | "
              f"{o.get('clauses', '-')} | {o.get('time_ms', '-')} | {t[5]} | {t[7]} | "
              f"{t[8]} | {t[9]} | {t[6]} |")
