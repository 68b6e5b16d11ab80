// Rule 5 (docs/scopes.md) runs to its fixpoint before rule 3b is tried
// again, as the Analyzer's ScopeComputer does: Q gets P's scope 3, then Q2
// (declared before Q, so not reached in that pass) gets 3 in the next pass
// of rule 5, not what Q1 leaves of Q's scope. With 2 Q1, Q's 3 atoms still
// allow 2 Q2 (Q1 may have fewer than 2). Verdicts checked with Alloy 5.1.
sig P {}
sig Q2 extends Q {}
abstract sig Q extends P {}
sig Q1 extends Q {}
run q2Left { #Q2 = 2 } for 3 but 2 Q1 expect 1
run q2LeftAll { #Q2 = 3 } for 3 but 2 Q1 expect 1
run q2LeftOver { #Q2 = 3 and some Q1 } for 3 but 2 Q1 expect 0
run q2LeftFits { #Q2 = 1 } for 3 but 2 Q1 expect 1
