//! Unit tests of the independent evaluator (`instance::eval`) on hand-built
//! IR and instances. Every expected value below was computed by hand.

use crate::eval_support::*;
use relprove_engine::instance::eval::*;
use relprove_engine::instance::TupleSet;
use relprove_engine::ir::*;

/// sig N { next: lone N, adj: set N }; instance with atoms N$0..N$3,
/// next = 0->1, 1->2, 2->3 (a chain), adj = 0->0, 1->3.
fn chain() -> (B, SigId, FieldId, FieldId, IB) {
    let mut b = B::new();
    let n = b.sig("N");
    let ne = b.s(n);
    let next = b.field(n, "next", Mult::Lone, ne.clone());
    let adj = b.field(n, "adj", Mult::Set, ne);
    let mut ib = IB::new(&[("N", 4)], 3);
    ib.sig(n, &["N$0", "N$1", "N$2", "N$3"])
        .field(next, &[&["N$0", "N$1"], &["N$1", "N$2"], &["N$2", "N$3"]])
        .field(adj, &[&["N$0", "N$0"], &["N$1", "N$3"]]);
    (b, n, next, adj, ib)
}

fn ev(b: &B, ib: &IB, e: &Expr) -> TupleSet {
    eval_expr(&b.m, &ib.inst, &mut Env::new(), e).unwrap()
}
fn evi(b: &B, ib: &IB, e: &IntExpr) -> i64 {
    eval_int(&b.m, &ib.inst, &mut Env::new(), e).unwrap()
}
fn evf(b: &B, ib: &IB, f: &Formula) -> bool {
    eval_formula(&b.m, &ib.inst, &mut Env::new(), f).unwrap()
}

#[test]
fn relational_operators() {
    let (b, n, next, adj, ib) = chain();
    let (nx, ad, ns) = (b.f(next), b.f(adj), b.s(n));
    // next.next = 0->2, 1->3
    assert_eq!(
        ev(&b, &ib, &join(nx.clone(), nx.clone())),
        ib.ts(&[&["N$0", "N$2"], &["N$1", "N$3"]])
    );
    // N$... join: N.next = {1,2,3}
    assert_eq!(
        ev(&b, &ib, &join(ns.clone(), nx.clone())),
        ib.ts(&[&["N$1"], &["N$2"], &["N$3"]])
    );
    // ~next
    assert_eq!(
        ev(&b, &ib, &tr(nx.clone())),
        ib.ts(&[&["N$1", "N$0"], &["N$2", "N$1"], &["N$3", "N$2"]])
    );
    // ^next has 3+2+1 = 6 pairs
    let c = ev(&b, &ib, &clo(nx.clone()));
    assert_eq!(c.len(), 6);
    assert!(c.contains(&vec![ib.a("N$0"), ib.a("N$3")]));
    assert!(!c.contains(&vec![ib.a("N$3"), ib.a("N$0")]));
    // *next = ^next + iden over univ (4 atoms + 8 integers at bitwidth 3)
    assert_eq!(ev(&b, &ib, &rclo(nx.clone())).len(), 6 + 4 + 8);
    assert_eq!(ev(&b, &ib, &iden()).len(), 12);
    assert_eq!(ev(&b, &ib, &univ()).len(), 12);
    assert_eq!(ev(&b, &ib, &ints()).len(), 8);
    // next ++ adj: adj's domain {0,1} overrides: {0->0, 1->3, 2->3}
    assert_eq!(
        ev(&b, &ib, &over(nx.clone(), ad.clone())),
        ib.ts(&[&["N$0", "N$0"], &["N$1", "N$3"], &["N$2", "N$3"]])
    );
    // next + adj, next & adj, next - adj
    assert_eq!(ev(&b, &ib, &union(nx.clone(), ad.clone())).len(), 5);
    assert_eq!(ev(&b, &ib, &inter(nx.clone(), ad.clone())), TupleSet::new());
    assert_eq!(ev(&b, &ib, &diff(nx.clone(), ad.clone())).len(), 3);
    // N$1.adj joined from the other side; domain/range restriction
    let n1 = join(ns.clone(), ranr(ad.clone(), join(ns.clone(), nx.clone())));
    // adj :> {1,2,3} = {1->3}; N.(that) = {3}
    assert_eq!(ev(&b, &ib, &n1), ib.ts(&[&["N$3"]]));
    // (N.next) <: next = {1->2, 2->3}
    assert_eq!(
        ev(&b, &ib, &domr(join(ns.clone(), nx.clone()), nx.clone())),
        ib.ts(&[&["N$1", "N$2"], &["N$2", "N$3"]])
    );
    // product N->N has 16 tuples
    assert_eq!(ev(&b, &ib, &prod(ns.clone(), ns.clone())).len(), 16);
    assert_eq!(ev(&b, &ib, &none(2)).len(), 0);
}

