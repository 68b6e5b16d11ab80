(** * Relprove.Decide — relational formulas over a finite atom type,
    decided by computation.

    An instance exported by [relprove check --format coq] has a finite
    inductive type of atoms and every sig and field given extensionally
    ([mem1 l], [mem2 l]: the atoms / pairs of a list). Over such an
    instance every formula of [Relprove.Rel] (arities 0 to 2: the ones
    generated code uses) can be evaluated: every relation is computed as a
    list of atoms or pairs, every formula as a boolean, and each step comes
    with a proof that the list / boolean is exact. The instances of the
    classes [Set1] / [Rel2] / [Dec] below are found by type-class
    resolution on the (unfolded) goal; [rp_decide] then proves the goal by
    [vm_compute] of one boolean.

    Closures are computed by iteration ([r ∪ r;S] until nothing changes,
    with fuel); the result is proved to be exact when it is closed, which is
    checked by computation too: each computed object carries an [ok] flag,
    and [rp_decide] needs [ok && value = true]. So no counting argument is
    needed, and a closure that has not converged makes [rp_decide] fail
    (never prove something false). *)

Require Import Coq.Lists.List Coq.Bool.Bool.
Require Import Relprove.Rel.
Import ListNotations.

(** A finite type with decidable equality. *)
Class Finite (A : Type) := {
  fin_enum : list A;
  fin_eqb : A -> A -> bool;
  fin_eqb_spec : forall a b, fin_eqb a b = true <-> a = b;
  fin_all : forall a, In a fin_enum
}.

(** Sets and relations given extensionally. *)
Definition mem1 {A : Type} (l : list A) : rel A 1 := fun a => In a l.
Definition mem2 {A : Type} (l : list (A * A)) : rel A 2 := fun a b => In (a, b) l.

Section Decide.
Context {A : Type} {F : Finite A}.

Lemma fin_eqb_refl a : fin_eqb a a = true.
Proof. apply fin_eqb_spec; reflexivity. Qed.

Fixpoint memb (a : A) (l : list A) : bool :=
  match l with [] => false | b :: l => fin_eqb a b || memb a l end.

Lemma memb_spec a l : memb a l = true <-> In a l.
Proof.
  induction l as [|b l IH]; simpl. - split; discriminate || contradiction.
  - rewrite orb_true_iff, IH, fin_eqb_spec. intuition congruence.
Qed.

Fixpoint memb2 (p : A * A) (l : list (A * A)) : bool :=
  match l with
  | [] => false
  | q :: l => (fin_eqb (fst p) (fst q) && fin_eqb (snd p) (snd q)) || memb2 p l
  end.

Lemma memb2_spec p l : memb2 p l = true <-> In p l.
Proof.
  induction l as [|[c d] l IH]; simpl. - split; discriminate || contradiction.
  - destruct p as [a b]; simpl.
    rewrite orb_true_iff, andb_true_iff, IH, !fin_eqb_spec.
    intuition (subst; auto; congruence).
Qed.

(** Duplicate-free union of pair lists (keeps closure iteration small). *)
Definition add2 (l : list (A * A)) (p : A * A) : list (A * A) :=
  if memb2 p l then l else p :: l.

Definition union2 (l m : list (A * A)) : list (A * A) := fold_left add2 m l.

Lemma union2_spec l m p : In p (union2 l m) <-> In p l \/ In p m.
Proof.
  unfold union2. revert l. induction m as [|q m IH]; intro l; simpl.
  - tauto.
  - rewrite IH. unfold add2. destruct (memb2 q l) eqn:E.
    + apply memb2_spec in E. intuition congruence.
    + simpl. intuition.
Qed.

(** Composition of pair lists. *)
Definition comp (r s : list (A * A)) : list (A * A) :=
  union2 [] (flat_map (fun p => flat_map (fun q =>
    if fin_eqb (snd p) (fst q) then [(fst p, snd q)] else []) s) r).

Lemma comp_spec r s a c :
  In (a, c) (comp r s) <-> exists b, In (a, b) r /\ In (b, c) s.
