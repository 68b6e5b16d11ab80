-- A corpus of relational lemmas for the egg rewriter (`relprove prove`).
-- True lemmas are checked `expect 0`, false ones `expect 1`: the bounded
-- checker confirms each verdict, and the rewriter must prove none of the
-- false ones. `h in r` is a hypothesis (fact).
sig E { r, s, t, h: set E }
sig X, Y in E {}

fact hyp { h in r }

-- converse
assert conv_join { ~(r.s) = ~s.~r }
assert conv_conv { ~~r = r }
assert conv_union { ~(r + s) = ~r + ~s }
assert conv_inter { ~(r & s) = ~r & ~s }
assert conv_diff { ~(r - s) = ~r - ~s }
assert conv_iden { ~iden = iden }
assert conv_closure { ~^r = ^~r }
assert conv_join3 { ~(r.s.t) = ~t.~s.~r }
assert conv_nested { ~(~r.~s) = s.r }
assert conv_deep { ~(r.(s + t)) = ~s.~r + ~t.~r }
assert conv_product { ~(X -> Y) = Y -> X }
-- join
assert join_assoc3 { (r.s).t = r.(s.t) }
assert join_assoc4 { ((r.s).t).r = r.(s.(t.r)) }
assert join_distr_l { r.(s + t) = r.s + r.t }
assert join_distr_r { (r + s).t = r.t + s.t }
assert iden_join { iden.r = r }
assert join_iden { r.iden = r }
assert set_join_assoc { (X.r).s = X.(r.s) }
assert set_iden { X.iden = X }
assert join_none { r.(none -> none) = none -> none }
-- union, intersection, difference
assert union_comm { r + s = s + r }
assert union_assoc3 { (r + s) + t = t + (s + r) }
assert union_idem { r + r = r }
assert inter_idem { r & r = r }
assert absorb_union { r + (r & s) = r }
assert absorb_inter { r & (r + s) = r }
assert inter_distr { r & (s + t) = (r & s) + (r & t) }
assert union_distr { r + (s & t) = (r + s) & (r + t) }
assert none_union { r + none -> none = r }
assert diff_self { r - r = none -> none }
assert diff_union { (r + s) - t = (r - t) + (s - t) }
assert inter_none { r & (none -> none) = none -> none }
assert diff_diff { r - (s + t) = (r - s) - t }
assert in_union { r in r + s }
assert inter_in { r & s in r }
assert diff_in { r - s in r }
assert union_diff_cancel { (r - s) + s = r + s }
-- closures
assert closure_idem { ^^r = ^r }
assert rclosure_idem { **r = *r }
assert rclosure_def { *r = ^r + iden }
assert closure_unfold_l { r + r.^r = ^r }
assert closure_unfold_r { r + ^r.r = ^r }
assert closure_rclosure { r.*r = ^r }
assert closure_none { ^(none -> none) = none -> none }
assert closure_iden { ^iden = iden }
assert conv_rclosure { ~*r = *~r }
-- restrictions, override, product
assert domr_univ { univ <: r = r }
assert ranr_univ { r :> univ = r }
assert domr_domr { X <: (Y <: r) = (X & Y) <: r }
assert conv_domr { ~(X <: r) = ~r :> X }
assert domr_in { X <: r in r }
assert ranr_in { r :> X in r }
assert override_none { r ++ (none -> none) = r }
assert product_distr { (X + Y) -> E = (X -> E) + (Y -> E) }
-- with the hypothesis h in r
assert hyp_union { h + r = r }
assert hyp_join { h.s in r.s }
assert hyp_conv { ~h in ~r }
assert hyp_closure { ^h in ^r }
-- false lemmas
assert F_join_comm { r.s = s.r }
assert F_conv_join { ~(r.s) = ~r.~s }
assert F_closure_drop { ^r = r }
assert F_union_in { r + s in r }
assert F_diff_comm { r - s = s - r }
assert F_join_idem { r.r = r }
assert F_rclosure { *r = ^r }
assert F_inter_union { r & s = r + s }
assert F_conv_self { ~r = r }
assert F_hyp_rev { r in h }
assert F_domr_ranr { X <: r = r :> X }
assert F_product_comm { X -> Y = Y -> X }
assert F_join_inter { r.(s & t) = r.s & r.t }
assert F_closure_union { ^(r + s) = ^r + ^s }
assert F_diff_assoc { (r - s) - t = r - (s - t) }

check conv_join for 3 expect 0
check conv_conv for 3 expect 0
check conv_union for 3 expect 0
check conv_inter for 3 expect 0
check conv_diff for 3 expect 0
check conv_iden for 3 expect 0
check conv_closure for 3 expect 0
check conv_join3 for 3 expect 0
check conv_nested for 3 expect 0
check conv_deep for 3 expect 0
check conv_product for 3 expect 0
check join_assoc3 for 3 expect 0
check join_assoc4 for 3 expect 0
check join_distr_l for 3 expect 0
check join_distr_r for 3 expect 0
check iden_join for 3 expect 0
check join_iden for 3 expect 0
check set_join_assoc for 3 expect 0
check set_iden for 3 expect 0
check join_none for 3 expect 0
check union_comm for 3 expect 0
check union_assoc3 for 3 expect 0
check union_idem for 3 expect 0
check inter_idem for 3 expect 0
check absorb_union for 3 expect 0
check absorb_inter for 3 expect 0
check inter_distr for 3 expect 0
check union_distr for 3 expect 0
check none_union for 3 expect 0
check diff_self for 3 expect 0
check diff_union for 3 expect 0
check inter_none for 3 expect 0
check diff_diff for 3 expect 0
check in_union for 3 expect 0
check inter_in for 3 expect 0
check diff_in for 3 expect 0
check union_diff_cancel for 3 expect 0
check closure_idem for 3 expect 0
check rclosure_idem for 3 expect 0
check rclosure_def for 3 expect 0
check closure_unfold_l for 3 expect 0
check closure_unfold_r for 3 expect 0
check closure_rclosure for 3 expect 0
check closure_none for 3 expect 0
check closure_iden for 3 expect 0
check conv_rclosure for 3 expect 0
check domr_univ for 3 expect 0
check ranr_univ for 3 expect 0
check domr_domr for 3 expect 0
check conv_domr for 3 expect 0
check domr_in for 3 expect 0
check ranr_in for 3 expect 0
check override_none for 3 expect 0
check product_distr for 3 expect 0
check hyp_union for 3 expect 0
check hyp_join for 3 expect 0
check hyp_conv for 3 expect 0
check hyp_closure for 3 expect 0
check F_join_comm for 3 expect 1
check F_conv_join for 3 expect 1
check F_closure_drop for 3 expect 1
check F_union_in for 3 expect 1
check F_diff_comm for 3 expect 1
check F_join_idem for 3 expect 1
check F_rclosure for 3 expect 1
check F_inter_union for 3 expect 1
check F_conv_self for 3 expect 1
check F_hyp_rev for 3 expect 1
check F_domr_ranr for 3 expect 1
check F_product_comm for 3 expect 1
check F_join_inter for 3 expect 1
check F_closure_union for 3 expect 1
check F_diff_assoc for 3 expect 1
