module util/graph[node]

-- relprove's own version of Alloy's graph module: shapes of a relation
-- r: node -> node seen as the edges of a directed graph.

-- nodes with no incoming / no outgoing edge
fun roots [r: node -> node] : set node { node - node.r }
fun leaves [r: node -> node] : set node { node - r.node }
fun innerNodes [r: node -> node] : set node { node - roots[r] - leaves[r] }

pred noSelfLoops [r: node -> node] { no iden & r }
pred undirected [r: node -> node] { r = ~r }
pred weaklyConnected [r: node -> node] { all n1, n2: node | n1 in n2.*(r + ~r) }
pred stronglyConnected [r: node -> node] { all n1, n2: node | n1 in n2.*r }
pred rootedAt [r: node -> node, root: node] { node in root.*r }
pred ring [r: node -> node] { all n: node | one n.r and rootedAt[r, n] }
pred dag [r: node -> node] { no n: node | n in n.^r }
pred forest [r: node -> node] { dag[r] and (all n: node | lone r.n) }
pred tree [r: node -> node] { forest[r] and lone roots[r] }
pred treeRootedAt [r: node -> node, root: node] { forest[r] and rootedAt[r, root] }
