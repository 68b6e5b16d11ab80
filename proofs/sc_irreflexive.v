(* Seed 002 (Appendix B.3) states scoped RC11's SC axiom as
   "(psc ∩ ms) is irreflexive", where seed 000 (Fig. 10c) and Lahav et al.
   have acyclic([incl] ∩ psc). The irreflexive form is not an axiom at all:
   every execution satisfying Coherence, irreflexive(hb; eco?), has an
   irreflexive psc (`psc_irreflexive`), whatever its scopes. So Fig. 11
   preserves the irreflexive form for every size, by Theorem 1
   (`fig11_sc_irreflexive_holds`), while it does not preserve the acyclic
   form (theorem3_refutation.v): the two forms differ, and only the acyclic
   one constrains SC. Seed 002's own proof (its Appendix, "X_s contains a
   (psc ∩ ms) cycle") argues about cycles, i.e. the acyclic form. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require mapping_atomicity mapping_coherence.

Section Irreflexive.
Context {A : Type} (i : Instance A) (HF : compile_src11_ptx_facts i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let E := ptx_Event P.
Let Ad := ptx_Address P.
Let Sc := ptx_Scope P.
Let hb := src11_hb U S E Ad Sc.
Let eco := src11_eco U S E Ad Sc.

Hypothesis Hcoh : src11_rc11_coherence U S E Ad Sc.

Lemma hb_cyc : forall a b, hb a b -> (b = a \/ eco b a) -> False.
Proof.
  intros a b H1 H2. apply Hcoh. exists a, a. split; [reflexivity |]. exists b. split; [exact H1 | exact H2].
Qed.

Lemma hb_trans : forall a b c, hb a b -> hb b c -> hb a c.
Proof. intros a b c H1 H2. exact (closure_trans_pt _ _ a b c H1 H2). Qed.

Lemma hb_back : forall a b, hb a b -> (b = a \/ hb b a) -> False.
Proof.
  intros a b H [-> | H']; [exact (hb_cyc a a H (or_introl eq_refl)) |].
  exact (hb_cyc a a (hb_trans a b a H H') (or_introl eq_refl)).
Qed.

(* An scb edge cannot be closed by hb? *)
Lemma scb_back : forall a b, src11_scb U S E Ad Sc a b -> (b = a \/ hb b a) -> False.
Proof.
  intros a b [[[[Hsb | (d & (c & Hac & Hcd) & Hdb)] | [Hh _]] | Hmo] | Hrb] Hback.
  - exact (hb_back a b (closure_step (or_introl Hsb)) Hback).
  - assert (Hab : hb a b).
    { apply (hb_trans a c b (closure_step (or_introl (proj1 Hac)))).
      exact (hb_trans c d b Hcd (closure_step (or_introl (proj1 Hdb)))). }
    exact (hb_back a b Hab Hback).
  - exact (hb_back a b Hh Hback).
  - destruct Hback as [-> | Hba].
    + exact (proj1 (proj2 (mapping_atomicity.cmo_facts i HF)) a Hmo).
    + exact (hb_cyc b a Hba (or_intror (closure_step (or_introl (or_intror Hmo))))).
  - destruct Hback as [-> | Hba].
    + destruct (mapping_atomicity.rb_cread_cwrite i HF a a Hrb) as [Hr Hw].
      exact (mapping_atomicity.cread_not_cwrite i HF a Hr Hw).
    + exact (hb_cyc b a Hba (or_intror (closure_step (or_intror Hrb)))).
Qed.

Theorem psc_irreflexive : forall x, ~ src11_psc U S E Ad Sc x x.
Proof.
  intros x [(b & (a & Hl & Hab) & Hr) | [_ [Hp _]]].
  - assert (Hxa : x = a \/ hb x a).
    { destruct Hl as [[Hxa _] | (c & [Hxc _] & Hca)]; [left; exact Hxa |].
      red in Hxc. subst c. destruct Hca as [Hca | Hca]; [left; exact Hca | right; exact Hca]. }
    assert (Hbx : b = x \/ hb b x).
    { destruct Hr as [[Hbx _] | (c & Hbc & [Hcx _])]; [left; exact Hbx |].
      red in Hcx. subst c. destruct Hbc as [Hbc | Hbc]; [left; exact Hbc | right; exact Hbc]. }
    apply (scb_back a b Hab).
    destruct Hxa as [<- | Hxa]; destruct Hbx as [-> | Hbx].
    + left; reflexivity.
    + right; exact Hbx.
    + right; exact Hxa.
    + right; exact (hb_trans b x a Hbx Hxa).
  - destruct Hp as [Hh | (b & (a & Hxa & Hab) & Hbx)].
    + exact (hb_cyc x x Hh (or_introl eq_refl)).
    + exact (hb_cyc b a (hb_trans b x a Hbx Hxa) (or_intror Hab)).
Qed.

(* The irreflexive form of the SC axiom, with [incl] as in this project. *)
Theorem incl_psc_irreflexive :
  util_irreflexive U (inter 2 (src11_incl U S E Ad Sc) (src11_psc U S E Ad Sc)).
Proof. intros (x & y & Heq & _ & Hp). red in Heq. subst y. exact (psc_irreflexive x Hp). Qed.

End Irreflexive.

(* Fig. 11 preserves the irreflexive form of SC, for every size. *)
Theorem fig11_sc_irreflexive_holds : forall (A : Type) (i : Instance A),
  compile_src11_ptx_facts i -> compile_src11_ptx_1 i ->
  util_irreflexive (m_util i)
    (inter 2
      (src11_incl (m_util i) (m_src11 i) (ptx_Event (m_ptx i)) (ptx_Address (m_ptx i)) (ptx_Scope (m_ptx i)))
      (src11_psc (m_util i) (m_src11 i) (ptx_Event (m_ptx i)) (ptx_Address (m_ptx i)) (ptx_Scope (m_ptx i)))).
Proof.
  intros A i HF HC.
  exact (incl_psc_irreflexive i HF (mapping_coherence.src11_ptx_coherence_holds A i HF HC)).
Qed.
