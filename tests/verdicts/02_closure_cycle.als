// A total successor function on a finite set must cycle.
sig Node { succ: one Node }

// Following succ from any node must revisit a node, so a non-empty Node
// has a node on a cycle. Valid.
assert cycleExists { some Node implies (some n: Node | n in n.^succ) }
check cycleExists for 4 expect 0

// Counterexample with two nodes: n0 -> n1 -> n1; n0 is on no cycle.
assert allOnCycle { all n: Node | n in n.^succ }
check allOnCycle for 2 expect 1

// n0 -> n1 -> n2 -> n0 covers every node.
run ring { #Node = 3 and (all n: Node | Node in n.^succ) } for 3 expect 1

// A single node must point to itself.
assert selfLoop { #Node = 1 implies succ = Node -> Node }
check selfLoop expect 0

// Three nodes do not fit in scope 2.
run tooMany { #Node = 3 } for 2 expect 0
