module cmm

-- CMM, the compound x86-TSO / PTX axiomatic model of seed 002 (Goens et
-- al., "Compound Memory Models", PLDI 2023) §6.2, built from the x86-TSO
-- model of App. B.2 and the PTX model of App. B.1 / seed 000 Fig. 7.
--
-- An execution has x86 events E_x (the events of x86 threads) and PTX
-- events E_g; "E_x and E_g are never po-related". Relations (§6.2):
--   gxhb   := (rfe_x^g)?; xhb                  rfe_x^g := [W_g]; rfe; [R_x]
--   gprel  := prel ∪ po?; [W_x]                gpacq := pacq ∪ [R_x]; po?
--   xgsw   := (ms ∩ (gprel; obs; gpacq)) \ (E_x × E_x)
--   xgcauseb := (po?; (sc ∪ xgsw); po?)+
--   xgcause  := xgcauseb ∪ (obs; (xgcauseb ∪ po_loc))
--   wcord  := (gxhb ∪ xgcause ∪ gpo?; gsc; gpo?)+     gpo := [E_g]; po; [E_g]
--   cord   := ms ∩ wcord
--   eco    := (ms ∩ (rf ∪ co ∪ fr))+           (printed ms ∩ (fr ∪ co ∪ fr)+, see C4)
-- Axioms:
--   ([W]; cord; [W])_=loc ⊆ co            (CMM-Coherence)
--   irreflexive(gsc; cord)                 (CMM-FenceSC)
--   irreflexive(cord; eco?)                (CMM-irrCordECO)
--   irreflexive((rf ∪ fr); wcord)          (CMM-Causality)
--   ((ms ∩ fr); (ms ∩ co)) ∩ rmw = ∅       (CMM-Atomicity)
--   acyclic(po_loc ∪ (ms ∩ (rf ∪ co ∪ fr)))  (CMM-sc-per-loc)
--   acyclic(rf ∪ dep ∪ ppo)                (CMM-No-Thin-Air)
--
-- Ambiguities and the reading taken:
-- (C1) "Because non-scoped accesses in other machines are treated like
--      system-scoped accesses" (§3.2) and "an x86TSO write and read are at
--      least as strong as a sys-scoped release-write and acquire-read in
--      PTX" (§6.2): x86 events are strong and have the System scope. They
--      are not in Acquire/Release; their release/acquire role is exactly
--      the extra terms of gprel/gpacq.
-- (C2) gsc: "We extend the PTX sc ⊆ F_sc × F_sc order to global-SC order
--      gsc ⊆ ([F_sc ∪ F_x ∪ R_x] × [F_sc ∪ F_x ∪ R_x])". The paper gives no
--      further constraint on gsc. We carry over PTX's Fence-SC rules: gsc is
--      a strict partial order relating every morally strong pair of those
--      events. The sc of xgcauseb is gsc restricted to PTX fence.sc.
--      (Seed 002 Fig. 9's IRIW is forbidden only if x86 reads are gsc-ordered
--      with PTX fence.sc, which this reading provides.)
-- (C3) ppo, implied and xhb are the x86 relations of App. B.2 over x86
--      events only: "In the (CMM-No-Thin-Air) axiom we augment the PTX
--      (No-Thin-Air) axiom with ppo ordering in x86TSO". The rfe, fr, co in
--      xhb are those between x86 events; PTX-to-x86 rf enters only through
--      gxhb's (rfe_x^g)?.
-- (C4) eco is printed "eco ≜ ms ∩ ((fr ∪ co ∪ fr)+)" and described as "a
--      combination of the rf, fr and co relations [Lahav et al. 2017] between
--      morally strong events". We read the first fr as rf, and "between
--      morally strong events" as every step being morally strong:
--      eco := (ms ∩ (rf ∪ co ∪ fr))+. The literal ms ∩ (...)+ forbids the
--      compound WRC of Fig. 10, which the paper says is allowed: there the
--      gpu-scoped read c reads 0 (fr to the x86 write X = 1, not morally
--      strong), which is read by a (rf, not morally strong), so c and a are
--      related by ms ∩ (rf ∪ fr)+ against cord a -> c (found by relprove,
--      litmus/cmm_seed002.als, fig10_compound_wrc_gpu).
-- (C5) co: as in PTX, a strict partial order on same-address writes that
--      relates every morally strong pair (all x86 writes to one address are
--      morally strong, so x86 keeps its total coherence order).
-- (C6) Barriers and init events are not modelled; a read with no rf source
--      reads the initial value.
-- (C7) CMM-Coherence is printed "([W]; cord; [W])_=loc ⊆ co", "similar to the
--      (Coherence) [...] axioms in PTX where the sc and cause relations are
--      replaced by the gsc and cord relations". But cord = ms ∩ wcord, while
--      PTX Coherence uses all of cause, morally strong or not; the analogue
--      of cause is wcord (CMM-Causality replaces cause by wcord). With cord,
--      CMM is weaker than PTX on PTX-only programs: in
--        T0: st.release.sys [x], 1 | T1: ld.acquire.sys r, [x] ; st.relaxed.cta [x], 2
--      with r = 1 and final [x] = 1, PTX forbids the outcome (cause orders the
--      two stores, so co must) but printed CMM allows it (the stores are not
--      morally strong); and Theorem 6.1 fails at 4 events
--      (compile_src11_cmm.als, src11_cmm_*_printed). We use wcord
--      (cmm_coherence); the printed axiom is kept as cmm_coherence_printed.

