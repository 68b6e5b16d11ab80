sig E { po, rf, co, rmw: set E }

fact rmw_po { rmw in po }

assert conv_join { ~(po.rf) = ~rf.~po }
assert assoc { (po.rf).co = po.(rf.co) }
assert closure_idem { ^(^po) = ^po }
assert union_in { po in po + rf }
assert rmw_in { rmw.rf in po.rf }
assert rmw_in2 { rmw + po = po and rmw & po = rmw }
assert false_comm { po.rf = rf.po }
assert false_in { po in rmw }
assert domain { (E <: po) :> E in po }

fact rf_co_disjoint { no rf & co }
assert no_goal { no ~co & ~rf }
assert no_conv { no ~(rf & co) }

fun optional[r: E -> E] : E -> E { r + iden }
pred ordered { co in po and rf in po }
assert opt_conv { ~(optional[po]) = optional[~po] }
assert premise { ordered => co.rf in po.po }