#[test]
fn integers_wrap_around_the_bitwidth() {
    let (b, n, _, _, ib) = chain(); // bitwidth 3: -4..3
    assert_eq!(evi(&b, &ib, &add(lit(3), lit(1))), -4);
    assert_eq!(evi(&b, &ib, &sub(lit(-4), lit(1))), 3);
    assert_eq!(evi(&b, &ib, &mul(lit(3), lit(3))), 1); // 9 mod 8
    assert_eq!(evi(&b, &ib, &neg(lit(-4))), -4);
    assert_eq!(evi(&b, &ib, &div(lit(-3), lit(2))), -1); // truncation
    assert_eq!(evi(&b, &ib, &rem(lit(-3), lit(2))), -1); // sign of dividend
                                                         // #N = 4 wraps to -4 at bitwidth 3 (Alloy does this too).
    assert_eq!(evi(&b, &ib, &card(b.s(n))), -4);
    assert!(evf(&b, &ib, &icmp(IntCmp::Lt, card(b.s(n)), lit(0))));
    // #univ = 12 -> 12 - 16 = -4
    assert_eq!(evi(&b, &ib, &card(univ())), -4);
    // sum of {1, 2, 3} = 6 wraps to -2; non-int atoms contribute nothing
    let s = union(
        union(int_atom(lit(1)), int_atom(lit(2))),
        union(int_atom(lit(3)), b.s(n)),
    );
    assert_eq!(evi(&b, &ib, &sum(s)), -2);
    // Int[5] wraps to -3
    assert_eq!(ev(&b, &ib, &int_atom(lit(5))), ib.ts(&[&["-3"]]));
    // Division by zero, as the translator defines it.
    assert_eq!(evi(&b, &ib, &div(lit(3), lit(0))), 0);
    assert_eq!(evi(&b, &ib, &rem(lit(-3), lit(0))), -3);
    // -4 div -1 = 4 wraps to -4
    assert_eq!(evi(&b, &ib, &div(lit(-4), lit(-1))), -4);
}

