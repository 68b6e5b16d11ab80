// Running predicates with parameters (existentially quantified), including
// a higher-order `set` parameter.
sig Node { next: set Node }

// a -> c -> b with b not a successor of a.
pred twoStep[a, b: Node] { b in a.next.next and b not in a.next }
run twoStep for 3 expect 1

// s = all three nodes, a among them, all successors of a.
pred fanOut[a: Node, s: set Node] { a in s and #s = 3 and s in a.next }
run fanOut for 3 expect 1

// #s = 3 is impossible with two nodes.
run fanOut for 2 expect 0
