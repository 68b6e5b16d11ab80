// Rule 5 (docs/scopes.md): declared after its parent R, R2 gets R's scope
// in the same pass in which R gets P2's, so rule 3b never applies to it.
sig P2 {}
abstract sig R extends P2 {}
sig R1, R2 extends R {}
run r2Full { #R2 = 2 } for 3 but 2 R1 expect 1
