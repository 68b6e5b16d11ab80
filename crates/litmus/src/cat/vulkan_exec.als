module vulkan_exec
-- relprove's candidate executions of Dat3M's Vulkan programs, for cat
-- models of Vulkan (docs/cat.md, "Vulkan"). Written for relprove from
-- Dat3M's definitions (its Vulkan front end, its relation analysis); not
-- Khronos's spirv.als, whose executions have no initial writes and no
-- coherence order over non-atomic writes.
--
-- A test's module (crates/litmus/src/khronos/cat_module.rs) declares the
-- events as atoms and fixes every field of Exec that the program decides:
-- the tags, program order, threads and groups, locations, the halves of
-- each read-modify-write. The solver chooses reads-from, coherence, and
-- which named barriers with a quorum take part.

-- The cat events.
abstract sig Ev {}
-- The program's events, one per instruction (a read-modify-write: its read).
sig E extends Ev {}
-- The write of each read-modify-write.
sig RmwW extends Ev {}
-- One initial write per location.
sig IW extends Ev {}

one sig Exec {
  -- Tags (Dat3M's names), fixed by the test.
  W, R, F, CBAR, ATOM, RMW, ACQ, REL, SC0, SC1, SC2, SC3,
  SEMSC0, SEMSC1, SEMSC2, SEMSC3, SG, WG, QF, DV, AV, VIS, SEMAV, SEMVIS,
  NONPRIV, AVDEVICE, VISDEVICE: set Ev,
  -- Program relations, fixed by the test: program order; same thread;
  -- same subgroup, workgroup, queue family; same physical location
  -- (initial writes included); same virtual location; the test's `ssw`;
  -- control barriers of one instance; an RMW's read to its write; named
  -- barriers with a quorum of one group.
  po, sthd, ssg, swg, sqf, loc, vloc, ssw, syncbar, amo, qgroup: Ev -> Ev,
  -- Each write instruction to its write event (an RMW's atom to its write).
  wr: E -> Ev,
  -- Chosen by the solver: reads-from among the instructions (as the
  -- tests' conditions state it), the reads of an initial value, and
  -- coherence.
  rf: E -> E,
  RFINIT: set E,
  co: Ev -> Ev,
  -- The named barriers with a quorum that take part in it (Dat3M's
  -- `sync`; the test's facts require at least the quorum of each group).
  SYNC: set Ev
}

-- Barrier synchronisation: the fixed pairs, and a named barrier that takes
-- part with every barrier of its group (as Dat3M's `syncbar`).
fun v_syncbar : Ev -> Ev {
  Exec.syncbar + (Exec.SYNC <: (Exec.qgroup))
}

-- Reads-from as an event relation: a write event to the reads it feeds.
fun v_rf : Ev -> Ev {
  ~(Exec.wr) . (Exec.rf) + (IW <: (Exec.loc) :> (Exec.RFINIT))
}

fact candidate_execution {
  -- Every read reads exactly one write of its location, or the initial
  -- value; an initial value is the location's initial write.
  Exec.rf in (Exec.wr).Ev -> (E & Exec.R)
  Exec.RFINIT in E & Exec.R
  all r: E & Exec.R | (one (Exec.rf).r and r not in Exec.RFINIT)
                   or (no (Exec.rf).r and r in Exec.RFINIT)
  v_rf in Exec.loc
  -- Coherence: a strict total order of each location's writes, its
  -- initial write first.
  Exec.co in (Exec.W -> Exec.W) & Exec.loc
  no Exec.co & iden
  Exec.co . (Exec.co) in Exec.co
  (Exec.W <: (Exec.loc) :> Exec.W) - iden in Exec.co + ~(Exec.co)
  IW <: (Exec.loc) :> (Exec.W - IW) in Exec.co
  -- Local consistency (Dat3M assumes it for Vulkan): coherence follows
  -- program order; a read reads no write of its thread after it, and no
  -- initial or same-thread write that a write of its thread before it
  -- overwrote.
  Exec.W <: (Exec.po & Exec.loc) :> Exec.W in Exec.co
  no v_rf & ~(Exec.po)
  no v_rf & (((IW -> Ev) & Exec.loc) + Exec.po) . (Exec.W <: (Exec.po & Exec.loc))
}