#[test]
fn quantifiers_and_disj() {
    let (mut b, n, next, adj, ib) = chain();
    let x = b.var("x", 1);
    let y = b.var("y", 1);
    let ns = b.s(n);
    // all x: N | lone x.next  (true)
    let f = quant(
        Quant::All,
        vec![one_of(x, ns.clone())],
        lone(join(b.v(x), b.f(next))),
    );
    assert!(evf(&b, &ib, &f));
    // some x: N | no x.next  (N$3)
    let f = quant(
        Quant::Some,
        vec![one_of(x, ns.clone())],
        no(join(b.v(x), b.f(next))),
    );
    assert!(evf(&b, &ib, &f));
    // one x: N | no x.next (exactly N$3) ; one x: N | no next.x (exactly N$0)
    assert!(evf(
        &b,
        &ib,
        &quant(
            Quant::One,
            vec![one_of(x, ns.clone())],
            no(join(b.v(x), b.f(next)))
        )
    ));
    // lone x: N | some x.adj is false (N$0 and N$1)
    assert!(!evf(
        &b,
        &ib,
        &quant(
            Quant::Lone,
            vec![one_of(x, ns.clone())],
            some(join(b.v(x), b.f(adj)))
        )
    ));
    // no x: N | x in x.next
    assert!(evf(
        &b,
        &ib,
        &quant(
            Quant::No,
            vec![one_of(x, ns.clone())],
            is_in(b.v(x), join(b.v(x), b.f(next)))
        )
    ));
    // some x, y: N | x = y  is true; some disj x, y: N | x = y is false
    let body = eq(b.v(x), b.v(y));
    assert!(evf(
        &b,
        &ib,
        &quant(
            Quant::Some,
            vec![decl(vec![x, y], false, Mult::One, ns.clone())],
            body.clone()
        )
    ));
    assert!(!evf(
        &b,
        &ib,
        &quant(
            Quant::Some,
            vec![decl(vec![x, y], true, Mult::One, ns.clone())],
            body
        )
    ));
    // one x: N, y: x.next | y in N.adj   -- pairs (0,1),(1,2),(2,3); N.adj = {0,3}: only (2,3)
    let f = quant(
        Quant::One,
        vec![one_of(x, ns.clone()), one_of(y, join(b.v(x), b.f(next)))],
        is_in(b.v(y), join(ns.clone(), b.f(adj))),
    );
    assert!(evf(&b, &ib, &f));
    // Higher-order: some s: set N | #s = 3 and no s & N.adj; N - {0,3} has only 2 atoms -> false
    let s = b.var("s", 1);
    let f = quant(
        Quant::Some,
        vec![decl(vec![s], false, Mult::Set, ns.clone())],
        and(vec![
            icmp(IntCmp::Eq, card(b.v(s)), lit(2)),
            no(inter(b.v(s), join(ns.clone(), b.f(adj)))),
        ]),
    );
    assert!(evf(&b, &ib, &f));
    let f = quant(
        Quant::Some,
        vec![decl(vec![s], false, Mult::Set, ns.clone())],
        and(vec![
            icmp(IntCmp::Eq, card(b.v(s)), lit(3)),
            no(inter(b.v(s), join(ns.clone(), b.f(adj)))),
        ]),
    );
    assert!(!evf(&b, &ib, &f));
    // lone decl includes the empty set: all s: lone N | lone s
    assert!(evf(
        &b,
        &ib,
        &quant(
            Quant::All,
            vec![decl(vec![s], false, Mult::Lone, ns.clone())],
            lone(b.v(s))
        )
    ));
    // some decl excludes it: no s: some N | no s
    assert!(evf(
        &b,
        &ib,
        &quant(
            Quant::No,
            vec![decl(vec![s], false, Mult::Some, ns.clone())],
            no(b.v(s))
        )
    ));
    // a binary variable bounded by an arrow with multiplicities:
    // #{ r: N -> one N } = 4^4 = 256, and each is a total function.
    let r = b.var("r", 2);
    let fun_bound = arrow(ns.clone(), Mult::Set, Mult::One, ns.clone());
    let small = IB::new(&[("N", 2)], 2);
    let mut small = small;
    small
        .sig(n, &["N$0", "N$1"])
        .field(next, &[])
        .field(adj, &[]);
    // on 2 atoms: 2^2 = 4 functions; exactly one of them is iden restricted to N
    let f = quant(
        Quant::One,
        vec![decl(vec![r], false, Mult::Set, fun_bound.clone())],
        eq(b.v(r), inter(iden(), prod(ns.clone(), ns.clone()))),
    );
    assert!(evf(&b, &small, &f));
    let f = quant(
        Quant::All,
        vec![decl(vec![r], false, Mult::Set, fun_bound)],
        icmp(IntCmp::Eq, card(b.v(r)), lit(2)),
    );
    assert!(evf(&b, &small, &f));
}