open util

------------------------------------------------------------------------------
-- Scopes: a tree rooted at System; x86 threads are leaves like PTX threads.

sig Scope { sub: set Scope }
sig Thread extends Scope {}
sig X86Thread in Thread {}

fun System : Scope { Scope - Scope.sub }

fact cmm_scope_tree {
  sub.~sub in iden
  acyclic[sub]
  one System
  no Thread.sub
  System not in Thread
}

------------------------------------------------------------------------------
-- Events

abstract sig Event {
  thread: one Thread,
  po: set Event,
  scope: one Scope,
  gsc: set Event            -- global-SC order (C2)
}

sig Address {}

abstract sig MemEvent extends Event { addr: one Address }
sig Read extends MemEvent { rmw: lone Write, dep: set Event }
sig Write extends MemEvent { rf: set Read, co: set Write }

sig Weak in MemEvent {}
sig Acquire in Read {}
sig Release in Write {}

abstract sig Fence extends Event {}
sig FenceAcq extends Fence {}
sig FenceRel extends Fence {}
sig FenceAcqRel extends Fence {}
sig FenceSC extends Fence {}
sig MFence extends Fence {}         -- x86 MFENCE (F_x)

fun Ex : Event { thread.X86Thread }
fun Eg : Event { Event - Ex }
fun Wx : Event { Write & Ex }
fun Rx : Event { Read & Ex }
fun Wg : Event { Write & Eg }

fun Strong : Event { Event - Weak }
fun FRel : Event { FenceRel + FenceAcqRel + FenceSC }
fun FAcq : Event { FenceAcq + FenceAcqRel + FenceSC }
fun GSC : Event { FenceSC + MFence + Rx }

fun loc : Event->Event { addr.~addr }
fun same_thread : Event->Event { thread.~thread }
fun po_loc : Event->Event { po & loc }
fun scope_covers : Event->Event { scope.*sub.~thread }
fun ms : Event->Event {
  (same_thread + (Strong <: (scope_covers & ~scope_covers) :> Strong))
    - ((MemEvent -> MemEvent) - loc)
}
fun fr : Read->Write { ~rf.co + ((Read - Write.rf) <: loc :> Write) }
fun rfe : Event->Event { rf - same_thread }

------------------------------------------------------------------------------
-- Well-formed executions

fact cmm_program_order {
  po in same_thread
  strict_partial_order[po]
  all disj a, b: Event | a.thread = b.thread => (a->b in po or b->a in po)
}

fact cmm_scopes {
  all e: Event | e.thread in e.scope.*sub
  all e: Weak | e.scope = e.thread
  all e: Strong | e.scope not in Thread
  -- (C1)
  all e: Ex | e.scope = System
  no Ex & (Weak + Acquire + Release)
  -- x86 threads run x86 fences only, PTX threads PTX fences only
  MFence in Ex
  no Ex & (FenceAcq + FenceRel + FenceAcqRel + FenceSC)
}

