import Relprove.Rel

/-!
# Relprove.Laws — algebraic laws of Alloy's operators (Lean 4 core only)

Lemma names are the names of the rewrite rules of relprove's egg rewriter,
as in `theories/Laws.v` (see `theories/LEMMAS.md`). Where the Coq library
states `same n X Y` (mutual inclusion), this library states `X = Y`, so the
laws are usable with `rw` and `simp only`; `same_eq` relates the two.

Proof style: laws for every arity are proved by structural recursion on the
arity (the `0` case is a propositional tautology, the `n+1` case `funext`
and the recursive call); binary laws pointwise, through the `*_iff`
unfolding lemmas (each proved by `Iff.rfl`). Constructive except the
section *Classical* at the end (`Classical.em`, `Classical.byContradiction`).
Every proof is complete (no placeholders).
-/

namespace Relprove

/-! ## Propositional tautologies used by the laws -/

namespace Logic

theorem or_comm_iff (p q : Prop) : (p ∨ q) ↔ (q ∨ p) :=
  Iff.intro
    (fun h => Or.elim h (fun hp => Or.inr hp) (fun hq => Or.inl hq))
    (fun h => Or.elim h (fun hq => Or.inr hq) (fun hp => Or.inl hp))

theorem and_comm_iff (p q : Prop) : (p ∧ q) ↔ (q ∧ p) :=
  Iff.intro (fun h => And.intro h.2 h.1) (fun h => And.intro h.2 h.1)

theorem or_assoc_iff (p q r : Prop) : ((p ∨ q) ∨ r) ↔ (p ∨ (q ∨ r)) :=
  Iff.intro
    (fun h => Or.elim h
      (fun hpq => Or.elim hpq (fun hp => Or.inl hp) (fun hq => Or.inr (Or.inl hq)))
      (fun hr => Or.inr (Or.inr hr)))
    (fun h => Or.elim h
      (fun hp => Or.inl (Or.inl hp))
      (fun hqr => Or.elim hqr (fun hq => Or.inl (Or.inr hq)) (fun hr => Or.inr hr)))

theorem and_assoc_iff (p q r : Prop) : ((p ∧ q) ∧ r) ↔ (p ∧ (q ∧ r)) :=
  Iff.intro
    (fun h => And.intro h.1.1 (And.intro h.1.2 h.2))
    (fun h => And.intro (And.intro h.1 h.2.1) h.2.2)

theorem or_idem_iff (p : Prop) : (p ∨ p) ↔ p :=
  Iff.intro (fun h => Or.elim h (fun hp => hp) (fun hp => hp)) (fun hp => Or.inl hp)

theorem and_idem_iff (p : Prop) : (p ∧ p) ↔ p :=
  Iff.intro (fun h => h.1) (fun hp => And.intro hp hp)

theorem false_or_iff (p : Prop) : (False ∨ p) ↔ p :=
  Iff.intro (fun h => Or.elim h (fun f => False.elim f) (fun hp => hp)) (fun hp => Or.inr hp)

theorem or_false_iff (p : Prop) : (p ∨ False) ↔ p :=
  Iff.intro (fun h => Or.elim h (fun hp => hp) (fun f => False.elim f)) (fun hp => Or.inl hp)

theorem or_true_iff (p : Prop) : (p ∨ True) ↔ True :=
  Iff.intro (fun _ => True.intro) (fun _ => Or.inr True.intro)

theorem true_and_iff (p : Prop) : (True ∧ p) ↔ p :=
  Iff.intro (fun h => h.2) (fun hp => And.intro True.intro hp)

theorem and_true_iff (p : Prop) : (p ∧ True) ↔ p :=
  Iff.intro (fun h => h.1) (fun hp => And.intro hp True.intro)

theorem false_and_iff (p : Prop) : (False ∧ p) ↔ False :=
  Iff.intro (fun h => h.1) (fun f => False.elim f)

theorem and_false_iff (p : Prop) : (p ∧ False) ↔ False :=
  Iff.intro (fun h => h.2) (fun f => False.elim f)

theorem and_or_distrib_l (p q r : Prop) : (p ∧ (q ∨ r)) ↔ ((p ∧ q) ∨ (p ∧ r)) :=
  Iff.intro
    (fun h => Or.elim h.2 (fun hq => Or.inl (And.intro h.1 hq)) (fun hr => Or.inr (And.intro h.1 hr)))
    (fun h => Or.elim h
      (fun hpq => And.intro hpq.1 (Or.inl hpq.2))
      (fun hpr => And.intro hpr.1 (Or.inr hpr.2)))

theorem and_or_distrib_r (p q r : Prop) : ((p ∨ q) ∧ r) ↔ ((p ∧ r) ∨ (q ∧ r)) :=
  Iff.intro
    (fun h => Or.elim h.1 (fun hp => Or.inl (And.intro hp h.2)) (fun hq => Or.inr (And.intro hq h.2)))
    (fun h => Or.elim h
      (fun hpr => And.intro (Or.inl hpr.1) hpr.2)
      (fun hqr => And.intro (Or.inr hqr.1) hqr.2))

theorem or_and_distrib_l (p q r : Prop) : (p ∨ (q ∧ r)) ↔ ((p ∨ q) ∧ (p ∨ r)) :=
  Iff.intro
    (fun h => Or.elim h
      (fun hp => And.intro (Or.inl hp) (Or.inl hp))
      (fun hqr => And.intro (Or.inr hqr.1) (Or.inr hqr.2)))
    (fun h => Or.elim h.1
      (fun hp => Or.inl hp)
      (fun hq => Or.elim h.2 (fun hp => Or.inl hp) (fun hr => Or.inr (And.intro hq hr))))

theorem or_and_absorb (p q : Prop) : (p ∨ (p ∧ q)) ↔ p :=
  Iff.intro (fun h => Or.elim h (fun hp => hp) (fun hpq => hpq.1)) (fun hp => Or.inl hp)

theorem and_or_absorb (p q : Prop) : (p ∧ (p ∨ q)) ↔ p :=
  Iff.intro (fun h => h.1) (fun hp => And.intro hp (Or.inl hp))

theorem and_not_self (p : Prop) : (p ∧ ¬ p) ↔ False :=
  Iff.intro (fun h => absurd h.1 h.2) (fun f => False.elim f)

theorem and_not_false (p : Prop) : (p ∧ ¬ False) ↔ p :=
  Iff.intro (fun h => h.1) (fun hp => And.intro hp (fun f => f))

theorem false_and_not (p : Prop) : (False ∧ ¬ p) ↔ False :=
  Iff.intro (fun h => h.1) (fun f => False.elim f)

theorem and_not_true (p : Prop) : (p ∧ ¬ True) ↔ False :=
  Iff.intro (fun h => absurd True.intro h.2) (fun f => False.elim f)

theorem or_and_not (p q r : Prop) : ((p ∨ q) ∧ ¬ r) ↔ ((p ∧ ¬ r) ∨ (q ∧ ¬ r)) :=
  Iff.intro
    (fun h => Or.elim h.1 (fun hp => Or.inl (And.intro hp h.2)) (fun hq => Or.inr (And.intro hq h.2)))
    (fun h => Or.elim h
      (fun hpr => And.intro (Or.inl hpr.1) hpr.2)
      (fun hqr => And.intro (Or.inr hqr.1) hqr.2))

theorem and_not_or (p q r : Prop) : (p ∧ ¬ (q ∨ r)) ↔ ((p ∧ ¬ q) ∧ ¬ r) :=
  Iff.intro
    (fun h => And.intro
      (And.intro h.1 (fun hq => absurd (Or.inl hq) h.2))
      (fun hr => absurd (Or.inr hr) h.2))
    (fun h => And.intro h.1.1 (fun hqr => Or.elim hqr (fun hq => absurd hq h.1.2) (fun hr => absurd hr h.2)))

theorem and_not_and_self (p q : Prop) : ((p ∧ ¬ q) ∧ q) ↔ False :=
  Iff.intro (fun h => absurd h.2 h.1.2) (fun f => False.elim f)

theorem or_and_not_and (p q : Prop) : ((p ∧ ¬ q) ∨ (p ∧ q)) ↔ p :=
  Iff.intro
    (fun h => Or.elim h (fun h1 => h1.1) (fun h2 => h2.1))
    (fun hp => Or.elim (Classical.em q)
      (fun hq => Or.inr (And.intro hp hq))
      (fun hnq => Or.inl (And.intro hp hnq)))

