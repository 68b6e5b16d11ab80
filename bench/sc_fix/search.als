
------------------------------------------------------------------------------
-- Searches for a counterexample to Theorem 3 under this candidate
-- (bench/sc_fix/search.als, appended by gen.py). An instance of any `cex_*`
-- run refutes the candidate; none means it survives at that bound.

pred sc_accesses {
  no CFence
  no crmw
  CEvent.ord = OSC
}

-- a counterexample: compile_src11_ptx includes `not racy`
pred cex { compile_src11_ptx and not rc11_sc }

-- the RWC counterexample to Fig. 11 (models/litmus/compile_src11_ptx_sc_scoped_cex.als)
run cex_rwc {
  cex and sc_accesses
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
    b.cscope = ctaA
    (a + c + d + e).cscope = CSystem
  }
} for 15 but 5 CEvent, 15 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address

-- RWC with (b) split into a cta-scoped SC fence and a relaxed read: a
-- counterexample that needs a C++ SC fence (6 C++ events, 10 PTX events
-- under Fig. 11); it refutes every candidate that keeps the scope of SC fences
run cex_rwc_fence {
  cex and no crmw
  some disj a, f, b, c, d, e: CEvent, disj x, y: CAddress,
       disj t0, t1, t2: CThread, disj ctaA, ctaB: CScope | {
    CEvent = a + f + b + c + d + e
    a + c in CWrite and b + d + e in CRead and f in CFence
    a.caddr = y and b.caddr = x and c.caddr = x and d.caddr = x and e.caddr = y
    a.cthread = t0 and f.cthread = t0 and b.cthread = t0 and c.cthread = t1
    d.cthread = t2 and e.cthread = t2
    sb = a -> f + a -> b + f -> b + d -> e
    crf = c -> d
    no cmo
    CThread = t0 + t1 + t2
    CScope = CSystem + ctaA + ctaB + CThread
    csub = CSystem -> (ctaA + ctaB) + ctaA -> (t0 + t1) + ctaB -> t2
    (f + b).cscope = ctaA
    (a + c + d + e).cscope = CSystem
    (a + f + c + d + e).ord = OSC
    b.ord = ORLX
  }
} for 15 but 6 CEvent, 15 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address

-- any 4 / 5 SC accesses, scopes and tree free
run cex_free4_sc { cex and sc_accesses }
  for 12 but 4 CEvent, 12 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope
run cex_free5_sc { cex and sc_accesses }
  for 15 but 5 CEvent, 15 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- any 4 / 5 C++ events (fences, RMWs, any order), scopes and tree free
run cex_free4 { cex }
  for 12 but 4 CEvent, 12 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope
run cex_free5 { cex }
  for 15 but 5 CEvent, 15 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- the candidate is not vacuous: SC accesses below system scope, with a
-- cross-thread read, compile to legal PTX
run sanity_sc_scoped {
  compile_src11_ptx and sc_accesses and some crf
  some (CMemEvent & cscope.(CScope - CSystem))
} for 12 but 4 CEvent, 12 Event, 6 CScope, 6 Scope, 2 CAddress, 2 Address
