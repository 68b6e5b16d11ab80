module litmus/compile_src11_ptx_sc_scoped_cex

-- A counterexample to Theorem 3 of seed 000 (§6.2) with scopes: the C++ ->
-- PTX mapping of Fig. 11 (leading fence.sc) does not preserve the scoped
-- SC axiom acyclic([incl] ∩ psc) for race-free programs. Found by the
-- bounded search bench/sc_scope_search.als (`free5_sc`: any 5 SC accesses,
-- free scope tree); see proofs/README.md and bench/RESULTS.md.
--
-- RWC (read-to-write causality), every access SC:
--   T0 (CTA A): (a) W y=1        ; (b) R x=0   -- (b) at cta scope
--   T1 (CTA A): (c) W x=1
--   T2 (CTA B): (d) R x=1 from (c); (e) R y=0
-- All other accesses at system scope. The C++ cycle
--   (b) rb (c) hb|loc (d) sb (e) rb (a) sb (b)
-- is in [incl] ∩ psc: (b) and (c) are scope-inclusive (T0, T1 share the
-- CTA), (c) sw (d) at system scope, the rest is sb or system scope. It is
-- race free: the conflicting pairs are (b)-(c) (inclusive), (c)-(d) (hb) and
-- (e)-(a) (inclusive); (b) and (d) are both reads. The compiled program
--   T0: fence.sc.sys; st.release.sys y,1; fence.sc.cta; ld.acquire.cta r0,x
--   T1: fence.sc.sys; st.release.sys x,1
--   T2: fence.sc.sys; ld.acquire.sys r1,x; fence.sc.sys; ld.acquire.sys r2,y
-- has the outcome r0=0, r1=1, r2=0 in PTX: the only fence.sc after (a) is
-- the cta fence of (b), which is not morally strong with T2's fences, so
-- nothing orders (a) before (e); and T0's system fence (before (a)) may be
-- sc-before T2's second fence. `relprove litmus --model models/ptx.als` on
-- that program says Sometimes (Never when (b) and its fence are at .sys),
-- with NVIDIA's Alloy model of the PTX axioms too.
-- Both E-runs of the cycle, (b) rb (c) hb|loc (d) then sb (e), and (e) rb
-- (a) then sb (b), violate `runs_incl`: (b) and (e), (e) and (b) are not
-- scope-inclusive ((b)'s cta scope does not cover T2).

open compile_src11_ptx

pred rwc_cta {
  no CFence
  no crmw
  CEvent.ord = OSC
  some disj a, b, c, d, e: CEvent, disj x, y: CAddress,
       disj t0, t1, t2: CThread, disj ctaA, ctaB: CScope | {
    CEvent = a + b + c + d + e
    a + c in CWrite and b + d + e in CRead
    a.caddr = y and b.caddr = x and c.caddr = x and d.caddr = x and e.caddr = y
    a.cthread = t0 and b.cthread = t0 and c.cthread = t1
    d.cthread = t2 and e.cthread = t2
    sb = a -> b + d -> e
    crf = c -> d
    no cmo
    -- a three-level tree: System > CTAs > threads
    CThread = t0 + t1 + t2
    CScope = CSystem + ctaA + ctaB + CThread
    csub = CSystem -> (ctaA + ctaB) + ctaA -> (t0 + t1) + ctaB -> t2
    b.cscope = ctaA
    (a + c + d + e).cscope = CSystem
  }
}

-- the execution is a counterexample: race free, compiled by Fig. 11, legal
-- PTX, read back, and not SC in scoped RC11 (while coherent and atomic:
-- SC is the only axiom it breaks)
run rwc_cta_breaks_sc {
  rwc_cta
  compile_src11_ptx
  not rc11_sc
  rc11_coherence and rc11_atomicity
} for 10 but 5 CEvent, 10 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address expect 1

-- the same with (b) at system scope: no legal PTX execution (Theorem 3
-- holds there: all SC events are pairwise scope-inclusive)
run rwc_sys_forbidden {
  rwc_cta_shape_sys
  compile_src11_ptx
} for 10 but 5 CEvent, 10 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address expect 0

pred rwc_cta_shape_sys {
  no CFence
  no crmw
  CEvent.ord = OSC
  some disj a, b, c, d, e: CEvent, disj x, y: CAddress,
       disj t0, t1, t2: CThread, disj ctaA, ctaB: CScope | {
    CEvent = a + b + c + d + e
    a + c in CWrite and b + d + e in CRead
    a.caddr = y and b.caddr = x and c.caddr = x and d.caddr = x and e.caddr = y
    a.cthread = t0 and b.cthread = t0 and c.cthread = t1
    d.cthread = t2 and e.cthread = t2
    sb = a -> b + d -> e
    crf = c -> d
    no cmo
    CThread = t0 + t1 + t2
    CScope = CSystem + ctaA + ctaB + CThread
    csub = CSystem -> (ctaA + ctaB) + ctaA -> (t0 + t1) + ctaB -> t2
    CEvent.cscope = CSystem
  }
}