theorem or_and_not_cancel (p q : Prop) : ((p ∧ ¬ q) ∨ q) ↔ (p ∨ q) :=
  Iff.intro
    (fun h => Or.elim h (fun h1 => Or.inl h1.1) (fun hq => Or.inr hq))
    (fun h => Or.elim (Classical.em q)
      (fun hq => Or.inr hq)
      (fun hnq => Or.elim h (fun hp => Or.inl (And.intro hp hnq)) (fun hq => absurd hq hnq)))

end Logic

variable {A : Type}

/-! ## Inclusion and equality -/

theorem incl_refl : ∀ (n : Nat) (r : Rel A n), Rel.incl n r r
  | 0, _ => fun h => h
  | n + 1, r => fun (a : A) => incl_refl n (r a)

theorem incl_trans : ∀ (n : Nat) (r s t : Rel A n), Rel.incl n r s → Rel.incl n s t → Rel.incl n r t
  | 0, _, _, _, h1, h2 => fun h => h2 (h1 h)
  | n + 1, r, s, t, h1, h2 => fun (a : A) => incl_trans n (r a) (s a) (t a) (h1 a) (h2 a)

/-- Mutual inclusion is equality (by `funext` and `propext`). -/
theorem incl_antisym : ∀ (n : Nat) (r s : Rel A n), Rel.incl n r s → Rel.incl n s r → r = s
  | 0, _, _, h1, h2 => propext (Iff.intro h1 h2)
  | n + 1, r, s, h1, h2 => funext (fun (a : A) => incl_antisym n (r a) (s a) (h1 a) (h2 a))

theorem same_eq (n : Nat) (r s : Rel A n) : Rel.same n r s ↔ r = s :=
  Iff.intro
    (fun h => incl_antisym n r s (And.left h) (And.right h))
    (fun h => by subst h; exact And.intro (incl_refl n r) (incl_refl n r))

theorem same_refl (n : Nat) (r : Rel A n) : Rel.same n r r :=
  And.intro (incl_refl n r) (incl_refl n r)

theorem same_sym (n : Nat) (r s : Rel A n) (h : Rel.same n r s) : Rel.same n s r :=
  And.intro (And.right h) (And.left h)

theorem same_trans (n : Nat) (r s t : Rel A n) (h1 : Rel.same n r s) (h2 : Rel.same n s t) :
    Rel.same n r t :=
  And.intro (incl_trans n r s t (And.left h1) (And.left h2)) (incl_trans n t s r (And.right h2) (And.right h1))

theorem same_incl_l (n : Nat) (r s : Rel A n) (h : Rel.same n r s) : Rel.incl n r s := And.left h

theorem same_incl_r (n : Nat) (r s : Rel A n) (h : Rel.same n r s) : Rel.incl n s r := And.right h

/-! ## Union, intersection, difference: inclusions, every arity -/

theorem union_incl : ∀ (n : Nat) (r s t : Rel A n),
    Rel.incl n r t → Rel.incl n s t → Rel.incl n (Rel.union n r s) t
  | 0, _, _, _, h1, h2 => fun h => Or.elim h h1 h2
  | n + 1, r, s, t, h1, h2 => fun (a : A) => union_incl n (r a) (s a) (t a) (h1 a) (h2 a)

theorem incl_union_l : ∀ (n : Nat) (r s : Rel A n), Rel.incl n r (Rel.union n r s)
  | 0, _, _ => fun h => Or.inl h
  | n + 1, r, s => fun (a : A) => incl_union_l n (r a) (s a)

theorem incl_union_r : ∀ (n : Nat) (r s : Rel A n), Rel.incl n s (Rel.union n r s)
  | 0, _, _ => fun h => Or.inr h
  | n + 1, r, s => fun (a : A) => incl_union_r n (r a) (s a)

theorem incl_inter : ∀ (n : Nat) (r s t : Rel A n),
    Rel.incl n t r → Rel.incl n t s → Rel.incl n t (Rel.inter n r s)
  | 0, _, _, _, h1, h2 => fun h => And.intro (h1 h) (h2 h)
  | n + 1, r, s, t, h1, h2 => fun (a : A) => incl_inter n (r a) (s a) (t a) (h1 a) (h2 a)

theorem inter_incl_l : ∀ (n : Nat) (r s : Rel A n), Rel.incl n (Rel.inter n r s) r
  | 0, _, _ => fun h => And.left h
  | n + 1, r, s => fun (a : A) => inter_incl_l n (r a) (s a)

theorem inter_incl_r : ∀ (n : Nat) (r s : Rel A n), Rel.incl n (Rel.inter n r s) s
  | 0, _, _ => fun h => And.right h
  | n + 1, r, s => fun (a : A) => inter_incl_r n (r a) (s a)

theorem diff_incl : ∀ (n : Nat) (r s : Rel A n), Rel.incl n (Rel.diff n r s) r
  | 0, _, _ => fun h => And.left h
  | n + 1, r, s => fun (a : A) => diff_incl n (r a) (s a)

theorem union_incl_proper : ∀ (n : Nat) (r r' s s' : Rel A n),
    Rel.incl n r r' → Rel.incl n s s' → Rel.incl n (Rel.union n r s) (Rel.union n r' s')
  | 0, _, _, _, _, h1, h2 => fun h => Or.elim h (fun hr => Or.inl (h1 hr)) (fun hs => Or.inr (h2 hs))
  | n + 1, r, r', s, s', h1, h2 => fun (a : A) =>
      union_incl_proper n (r a) (r' a) (s a) (s' a) (h1 a) (h2 a)

theorem inter_incl_proper : ∀ (n : Nat) (r r' s s' : Rel A n),
    Rel.incl n r r' → Rel.incl n s s' → Rel.incl n (Rel.inter n r s) (Rel.inter n r' s')
  | 0, _, _, _, _, h1, h2 => fun h => And.intro (h1 (And.left h)) (h2 (And.right h))
  | n + 1, r, r', s, s', h1, h2 => fun (a : A) =>
      inter_incl_proper n (r a) (r' a) (s a) (s' a) (h1 a) (h2 a)

theorem diff_incl_proper : ∀ (n : Nat) (r r' s s' : Rel A n),
    Rel.incl n r r' → Rel.incl n s' s → Rel.incl n (Rel.diff n r s) (Rel.diff n r' s')
  | 0, _, _, _, _, h1, h2 => fun h => And.intro (h1 (And.left h)) (fun hs' => (And.right h) (h2 hs'))
  | n + 1, r, r', s, s', h1, h2 => fun (a : A) =>
      diff_incl_proper n (r a) (r' a) (s a) (s' a) (h1 a) (h2 a)

/-! ## Union, intersection, difference: equalities, every arity -/

theorem union_assoc : ∀ (n : Nat) (r s t : Rel A n),
    Rel.union n (Rel.union n r s) t = Rel.union n r (Rel.union n s t)
  | 0, r, s, t => propext (Logic.or_assoc_iff r s t)
  | n + 1, r, s, t => funext (fun (a : A) => union_assoc n (r a) (s a) (t a))

theorem union_comm : ∀ (n : Nat) (r s : Rel A n), Rel.union n r s = Rel.union n s r
  | 0, r, s => propext (Logic.or_comm_iff r s)
  | n + 1, r, s => funext (fun (a : A) => union_comm n (r a) (s a))

theorem union_idem : ∀ (n : Nat) (r : Rel A n), Rel.union n r r = r
  | 0, r => propext (Logic.or_idem_iff r)
  | n + 1, r => funext (fun (a : A) => union_idem n (r a))

theorem union_none_l : ∀ (n : Nat) (r : Rel A n), Rel.union n (Rel.none n) r = r
  | 0, r => propext (Logic.false_or_iff r)
  | n + 1, r => funext (fun (a : A) => union_none_l n (r a))

theorem union_none_r : ∀ (n : Nat) (r : Rel A n), Rel.union n r (Rel.none n) = r
  | 0, r => propext (Logic.or_false_iff r)
  | n + 1, r => funext (fun (a : A) => union_none_r n (r a))

theorem union_univ_r : ∀ (n : Nat) (r : Rel A n), Rel.union n r (Rel.univ n) = Rel.univ n
  | 0, r => propext (Logic.or_true_iff r)
  | n + 1, r => funext (fun (a : A) => union_univ_r n (r a))

