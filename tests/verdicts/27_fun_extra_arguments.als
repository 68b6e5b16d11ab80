// Calls with more arguments than the fun has parameters: the extra
// arguments are box-joined onto the result (`ord/next[e]` is `e.ord/next`).
open util/ordering[S] as ord
sig S {}
fun succ: S -> S { ord/next }
fun pairs[x: S]: S -> S { x -> x.ord/next }

run chain { some e: S | some ord/next[e] } for 3 expect 1
check nextIsDot { all e: S | ord/next[e] = e.ord/next } for 3 expect 0
check lastHasNone { no ord/next[ord/last] } for 3 expect 0
check funJoin { all e: S | succ[e] = e.succ } for 3 expect 0
check twoArgs { all x, y: S | pairs[x, y] = y.(x -> x.ord/next) } for 3 expect 0
// ord/next[e] is the successor, not the predecessor.
check notPrev { all e: S | ord/next[e] = ord/prev[e] } for 3 expect 1