#[test]
fn comprehension_let_ite_calls() {
    let (mut b, n, next, adj, ib) = chain();
    let x = b.var("x", 1);
    let y = b.var("y", 1);
    let ns = b.s(n);
    // {x: N | some x.next} = {0,1,2}
    let c = compr(vec![one_of(x, ns.clone())], some(join(b.v(x), b.f(next))));
    assert_eq!(ev(&b, &ib, &c), ib.ts(&[&["N$0"], &["N$1"], &["N$2"]]));
    // {x, y: N | y in x.^next} = ^next
    let c = compr(
        vec![decl(vec![x, y], false, Mult::One, ns.clone())],
        is_in(b.v(y), join(b.v(x), clo(b.f(next)))),
    );
    assert_eq!(ev(&b, &ib, &c), ev(&b, &ib, &clo(b.f(next))));
    // let l = N.adj | #l = 2
    let l = b.var("l", 1);
    assert!(evf(
        &b,
        &ib,
        &flet(
            l,
            join(ns.clone(), b.f(adj)),
            icmp(IntCmp::Eq, card(b.v(l)), lit(2))
        )
    ));
    // if some adj then next else none
    assert_eq!(
        ev(&b, &ib, &ite(some(b.f(adj)), b.f(next), none(2))).len(),
        3
    );
    assert!(evf(&b, &ib, &fite(no(b.f(adj)), ff(), tt())));
    // fun succ[p: N]: set N { p.next } ; pred last[p: N] { no succ[p] }
    let p = b.var("p", 1);
    let succ = b.fun(
        "succ",
        vec![(p, Mult::One, ns.clone())],
        Decl {
            mult: Mult::Set,
            bound: ns.clone(),
        },
        join(b.v(p), b.f(next)),
    );
    let q = b.var("q", 1);
    let last = b.pred(
        "last",
        vec![(q, Mult::One, ns.clone())],
        no(call(succ, 1, vec![b.v(q)])),
    );
    // one x: N | last[x]
    assert!(evf(
        &b,
        &ib,
        &quant(
            Quant::One,
            vec![one_of(x, ns.clone())],
            pcall(last, vec![b.v(x)])
        )
    ));
    // succ[succ[N$0]] = N$2, via a comprehension picking N$0 = {x: N | no next.x}
    let first = compr(vec![one_of(x, ns.clone())], no(join(b.f(next), b.v(x))));
    assert_eq!(
        ev(&b, &ib, &call(succ, 1, vec![call(succ, 1, vec![first])])),
        ib.ts(&[&["N$2"]])
    );
    // Unbound variables are errors, not `false`.
    let e = eval_formula(&b.m, &ib.inst, &mut Env::new(), &some(b.v(y)));
    assert!(matches!(e, Err(EvalError::UnboundVar { .. })));
    // A recursive predicate hits the call-depth limit.
    let r = b.var("r", 1);
    let rec = b.pred("rec", vec![(r, Mult::One, ns.clone())], tt());
    b.m.preds[rec.index()].body = pcall(rec, vec![b.v(r)]);
    let e = eval_formula(
        &b.m,
        &ib.inst,
        &mut Env::new(),
        &pcall(rec, vec![ns.clone()]),
    );
    assert!(matches!(e, Err(EvalError::CallDepth { .. })));
    // iff / implies / or / not
    assert!(evf(&b, &ib, &iff(some(b.f(adj)), not(no(b.f(adj))))));
    assert!(evf(&b, &ib, &implies(no(b.f(adj)), ff())));
    assert!(evf(
        &b,
        &ib,
        &or(vec![
            ff(),
            one(join(b.s(n), ranr(b.f(adj), join(ns.clone(), b.f(next)))))
        ])
    ));
}

#[test]
fn arrow_multiplicities_in_subset_formulas() {
    let (b, n, next, adj, ib) = chain();
    let ns = b.s(n);
    // next in N -> lone N : true; next in N -> one N : false (N$3 has none)
    assert!(evf(
        &b,
        &ib,
        &is_in(
            b.f(next),
            arrow(ns.clone(), Mult::Set, Mult::Lone, ns.clone())
        )
    ));
    assert!(!evf(
        &b,
        &ib,
        &is_in(
            b.f(next),
            arrow(ns.clone(), Mult::Set, Mult::One, ns.clone())
        )
    ));
    // next in N lone -> N : true (injective); adj in N lone -> N: true (0<-0, 3<-1)
    assert!(evf(
        &b,
        &ib,
        &is_in(
            b.f(next),
            arrow(ns.clone(), Mult::Lone, Mult::Set, ns.clone())
        )
    ));
    assert!(evf(
        &b,
        &ib,
        &is_in(
            b.f(adj),
            arrow(ns.clone(), Mult::Lone, Mult::Set, ns.clone())
        )
    ));
    // adj in N some -> N : false (N$1 has no predecessor)
    assert!(!evf(
        &b,
        &ib,
        &is_in(
            b.f(adj),
            arrow(ns.clone(), Mult::Some, Mult::Set, ns.clone())
        )
    ));
    // the subset part is enforced too: next in N$0-ish domain fails
    let dom0 = join(b.f(adj), b.s(n)); // {0, 1}
    assert!(!evf(
        &b,
        &ib,
        &is_in(b.f(next), arrow(dom0, Mult::Set, Mult::Lone, ns.clone()))
    ));
    // ternary: (next -> N) in N -> N -> one N is false (each pair maps to 4 atoms)
    let t = prod(b.f(next), ns.clone());
    assert!(!evf(
        &b,
        &ib,
        &is_in(
            t.clone(),
            arrow(
                ns.clone(),
                Mult::Set,
                Mult::Set,
                arrow(ns.clone(), Mult::Set, Mult::One, ns.clone())
            )
        )
    ));
    assert!(evf(
        &b,
        &ib,
        &is_in(
            t,
            arrow(
                ns.clone(),
                Mult::Set,
                Mult::Set,
                arrow(ns.clone(), Mult::Set, Mult::Set, ns.clone())
            )
        )
    ));
}

