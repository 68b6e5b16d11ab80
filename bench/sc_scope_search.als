module bench/sc_scope_search

-- A bounded search for a counterexample to Theorem 3 of seed 000 (§6.2) in
-- its scoped form: a race-free scoped C++ execution, compiled by Fig. 11
-- (leading fence.sc), legal in PTX and read back, that violates
-- acyclic([incl] ∩ psc). proofs/README.md: proved in Coq when every E-run
-- start is scope-inclusive with the target of the edge ending the run
-- (`runs_incl`); open otherwise, because incl is not transitive.
--
-- Not run by CI (tests/engine/models.rs covers models/ only). Run with
--   relprove check bench/sc_scope_search.als -c NAME --timeout 1200
-- Outcomes and times: bench/RESULTS.md ("Theorem 3 with scopes"). `free5_sc`
-- finds a counterexample in 31.6 s (models/litmus/compile_src11_ptx_sc_scoped_cex.als). The
-- ring family with 3-5 (SB: 6) threads is searched faster as litmus tests:
-- bench/sc_rings.py.

open models/compile_src11_ptx

-- every C++ event an SC access: no RMW, no fence
pred sc_accesses {
  no CFence
  no crmw
  CEvent.ord = OSC
}

-- a counterexample to Theorem 3: compile_src11_ptx includes `not racy`
pred cex { compile_src11_ptx and not rc11_sc }

-- SB ring of 3 threads (Ti writes xi, then reads x(i+1) = 0), scopes and
-- scope tree free (up to 8 scopes with the 3 threads)
run sb3 {
  cex and sc_accesses and no crf
  some disj w0, r0, w1, r1, w2, r2: CEvent, disj x0, x1, x2: CAddress | {
    w0 + w1 + w2 in CWrite and r0 + r1 + r2 in CRead
    w0.caddr = x0 and r2.caddr = x0
    w1.caddr = x1 and r0.caddr = x1
    w2.caddr = x2 and r1.caddr = x2
    sb = w0 -> r0 + w1 -> r1 + w2 -> r2
  }
} for 12 but 6 CEvent, 12 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- any shape of 5 SC accesses (10 PTX events), scopes and tree free
run free5_sc {
  cex and sc_accesses
} for 10 but 5 CEvent, 10 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope expect 1

-- any 5 C++ events of any kind except RMWs (release/acquire chains can
-- give hb paths), at most 10 PTX events
run free5_normw {
  cex and no crmw
} for 10 but 5 CEvent, 10 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- any shape of 6 SC accesses (12 PTX events) on at least 3 threads
run free6_sc {
  cex and sc_accesses and #CThread >= 3
} for 12 but 6 CEvent, 12 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- minimality of free5_sc's counterexample: any 4 SC accesses (8 PTX events)
run free4_sc {
  cex and sc_accesses
} for 8 but 4 CEvent, 8 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope
