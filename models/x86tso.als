module x86tso

-- x86-TSO as summarised in seed 002 App. B.2 (after Alglave et al. 2021)
-- and Fig. 12 (left):
--   (sc-per-loc) acyclic(po_loc ∪ rf ∪ fr ∪ co)
--   (atomicity)  rmw ∩ (fre; coe) = ∅
--   (GHB)        xhb is irreflexive, where
--     ppo     := ((W × W) ∪ (R × W) ∪ (R × R)) ∩ po
--     implied := (po; [A]) ∪ ([A]; po),  A = dom(rmw) ∪ codom(rmw) ∪ F_x
--     xhb     := (ppo ∪ implied ∪ rfe ∪ fr ∪ co)+
--
-- Readings taken: co is a strict total order on same-location writes
-- (§6.1: "The coherence-order (co) relation is a strict total order on
-- same-location write events"); "external" means "not between po-related
-- events" (§6.1: "rfe ≜ (rf \ po)", likewise coe, fre); a read of the
-- initial value is fr-before every write of its address.

open util

sig Thread {}
sig Address {}

abstract sig Event {
  thread: one Thread,
  po: set Event
}

abstract sig MemEvent extends Event { addr: one Address }
sig Read extends MemEvent { rmw: lone Write }
sig Write extends MemEvent { rf: set Read, co: set Write }
sig MFence extends Event {}

fun loc : Event->Event { addr.~addr }
fun po_loc : Event->Event { po & loc }
fun fr : Read->Write { ~rf.co + ((Read - Write.rf) <: loc :> Write) }
fun rfe : Event->Event { rf - po - ~po }
fun coe : Event->Event { co - po - ~po }
fun fre : Event->Event { fr - po - ~po }

fact x86_wf {
  po in thread.~thread
  strict_partial_order[po]
  all disj a, b: Event | a.thread = b.thread => (a->b in po or b->a in po)
  rf in loc
  rf.~rf in iden
  co in loc
  strict_partial_order[co]
  all disj w1, w2: Write | w1.addr = w2.addr => (w1->w2 in co or w2->w1 in co)
  rmw in imm[po] & loc
}

fun ppo : Event->Event {
  ((Write -> Write) + (Read -> Write) + (Read -> Read)) & po
}
fun A : Event { Read.rmw + rmw.Write + MFence }
fun implied : Event->Event { (po :> A) + (A <: po) }
fun xhb : Event->Event { ^(ppo + implied + rfe + fr + co) }

pred x86_sc_per_loc { acyclic[po_loc + rf + fr + co] }
pred x86_atomicity { no rmw & (fre . coe) }
pred x86_ghb { irreflexive[xhb] }

pred x86tso_consistent {
  x86_sc_per_loc
  x86_atomicity
  x86_ghb
}

run x86tso_sanity { some Read and some Write and some MFence and x86tso_consistent } for 4 expect 1
