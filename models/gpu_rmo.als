module gpu_rmo

-- The PTX model of seed 004 (Alglave et al., "GPU Concurrency: Weak
-- Behaviours and Programming Assumptions", ASPLOS 2015), §5.2-5.3: SPARC
-- RMO (Fig. 15) duplicated per scope (Fig. 16).
--
--   Fig. 15:  com = rf | co | fr
--             po-loc-llh = WW(po-loc) | WR(po-loc) | RW(po-loc)
--             acyclic (po-loc-llh | com)            as sc-per-loc-llh
--             dp = addr | data | ctrl
--             acyclic (dp | rf)                     as no-thin-air
--             rmo(fence) = dp | fence | rfe | co | fr
--   Fig. 16:  sys-fence = membar.sys
--             gl-fence  = membar.gl | sys-fence
--             cta-fence = membar.cta | gl-fence
--             acyclic (rmo(cta-fence) & cta)        as cta-constraint
--             acyclic (rmo(gl-fence) & gl)          as gl-constraint
--             acyclic (rmo(sys-fence) & sys)        as sys-constraint
--
-- "Scope relations link events from threads in the same CTA (cta), same
-- grid (gl) and anywhere in the system (sys). Note that the sys relation is
-- simply the universal relation between all events." (§5.1.1)
-- "the membar fence relations, included in po, relate events whose
-- instructions are separated by a fence. There is one relation per
-- strength of fence, sys, gl and cta." (§5.1.1)
--
-- Readings taken: the three dependency kinds are one relation `dep` (only
-- their union dp is used); fences are events of their own and the fence
-- relations relate the memory events around them; co is a total order on
-- the writes to each location ("Writes to a single location are totally
-- ordered by coherence co"); "By convention the initial state for a given
-- location hits the memory before any update to this location", so a read
-- with no rf source is fr-before every write of its location.

open util

sig Grid {}
sig CTA { grid: one Grid }
sig Thread { cta: one CTA }
sig Address {}

abstract sig Event {
  thread: one Thread,
  po: set Event
}

abstract sig MemEvent extends Event { addr: one Address }
sig Read extends MemEvent { dep: set MemEvent }
sig Write extends MemEvent { rf: set Read, co: set Write }

abstract sig Membar extends Event {}
sig MembarCTA extends Membar {}     -- membar.cta  (__threadfence_block)
sig MembarGL extends Membar {}      -- membar.gl   (__threadfence)
sig MembarSYS extends Membar {}     -- membar.sys

fact rmo_wf {
  po in thread.~thread
  strict_partial_order[po]
  all disj a, b: Event | a.thread = b.thread => (a->b in po or b->a in po)
  rf in loc
  rf.~rf in iden
  co in loc
  strict_partial_order[co]
  all disj w1, w2: Write | w1.addr = w2.addr => (w1->w2 in co or w2->w1 in co)
  dep in po
}

fun loc : Event->Event { addr.~addr }
fun fr : Read->Write { ~rf.co + ((Read - Write.rf) <: loc :> Write) }
fun com : Event->Event { rf + co + fr }
fun rfe : Event->Event { rf - thread.~thread }
fun po_loc : Event->Event { po & loc }

-- WW(po-loc) | WR(po-loc) | RW(po-loc): po-loc without read-read pairs
fun po_loc_llh : Event->Event { po_loc - (Read -> Read) }

-- scope relations
fun cta_rel : Event->Event { thread.cta.~cta.~thread }
fun gl_rel : Event->Event { thread.cta.grid.~grid.~cta.~thread }
fun sys_rel : Event->Event { Event -> Event }

-- memory events separated in po by a fence of the given kinds
fun fenced[f: Event] : Event->Event { MemEvent <: ((po :> f) . po) :> MemEvent }
fun sys_fence : Event->Event { fenced[MembarSYS] }
fun gl_fence : Event->Event { fenced[MembarGL + MembarSYS] }
fun cta_fence : Event->Event { fenced[Membar] }

fun rmo[fence: Event->Event] : Event->Event { dep + fence + rfe + co + fr }

pred sc_per_loc_llh { acyclic[po_loc_llh + com] }
pred no_thin_air { acyclic[dep + rf] }
pred cta_constraint { acyclic[rmo[cta_fence] & cta_rel] }
pred gl_constraint { acyclic[rmo[gl_fence] & gl_rel] }
pred sys_constraint { acyclic[rmo[sys_fence] & sys_rel] }

pred gpu_rmo_consistent {
  sc_per_loc_llh
  no_thin_air
  cta_constraint
  gl_constraint
  sys_constraint
}

run gpu_rmo_sanity { some Read and some Write and some Membar and gpu_rmo_consistent } for 4 expect 1
