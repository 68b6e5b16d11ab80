(* Toward Theorem 3 (§6.2): "we pre-convert m_o_seq_cst memory events into
   m_o_acquire or m_o_release events preceded by m_o_seq_cst fences; this has
   no effect on the mappings of Section 4, which already uses leading fences."
   Every SC event of the C++ execution has a PTX fence.sc at or po-before its
   main image: its own leading fence, the leading fence of its RMW's read part
   (for the write part of an RMW^SC), or itself (an SC fence). *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb mapping_ptx mapping_atomicity.

Section ScFences.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let map := src11_map S.
Let SCev := src11_SCev U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

Tactic Notation "hier" int(n) ident(H) :=
  let Hf := fresh "Hh" in
  pose proof HF as [Hf _]; unfold hierarchy in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H Hf]; clear Hf.

Ltac disj :=
  let Hh := fresh "Hh" in
  pose proof HF as [Hh _]; unfold hierarchy in Hh;
  repeat match type of Hh with _ /\ _ => let H := fresh "Hd" in destruct Hh as [H Hh] end;
  exfalso;
  match goal with H : no 1 (inter 1 _ _) |- _ => apply H; eexists; split; eassumption end.

(* The read part of an RMW whose write part is SC is SC (S4). *)
Lemma rmw_sc_read : forall r w, src11_crmw S r w -> SCev w -> SCev r.
Proof.
  intros r w Hrmw (o & Ho & Hsc).
  pose proof (crmw_cread i HF r w Hrmw) as Hr.
  destruct (ord_exists i HF r (cread_cevent i HF r Hr)) as [o' Ho'].
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & (_ & _ & _ & Hpairs) & _)).
  assert (Hdom : join 1 0 (src11_crmw S) (src11_CWrite S) r)
    by (exists w; split; [exact Hrmw | exact (crmw_cwrite i HF r w Hrmw)]).
  assert (Hp : src11_ord S r o' /\ (exists w', src11_crmw S r w' /\ src11_ord S w' o))
    by (split; [exact Ho' | exists w; split; assumption]).
  pose proof (Hpairs r Hdom o' o) as Hpair.
  assert (Hin : product 1 1 (join 0 1 (single r) (src11_ord S))
                  (join 0 1 (join 0 1 (single r) (src11_crmw S)) (src11_ord S)) o' o).
  { split; [apply join_single_l; exact Ho' |].
    exists w. split; [apply join_single_l; exact Hrmw | exact Ho]. }
  destruct (Hpair Hin) as [[[[[H1 H2] | [H1 H2]] | [H1 H2]] | [H1 H2]] | [H1 H2]];
    [disj | disj | disj | disj | exists o'; split; assumption].
Qed.

Lemma sc_cevent : forall e, SCev e -> src11_CEvent S e.
Proof. intros e (o & Ho & _). exact (ord_cevent i HF e o Ho). Qed.

(* Every SC event has a fence.sc image, of itself or of its RMW's read part,
   at or po-before its main image. *)
Theorem sc_leading_fence : forall e M, SCev e -> main i e M ->
  exists x F, ptx_FenceSC P F /\ map x F /\ (x = e \/ src11_crmw S x e) /\
    (F = M \/ ptx_po P F M).
Proof.
  intros e M Hsc HM.
  pose proof HC as [[_ [_ [[Hrd [Hwr [Hfe _]]] _]]] Hrsc].
  hier 77 Hce. destruct (Hce e (sc_cevent e Hsc)) as [Hm | Hf].
  - hier 80 Hrw. destruct (Hrw e Hm) as [Hr | Hw].
    + destruct Hrd as (_ & _ & _ & Hscr).
      destruct (fenced_op_elim i e _ (Hscr e (conj Hr Hsc))) as (F & X & HFs & HX & HmF & HmX & Hpo & _).
      assert (HXM : X = M).
      { apply (main_unique i HF HC e X M); [split; [exact HmX | left; exact (read_mem i HF X (acquire_read i HF X HX))] | exact HM]. }
      subst X. exists e, F. repeat split; auto.
    + destruct (Classical_Prop.classic (join 0 1 (src11_CRead S) (src11_crmw S) e)) as [(r & Hr & Hrmw) | Hno].
      * pose proof (rmw_sc_read r e Hrmw Hsc) as Hscr'.
        destruct Hrd as (_ & _ & _ & Hscr).
        destruct (fenced_op_elim i r _ (Hscr r (conj Hr Hscr'))) as (F & X & HFs & HX & HmF & HmX & Hpo & _).
        destruct (crmw_imm i HF r e Hrmw) as [Hsb _].
        exists r, F. repeat split; auto.
        right. exact (po_trans i HF F X M Hpo (sb_lowers_to_po i HF HC r e X M Hsb HmX (proj1 HM))).
      * destruct Hwr as (_ & _ & _ & Hscw).
        destruct (fenced_op_elim i e _ (Hscw e (conj (conj Hw Hno) Hsc))) as (F & X & HFs & HX & HmF & HmX & Hpo & _).
        assert (HXM : X = M).
        { apply (main_unique i HF HC e X M); [split; [exact HmX | left; exact (write_mem i HF X (release_write i HF X HX))] | exact HM]. }
        subst X. exists e, F. repeat split; auto.
  - destruct Hfe as (_ & _ & _ & Hscf).
    destruct (lone_op_elim i e _ (Hscf e (conj Hf Hsc))) as (F & HmF & HFs & Hu).
    exists e, F. repeat split; auto. left. exact (eq_sym (Hu M (proj1 HM))).
Qed.

End ScFences.
