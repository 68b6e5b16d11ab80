//! Alloy's calls with more arguments than parameters: `f[a1..ak, b1..bm]`
//! with a k-parameter fun is `bm.(...(b1.(f[a1..ak])))`; each extra argument
//! needs a result of arity >= 2.

use relprove_engine::diag::{render, SourceMap};
use relprove_engine::ir::display::display_model;
use relprove_engine::ir::*;
use relprove_engine::resolve::{load_source, LoadOptions};

fn load(src: &str) -> Result<Model, String> {
    let mut sources = SourceMap::new();
    load_source("extra.als", src, &mut sources, &LoadOptions::default())
        .map_err(|d| render(&sources, &d, false))
}

/// The body of the root module's last fact, which must be `lhs = rhs`: both sides.
fn eq_sides(m: &Model) -> (&Expr, &Expr) {
    let mut f = &m
        .facts
        .iter()
        .rev()
        .find(|f| f.module == ModuleId(0))
        .expect("a fact of the root module")
        .body;
    loop {
        match &f.kind {
            FormulaKind::Quant(_, _, body) => f = body,
            FormulaKind::Eq(l, r) => return (l, r),
            other => panic!("unexpected fact body {other:?}"),
        }
    }
}

#[test]
fn zero_parameter_fun_with_one_argument_is_a_join() {
    let m = load("sig S { r: set S }\nfun succ: S -> S { r }\nfact { all e: S | succ[e] = e }")
        .unwrap_or_else(|e| panic!("{e}"));
    let (l, _) = eq_sides(&m);
    assert_eq!(l.arity, 1);
    let ExprKind::Join(a, f) = &l.kind else {
        panic!("not a join: {l:?}")
    };
    assert!(matches!(a.kind, ExprKind::Var(_)), "{a:?}");
    assert!(
        matches!(&f.kind, ExprKind::Call(_, args) if args.is_empty()),
        "{f:?}"
    );
}

#[test]
fn extra_arguments_join_in_order() {
    // pick[x] : S -> S -> S ; pick[x, a, b] = b.(a.(pick[x]))
    let m = load("sig S {}\nfun pick[x: S]: S -> S -> S { x -> S -> S }\nfact { all x, a, c: S | pick[x, a, c] = x }")
        .unwrap_or_else(|e| panic!("{e}"));
    let (l, _) = eq_sides(&m);
    assert_eq!(l.arity, 1);
    let ExprKind::Join(outer_arg, inner) = &l.kind else {
        panic!("{l:?}")
    };
    let ExprKind::Join(inner_arg, call) = &inner.kind else {
        panic!("{inner:?}")
    };
    assert_eq!(inner.arity, 2);
    let ExprKind::Call(_, args) = &call.kind else {
        panic!("{call:?}")
    };
    assert_eq!(args.len(), 1);
    let name = |e: &Expr| match e.kind {
        ExprKind::Var(v) => m.var(v).name.clone(),
        _ => panic!("{e:?}"),
    };
    assert_eq!(
        (name(&args[0]), name(inner_arg), name(outer_arg)),
        ("x".into(), "a".into(), "c".into())
    );
}

#[test]
fn same_as_explicit_join_in_display() {
    let a = load("sig S { r: set S }\nfun succ: S -> S { r }\nfact { all e: S | some succ[e] }")
        .unwrap();
    let b = load("sig S { r: set S }\nfun succ: S -> S { r }\nfact { all e: S | some e.succ }")
        .unwrap();
    assert_eq!(display_model(&a), display_model(&b));
}

#[test]
fn unary_result_cannot_take_an_extra_argument() {
    let e = load("sig S {}\nfun one_s: S { S }\nfact { all e: S | some one_s[e] }").unwrap_err();
    assert!(e.contains("takes 0 arguments, but 1 was given"), "{e}");
    // Binary result: one extra is fine, a second leaves arity 1.
    assert!(
        load("sig S {}\nfun id2: S -> S { S <: iden }\nfact { all e: S | some id2[e] }").is_ok()
    );
    let e = load("sig S {}\nfun id2: S -> S { S <: iden }\nfact { all e, f: S | some id2[e, f] }")
        .unwrap_err();
    assert!(e.contains("takes 0 arguments, but 2 were given"), "{e}");
}

#[test]
fn a_fun_taking_all_arguments_wins_and_preds_take_none() {
    // `p[e]` on a pred without parameters stays an error.
    let e = load("sig S {}\npred p { some S }\nfact { all e: S | p[e] }").unwrap_err();
    assert!(e.contains("takes 0 arguments"), "{e}");
    // Exact arity: an ordinary call.
    let m = load("sig S {}\nfun g[x: S]: S -> S { x -> x }\nfact { all e: S | g[e] = e -> e }")
        .unwrap();
    let (l, _) = eq_sides(&m);
    assert!(
        matches!(&l.kind, ExprKind::Call(_, args) if args.len() == 1),
        "{l:?}"
    );
}

#[test]
fn ordering_next_with_an_argument() {
    let src =
        "open util/ordering[S] as ord\nsig S {}\nfact { all e: S | ord/next[e] = e.ord/next }";
    let a = load(src).unwrap_or_else(|e| panic!("{e}"));
    let b = load(&src.replace("ord/next[e]", "e.(ord/next)")).unwrap();
    assert_eq!(display_model(&a), display_model(&b));
}

/// Receiver calls keep their readings: `x.(f[y])` with a one-parameter `f` is
/// only the join `x.(f[y])` (the peer PTX models write `a.(optional[r])`), not
/// also `y.(f[x])`, which would make it ambiguous.
#[test]
fn receiver_calls_do_not_take_extra_arguments() {
    let m = load("sig S { r, q: set S }\nfun opt[x: S -> S]: S -> S { x + (S <: iden) }\nfact { q.(opt[r]) = r }")
        .unwrap_or_else(|e| panic!("{e}"));
    let (l, _) = eq_sides(&m);
    let ExprKind::Join(a, call) = &l.kind else {
        panic!("{l:?}")
    };
    let ExprKind::Call(_, args) = &call.kind else {
        panic!("{call:?}")
    };
    let (ExprKind::Field(recv), ExprKind::Field(arg)) = (&a.kind, &args[0].kind) else {
        panic!("{l:?}")
    };
    assert_eq!(
        (m.field(*recv).name.as_str(), m.field(*arg).name.as_str()),
        ("q", "r")
    );
}

/// A name that is both a field and a fun without parameters: `next[e]` is
/// read both ways, the field's box join `e.next` and `e.(ord/next)`, and the
/// types pick. Where both fit it is ambiguous, as in the Analyzer 5.1 ("This
/// name is ambiguous due to multiple matches: fun ordering/next field this/S
/// <: next"); where only the fun fits (an `Int` argument), the fun's value is
/// joined (`integer_copy/next_field.als`).
#[test]
fn a_field_and_a_fun_of_the_same_name_compete_by_type() {
    let err = load("open util/ordering[S]\nsig S { next: set S }\nfact { all e: S | next[e] = e }")
        .expect_err("ambiguous, as in the Analyzer");
    assert!(err.contains("more than one way"), "{err}");
}
