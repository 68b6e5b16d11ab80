-- Towers of Hanoi as a trace over util/ordering (issue 25's trace-model
-- benchmark; written for relprove, see bench/RESULTS.md). With n discs the
-- shortest solution has 2^n - 1 moves, so it needs 2^n states.
module hanoi
open util/ordering[State]

sig Disc { smaller: set Disc }
abstract sig Stake {}
one sig L, M, R extends Stake {}
sig State { on: Disc -> one Stake }

fact discsAreTotallyOrdered {
  all d: Disc | d not in d.smaller
  all d, e: Disc | d != e implies (d in e.smaller or e in d.smaller)
  all d, e, f: Disc | (d in e.smaller and e in f.smaller) implies d in f.smaller
}

-- d is the top disc of `from` and goes onto `to`, whose discs are all larger
pred move[s, s2: State, d: Disc, from, to: Stake] {
  d.(s.on) = from
  from != to
  no d.smaller & (s.on).from
  no d.smaller & (s.on).to
  s2.on = s.on ++ d -> to
}

fact trace {
  all d: Disc | d.(first.on) = L
  all s: State - last | some d: Disc, f, t: Stake | move[s, s.next, d, f, t]
}

pred solved[s: State] { all d: Disc | d.(s.on) = R }

run solve3 { solved[last] } for exactly 3 Disc, 8 State expect 1
run tooShort3 { some s: State | solved[s] } for exactly 3 Disc, 7 State expect 0
run solve4 { solved[last] } for exactly 4 Disc, 16 State expect 1