theorem inter_assoc : ∀ (n : Nat) (r s t : Rel A n),
    Rel.inter n (Rel.inter n r s) t = Rel.inter n r (Rel.inter n s t)
  | 0, r, s, t => propext (Logic.and_assoc_iff r s t)
  | n + 1, r, s, t => funext (fun (a : A) => inter_assoc n (r a) (s a) (t a))

theorem inter_comm : ∀ (n : Nat) (r s : Rel A n), Rel.inter n r s = Rel.inter n s r
  | 0, r, s => propext (Logic.and_comm_iff r s)
  | n + 1, r, s => funext (fun (a : A) => inter_comm n (r a) (s a))

theorem inter_idem : ∀ (n : Nat) (r : Rel A n), Rel.inter n r r = r
  | 0, r => propext (Logic.and_idem_iff r)
  | n + 1, r => funext (fun (a : A) => inter_idem n (r a))

theorem inter_univ_l : ∀ (n : Nat) (r : Rel A n), Rel.inter n (Rel.univ n) r = r
  | 0, r => propext (Logic.true_and_iff r)
  | n + 1, r => funext (fun (a : A) => inter_univ_l n (r a))

theorem inter_univ_r : ∀ (n : Nat) (r : Rel A n), Rel.inter n r (Rel.univ n) = r
  | 0, r => propext (Logic.and_true_iff r)
  | n + 1, r => funext (fun (a : A) => inter_univ_r n (r a))

theorem inter_none_l : ∀ (n : Nat) (r : Rel A n), Rel.inter n (Rel.none n) r = Rel.none n
  | 0, r => propext (Logic.false_and_iff r)
  | n + 1, r => funext (fun (a : A) => inter_none_l n (r a))

theorem inter_none_r : ∀ (n : Nat) (r : Rel A n), Rel.inter n r (Rel.none n) = Rel.none n
  | 0, r => propext (Logic.and_false_iff r)
  | n + 1, r => funext (fun (a : A) => inter_none_r n (r a))

theorem inter_union_distr_l : ∀ (n : Nat) (r s t : Rel A n),
    Rel.inter n r (Rel.union n s t) = Rel.union n (Rel.inter n r s) (Rel.inter n r t)
  | 0, r, s, t => propext (Logic.and_or_distrib_l r s t)
  | n + 1, r, s, t => funext (fun (a : A) => inter_union_distr_l n (r a) (s a) (t a))

theorem inter_union_distr_r : ∀ (n : Nat) (r s t : Rel A n),
    Rel.inter n (Rel.union n r s) t = Rel.union n (Rel.inter n r t) (Rel.inter n s t)
  | 0, r, s, t => propext (Logic.and_or_distrib_r r s t)
  | n + 1, r, s, t => funext (fun (a : A) => inter_union_distr_r n (r a) (s a) (t a))

theorem union_inter_distr_l : ∀ (n : Nat) (r s t : Rel A n),
    Rel.union n r (Rel.inter n s t) = Rel.inter n (Rel.union n r s) (Rel.union n r t)
  | 0, r, s, t => propext (Logic.or_and_distrib_l r s t)
  | n + 1, r, s, t => funext (fun (a : A) => union_inter_distr_l n (r a) (s a) (t a))

theorem union_inter_absorb : ∀ (n : Nat) (r s : Rel A n), Rel.union n r (Rel.inter n r s) = r
  | 0, r, s => propext (Logic.or_and_absorb r s)
  | n + 1, r, s => funext (fun (a : A) => union_inter_absorb n (r a) (s a))

theorem inter_union_absorb : ∀ (n : Nat) (r s : Rel A n), Rel.inter n r (Rel.union n r s) = r
  | 0, r, s => propext (Logic.and_or_absorb r s)
  | n + 1, r, s => funext (fun (a : A) => inter_union_absorb n (r a) (s a))

theorem diff_self : ∀ (n : Nat) (r : Rel A n), Rel.diff n r r = Rel.none n
  | 0, r => propext (Logic.and_not_self r)
  | n + 1, r => funext (fun (a : A) => diff_self n (r a))

theorem diff_none_r : ∀ (n : Nat) (r : Rel A n), Rel.diff n r (Rel.none n) = r
  | 0, r => propext (Logic.and_not_false r)
  | n + 1, r => funext (fun (a : A) => diff_none_r n (r a))

theorem diff_none_l : ∀ (n : Nat) (r : Rel A n), Rel.diff n (Rel.none n) r = Rel.none n
  | 0, r => propext (Logic.false_and_not r)
  | n + 1, r => funext (fun (a : A) => diff_none_l n (r a))

theorem diff_univ_r : ∀ (n : Nat) (r : Rel A n), Rel.diff n r (Rel.univ n) = Rel.none n
  | 0, r => propext (Logic.and_not_true r)
  | n + 1, r => funext (fun (a : A) => diff_univ_r n (r a))

theorem diff_union_l : ∀ (n : Nat) (r s t : Rel A n),
    Rel.diff n (Rel.union n r s) t = Rel.union n (Rel.diff n r t) (Rel.diff n s t)
  | 0, r, s, t => propext (Logic.or_and_not r s t)
  | n + 1, r, s, t => funext (fun (a : A) => diff_union_l n (r a) (s a) (t a))

theorem diff_union_r : ∀ (n : Nat) (r s t : Rel A n),
    Rel.diff n r (Rel.union n s t) = Rel.diff n (Rel.diff n r s) t
  | 0, r, s, t => propext (Logic.and_not_or r s t)
  | n + 1, r, s, t => funext (fun (a : A) => diff_union_r n (r a) (s a) (t a))

theorem diff_inter_disjoint : ∀ (n : Nat) (r s : Rel A n),
    Rel.inter n (Rel.diff n r s) s = Rel.none n
  | 0, r, s => propext (Logic.and_not_and_self r s)
  | n + 1, r, s => funext (fun (a : A) => diff_inter_disjoint n (r a) (s a))

/-! ## Multiplicities -/

theorem nonempty_none : ∀ (n : Nat), ¬ Rel.nonempty n (Rel.none n : Rel A n)
  | 0 => fun (h : Rel.nonempty 0 (Rel.none 0 : Rel A 0)) => h
  | n + 1 => fun (h : Rel.nonempty (n + 1) (Rel.none (n + 1) : Rel A (n + 1))) =>
      Exists.elim h (fun (a : A) (ha : Rel.nonempty n (Rel.none n : Rel A n)) => nonempty_none n ha)

theorem no_none (n : Nat) : Rel.no n (Rel.none n : Rel A n) := nonempty_none n

theorem nonempty_incl : ∀ (n : Nat) (r s : Rel A n), Rel.incl n r s → Rel.nonempty n r → Rel.nonempty n s
  | 0, _, _, h, hr => h hr
  | n + 1, r, s, h, hr =>
      Exists.elim hr (fun (a : A) (ha : Rel.nonempty n (r a)) =>
        Exists.intro a (nonempty_incl n (r a) (s a) (h a) ha))

theorem none_incl : ∀ (n : Nat) (r : Rel A n), Rel.incl n (Rel.none n) r
  | 0, _ => fun (h : False) => False.elim h
  | n + 1, r => fun (a : A) => none_incl n (r a)

theorem no_incl_none : ∀ (n : Nat) (r : Rel A n), Rel.no n r ↔ Rel.incl n r (Rel.none n)
  | 0, _ => Iff.rfl
  | n + 1, r => Iff.intro
      (fun (h : Rel.no (n + 1) r) (a : A) =>
        (no_incl_none n (r a)).mp (fun (hn : Rel.nonempty n (r a)) => h (Exists.intro a hn)))
      (fun (h : Rel.incl (n + 1) r (Rel.none (n + 1))) (he : Rel.nonempty (n + 1) r) =>
        Exists.elim he (fun (a : A) (ha : Rel.nonempty n (r a)) => (no_incl_none n (r a)).mpr (h a) ha))

theorem no_same_none (n : Nat) (r : Rel A n) : Rel.no n r ↔ r = Rel.none n :=
  Iff.intro
    (fun h => incl_antisym n r (Rel.none n) ((no_incl_none n r).mp h) (none_incl n r))
    (fun h => by subst h; exact no_none n)