Proof.
  unfold comp. rewrite union2_spec. simpl. rewrite in_flat_map. split.
  - intros [[]|[[x y] [Hr Hq]]]. apply in_flat_map in Hq.
    destruct Hq as [[u v] [Hs Hq]]. simpl in Hq.
    destruct (fin_eqb y u) eqn:E; [|contradiction].
    apply fin_eqb_spec in E. destruct Hq as [Hq|[]]. inversion Hq; subst.
    eauto.
  - intros (b & Hr & Hs). right. exists (a, b). split; [assumption|].
    apply in_flat_map. exists (b, c). split; [assumption|]. simpl.
    rewrite fin_eqb_refl. left; reflexivity.
Qed.

Definition incl2b (l m : list (A * A)) : bool := forallb (fun p => memb2 p m) l.

Lemma incl2b_spec l m : incl2b l m = true -> forall p, In p l -> In p m.
Proof.
  unfold incl2b. rewrite forallb_forall. intros H p Hp. apply memb2_spec; auto.
Qed.

(** Transitive closure of [r]: [S := r ∪ r;S], at most [n] times. *)
Fixpoint clos_iter (n : nat) (r acc : list (A * A)) : list (A * A) :=
  match n with
  | O => acc
  | S n => let acc' := union2 acc (comp r acc) in
           if incl2b acc' acc then acc else clos_iter n r acc'
  end.

Definition clos_fuel : nat := S (length (@fin_enum A F) * length (@fin_enum A F)).

Lemma clos_iter_sound (rr : rel A 2) r :
  (forall a b, In (a, b) r -> rr a b) ->
  forall n acc, (forall a b, In (a, b) acc -> closure rr a b) ->
  forall a b, In (a, b) (clos_iter n r acc) -> closure rr a b.
Proof.
  intros Hr n. induction n as [|n IH]; intros acc Hacc; simpl; [assumption|].
  destruct (incl2b _ acc); [assumption|]. apply IH.
  intros a b H. apply union2_spec in H. destruct H as [H|H]; [auto|].
  apply comp_spec in H. destruct H as (c & H1 & H2).
  eapply closure_cons; eauto.
Qed.

(** ** Computed sets, relations and truth values *)

Class Set1 (r : rel A 1) := mkSet1 {
  s1 : list A; s1_ok : bool;
  s1_spec : s1_ok = true -> forall a, In a s1 <-> r a }.
Class Rel2 (r : rel A 2) := mkRel2 {
  r2 : list (A * A); r2_ok : bool;
  r2_spec : r2_ok = true -> forall a b, In (a, b) r2 <-> r a b }.
Class Dec (P : Prop) := mkDec {
  d_b : bool; d_ok : bool;
  d_spec : d_ok = true -> (d_b = true <-> P) }.

Arguments s1 r {_}. Arguments s1_ok r {_}. Arguments s1_spec r {_}.
Arguments r2 r {_}. Arguments r2_ok r {_}. Arguments r2_spec r {_}.
Arguments d_b P {_}. Arguments d_ok P {_}. Arguments d_spec P {_}.

Lemma dec_true (P : Prop) {D : Dec P} : d_ok P && d_b P = true -> P.
Proof. intro H. apply andb_true_iff in H. apply (d_spec P); tauto. Qed.

(** *** Sets *)

#[global] Instance set_mem1 l : Set1 (mem1 l).
Proof. refine (mkSet1 _ l true _). unfold mem1. tauto. Defined.

#[global] Instance set_single a : Set1 (single a).
Proof. refine (mkSet1 _ [a] true _). unfold single. simpl. intuition. Defined.

#[global] Instance set_none : Set1 (none 1).
Proof. refine (mkSet1 _ [] true _). simpl. tauto. Defined.

#[global] Instance set_univ : Set1 (univ 1).
Proof. refine (mkSet1 _ fin_enum true _). simpl. intuition. apply fin_all. Defined.

#[global] Instance set_union r s `{Set1 r} `{Set1 s} : Set1 (union 1 r s).
Proof.
  refine (mkSet1 _ (s1 r ++ s1 s) (s1_ok r && s1_ok s) _).
  intros Hok a. apply andb_true_iff in Hok. simpl. rewrite in_app_iff.
  rewrite (s1_spec r), (s1_spec s) by tauto. tauto.
Defined.

