// util/ordering: a total order on State. Its parameter is declared
// `exactly`, so State has exactly its scope's number of atoms.
open util/ordering[State]
sig State { val: one Int }
fact counting { first.val = 0 and (all s: State - last | s.next.val = plus[s.val, 1]) }

// for 3: exactly three states, counting 0, 1, 2 along the order. Valid
// (it would not be if State could have fewer atoms).
assert lastIsTwo { last.val = 2 }
check lastIsTwo for 3 expect 0

// next and prev are inverse on every state but the last. Valid.
assert nextPrev { all s: State - last | s.next.prev = s }
check nextPrev for 4 expect 0

// The order is total. Valid.
assert total { all s, t: State | lt[s, t] or lt[t, s] or s = t }
check total for 3 expect 0

// Exactly 3 states, never 2.
run twoStates { #State = 2 } for 3 expect 0

// for 5: values 0 .. 4, so some state holds 4.
run reachesFour { some s: State | s.val = 4 } for 5 expect 1

// The first state has no predecessor. Valid.
assert firstHasNoPrev { no first.prev }
check firstHasNoPrev for 3 expect 0