theorem lone_incl : ∀ (n : Nat) (r s : Rel A n), Rel.incl n r s → Rel.lone n s → Rel.lone n r
  | 0, _, _, _, _ => True.intro
  | n + 1, r, s, h, hs =>
      And.intro
        (fun (a b : A) (ha : Rel.nonempty n (r a)) (hb : Rel.nonempty n (r b)) =>
          (And.left hs) a b (nonempty_incl n (r a) (s a) (h a) ha) (nonempty_incl n (r b) (s b) (h b) hb))
        (fun (a : A) => lone_incl n (r a) (s a) (h a) ((And.right hs) a))

theorem one_some (n : Nat) (r : Rel A n) (h : Rel.one n r) : Rel.some n r := And.left h

theorem one_lone (n : Nat) (r : Rel A n) (h : Rel.one n r) : Rel.lone n r := And.right h

theorem no_not_some (n : Nat) (r : Rel A n) : Rel.no n r ↔ ¬ Rel.some n r := Iff.rfl

theorem one_single (a : A) : Rel.one 1 (Rel.single a) :=
  And.intro
    (Exists.intro a (rfl : a = a))
    (And.intro
      (fun (x y : A) (hx : x = a) (hy : y = a) => Eq.trans hx (Eq.symm hy))
      (fun (_ : A) => True.intro))

theorem lone_unary (s : Rel A 1) : Rel.lone 1 s ↔ ∀ (x y : A), s x → s y → x = y :=
  Iff.intro (fun h => And.left h) (fun h => And.intro h (fun (_ : A) => True.intro))

theorem atleast_0 (n : Nat) (r : Rel A n) : Rel.atleast n 0 r :=
  Exists.intro (fun (i : Fin 0) => Fin.elim0 i)
    (And.intro (fun (i : Fin 0) (_ : Fin 0) _ => Fin.elim0 i) (fun (i : Fin 0) => Fin.elim0 i))

/-! ## Binary operators, pointwise -/

theorem union2_iff (r s : Rel A 2) (x y : A) : Rel.union 2 r s x y ↔ (r x y ∨ s x y) := Iff.rfl

theorem inter2_iff (r s : Rel A 2) (x y : A) : Rel.inter 2 r s x y ↔ (r x y ∧ s x y) := Iff.rfl

theorem join11_iff (r s : Rel A 2) (x z : A) :
    Rel.join 1 1 r s x z ↔ ∃ (y : A), r x y ∧ s y z := Iff.rfl

theorem join01_iff (s : Rel A 1) (r : Rel A 2) (y : A) :
    Rel.join 0 1 s r y ↔ ∃ (x : A), s x ∧ r x y := Iff.rfl

theorem join10_iff (r : Rel A 2) (s : Rel A 1) (x : A) :
    Rel.join 1 0 r s x ↔ ∃ (y : A), r x y ∧ s y := Iff.rfl

theorem product11_iff (s t : Rel A 1) (x y : A) : Rel.product 1 1 s t x y ↔ (s x ∧ t y) := Iff.rfl

theorem closure_iff (r : Rel A 2) (x y : A) : Rel.closure r x y ↔ Rel.Closure r x y := Iff.rfl

theorem rclosure_iff (r : Rel A 2) (x y : A) : Rel.rclosure r x y ↔ (Rel.Closure r x y ∨ x = y) := Iff.rfl

/-! ## Join -/

theorem join_assoc (r s t : Rel A 2) :
    Rel.join 1 1 (Rel.join 1 1 r s) t = Rel.join 1 1 r (Rel.join 1 1 s t) :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join11_iff (Rel.join 1 1 r s) t x z).mp h)
      (fun (y : A) (hy : Rel.join 1 1 r s x y ∧ t y z) =>
        Exists.elim ((join11_iff r s x y).mp hy.1)
          (fun (w : A) (hw : r x w ∧ s w y) =>
            (join11_iff r (Rel.join 1 1 s t) x z).mpr
              (Exists.intro w (And.intro hw.1 ((join11_iff s t w z).mpr (Exists.intro y (And.intro hw.2 hy.2))))))))
    (fun h => Exists.elim ((join11_iff r (Rel.join 1 1 s t) x z).mp h)
      (fun (w : A) (hw : r x w ∧ Rel.join 1 1 s t w z) =>
        Exists.elim ((join11_iff s t w z).mp hw.2)
          (fun (y : A) (hy : s w y ∧ t y z) =>
            (join11_iff (Rel.join 1 1 r s) t x z).mpr
              (Exists.intro y (And.intro ((join11_iff r s x y).mpr (Exists.intro w (And.intro hw.1 hy.1))) hy.2))))))))

theorem join_union_distr_r (r s t : Rel A 2) :
    Rel.join 1 1 (Rel.union 2 r s) t = Rel.union 2 (Rel.join 1 1 r t) (Rel.join 1 1 s t) :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join11_iff (Rel.union 2 r s) t x z).mp h)
      (fun (y : A) (hy : Rel.union 2 r s x y ∧ t y z) =>
        (union2_iff (Rel.join 1 1 r t) (Rel.join 1 1 s t) x z).mpr
          (Or.elim ((union2_iff r s x y).mp hy.1)
            (fun (hr : r x y) => Or.inl ((join11_iff r t x z).mpr (Exists.intro y (And.intro hr hy.2))))
            (fun (hs : s x y) => Or.inr ((join11_iff s t x z).mpr (Exists.intro y (And.intro hs hy.2)))))))
    (fun h => Or.elim ((union2_iff (Rel.join 1 1 r t) (Rel.join 1 1 s t) x z).mp h)
      (fun (h1 : Rel.join 1 1 r t x z) => Exists.elim ((join11_iff r t x z).mp h1)
        (fun (y : A) (hy : r x y ∧ t y z) =>
          (join11_iff (Rel.union 2 r s) t x z).mpr
            (Exists.intro y (And.intro ((union2_iff r s x y).mpr (Or.inl hy.1)) hy.2))))
      (fun (h2 : Rel.join 1 1 s t x z) => Exists.elim ((join11_iff s t x z).mp h2)
        (fun (y : A) (hy : s x y ∧ t y z) =>
          (join11_iff (Rel.union 2 r s) t x z).mpr
            (Exists.intro y (And.intro ((union2_iff r s x y).mpr (Or.inr hy.1)) hy.2))))))))

theorem join_none_l (r : Rel A 2) : Rel.join 1 1 (Rel.none 2) r = Rel.none 2 :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join11_iff (Rel.none 2) r x z).mp h)
      (fun (y : A) (hy : Rel.none 2 x y ∧ r y z) => False.elim hy.1))
    (fun (h : Rel.none 2 x z) => False.elim h))))

theorem join_none_r (r : Rel A 2) : Rel.join 1 1 r (Rel.none 2) = Rel.none 2 :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join11_iff r (Rel.none 2) x z).mp h)
      (fun (y : A) (hy : r x y ∧ Rel.none 2 y z) => False.elim hy.2))
    (fun (h : Rel.none 2 x z) => False.elim h))))

theorem join_iden_l (r : Rel A 2) : Rel.join 1 1 Rel.iden r = r :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join11_iff Rel.iden r x z).mp h)
      (fun (y : A) (hy : Rel.iden x y ∧ r y z) =>
        @Eq.subst A (fun (w : A) => r w z) y x (Eq.symm hy.1) hy.2))
    (fun (h : r x z) => (join11_iff Rel.iden r x z).mpr (Exists.intro x (And.intro (rfl : x = x) h))))))

theorem join_iden_r (r : Rel A 2) : Rel.join 1 1 r Rel.iden = r :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join11_iff r Rel.iden x z).mp h)
      (fun (y : A) (hy : r x y ∧ Rel.iden y z) =>
        @Eq.subst A (fun (w : A) => r x w) y z hy.2 hy.1))
    (fun (h : r x z) => (join11_iff r Rel.iden x z).mpr (Exists.intro z (And.intro h (rfl : z = z)))))))

theorem join_iden_set (s : Rel A 1) : Rel.join 0 1 s Rel.iden = s :=
  funext (fun (y : A) => propext (Iff.intro
    (fun h => Exists.elim ((join01_iff s Rel.iden y).mp h)
      (fun (x : A) (hx : s x ∧ Rel.iden x y) => @Eq.subst A (fun (w : A) => s w) x y hx.2 hx.1))
    (fun (h : s y) => (join01_iff s Rel.iden y).mpr (Exists.intro y (And.intro h (rfl : y = y))))))

