#!/usr/bin/env python3
"""Unsat cores for every unsatisfiable command of models/ (issue 19).

Runs `relprove check FILE --core --format json --timeout T` on each model
file and writes one TSV row per command: its verdict and, for an unsat one,
whether a core came back (verified by a fresh translation), whether it was
shown minimal (each formula removed gives a re-evaluated instance), its
size, the untracked formulas and the solver calls and time spent on it.

usage: bench/cores_all.py [--relprove BIN] [--timeout S] [--out TSV] [FILE...]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--relprove", default=os.path.join(ROOT, "target/release/relprove"))
    ap.add_argument("--timeout", default="600")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/cores_models.tsv"))
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(
        glob.glob(os.path.join(ROOT, "models/*.als"))
        + glob.glob(os.path.join(ROOT, "models/litmus/*.als"))
    )
    rows = []
    bad = 0
    out = open(a.out, "w")
    out.write(f"# bench/cores_all.py --timeout {a.timeout}\n")
    out.write("file\tcommand\toutcome\tcore\tcore_size\tuntracked\tsolver_calls\tcore_ms\n")
    for f in files:
        rel = os.path.relpath(f, ROOT)
        t0 = time.time()
        p = subprocess.run(
            [a.relprove, "check", f, "--core", "--format", "json", "--timeout", a.timeout],
            capture_output=True,
            text=True,
        )
        wall = time.time() - t0
        try:
            doc = json.loads(p.stdout)
        except json.JSONDecodeError:
            print(f"{rel}: no JSON (exit {p.returncode}): {p.stderr.strip()[:300]}", file=sys.stderr)
            bad += 1
            continue
        for c in doc["commands"]:
            core = c.get("core")
            if c["outcome"] not in ("no-instance", "no-counterexample"):
                status = c["outcome"]
            elif core is None:
                status = "no-core: " + c.get("core_unknown", "?")
                bad += 1
            elif not c.get("core_minimal"):
                status = "verified, not minimal"
                bad += 1
            else:
                status = "verified, minimal"
            row = (
                [
                    rel,
                    c["name"],
                    c["outcome"],
                    status,
                    "" if core is None else str(len(core)),
                    "" if core is None else str(len(c.get("core_untracked", []))),
                    str(c.get("core_solver_calls", "")),
                    str(c.get("core_ms", "")),
                ]
            )
            rows.append(row)
            out.write("\t".join(row) + "\n")
            out.flush()
        print(f"{rel}: {len(doc['commands'])} commands, {wall:.1f} s", file=sys.stderr)
    load = open("/proc/loadavg").read().split()[:3]
    out.write(f"# load average at the end: {' '.join(load)}\n")
    out.close()
    unsat = [r for r in rows if r[2] in ("no-instance", "no-counterexample")]
    ok = [r for r in unsat if r[3] == "verified, minimal"]
    print(f"{len(rows)} commands, {len(unsat)} unsatisfiable, {len(ok)} with a verified minimal core", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
