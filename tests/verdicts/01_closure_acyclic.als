// Transitive and reflexive closure over an acyclic `lone` successor.
sig Node { next: lone Node }
fact acyclic { no n: Node | n in n.^next }

// The fact, restated relationally: ^next never relates a node to itself.
assert irreflexive { no iden & ^(Node <: next) }
check irreflexive for 4 expect 0

// n0 -> n1 -> n2: n0 has two nodes in n0.^next; three atoms fit scope 3.
run chainOf3 { some n: Node | #n.^next = 2 } for 3 expect 1

// #n.^next = 3 needs four distinct nodes (no cycles), but the scope is 3.
run chainOf4 { some n: Node | #n.^next = 3 } for 3 expect 0

// *next = ^next + iden, so every node reaches itself.
assert reflexive { all n: Node | n in n.*next }
check reflexive expect 0

// ^next is transitive: ^next.^next stays inside ^next.
assert transitive { ^(Node <: next).^next in ^next }
check transitive for 4 expect 0
