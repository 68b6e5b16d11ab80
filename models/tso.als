module tso

-- Total Store Order, as given in seed 000 §2.2 and Fig. 2 ("An axiomatic
-- definition of TSO"):
--   SC-per-Location: acyclic(rf ∪ co ∪ fr ∪ po_loc)
--   Causality:       acyclic(rfe ∪ co ∪ fr ∪ ppo ∪ fence)
-- where ppo is po without store-to-load pairs, and "the fence relation
-- relates pairs of events in the same thread if they are separated by a
-- fence instruction or if at least one is an atomic read-modify-write
-- operation".
--
-- Reading taken: "co is a total order over the writes to each address";
-- a read with no rf source reads the initial value, which is co-before
-- every write (so fr relates it to every write of its address).

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
sig Fence extends Event {}

fun loc : Event->Event { addr.~addr }
fun same_thread : Event->Event { thread.~thread }
fun po_loc : Event->Event { po & loc }
fun fr : Read->Write { ~rf.co + ((Read - Write.rf) <: loc :> Write) }
fun rfe : Write->Read { rf - same_thread }

fact tso_wf {
  po in same_thread
  strict_partial_order[po]
  all disj a, b: Event | a.thread = b.thread => (a->b in po or b->a in po)
  rf in loc
  rf.~rf in iden
  co in loc
  strict_partial_order[co]
  all disj w1, w2: Write | w1.addr = w2.addr => (w1->w2 in co or w2->w1 in co)
  rmw in imm[po] & loc
}

-- "TSO definition of ppo": everything but store -> load.
fun ppo : Event->Event { (MemEvent <: po :> MemEvent) - (Write -> Read) }

-- Events of an RMW, and pairs separated by a fence.
fun atomic_events : Event { Read.rmw + rmw.Write }
fun fence : Event->Event {
  (MemEvent <: (po :> Fence) . po :> MemEvent)
  + (MemEvent <: po :> atomic_events) + (atomic_events <: po :> MemEvent)
}

pred tso_sc_per_loc { acyclic[rf + co + fr + po_loc] }
pred tso_causality { acyclic[rfe + co + fr + ppo + fence] }
-- RMW atomicity (not in Fig. 2, which folds it into the fence relation):
-- no write may come between the two parts of an RMW.
pred tso_atomicity { no rmw & (fr . co) }

pred tso_consistent {
  tso_sc_per_loc
  tso_causality
  tso_atomicity
}

run tso_sanity { some Read and some Write and some Fence and tso_consistent } for 4 expect 1