#[global] Instance set_inter r s `{Set1 r} `{Set1 s} : Set1 (inter 1 r s).
Proof.
  refine (mkSet1 _ (filter (fun a => memb a (s1 s)) (s1 r)) (s1_ok r && s1_ok s) _).
  intros Hok a. apply andb_true_iff in Hok. simpl. rewrite filter_In, memb_spec.
  rewrite (s1_spec r), (s1_spec s) by tauto. tauto.
Defined.

#[global] Instance set_diff r s `{Set1 r} `{Set1 s} : Set1 (diff 1 r s).
Proof.
  refine (mkSet1 _ (filter (fun a => negb (memb a (s1 s))) (s1 r)) (s1_ok r && s1_ok s) _).
  intros Hok a. apply andb_true_iff in Hok. destruct Hok as [Hr Hs]. simpl.
  rewrite filter_In, negb_true_iff, <- (s1_spec s Hs a), <- (s1_spec r Hr a).
  rewrite <- (memb_spec a (s1 s)). destruct (memb a (s1 s)); intuition congruence.
Defined.

(** [s.r] *)
#[global] Instance set_join01 s r `{Set1 s} `{Rel2 r} : Set1 (join 0 1 s r).
Proof.
  refine (mkSet1 _ (map snd (filter (fun p => memb (fst p) (s1 s)) (r2 r)))
            (s1_ok s && r2_ok r) _).
  intros Hok a. apply andb_true_iff in Hok. simpl. rewrite in_map_iff. split.
  - intros ([x y] & <- & Hp). apply filter_In in Hp. destruct Hp as [Hp Hm].
    simpl in *. apply memb_spec in Hm. exists x.
    rewrite <- (s1_spec s) by tauto. rewrite <- (r2_spec r) by tauto. auto.
  - intros (x & Hs & Hr). exists (x, a). split; [reflexivity|].
    apply filter_In. simpl. rewrite memb_spec.
    rewrite (s1_spec s) by tauto. rewrite (r2_spec r) by tauto. auto.
Defined.

(** [r.s] *)
#[global] Instance set_join10 r s `{Rel2 r} `{Set1 s} : Set1 (join 1 0 r s).
Proof.
  refine (mkSet1 _ (map fst (filter (fun p => memb (snd p) (s1 s)) (r2 r)))
            (s1_ok s && r2_ok r) _).
  intros Hok a. apply andb_true_iff in Hok. simpl. rewrite in_map_iff. split.
  - intros ([x y] & <- & Hp). apply filter_In in Hp. destruct Hp as [Hp Hm].
    simpl in *. apply memb_spec in Hm. exists y.
    rewrite <- (s1_spec s) by tauto. rewrite <- (r2_spec r) by tauto. auto.
  - intros (x & Hr & Hs). exists (a, x). split; [reflexivity|].
    apply filter_In. simpl. rewrite memb_spec.
    rewrite (s1_spec s) by tauto. rewrite (r2_spec r) by tauto. auto.
Defined.

(** *** Relations *)

#[global] Instance rel_mem2 l : Rel2 (mem2 l).
Proof. refine (mkRel2 _ l true _). unfold mem2. tauto. Defined.

#[global] Instance rel_none : Rel2 (none 2).
Proof. refine (mkRel2 _ [] true _). simpl. tauto. Defined.

#[global] Instance rel_univ : Rel2 (univ 2).
Proof.
  refine (mkRel2 _ (list_prod fin_enum fin_enum) true _). simpl. intros _ a b.
  rewrite in_prod_iff. split; auto using fin_all.
Defined.

#[global] Instance rel_iden : Rel2 (@iden A).
Proof.
  refine (mkRel2 _ (map (fun a => (a, a)) fin_enum) true _). unfold iden.
  intros _ a b. rewrite in_map_iff. split.
  - intros (x & H & _). inversion H; subst; reflexivity.
  - intros <-. exists a. auto using fin_all.
Defined.

#[global] Instance rel_union r s `{Rel2 r} `{Rel2 s} : Rel2 (union 2 r s).
Proof.
  refine (mkRel2 _ (r2 r ++ r2 s) (r2_ok r && r2_ok s) _).
  intros Hok a b. apply andb_true_iff in Hok. simpl. rewrite in_app_iff.
  rewrite (r2_spec r), (r2_spec s) by tauto. tauto.
Defined.

