module compile_src11_ptx_sc_cover

-- A cheaper corrected scoped C++ -> PTX mapping (issue 38 item 3): Fig. 11
-- of seed 000 with one change, the scope of SC events (docs/theorem3.md,
-- "The cheapest correct mapping"):
--   * when every SC event of the program is a fence, nothing changes
--     (Fig. 11 is correct for such programs, proofs/mapping_sc_order.v,
--     `sc_holds_without_sc_accesses`);
--   * otherwise let s0 be a scope that contains every thread executing an
--     SC event; each SC event (fence, access, both parts of an RMW; its
--     fence.sc and its access alike) is lowered at a scope w containing
--     both its own C++ scope and s0. The cheapest choice is s0 = the
--     smallest scope containing the SC threads and w = the wider of s0 and
--     the event's own scope (in a tree both contain the event's thread, so
--     one contains the other).
-- compile_src11_ptx_fixed.als is the special case where s0 contains every
-- thread of the program. Theorems 1-3 hold for every size
-- (proofs/mapping_sc_cover.v), by the widening argument of
-- proofs/mapping_fixed.v with a scope per event.
--
-- Fig. 11 and its checks (§5.2, §6.1, Fig. 17), as in compile_src11_ptx.als:
--
-- "For convenience, we say that a scoped C++ relation r lowers to a PTX
-- relation r' if r ∈ map; r'; map^-1" (§5.2, Fig. 15). The statement checked:
-- a race-free scoped C++ program, compiled by Fig. 11, whose PTX execution is
-- legal, read back as a C++ execution through map, is legal in scoped RC11
-- (without No-Thin-Air, §4.1).
--
-- Reading back (§5.2): "we lift the return values of PTX loads [...] up to
-- their scoped C++ equivalents": rf_PTX ⊆ map^-1; rf_RC11; map, and reads of
-- the initial value stay reads of the initial value. "We also assume that
-- co ⊆ map^-1; mo; map and fr ⊆ map^-1; rb; map".
--
-- Bounds. The paper (Fig. 17a) checked each axiom at 4 and 5 events (5
-- events: coherence 6.4 h, SC 15 min in Alloy 4.2). CI runs them at `for 4`
-- (4 C++ events, 4 PTX events, 4 scopes and addresses on each side);
-- bench/ runs them at 5 with `--scope 5`.
--
-- The RMW^SC row without .release (Fig. 12b) is in
-- compile_src11_ptx_norelease.als.

open util
open ptx
open src11[Event, Address, Scope]

------------------------------------------------------------------------------
-- Well-formed mapping

