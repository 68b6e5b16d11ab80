module compile_src11_ptx_norelease

-- The broken variant of the Fig. 11 mapping discussed in seed 000 §4.2 and
-- Fig. 12b: RMW^SC compiled to "fence.sc.sco; atom.acquire.sco", i.e.
-- "eliding the .release". Then "there is a gap between the sync_acqrel edge
-- ending at (c1) and the sync_acqrel edge starting at (c0). This breaks the
-- expected cause relationship between (a) and (f)". The paper: "We caught
-- this corner case only with Coq, not with Alloy."
--
-- The counterexample needs 7 C++ events and 8 PTX events (see fig12 in
-- compile_src11_ptx.als): without (d), (e) would read from the atom itself
-- and (b) would synchronize with (e) through the observation chain
-- obs = (ms ∩ rf); rmw; (ms ∩ rf), closing the gap.

open util
open ptx
open src11[Event, Address, Scope]
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

-- The same bug found without fixing the shape: the Coherence check of the
-- broken mapping has a counterexample at 7 C++ / 8 PTX events ...
assert norelease_coherence { compile_src11_ptx_norelease => rc11_coherence }
check norelease_coherence
  for 8 but 7 CEvent, 4 CScope, 4 Scope, 2 CAddress, 2 Address expect 1

-- ... and none at the bound the paper's Alloy runs used (4 events), which
-- is why Alloy did not catch it.
check norelease_coherence for 4 expect 0
