module util/ordering[exactly elem]

-- relprove's own version of Alloy's ordering module: a total order over the
-- atoms of `elem`, recorded in the relations of the single atom of `Ord`.
-- Written for relprove from the documented meaning of util/ordering.

one sig Ord {
  First: lone elem,
  Next: elem -> lone elem
}

fact ordering_is_total {
  no elem implies no Ord.First
  some elem implies one Ord.First
  -- every element is reached from the first one
  elem in Ord.First.*(Ord.Next)
  -- nothing comes before the first element
  no Ord.First & elem.(Ord.Next)
  -- each element has at most one predecessor, and the order has no cycles
  all e: elem | lone (Ord.Next).e
  no e: elem | e in e.^(Ord.Next)
}

-- the first and last elements (none when elem is empty)
fun first : lone elem { Ord.First }
fun last : lone elem { elem - (Ord.Next).elem }

-- the successor and predecessor relations
fun next : elem -> lone elem { Ord.Next }
fun prev : elem -> lone elem { ~(Ord.Next) }

-- all elements after / before e
fun nexts [e: elem] : set elem { e.^(Ord.Next) }
fun prevs [e: elem] : set elem { e.^(~(Ord.Next)) }

pred lt [e1, e2: elem] { e1 in prevs[e2] }
pred gt [e1, e2: elem] { e1 in nexts[e2] }
pred lte [e1, e2: elem] { e1 = e2 or lt[e1, e2] }
pred gte [e1, e2: elem] { e1 = e2 or gt[e1, e2] }

fun larger [e1, e2: elem] : elem { lt[e1, e2] => e2 else e1 }
fun smaller [e1, e2: elem] : elem { lt[e1, e2] => e1 else e2 }

-- the greatest / least element of a set (none when the set is empty)
fun max [es: set elem] : lone elem { es - es.^(~(Ord.Next)) }
fun min [es: set elem] : lone elem { es - es.^(Ord.Next) }
