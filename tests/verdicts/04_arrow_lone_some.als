// Left `lone` and right `some` multiplicities on an arrow in a fact.
sig C {}
sig D { g: some C }
// Every C belongs to at most one D (and every D has some C).
fact owned { g in D lone -> some C }

// Each D owns at least one C and no C is shared, so #D =< #C. Valid.
assert fewerD { #D =< #C }
check fewerD for 3 expect 0

// d0 owns c0, d1 owns c1 and c2.
run moreC { #D = 2 and #C = 3 } for 3 expect 1

// Three Ds need three distinct Cs.
run moreD { #D = 3 and #C = 2 } for 3 expect 0

// A C may belong to no D: d0 owns c0, c1 is unused.
assert onto { D.g = C }
check onto for 3 expect 1