#[global] Instance rel_inter r s `{Rel2 r} `{Rel2 s} : Rel2 (inter 2 r s).
Proof.
  refine (mkRel2 _ (filter (fun p => memb2 p (r2 s)) (r2 r)) (r2_ok r && r2_ok s) _).
  intros Hok a b. apply andb_true_iff in Hok. simpl. rewrite filter_In, memb2_spec.
  rewrite (r2_spec r), (r2_spec s) by tauto. tauto.
Defined.

#[global] Instance rel_diff r s `{Rel2 r} `{Rel2 s} : Rel2 (diff 2 r s).
Proof.
  refine (mkRel2 _ (filter (fun p => negb (memb2 p (r2 s))) (r2 r)) (r2_ok r && r2_ok s) _).
  intros Hok a b. apply andb_true_iff in Hok. destruct Hok as [Hr Hs]. simpl.
  rewrite filter_In, negb_true_iff, <- (r2_spec s Hs a b), <- (r2_spec r Hr a b).
  rewrite <- (memb2_spec (a, b) (r2 s)). destruct (memb2 (a, b) (r2 s)); intuition congruence.
Defined.

#[global] Instance rel_transpose r `{Rel2 r} : Rel2 (transpose r).
Proof.
  refine (mkRel2 _ (map (fun p => (snd p, fst p)) (r2 r)) (r2_ok r) _).
  intros Hok a b. unfold transpose. rewrite <- (r2_spec r Hok).
  rewrite in_map_iff. split.
  - intros ([x y] & He & Hp). inversion He; subst. assumption.
  - intros Hp. exists (b, a). auto.
Defined.

#[global] Instance rel_join11 r s `{Rel2 r} `{Rel2 s} : Rel2 (join 1 1 r s).
Proof.
  refine (mkRel2 _ (comp (r2 r) (r2 s)) (r2_ok r && r2_ok s) _).
  intros Hok a c. apply andb_true_iff in Hok. simpl. rewrite comp_spec.
  split; intros (b & H1 & H2); exists b;
    [rewrite <- (r2_spec r), <- (r2_spec s) by tauto
    |rewrite (r2_spec r), (r2_spec s) by tauto]; auto.
Defined.

#[global] Instance rel_product s t `{Set1 s} `{Set1 t} : Rel2 (product 1 1 s t).
Proof.
  refine (mkRel2 _ (list_prod (s1 s) (s1 t)) (s1_ok s && s1_ok t) _).
  intros Hok a b. apply andb_true_iff in Hok. simpl. rewrite in_prod_iff.
  rewrite (s1_spec s), (s1_spec t) by tauto. tauto.
Defined.

#[global] Instance rel_domr s r `{Set1 s} `{Rel2 r} : Rel2 (domr 1 s r).
Proof.
  refine (mkRel2 _ (filter (fun p => memb (fst p) (s1 s)) (r2 r)) (s1_ok s && r2_ok r) _).
  intros Hok a b. apply andb_true_iff in Hok. unfold domr. simpl.
  rewrite filter_In, memb_spec. simpl.
  rewrite (s1_spec s), (r2_spec r) by tauto. tauto.
Defined.

#[global] Instance rel_ranr r s `{Rel2 r} `{Set1 s} : Rel2 (ranr 1 r s).
Proof.
  refine (mkRel2 _ (filter (fun p => memb (snd p) (s1 s)) (r2 r)) (s1_ok s && r2_ok r) _).
  intros Hok a b. apply andb_true_iff in Hok. simpl.
  rewrite filter_In, memb_spec. simpl.
  rewrite (s1_spec s), (r2_spec r) by tauto. tauto.
Defined.

Definition clos_list r `{Rel2 r} : list (A * A) := clos_iter clos_fuel (r2 r) (r2 r).

#[global] Instance rel_closure r `{Rel2 r} : Rel2 (closure r).
Proof.
  refine (mkRel2 _ (clos_list r)
            (r2_ok r && incl2b (r2 r) (clos_list r)
             && incl2b (comp (r2 r) (clos_list r)) (clos_list r)) _).
  intros Hok. apply andb_true_iff in Hok. destruct Hok as [Hok Hc].
  apply andb_true_iff in Hok. destruct Hok as [Hok Hb].
  pose proof (incl2b_spec _ _ Hb) as Hb'. pose proof (incl2b_spec _ _ Hc) as Hc'.
  intros a b. split.
  - apply clos_iter_sound.
    + intros x y. apply (r2_spec r Hok).
    + intros x y Hx. apply closure_step. apply (r2_spec r Hok). assumption.
  - intro Hcl. induction Hcl as [x y Hxy|x y z Hxy _ IH].
    + apply Hb'. apply (r2_spec r Hok). assumption.
    + apply Hc'. apply comp_spec. exists y. split; [|assumption].
      apply (r2_spec r Hok). assumption.
