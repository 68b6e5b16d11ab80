module bench/sc_fix/irreflexive

-- Seed 002 (Appendix B.3) states scoped RC11's SC axiom as "(psc ∩ ms) is
-- irreflexive"; seed 000 has acyclic([incl] ∩ psc). The bounded side of
-- proofs/sc_irreflexive.v: the irreflexive form follows from Coherence, so
-- Fig. 11 preserves it, and the RWC counterexample to the acyclic form
-- satisfies it. Run: relprove check bench/sc_fix/irreflexive.als

open models/compile_src11_ptx

-- the RWC shape of models/litmus/compile_src11_ptx_sc_scoped_cex.als (copied:
-- that file opens `compile_src11_ptx` relative to models/)
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

-- Coherence alone implies the irreflexive form (no mapping involved)
assert coherence_implies_irreflexive_psc { rc11_coherence => irreflexive[psc] }
check coherence_implies_irreflexive_psc for 5 expect 0

-- Fig. 11 preserves the irreflexive form
assert fig11_sc_irreflexive { compile_src11_ptx => irreflexive[incl & psc] }
check fig11_sc_irreflexive for 4 expect 0

-- the RWC counterexample breaks the acyclic form only
run rwc_cta_irreflexive_holds {
  rwc_cta and compile_src11_ptx and not rc11_sc and irreflexive[incl & psc]
} for 10 but 5 CEvent, 6 CScope, 6 Scope, 2 CAddress, 2 Address expect 1

-- with the irreflexive form, SB with every access SC at system scope and
-- both reads of the initial value would be allowed (it is forbidden by the
-- acyclic form)
run sb_sc_allowed_by_irreflexive_form {
  some disj wx, ry, wy, rx: CEvent, disj x, y: CAddress | {
    CEvent = wx + ry + wy + rx
    wx + wy in CWrite and rx + ry in CRead
    wx.caddr = x and rx.caddr = x and wy.caddr = y and ry.caddr = y
    wx->ry + wy->rx in sb
    no crf
    CEvent.ord = OSC and CEvent.cscope = CSystem
  }
  rc11_coherence and rc11_atomicity and irreflexive[incl & psc] and not rc11_sc
} for 4 expect 1
