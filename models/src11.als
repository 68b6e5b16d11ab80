module src11[HwEvent, HwAddress, HwScope]

-- Scoped RC11 ("scoped C++"), written from
--   seed 000 §4.1 and Fig. 10 (RC11 [Lahav et al. 2017] with scopes), and
--   seed 002 App. B.3 (the same model, with its race definitions).
--
-- Like the paper's Alloy model, the module is parametrised over the sigs of
-- the hardware model it is compiled onto: every C++ event has a `map` to the
-- hardware events it lowers to, every address an `amap`, every scope an
-- `smap` (seed 000 §5.2, Fig. 15). The mapping itself is constrained by the
-- compile_* models, not here.
--
-- Names carry a C/c prefix so that they never clash with the hardware
-- model's names when both are opened together.
--
-- Ambiguities and the reading taken:
--
-- (S1) Fig. 10 defines "mo := total order over atomic writes to each
--      address", but RC11 [32] orders all writes to a location, and seed 002
--      App. B.3 uses one co for all writes. We order all writes per address.
--      In a race-free execution every non-atomic write is hb-ordered with
--      every other write to its address and Coherence forces mo to agree with
--      hb, so the verdicts of the mapping checks do not depend on this choice.
-- (S2) Fig. 10(c) states SC as "acyclic([incl] ∩ psc)"; seed 002 App. B.3
--      prints "(psc ∩ ms) is irreflexive". We take seed 000's acyclic form
--      (the original RC11 axiom is acyclicity); irreflexivity alone would let
--      any psc cycle of length two or more through.
-- (S3) "The [incl] relation [...] relates pairs of events with mutually
--      inclusive scopes" (Fig. 10). Non-atomic events have no scope; as for
--      PTX .weak, we give them their own thread as scope, so they are
--      inclusive only with events of their own thread.
-- (S4) An RMW is split into a read and a write event related by crmw, with
--      the memory orders of the two parts: RMW^RLX = (RLX, RLX),
--      RMW^ACQ = (ACQ, RLX), RMW^REL = (RLX, REL), RMW^ACQREL = (ACQ, REL),
--      RMW^SC = (SC, SC).
-- (S5) Races (seed 002 App. B.3): "a data race happens when the execution
--      contains a pair of concurrent events which access the same memory
--      location, at least one of them is a write and at least one of the
--      access is non-atomic"; "a pair of event is in heterogeneous race if
--      the events access same memory location, at least one is write, and
--      the events are not morally strong hb-related". We call a pair racy
--      when it conflicts, is not hb-ordered either way and is not scope
--      inclusive; non-atomic accesses of different threads are never scope
--      inclusive (S3), so this covers both kinds.

open util

------------------------------------------------------------------------------
-- Scopes, addresses, memory orders

sig CScope { csub: set CScope, smap: one HwScope }
sig CThread extends CScope {}

fun CSystem : CScope { CScope - CScope.csub }

fact c_scope_tree {
  csub.~csub in iden
  acyclic[csub]
  one CSystem
  no CThread.csub
  CSystem not in CThread
}

sig CAddress { amap: one HwAddress }

abstract sig Order {}
one sig ONA, ORLX, OACQ, OREL, OACQREL, OSC extends Order {}

------------------------------------------------------------------------------
-- Events

abstract sig CEvent {
  cthread: one CThread,
  sb: set CEvent,           -- sequenced-before (transitive)
  cscope: one CScope,
  ord: one Order,
  map: set HwEvent          -- the hardware events this event lowers to
}

abstract sig CMemEvent extends CEvent { caddr: one CAddress }

sig CRead extends CMemEvent { crmw: lone CWrite }

sig CWrite extends CMemEvent {
  crf: set CRead,
  cmo: set CWrite
}

sig CFence extends CEvent {}

------------------------------------------------------------------------------
-- Memory-order classes ("EVENT^≥REL" etc., Fig. 10a: NA < RLX < {ACQ, REL}
-- < ACQREL < SC, with ACQ and REL incomparable)

fun NA : CEvent { ord.ONA }
fun Atomic : CEvent { CEvent - NA }
fun AtLeastRel : CEvent { ord.(OREL + OACQREL + OSC) }
fun AtLeastAcq : CEvent { ord.(OACQ + OACQREL + OSC) }
fun SCev : CEvent { ord.OSC }
fun CFenceSC : CEvent { CFence & SCev }

fun cloc : CEvent->CEvent { caddr.~caddr }
fun sb_loc : CEvent->CEvent { sb & cloc }
fun sb_nloc : CEvent->CEvent { sb - sb_loc }

-- incl: mutually inclusive scopes (S3)
fun c_covers : CEvent->CEvent { cscope.*csub.~cthread }
fun incl : CEvent->CEvent { c_covers & ~c_covers }