Defined.

#[global] Instance rel_rclosure r `{Rel2 r} : Rel2 (rclosure r) :=
  rel_union (closure r) (@iden A).

(** *** Truth values *)

#[global] Instance dec_True : Dec True.
Proof. refine (mkDec _ true true _). tauto. Defined.

#[global] Instance dec_False : Dec False.
Proof. refine (mkDec _ false true _). intuition discriminate. Defined.

#[global] Instance dec_and P Q `{Dec P} `{Dec Q} : Dec (P /\ Q).
Proof.
  refine (mkDec _ (d_b P && d_b Q) (d_ok P && d_ok Q) _).
  intro Hok. apply andb_true_iff in Hok. rewrite andb_true_iff.
  rewrite (d_spec P), (d_spec Q) by tauto. tauto.
Defined.

#[global] Instance dec_or P Q `{Dec P} `{Dec Q} : Dec (P \/ Q).
Proof.
  refine (mkDec _ (d_b P || d_b Q) (d_ok P && d_ok Q) _).
  intro Hok. apply andb_true_iff in Hok. rewrite orb_true_iff.
  rewrite (d_spec P), (d_spec Q) by tauto. tauto.
Defined.

#[global] Instance dec_impl P Q `{Dec P} `{Dec Q} : Dec (P -> Q).
Proof.
  refine (mkDec _ (negb (d_b P) || d_b Q) (d_ok P && d_ok Q) _).
  intro Hok. apply andb_true_iff in Hok. destruct Hok as [HP HQ].
  pose proof (d_spec P HP) as EP. pose proof (d_spec Q HQ) as EQ.
  rewrite orb_true_iff, negb_true_iff.
  destruct (d_b P), (d_b Q); intuition (try discriminate; auto).
Defined.

#[global] Instance dec_not P `{Dec P} : Dec (~ P) := dec_impl P False.

#[global] Instance dec_eq (a b : A) : Dec (a = b).
Proof. refine (mkDec _ (fin_eqb a b) true _). intros _. apply fin_eqb_spec. Defined.

Definition all_ok {B : Type} (f : B -> bool) (l : list B) : bool := forallb f l.

#[global] Instance dec_forall (P : A -> Prop) {HD : forall a, Dec (P a)} : Dec (forall a, P a).
Proof.
  refine (mkDec _ (forallb (fun a => d_b (P a)) fin_enum)
            (forallb (fun a => d_ok (P a)) fin_enum) _).
  intro Hok. rewrite forallb_forall in Hok. rewrite forallb_forall. split.
  - intros H a. apply (d_spec (P a)); auto using fin_all.
  - intros H a _. apply (d_spec (P a)); auto using fin_all.
Defined.

#[global] Instance dec_exists (P : A -> Prop) {HD : forall a, Dec (P a)} : Dec (exists a, P a).
Proof.
  refine (mkDec _ (existsb (fun a => d_b (P a)) fin_enum)
            (forallb (fun a => d_ok (P a)) fin_enum) _).
  intro Hok. rewrite forallb_forall in Hok. rewrite existsb_exists. split.
  - intros (a & _ & H). exists a. apply (d_spec (P a)); auto using fin_all.
  - intros (a & H). exists a. split; [apply fin_all|]. apply (d_spec (P a)); auto using fin_all.
Defined.

(** Membership. *)
#[global] Instance dec_in1 r `{Set1 r} a : Dec (r a).
Proof.
  refine (mkDec _ (memb a (s1 r)) (s1_ok r) _).
  intro Hok. rewrite memb_spec. apply (s1_spec r Hok).
Defined.

#[global] Instance dec_in2 r `{Rel2 r} a b : Dec (r a b).
Proof.
  refine (mkDec _ (memb2 (a, b) (r2 r)) (r2_ok r) _).
  intro Hok. rewrite memb2_spec. apply (r2_spec r Hok).
