module util/natural

-- relprove's own version of Alloy's util/natural: natural numbers as the
-- atoms of Natural in a total order, Zero the first. Arithmetic results
-- that do not fit the scope are empty. Written for relprove from the
-- documented meaning of the module.

private open util/ordering[Natural] as ord

sig Natural {}
one sig Zero in Natural {}
fact zeroIsFirst { Zero = ord/first }

-- the number a Natural stands for: how many come before it
private fun val [n: Natural] : Int { #ord/prevs[n] }
-- the Natural that stands for i (none when out of scope)
private fun nat [i: Int] : lone Natural { {n: Natural | val[n] = i} }

fun One : lone Natural { ord/next[Zero] }
fun inc [n: Natural] : lone Natural { ord/next[n] }
fun dec [n: Natural] : lone Natural { ord/prev[n] }
fun add [n1, n2: Natural] : lone Natural { nat[plus[val[n1], val[n2]]] }
fun sub [n1, n2: Natural] : lone Natural { nat[minus[val[n1], val[n2]]] }
fun mul [n1, n2: Natural] : lone Natural { nat[fun/mul[val[n1], val[n2]]] }
-- as Alloy's util/natural: the n with n1 = n2 * n (none when the division
-- is not exact; every Natural for 0 / 0)
fun div [n1, n2: Natural] : lone Natural { {n: Natural | val[n1] = fun/mul[val[n2], val[n]]} }

pred gt  [n1, n2: Natural] { ord/gt[n1, n2] }
pred lt  [n1, n2: Natural] { ord/lt[n1, n2] }
pred gte [n1, n2: Natural] { ord/gte[n1, n2] }
pred lte [n1, n2: Natural] { ord/lte[n1, n2] }

fun max [ns: set Natural] : lone Natural { ord/max[ns] }
fun min [ns: set Natural] : lone Natural { ord/min[ns] }