-- rb := rf^-1; mo, plus reads of the initial value before every write
fun rb : CRead->CWrite {
  ~crf.cmo + ((CRead - CWrite.crf) <: cloc :> CWrite)
}

------------------------------------------------------------------------------
-- Well-formed candidate executions

fact c_sequenced_before {
  sb in cthread.~cthread
  strict_partial_order[sb]
  all disj a, b: CEvent | a.cthread = b.cthread => (a->b in sb or b->a in sb)
}

fact c_scopes {
  all e: CEvent | e.cthread in e.cscope.*csub
  all e: NA | e.cscope = e.cthread                 -- (S3)
  all e: Atomic | e.cscope not in CThread
}

fact c_memory_orders {
  -- Fig. 10a: legal memory_order arguments
  CRead.ord in ONA + ORLX + OACQ + OSC
  CWrite.ord in ONA + ORLX + OREL + OSC
  CFence.ord in OACQ + OREL + OACQREL + OSC
  -- (S4): the five RMW kinds
  all r: crmw.CWrite | r.ord -> r.crmw.ord in
    ORLX -> ORLX + OACQ -> ORLX + ORLX -> OREL + OACQ -> OREL + OSC -> OSC
}

fact c_reads_from {
  crf in cloc
  crf.~crf in iden
}

fact c_modification_order {
  -- (S1): a strict total order over the writes to each address
  cmo in cloc
  strict_partial_order[cmo]
  all disj w1, w2: CWrite | w1.caddr = w2.caddr => (w1->w2 in cmo or w2->w1 in cmo)
}

fact c_atomics {
  crmw in imm[sb] & cloc
  all r: crmw.CWrite | r.cscope = r.crmw.cscope
}

------------------------------------------------------------------------------
-- Fig. 10b: important relations

-- eco := (rf ∪ mo ∪ rb)+
fun eco : CEvent->CEvent { ^(crf + cmo + rb) }

-- rs := [W]; sb|loc?; [W^≥RLX]; ([incl] ∩ rf); rmw)*
fun rs : CEvent->CEvent {
  (CWrite <: optional[sb_loc] :> (CWrite & Atomic)) . *((incl & crf) . crmw)
}

-- sw := [EVENT^≥REL]; ([F]; sb)?; rs; ([incl] ∩ rf); [R^≥RLX]; (sb; [F])?; [EVENT^≥ACQ]
fun csw : CEvent->CEvent {
  AtLeastRel <: ((optional[CFence <: sb]) . rs . (incl & crf) . (ident[CRead & Atomic])
    . (optional[sb :> CFence])) :> AtLeastAcq
}

-- hb := (sb ∪ ([incl] ∩ sw))+
fun hb : CEvent->CEvent { ^(sb + (incl & csw)) }

-- scb := sb ∪ (sb|≠loc; hb; sb|≠loc) ∪ hb|loc ∪ mo ∪ rb
fun scb : CEvent->CEvent {
  sb + (sb_nloc . hb . sb_nloc) + (hb & cloc) + cmo + rb
}

-- psc_base := ([E^SC] ∪ [F^SC]; hb?); scb; ([E^SC] ∪ hb?; [F^SC])
fun psc_base : CEvent->CEvent {
  (ident[SCev] + (ident[CFenceSC]) . (optional[hb])) . scb
    . (ident[SCev] + (optional[hb]) . (ident[CFenceSC]))
}

-- psc_F := [F^SC]; (hb ∪ hb; eco; hb); [F^SC]
fun psc_f : CEvent->CEvent {
  CFenceSC <: (hb + hb . eco . hb) :> CFenceSC
}

fun psc : CEvent->CEvent { psc_base + psc_f }

------------------------------------------------------------------------------
-- Fig. 10c: RC11 axioms

-- Coherence: irreflexive(hb; eco?)
pred rc11_coherence { irreflexive[hb . (optional[eco])] }

-- Atomicity: no rmw ∩ (rb; mo)
pred rc11_atomicity { no crmw & (rb . cmo) }

-- SC: acyclic([incl] ∩ psc)   (S2)
pred rc11_sc { acyclic[incl & psc] }

-- No-Thin-Air: acyclic(sb ∪ rf). §4.1: "we exclude the RC11 No-Thin-Air
-- axiom" from the scoped model; it is defined here for completeness.
pred rc11_no_thin_air { acyclic[sb + crf] }

-- The scoped model of seed 000 §4.1 (without No-Thin-Air).
pred src11_consistent {
  rc11_coherence
  rc11_atomicity
  rc11_sc
}

------------------------------------------------------------------------------
-- Races (S5)

