// Sig facts (implicit `this`, `@` for the bare field).
sig Node { parent: lone Node } { this not in this.^@parent }
sig Leaf { owner: one Node } { no owner.parent }

// The sig fact forbids a node from being its own ancestor. Valid.
assert noSelfAncestor { no n: Node | n in n.^parent }
check noSelfAncestor for 4 expect 0

// The Leaf fact: a leaf's owner has no parent. Valid.
assert leafOwnersAreRoots { all l: Leaf | no l.owner.parent }
check leafOwnersAreRoots expect 0

// n2 -> n1 -> n0 (parent links) is allowed.
run deepTree { some n: Node | #n.^parent = 2 } expect 1

// Contradicts the Leaf fact.
run leafUnderChild { some l: Leaf | some l.owner.parent } expect 0
