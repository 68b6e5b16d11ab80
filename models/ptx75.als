module ptx75

-- The PTX 7.5 axiomatic memory model with proxies (generic, surface,
-- texture, constant), virtual aliases and proxy/alias fences.
--
-- Written here from the published definitions:
--   * PTX ISA 7.5, "Memory Consistency Model" (proxies, proxy fences);
--   * NVIDIA's mixed-proxy Alloy formalisation (NVlabs/mixedproxy, ptx.als):
--     the proxy-preserved base causality order, the scope of a proxy fence
--     (same proxy, same CTA), virtual vs physical overlap;
--   * Dat3M's ptx-v7.5.cat, whose reading we follow where the two differ,
--     because relprove's litmus tests are checked against Dat3M's verdicts:
--     Causality is irreflexive((rf + fr); cause) (the mixedproxy model adds
--     co), Coherence also demands that morally strong same-location writes
--     are co-ordered, and there is no SC-per-Location axiom.
-- The structure (sigs, `ptx75_consistent`, the scope tree, weak accesses
-- scoped to their thread) is that of models/ptx.als (the PTX 6.0 model).
--
-- Readings taken:
-- (P1) Every memory access goes through one proxy; `ld`/`st`/`atom`/`red`
--      use the generic proxy, `suld`/`sust` the surface proxy, `tld` the
--      texture proxy, `cold` the constant proxy. fence.sc / fence.acq_rel
--      (and fence.acquire / fence.release) belong to the generic proxy; a
--      proxy fence to its proxy; alias fences and barriers to none.
-- (P2) An access names a virtual address (`vaddr`) that maps to one physical
--      location (`addr`). rf, co and fr relate accesses to the same physical
--      location ("loc"); moral strength and program-order-location patterns
--      need the same virtual address ("vloc").
-- (P3) A proxy fence affects the accesses of its proxy in its CTA
--      (`proxy_fence_ops`); an alias fence orders generic accesses to
--      different virtual addresses of the same physical location.
-- (P4) Barriers: `bsync` (Dat3M's syncbar) is pinned by the litmus
--      lowering; only its same-CTA part synchronises.

open util

------------------------------------------------------------------------------
-- Scope tree (as in models/ptx.als)

sig Scope { sub: set Scope }
sig Thread extends Scope {}

fun System : Scope { Scope - Scope.sub }

fact scope_tree {
  sub.~sub in iden
  acyclic[sub]
  one System
  no Thread.sub
  System not in Thread
}

------------------------------------------------------------------------------
-- Proxies and addresses

abstract sig Proxy {}
one sig GEN, SUR, TEX, CON extends Proxy {}

-- physical locations
sig Address {}
-- virtual (generic) addresses, each mapped to one physical location
sig VAddr { paddr: one Address }

------------------------------------------------------------------------------
-- Events

abstract sig Event {
  thread: one Thread,
  po: set Event,            -- program order (transitive)
  scope: one Scope,
  proxy: lone Proxy         -- (P1)
}

abstract sig MemEvent extends Event {
  addr: one Address,        -- physical location (P2)
  vaddr: one VAddr          -- virtual address (P2)
}

sig Read extends MemEvent {
  rmw: lone Write,
  dep: set Event
}

sig Write extends MemEvent {
  rf: set Read,
  co: set Write
}

sig Weak in MemEvent {}
sig Acquire in Read {}
sig Release in Write {}

abstract sig Fence extends Event {}
sig FenceAcq extends Fence {}
sig FenceRel extends Fence {}
sig FenceAcqRel extends Fence {}
sig FenceSC extends Fence { sc: set FenceSC }

-- fence.proxy.{surface,texture,constant,generic} (P1, P3)
sig ProxyFence extends Event {}
-- fence.proxy.alias (P3)
sig AliasFence extends Event {}

-- bar.sync / bar.arrive (P4)
sig Barrier extends Event { bsync: set Barrier }

------------------------------------------------------------------------------
-- Derived sets and relations

fun Strong : Event { (MemEvent - Weak) + Fence }
fun FRel : Event { FenceRel + FenceAcqRel + FenceSC }
fun FAcq : Event { FenceAcq + FenceAcqRel + FenceSC }
fun GenericOps : Event { proxy.GEN }

fun loc : Event->Event { addr.~addr }
fun vloc : Event->Event { vaddr.~vaddr }
fun same_thread : Event->Event { thread.~thread }
fun same_proxy : Event->Event { proxy.~proxy }
fun po_vloc : Event->Event { po & vloc }

-- both events' threads lie in the same CTA (the parent of a thread)
fun same_cta : Event->Event { thread.~sub.~(thread.~sub) }

fun scope_covers : Event->Event { scope.*sub.~thread }

-- morally strong: related in program order or both strong with each
-- other's thread in scope; same proxy; memory pairs to the same virtual
-- address
fun ms : Event->Event {
  ((same_thread + (Strong <: (scope_covers & ~scope_covers) :> Strong))
    & same_proxy)
    - ((MemEvent -> MemEvent) - vloc) - iden
}

fun fr : Read->Write {
  ~rf.co + ((Read - Write.rf) <: loc :> Write)
}

------------------------------------------------------------------------------
-- Well-formed candidate executions

fact program_order {
  po in same_thread
  strict_partial_order[po]
  all disj a, b: Event | a.thread = b.thread => (a->b in po or b->a in po)
}

fact scopes {
  all e: Event | e.thread in e.scope.*sub
  all e: Weak | e.scope = e.thread
  all e: MemEvent - Weak | e.scope not in Thread
  all e: Fence | e.scope not in Thread
}

fact proxies {
  MemEvent + Fence + ProxyFence in proxy.Proxy
  no (AliasFence + Barrier).proxy
  Fence in GenericOps
  all e: MemEvent | e.addr = e.vaddr.paddr
}

fact reads_from {
  rf in loc
  rf.~rf in iden
}

fact coherence_order {
  co in loc
  strict_partial_order[co]
}

fact dependencies { dep in po }

fact atomics {
  rmw in imm[po] & vloc
  all r: rmw.Write | r.scope = r.rmw.scope
  no (Read.rmw + rmw.Write) & Weak
}

fact fence_sc_order {
  strict_partial_order[sc]
  all disj f1, f2: FenceSC | f1->f2 in ms => (f1->f2 in sc or f2->f1 in sc)
}

fact barriers {
  bsync in same_cta
}

------------------------------------------------------------------------------
-- Causality

fun strong_write : Event { Write - Weak }
fun strong_read : Event { Read - Weak }

-- observation := (ms & rf) | rmw
fun observation : Event->Event { (ms & rf) + rmw }

-- release pattern: a release write, or a release fence, then a strong write
fun release_pattern : Event->Event {
  (Release <: optional[po_vloc] :> strong_write) + (FRel <: po :> strong_write)
}

fun acquire_pattern : Event->Event {
  (strong_read <: optional[po_vloc] :> Acquire) + (strong_read <: po :> FAcq)
}

fun sync : Event->Event {
  ms & (release_pattern . ^observation . acquire_pattern)
}

fun sync_barrier : Event->Event { bsync & same_cta }

-- cause_base := (po?; ((sync | sc | sync_barrier); po?)+) | po
fun cause_base : Event->Event {
  optional[po] . ^((sync + sc + sync_barrier) . optional[po]) + po
}

-- the accesses a proxy fence (or a generic fence) acts on (P3)
fun proxy_fence_ops : Event->MemEvent {
  (Fence + ProxyFence) <: (same_proxy & same_cta) :> MemEvent
}

-- cause_base ending in an access a proxy fence acts on, and starting at
-- an access before a proxy fence that acts on it
fun cb_pf : Event->Event { cause_base & proxy_fence_ops }
fun cb_fp : Event->Event { cause_base & ~proxy_fence_ops }
-- cause_base through an alias fence
fun cb_al : Event->Event { (cause_base :> AliasFence) . cause_base }

-- base causality that survives the proxies (P3)
fun proxy_preserved_cause_base : Event->Event {
  (GenericOps <: (vloc & cause_base) :> GenericOps)
  + (MemEvent <: (same_proxy & same_cta & vloc & cause_base) :> MemEvent)
  + (vloc & (cb_fp . cause_base :> GenericOps))
  + (vloc & ((GenericOps <: cause_base) . cb_pf))
  + (vloc & (cb_fp . cause_base . cb_pf))
  + (loc & ((GenericOps <: cb_al) :> GenericOps))
  + (loc & (cb_fp . cb_al :> GenericOps))
  + (loc & ((GenericOps <: cb_al) . cb_pf))
  + (loc & (cb_fp . cb_al . cb_pf))
}

fun cause : Event->Event { optional[observation] . proxy_preserved_cause_base }

------------------------------------------------------------------------------
-- Axioms

pred ptx75_coherence {
  (Write <: cause :> Write) & loc in co
  all disj w1, w2: Write | w1->w2 in ms & loc => (w1->w2 in co or w2->w1 in co)
}

pred ptx75_fence_sc { irreflexive[sc . cause] }

pred ptx75_atomicity { no ((ms & fr) . (ms & co)) & rmw }

pred ptx75_no_thin_air { acyclic[rf + dep] }

pred ptx75_causality { irreflexive[(rf + fr) . cause] }

pred ptx75_consistent {
  ptx75_coherence
  ptx75_fence_sc
  ptx75_atomicity
  ptx75_no_thin_air
  ptx75_causality
}

run ptx75_sanity { ptx75_consistent and some sync and some sc } for 5 expect 1
