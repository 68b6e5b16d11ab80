module ptx

-- The PTX 6.0 axiomatic memory model, written from
--   Lustig, Sahasrabuddhe, Giroux. "A Formal Analysis of the NVIDIA PTX
--   Memory Consistency Model", ASPLOS 2019 (seed 000):
--   §3.3 (strength, scope, moral strength), §3.4 and Fig. 4 (relations),
--   §3.5 and Fig. 7 (the six axioms), §5.2 and Fig. 14 (the scope tree).
--
-- A candidate execution is an instance of the sigs and fields below; the
-- facts only make it well formed. Whether it is *legal* is the predicate
-- `ptx_consistent`, so that litmus tests can ask for it and mapping checks
-- can assume it.
--
-- Ambiguities and the reading taken (each is repeated in models/README.md):
--
-- (A1) "All but .weak also have a .scope qualifier" (§3.1). A .weak access
--      has no scope; we give it its own thread as scope. By §8.6 as quoted in
--      §3.3 it is then morally strong only with operations of its own thread,
--      which is what the definition says for a non-strong operation.
-- (A2) "[t]wo overlapping write operations are related in coherence order if
--      they are morally strong or if they are related in causality order"
--      (§3.5.1). We read "if" as a lower bound: co must relate those pairs
--      and may relate others. Extra co edges only add constraints, so the set
--      of allowed outcomes is the same as under the "iff" reading.
-- (A3) Fig. 7 writes Coherence as "[W]; cause; [W] ⊆ co" while co only relates
--      overlapping writes; the English text says "if a write W precedes an
--      overlapping write W' in causality order". We restrict to same-address
--      pairs, as seed 002 App. B.1 does ("cause_=loc").
-- (A4) "a bar.sync or bar.red or bar.arrive operation synchronizes with a
--      bar.sync or bar.red operation executed on the same barrier" (§3.4.2).
--      We model only bar.sync: a Barrier event, with `bsync` relating the
--      bar.sync executions of other threads on the same barrier. "Barrier
--      synchronization has the same effect as release-acquire synchronization
--      performed at .cta scope": a barrier's scope is its thread's parent
--      scope (its CTA), and bsync must be morally strong.
-- (A5) fence.acquire / fence.release are not PTX 6.0 instructions (Fig. 3c)
--      but Fig. 11 maps F^ACQ and F^REL onto them, and Fig. 4 uses F^ACQ and
--      F^REL as "fences at least as strong as". We have four fence kinds and
--      read F^REL as {release, acq_rel, sc} and F^ACQ as {acquire, acq_rel, sc}.
-- (A6) An atom is split into a read and a write part related by rmw (§3.5.3:
--      "our model (which for modeling purposes splits atom into separate read
--      and write components)"); both parts carry the atom's scope.

open util

------------------------------------------------------------------------------
-- The scope tree (Fig. 14): a tree whose root is the System scope and whose
-- leaves are the threads. `sub` points from a scope to its children.

sig Scope { sub: set Scope }
sig Thread extends Scope {}

fun System : Scope { Scope - Scope.sub }

fact scope_tree {
  sub.~sub in iden          -- every scope has at most one parent
  acyclic[sub]
  one System
  no Thread.sub             -- threads are leaves
  System not in Thread      -- strong operations need a scope above threads
}

------------------------------------------------------------------------------
-- Events

abstract sig Event {
  thread: one Thread,
  po: set Event,            -- program order (transitive: po, not imm[po])
  scope: one Scope          -- the .cta/.gpu/.sys qualifier, see (A1)
}

sig Address {}

abstract sig MemEvent extends Event { addr: one Address }

sig Read extends MemEvent {
  rmw: lone Write,          -- the write part of the same atom, see (A6)
  dep: set Event            -- address/data/control dependencies out of a read
}

sig Write extends MemEvent {
  rf: set Read,
  co: set Write
}

-- .weak accesses (ld.weak, st.weak); every other operation is strong.
sig Weak in MemEvent {}
-- ld.acquire, and the read part of atom.acquire / atom.acq_rel.
sig Acquire in Read {}
-- st.release, and the write part of atom.release / atom.acq_rel.
sig Release in Write {}

abstract sig Fence extends Event {}
sig FenceAcq extends Fence {}       -- fence.acquire (A5)
sig FenceRel extends Fence {}       -- fence.release (A5)
sig FenceAcqRel extends Fence {}    -- fence.acq_rel
sig FenceSC extends Fence {         -- fence.sc (membar is a synonym)
  sc: set FenceSC                   -- Fence-SC order (§3.4.3)
}

-- bar.sync, see (A4)
sig Barrier extends Event { bsync: set Barrier }

------------------------------------------------------------------------------
-- Basic derived sets and relations

fun Strong : Event { Event - Weak }
fun FRel : Event { FenceRel + FenceAcqRel + FenceSC }    -- F^REL
fun FAcq : Event { FenceAcq + FenceAcqRel + FenceSC }    -- F^ACQ

-- same address ("overlap", §3.2)
fun loc : Event->Event { addr.~addr }
fun same_thread : Event->Event { thread.~thread }
fun po_loc : Event->Event { po & loc }

-- a -> b when b's thread lies inside a's scope
fun scope_covers : Event->Event { scope.*sub.~thread }

