// let bindings and if-then-else (`=> else`) on formulas and expressions.
sig Node { next: lone Node }

// n0 -> n1 -> n2: Node.next = {n1, n2}.
run letRun { let s = Node.next | #s = 2 and #Node = 3 } expect 1

assert letSame { all n: Node | let m = n.next | m = n.next }
check letSame expect 0

fun nextOrSelf[n: Node]: set Node { (some n.next) => n.next else n }

// Both branches are singletons (next is lone). Valid.
assert nextOrSelfIsOne { all n: Node | one nextOrSelf[n] }
check nextOrSelfIsOne expect 0

pred agrees[n: Node] { no n.next implies n = nextOrSelf[n] else n.next = nextOrSelf[n] }
assert agreesEverywhere { all n: Node | agrees[n] }
check agreesEverywhere expect 0

// nextOrSelf[n] = n exactly for ends and self loops; a chain n0 -> n1 has
// n0 with nextOrSelf[n0] = n1 != n0.
assert alwaysSelf { all n: Node | nextOrSelf[n] = n }
check alwaysSelf expect 1
