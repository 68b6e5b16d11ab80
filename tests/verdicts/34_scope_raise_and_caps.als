// Rules 7, 8 and 2 (docs/scopes.md).

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
