module util/ternary

-- relprove's own version of Alloy's util/ternary: projections, selections
-- and column permutations of a ternary relation r: A -> B -> C.
-- Written for relprove from the documented meaning of each function.

-- the first, second and third columns
fun dom [r: univ->univ->univ] : set univ { (r.univ).univ }
fun mid [r: univ->univ->univ] : set univ { univ.(r.univ) }
fun ran [r: univ->univ->univ] : set univ { univ.(univ.r) }

-- two columns, the third projected away
fun select12 [r: univ->univ->univ] : univ->univ { r.univ }
fun select13 [r: univ->univ->univ] : univ->univ { {a, c: univ | some a.r.c} }
fun select23 [r: univ->univ->univ] : univ->univ { univ.r }

-- the columns swapped: flip12 is B -> A -> C, flip13 is C -> B -> A,
-- flip23 is A -> C -> B
fun flip12 [r: univ->univ->univ] : univ->univ->univ { {b, a, c: univ | a->b->c in r} }
fun flip13 [r: univ->univ->univ] : univ->univ->univ { {c, b, a: univ | a->b->c in r} }
fun flip23 [r: univ->univ->univ] : univ->univ->univ { {a, c, b: univ | a->b->c in r} }