Defined.

(** Formulas over sets and relations. *)
#[global] Instance dec_incl1 r s `{Set1 r} `{Set1 s} : Dec (incl 1 r s).
Proof.
  refine (mkDec _ (forallb (fun a => memb a (s1 s)) (s1 r)) (s1_ok r && s1_ok s) _).
  intro Hok. apply andb_true_iff in Hok. rewrite forallb_forall. simpl. split.
  - intros Hx a Ha. apply (s1_spec s); [tauto|]. apply memb_spec, Hx.
    apply (s1_spec r); tauto.
  - intros Hx a Ha. apply memb_spec. apply (s1_spec s); [tauto|]. apply Hx.
    apply (s1_spec r); tauto.
Defined.

#[global] Instance dec_incl2 r s `{Rel2 r} `{Rel2 s} : Dec (incl 2 r s).
Proof.
  refine (mkDec _ (incl2b (r2 r) (r2 s)) (r2_ok r && r2_ok s) _).
  intro Hok. apply andb_true_iff in Hok. simpl. split.
  - intros Hx a b Hab. apply (r2_spec s); [tauto|]. apply (incl2b_spec _ _ Hx).
    apply (r2_spec r); tauto.
  - intros Hx. unfold incl2b. apply forallb_forall. intros [a b] Hab.
    apply memb2_spec. apply (r2_spec s); [tauto|]. apply Hx.
    apply (r2_spec r); tauto.
Defined.

#[global] Instance dec_same n (r s : rel A n) `{Dec (incl n r s)} `{Dec (incl n s r)} :
  Dec (same n r s) := dec_and (incl n r s) (incl n s r).

#[global] Instance dec_some1 r `{Set1 r} : Dec (some 1 r).
Proof.
  refine (mkDec _ (match s1 r with [] => false | _ => true end) (s1_ok r) _).
  intro Hok. unfold some. simpl. split.
  - destruct (s1 r) as [|a l] eqn:E; [discriminate|]. intros _. exists a.
    apply (s1_spec r Hok). rewrite E. left; reflexivity.
  - intros (a & Ha). apply (s1_spec r Hok) in Ha.
    destruct (s1 r); [contradiction|reflexivity].
Defined.

#[global] Instance dec_some2 r `{Rel2 r} : Dec (some 2 r).
Proof.
  refine (mkDec _ (match r2 r with [] => false | _ => true end) (r2_ok r) _).
  intro Hok. unfold some. simpl. split.
  - destruct (r2 r) as [|[a b] l] eqn:E; [discriminate|]. intros _. exists a, b.
    apply (r2_spec r Hok). rewrite E. left; reflexivity.
  - intros (a & b & Hab). apply (r2_spec r Hok) in Hab.
    destruct (r2 r); [contradiction|reflexivity].
Defined.

#[global] Instance dec_no n (r : rel A n) `{Dec (some n r)} : Dec (no n r) :=
  dec_not (some n r).

#[global] Instance dec_lone1 r `{Set1 r} : Dec (lone 1 r).
Proof.
  refine (mkDec _ (match s1 r with [] => true | a :: l => forallb (fin_eqb a) l end)
            (s1_ok r) _).
  intro Hok. pose proof (s1_spec r Hok) as Hs. simpl. split.
  - intros Hx. split; [|intros; exact I].
    intros a b Ha Hb. apply Hs in Ha. apply Hs in Hb.
    destruct (s1 r) as [|c l]; [contradiction|].
    rewrite forallb_forall in Hx.
    assert (forall x, In x (c :: l) -> x = c) as Hc.
    { intros x [<-|Hy]; [reflexivity|]. symmetry. apply fin_eqb_spec, Hx, Hy. }
    rewrite (Hc a Ha), (Hc b Hb). reflexivity.
  - intros [Hx _]. destruct (s1 r) as [|c l]; [reflexivity|].
    apply forallb_forall. intros x Hy. apply fin_eqb_spec. apply Hx.
    + apply Hs. left; reflexivity.
    + apply Hs. right; assumption.
Defined.

#[global] Instance dec_one1 r `{Set1 r} : Dec (one 1 r) :=
  dec_and (some 1 r) (lone 1 r).

