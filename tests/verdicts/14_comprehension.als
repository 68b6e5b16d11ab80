// Set comprehensions (unary and binary).
sig Node { next: lone Node }
fun ends: set Node { { n: Node | no n.next } }

assert endsHaveNoNext { all n: ends | no n.next }
check endsHaveNoNext expect 0

// The binary comprehension rebuilds the relation. Valid.
assert pairs { { a, b: Node | b in a.next } = next }
check pairs expect 0

// A single node with a self loop has no end.
assert endExists { some Node implies some ends }
check endExists expect 1

// n0 -> n1, n2 alone: ends = {n1, n2}.
run twoEnds { #ends = 2 } expect 1

// Three nodes, all ends, none in any next: at most scope 3.
run fourEnds { #ends = 4 } expect 0
