// Rules 5 then 3b (docs/scopes.md): Q gets P's scope 3 from its parent,
// then Q2 what Q1 leaves of it. (Rule 5 visits sigs in declaration order,
// as the Analyzer does: Q2, declared before Q, finds Q without a scope in
// that pass, and the derivation restarts at rule 3 before Q2 is visited
// again.)
sig P {}
sig Q2 extends Q {}
abstract sig Q extends P {}
sig Q1 extends Q {}
run q2Left { #Q2 = 2 } for 3 but 2 Q1 expect 0
run q2LeftFits { #Q2 = 1 } for 3 but 2 Q1 expect 1