theorem join_single (a : A) (r : Rel A 2) (b : A) : Rel.join 0 1 (Rel.single a) r b ↔ r a b :=
  Iff.intro
    (fun h => Exists.elim ((join01_iff (Rel.single a) r b).mp h)
      (fun (x : A) (hx : Rel.single a x ∧ r x b) =>
        @Eq.subst A (fun (w : A) => r w b) x a hx.1 hx.2))
    (fun (h : r a b) => (join01_iff (Rel.single a) r b).mpr (Exists.intro a (And.intro (rfl : a = a) h)))

theorem join_incl_proper (r r' s s' : Rel A 2) (h1 : Rel.incl 2 r r') (h2 : Rel.incl 2 s s') :
    Rel.incl 2 (Rel.join 1 1 r s) (Rel.join 1 1 r' s') :=
  fun (x z : A) (h : Rel.join 1 1 r s x z) =>
    Exists.elim ((join11_iff r s x z).mp h)
      (fun (y : A) (hy : r x y ∧ s y z) =>
        (join11_iff r' s' x z).mpr (Exists.intro y (And.intro (h1 x y hy.1) (h2 y z hy.2))))

/-- `p ∧ -` distributes over union, every arity. -/
theorem pand_union : ∀ (n : Nat) (p : Prop) (a b : Rel A n),
    Rel.pand n p (Rel.union n a b) = Rel.union n (Rel.pand n p a) (Rel.pand n p b)
  | 0, p, a, b => propext (Logic.and_or_distrib_l p a b)
  | n + 1, p, a, b => funext (fun (x : A) => pand_union n p (a x) (b x))

theorem pand_true : ∀ (n : Nat) (q : Rel A n), Rel.pand n True q = q
  | 0, q => propext (Logic.true_and_iff q)
  | n + 1, q => funext (fun (a : A) => pand_true n (q a))

theorem pand_false : ∀ (n : Nat) (q : Rel A n), Rel.pand n False q = Rel.none n
  | 0, q => propext (Logic.false_and_iff q)
  | n + 1, q => funext (fun (a : A) => pand_false n (q a))

/-- The union of a family distributes over union, every arity. -/
theorem rex_union : ∀ (n : Nat) (P Q : A → Rel A n),
    Rel.rex n (fun (x : A) => Rel.union n (P x) (Q x)) = Rel.union n (Rel.rex n P) (Rel.rex n Q)
  | 0, P, Q => propext (Iff.intro
      (fun (h : ∃ (x : A), P x ∨ Q x) => Exists.elim h (fun (x : A) (hx : P x ∨ Q x) =>
        Or.elim hx
          (fun (hp : P x) => Or.inl (Exists.intro x hp))
          (fun (hq : Q x) => Or.inr (Exists.intro x hq))))
      (fun (h : (∃ (x : A), P x) ∨ (∃ (x : A), Q x)) => Or.elim h
        (fun (hp : ∃ (x : A), P x) => Exists.elim hp (fun (x : A) (hx : P x) => Exists.intro x (Or.inl hx)))
        (fun (hq : ∃ (x : A), Q x) => Exists.elim hq (fun (x : A) (hx : Q x) => Exists.intro x (Or.inr hx)))))
  | n + 1, P, Q => funext (fun (b : A) => rex_union n (fun (x : A) => P x b) (fun (x : A) => Q x b))

theorem join_union_distr_l : ∀ (m n : Nat) (r : Rel A (m + 1)) (s t : Rel A (n + 1)),
    Rel.join m n r (Rel.union (n + 1) s t) = Rel.union (n + m) (Rel.join m n r s) (Rel.join m n r t)
  | 0, n, r, s, t =>
      -- `join 0 n r s` is `rex n (fun x => pand n (r x) (s x))` by definition.
      (Eq.trans
        (congrArg (Rel.rex n) (funext (fun (x : A) => pand_union n (r x) (s x) (t x))))
        (rex_union n (fun (x : A) => Rel.pand n (r x) (s x)) (fun (x : A) => Rel.pand n (r x) (t x)))
        : Rel.rex n (fun (x : A) => Rel.pand n (r x) (Rel.union n (s x) (t x)))
          = Rel.union n (Rel.rex n (fun (x : A) => Rel.pand n (r x) (s x)))
              (Rel.rex n (fun (x : A) => Rel.pand n (r x) (t x))))
  | m + 1, n, r, s, t => funext (fun (a : A) => join_union_distr_l m n (r a) s t)

theorem join_assoc_set (x : Rel A 1) (r s : Rel A 2) :
    Rel.join 0 1 (Rel.join 0 1 x r) s = Rel.join 0 1 x (Rel.join 1 1 r s) :=
  funext (fun (z : A) => propext (Iff.intro
    (fun h => Exists.elim ((join01_iff (Rel.join 0 1 x r) s z).mp h)
      (fun (y : A) (hy : Rel.join 0 1 x r y ∧ s y z) =>
        Exists.elim ((join01_iff x r y).mp hy.1)
          (fun (w : A) (hw : x w ∧ r w y) =>
            (join01_iff x (Rel.join 1 1 r s) z).mpr
              (Exists.intro w (And.intro hw.1 ((join11_iff r s w z).mpr (Exists.intro y (And.intro hw.2 hy.2))))))))
    (fun h => Exists.elim ((join01_iff x (Rel.join 1 1 r s) z).mp h)
      (fun (w : A) (hw : x w ∧ Rel.join 1 1 r s w z) =>
        Exists.elim ((join11_iff r s w z).mp hw.2)
          (fun (y : A) (hy : r w y ∧ s y z) =>
            (join01_iff (Rel.join 0 1 x r) s z).mpr
              (Exists.intro y (And.intro ((join01_iff x r y).mpr (Exists.intro w (And.intro hw.1 hy.1))) hy.2)))))))

theorem join_assoc_set_r (r s : Rel A 2) (x : Rel A 1) :
    Rel.join 1 0 (Rel.join 1 1 r s) x = Rel.join 1 0 r (Rel.join 1 0 s x) :=
  funext (fun (a : A) => propext (Iff.intro
    (fun h => Exists.elim ((join10_iff (Rel.join 1 1 r s) x a).mp h)
      (fun (y : A) (hy : Rel.join 1 1 r s a y ∧ x y) =>
        Exists.elim ((join11_iff r s a y).mp hy.1)
          (fun (w : A) (hw : r a w ∧ s w y) =>
            (join10_iff r (Rel.join 1 0 s x) a).mpr
              (Exists.intro w (And.intro hw.1 ((join10_iff s x w).mpr (Exists.intro y (And.intro hw.2 hy.2))))))))
    (fun h => Exists.elim ((join10_iff r (Rel.join 1 0 s x) a).mp h)
      (fun (w : A) (hw : r a w ∧ Rel.join 1 0 s x w) =>
        Exists.elim ((join10_iff s x w).mp hw.2)
          (fun (y : A) (hy : s w y ∧ x y) =>
            (join10_iff (Rel.join 1 1 r s) x a).mpr
              (Exists.intro y (And.intro ((join11_iff r s a y).mpr (Exists.intro w (And.intro hw.1 hy.1))) hy.2)))))))

/-! ## Product -/

theorem product_none_l (n : Nat) (s : Rel A n) :
    Rel.product 1 n (Rel.none 1) s = (Rel.none (n + 1) : Rel A (n + 1)) :=
  funext (fun (a : A) => pand_false n s)

theorem product_union_distr_l (x y z : Rel A 1) :
    Rel.product 1 1 (Rel.union 1 x y) z = Rel.union 2 (Rel.product 1 1 x z) (Rel.product 1 1 y z) :=
  funext (fun (a : A) => funext (fun (b : A) => propext (Logic.and_or_distrib_r (x a) (y a) (z b))))

theorem product_union_distr_r (x y z : Rel A 1) :
    Rel.product 1 1 x (Rel.union 1 y z) = Rel.union 2 (Rel.product 1 1 x y) (Rel.product 1 1 x z) :=
  funext (fun (a : A) => funext (fun (b : A) => propext (Logic.and_or_distrib_l (x a) (y b) (z b))))

/-! ## Transpose -/