/// abstract sig Animal {} ; sig Cat, Dog extends Animal {} ; one sig Rex in Dog ;
/// sig Owner { disj pets, foes: set Animal, best: lone pets }
#[test]
fn hierarchy_fields_and_facts() {
    let mut b = B::new();
    let animal = b.sig_full("Animal", SigKind::TopLevel, true, None);
    let cat = b.sig_full("Cat", SigKind::Extends(animal), false, None);
    let dog = b.sig_full("Dog", SigKind::Extends(animal), false, None);
    let rex = b.sig_full("Rex", SigKind::Subset(vec![dog]), false, Some(Mult::One));
    let owner = b.sig("Owner");
    let an = b.s(animal);
    let pets = b.field_with(owner, "pets", Mult::Set, true, |_, _| an.clone());
    let foes = b.field_with(owner, "foes", Mult::Set, true, |_, _| an.clone());
    // the two disj fields must share one bound node: make foes' bound equal
    assert_eq!(
        b.m.fields[foes.index()].decl.bound,
        b.m.fields[pets.index()].decl.bound
    );
    let best = b.field_with(owner, "best", Mult::Lone, false, |b, this| {
        join(b.v(this), b.f(pets))
    });

    let mk = |pets_v: &[&[&str]], foes_v: &[&[&str]], best_v: &[&[&str]]| {
        let mut ib = IB::new(&[("Cat", 1), ("Dog", 2), ("Owner", 1)], 4);
        ib.sig(animal, &["Cat$0", "Dog$0", "Dog$1"])
            .sig(cat, &["Cat$0"])
            .sig(dog, &["Dog$0", "Dog$1"])
            .sig(rex, &["Dog$1"])
            .sig(owner, &["Owner$0"])
            .field(pets, pets_v)
            .field(foes, foes_v)
            .field(best, best_v);
        ib
    };
    let good = mk(
        &[&["Owner$0", "Cat$0"], &["Owner$0", "Dog$0"]],
        &[&["Owner$0", "Dog$1"]],
        &[&["Owner$0", "Cat$0"]],
    );
    assert_eq!(violations(&b.m, &good.inst).unwrap(), Vec::<String>::new());
    // best not among pets
    let bad = mk(&[&["Owner$0", "Cat$0"]], &[], &[&["Owner$0", "Dog$0"]]);
    assert_eq!(
        violations(&b.m, &bad.inst).unwrap(),
        vec!["field best of Owner$0 violates its declaration"]
    );
    // two bests
    let bad = mk(
        &[&["Owner$0", "Cat$0"], &["Owner$0", "Dog$0"]],
        &[],
        &[&["Owner$0", "Cat$0"], &["Owner$0", "Dog$0"]],
    );
    assert!(!facts_hold(&b.m, &bad.inst).unwrap());
    // pets and foes overlap
    let bad = mk(&[&["Owner$0", "Cat$0"]], &[&["Owner$0", "Cat$0"]], &[]);
    assert_eq!(
        violations(&b.m, &bad.inst).unwrap(),
        vec!["disj fields pets and foes overlap at Owner$0"]
    );
    // field tuple outside its sig
    let bad = mk(&[&["Cat$0", "Cat$0"]], &[], &[]);
    assert_eq!(
        violations(&b.m, &bad.inst).unwrap(),
        vec!["field pets has a tuple outside its sig Owner"]
    );

    // Hierarchy violations.
    let mut h = mk(&[], &[], &[]);
    h.sig(animal, &["Cat$0", "Dog$0"]); // abstract Animal misses Dog$1
    let v = violations(&b.m, &h.inst).unwrap();
    assert!(
        v.contains(&"sig Dog is not a subset of its parent Animal".to_string()),
        "{v:?}"
    );
    assert!(
        v.contains(&"abstract sig Animal is not the union of its children".to_string()),
        "{v:?}"
    );
    let mut h = mk(&[], &[], &[]);
    h.sig(rex, &[]); // one sig Rex empty
    assert_eq!(
        violations(&b.m, &h.inst).unwrap(),
        vec!["sig Rex violates its multiplicity `one`"]
    );
    let mut h = mk(&[], &[], &[]);
    h.sig(rex, &["Cat$0"]);
    assert_eq!(
        violations(&b.m, &h.inst).unwrap(),
        vec!["subset sig Rex is not within its parents"]
    );
    let mut h = mk(&[], &[], &[]);
    h.sig(cat, &["Cat$0", "Dog$0"]);
    assert_eq!(
        violations(&b.m, &h.inst).unwrap(),
        vec!["sibling sigs Cat and Dog overlap"]
    );
    let mut h = mk(&[], &[], &[]);
    h.sig(owner, &["Owner$0", "Dog$0"]);
    let v = violations(&b.m, &h.inst).unwrap();
    assert!(
        v.contains(&"top-level sigs Animal and Owner overlap".to_string()),
        "{v:?}"
    );
    let mut h = mk(&[], &[], &[]);
    h.sig(owner, &["Owner$0", "3"]);
    let v = violations(&b.m, &h.inst).unwrap();
    assert!(
        v.contains(&"sig Owner contains an integer or unknown atom".to_string()),
        "{v:?}"
    );

    // An explicit fact: every owner has a pet.
    let o = b.var("o", 1);
    let ow = b.s(owner);
    let pf = b.f(pets);
    b.fact(quant(
        Quant::All,
        vec![one_of(o, ow)],
        some(join(b.v(o), pf)),
    ));
    assert!(facts_hold(&b.m, &good.inst).unwrap());
    let lonely = mk(&[], &[], &[]);
    assert_eq!(
        violations(&b.m, &lonely.inst).unwrap(),
        vec!["an anonymous fact does not hold"]
    );
}

