module util/sequniv

-- relprove's own sequence library, with the functions and meanings of
-- Alloy's util/sequniv. A sequence is a relation `seq/Int -> lone univ`
-- whose indices are 0 .. n-1 (`seq/Int` is 0 .. maxseq-1, set by
-- `for ... N seq`). A module that declares `x: seq A` opens this module
-- as `seq`, as the Alloy Analyzer does.

-- helpers on Int (util/integer's next, nexts, prevs, max, min), private so
-- that they never clash with the opener's names
private fun inext : Int -> Int { {a, b: Int | a < b and int[b] = plus[a, 1]} }
private fun inexts [i: Int] : set Int { {j: Int | j > i} }
private fun iprevs [i: Int] : set Int { {j: Int | j < i} }
private fun imax [es: set Int] : lone Int { {x: es | no y: es | y > x} }
private fun imin [es: set Int] : lone Int { {x: es | no y: es | y < x} }

-- s is a sequence: at most one element per index, indices 0 .. n-1
pred isSeq [s: Int -> univ] {
  s in seq/Int -> lone univ
  s.univ - (s.univ).inext in 0
}

-- the elements
fun elems [s: Int -> univ] : set univ { seq/Int.s }

-- the first element (none when s is empty)
fun first [s: Int -> univ] : lone univ { s[0] }

-- the last element (none when s is empty)
fun last [s: Int -> univ] : lone univ { s[lastIdx[s]] }

-- s without its first element, the others moved down by one
fun rest [s: Int -> univ] : Int -> univ { seq/Int <: (inext.s) }

-- s without its last element
fun butlast [s: Int -> univ] : Int -> univ { (seq/Int - lastIdx[s]) <: s }

pred isEmpty [s: Int -> univ] { no s }

-- some element occurs twice
pred hasDups [s: Int -> univ] { #elems[s] < #inds[s] }

-- the indices
fun inds [s: Int -> univ] : set Int { s.univ }

-- the last index (none when s is empty)
fun lastIdx [s: Int -> univ] : lone Int { imax[inds[s]] }

-- the index after the last one (none when s is as long as maxseq)
fun afterLastIdx [s: Int -> univ] : lone Int { imin[seq/Int - inds[s]] }

-- the first / last index of e (none when e does not occur)
fun idxOf [s: Int -> univ, e: univ] : lone Int { imin[indsOf[s, e]] }
fun lastIdxOf [s: Int -> univ, e: univ] : lone Int { imax[indsOf[s, e]] }

-- every index of e
fun indsOf [s: Int -> univ, e: univ] : set Int { s.e }

-- s with e appended (s itself when s is as long as maxseq)
fun add [s: Int -> univ, e: univ] : Int -> univ { setAt[s, afterLastIdx[s], e] }

-- s with e at index i
fun setAt [s: Int -> univ, i: Int, e: univ] : Int -> univ { s ++ i -> e }

-- s with e inserted at index i, the later elements moved up by one (the
-- last one is lost when s is as long as maxseq)
fun insert [s: Int -> univ, i: Int, e: univ] : Int -> univ {
  seq/Int <: ((iprevs[i] <: s) + (i -> e) + (~inext).((inexts[i] + i) <: s))
}

-- s without index i, the later elements moved down by one
fun delete [s: Int -> univ, i: Int] : Int -> univ {
  (iprevs[i] <: s) + inext.(inexts[i] <: s)
}

-- s1 followed by s2 (cut at maxseq)
fun append [s1, s2: Int -> univ] : Int -> univ {
  no s1 => s2 else (s1 + {j, i: seq/Int | int[j] = plus[int[i], plus[int[lastIdx[s1]], 1]]}.s2)
}

-- the elements from index `from` to index `to`, moved down to start at 0
fun subseq [s: Int -> univ, from, to: Int] : Int -> univ {
  {j, i: seq/Int | int[j] = minus[int[i], int[from]]}.((seq/Int - inexts[to]) <: s)
}
