-- Peterson's mutual exclusion for two processes as a trace over
-- util/ordering (issue 25's trace-model benchmark, see bench/RESULTS.md).
-- `mutex` holds; `naive` (no turn variable, flag set after the test) breaks it.
module peterson
open util/ordering[State]

abstract sig Proc {}
one sig P0, P1 extends Proc {}
abstract sig PC {}
one sig Idle, Wait, Crit extends PC {}

sig State {
  pc: Proc -> one PC,
  flag: set Proc,
  turn: one Proc
}

pred init[s: State] {
  all p: Proc | p.(s.pc) = Idle
  no s.flag
}

-- the process other than p keeps its pc and flag
pred frame[s, s2: State, p: Proc] {
  all q: Proc - p | q.(s2.pc) = q.(s.pc) and (q in s2.flag iff q in s.flag)
}

pred step[s, s2: State, p: Proc] {
  frame[s, s2, p]
  (p.(s.pc) = Idle and p.(s2.pc) = Wait and p in s2.flag and s2.turn = Proc - p)
  or (p.(s.pc) = Wait and ((Proc - p) not in s.flag or s.turn = p)
      and p.(s2.pc) = Crit and p in s2.flag and s2.turn = s.turn)
  or (p.(s.pc) = Crit and p.(s2.pc) = Idle and p not in s2.flag and s2.turn = s.turn)
}

-- test the other's flag, then set one's own: the classic race
pred naiveStep[s, s2: State, p: Proc] {
  frame[s, s2, p]
  s2.turn = s.turn
  (p.(s.pc) = Idle and (Proc - p) not in s.flag and p.(s2.pc) = Wait and p not in s2.flag)
  or (p.(s.pc) = Wait and p.(s2.pc) = Crit and p in s2.flag)
  or (p.(s.pc) = Crit and p.(s2.pc) = Idle and p not in s2.flag)
}

pred mutualExclusion { all s: State | not (P0.(s.pc) = Crit and P1.(s.pc) = Crit) }

check mutex {
  (init[first] and all s: State - last | some p: Proc | step[s, s.next, p])
    implies mutualExclusion
} for 10 State expect 0

run bothEnter {
  init[first]
  all s: State - last | some p: Proc | step[s, s.next, p]
  some s, s2: State | P0.(s.pc) = Crit and P1.(s2.pc) = Crit
} for 8 State expect 1

check naive {
  (init[first] and all s: State - last | some p: Proc | naiveStep[s, s.next, p])
    implies mutualExclusion
} for 6 State expect 1
