//! End-to-end tests of the engine (bounds → translate → SAT → instance →
//! evaluator) on hand-built IR models with known verdicts.

use crate::eval_support::*;
use relprove_engine::bounds;
use relprove_engine::check::{check_command, CheckOptions, Outcome};
use relprove_engine::ir::*;

fn vv(v: VarId) -> Expr {
    Expr::new(ExprKind::Var(v), 1, S)
}
fn vv2(v: VarId) -> Expr {
    Expr::new(ExprKind::Var(v), 2, S)
}

fn verdict(m: &Model, c: CommandId) -> bool {
    verdict_with(m, c, &CheckOptions::default())
}

fn verdict_with(m: &Model, c: CommandId, opts: &CheckOptions) -> bool {
    let r = check_command(m, c, opts).unwrap_or_else(|e| panic!("{e:?}"));
    let sat = match r.outcome {
        Outcome::Sat(_) => true,
        Outcome::Unsat => false,
        Outcome::Unknown(w) => panic!("unknown: {w}"),
    };
    // Symmetry breaking must not change the verdict.
    let r0 = check_command(
        m,
        c,
        &CheckOptions {
            symmetry: 0,
            ..opts.clone()
        },
    )
    .unwrap();
    assert_eq!(
        sat,
        matches!(r0.outcome, Outcome::Sat(_)),
        "symmetry breaking changed the verdict"
    );
    sat
}

fn run(b: &mut B, name: &str, f: Formula, scope: u32) -> CommandId {
    b.command(name, CommandKind::Run, CommandTarget::Inline(f), scope)
}
fn check(b: &mut B, name: &str, f: Formula, scope: u32) -> CommandId {
    b.command(name, CommandKind::Check, CommandTarget::Inline(f), scope)
}

/// sig A { f: set A }
fn graph() -> (B, SigId, FieldId) {
    let mut b = B::new();
    let a = b.sig("A");
    let sa = b.s(a);
    let f = b.field(a, "f", Mult::Set, sa);
    (b, a, f)
}

#[test]
fn closure_laws() {
    let (mut b, _a, f) = graph();
    let fe = b.f(f);
    let c1 = check(
        &mut b,
        "ff_in_closure",
        is_in(join(fe.clone(), fe.clone()), clo(fe.clone())),
        3,
    );
    let c2 = check(&mut b, "closure_is_f", eq(clo(fe.clone()), fe.clone()), 3);
    let c3 = check(
        &mut b,
        "closure_trans",
        is_in(join(clo(fe.clone()), clo(fe.clone())), clo(fe.clone())),
        4,
    );
    let c4 = run(
        &mut b,
        "long_path",
        and(vec![
            some(inter(clo(fe.clone()), iden())),
            no(inter(
                join(fe.clone(), join(fe.clone(), fe.clone())),
                iden(),
            )),
            no(inter(fe.clone(), iden())),
            no(inter(join(fe.clone(), fe.clone()), iden())),
        ]),
        4,
    );
    let c5 = run(
        &mut b,
        "no_long_path_in_3",
        and(vec![
            some(inter(clo(fe.clone()), iden())),
            no(inter(
                join(fe.clone(), join(fe.clone(), fe.clone())),
                iden(),
            )),
            no(inter(fe.clone(), iden())),
            no(inter(join(fe.clone(), fe.clone()), iden())),
        ]),
        3,
    );
    let c6 = check(
        &mut b,
        "rclosure",
        eq(
            rclo(fe.clone()),
            union(clo(fe.clone()), inter(iden(), prod(univ(), univ()))),
        ),
        3,
    );
    let m = b.m;
    assert!(!verdict(&m, c1));
    assert!(verdict(&m, c2));
    assert!(!verdict(&m, c3));
    assert!(verdict(&m, c4), "a 4-cycle needs 4 atoms");
    assert!(!verdict(&m, c5), "no 4-cycle in 3 atoms");
    assert!(!verdict(&m, c6));
}

