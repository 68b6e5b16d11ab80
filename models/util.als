module util

-- Relation helpers shared by every memory model in models/.
--
-- The memory-model papers write their axioms with a handful of standard
-- relational operators; each one is defined here once, over univ, so that
-- every model states its axioms in the paper's own vocabulary:
--   acyclic(r)      r+ has no loop                 (seed 000 Fig. 2, 7, 10)
--   irreflexive(r)  r has no loop of length one    (seed 000 Fig. 7)
--   [s]             identity restricted to s       (seed 000 §3.5.1)
--   r?              r united with the identity     (seed 000 Fig. 4)

-- r? : the reflexive closure "optional r" (only iden, no closure).
fun optional[r: univ->univ] : univ->univ { iden + r }

-- [s] : the identity on the set s, written "[s]" in the papers.
fun ident[s: univ] : univ->univ { iden & s->s }

-- The immediate part of a relation: pairs with nothing in between.
fun imm[r: univ->univ] : univ->univ { r - r.r }

-- The symmetric core of a relation.
fun symm[r: univ->univ] : univ->univ { r & ~r }

-- Restriction of r to pairs that both lie in s.
fun within[r: univ->univ, s: univ] : univ->univ { s <: r :> s }

pred irreflexive[r: univ->univ] { no iden & r }

pred acyclic[r: univ->univ] { no iden & ^r }

pred transitive[r: univ->univ] { r.r in r }

-- Strict partial order: irreflexive and transitive (hence acyclic).
pred strict_partial_order[r: univ->univ] {
  irreflexive[r]
  transitive[r]
}

-- r orders every two distinct elements of s one way or the other.
pred total[r: univ->univ, s: univ] {
  all disj a, b: s | a->b in r or b->a in r
}

-- r is a strict total order on s (and relates nothing outside s).
pred strict_total_order[r: univ->univ, s: univ] {
  r in s->s
  strict_partial_order[r]
  total[r, s]
}