fun conflict : CEvent->CEvent {
  (cloc & (CWrite -> CMemEvent + CMemEvent -> CWrite)) - iden
}

fun race : CEvent->CEvent { conflict - hb - ~hb - incl }

pred racy { some race }

------------------------------------------------------------------------------
-- Fig. 12a: the ISA2 variant used to analyse the RMW^SC row.
--   T0: (a) W^NA x; (b) W^REL y
--   T1: (c) RMW^SC y, reading (b); (d) W^RLX y
--   T2: (e) R^ACQ y, reading (d); (f) R^NA x, reading the initial x
-- "RC11 considers (d) to be part of the release sequence (rs) headed by (c),
-- so (c) synchronizes with (e) [...] we conclude that (a) happens before (f),
-- which implies that (f) must return the value written by (a)." (§4.2)
-- The RMW is split into its read part cr and write part cw.
-- Used by compile_src11_ptx*.als.

pred fig12 {
  some disj a, b, cr, cw, d, e, f: CEvent, disj x, y: CAddress | {
    CEvent = a + b + cr + cw + d + e + f
    a + b + cw + d in CWrite
    cr + e + f in CRead
    a.caddr = x and f.caddr = x
    b.caddr = y and cr.caddr = y and cw.caddr = y and d.caddr = y and e.caddr = y
    a.ord = ONA and b.ord = OREL and cr.ord = OSC and cw.ord = OSC
    d.ord = ORLX and e.ord = OACQ and f.ord = ONA
    crmw = cr -> cw
    sb = a -> b + cr -> cw + cr -> d + cw -> d + e -> f
    crf = b -> cr + d -> e
    all ev: Atomic | ev.cscope = CSystem
  }
}

-- RC11 forbids the Fig. 12a outcome: (a) hb (f), and (f) reads the initial
-- x, which is rb-before (a): an hb; eco cycle.
run fig12_outcome_src11 { fig12 and src11_consistent }
  for 7 but 4 CScope, 2 CAddress expect 0

------------------------------------------------------------------------------
-- Sanity runs of the scoped C++ model on its own (HwEvent etc. are free).

run src11_sanity { src11_consistent and not racy and some crf and some csw } for 4 expect 1

-- MP with release/acquire at system scope: r1 = 1, r2 = 0 forbidden.
run src11_mp_rel_acq {
  some disj wx, wy, ry, rx: CEvent | {
    CEvent = wx + wy + ry + rx
    wx + wy in CWrite and ry + rx in CRead
    sb = wx -> wy + ry -> rx
    wx.caddr = rx.caddr and wy.caddr = ry.caddr and wx.caddr != wy.caddr
    crf = wy -> ry
    wx.ord = ONA and wy.ord = OREL and ry.ord = OACQ and rx.ord = ONA
    wy.cscope = CSystem and ry.cscope = CSystem
    src11_consistent
  }
} for 4 expect 0

-- SB with SC accesses: both reads of 0 forbidden by SC.
run src11_sb_sc {
  some disj wx, ry, wy, rx: CEvent | {
    CEvent = wx + ry + wy + rx
    wx + wy in CWrite and ry + rx in CRead
    sb = wx -> ry + wy -> rx
    wx.caddr = rx.caddr and wy.caddr = ry.caddr and wx.caddr != wy.caddr
    no crf
    CEvent.ord = OSC and CEvent.cscope = CSystem
    src11_consistent
  }
} for 4 expect 0

-- The same with relaxed accesses: allowed.
run src11_sb_rlx {
  some disj wx, ry, wy, rx: CEvent | {
    CEvent = wx + ry + wy + rx
    wx + wy in CWrite and ry + rx in CRead
    sb = wx -> ry + wy -> rx
    wx.caddr = rx.caddr and wy.caddr = ry.caddr and wx.caddr != wy.caddr
    no crf
    CEvent.ord = ORLX and CEvent.cscope = CSystem
    src11_consistent
  }
} for 4 expect 1

-- SC accesses whose scopes are not inclusive (each .cta in its own CTA)
-- are not ordered by SC ("acyclic([incl] ∩ psc)"): allowed.
run src11_sb_sc_cta_scopes {
  some disj wx, ry, wy, rx: CEvent | {
    CEvent = wx + ry + wy + rx
    wx + wy in CWrite and ry + rx in CRead
    sb = wx -> ry + wy -> rx
    wx.caddr = rx.caddr and wy.caddr = ry.caddr and wx.caddr != wy.caddr
    no crf
    CEvent.ord = OSC
    all e: CEvent | e.cscope = e.cthread.~csub and e.cscope != CSystem
    wx.cscope != wy.cscope
    src11_consistent
  }
} for 4 but 5 CScope expect 1
