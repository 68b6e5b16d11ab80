// `disj` on fields whose bound names an earlier field (issue 25: the
// translator grouped `disj` fields by equal bounds, but each field's bound
// `this.assets` has its own `this`, so the group was lost).
sig Asset {}
sig CS { assets: set Asset, disj hidden, showing: set assets }

// hidden and showing are disjoint for every CS.
check hiddenShowingDisjoint { all c: CS | no c.hidden & c.showing } for 3 expect 0
// both lie within the CS's assets.
check withinAssets { all c: CS | c.hidden + c.showing in c.assets } for 3 expect 0
// both may be non-empty at once.
run bothUsed { some c: CS | some c.hidden and some c.showing } for 3 expect 1

// `f: disj e`: distinct owners have disjoint values of f.
sig Owner { pets: disj set Asset }
check petsNotShared { all disj o, p: Owner | no o.pets & p.pets } for 3 expect 0
run petsExist { some disj o, p: Owner | some o.pets and some p.pets } for 3 expect 1

// Without `disj`, fields of one declaration may overlap.
sig Box { a, b: set Asset }
run overlap { some x: Box | some x.a & x.b } for 3 expect 1
