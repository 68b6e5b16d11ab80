//! The brute-force oracle on hand-built models with hand-derived verdicts.

use crate::eval_support::*;
use relprove_engine::instance::brute::*;
use relprove_engine::instance::eval::command_satisfied;
use relprove_engine::ir::*;

fn scoped(b: &mut B, cmd: CommandId, overall: u32, sigs: &[(SigId, u32, bool)]) {
    let c = &mut b.m.commands[cmd.index()];
    c.scope.overall = Some(overall);
    c.scope.sigs = sigs
        .iter()
        .map(|&(sig, count, exact)| SigScope {
            sig,
            count,
            exact,
            span: S,
        })
        .collect();
}

/// sig N { next: lone N }
fn chain_model() -> (B, SigId, FieldId) {
    let mut b = B::new();
    let n = b.sig("N");
    let ne = b.s(n);
    let next = b.field(n, "next", Mult::Lone, ne);
    (b, n, next)
}

#[test]
fn check_acyclic_without_and_with_fact() {
    let (mut b, _n, next) = chain_model();
    let acyclic = b.assert("acyclic", no(inter(iden(), clo(b.f(next)))));
    let c = b.command(
        "acyclic",
        CommandKind::Check,
        CommandTarget::Assert(acyclic),
        2,
    );
    // A self-loop N$0.next = N$0 is a counterexample with one atom.
    let w = brute_force(&b.m, c, 1 << 20)
        .expect("small enough")
        .expect("counterexample exists");
    assert!(command_satisfied(&b.m, c, &w).unwrap());
    // With the fact `no iden & ^next`, none.
    b.fact(no(inter(iden(), clo(b.f(next)))));
    assert_eq!(brute_force(&b.m, c, 1 << 20).expect("small enough"), None);
}

#[test]
fn scope_limits_cardinality() {
    let (mut b, n, next) = chain_model();
    // run { #N = 3 and all x: N | one x.next }
    let x = b.var("x", 1);
    let body = and(vec![
        icmp(IntCmp::Eq, card(b.s(n)), lit(3)),
        quant(
            Quant::All,
            vec![one_of(x, b.s(n))],
            one(join(b.v(x), b.f(next))),
        ),
    ]);
    let r = b.command("three", CommandKind::Run, CommandTarget::Inline(body), 2);
    assert_eq!(
        brute_force(&b.m, r, 1 << 20),
        Some(None),
        "only 2 atoms in scope 2"
    );
    scoped(&mut b, r, 3, &[]);
    let w = brute_force(&b.m, r, 1 << 20).unwrap().unwrap();
    assert_eq!(w.sigs[&n].len(), 3);
    assert_eq!(w.fields[&next].len(), 3);
    // `but 2 N` overrides the overall scope.
    scoped(&mut b, r, 3, &[(n, 2, false)]);
    assert_eq!(brute_force(&b.m, r, 1 << 20), Some(None));
    // A tiny budget gives up instead of answering.
    scoped(&mut b, r, 3, &[]);
    assert_eq!(brute_force(&b.m, r, 10), None);
}