theorem transpose_transpose (r : Rel A 2) : Rel.transpose (Rel.transpose r) = r := rfl

theorem transpose_union (r s : Rel A 2) :
    Rel.transpose (Rel.union 2 r s) = Rel.union 2 (Rel.transpose r) (Rel.transpose s) :=
  funext (fun (x : A) => funext (fun (y : A) => rfl))

theorem transpose_inter (r s : Rel A 2) :
    Rel.transpose (Rel.inter 2 r s) = Rel.inter 2 (Rel.transpose r) (Rel.transpose s) :=
  funext (fun (x : A) => funext (fun (y : A) => rfl))

theorem transpose_diff (r s : Rel A 2) :
    Rel.transpose (Rel.diff 2 r s) = Rel.diff 2 (Rel.transpose r) (Rel.transpose s) :=
  funext (fun (x : A) => funext (fun (y : A) => rfl))

theorem transpose_none : Rel.transpose (Rel.none 2 : Rel A 2) = Rel.none 2 :=
  funext (fun (x : A) => funext (fun (y : A) => rfl))

theorem transpose_iden : Rel.transpose (Rel.iden : Rel A 2) = Rel.iden :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : y = x) => Eq.symm h)
    (fun (h : x = y) => Eq.symm h))))

theorem transpose_incl (r s : Rel A 2) (h : Rel.incl 2 r s) :
    Rel.incl 2 (Rel.transpose r) (Rel.transpose s) :=
  fun (x y : A) (hxy : r y x) => h y x hxy

theorem transpose_incl_proper (r s : Rel A 2) (h : Rel.incl 2 r s) :
    Rel.incl 2 (Rel.transpose r) (Rel.transpose s) :=
  transpose_incl r s h

theorem transpose_join (r s : Rel A 2) :
    Rel.transpose (Rel.join 1 1 r s) = Rel.join 1 1 (Rel.transpose s) (Rel.transpose r) :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun (h : Rel.join 1 1 r s z x) => Exists.elim ((join11_iff r s z x).mp h)
      (fun (y : A) (hy : r z y ∧ s y x) =>
        (join11_iff (Rel.transpose s) (Rel.transpose r) x z).mpr (Exists.intro y (And.intro hy.2 hy.1))))
    (fun h => Exists.elim ((join11_iff (Rel.transpose s) (Rel.transpose r) x z).mp h)
      (fun (y : A) (hy : s y x ∧ r z y) =>
        (join11_iff r s z x).mpr (Exists.intro y (And.intro hy.2 hy.1)))))))

theorem transpose_product (x y : Rel A 1) :
    Rel.transpose (Rel.product 1 1 x y) = Rel.product 1 1 y x :=
  funext (fun (a : A) => funext (fun (b : A) => propext (Iff.intro
    (fun (h : x b ∧ y a) => And.intro h.2 h.1)
    (fun (h : y a ∧ x b) => And.intro h.2 h.1))))

/-! ## Transitive closure -/

/-- Induction on `Closure`, with the `cons` case seeing the tail. -/
theorem closure_ind_aux (r s : A → A → Prop)
    (h1 : ∀ (a b : A), r a b → s a b)
    (h2 : ∀ (a b c : A), r a b → Rel.Closure r b c → s b c → s a c)
    {x y : A} (h : Rel.Closure r x y) : s x y := by
  induction h with
  | step a b hab => exact h1 a b hab
  | cons a b c hab hbc ih => exact h2 a b c hab hbc ih

theorem closure_trans_aux (r : A → A → Prop) {x y z : A}
    (h1 : Rel.Closure r x y) (h2 : Rel.Closure r y z) : Rel.Closure r x z :=
  closure_ind_aux r (fun (a b : A) => Rel.Closure r b z → Rel.Closure r a z)
    (fun (a b : A) (hab : r a b) (hbz : Rel.Closure r b z) => Rel.Closure.cons a b z hab hbz)
    (fun (a b c : A) (hab : r a b) (_ : Rel.Closure r b c)
        (ih : Rel.Closure r c z → Rel.Closure r b z) (hcz : Rel.Closure r c z) =>
      Rel.Closure.cons a b z hab (ih hcz))
    h1 h2

theorem closure_incl (r : Rel A 2) : Rel.incl 2 r (Rel.closure r) :=
  fun (x y : A) (h : r x y) => Rel.Closure.step x y h

theorem closure_trans_pt (r : Rel A 2) (x y z : A)
    (h1 : Rel.closure r x y) (h2 : Rel.closure r y z) : Rel.closure r x z :=
  closure_trans_aux r h1 h2

theorem closure_snoc (r : Rel A 2) (x y z : A)
    (h1 : Rel.closure r x y) (h2 : r y z) : Rel.closure r x z :=
  closure_trans_aux r h1 (Rel.Closure.step y z h2)

theorem closure_trans (r : Rel A 2) :
    Rel.incl 2 (Rel.join 1 1 (Rel.closure r) (Rel.closure r)) (Rel.closure r) :=
  fun (x z : A) (h : Rel.join 1 1 (Rel.closure r) (Rel.closure r) x z) =>
    Exists.elim ((join11_iff (Rel.closure r) (Rel.closure r) x z).mp h)
      (fun (y : A) (hy : Rel.closure r x y ∧ Rel.closure r y z) => closure_trans_aux r hy.1 hy.2)

theorem closure_ind_l (r s : Rel A 2) (h1 : Rel.incl 2 r s) (h2 : Rel.incl 2 (Rel.join 1 1 r s) s) :
    Rel.incl 2 (Rel.closure r) s :=
  fun (x y : A) (h : Rel.Closure r x y) =>
    closure_ind_aux r s
      (fun (a b : A) (hab : r a b) => h1 a b hab)
      (fun (a b c : A) (hab : r a b) _ (hbc : s b c) =>
        h2 a c ((join11_iff r s a c).mpr (Exists.intro b (And.intro hab hbc))))
      h

theorem closure_ind_incl (r s : Rel A 2) (h1 : Rel.incl 2 r s) (h2 : Rel.incl 2 (Rel.join 1 1 s s) s) :
    Rel.incl 2 (Rel.closure r) s :=
  fun (x y : A) (h : Rel.Closure r x y) =>
    closure_ind_aux r s
      (fun (a b : A) (hab : r a b) => h1 a b hab)
      (fun (a b c : A) (hab : r a b) _ (hbc : s b c) =>
        h2 a c ((join11_iff s s a c).mpr (Exists.intro b (And.intro (h1 a b hab) hbc))))
      h

theorem closure_mono (r s : Rel A 2) (h : Rel.incl 2 r s) : Rel.incl 2 (Rel.closure r) (Rel.closure s) :=
  fun (x y : A) (hc : Rel.Closure r x y) =>
    closure_ind_aux r (Rel.Closure s)
      (fun (a b : A) (hab : r a b) => Rel.Closure.step a b (h a b hab))
      (fun (a b c : A) (hab : r a b) _ (hbc : Rel.Closure s b c) => Rel.Closure.cons a b c (h a b hab) hbc)
      hc

theorem closure_unfold_l (r : Rel A 2) :
    Rel.closure r = Rel.union 2 r (Rel.join 1 1 r (Rel.closure r)) :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun (h : Rel.Closure r x z) =>
      (union2_iff r (Rel.join 1 1 r (Rel.closure r)) x z).mpr
        (closure_ind_aux r (fun (a c : A) => r a c ∨ Rel.join 1 1 r (Rel.closure r) a c)
          (fun (a b : A) (hab : r a b) => Or.inl hab)
          (fun (a b c : A) (hab : r a b) (hbc : Rel.Closure r b c) _ =>
            Or.inr ((join11_iff r (Rel.closure r) a c).mpr (Exists.intro b (And.intro hab hbc))))
          h))
    (fun h => Or.elim ((union2_iff r (Rel.join 1 1 r (Rel.closure r)) x z).mp h)
      (fun (hr : r x z) => Rel.Closure.step x z hr)
      (fun (hj : Rel.join 1 1 r (Rel.closure r) x z) =>
        Exists.elim ((join11_iff r (Rel.closure r) x z).mp hj)
          (fun (y : A) (hy : r x y ∧ Rel.closure r y z) => Rel.Closure.cons x y z hy.1 hy.2))))))