#[test]
fn commands_run_and_check() {
    let (mut b, n, next, _adj, ib) = chain();
    let ns = b.s(n);
    // pred twoSteps[a, c: N] { c in a.next.next }
    let a = b.var("a", 1);
    let c = b.var("c", 1);
    let body = is_in(b.v(c), join(join(b.v(a), b.f(next)), b.f(next)));
    let p = b.pred(
        "twoSteps",
        vec![(a, Mult::One, ns.clone()), (c, Mult::One, ns.clone())],
        body,
    );
    let run = b.command("twoSteps", CommandKind::Run, CommandTarget::Pred(p), 4);
    assert!(command_satisfied(&b.m, run, &ib.inst).unwrap());
    // pred threeSteps with a `set` parameter: some s: set N | #s = 4 and s in N.^next -- false (N$0 has no pred)
    let s = b.var("s", 1);
    let body = and(vec![
        icmp(IntCmp::Eq, card(b.v(s)), lit(3)),
        is_in(b.v(s), join(ns.clone(), clo(b.f(next)))),
    ]);
    let p3 = b.pred("reach3", vec![(s, Mult::Set, ns.clone())], body);
    let run3 = b.command("reach3", CommandKind::Run, CommandTarget::Pred(p3), 4);
    assert!(command_satisfied(&b.m, run3, &ib.inst).unwrap()); // s = {1,2,3}
                                                               // assert acyclic { no iden & ^next } holds, so the instance is no counterexample
    let acyclic = b.assert("acyclic", no(inter(iden(), clo(b.f(next)))));
    let chk = b.command(
        "acyclic",
        CommandKind::Check,
        CommandTarget::Assert(acyclic),
        4,
    );
    assert!(!command_satisfied(&b.m, chk, &ib.inst).unwrap());
    // assert total { all x: N | some x.next } fails on N$3: a counterexample
    let x = b.var("x", 1);
    let total = b.assert(
        "total",
        quant(
            Quant::All,
            vec![one_of(x, ns.clone())],
            some(join(b.v(x), b.f(next))),
        ),
    );
    let chk = b.command("total", CommandKind::Check, CommandTarget::Assert(total), 4);
    assert!(command_satisfied(&b.m, chk, &ib.inst).unwrap());
    // inline run { some next.next.next.next }: false on a chain of 4
    let nx = b.f(next);
    let inline = some(join(join(nx.clone(), nx.clone()), join(nx.clone(), nx)));
    let r = b.command("run$1", CommandKind::Run, CommandTarget::Inline(inline), 4);
    assert!(!command_satisfied(&b.m, r, &ib.inst).unwrap());
    // but the facts are part of it: a violated field decl makes everything unsatisfied
    let mut broken = ib;
    broken.field(next, &[&["N$0", "N$1"], &["N$0", "N$2"]]); // next is `lone`
    assert!(!command_satisfied(&b.m, chk, &broken.inst).unwrap());
    assert!(command_goal(&b.m, chk, &broken.inst).unwrap());
    assert!(matches!(
        command_satisfied(&b.m, CommandId(99), &broken.inst),
        Err(EvalError::BadCommand(_))
    ));
}