Fixpoint list2_eqb (l m : list (A * A)) : bool :=
  match l, m with
  | [], [] => true
  | p :: l, q :: m =>
      fin_eqb (fst p) (fst q) && fin_eqb (snd p) (snd q) && list2_eqb l m
  | _, _ => false
  end.

Lemma list2_eqb_spec l m : list2_eqb l m = true -> l = m.
Proof.
  revert m. induction l as [|[a b] l IH]; intros [|[c d] m]; simpl; try discriminate.
  - reflexivity.
  - rewrite !andb_true_iff, !fin_eqb_spec. intros [[-> ->] H]. f_equal. apply IH, H.
Qed.

(** A computed relation, fixed as the literal list it computes to. The
    proof of [rel2_list_spec] is done once by [vm_compute]; the instance
    [rel2_fixed] then carries only the list and an opaque proof, so that
    the evaluation of a formula that uses it under a quantifier does not
    compute the relation again for every value of the quantified atom. *)
Lemma rel2_list_spec (r : rel A 2) {R : Rel2 r} (l : list (A * A)) :
  r2_ok r && list2_eqb (r2 r) l = true -> forall a b, In (a, b) l <-> r a b.
Proof.
  intro H. apply andb_true_iff in H. destruct H as [Hok Hl].
  apply list2_eqb_spec in Hl. subst l. apply (r2_spec r Hok).
Qed.

Definition rel2_fixed (r : rel A 2) (l : list (A * A))
  (H : forall a b, In (a, b) l <-> r a b) : Rel2 r := mkRel2 r l true (fun _ => H).

End Decide.

Arguments s1 {A} r {_}. Arguments s1_ok {A} r {_}. Arguments s1_spec {A} r {_}.
Arguments r2 {A} r {_}. Arguments r2_ok {A} r {_}. Arguments r2_spec {A} r {_}.

(** Resolution matches the operators syntactically: unfolding one (e.g.
    [incl 2 r s] into a [forall]) would let other instances apply and make
    the search explode. *)
#[global] Typeclasses Opaque incl same union inter diff none univ nonempty join
  product domr ranr iden transpose rclosure single no some lone one mem1 mem2.

(** Unfold every definition of the goal except [Relprove.Rel]'s operators
    and [mem1]/[mem2] (the instance's sigs and fields), so that type-class
    resolution sees the operators. *)
Ltac rp_unfold :=
  cbv beta iota zeta delta -[incl same union inter diff none univ nonempty
    join product domr ranr iden transpose rclosure single no some
    lone one mem1 mem2].

(** Compute every closed binary relation of the goal once: for each one
    ([r], not yet a literal [mem2 l]), outermost first, its list [l] is
    computed by [vm_compute], [H : forall a b, In (a, b) l <-> r a b] is
    proved by computation, [r] is replaced in the goal by a local
    definition [x := r], and [I := rel2_fixed r l H : Rel2 x] becomes a
    local instance, which type-class resolution takes before decomposing
    [x] again. No rewriting and no axiom: the goal stays convertible to
    the original one. (The previous version rewrote [r = mem2 l], which
    needed functional and propositional extensionality and made every
    rewrite a pass over the whole goal.) *)
Ltac rp_fix_rel r :=
  let l := eval vm_compute in (r2 r) in
  let H := fresh "H" in
  assert (H : forall a b, In (a, b) l <-> r a b)
    by (apply (rel2_list_spec r l); vm_compute; reflexivity);
  let I := fresh "I" in
  pose (I := rel2_fixed r l H);
  let x := fresh "x" in
  set (x := r) in |- *.

Ltac rp_hoist :=
  repeat match goal with
  | |- context [ ?r ] =>
      lazymatch r with
      | mem2 _ => fail
      | _ =>
          tryif is_var r then fail else
          lazymatch type of r with
          | rel ?A ?n =>
              let n' := eval compute in n in
              lazymatch n' with 2 => rp_fix_rel r end
          | ?A -> ?A -> Prop => rp_fix_rel r
          end
      end
  end.

(** Prove a closed formula about a finite instance by computation. *)
Ltac rp_decide :=
  rp_unfold;
  (* conjuncts one by one: hoisting works on smaller goals *)
  repeat match goal with |- _ /\ _ => split end;
  rp_hoist;
  match goal with
  | |- ?P => refine (@dec_true P _ _); vm_compute; reflexivity
  end.