#[test]
fn scopes_and_sig_hierarchy() {
    let mut b = B::new();
    let s = b.sig_full("S", SigKind::TopLevel, true, None);
    let x = b.sig_full("X", SigKind::Extends(s), false, None);
    let y = b.sig_full("Y", SigKind::Extends(s), false, None);
    let o = b.sig_full("O", SigKind::TopLevel, false, Some(Mult::One));
    let sub = b.sig_full("Sub", SigKind::Subset(vec![x, o]), false, None);
    let (ss, sx, sy, so, ssub) = (b.s(s), b.s(x), b.s(y), b.s(o), b.s(sub));
    let c_abs = check(
        &mut b,
        "abstract",
        eq(ss.clone(), union(sx.clone(), sy.clone())),
        3,
    );
    let c_disj = check(&mut b, "disjoint", no(inter(sx.clone(), sy.clone())), 3);
    let c_one = check(&mut b, "one", one(so.clone()), 3);
    let c_sub = check(
        &mut b,
        "subset",
        is_in(ssub.clone(), union(sx.clone(), so.clone())),
        3,
    );
    let c_three = run(
        &mut b,
        "three",
        icmp(IntCmp::Eq, card(ss.clone()), lit(3)),
        3,
    );
    let c_four = run(
        &mut b,
        "four",
        icmp(IntCmp::Eq, card(ss.clone()), lit(4)),
        3,
    );
    let c_univ = check(
        &mut b,
        "univ",
        eq(univ(), union(union(ss.clone(), so.clone()), ints())),
        3,
    );
    let m = b.m;
    assert!(!verdict(&m, c_abs));
    assert!(!verdict(&m, c_disj));
    assert!(!verdict(&m, c_one));
    assert!(!verdict(&m, c_sub));
    assert!(verdict(&m, c_three));
    assert!(!verdict(&m, c_four));
    assert!(!verdict(&m, c_univ));
}

#[test]
fn but_and_exact_scopes() {
    let mut b = B::new();
    let s = b.sig("S");
    let x = b.sig_full("X", SigKind::Extends(s), false, None);
    let t = b.sig("T");
    let (ss, sx, st) = (b.s(s), b.s(x), b.s(t));
    let two_x = run(
        &mut b,
        "two_x",
        icmp(IntCmp::Eq, card(sx.clone()), lit(2)),
        4,
    );
    let five_s = run(
        &mut b,
        "five_s",
        icmp(IntCmp::Eq, card(ss.clone()), lit(5)),
        4,
    );
    let t_not_2 = run(
        &mut b,
        "t_not_2",
        icmp(IntCmp::Ne, card(st.clone()), lit(2)),
        4,
    );
    let m_cmds = [two_x, five_s, t_not_2];
    // for 4 but 1 X, exactly 5 S, exactly 2 T
    for &c in &m_cmds {
        b.m.commands[c.index()].scope.sigs = vec![
            SigScope {
                sig: x,
                count: 1,
                exact: false,
                span: S,
            },
            SigScope {
                sig: s,
                count: 5,
                exact: true,
                span: S,
            },
            SigScope {
                sig: t,
                count: 2,
                exact: true,
                span: S,
            },
        ];
    }
    let m = b.m;
    let bd = bounds::compute(&m, &m.commands[0].scope).unwrap();
    assert_eq!(bd.sig_upper[s.index()].len(), 5);
    assert_eq!(bd.sig_lower[s.index()].len(), 5);
    assert_eq!(bd.sig_upper[t.index()].len(), 2);
    assert_eq!(bd.num_sig_atoms, 7);
    assert_eq!(bd.universe.len(), 7 + 16);
    assert_eq!(bd.universe.atoms[0].label, "S$0");
    assert_eq!(bd.universe.atoms[7].int, Some(-8));
    assert!(!verdict(&m, two_x));
    assert!(verdict(&m, five_s));
    assert!(!verdict(&m, t_not_2));
}

#[test]
fn one_sig_children_get_dedicated_atoms() {
    let mut b = B::new();
    let mo = b.sig_full("MO", SigKind::TopLevel, true, None);
    let kids: Vec<SigId> = (0..4)
        .map(|i| {
            b.sig_full(
                &format!("M{i}"),
                SigKind::Extends(mo),
                false,
                Some(Mult::One),
            )
        })
        .collect();
    let smo = b.s(mo);
    let c = check(&mut b, "four", icmp(IntCmp::Eq, card(smo), lit(4)), 3);
    let m = b.m;
    let bd = bounds::compute(&m, &m.commands[0].scope).unwrap();
    assert_eq!(
        bd.sig_upper[mo.index()].len(),
        4,
        "scope grows to fit the one sigs"
    );
    for (i, k) in kids.iter().enumerate() {
        assert_eq!(bd.sig_lower[k.index()], vec![i as u32]);
    }
    assert!(!verdict(&m, c));
}

