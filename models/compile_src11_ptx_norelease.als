module compile_src11_ptx_norelease

-- The broken variant of the Fig. 11 mapping discussed in seed 000 §4.2 and
-- Fig. 12b: RMW^SC compiled to "fence.sc.sco; atom.acquire.sco", i.e.
-- "eliding the .release". Then "there is a gap between the sync_acqrel edge
-- ending at (c1) and the sync_acqrel edge starting at (c0). This breaks the
-- expected cause relationship between (a) and (f)". The paper: "We caught
-- this corner case only with Coq, not with Alloy."
--
-- The Fig. 12 counterexample itself has 7 C++ events and 8 PTX events (see
-- fig12 in src11.als): without (d), (e) would read from the atom itself and
-- (b) would synchronize with (e) through the observation chain
-- obs = (ms ∩ rf); rmw; (ms ∩ rf), closing the gap. With scopes, a smaller
-- counterexample exists (norelease_coherence below).

open util
open ptx
open src11[ptx/Event, ptx/Address, ptx/Scope]
open compile_src11_ptx

-- the broken row: the atom's write part is not a release
pred map_rmw_sc_write_norelease {
  all e: CRead.crmw & SCev | lone_op[e, Write - Weak - Release]
}

pred compile_src11_ptx_norelease {
  compile_common
  map_rmw_sc_write_norelease
}

-- Fig. 12b: the ISA2 variant compiles to a legal PTX execution in which (f)
-- reads the initial x, and read back it violates RC11 Coherence.
run fig12b_counterexample {
  fig12
  compile_src11_ptx_norelease
  not rc11_coherence
} for 8 but 7 CEvent, 4 CScope, 4 Scope, 2 CAddress, 2 Address expect 1

-- The bug found without fixing any shape. relprove finds a counterexample
-- to the Coherence check with 4 C++ and 5 PTX events, smaller than Fig. 12:
--   T0: RMW^SC [x] (fence.sc; atom.acquire.sys), reading T1's store
--   T1: R^ACQ.gpu [x] reading the RMW's write ; W^REL.cta [x]
-- In C++ the RMW's write part (SC, so release) synchronizes with T1's read
-- (scopes inclusive), so the RMW's read is hb-before T1's store, which it
-- reads from: an hb; rf cycle. The C++ execution is race-free (every
-- conflicting pair is hb-ordered). In PTX without the .release, only the
-- fence.sc heads a release pattern, and it is before the atom's read, so
-- nothing orders the read before T1's store (which is .cta, not morally
-- strong with T0). With .release, the atom's write heads the pattern and
-- PTX Causality forbids it (compile_src11_ptx.als has no counterexample at
-- this bound).
assert norelease_coherence { compile_src11_ptx_norelease => rc11_coherence }
check norelease_coherence for 5 but 4 CEvent expect 1

-- ... and none at the bound 4 (4 C++ and 4 PTX events): the counterexample
-- needs the fence, the atom's two parts and two more PTX events.
no_cex_at_4: check norelease_coherence for 4 expect 0
