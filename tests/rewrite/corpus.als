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
-- Kleene algebra: closures and stars (decided by the KA procedure)
assert ka_trans { ^r.^r in ^r }
assert ka_closure_union { ^r + ^s in ^(r + s) }
assert ka_denest { *(r + s) = *r.*(s.*r) }
assert ka_slide { r.*(s.r) = *(r.s).r }
assert ka_slide_closure { ^(r.s).r = r.^(s.r) }
assert ka_star_star { *r.*r = *r }
assert ka_closure_star { ^r.*r = ^r }
assert ka_star_closure { *r.^r = ^r }
assert ka_closure_in_star { ^r in *r }
assert ka_in_closure { r in ^r }
assert ka_iden_in_star { iden in *r }
assert ka_star_unfold_l { *r = iden + r.*r }
assert ka_star_unfold_r { *r = iden + *r.r }
assert ka_closure_step { ^r.r in ^r }
assert ka_closure_of_star { ^(*r) = *r }
assert ka_star_of_closure { *(^r) = *r }
assert ka_star_iden { *(r + iden) = *r }
assert ka_star_union_star { *(*r + *s) = *(r + s) }
assert ka_star_product { *r.*s in *(r + s) }
assert ka_star_denest_closure { *(r.*r) = *r }
assert ka_union_closure3 { ^r + ^s + ^t in ^(r + s + t) }
assert ka_hb_trans { ^(r + s).^(r + s) in ^(r + s) }
assert ka_hb_parts { r in ^(r + s) and s.r in ^(r + s) }
assert ka_letters_inter { ^(r & s).^(r & s) in ^(r & s) }
assert ka_letters_domr { ^(X <: r) in *(X <: r) }
assert ka_fr { ^(~r.s + t) in *(~r.s + t + s) }
assert ka_closure_idem_union { ^(^r + ^s) = ^(r + s) }
assert ka_star_closure_union { *r + ^s in *(r + s) }
assert ka_no_closure { no s implies no ^s }
-- egg normalises (converse pushed to the names), then KA decides
assert eggka_conv_trans { ~(^r.^r) in ^~r }
assert eggka_conv_closure_join { ~^(r.s) = ^(~s.~r) }
assert eggka_conv_star { ~(*r.s) = ~s.*~r }
-- with hypotheses (the fact h in r, and premises)
assert ka_hyp_star { *h in *r }
assert ka_hyp_star_join { *h.r in *r.r }
assert ka_hyp_closure_union { ^(h + r) = ^r }
assert ka_mono_premise { s in t implies ^s in ^t }
assert ka_mono_premise2 { s in t implies *s.s in *t.t }
assert ka_hoare { no s.r implies *(r + s) = *r.*s }
assert ka_hoare_closure { no r.r implies ^r = r }
assert ka_transitive { r.r in r implies ^r = r }
assert ka_eq_premise { s = r.t implies ^s in ^(r.t) }
-- from proofs/mapping_*.v: symmetric and transitive relations (cloc), hb
assert map_cloc_trans { s.s in s implies ^s in s }
assert map_cloc_sym_closure { ~s in s implies ~^s in ^s }
assert map_hb_closure { r.r in r and s in r implies ^(r + s) in r }
assert ka_no_goal { no s.r implies no ^s.^r }
assert ka_eq_letter { t = r.s implies ^t.^t in ^(r.s) }
assert map_two_orders { r.r in r and t.t in t implies ^r.^t in r.t }
assert ka_star_ind_l { r.s in s implies *r.s in s }
assert ka_star_ind_r { s.r in s implies s.*r = s }
-- false lemmas
assert F_star_in_closure { *r in ^r }
assert F_closure_union_rev { ^(r + s) in ^r + ^s }
assert F_closure_join { ^(r.s) = ^r.^s }
assert F_star_join_comm { *r.*s = *s.*r }
assert F_denest_wrong { *(r + s) = *r.*s }
assert F_slide_wrong { r.*(s.r) = *(s.r).r }
assert F_closure_square { ^r.^r = ^r }
assert F_star_iden { *r = iden }
assert F_mono_reversed { s in t implies ^t in ^s }
assert F_hoare_wrong { no r.s implies *(r + s) = *r.*s }
assert F_trans_star { r.r in r implies *r = r }
assert F_conv_star { ~*r = *r }
assert F_closure_iden { ^r in iden + r }
assert F_hyp_closure_rev { ^r in ^h }
assert F_closure_inter { ^(r & s) = ^r & ^s }
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
check ka_trans for 3 expect 0
check ka_closure_union for 3 expect 0
check ka_denest for 3 expect 0
check ka_slide for 3 expect 0
check ka_slide_closure for 3 expect 0
check ka_star_star for 3 expect 0
check ka_closure_star for 3 expect 0
check ka_star_closure for 3 expect 0
check ka_closure_in_star for 3 expect 0
check ka_in_closure for 3 expect 0
check ka_iden_in_star for 3 expect 0
check ka_star_unfold_l for 3 expect 0
check ka_star_unfold_r for 3 expect 0
check ka_closure_step for 3 expect 0
check ka_closure_of_star for 3 expect 0
check ka_star_of_closure for 3 expect 0
check ka_star_iden for 3 expect 0
check ka_star_union_star for 3 expect 0
check ka_star_product for 3 expect 0
check ka_star_denest_closure for 3 expect 0
check ka_union_closure3 for 3 expect 0
check ka_hb_trans for 3 expect 0
check ka_hb_parts for 3 expect 0
check ka_letters_inter for 3 expect 0
check ka_letters_domr for 3 expect 0
check ka_fr for 3 expect 0
check eggka_conv_trans for 3 expect 0
check eggka_conv_closure_join for 3 expect 0
check eggka_conv_star for 3 expect 0
check ka_hyp_star for 3 expect 0
check ka_hyp_star_join for 3 expect 0
check ka_hyp_closure_union for 3 expect 0
check ka_mono_premise for 3 expect 0
check ka_mono_premise2 for 3 expect 0
check ka_hoare for 3 expect 0
check ka_hoare_closure for 3 expect 0
check ka_transitive for 3 expect 0
check ka_eq_premise for 3 expect 0
check map_cloc_trans for 3 expect 0
check map_cloc_sym_closure for 3 expect 0
check map_hb_closure for 3 expect 0
check ka_closure_idem_union for 3 expect 0
check ka_star_closure_union for 3 expect 0
check ka_no_closure for 3 expect 0
check ka_no_goal for 3 expect 0
check ka_eq_letter for 3 expect 0
check map_two_orders for 3 expect 0
check ka_star_ind_l for 3 expect 0
check ka_star_ind_r for 3 expect 0
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
check F_star_in_closure for 3 expect 1
check F_closure_union_rev for 3 expect 1
check F_closure_join for 3 expect 1
check F_star_join_comm for 3 expect 1
check F_denest_wrong for 3 expect 1
check F_slide_wrong for 3 expect 1
check F_closure_square for 3 expect 1
check F_star_iden for 3 expect 1
check F_mono_reversed for 3 expect 1
check F_hoare_wrong for 3 expect 1
check F_trans_star for 3 expect 1
check F_conv_star for 3 expect 1
check F_closure_iden for 3 expect 1
check F_hyp_closure_rev for 3 expect 1
check F_closure_inter for 3 expect 1
