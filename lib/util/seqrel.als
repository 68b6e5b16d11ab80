module util/seqrel[elem]

-- relprove's own version of Alloy's util/seqrel: sequences as relations
-- from an ordered sig of indices, SeqIdx, to elem. Written for relprove
-- from the meaning of each function in the Analyzer's library (the same
-- results, including at the end of SeqIdx, where `add` does nothing, and
-- `append`'s shift by the position after the first sequence's last index);
-- checked against the Analyzer by tests/fixtures/alloy_features/seqrel.als.

open util/ordering[SeqIdx] as ord

sig SeqIdx {}

-- how many indices come before i (0 for the first)
private fun pos [i: SeqIdx] : Int { #ord/prevs[i] }

-- s has at most one element per index, and its indices have no gaps
pred isSeq [s: SeqIdx -> elem] {
  s in SeqIdx -> lone elem
  all i: inds[s] - ord/first | ord/prev[i] in inds[s]
}

fun elems [s: SeqIdx -> elem] : set elem { SeqIdx.s }
fun inds [s: SeqIdx -> elem] : set SeqIdx { s.elem }
fun first [s: SeqIdx -> elem] : lone elem { ord/first.s }
fun lastIdx [s: SeqIdx -> elem] : lone SeqIdx { ord/max[inds[s]] }
fun last [s: SeqIdx -> elem] : lone elem { lastIdx[s].s }
fun afterLastIdx [s: SeqIdx -> elem] : lone SeqIdx { ord/min[SeqIdx - inds[s]] }

-- every element moved one index down (the first is dropped)
fun rest [s: SeqIdx -> elem] : SeqIdx -> elem { ord/next.s }
fun butlast [s: SeqIdx -> elem] : SeqIdx -> elem { s - lastIdx[s] -> elem }

pred isEmpty [s: SeqIdx -> elem] { no s }
pred hasDups [s: SeqIdx -> elem] { #elems[s] < #inds[s] }

fun indsOf [s: SeqIdx -> elem, e: elem] : set SeqIdx { s.e }
fun idxOf [s: SeqIdx -> elem, e: elem] : lone SeqIdx { ord/min[indsOf[s, e]] }
fun lastIdxOf [s: SeqIdx -> elem, e: elem] : lone SeqIdx { ord/max[indsOf[s, e]] }

fun setAt [s: SeqIdx -> elem, i: SeqIdx, e: elem] : SeqIdx -> elem { s ++ i -> e }
fun add [s: SeqIdx -> elem, e: elem] : SeqIdx -> elem { setAt[s, afterLastIdx[s], e] }

-- e at i; what was at i and after moves one index up (the last may fall off)
fun insert [s: SeqIdx -> elem, i: SeqIdx, e: elem] : SeqIdx -> elem {
  (ord/prevs[i] <: s) + i -> e + ord/prev.((i + ord/nexts[i]) <: s)
}

-- what was after i moves one index down
fun delete [s: SeqIdx -> elem, i: SeqIdx] : SeqIdx -> elem {
  (ord/prevs[i] <: s) + ord/next.(ord/nexts[i] <: s)
}

-- s2 after s1: s2's index k goes to position k + pos(lastIdx[s1]) + 1
fun append [s1, s2: SeqIdx -> elem] : SeqIdx -> elem {
  s1 + {j: SeqIdx, x: elem | some k: SeqIdx |
          k -> x in s2 and pos[j] = plus[pos[k], plus[#ord/prevs[lastIdx[s1]], 1]]}
}

-- the part of s from `from` to `to`, moved to start at the first index
fun subseq [s: SeqIdx -> elem, from, to: SeqIdx] : SeqIdx -> elem {
  {j: SeqIdx, x: elem | some k: SeqIdx - ord/nexts[to] |
     k -> x in s and pos[j] = minus[pos[k], pos[from]]}
}

fun firstIdx : SeqIdx { ord/first }
fun finalIdx : SeqIdx { ord/last }
