module util/integer

-- relprove's own version of Alloy's integer module. `plus`, `minus`, `mul`,
-- `div` and `rem` are built into relprove; the rest is defined from them.

fun add [n1, n2: Int] : Int { plus[n1, n2] }
fun sub [n1, n2: Int] : Int { minus[n1, n2] }
fun negate [n: Int] : Int { minus[0, n] }

pred eq [n1, n2: Int] { int[n1] = int[n2] }
pred gt [n1, n2: Int] { n1 > n2 }
pred lt [n1, n2: Int] { n1 < n2 }
pred gte [n1, n2: Int] { n1 >= n2 }
pred lte [n1, n2: Int] { n1 =< n2 }

pred zero [n: Int] { n = 0 }
pred pos [n: Int] { n > 0 }
pred neg [n: Int] { n < 0 }
pred nonpos [n: Int] { n =< 0 }
pred nonneg [n: Int] { n >= 0 }

fun signum [n: Int] : Int { n < 0 => minus[0, 1] else (n > 0 => 1 else 0) }
fun larger [n1, n2: Int] : Int { n1 > n2 => n1 else n2 }
fun smaller [n1, n2: Int] : Int { n1 < n2 => n1 else n2 }

-- the greatest / least integer of the bitwidth
fun max : one Int { {x: Int | no y: Int | y > x} }
fun min : one Int { {x: Int | no y: Int | y < x} }

-- the greatest / least integer of a set (none when the set is empty)
fun max [es: set Int] : lone Int { {x: es | no y: es | y > x} }
fun min [es: set Int] : lone Int { {x: es | no y: es | y < x} }

-- the integers above / below some integer of `e` (Alloy's `e.^next`,
-- `e.^prev`; this module does not see util/integer's own `next`)
fun nexts [e: Int] : set Int { {x: Int | some y: e | x > y} }
fun prevs [e: Int] : set Int { {x: Int | some y: e | x < y} }