-- Morally strong (§3.3, quoting PTX §8.6): "related in program order [...]
-- or each operation is strong and specifies a scope that includes the
-- thread executing the other operation, and if both are memory operations
-- then they overlap".
fun ms : Event->Event {
  (same_thread + (Strong <: (scope_covers & ~scope_covers) :> Strong))
    - ((MemEvent -> MemEvent) - loc)
}

-- from-reads; a read with no rf source reads the initial value, which is
-- coherence-before every write to its address
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
  -- "every Event must be contained within its own scope" (Fig. 14)
  all e: Event | e.thread in e.scope.*sub
  -- (A1): weak accesses are scoped to their thread; strong ones are not
  all e: Weak | e.scope = e.thread
  all e: Strong | e.scope not in Thread
}

fact reads_from {
  rf in loc
  rf.~rf in iden            -- a read has at most one source write
}

fact coherence_order {
  co in loc
  strict_partial_order[co]
  -- (A2): morally strong overlapping writes are ordered
  all disj w1, w2: Write | w1->w2 in ms => (w1->w2 in co or w2->w1 in co)
}

fact dependencies { dep in po }

fact atomics {
  rmw in imm[po] & loc
  all r: rmw.Write | r.scope = r.rmw.scope
  no (Read.rmw + rmw.Write) & Weak      -- atom is never .weak
}

fact fence_sc_order {
  -- "an acyclic partial order, determined at runtime, that relates every
  -- pair of morally strong fence.sc operations" (§3.4.3)
  strict_partial_order[sc]
  all disj f1, f2: FenceSC | f1->f2 in ms => (f1->f2 in sc or f2->f1 in sc)
}

fact barriers {
  all b: Barrier | b.scope = b.thread.~sub      -- (A4): the thread's CTA
  -- bsync is pinned by the litmus lowering (Dat3M's syncbar: a bar.arrive
  -- or a thread outside a barrier's quorum is ordered one way only), so it
  -- need not be symmetric
  bsync in ms - same_thread
}

------------------------------------------------------------------------------
-- Fig. 4: PTX memory model relations

-- pattern_rel := ([W^≥REL]; po_loc?; [W]) ∪ ([F^REL]; po; [W])
fun pattern_rel : Event->Event {
  (Release <: optional[po_loc] :> Write) + (FRel <: po :> Write)
}

-- obs := (morally_strong ∩ rf) ∪ (obs; rmw; obs)
-- The least solution of this recursive equation is
--   (ms ∩ rf) ; ((rmw ; (ms ∩ rf)))*
-- which is what we write (Alloy has no recursive definitions).
fun obs : Event->Event {
  (ms & rf) . *(rmw . (ms & rf))
}

-- pattern_acq := ([R]; po_loc?; [R^≥ACQ]) ∪ ([R]; po; [F^ACQ])
fun pattern_acq : Event->Event {
  (Read <: optional[po_loc] :> Acquire) + (Read <: po :> FAcq)
}

-- the release/acquire part of sw ("sync_acqrel" in Fig. 12b)
fun sync_acqrel : Event->Event {
  ms & (pattern_rel . obs . pattern_acq)
}

-- sw := (morally_strong ∩ (pattern_rel; obs; pattern_acq)) ∪ sync_barrier ∪ sc
fun sw : Event->Event { sync_acqrel + bsync + sc }

-- cause_base := (po?; sw; po?)+
fun cause_base : Event->Event {
  ^((optional[po]) . sw . (optional[po]))
}

-- cause := cause_base ∪ (obs; (cause_base ∪ po_loc))
fun cause : Event->Event {
  cause_base + obs . (cause_base + po_loc)
}

------------------------------------------------------------------------------
-- Fig. 7: the six axioms

-- Axiom 1 (Coherence). [W]; cause; [W] ⊆ co   (same address, see (A3))
pred ptx_coherence { (Write <: cause :> Write) & loc in co }

-- Axiom 2 (FenceSC). irreflexive(sc; cause)
pred ptx_fence_sc { irreflexive[sc . cause] }

-- Axiom 3 (Atomicity). empty(((ms ∩ fr); (ms ∩ co)) ∩ rmw)
pred ptx_atomicity { no ((ms & fr) . (ms & co)) & rmw }

-- Axiom 4 (No-Thin-Air). acyclic(rf ∪ dep)
pred ptx_no_thin_air { acyclic[rf + dep] }

-- Axiom 5 (SC-per-Location). acyclic((ms ∩ (rf ∪ co ∪ fr)) ∪ po_loc)
pred ptx_sc_per_loc { acyclic[(ms & (rf + co + fr)) + po_loc] }

-- Axiom 6 (Causality). irreflexive((rf ∪ fr); cause)
pred ptx_causality { irreflexive[(rf + fr) . cause] }

pred ptx_consistent {
  ptx_coherence
  ptx_fence_sc
  ptx_atomicity
  ptx_no_thin_air
  ptx_sc_per_loc
  ptx_causality
}

------------------------------------------------------------------------------
-- Sanity: Fig. 7 is satisfiable with synchronization in the execution.

run ptx_sanity { ptx_consistent and some sync_acqrel and some sc } for 5 expect 1
