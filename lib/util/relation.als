module util/relation

-- relprove's own version of Alloy's relation module: properties of binary
-- relations, written from their textbook definitions.

fun dom [r: univ -> univ] : set univ { r.univ }
fun ran [r: univ -> univ] : set univ { univ.r }

-- every element of s is related to something / at most one / exactly one thing
pred total [r: univ -> univ, s: set univ] { all x: s | some x.r }
pred functional [r: univ -> univ, s: set univ] { all x: s | lone x.r }
pred function [r: univ -> univ, s: set univ] { all x: s | one x.r }

-- every element of s is related from something / at most one / exactly one thing
pred surjective [r: univ -> univ, s: set univ] { all x: s | some r.x }
pred injective [r: univ -> univ, s: set univ] { all x: s | lone r.x }
pred bijective [r: univ -> univ, s: set univ] { all x: s | one r.x }
pred bijection [r: univ -> univ, d, c: set univ] { function[r, d] and bijective[r, c] }

pred reflexive [r: univ -> univ, s: set univ] { s <: iden in r }
pred irreflexive [r: univ -> univ] { no iden & r }
pred symmetric [r: univ -> univ] { ~r in r }
pred antisymmetric [r: univ -> univ] { ~r & r in iden }
pred transitive [r: univ -> univ] { r.r in r }
pred acyclic [r: univ -> univ, s: set univ] { all x: s | no x & x.^r }
pred complete [r: univ -> univ, s: set univ] { all x, y: s | x = y or x -> y in r + ~r }

pred preorder [r: univ -> univ, s: set univ] { reflexive[r, s] and transitive[r] }
pred equivalence [r: univ -> univ, s: set univ] { preorder[r, s] and symmetric[r] }
pred partialOrder [r: univ -> univ, s: set univ] { preorder[r, s] and antisymmetric[r] }
pred totalOrder [r: univ -> univ, s: set univ] { partialOrder[r, s] and complete[r, s] }