theorem closure_none : Rel.closure (Rel.none 2 : Rel A 2) = Rel.none 2 :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : Rel.Closure (Rel.none 2 : Rel A 2) x y) =>
      closure_ind_aux (Rel.none 2 : Rel A 2) (fun (_ _ : A) => False)
        (fun (a b : A) (hab : Rel.none 2 a b) => hab)
        (fun (a b c : A) (hab : Rel.none 2 a b) _ _ => hab)
        h)
    (fun (h : Rel.none 2 x y) => False.elim h))))

theorem closure_iden : Rel.closure (Rel.iden : Rel A 2) = Rel.iden :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : Rel.Closure (Rel.iden : Rel A 2) x y) =>
      closure_ind_aux (Rel.iden : Rel A 2) (fun (a b : A) => a = b)
        (fun (a b : A) (hab : a = b) => hab)
        (fun (a b c : A) (hab : a = b) _ (hbc : b = c) => Eq.trans hab hbc)
        h)
    (fun (h : x = y) => Rel.Closure.step x y h))))

theorem iden_transitive : Rel.incl 2 (Rel.join 1 1 (Rel.iden : Rel A 2) Rel.iden) Rel.iden :=
  fun (x z : A) (h : Rel.join 1 1 (Rel.iden : Rel A 2) Rel.iden x z) =>
    Exists.elim ((join11_iff Rel.iden Rel.iden x z).mp h)
      (fun (y : A) (hy : x = y ∧ y = z) => Eq.trans hy.1 hy.2)

theorem transpose_closure (r : Rel A 2) :
    Rel.transpose (Rel.closure r) = Rel.closure (Rel.transpose r) :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : Rel.Closure r y x) =>
      closure_ind_aux r (fun (a b : A) => Rel.Closure (Rel.transpose r) b a)
        (fun (a b : A) (hab : r a b) => Rel.Closure.step b a hab)
        (fun (a b c : A) (hab : r a b) _ (ih : Rel.Closure (Rel.transpose r) c b) =>
          closure_trans_aux (Rel.transpose r) ih (Rel.Closure.step b a hab))
        h)
    (fun (h : Rel.Closure (Rel.transpose r) x y) =>
      closure_ind_aux (Rel.transpose r) (fun (a b : A) => Rel.Closure r b a)
        (fun (a b : A) (hab : r b a) => Rel.Closure.step b a hab)
        (fun (a b c : A) (hab : r b a) _ (ih : Rel.Closure r c b) =>
          closure_trans_aux r ih (Rel.Closure.step b a hab))
        h))))

theorem closure_unfold_r (r : Rel A 2) :
    Rel.closure r = Rel.union 2 r (Rel.join 1 1 (Rel.closure r) r) :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun (h : Rel.Closure r x z) =>
      (union2_iff r (Rel.join 1 1 (Rel.closure r) r) x z).mpr
        (closure_ind_aux r (fun (a c : A) => r a c ∨ Rel.join 1 1 (Rel.closure r) r a c)
          (fun (a b : A) (hab : r a b) => Or.inl hab)
          (fun (a b c : A) (hab : r a b) _ (ih : r b c ∨ Rel.join 1 1 (Rel.closure r) r b c) =>
            Or.inr ((join11_iff (Rel.closure r) r a c).mpr (Or.elim ih
              (fun (hbc : r b c) => Exists.intro b (And.intro (Rel.Closure.step a b hab) hbc))
              (fun (hj : Rel.join 1 1 (Rel.closure r) r b c) =>
                Exists.elim ((join11_iff (Rel.closure r) r b c).mp hj)
                  (fun (y : A) (hy : Rel.closure r b y ∧ r y c) =>
                    Exists.intro y (And.intro (Rel.Closure.cons a b y hab hy.1) hy.2))))))
          h))
    (fun h => Or.elim ((union2_iff r (Rel.join 1 1 (Rel.closure r) r) x z).mp h)
      (fun (hr : r x z) => Rel.Closure.step x z hr)
      (fun (hj : Rel.join 1 1 (Rel.closure r) r x z) =>
        Exists.elim ((join11_iff (Rel.closure r) r x z).mp hj)
          (fun (y : A) (hy : Rel.closure r x y ∧ r y z) => closure_snoc r x y z hy.1 hy.2))))))

theorem closure_idem (r : Rel A 2) : Rel.closure (Rel.closure r) = Rel.closure r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : Rel.Closure (Rel.closure r) x y) =>
      closure_ind_aux (Rel.closure r) (Rel.Closure r)
        (fun (a b : A) (hab : Rel.closure r a b) => hab)
        (fun (a b c : A) (hab : Rel.closure r a b) _ (ih : Rel.Closure r b c) => closure_trans_aux r hab ih)
        h)
    (fun (h : Rel.closure r x y) => Rel.Closure.step x y h))))

theorem closure_incl_proper (r s : Rel A 2) (h : Rel.incl 2 r s) :
    Rel.incl 2 (Rel.closure r) (Rel.closure s) :=
  closure_mono r s h

theorem closure_transitive_same (r : Rel A 2) (h : Rel.incl 2 (Rel.join 1 1 r r) r) : Rel.closure r = r :=
  incl_antisym 2 (Rel.closure r) r (closure_ind_incl r r (incl_refl 2 r) h) (closure_incl r)

/-! ## Reflexive-transitive closure -/

theorem rclosure_unfold (r : Rel A 2) : Rel.rclosure r = Rel.union 2 (Rel.closure r) Rel.iden := rfl

theorem rclosure_incl_iden (r : Rel A 2) : Rel.incl 2 Rel.iden (Rel.rclosure r) :=
  fun (x y : A) (h : x = y) => (rclosure_iff r x y).mpr (Or.inr h)

theorem rclosure_incl (r : Rel A 2) : Rel.incl 2 r (Rel.rclosure r) :=
  fun (x y : A) (h : r x y) => (rclosure_iff r x y).mpr (Or.inl (Rel.Closure.step x y h))

theorem rclosure_trans_aux (r : Rel A 2) {a b c : A}
    (h1 : Rel.rclosure r a b) (h2 : Rel.rclosure r b c) : Rel.rclosure r a c :=
  Or.elim ((rclosure_iff r a b).mp h1)
    (fun (c1 : Rel.Closure r a b) => Or.elim ((rclosure_iff r b c).mp h2)
      (fun (c2 : Rel.Closure r b c) => (rclosure_iff r a c).mpr (Or.inl (closure_trans_aux r c1 c2)))
      (fun (e2 : b = c) => @Eq.subst A (fun (w : A) => Rel.rclosure r a w) b c e2 h1))
    (fun (e1 : a = b) => @Eq.subst A (fun (w : A) => Rel.rclosure r w c) b a (Eq.symm e1) h2)

theorem rclosure_trans (r : Rel A 2) :
    Rel.incl 2 (Rel.join 1 1 (Rel.rclosure r) (Rel.rclosure r)) (Rel.rclosure r) :=
  fun (x z : A) (h : Rel.join 1 1 (Rel.rclosure r) (Rel.rclosure r) x z) =>
    Exists.elim ((join11_iff (Rel.rclosure r) (Rel.rclosure r) x z).mp h)
      (fun (y : A) (hy : Rel.rclosure r x y ∧ Rel.rclosure r y z) => rclosure_trans_aux r hy.1 hy.2)

theorem rclosure_idem (r : Rel A 2) : Rel.rclosure (Rel.rclosure r) = Rel.rclosure r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun h => Or.elim ((rclosure_iff (Rel.rclosure r) x y).mp h)
      (fun (c : Rel.Closure (Rel.rclosure r) x y) =>
        closure_ind_aux (Rel.rclosure r) (Rel.rclosure r)
          (fun (a b : A) (hab : Rel.rclosure r a b) => hab)
          (fun (a b c : A) (hab : Rel.rclosure r a b) _ (ih : Rel.rclosure r b c) => rclosure_trans_aux r hab ih)
          c)
      (fun (e : x = y) => (rclosure_iff r x y).mpr (Or.inr e)))
    (fun (h : Rel.rclosure r x y) =>
      (rclosure_iff (Rel.rclosure r) x y).mpr (Or.inl (Rel.Closure.step x y h))))))