#[test]
fn field_multiplicities() {
    let mut b = B::new();
    let a = b.sig("A");
    let bb = b.sig("B");
    let (sa, sb) = (b.s(a), b.s(bb));
    // g: A -> one B is a field `g: one B`; h: B one -> lone B
    let g = b.field(a, "g", Mult::One, sb.clone());
    let h = b.field(
        bb,
        "h",
        Mult::Set,
        arrow(sb.clone(), Mult::One, Mult::Lone, sa.clone()),
    );
    let (ge, he) = (b.f(g), b.f(h));
    let x = b.var("x", 1);
    let c1 = check(
        &mut b,
        "g_total",
        quant(
            Quant::All,
            vec![one_of(x, sa.clone())],
            one(join(vv(x), ge.clone())),
        ),
        3,
    );
    let y = b.var("y", 1);
    let body = one(join(join(vv(y), he.clone()), sa.clone()));
    let c2 = run(&mut b, "h_some", some(he.clone()), 2);
    let _ = body;
    // for every b, b.h is an A -> B relation where each A has exactly one B (one on the left)
    let z = b.var("z", 1);
    let w = b.var("w", 1);
    let c3 = check(
        &mut b,
        "h_left_one",
        quant(
            Quant::All,
            vec![one_of(z, sb.clone()), one_of(w, sa.clone())],
            one(join(join(vv(z), he.clone()), vv(w))),
        ),
        3,
    );
    let m = b.m;
    assert!(!verdict(&m, c1));
    assert!(verdict(&m, c2));
    assert!(!verdict(&m, c3));
}

#[test]
fn integers_wrap() {
    let (mut b, a, f) = graph();
    let sa = b.s(a);
    let fe = b.f(f);
    // 8 atoms in A: #A = 8 wraps to -8 with bitwidth 4
    let c1 = run(
        &mut b,
        "wrap",
        icmp(IntCmp::Eq, card(sa.clone()), lit(-8)),
        8,
    );
    let c2 = run(
        &mut b,
        "seven_plus_one",
        and(vec![
            icmp(IntCmp::Eq, card(sa.clone()), lit(7)),
            icmp(IntCmp::Lt, add(card(sa.clone()), lit(1)), lit(0)),
        ]),
        8,
    );
    let c3 = check(
        &mut b,
        "card_nonneg_small",
        icmp(IntCmp::Ge, card(fe.clone()), lit(0)),
        2,
    );
    let c4 = run(
        &mut b,
        "card_neg_big",
        icmp(IntCmp::Lt, card(fe.clone()), lit(0)),
        3,
    );
    let c5 = check(
        &mut b,
        "sum_ints",
        icmp(IntCmp::Eq, sum(int_atom(add(lit(3), lit(4)))), lit(7)),
        2,
    );
    let c6 = check(
        &mut b,
        "mul_div",
        icmp(
            IntCmp::Eq,
            div(mul(card(sa.clone()), lit(2)), lit(2)),
            card(sa.clone()),
        ),
        3,
    );
    let m = b.m;
    assert!(verdict(&m, c1));
    assert!(verdict(&m, c2));
    assert!(!verdict(&m, c3));
    assert!(verdict(&m, c4), "9 edges wrap to negative");
    assert!(!verdict(&m, c5));
    assert!(!verdict(&m, c6));
}