pred map_scopes {
  -- scopes, threads and addresses map one-to-one ("straightforward mappings
  -- of sb, memory locations, and scopes", §4.2)
  smap.~smap in iden
  CScope.smap = Scope
  CThread.smap = Thread
  csub = smap.sub.~smap
  amap.~amap in iden
  CAddress.amap = Address
}

pred map_events {
  -- every PTX event comes from exactly one C++ event
  all h: Event | one map.h
  -- each C++ event lowers into its own thread; a non-SC event with its
  -- scope, ...
  map.thread = cthread.smap
  ((CEvent - SCev) <: map).scope = ((CEvent - SCev) <: cscope).smap
  -- ... an SC event with its scope too when every SC event is a fence, and
  -- otherwise at a scope w containing its own scope and a scope s0 that
  -- contains every thread executing an SC event (the change)
  (SCev in CFence and (SCev <: map).scope = (SCev <: cscope).smap)
    or (some s0: CScope | SCev.cthread in s0.*csub and
          all e: SCev | some w: CScope - CThread |
            e.map.scope in w.smap and e.cscope + s0 in w.*csub)
  -- ... and its memory events keep their address; fences have none
  (CMemEvent <: map).addr = caddr.amap
  no (CFence.map & MemEvent)
  -- sb lowers to po; the events of one C++ event are adjacent in po
  ~map.sb.map in po
  map.po.~map in sb + iden
}

pred wf_map {
  map_scopes
  map_events
}

------------------------------------------------------------------------------
-- Fig. 11: instruction mapping

-- e lowers to a single PTX event of kind k
pred lone_op[e: CEvent, k: Event] { one e.map and e.map in k }

-- e lowers to "fence.sc.<sco>; op" with op of kind k
pred fenced_op[e: CEvent, k: Event] {
  some f: FenceSC, a: k | e.map = f + a and f->a in po
}

pred map_reads {
  all e: CRead & NA | lone_op[e, Read & Weak]                   -- ld.weak
  all e: CRead & ord.ORLX | lone_op[e, Read - Weak - Acquire]   -- ld.relaxed / atom
  all e: CRead & ord.OACQ | lone_op[e, Acquire]                 -- ld.acquire / atom.acquire
  all e: CRead & SCev | fenced_op[e, Acquire]                   -- fence.sc; ld.acquire / atom.acq_rel
}

pred map_writes {
  all e: CWrite & NA | lone_op[e, Write & Weak]                 -- st.weak
  all e: CWrite & ord.ORLX | lone_op[e, Write - Weak - Release]  -- st.relaxed / atom
  all e: CWrite & ord.OREL | lone_op[e, Release]                -- st.release / atom.release
  -- W^SC: fence.sc; st.release
  all e: (CWrite - CRead.crmw) & SCev | fenced_op[e, Release]
}

-- The write part of RMW^SC: "fence.sc.<sco>; atom.acq_rel.<sco>" puts the
-- fence before the read part; the write part is the .release half of the atom.
pred map_rmw_sc_write {
  all e: CRead.crmw & SCev | lone_op[e, Release]
}

pred map_fences {
  all e: CFence & ord.OACQ | lone_op[e, FenceAcq]
  all e: CFence & ord.OREL | lone_op[e, FenceRel]
  all e: CFence & ord.OACQREL | lone_op[e, FenceAcqRel]
  all e: CFence & SCev | lone_op[e, FenceSC]
}

pred map_rmw {
  -- an RMW lowers to one atom: its two parts are the atom's two parts
  crmw = map.rmw.~map
}

-- every row of Fig. 11 except the write part of RMW^SC
pred map_instructions_but_rmw_sc {
  map_reads
  map_writes
  map_fences
  map_rmw
}

------------------------------------------------------------------------------
-- §5.2: reading the PTX execution back as a C++ execution

pred reverse_map {
  rf in ~map.crf.map
  (Read - Write.rf) = (CRead - CWrite.crf).map & Read
  co in ~map.cmo.map
  fr in ~map.rb.map
}

-- everything but the RMW^SC row's write part, shared with the broken
-- variant of compile_src11_ptx_norelease.als
pred compile_common {
  not racy                          -- a race-free scoped C++ execution ...
  wf_map
  map_instructions_but_rmw_sc       -- ... compiled by Fig. 11 ...
  ptx_consistent                    -- ... whose PTX execution is legal ...
  reverse_map                       -- ... read back as a C++ execution
}

pred compile_src11_ptx {
  compile_common
  map_rmw_sc_write
}

------------------------------------------------------------------------------
-- Correctness: one check per RC11 axiom (Theorems 1-3 of §6.2), then all
-- three together. None has a counterexample at bound 4, and all four hold
-- for every size (proofs/mapping_sc_cover.v).

assert src11_ptx_coherence { compile_src11_ptx => rc11_coherence }
check src11_ptx_coherence for 4 expect 0

assert src11_ptx_atomicity { compile_src11_ptx => rc11_atomicity }
check src11_ptx_atomicity for 4 expect 0

assert src11_ptx_sc { compile_src11_ptx => rc11_sc }
check src11_ptx_sc for 4 expect 0

assert compile_src11_ptx_nonta_legal {
  compile_src11_ptx => rc11_coherence and rc11_atomicity and rc11_sc
}
check compile_src11_ptx_nonta_legal for 4 expect 0

-- No-Thin-Air is not preserved, and §4.1 says why it is excluded: its
-- proposal "contradicts current GPU behavior". The LB shape (two threads,
-- each reading then writing, reading each other's write) is legal PTX, and
-- read back it has an sb ∪ rf cycle.
assert src11_ptx_no_thin_air { compile_src11_ptx => rc11_no_thin_air }
check src11_ptx_no_thin_air for 4 expect 1

------------------------------------------------------------------------------
-- Sanity: the assumptions are satisfiable, including with synchronization.

run compile_sanity { compile_src11_ptx and some CRead } for 4 expect 1

-- a message-passing execution: NA write, sw edge, NA read that sees it
run compile_mp_sanity {
  compile_src11_ptx
  some (NA <: (sb . (incl & csw) . sb) :> NA) & crf
} for 4 expect 1

-- SC accesses lower to fenced pairs: 2 SC reads make 4 PTX events
run compile_sc_sanity {
  compile_src11_ptx
  #(CRead & SCev) = 2
} for 4 expect 1

-- scopes matter: a C++ execution with a non-system scope
run compile_scoped_sanity {
  compile_src11_ptx
  some (Atomic & cscope.(CScope - CSystem))
} for 4 expect 1

-- the change is not vacuous: an SC access at a non-system C++ scope, read
-- by another thread, compiles
run compile_sc_scoped_sanity {
  compile_src11_ptx
  some (SCev & CMemEvent & cscope.(CScope - CSystem))
  some crf
} for 4 expect 1

-- cheaper than compile_src11_ptx_fixed.als: SC accesses lowered at a scope
-- that does not contain every thread (all SC events in one CTA)
run compile_sc_below_system {
  compile_src11_ptx
  some (SCev & CMemEvent)
  some (SCev & CMemEvent).map.scope - CSystem.smap
} for 4 expect 1

-- ... and SC fences keep their scope when there is no SC access
run compile_sc_fence_kept {
  compile_src11_ptx
  some (SCev & CFence & cscope.(CScope - CSystem))
  some (SCev & CFence).map.scope - CSystem.smap
  some CThread - (SCev & CFence).cscope.*csub
} for 4 expect 1

------------------------------------------------------------------------------
-- Fig. 12a (the pred fig12 is in src11.als, where it is also checked to be
-- forbidden by scoped RC11 itself).

-- With the correct mapping the outcome (f) reads 0 has no legal PTX
-- execution. 7 C++ events lower to 8 PTX events (the fence.sc of (c)).
run fig12_outcome_correct_mapping { fig12 and compile_src11_ptx }
  for 8 but 7 CEvent, 4 CScope, 4 Scope, 2 CAddress, 2 Address expect 0
