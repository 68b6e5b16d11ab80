// Functions (with and without parameters) and predicate calls.
sig Node { edges: set Node }
fun reach[n: Node]: set Node { n.^edges }
fun sources: set Node { Node - Node.edges }
pred connected[a, b: Node] { b in reach[a] }

// Reachability is transitive. Valid.
assert reachTransitive { all a, b, c: Node | connected[a, b] and connected[b, c] implies connected[a, c] }
check reachTransitive for 3 expect 0

// A source has no incoming edge. Valid.
assert sourcesHaveNoIn { all s: sources | no edges.s }
check sourcesHaveNoIn expect 0

// A single node with a self loop has no source.
assert sourceExists { some Node implies some sources }
check sourceExists expect 1

// s0 -> n, s1 -> n: two sources.
run twoSources { #sources = 2 and some edges } expect 1