fact cmm_reads_from {
  rf in loc
  rf.~rf in iden
}

fact cmm_coherence_order {
  -- (C5)
  co in loc
  strict_partial_order[co]
  all disj w1, w2: Write | w1->w2 in ms => (w1->w2 in co or w2->w1 in co)
}

fact cmm_deps_atomics {
  dep in po
  no Ex <: dep              -- x86 ordering is ppo, not dependencies
  rmw in imm[po] & loc
  all r: rmw.Write | r.scope = r.rmw.scope
  no (Read.rmw + rmw.Write) & Weak
}

fact cmm_gsc {
  -- (C2)
  gsc in GSC -> GSC
  strict_partial_order[gsc]
  all disj a, b: GSC | a->b in ms => (a->b in gsc or b->a in gsc)
}

------------------------------------------------------------------------------
-- x86 relations (App. B.2), over x86 events (C3)

fun ppo : Event->Event {
  Ex <: (((Write -> Write) + (Read -> Write) + (Read -> Read)) & po) :> Ex
}
fun xA : Event { (Read.rmw + rmw.Write + MFence) & Ex }
fun implied : Event->Event { Ex <: ((po :> xA) + (xA <: po)) :> Ex }
fun xhb : Event->Event {
  ^(ppo + implied + (Ex <: (rfe + fr + co) :> Ex))
}
fun gxhb : Event->Event { (optional[Wg <: rfe :> Rx]) . xhb }

------------------------------------------------------------------------------
-- PTX relations (App. B.1) and their compound extensions (§6.2)

fun prel : Event->Event {
  (Release <: (optional[po_loc]) :> Write) + (FRel <: po :> Write)
}
fun pacq : Event->Event {
  (Read <: (optional[po_loc]) :> Acquire) + (Read <: po :> FAcq)
}
fun obs : Event->Event { (ms & rf) . *(rmw . (ms & rf)) }

fun gprel : Event->Event { prel + (optional[po]) :> Wx }
fun gpacq : Event->Event { pacq + Rx <: (optional[po]) }

fun xgsw : Event->Event {
  (ms & (gprel . obs . gpacq)) - (Ex -> Ex)
}
fun sc : Event->Event { FenceSC <: gsc :> FenceSC }
fun xgcauseb : Event->Event {
  ^((optional[po]) . (sc + xgsw) . (optional[po]))
}
fun xgcause : Event->Event { xgcauseb + obs . (xgcauseb + po_loc) }

fun gpo : Event->Event { Eg <: po :> Eg }
fun wcord : Event->Event {
  ^(gxhb + xgcause + (optional[gpo]) . gsc . (optional[gpo]))
}
fun cord : Event->Event { ms & wcord }
fun eco_ms : Event->Event { ^(ms & (rf + co + fr)) }

------------------------------------------------------------------------------
-- Axioms (§6.2)

-- (C7) CMM-Coherence is printed with cord; we use wcord, see the header.
pred cmm_coherence { (Write <: wcord :> Write) & loc in co }
pred cmm_coherence_printed { (Write <: cord :> Write) & loc in co }
pred cmm_fence_sc { irreflexive[gsc . cord] }
pred cmm_irr_cord_eco { irreflexive[cord . (optional[eco_ms])] }
pred cmm_causality { irreflexive[(rf + fr) . wcord] }
pred cmm_atomicity { no ((ms & fr) . (ms & co)) & rmw }
pred cmm_sc_per_loc { acyclic[po_loc + (ms & (rf + co + fr))] }
pred cmm_no_thin_air { acyclic[rf + dep + ppo] }

pred cmm_consistent {
  cmm_coherence
  cmm_fence_sc
  cmm_irr_cord_eco
  cmm_causality
  cmm_atomicity
  cmm_sc_per_loc
  cmm_no_thin_air
}

-- CMM with CMM-Coherence exactly as printed (cord), for comparison.
pred cmm_consistent_printed {
  cmm_coherence_printed
  cmm_fence_sc
  cmm_irr_cord_eco
  cmm_causality
  cmm_atomicity
  cmm_sc_per_loc
  cmm_no_thin_air
}

run cmm_sanity {
  some Ex and some Eg and some Rx and some Wg and some MFence and some FenceSC
  cmm_consistent
} for 6 expect 1