#[test]
fn run_pred_with_params_and_skolems() {
    let (mut b, a, f) = graph();
    let sa = b.s(a);
    let fe = b.f(f);
    let x = b.var("x", 1);
    let y = b.var("y", 1);
    let body = and(vec![
        is_in(vv(y), join(vv(x), fe.clone())),
        not(eq(vv(x), vv(y))),
    ]);
    let p = b.pred(
        "edge",
        vec![(x, Mult::One, sa.clone()), (y, Mult::One, sa.clone())],
        body,
    );
    let c = b.command("edge", CommandKind::Run, CommandTarget::Pred(p), 3);
    let m = b.m;
    let r = check_command(&m, c, &CheckOptions::default()).unwrap();
    match r.outcome {
        Outcome::Sat(inst) => {
            assert_eq!(inst.skolems.len(), 2);
            assert_eq!(inst.skolems[0].0, "$edge_x");
            let (sx, sy) = (&inst.skolems[0].1, &inst.skolems[1].1);
            let (xa, ya) = (sx.iter().next().unwrap()[0], sy.iter().next().unwrap()[0]);
            assert!(inst.fields[&f].contains(&vec![xa, ya]));
            assert_ne!(xa, ya);
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn quantifiers_comprehension_let_calls() {
    let (mut b, a, f) = graph();
    let sa = b.s(a);
    let fe = b.f(f);
    let x = b.var("x", 1);
    let y = b.var("y", 1);
    // {x, y: A | y in x.f} = f
    let comp = compr(
        vec![one_of(x, sa.clone()), one_of(y, sa.clone())],
        is_in(vv(y), join(vv(x), fe.clone())),
    );
    let c1 = check(&mut b, "compr", eq(comp, fe.clone()), 3);
    // fun succ[v: A]: set A { v.f }; all v: A | succ[v] = v.f
    let v = b.var("v", 1);
    let fun = b.fun(
        "succ",
        vec![(v, Mult::One, sa.clone())],
        relprove_engine::ir::Decl {
            mult: Mult::Set,
            bound: sa.clone(),
        },
        join(vv(v), fe.clone()),
    );
    let u = b.var("u", 1);
    let c2 = check(
        &mut b,
        "fun",
        quant(
            Quant::All,
            vec![one_of(u, sa.clone())],
            eq(call(fun, 1, vec![vv(u)]), join(vv(u), fe.clone())),
        ),
        3,
    );
    // let l = f.f | l in ^f
    let l = b.var("l", 2);
    let c3 = check(
        &mut b,
        "let",
        flet(
            l,
            join(fe.clone(), fe.clone()),
            is_in(vv2(l), clo(fe.clone())),
        ),
        3,
    );
    // one / lone / no quantifiers: run { one x: A | some x.f } then check lone => some-free
    let p = b.var("p", 1);
    let c4 = run(
        &mut b,
        "one_q",
        and(vec![
            quant(
                Quant::One,
                vec![one_of(p, sa.clone())],
                some(join(vv(p), fe.clone())),
            ),
            icmp(IntCmp::Eq, card(sa.clone()), lit(3)),
        ]),
        3,
    );
    let q1 = b.var("q1", 1);
    let q2 = b.var("q2", 1);
    // disj: some disj q1, q2: A | true  needs 2 atoms
    let c5 = run(
        &mut b,
        "disj2",
        and(vec![
            quant(
                Quant::Some,
                vec![decl(vec![q1, q2], true, Mult::One, sa.clone())],
                tt(),
            ),
            icmp(IntCmp::Le, card(sa.clone()), lit(1)),
        ]),
        3,
    );
    let m = b.m;
    assert!(!verdict(&m, c1));
    assert!(!verdict(&m, c2));
    assert!(!verdict(&m, c3));
    assert!(verdict(&m, c4));
    assert!(!verdict(&m, c5));
}

#[test]
fn timeout_reports_unknown() {
    // A pigeonhole-like problem: 12 atoms, f a bijection onto 11... keep it
    // hard enough that a zero timeout cannot finish.
    let (mut b, a, f) = graph();
    let sa = b.s(a);
    let fe = b.f(f);
    let x = b.var("x", 1);
    let c = run(
        &mut b,
        "hard",
        and(vec![
            quant(
                Quant::All,
                vec![one_of(x, sa.clone())],
                one(join(vv(x), fe.clone())),
            ),
            icmp(IntCmp::Eq, card(sa.clone()), lit(5)),
        ]),
        5,
    );
    let m = b.m;
    let r = check_command(
        &m,
        c,
        &CheckOptions {
            timeout: Some(std::time::Duration::ZERO),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(matches!(r.outcome, Outcome::Unknown(_)), "{:?}", r.outcome);
}

#[test]
fn exact_abstract_sig_is_covered_by_children() {
    let mut b = B::new();
    let s = b.sig_full("S", SigKind::TopLevel, true, None);
    let x = b.sig_full("X", SigKind::Extends(s), false, None);
    let y = b.sig_full("Y", SigKind::Extends(s), false, None);
    let (ss, sx, sy) = (b.s(s), b.s(x), b.s(y));
    let c1 = run(
        &mut b,
        "orphan",
        some(diff(diff(ss.clone(), sx.clone()), sy.clone())),
        3,
    );
    let c2 = run(
        &mut b,
        "four",
        icmp(IntCmp::Eq, card(union(sx.clone(), sy.clone())), lit(4)),
        3,
    );
    for c in [c1, c2] {
        b.m.commands[c.index()].scope.sigs = vec![SigScope {
            sig: s,
            count: 4,
            exact: true,
            span: S,
        }];
    }
    let m = b.m;
    assert!(!verdict(&m, c1));
    assert!(verdict(&m, c2));
}

/// A fact `f = constant` pins the field: exact bounds, the same instances
/// (issue 21: litmus skeletons become constants, not free relations).
#[test]
fn facts_pin_constant_fields() {
    use relprove_engine::check::Session;
    use relprove_engine::diag::SourceMap;
    use relprove_engine::resolve::{load_source, LoadOptions};
    let src = "sig N { f: set N, g: set N }\n\
               one sig A, B, C extends N {}\n\
               fact { f = A->B + B->C  some g }\n\
               run { some n: N | n in A.^f } for 3\n\
               run { C in A.f } for 3\n";
    let mut sources = SourceMap::new();
    let m = load_source("pin.als", src, &mut sources, &LoadOptions::default()).unwrap();
    let mut bd = bounds::compute(&m, &m.commands[0].scope).unwrap();
    bounds::pin::pin_constant_fields(&m, &mut bd);
    let fid = |name: &str| m.fields.iter().position(|f| f.name == name).unwrap();
    let (f, g) = (fid("f"), fid("g"));
    assert_eq!(bd.field_lower[f].len(), 2);
    assert_eq!(bd.field_upper[f], bd.field_lower[f]);
    // `some g` pins nothing.
    assert!(bd.field_lower[g].is_empty());
    assert_eq!(bd.field_upper[g].len(), 9);
    // The session (which pins) agrees with the plain check (which does not).
    for (i, want) in [(0, true), (1, false)] {
        let mut s = Session::new(
            m.clone(),
            CommandId(i),
            Vec::new(),
            &CheckOptions::default(),
        )
        .unwrap()
        .unwrap();
        let inst = s.solve(&[]).unwrap();
        assert_eq!(inst.is_some(), want, "run #{i}");
        assert_eq!(verdict(&m, CommandId(i)), want, "run #{i}");
    }
}

// ---------------------------------------------------------------------
// Unsat cores (`check --core`), checked independently of the minimiser:
// fresh translations of the split command with only the core (must be
// unsatisfiable) and with the core less each formula (must have an
// instance, which the session re-evaluates).

mod cores {
    use relprove_engine::check::cores::{split, unsat_core, CoreOutcome};
    use relprove_engine::check::{CheckOptions, Opened, Outcome, Session};
    use relprove_engine::diag::SourceMap;
    use relprove_engine::ir::*;
    use std::borrow::Cow;

    const SMALL: &str = "sig Node { next: lone Node }
one sig Root extends Node {}
fact acyclic { no n: Node | n in n.^next }
fact connected { all n: Node - Root | n in Root.^next and some n.next }
fact small { #Node > 1 }
pred twoRoots { some r: Root | r.next = r }
run twoRoots for 3 expect 0
assert noSelf { all n: Node | n.next != n }
check noSelf for 3 expect 0
assert rootFirst { all n: Node - Root | n in Root.^next }
check rootFirst for 3 expect 0
run someNode { some Node } for 3 expect 0
run oneNode { one Node } for 3 expect 0
run free { some Node } for 3 but 2 Node expect 0
run contradiction { some n: Node | no n.next and some n.next } for 2 expect 0
";

    fn solve_only(model: &Model, id: CommandId, fs: Vec<Formula>) -> Outcome {
        let opts = CheckOptions::default();
        let n = fs.len();
        let budget = relprove_engine::budget::Budget::unlimited();
        let Opened::Ready(mut s) = Session::open(Cow::Borrowed(model), id, fs, &opts, budget)
            .unwrap_or_else(|_| panic!("session"))
        else {
            panic!("stopped without limits")
        };
        s.solve_outcome(&(0..n).collect::<Vec<_>>())
            .unwrap_or_else(|_| panic!("solve"))
    }

    /// Returns how many cores were checked.
    fn check_cores(model: &Model, names: &[&str]) -> usize {
        let mut checked = 0;
        for (i, cmd) in model.commands.iter().enumerate() {
            if !names.is_empty() && !names.contains(&cmd.name.as_str()) {
                continue;
            }
            let id = CommandId(i as u32);
            let r = relprove_engine::check::check_command(model, id, &CheckOptions::default())
                .unwrap_or_else(|_| panic!("check {}", cmd.name));
            let core = unsat_core(model, id, &CheckOptions::default())
                .unwrap_or_else(|_| panic!("core {}", cmd.name));
            let core = match (r.outcome, core) {
                (Outcome::Sat(_), CoreOutcome::Satisfiable) => continue,
                (Outcome::Unsat, CoreOutcome::Core(c)) => c,
                (o, c) => panic!("{}: {o:?} but {c:?}", cmd.name),
            };
            let sp = split(model, id);
            let formulas = |skip: Option<usize>| -> Vec<Formula> {
                core.indices
                    .iter()
                    .filter(|&&i| Some(i) != skip)
                    .map(|&i| sp.tracked[i].formula.clone())
                    .collect()
            };
            assert!(
                matches!(solve_only(&sp.model, id, formulas(None)), Outcome::Unsat),
                "{}: the core alone is satisfiable",
                cmd.name
            );
            assert!(core.minimal, "{}: no limit, so minimal", cmd.name);
            for &i in &core.indices {
                assert!(
                    matches!(
                        solve_only(&sp.model, id, formulas(Some(i))),
                        Outcome::Sat(_)
                    ),
                    "{}: the core without {:?} is still unsatisfiable",
                    cmd.name,
                    sp.tracked[i].item
                );
            }
            checked += 1;
        }
        checked
    }

    const MULT: &str = "sig A { f: one B, g: lone B, h: B -> lone B }
sig B {}
fact some2 { some A and #B = 2 }
fact allG { all a: A | some a.g and a.g != a.f }
fact wide { all a: A | #a.h = 2 }
run twoValues { some a: A | #a.f > 1 } for 3 expect 0
run noF { some a: A | no a.f } for 3 expect 0
run gSame { all a: A | a.g = a.f } for 3 expect 0
run hFunctional { some a: A, b: B | #b.(a.h) > 1 } for 3 expect 0
";

    /// Field multiplicities are tracked: a core names the declaration
    /// whose multiplicity rules the instances out, and only when it does.
    #[test]
    fn multiplicities_are_tracked() {
        let mut sources = SourceMap::new();
        let model = relprove_engine::resolve::load_source(
            "mult.als",
            MULT,
            &mut sources,
            &Default::default(),
        )
        .unwrap();
        assert_eq!(check_cores(&model, &[]), 4);
        let kinds = |n: &str| -> Vec<(String, Option<String>)> {
            let id = CommandId(model.commands.iter().position(|c| c.name == n).unwrap() as u32);
            match unsat_core(&model, id, &CheckOptions::default()).unwrap_or_else(|_| panic!()) {
                CoreOutcome::Core(c) => c
                    .items
                    .iter()
                    .map(|it| (format!("{:?}", it.kind), it.owner.clone()))
                    .collect(),
                o => panic!("{o:?}"),
            }
        };
        let mult = |f: &str| ("Multiplicity".to_string(), Some(f.to_string()));
        assert!(kinds("twoValues").contains(&mult("f")));
        assert!(kinds("noF").contains(&mult("f")));
        assert!(!kinds("gSame").contains(&mult("h")));
        assert!(kinds("hFunctional").contains(&mult("h")));
    }

    #[test]
    fn small_model_cores_are_verified_and_minimal() {
        let mut sources = SourceMap::new();
        let model = relprove_engine::resolve::load_source(
            "cores.als",
            SMALL,
            &mut sources,
            &Default::default(),
        )
        .unwrap();
        assert_eq!(check_cores(&model, &[]), 7);
        // The cores name the formulas that matter, not everything.
        let id =
            |n: &str| CommandId(model.commands.iter().position(|c| c.name == n).unwrap() as u32);
        let text = |id: CommandId| -> Vec<String> {
            match unsat_core(&model, id, &CheckOptions::default()).unwrap_or_else(|_| panic!()) {
                CoreOutcome::Core(c) => c
                    .items
                    .iter()
                    .map(|it| sources.snippet(it.span).to_string())
                    .collect(),
                o => panic!("{o:?}"),
            }
        };
        // A run goal's existential stays in the command (the translation
        // skolemizes it) and is listed as untracked, not in the core.
        assert_eq!(text(id("twoRoots")), ["no n: Node | n in n.^next"]);
        let untracked = |id: CommandId| -> Vec<String> {
            match unsat_core(&model, id, &CheckOptions::default()).unwrap_or_else(|_| panic!()) {
                CoreOutcome::Core(c) => c
                    .untracked
                    .iter()
                    .map(|it| sources.snippet(it.span).to_string())
                    .collect(),
                o => panic!("{o:?}"),
            }
        };
        assert!(untracked(id("twoRoots")).contains(&"some r: Root | r.next = r".to_string()));
        // A contradictory goal: nothing tracked is needed.
        assert_eq!(text(id("contradiction")), Vec::<String>::new());
        // `connected` is split under its `all`: the core names its first
        // conjunct, not the whole fact.
        assert_eq!(
            text(id("rootFirst")),
            ["n in Root.^next", "all n: Node - Root | n in Root.^next"]
        );
    }

    #[test]
    fn src11_model_cores_are_verified_and_minimal() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models/src11.als");
        let mut sources = SourceMap::new();
        let model =
            relprove_engine::resolve::load_model(&path, &mut sources, &Default::default()).unwrap();
        // A sample of the unsatisfiable commands (CI-affordable).
        assert_eq!(check_cores(&model, &["src11_mp_rel_acq", "src11_sb_sc"]), 2);
    }
}

/// The relation analysis (bounds::analysis) on a small PTX-like model:
/// diagonals go, `po` and `sb` are ordered, and the inclusions follow.
#[test]
fn relation_analysis_shrinks_bounds() {
    use relprove_engine::bounds::analysis::{shrink, Analysis};
    use relprove_engine::budget::Budget;
    use relprove_engine::diag::SourceMap;
    use relprove_engine::resolve::{load_source, LoadOptions};
    let src = "abstract sig E { po: lone E, dep: set E }\n\
               sig R extends E { rf: set W }\n\
               sig W extends E { co: set W }\n\
               sig C { sb: set C }\n\
               pred acyclic[r: univ->univ] { no iden & ^r }\n\
               fact { acyclic[po]  dep in ^po  sb = ^sb  no iden & sb }\n\
               assert A { (all w: W | lone w.co) => no rf & ~rf }\n\
               check A for 3\n\
               run { some dep  some sb } for 3\n";
    let mut sources = SourceMap::new();
    let m = load_source("relan.als", src, &mut sources, &LoadOptions::default()).unwrap();
    let fid = |name: &str| m.fields.iter().position(|f| f.name == name).unwrap();
    let (po, dep, rf, co, sb) = (fid("po"), fid("dep"), fid("rf"), fid("co"), fid("sb"));
    let cmd = &m.commands[0];
    let bounds_of = |symmetry: bool| {
        let mut b = bounds::compute(&m, &cmd.scope).unwrap();
        let a = shrink(&m, cmd, &mut b, symmetry, &Budget::unlimited()).unwrap();
        (b, a)
    };
    let (b, a) = bounds_of(false);
    // 3 atoms: the diagonal of po (acyclic), rf (R, W disjoint), sb
    // (irreflexive) goes; co and dep keep theirs.
    assert_eq!(
        a,
        Analysis {
            removed: 9,
            ordered: vec![]
        }
    );
    for (f, n) in [(po, 6), (rf, 6), (sb, 6), (co, 9), (dep, 9)] {
        assert_eq!(b.field_upper[f].len(), n, "{}", m.fields[f].name);
    }
    assert!(b.field_false.iter().all(Vec::is_empty));
    let (b, a) = bounds_of(true);
    // po (first acyclic field over E) and sb ordered: backward tuples fixed
    // to false but kept in the bounds; dep, within ^po, forward too
    // (its diagonal included).
    assert_eq!(a.ordered, vec![FieldId(po as u32), FieldId(sb as u32)]);
    assert_eq!(b.ordered, a.ordered);
    for (f, upper, fixed) in [(po, 6, 3), (sb, 6, 3), (dep, 9, 6), (rf, 6, 0), (co, 9, 0)] {
        assert_eq!(b.field_upper[f].len(), upper, "{}", m.fields[f].name);
        assert_eq!(b.field_false[f].len(), fixed, "{}", m.fields[f].name);
        assert!(b.field_false[f].iter().all(|t| t[0] >= t[1]));
    }
    // The verdicts, with and without the analysis and symmetry breaking.
    for relation_analysis in [true, false] {
        let opts = CheckOptions {
            relation_analysis,
            ..Default::default()
        };
        assert!(!verdict_with(&m, CommandId(0), &opts));
        assert!(verdict_with(&m, CommandId(1), &opts));
    }
}