theorem closure_rclosure (r : Rel A 2) : Rel.closure r = Rel.join 1 1 r (Rel.rclosure r) :=
  funext (fun (x : A) => funext (fun (z : A) => propext (Iff.intro
    (fun (h : Rel.Closure r x z) =>
      closure_ind_aux r (fun (a c : A) => Rel.join 1 1 r (Rel.rclosure r) a c)
        (fun (a b : A) (hab : r a b) =>
          (join11_iff r (Rel.rclosure r) a b).mpr
            (Exists.intro b (And.intro hab ((rclosure_iff r b b).mpr (Or.inr (rfl : b = b))))))
        (fun (a b c : A) (hab : r a b) (hbc : Rel.Closure r b c) _ =>
          (join11_iff r (Rel.rclosure r) a c).mpr
            (Exists.intro b (And.intro hab ((rclosure_iff r b c).mpr (Or.inl hbc)))))
        h)
    (fun h => Exists.elim ((join11_iff r (Rel.rclosure r) x z).mp h)
      (fun (y : A) (hy : r x y ∧ Rel.rclosure r y z) =>
        Or.elim ((rclosure_iff r y z).mp hy.2)
          (fun (hc : Rel.Closure r y z) => Rel.Closure.cons x y z hy.1 hc)
          (fun (e : y = z) =>
            @Eq.subst A (fun (w : A) => Rel.closure r x w) y z e (Rel.Closure.step x y hy.1)))))))

theorem rclosure_ind (r s : Rel A 2) (h1 : Rel.incl 2 Rel.iden s) (h2 : Rel.incl 2 (Rel.join 1 1 r s) s) :
    Rel.incl 2 (Rel.rclosure r) s :=
  fun (x y : A) (h : Rel.rclosure r x y) =>
    Or.elim ((rclosure_iff r x y).mp h)
      (fun (c : Rel.Closure r x y) =>
        closure_ind_aux r s
          (fun (a b : A) (hab : r a b) =>
            h2 a b ((join11_iff r s a b).mpr (Exists.intro b (And.intro hab (h1 b b (rfl : b = b))))))
          (fun (a b c : A) (hab : r a b) _ (hbc : s b c) =>
            h2 a c ((join11_iff r s a c).mpr (Exists.intro b (And.intro hab hbc))))
          c)
      (fun (e : x = y) => h1 x y e)

/-! ## Restriction and override -/

theorem domr_incl (s : Rel A 1) (r : Rel A 2) : Rel.incl 2 (Rel.domr 1 s r) r :=
  fun (x y : A) (h : s x ∧ r x y) => h.2

theorem ranr_incl (r : Rel A 2) (s : Rel A 1) : Rel.incl 2 (Rel.ranr 1 r s) r :=
  fun (x y : A) (h : r x y ∧ s y) => h.1

theorem ranr_univ (r : Rel A 2) : Rel.ranr 1 r (Rel.univ 1) = r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : r x y ∧ True) => h.1)
    (fun (h : r x y) => And.intro h True.intro))))

theorem domr_inter (s : Rel A 1) (r : Rel A 2) :
    Rel.domr 1 s r = Rel.inter 2 (Rel.product 1 1 s (Rel.univ 1)) r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : s x ∧ r x y) => And.intro (And.intro h.1 True.intro) h.2)
    (fun (h : (s x ∧ True) ∧ r x y) => And.intro h.1.1 h.2))))

theorem override_incl (r s : Rel A 2) : Rel.incl 2 (Rel.override 1 r s) (Rel.union 2 r s) :=
  fun (x y : A) (h : s x y ∨ ((¬ Rel.nonempty 1 (s x)) ∧ r x y)) =>
    Or.elim h (fun (hs : s x y) => Or.inr hs) (fun h2 => Or.inl h2.2)

theorem incl_override_r (r s : Rel A 2) : Rel.incl 2 s (Rel.override 1 r s) :=
  fun (x y : A) (h : s x y) => Or.inl h

theorem override_none_r (r : Rel A 2) : Rel.override 1 r (Rel.none 2) = r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : False ∨ ((¬ Rel.nonempty 1 (Rel.none 1 : Rel A 1)) ∧ r x y)) =>
      Or.elim h (fun f => False.elim f) (fun h2 => h2.2))
    (fun (h : r x y) => Or.inr (And.intro (nonempty_none 1) h)))))

theorem override_none_l (r : Rel A 2) : Rel.override 1 (Rel.none 2) r = r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : r x y ∨ ((¬ Rel.nonempty 1 (r x)) ∧ False)) =>
      Or.elim h (fun (hr : r x y) => hr) (fun h2 => False.elim h2.2))
    (fun (h : r x y) => Or.inl h))))

theorem domr_join (s : Rel A 1) (r : Rel A 2) :
    Rel.domr 1 s r = Rel.join 1 1 (Rel.inter 2 Rel.iden (Rel.product 1 1 s s)) r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : s x ∧ r x y) =>
      (join11_iff (Rel.inter 2 Rel.iden (Rel.product 1 1 s s)) r x y).mpr
        (Exists.intro x (And.intro (And.intro (rfl : x = x) (And.intro h.1 h.1)) h.2)))
    (fun h => Exists.elim ((join11_iff (Rel.inter 2 Rel.iden (Rel.product 1 1 s s)) r x y).mp h)
      (fun (z : A) (hz : ((x = z) ∧ (s x ∧ s z)) ∧ r z y) =>
        And.intro hz.1.2.1 (@Eq.subst A (fun (w : A) => r w y) z x (Eq.symm hz.1.1) hz.2))))))

theorem domr_univ (n : Nat) (r : Rel A (n + 1)) : Rel.domr n (Rel.univ 1) r = r :=
  funext (fun (a : A) => pand_true n (r a))

theorem domr_domr (s t : Rel A 1) (r : Rel A 2) :
    Rel.domr 1 s (Rel.domr 1 t r) = Rel.domr 1 (Rel.inter 1 s t) r :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : s x ∧ (t x ∧ r x y)) => And.intro (And.intro h.1 h.2.1) h.2.2)
    (fun (h : (s x ∧ t x) ∧ r x y) => And.intro h.1.1 (And.intro h.1.2 h.2)))))

theorem ranr_ranr (r : Rel A 2) (s t : Rel A 1) :
    Rel.ranr 1 (Rel.ranr 1 r s) t = Rel.ranr 1 r (Rel.inter 1 s t) :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : (r x y ∧ s y) ∧ t y) => And.intro h.1.1 (And.intro h.1.2 h.2))
    (fun (h : r x y ∧ (s y ∧ t y)) => And.intro (And.intro h.1 h.2.1) h.2.2))))

theorem ranr_inter (r : Rel A 2) (s : Rel A 1) :
    Rel.ranr 1 r s = Rel.inter 2 r (Rel.product 1 1 (Rel.univ 1) s) :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Iff.intro
    (fun (h : r x y ∧ s y) => And.intro h.1 (And.intro True.intro h.2))
    (fun (h : r x y ∧ (True ∧ s y)) => And.intro h.1 h.2.2))))

theorem transpose_domr (s : Rel A 1) (r : Rel A 2) :
    Rel.transpose (Rel.domr 1 s r) = Rel.ranr 1 (Rel.transpose r) s :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Logic.and_comm_iff (s y) (r y x))))

theorem domr_union_r (s : Rel A 1) (r t : Rel A 2) :
    Rel.domr 1 s (Rel.union 2 r t) = Rel.union 2 (Rel.domr 1 s r) (Rel.domr 1 s t) :=
  funext (fun (x : A) => funext (fun (y : A) => propext (Logic.and_or_distrib_l (s x) (r x y) (t x y))))

/-! ## Classical laws -/

theorem union_diff_inter : ∀ (n : Nat) (r s : Rel A n),
    Rel.union n (Rel.diff n r s) (Rel.inter n r s) = r
  | 0, r, s => propext (Logic.or_and_not_and r s)
  | n + 1, r, s => funext (fun (a : A) => union_diff_inter n (r a) (s a))

theorem union_diff_cancel : ∀ (n : Nat) (r s : Rel A n),
    Rel.union n (Rel.diff n r s) s = Rel.union n r s
  | 0, r, s => propext (Logic.or_and_not_cancel r s)
  | n + 1, r, s => funext (fun (a : A) => union_diff_cancel n (r a) (s a))

theorem not_no_some (n : Nat) (r : Rel A n) (h : ¬ Rel.no n r) : Rel.some n r :=
  Classical.byContradiction (fun (h' : ¬ Rel.nonempty n r) => h h')

end Relprove
