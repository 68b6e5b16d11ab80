// Scopes of abstract sigs, by the Alloy Analyzer's rules (docs/scopes.md).
abstract sig O {}
sig D, F extends O {}

// Rule 3b: O gets the overall scope 3; its only unscoped child F gets what
// is left: 3 - 3 = 0 (issue 25: relprove gave F up to 3 atoms).
run someF { some F } for 3 but 3 D expect 0
// 3 - 2 = 1 atom for F.
run oneF { some F } for 3 but 2 D expect 1
run twoF { #F = 2 } for 3 but 2 D expect 0
// Rule 3a: an unscoped abstract sig whose children all have scopes gets
// their sum (2, not the overall 5).
run sumOfChildren { #O = 3 } for 5 but 1 D, 1 F expect 0
run sumOfChildrenFits { #O = 2 } for 5 but 1 D, 1 F expect 1
// Rule 5: two unscoped children each get the parent's scope.
run bothFull { #D = 2 and #F = 1 } for 3 but 3 O expect 1

// Rules 5 then 3b: Q gets P's scope 3 from its parent, then Q2 what Q1
// leaves of it. (Rule 5 visits sigs in declaration order, as the Analyzer
// does: Q2, declared before Q, finds Q without a scope in that pass, and the
// derivation restarts at rule 3 before Q2 is visited again.)
sig P {}
sig Q2 extends Q {}
abstract sig Q extends P {}
sig Q1 extends Q {}
run q2Left { #Q2 = 2 } for 3 but 2 Q1 expect 0
run q2LeftFits { #Q2 = 1 } for 3 but 2 Q1 expect 1
// Declared after Q, R2 gets R's scope in the same pass of rule 5.
sig P2 {}
abstract sig R extends P2 {}
sig R1, R2 extends R {}
run r2Full { #R2 = 2 } for 3 but 2 R1 expect 1

// Rule 7: a sig is raised to what its exact children need.
sig S {}
one sig S1, S2, S3, S4 extends S {}
run raised { #S = 4 } for 3 expect 1
run raisedNoMore { #S = 5 } for 3 expect 0

// Rule 8: a scoped non-exact subsig has at most its scope.
sig T {}
sig T1 extends T {}
run subScope { #T1 = 2 } for 3 but 1 T1 expect 0

// Rule 2: `lone sig` has at most 1 atom, 0 when the command says so.
lone sig L {}
run loneSome { some L } for 3 expect 1
run loneZero { some L } for 3 but 0 L expect 0
