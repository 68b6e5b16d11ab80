#!/usr/bin/env python3
"""Ring litmus tests for Theorem 3 of seed 000 (§6.2) with scopes.

Generates the PTX lowering (Fig. 11, leading fence.sc) of race-free scoped
C++ ring executions whose C++ reading violates acyclic([incl] ∩ psc):

  thread i (i = 0..N-1): A_i on x_i, then B_i on x_(i+1 mod N), both SC;
  the cross edge B_i -> A_(i+1) is rb (B_i reads 0, A_(i+1) writes),
  mo (both write, B_i first) or rf (A_(i+1) reads B_i's write);
  B_i read and A_(i+1) read (no edge) is excluded.

Threads sit in a 3-level tree (sys > gpu > cta > thread). Every access gets
the smallest scope covering its thread and the thread at the other end of
its cross edge: the pair is then scope-inclusive (so the execution is race
free: each location has exactly the two accesses of one cross edge), and
every cycle edge is in [incl] ∩ psc (sb; rb; mo; rf between SC accesses is
sw, hence hb|loc). Smaller scopes give fewer morally strong pairs in PTX,
so these are the most permissive race-free scopes for the shape.

Rings whose levels never drop (level(i+1) >= level(i) around the ring) are
always skipped: there every E-run start is scope-inclusive with the target of the
edge ending it (`runs_incl`, proved in proofs/mapping_sc_edges.v).

With --min-drops K only rings with at least K drops are written (the
lead's analysis, not proved: one drop, i.e. one E-run violating
`runs_incl`, is closed by the other segments' fence.sc order).

--racy gives every access cta scope instead (racy across CTAs): a check
that the conditions are reachable when the scopes are too small.

Usage: bench/sc_rings.py N OUTDIR [--sb-only] [--min-drops K] [--racy]
Then: relprove litmus --model models/ptx.als --witnesses OUTDIR/*.litmus
A counterexample to Theorem 3 would show up as `Sometimes`.
"""
import os
import sys

LV = ["cta", "gpu", "sys"]


def canon(pl):
    """Relabel gpus and ctas by first occurrence."""
    gm, cm, res = {}, {}, []
    for g, c in pl:
        gm.setdefault(g, len(gm))
        cm.setdefault((g, c), len(cm))
        res.append((gm[g], cm[(g, c)]))
    return tuple(res)


def level(a, b):
    if a == b:
        return 0
    return 1 if a[0] == b[0] else 2


def placements(n):
    """(gpu, cta) per thread, up to relabelling (restricted growth)."""
    def go(i, pl, ng, ncs):
        if i == n:
            yield list(pl)
            return
        for g in range(ng + 1):
            nc = ncs.get(g, 0)
            for c in range(nc + 1):
                ncs2 = dict(ncs)
                ncs2[g] = max(nc, c + 1)
                yield from go(i + 1, pl + [(g, c)], max(ng, g + 1), ncs2)
    yield from go(0, [], 0, {})


def kinds(n, sb_only):
    """(A_i, B_i) kinds per thread; no B_i read followed by an A_(i+1) read."""
    if sb_only:
        yield [("W", "R")] * n
        return
    def go(i, acc):
        if i == n:
            if not (acc[-1][1] == "R" and acc[0][0] == "R"):
                yield list(acc)
            return
        for a in "RW":
            if i > 0 and acc[-1][1] == "R" and a == "R":
                continue
            for b in "RW":
                yield from go(i + 1, acc + [(a, b)])
    yield from go(0, [])


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    sb_only = "--sb-only" in sys.argv
    racy = "--racy" in sys.argv
    min_drops = int(sys.argv[sys.argv.index("--min-drops") + 1]) if "--min-drops" in sys.argv else 1
    os.makedirs(out, exist_ok=True)
    seen, count = set(), 0
    for pl in placements(n):
        for ks in kinds(n, sb_only):
            key = min((canon(pl[k:] + pl[:k]), tuple(ks[k:] + ks[:k])) for k in range(n))
            if key in seen:
                continue
            seen.add(key)
            lv = [level(pl[i], pl[(i + 1) % n]) for i in range(n)]  # cross edge i -> i+1
            if sum(lv[(i + 1) % n] < lv[i] for i in range(n)) < min_drops:
                continue
            write(out, n, pl, ks, [0] * n if racy else lv)
            count += 1
    print(f"{count} tests in {out}")


def write(out, n, pl, ks, lv):
    name = f"R{n}_" + "".join(a + b for a, b in ks) + "_" + "_".join(f"{g}{c}" for g, c in pl)
    cols, cond, init = [], [], []
    for i in range(n):
        g, c = pl[i]
        col = [f"P{i}@cta {c + 10 * g},gpu {g}"]
        for first, k, loc, sco in ((True, ks[i][0], i, LV[lv[(i - 1) % n]]),
                                   (False, ks[i][1], (i + 1) % n, LV[lv[i]])):
            col.append(f"fence.sc.{sco}")
            if k == "W":
                # B_i writes 1, A_(i+1) writes 2 (a write A is co-after a write B)
                col.append(f"st.release.{sco} x{loc}, {2 if first else 1}")
            else:
                reg = f"r{2 * i + (0 if first else 1)}"
                init.append(f"P{i}:{reg}=0;")
                col.append(f"ld.acquire.{sco} {reg}, x{loc}")
                # a read A_i reads B_(i-1)'s write 1; a read B_i reads 0 (rb)
                cond.append(f"P{i}:{reg} == {1 if first else 0}")
        cols.append(col)
    for i in range(n):
        if ks[(i - 1) % n][1] == "W" and ks[i][0] == "W":
            cond.append(f"x{i} == 2")  # mo: B_(i-1) before A_i
    with open(os.path.join(out, name + ".litmus"), "w") as f:
        f.write(f"PTX {name}\n\"scoped ring, leading fence.sc mapping, smallest race-free scopes\"\n{{\n")
        f.write("".join(f"x{i}=0;\n" for i in range(n)) + "".join(s + "\n" for s in init) + "}\n")
        for k in range(5):
            f.write(" " + " | ".join(col[k].ljust(24) for col in cols) + " ;\n")
        f.write("exists\n(" + " /\\ ".join(cond) + ")\n")


if __name__ == "__main__":
    main()
