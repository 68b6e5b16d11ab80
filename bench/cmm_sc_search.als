module bench/cmm_sc_search

-- Bounded searches for counterexamples to seed 002's Theorem 6.1 (the
-- scoped C/C++ -> x86/PTX mapping of Fig. 13, models/compile_src11_cmm.als)
-- beyond the model's own bound 4: 5 C++ events, 10 hardware events, free
-- scope tree. Not run by CI. Run with
--   relprove check bench/cmm_sc_search.als -c NAME --timeout 900
-- Outcomes (2026-12-07, release build, 2-core machine shared with other
-- jobs, load 5-8): free5_sc_gpu finds a counterexample in 45 s (W+RW+WR,
-- pinned in models/litmus/compile_src11_cmm_sc_scoped_cex.als, refuted in
-- Coq by proofs/cmm_sc_refutation.v); free5_coh unknown at 900 s,
-- free5_atom unknown at 600 s.

open models/compile_src11_cmm

pred sc_accesses {
  no CFence
  no crmw
  CEvent.ord = OSC
}

-- any 5 SC accesses on the GPU
run free5_sc_gpu {
  compile_src11_cmm and not rc11_sc and sc_accesses and no X86Thread
} for 10 but 5 CEvent, 10 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- any 5 C++ events, x86 or GPU, breaking Coherence / Atomicity
run free5_coh {
  compile_src11_cmm and not rc11_coherence
} for 10 but 5 CEvent, 10 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

run free5_atom {
  compile_src11_cmm and not rc11_atomicity
} for 10 but 5 CEvent, 10 Event, 3 CAddress, 3 Address, 8 CScope, 8 Scope

-- Narrower searches for Coherence / Atomicity: x86 and
-- GPU threads both present (the compound case), two addresses, five scopes
-- a side. Outcomes (2026-12-07, niced, load 6-8): mixed5_atom no instance
-- (298.8 s wall, 56 s CPU); mixed5_coh unknown at 1200 s (134 s CPU) and
-- again at 1800 s (314 s CPU).
-- Details in docs/theorem3.md.
run mixed5_coh {
  compile_src11_cmm and not rc11_coherence and some OnX86 and some OnGPU
} for 10 but 5 CEvent, 8 Event, 2 CAddress, 2 Address, 5 CScope, 5 Scope

run mixed5_atom {
  compile_src11_cmm and not rc11_atomicity and some OnX86 and some OnGPU
} for 10 but 5 CEvent, 8 Event, 2 CAddress, 2 Address, 5 CScope, 5 Scope
