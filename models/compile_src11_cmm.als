module compile_src11_cmm

-- The scoped C/C++ -> x86/PTX mapping of seed 002 Fig. 13 and its
-- correctness (Theorem 6.1: "The scoped-C/C++ to CMM mapping scheme in
-- Figure 13 is correct"), checked under CMM (models/cmm.als) with the scoped
-- RC11 of models/src11.als.
--
-- Fig. 13 (C11 | x86 | PTX):
--   R^sco_o  (o ∈ NA/WK, RLX, ACQ)     | R_x          | R^sco_o
--   W^sco_o  (o ∈ NA/WK, RLX, REL)     | W_x          | W^sco_o
--   RMW^sco_o (o ∈ RLX, REL, ACQ, ACQ-REL) | RMW      | RMW^sco_o
--   F^sco_o  (o ∈ REL, ACQ, ACQ-REL)   | nop          | F^sco_o
--   F^sco_sc                           | MFENCE       | F^sco_sc
--   R^sco_sc                           | R_x          | R^sco_ACQ, F^sco_sc
--   W^sco_sc                           | W_x; MFENCE  | W^sco_ACQ, F^sco_sc
--   RMW^sco_sc                         | RMW          | RMW^sco_ACQ-REL, F^sco_sc
-- "we adapt the trailing-SC-fence mapping scheme from Lahav et al. [2017]"
-- (§6.3): the PTX fence.sc comes after the access.
--
-- Readings taken:
-- (M1) The PTX row for W^sco_sc prints "W^sco_ACQ, F^sco_sc"; a write cannot
--      be an acquire. We read it as W^sco_REL (st.release, as in seed 000
--      Fig. 11 for the same construct).
-- (M2) On x86 "The x86 model is unscoped, which means all requests are
--      system-scoped" (§5): x86 events get the System scope whatever the
--      C++ scope; PTX events keep the C++ scope.
-- (M3) For RMW^SC the trailing fence.sc follows the whole atom, i.e. the
--      write part. A C++ fence lowered to "nop" maps to no event.
-- (M4) The proof "strengthen[s] the non-release-acquire accesses to be
--      mapped to x86 to release-acquire accesses" (§6.3); that only makes
--      the source program stronger, so we check against the unstrengthened
--      program, which is the weaker (implied) statement.
--
-- Bounds: CI runs the checks at `for 4` (4 C++ events, 4 hardware events);
-- the paper proves the theorem by hand (App. C) and reports no bounded runs.

open util
open cmm
open src11[Event, Address, Scope]

------------------------------------------------------------------------------
-- Well-formed mapping

fun OnX86 : CEvent { cthread.smap.X86Thread }     -- C++ events of x86 threads
fun OnGPU : CEvent { CEvent - OnX86 }

pred map_scopes {
  smap.~smap in iden
  CScope.smap = Scope
  CThread.smap = Thread
  csub = smap.sub.~smap
  amap.~amap in iden
  CAddress.amap = Address
}

pred map_events {
  all h: Event | one map.h
  map.thread in cthread.smap
  (OnGPU <: map).scope = OnGPU <: cscope.smap       -- (M2)
  (CMemEvent <: map).addr = caddr.amap
  no (CFence.map & MemEvent)
  ~map.sb.map in po
  map.po.~map in sb + iden
}

------------------------------------------------------------------------------
-- Fig. 13

pred lone_op[e: CEvent, k: Event] { one e.map and e.map in k }

-- "op; F_sc" (trailing fence) with op of kind k and fence kind f
pred trailing[e: CEvent, k: Event, f: Event] {
  some a: k, g: f | e.map = a + g and a->g in po
}

fun RmwRead : CEvent { crmw.CWrite }
fun RmwWrite : CEvent { CRead.crmw }

pred map_gpu {
  all e: OnGPU & CRead & NA | lone_op[e, Read & Weak]
  all e: OnGPU & CRead & ord.ORLX | lone_op[e, Read - Weak - Acquire]
  all e: OnGPU & CRead & ord.OACQ | lone_op[e, Acquire]
  all e: OnGPU & (CRead - RmwRead) & SCev | trailing[e, Acquire, FenceSC]
  all e: OnGPU & RmwRead & SCev | lone_op[e, Acquire]
  all e: OnGPU & CWrite & NA | lone_op[e, Write & Weak]
  all e: OnGPU & CWrite & ord.ORLX | lone_op[e, Write - Weak - Release]
  all e: OnGPU & CWrite & ord.OREL | lone_op[e, Release]
  all e: OnGPU & CWrite & SCev | trailing[e, Release, FenceSC]   -- (M1), (M3)
  all e: OnGPU & CFence & ord.OACQ | lone_op[e, FenceAcq]
  all e: OnGPU & CFence & ord.OREL | lone_op[e, FenceRel]
  all e: OnGPU & CFence & ord.OACQREL | lone_op[e, FenceAcqRel]
  all e: OnGPU & CFence & SCev | lone_op[e, FenceSC]
}

pred map_x86 {
  all e: OnX86 & CRead | lone_op[e, Read]
  all e: OnX86 & (CWrite - SCev) | lone_op[e, Write]
  all e: OnX86 & (CWrite - RmwWrite) & SCev | trailing[e, Write, MFence]
  all e: OnX86 & RmwWrite & SCev | lone_op[e, Write]
  all e: OnX86 & CFence - SCev | no e.map                       -- nop
  all e: OnX86 & CFence & SCev | lone_op[e, MFence]
}

pred map_instructions {
  map_gpu
  map_x86
  crmw = map.rmw.~map
  -- C++ has no dependencies: the compiled program has none either
  no dep
}

pred reverse_map {
  rf in ~map.crf.map
  (Read - Write.rf) = (CRead - CWrite.crf).map & Read
  co in ~map.cmo.map
  fr in ~map.rb.map
}

pred compile_src11_cmm {
  not racy
  map_scopes
  map_events
  map_instructions
  cmm_consistent
  reverse_map
}

------------------------------------------------------------------------------
-- Theorem 6.1, axiom by axiom and combined: no counterexample at the bound
-- 4. The SC check (and so the conjunction) is false at 5 C++ / 10 hardware
-- events: a race-free W+RW+WR of SC accesses with one cta-scoped read
-- (litmus/compile_src11_cmm_sc_scoped_cex.als; refuted in Coq,
-- proofs/cmm_sc_refutation.v).

assert src11_cmm_coherence { compile_src11_cmm => rc11_coherence }
check src11_cmm_coherence for 4 expect 0

assert src11_cmm_atomicity { compile_src11_cmm => rc11_atomicity }
check src11_cmm_atomicity for 4 expect 0

assert src11_cmm_sc { compile_src11_cmm => rc11_sc }
check src11_cmm_sc for 4 expect 0

assert compile_src11_cmm_legal {
  compile_src11_cmm => rc11_coherence and rc11_atomicity and rc11_sc
}
check compile_src11_cmm_legal for 4 expect 0

------------------------------------------------------------------------------
-- The same with CMM-Coherence as printed (cord instead of wcord, cmm.als
-- (C7)): relprove finds counterexamples at 4 events, e.g. an x86 RMW
-- (RLX, REL) that reads 0, a GPU ld.acquire.sys reading its write, then a
-- GPU st.relaxed with a scope that excludes the x86 thread, coherence-
-- before the RMW's write. The C++ execution is race-free (hb orders every
-- conflicting pair) and violates RC11 Atomicity and Coherence.

pred compile_src11_cmm_printed {
  not racy
  map_scopes
  map_events
  map_instructions
  cmm_consistent_printed
  reverse_map
}

assert src11_cmm_atomicity_printed { compile_src11_cmm_printed => rc11_atomicity }
check src11_cmm_atomicity_printed for 4 expect 1

assert src11_cmm_coherence_printed { compile_src11_cmm_printed => rc11_coherence }
check src11_cmm_coherence_printed for 4 expect 1

------------------------------------------------------------------------------
-- Sanity

run compile_cmm_sanity { compile_src11_cmm and some OnX86 and some OnGPU } for 4 expect 1

-- an x86 producer synchronizing with a GPU consumer
run compile_cmm_mp_sanity {
  compile_src11_cmm
  some (OnX86 <: (incl & csw) :> OnGPU)
} for 4 expect 1

-- an SC write on x86 (W_x; MFENCE) and an SC read on the GPU (R_acq; F_sc)
run compile_cmm_sc_sanity {
  compile_src11_cmm
  some OnX86 & CWrite & SCev
  some OnGPU & CRead & SCev
} for 4 expect 1
