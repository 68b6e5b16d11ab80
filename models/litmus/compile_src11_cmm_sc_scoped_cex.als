module litmus/compile_src11_cmm_sc_scoped_cex

-- A counterexample to the SC part of seed 002's Theorem 6.1 (the scoped
-- C/C++ -> x86/PTX mapping of Fig. 13, trailing fence.sc) with the acyclic
-- SC axiom of models/src11.als: the assertion `src11_cmm_sc` of
-- models/compile_src11_cmm.als (and `compile_src11_cmm_legal`) is false for
-- a race-free program of 5 SC accesses, all on the GPU. Found by a free
-- search (any 5 SC accesses, 10 hardware events, free scope tree, no x86
-- thread; 45 s), pinned here to its shape:
--
-- W+RW+WR, every access SC:
--   P0 (CTA A): (a) W x=1
--   P1 (CTA A): (b) R x=1 from (a)  -- (b) at cta scope ; (c) W y=1
--   P2 (CTA B): (d) W y=2, mo-after (c) ; (e) R x=0
-- All other accesses at system scope. The C++ cycle
--   (e) rb (a) hb|loc (b) sb (c) mo (d) sb (e)
-- is in [incl] ∩ psc: (a) and (b) are scope-inclusive (P0, P1 share the
-- CTA) and (a) sw (b); every other pair on it is at system scope or sb. It
-- is race free: the conflicting pairs (a)-(b) (hb), (a)-(e), (c)-(d) are
-- scope-inclusive. The compiled program (trailing fences)
--   P0: st.release.sys x,1; fence.sc.sys
--   P1: ld.acquire.cta r0,x; fence.sc.cta; st.release.sys y,1; fence.sc.sys
--   P2: st.release.sys y,2; fence.sc.sys; ld.acquire.sys r1,x; fence.sc.sys
-- has the outcome r0=1, r1=0, y=2 in PTX (`relprove litmus` with
-- models/ptx.als and with NVIDIA's ptx.als: Sometimes; Never with (b) and
-- its fence at .sys): the only fence.sc between (b) and (c) is (b)'s cta
-- fence, not morally strong with P2's fences, so nothing orders (b) before
-- (e). It is the mirror of the leading-fence RWC counterexample
-- (compile_src11_ptx_sc_scoped_cex.als): the narrow event's fence is the
-- only one between two accesses of the cycle.

open compile_src11_cmm

pred wrw_wr_cta {
  no CFence
  no crmw
  no X86Thread
  CEvent.ord = OSC
  some disj a, b, c, d, e: CEvent, disj x, y: CAddress,
       disj t0, t1, t2: CThread, disj ctaA, ctaB: CScope | {
    CEvent = a + b + c + d + e
    a + c + d in CWrite and b + e in CRead
    a.caddr = x and b.caddr = x and c.caddr = y and d.caddr = y and e.caddr = x
    a.cthread = t0 and b.cthread = t1 and c.cthread = t1
    d.cthread = t2 and e.cthread = t2
    sb = b -> c + d -> e
    crf = a -> b
    cmo = c -> d
    -- a three-level tree: System > CTAs > threads
    CThread = t0 + t1 + t2
    CScope = CSystem + ctaA + ctaB + CThread
    csub = CSystem -> (ctaA + ctaB) + ctaA -> (t0 + t1) + ctaB -> t2
    b.cscope = ctaA
    (a + c + d + e).cscope = CSystem
  }
}

-- the execution is a counterexample: race free, compiled by Fig. 13, legal
-- CMM (here: PTX), read back, and not SC in scoped RC11 (while coherent and
-- atomic: SC is the only axiom it breaks)
run wrw_wr_cta_breaks_sc {
  wrw_wr_cta
  compile_src11_cmm
  not rc11_sc
  rc11_coherence and rc11_atomicity
} for 10 but 5 CEvent, 10 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address expect 1

-- the same with (b) at system scope: no legal execution (all SC events
-- pairwise scope-inclusive)
run wrw_wr_sys_forbidden {
  wrw_wr_cta_shape_sys
  compile_src11_cmm
} for 10 but 5 CEvent, 10 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address expect 0

pred wrw_wr_cta_shape_sys {
  no CFence
  no crmw
  no X86Thread
  CEvent.ord = OSC
  some disj a, b, c, d, e: CEvent, disj x, y: CAddress,
       disj t0, t1, t2: CThread, disj ctaA, ctaB: CScope | {
    CEvent = a + b + c + d + e
    a + c + d in CWrite and b + e in CRead
    a.caddr = x and b.caddr = x and c.caddr = y and d.caddr = y and e.caddr = x
    a.cthread = t0 and b.cthread = t1 and c.cthread = t1
    d.cthread = t2 and e.cthread = t2
    sb = b -> c + d -> e
    crf = a -> b
    cmo = c -> d
    CThread = t0 + t1 + t2
    CScope = CSystem + ctaA + ctaB + CThread
    csub = CSystem -> (ctaA + ctaB) + ctaA -> (t0 + t1) + ctaB -> t2
    CEvent.cscope = CSystem
  }
}
