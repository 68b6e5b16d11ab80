// Transpose, iden and univ (integers included).
sig A { r: set A }

assert doubleTranspose { ~~r = r }
check doubleTranspose expect 0

assert transposeClosure { ~(^r) = ^(~r) }
check transposeClosure expect 0

assert idenOnA { A <: iden in A -> A }
check idenOnA expect 0

assert idenReflexive { all a: A | a -> a in iden }
check idenReflexive expect 0

// univ contains the integer atoms.
run intsInUniv { (some Int) and (Int in univ) } expect 1

// A one-tuple relation a0 -> a1 is not symmetric.
assert symmetric { r = ~r }
check symmetric expect 1
