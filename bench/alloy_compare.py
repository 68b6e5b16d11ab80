#!/usr/bin/env python3
"""relprove next to the Alloy Analyzer 5.1 + CaDiCaL on every command of
models/ (issue 24). Writes bench/alloy-compare.md.

Per file and repetition the two tools run one after the other (interleaved:
relprove first in odd repetitions, Alloy first in even ones), so both see
the same machine load. Per command the table gives each tool's own time for
the command (relprove: `time_ms` of `check --format json`, translation,
solving and re-evaluation; Alloy: the driver's milliseconds, translation
and solving), the median over the repetitions; per file it gives the user
CPU seconds of each process (GNU time; Alloy's includes the JVM's start and
JIT threads, relprove's its parsing). Load averages are recorded per file.

Usage: bench/alloy_compare.py [FILE.als ...]   (default: every models/**/*.als)
  RELPROVE_BIN  relprove binary (default target/release/relprove)
  ALLOY_JAR     driver jar from scripts/build-alloy.sh
                (default target/alloy/alloy-verdicts.jar)
  CAP           seconds per command for each tool (default 60)
  REPS          repetitions (default 3)
  ALLOY_SOLVER  the Analyzer's SAT solver: cadical (default) or sat4j
  OUT           the markdown file to write (default bench/alloy-compare.md)
  TITLE         the markdown file's heading
"""
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
binary = os.environ.get("RELPROVE_BIN", "target/release/relprove")
jar = os.environ.get("ALLOY_JAR", "target/alloy/alloy-verdicts.jar")
cap = os.environ.get("CAP", "60")
reps = int(os.environ.get("REPS", "3"))
solver = os.environ.get("ALLOY_SOLVER", "cadical")
out_path = os.environ.get("OUT", "bench/alloy-compare.md")
title = os.environ.get("TITLE", "relprove vs the Alloy Analyzer 5.1 + CaDiCaL on models/ (issue 24)")
files = sys.argv[1:] or sorted(glob.glob("models/**/*.als", recursive=True))
for need in (binary, jar):
    if not os.path.exists(need):
        sys.exit(f"missing {need}: see docs/alloy-differential.md")
if not os.path.exists("/usr/bin/time"):
    sys.exit("needs GNU time (/usr/bin/time)")


def timed(cmd):
    """Runs cmd under GNU time: (stdout, returncode, user CPU seconds)."""
    with tempfile.NamedTemporaryFile("r") as t:
        p = subprocess.run(["/usr/bin/time", "-f", "%U", "-o", t.name] + cmd,
                           capture_output=True, text=True)
        lines = [x for x in open(t.name).read().splitlines() if x.strip()]
        try:
            user = float(lines[-1])
        except (IndexError, ValueError):
            user = float("nan")
        return p.stdout, p.returncode, user


def relprove(path):
    out, _, user = timed([binary, "check", "--format", "json", "--timeout", cap, path])
    try:
        cmds = json.loads(out)["commands"]
    except (ValueError, KeyError):
        return None, user
    rows = []
    for c in cmds:
        rows.append({"name": c["name"], "outcome": c["outcome"], "ms": c.get("time_ms", 0),
                     "vars": c.get("variables", ""), "clauses": c.get("clauses", "")})
    return rows, user


ALLOY_OUTCOME = {("run", "sat"): "instance", ("run", "unsat"): "no-instance",
                 ("check", "sat"): "counterexample", ("check", "unsat"): "no-counterexample"}


def alloy(path):
    rows, skip, user = [], 0, 0.0
    while True:
        out, rc, u = timed(["java", "-jar", jar, path, "--timeout", cap, "--skip", str(skip),
                            "--solver", solver])
        user += u
        for line in out.splitlines():
            if line.startswith("ERROR"):
                return None, user, line
            if line.startswith("CMD\t"):
                f = line.split("\t")
                rows.append({"name": f[2], "outcome": ALLOY_OUTCOME.get((f[3], f[5]), f[5]),
                             "ms": int(f[6]), "vars": f[8], "clauses": f[9]})
        if rc != 3:
            return rows, user, None
        skip = len(rows)


def loadavg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def med(xs):
    return statistics.median(xs) if xs else float("nan")


commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                        text=True).stdout.strip()
start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
load_start = loadavg()
per_file = []
for path in files:
    ours_runs, theirs_runs, our_user, their_user, loads, note = [], [], [], [], [], ""
    for r in range(reps):
        loads.append(loadavg())
        order = ("r", "a") if r % 2 == 0 else ("a", "r")
        for tool in order:
            if tool == "r":
                rows, u = relprove(path)
                ours_runs.append(rows)
                our_user.append(u)
            else:
                rows, u, err = alloy(path)
                theirs_runs.append(rows)
                their_user.append(u)
                if err:
                    note = f"Alloy: {err[:120]}"
        if ours_runs[-1] is None or theirs_runs[-1] is None:
            break  # a tool rejects the file: one run tells it
    per_file.append((path, ours_runs, theirs_runs, med(our_user), med(their_user), loads, note))
    print(f"{path}: done (load {loads[-1]})", file=sys.stderr)
load_end = loadavg()

lines = []
w = lines.append
w(f"# {title}")
w("")
w(f"Generated by `bench/alloy_compare.py` (REPS={reps}, CAP={cap} s per command and tool, "
  f"Alloy's solver: {solver}) on commit {commit}, {start}; {os.cpu_count()} cores; "
  f"load average at start {load_start}, at end {load_end}.")
w("")
w("Per command: each tool's own time for the command in ms (relprove: translation, "
  "solving, re-evaluation of the instance; Alloy: translation and solving), median of "
  "the repetitions, run interleaved file by file. Per file: user CPU seconds of the "
  "process, median (Alloy's includes the JVM's start and JIT). `ratio` = relprove / Alloy "
  "(below 1: relprove faster). Outcomes must agree; `DISAGREE` marks a difference.")
w("")
w("| file | command | relprove | Alloy | relprove ms | Alloy ms | ratio | relprove vars / clauses | Alloy vars / clauses |")
w("|---|---|---|---|---|---|---|---|---|")
tot_r = tot_a = 0.0
slower = []
file_rows = []
for path, ours_runs, theirs_runs, ou, tu, loads, note in per_file:
    ours, theirs = ours_runs[0], theirs_runs[0]
    if ours is None or theirs is None:
        why = note or "relprove rejects it"
        file_rows.append(f"| {path} | - | - | {ou:.2f} | {tu:.2f} | {loads[0]} | not compared: {why} |")
        continue
    if len(ours) != len(theirs):
        file_rows.append(f"| {path} | {len(ours)} vs {len(theirs)} | - | {ou:.2f} | {tu:.2f} | {loads[0]} | command counts differ |")
        continue
    fr = fa = 0.0
    for i, (o, t) in enumerate(zip(ours, theirs)):
        rms = med([run[i]["ms"] for run in ours_runs if run])
        ams = med([run[i]["ms"] for run in theirs_runs if run])
        fr += rms
        fa += ams
        ratio = rms / ams if ams else float("inf")
        undecided = o["outcome"] == "unknown" or t["outcome"] not in ALLOY_OUTCOME.values()
        verdict = ("" if o["outcome"] == t["outcome"] else
                   " (undecided)" if undecided else " DISAGREE")
        if ratio > 1 and rms > 100:
            slower.append((o["name"], path, rms, ams))
        w(f"| {path} | {o['name']} | {o['outcome']}{verdict} | {t['outcome']} | {rms:.0f} | "
          f"{ams:.0f} | {ratio:.2f} | {o['vars']} / {o['clauses']} | {t['vars']} / {t['clauses']} |")
    tot_r += fr
    tot_a += fa
    file_rows.append(f"| {path} | {len(ours)} | {fr / 1000:.2f} / {fa / 1000:.2f} | {ou:.2f} | {tu:.2f} | {' ; '.join(loads)} | {note} |")
w("")
w(f"Total over the compared commands: relprove {tot_r / 1000:.1f} s, Alloy {tot_a / 1000:.1f} s.")
w("")
if slower:
    w("Commands where relprove took longer than Alloy (and over 100 ms):")
    w("")
    for name, path, rms, ams in slower:
        w(f"- `{name}` ({path}): {rms:.0f} ms vs {ams:.0f} ms")
else:
    w("No command over 100 ms where relprove took longer than Alloy.")
w("")
w("## Per file")
w("")
w("| file | commands | command s relprove / Alloy | user CPU s relprove | user CPU s Alloy | load average per repetition | note |")
w("|---|---|---|---|---|---|---|")
lines.extend(file_rows)
open(out_path, "w").write("\n".join(lines) + "\n")
print(f"wrote {out_path}", file=sys.stderr)
