// A tree-shaped file system with a root.
sig Dir { contents: set Dir }
one sig Root extends Dir {}
fact acyclic { no d: Dir | d in d.^contents }
fact oneParent { all d: Dir - Root | one contents.d }
fact reachable { Dir in Root.*contents }

// If something contained Root, Root would reach itself through it. Valid.
assert rootHasNoParent { no contents.Root }
check rootHasNoParent for 4 expect 0

assert atMostOneParent { all d: Dir | lone contents.d }
check atMostOneParent for 4 expect 0

// Root -> d1 -> d2 is a tree that is not flat.
assert flat { Root.contents = Dir - Root }
check flat for 3 expect 1