/// abstract sig A {} ; sig B, C extends A {} ; one sig O {} ; sig D in A {}
#[test]
fn hierarchy_and_sig_multiplicities() {
    let mut b = B::new();
    let a = b.sig_full("A", SigKind::TopLevel, true, None);
    let bb = b.sig_full("B", SigKind::Extends(a), false, None);
    let cc = b.sig_full("C", SigKind::Extends(a), false, None);
    let o = b.sig_full("O", SigKind::TopLevel, false, Some(Mult::One));
    let d = b.sig_full("D", SigKind::Subset(vec![a]), false, None);
    // run { some B and some C and D = B } for 2: B={b}, C={c}, D={b}
    let body = and(vec![some(b.s(bb)), some(b.s(cc)), eq(b.s(d), b.s(bb))]);
    let r = b.command("r", CommandKind::Run, CommandTarget::Inline(body), 2);
    let w = brute_force(&b.m, r, 1 << 20).unwrap().unwrap();
    assert_eq!(w.sigs[&a].len(), 2);
    assert_eq!(w.sigs[&o].len(), 1);
    assert_eq!(w.sigs[&d], w.sigs[&bb]);
    // for 2 but exactly 1 A: B and C cannot both be non-empty
    scoped(&mut b, r, 2, &[(a, 1, true)]);
    assert_eq!(brute_force(&b.m, r, 1 << 20), Some(None));
    // for 2 but 1 B, 1 C: abstract A gets 2 = 1 + 1, and A = B + C always
    let body = not(eq(b.s(a), union(b.s(bb), b.s(cc))));
    let chk = b.command("c", CommandKind::Run, CommandTarget::Inline(body), 2);
    assert_eq!(brute_force(&b.m, chk, 1 << 20), Some(None));
    // one sig O: #O = 2 is impossible, #O = 1 always holds
    let body = icmp(IntCmp::Ne, card(b.s(o)), lit(1));
    let r2 = b.command("o", CommandKind::Run, CommandTarget::Inline(body), 3);
    assert_eq!(brute_force(&b.m, r2, 1 << 20), Some(None));

    let cards = sig_cards(&b.m, &b.m.commands[r.index()].scope);
    assert_eq!(cards[&a], Card { min: 1, max: 1 });
    assert_eq!(cards[&o], Card { min: 1, max: 1 });
    // abstract A without a scope whose children are scoped: sum of theirs
    let sc = Scope {
        overall: Some(5),
        bitwidth: None,
        seq: None,
        sigs: vec![
            SigScope {
                sig: bb,
                count: 1,
                exact: false,
                span: S,
            },
            SigScope {
                sig: cc,
                count: 2,
                exact: true,
                span: S,
            },
        ],
    };
    let cards = sig_cards(&b.m, &sc);
    assert_eq!(cards[&a], Card { min: 0, max: 3 });
    assert_eq!(cards[&cc], Card { min: 2, max: 2 });
}

/// A check over a predicate with parameters and a binary field with arrow
/// multiplicities: sig P { f: P one -> lone P } is ternary; keep it binary:
/// sig P { f: one P }, check f is injective — false with 2 atoms (both map
/// to the same one), true with 1 atom.
#[test]
fn function_field_injectivity() {
    let mut b = B::new();
    let p = b.sig("P");
    let pe = b.s(p);
    let f = b.field(p, "f", Mult::One, pe.clone());
    let inj = b.assert(
        "inj",
        is_in(b.f(f), arrow(pe.clone(), Mult::Lone, Mult::Set, pe.clone())),
    );
    let c = b.command("inj", CommandKind::Check, CommandTarget::Assert(inj), 1);
    assert_eq!(brute_force(&b.m, c, 1 << 20), Some(None));
    scoped(&mut b, c, 2, &[]);
    let w = brute_force(&b.m, c, 1 << 20).unwrap().unwrap();
    assert_eq!(w.sigs[&p].len(), 2);
    assert!(command_satisfied(&b.m, c, &w).unwrap());
    // pred twoTo[x, y: P] { x != y and x.f = y.f }: run finds the same shape
    let x = b.var("x", 1);
    let y = b.var("y", 1);
    let body = and(vec![
        not(eq(b.v(x), b.v(y))),
        eq(join(b.v(x), b.f(f)), join(b.v(y), b.f(f))),
    ]);
    let pr = b.pred(
        "twoTo",
        vec![(x, Mult::One, pe.clone()), (y, Mult::One, pe)],
        body,
    );
    let r = b.command("twoTo", CommandKind::Run, CommandTarget::Pred(pr), 2);
    assert!(brute_force(&b.m, r, 1 << 20).unwrap().is_some());
    scoped(&mut b, r, 1, &[]);
    assert_eq!(brute_force(&b.m, r, 1 << 20), Some(None));
}

/// A sig passed for an `exactly` module parameter (util/ordering) has
/// exactly its scope: `run { #N = 2 } for 3` has no instance, `#N = 3` has.
#[test]
fn exact_module_parameter() {
    let (mut b, n, _) = chain_model();
    let two = icmp(IntCmp::Eq, card(b.s(n)), lit(2));
    let r2 = b.command("two", CommandKind::Run, CommandTarget::Inline(two), 3);
    assert!(
        brute_force(&b.m, r2, 1 << 20).unwrap().is_some(),
        "without exactness 2 atoms are fine"
    );
    b.m.modules[0].exact_params.push(n);
    assert_eq!(
        sig_cards(&b.m, &b.m.commands[r2.index()].scope)[&n],
        Card { min: 3, max: 3 }
    );
    assert_eq!(brute_force(&b.m, r2, 1 << 20), Some(None));
    let three = icmp(IntCmp::Eq, card(b.s(n)), lit(3));
    let r3 = b.command("three", CommandKind::Run, CommandTarget::Inline(three), 3);
    assert!(brute_force(&b.m, r3, 1 << 20).unwrap().is_some());
}

