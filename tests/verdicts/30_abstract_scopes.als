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
