(* Consequences of the PTX axioms (Fig. 7) used by the mapping proofs:
   po ∪ cause_base (what hb lowers to) is respected by co, and contradicts
   fr in the other direction. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb.

Section Ptx.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let P := m_ptx i.
Let U := m_util i.

Ltac cons_ := let H := fresh "Hcons" in
  pose proof HC as [[_ [_ [_ [H _]]]] _]; unfold ptx_ptx_consistent in H.

Lemma loc_sym : forall X Y, ptx_loc U P X Y -> ptx_loc U P Y X.
Proof. intros X Y (a & H1 & H2). exists a; split; assumption. Qed.

Lemma co_loc : forall X Y, ptx_co P X Y -> ptx_loc U P X Y.
Proof. pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & (Hl & _) & _) & _). exact Hl. Qed.

Lemma fr_loc : forall R W, ptx_fr U P R W -> ptx_loc U P R W.
Proof.
  intros R W [(W0 & H1 & H2) | [_ [H _]]].
  - exact (loc_trans i HF R W0 W (loc_sym W0 R (rf_loc i HF W0 R H1)) (co_loc W0 W H2)).
  - exact H.
Qed.

Lemma po_same_thread : forall X Y, ptx_po P X Y -> ptx_same_thread U P X Y.
Proof. pose proof HF as (_ & _ & _ & (_ & (Hl & _) & _) & _). exact Hl. Qed.

(* Events related by po are morally strong, both ways, when at one address. *)
Lemma po_ms : forall X Y, ptx_po P X Y -> ptx_loc U P X Y -> ptx_ms U P X Y /\ ptx_ms U P Y X.
Proof.
  intros X Y Hpo Hl. destruct (po_same_thread X Y Hpo) as (T & H1 & H2).
  split; (split; [left; exists T; split; assumption | intros [_ Hn]; apply Hn]);
    [exact Hl | exact (loc_sym X Y Hl)].
Qed.

(* Two-step cycles of (ms ∩ (rf ∪ co ∪ fr)) ∪ po_loc contradict SC-per-Location. *)
Lemma sc_per_loc_2 : forall X Y, ptx_ms U P X Y ->
  (ptx_rf P X Y \/ ptx_co P X Y \/ ptx_fr U P X Y) -> ptx_po P Y X -> ptx_loc U P Y X -> False.
Proof.
  intros X Y Hms Hr Hpo Hl. cons_. destruct Hcons as (_ & _ & _ & _ & Hscl & _).
  apply Hscl. exists X, X. split; [reflexivity |].
  apply (closure_cons (y := Y)); [left; split; [exact Hms |] | apply closure_step; right; split; assumption].
  destruct Hr as [H | [H | H]]; [left; left; exact H | left; right; exact H | right; exact H].
Qed.

Lemma co_total_ms : forall W W', ptx_Write P W -> ptx_Write P W' -> W <> W' ->
  ptx_ms U P W W' -> ptx_co P W W' \/ ptx_co P W' W.
Proof.
  pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & (_ & _ & Htot) & _) & _).
  intros W W' H1 H2 Hne Hms.
  destruct (Htot W W' (conj H1 (conj H2 Hne))) as [H | H].
  - intros x y [Hx Hy]. cbn in Hx, Hy. unfold single in Hx, Hy. subst x y. exact Hms.
  - left; apply H; cbn; unfold single; auto.
  - right; apply H; cbn; unfold single; auto.
Qed.

Lemma cb_cause : forall X Y, ptx_cause_base U P X Y -> ptx_cause U P X Y.
Proof. intros X Y H; left; exact H. Qed.

(* po ∪ cause_base between same-address writes is included in co: by
   SC-per-Location for po (same thread, so morally strong), by the
   Coherence axiom for cause_base. *)
Lemma hbp_write_co : forall W W', hbp i W W' -> ptx_Write P W -> ptx_Write P W' ->
  ptx_loc U P W W' -> W <> W' -> ptx_co P W W'.
Proof.
  intros W W' [Hpo | Hcb] HW HW' Hl Hne.
  - destruct (po_ms W W' Hpo Hl) as [Hms Hms'].
    destruct (co_total_ms W W' HW HW' Hne Hms) as [H | H]; [exact H |].
    exfalso. exact (sc_per_loc_2 W' W Hms' (or_intror (or_introl H)) Hpo Hl).
  - cons_. destruct Hcons as (Hcoh & _).
    apply Hcoh. split; [split; [exact HW | split; [exact (cb_cause W W' Hcb) | exact HW']] | exact Hl].
Qed.

(* fr against po ∪ cause_base is impossible: SC-per-Location for po,
   Causality for cause_base. *)
Lemma hbp_fr_false : forall W R, hbp i W R -> ptx_fr U P R W -> False.
Proof.
  intros W R [Hpo | Hcb] Hfr.
  - pose proof (fr_loc R W Hfr) as Hl.
    destruct (po_ms W R Hpo (loc_sym R W Hl)) as [_ Hms].
    exact (sc_per_loc_2 R W Hms (or_intror (or_intror Hfr)) Hpo (loc_sym R W Hl)).
  - cons_. destruct Hcons as (_ & _ & _ & _ & _ & Hcaus).
    apply Hcaus. exists R, R. split; [reflexivity |].
    exists W; split; [right; exact Hfr | exact (cb_cause W R Hcb)].
Qed.

End Ptx.