/// sig Asset {} ; sig CS { assets: set Asset, disj hidden, showing: set assets }
/// (each bound is `this.assets` with its own `this`: issue 25) ; and
/// sig Owner { pets: disj set Asset }.
#[test]
fn disj_groups_with_dependent_bounds_and_disj_values() {
    let mut b = B::new();
    let asset = b.sig("Asset");
    let cs = b.sig("CS");
    let a = b.s(asset);
    let assets = b.field(cs, "assets", Mult::Set, a.clone());
    let hidden = b.field_with(cs, "hidden", Mult::Set, true, |b, this| {
        join(b.v(this), b.f(assets))
    });
    let showing = b.field_with(cs, "showing", Mult::Set, true, |b, this| {
        join(b.v(this), b.f(assets))
    });
    // The bounds differ (two `this` variables); the group is what binds them.
    assert_ne!(
        b.m.fields[hidden.index()].decl.bound,
        b.m.fields[showing.index()].decl.bound
    );
    let owner = b.sig("Owner");
    let pets = b.field(owner, "pets", Mult::Set, a);
    b.m.fields[pets.index()].disj_values = true;
    let mk = |hid: &[&[&str]], show: &[&[&str]], pets_v: &[&[&str]]| {
        let mut ib = IB::new(&[("Asset", 2), ("CS", 1), ("Owner", 2)], 4);
        ib.sig(asset, &["Asset$0", "Asset$1"])
            .sig(cs, &["CS$0"])
            .sig(owner, &["Owner$0", "Owner$1"])
            .field(assets, &[&["CS$0", "Asset$0"], &["CS$0", "Asset$1"]])
            .field(hidden, hid)
            .field(showing, show)
            .field(pets, pets_v);
        ib
    };
    let good = mk(
        &[&["CS$0", "Asset$0"]],
        &[&["CS$0", "Asset$1"]],
        &[&["Owner$0", "Asset$0"], &["Owner$1", "Asset$1"]],
    );
    assert_eq!(violations(&b.m, &good.inst).unwrap(), Vec::<String>::new());
    let overlap = mk(&[&["CS$0", "Asset$0"]], &[&["CS$0", "Asset$0"]], &[]);
    assert_eq!(
        violations(&b.m, &overlap.inst).unwrap(),
        vec!["disj fields hidden and showing overlap at CS$0"]
    );
    let shared = mk(
        &[],
        &[],
        &[&["Owner$0", "Asset$0"], &["Owner$1", "Asset$0"]],
    );
    assert_eq!(
        violations(&b.m, &shared.inst).unwrap(),
        vec!["field pets (declared `disj`) has a common value for Owner$0 and Owner$1"]
    );
}