/// abstract sig Event {} ; sig Read, Write extends Event {} ;
/// one sig A extends Write {} ; one sig B extends Read {}
/// (tests/verdicts/26): A and B sit in sibling subtrees and must get distinct
/// atoms; the engine once gave both the first atom of Event's pool.
#[test]
fn one_sigs_in_sibling_subtrees() {
    let mut b = B::new();
    let ev = b.sig_full("Event", SigKind::TopLevel, true, None);
    let rd = b.sig_full("Read", SigKind::Extends(ev), false, None);
    let wr = b.sig_full("Write", SigKind::Extends(ev), false, None);
    let sa = b.sig_full("A", SigKind::Extends(wr), false, Some(Mult::One));
    let sb = b.sig_full("B", SigKind::Extends(rd), false, Some(Mult::One));
    let fits = b.command("fits", CommandKind::Run, CommandTarget::Inline(tt()), 3);
    let w = brute_force(&b.m, fits, 1 << 20)
        .unwrap()
        .expect("run {} for 3 has an instance");
    assert_eq!(w.sigs[&sa].len(), 1);
    assert_eq!(w.sigs[&sb].len(), 1);
    assert_ne!(w.sigs[&sa], w.sigs[&sb]);
    // run { some Write - A } for 2: A and B use both Event atoms.
    let room = some(diff(b.s(wr), b.s(sa)));
    let no_room = b.command(
        "no_room",
        CommandKind::Run,
        CommandTarget::Inline(room.clone()),
        2,
    );
    assert_eq!(brute_force(&b.m, no_room, 1 << 20), Some(None));
    let room3 = b.command("room", CommandKind::Run, CommandTarget::Inline(room), 3);
    assert!(brute_force(&b.m, room3, 1 << 20).unwrap().is_some());
    // check { no A & B } for 3 holds.
    let distinct = b.assert("distinct", no(inter(b.s(sa), b.s(sb))));
    let chk = b.command(
        "distinct",
        CommandKind::Check,
        CommandTarget::Assert(distinct),
        3,
    );
    assert_eq!(brute_force(&b.m, chk, 1 << 20), Some(None));
    // Event needs at least the 2 atoms of A and B.
    let cards = sig_cards(&b.m, &b.m.commands[fits.index()].scope);
    assert_eq!(cards[&ev], Card { min: 0, max: 3 });
    assert_eq!(cards[&sa], Card { min: 1, max: 1 });
    let cards1 = sig_cards(
        &b.m,
        &Scope {
            overall: Some(1),
            bitwidth: None,
            seq: None,
            sigs: vec![],
        },
    );
    assert_eq!(
        cards1[&ev].max, 2,
        "never fewer than the exactly-scoped descendants need"
    );
}

/// `pred ex[disj a, b: N] { a = b }`: `run ex` has no instance. The
/// brute-force oracle decides the goal with the evaluator alone, so this
/// checks that the evaluator keeps the parameters' `disj` (it once dropped
/// it, as the translation did: ikuraj/alloy models/tests/test10.als).
#[test]
fn run_keeps_disjoint_parameters() {
    let mut b = B::new();
    let n = b.sig("N");
    let (a, bb) = (b.var("a", 1), b.var("b", 1));
    let ne = b.s(n);
    let body = eq(b.v(a), b.v(bb));
    let ex = b.pred(
        "ex",
        vec![(a, Mult::One, ne.clone()), (bb, Mult::One, ne)],
        body,
    );
    let c = b.command("ex", CommandKind::Run, CommandTarget::Pred(ex), 3);
    // Without `disj`, a = b = N$0 is an instance, accepted by the evaluator.
    let w = brute_force(&b.m, c, 1 << 20)
        .expect("small enough")
        .expect("instance without disj");
    assert!(command_satisfied(&b.m, c, &w).unwrap());
    // With `disj a, b`, none; and the evaluator rejects the old witness.
    for p in &mut b.m.preds[ex.index()].params {
        p.disj_group = Some(0);
    }
    assert!(!command_satisfied(&b.m, c, &w).unwrap());
    assert_eq!(brute_force(&b.m, c, 1 << 20).expect("small enough"), None);
}
