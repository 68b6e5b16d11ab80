//! Each test pairs an Alloy fragment with the exact diagnostic a user sees
//! (insta snapshots of the rendered text).

use std::path::PathBuf;

use relprove_engine::diag::{render, SourceMap};
use relprove_engine::resolve::{load_model, load_source, LoadOptions};

fn opts() -> LoadOptions {
    // A relative library path keeps the rendered text machine-independent
    // (tests run from the package root).
    LoadOptions {
        lib_dir: Some(PathBuf::from("lib")),
        ..Default::default()
    }
}

fn error_text(src: &str) -> String {
    let mut sources = SourceMap::new();
    match load_source("test.als", src, &mut sources, &opts()) {
        Ok(m) => panic!(
            "expected an error, but the model resolved:\n{}",
            relprove_engine::ir::display::display_model(&m)
        ),
        Err(d) => render(&sources, &d, false),
    }
}

macro_rules! error_tests {
    ($($name:ident: $src:expr;)*) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), error_text($src), $src);
        }
    )*};
}

error_tests! {
    unknown_sig_in_field: "sig A { f: Bx }\nsig B {}";
    unknown_name_with_hint: "sig Event {}\nfact { some Evnt }";
    unknown_name_no_hint: "sig Event {}\nfact { some zzzqqq }";
    unknown_alias: "sig A {}\nfact { some foo/A }";
    join_two_sets: "sig A {}\nsig B {}\nfact { some A.B }";
    union_arity: "sig A { r: A }\nfact { some A + r }";
    intersection_arity: "sig A { r: A }\nfact { some r & A }";
    in_arity: "sig A { r: A }\nfact { A in r }";
    eq_arity: "sig A { r: A }\nfact { r = A }";
    transpose_of_set: "sig A {}\nfact { some ~A }";
    closure_of_set: "sig A {}\nfact { some ^A }";
    domain_restrict_relation: "sig A { r: A }\nfact { some r <: r }";
    range_restrict_relation: "sig A { r: A }\nfact { some r :> r }";
    expected_formula: "sig A {}\nfact { A }";
    expected_formula_int: "sig A {}\nfact { #A }";
    expected_expression: "sig A {}\nfact { some (some A) }";
    expected_integer_set: "sig A {}\nfact { #A > A }";
    expected_integer_relation: "sig A { r: A }\nfact { r > 1 }";
    arg_count: "sig A {}\npred p[x: A] {}\nfact { p[A, A] }";
    arg_arity: "sig A { r: A }\npred p[x: A] {}\nfact { p[r] }";
    receiver_arg_count: "sig A {}\nfun f[x, y, z: A]: A { x }\nfact { some A.f[A] }";
    missing_args: "sig A {}\nfun f[x: A]: A { x }\nfact { some f }";
    pred_as_expression: "sig A {}\npred p {}\nfact { some p }";
    this_outside_sig: "sig A {}\nfact { some this }";
    at_not_field: "sig A {}\nfact { some @B }";
    set_outside_decl: "sig A {}\nfact { set A }";
    if_branches: "sig A {}\nfact { some A => some A else A }";
    let_formula: "sig A {}\nfact { let x = some A | x }";
    shift_of_formula: "sig A {}\nfact { (some A) << 2 = 4 }";
    duplicate_sig: "sig A {}\nsig A {}";
    duplicate_field: "sig A { f: A, f: A }";
    duplicate_parameter: "sig A {}\npred p[x: A, x: A] {}";
    duplicate_assert: "assert a {}\nassert a {}";
    cyclic_extends: "sig A extends B {}\nsig B extends A {}";
    extends_subset: "sig A {}\nsig B in A {}\nsig C extends B {}";
    extends_fun: "fun f: univ { univ }\nsig A extends f {}";
    ambiguous_field: "sig A { f: A }\nsig B { f: B }\nsig C in A + B {}\nfact { some C.f }";
    comprehension_relation: "sig A {}\nfact { some {x: A -> A | some x} }";
    fun_result_arity: "sig A {}\nfun f: A -> A { A }";
    unknown_check_target: "assert safety {}\ncheck safty";
    check_of_pred: "pred p {}\ncheck p";
    run_of_assert: "assert a {}\nrun a";
    scope_on_subset: "sig A {}\nsig B in A {}\nrun {} for 3 but 2 B";
    scope_twice: "sig A {}\nrun {} for 3 but 2 A, 3 A";
    scope_unknown_sig: "sig Apple {}\nrun {} for 3 but 2 Aple";
    bad_expect: "run {} expect 2";
    bad_bitwidth: "run {} for 3 but 40 Int";
    missing_module: "open nothere\nsig A {}";
    module_arg_count: "open util/ordering\nsig A {}";
    module_arg_not_sig: "open util/ordering[f]\nfun f: univ { univ }";
    duplicate_alias: "open util/relation as r\nopen util/integer as r\nsig A {}";
    unknown_name_in_sig_fact: "sig A { next: A } { some nxt }";
    recursive_fun: "sig A { r: A }\nfun f[x: A]: A { x + f[x.r] }";
    mutually_recursive_preds: "sig A {}\npred p[x: A] { q[x] }\npred q[x: A] { p[x] }";
    ambiguous_receiver_call: "sig A { f: A }\nfun f[x: A]: A { x }\nfact { some A.f }";
    syntax_error_passes_through: "sig A {\nfact { }";
}

#[test]
fn cyclic_open() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.als"), "module a\nopen b\nsig A {}\n").unwrap();
    std::fs::write(dir.path().join("b.als"), "module b\nopen a\nsig B {}\n").unwrap();
    let mut sources = SourceMap::new();
    let err = load_model(&dir.path().join("a.als"), &mut sources, &opts()).unwrap_err();
    let text = render(&sources, &err, false).replace(&dir.path().display().to_string(), "<tmp>");
    insta::assert_snapshot!("cyclic_open", text);
}

#[test]
fn ambiguous_across_modules() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m1.als"),
        "module m1\nsig A {}\npred ok[x: univ] { some x }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("m2.als"),
        "module m2\nsig B {}\npred ok[x: univ] { no x }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("main.als"),
        "open m1\nopen m2\nfact { ok[univ] }\n",
    )
    .unwrap();
    let mut sources = SourceMap::new();
    let err = load_model(&dir.path().join("main.als"), &mut sources, &opts()).unwrap_err();
    let text = render(&sources, &err, false).replace(&dir.path().display().to_string(), "<tmp>");
    insta::assert_snapshot!("ambiguous_across_modules", text);
}

#[test]
fn unreadable_root_file() {
    let mut sources = SourceMap::new();
    let err = load_model(
        std::path::Path::new("no/such/file.als"),
        &mut sources,
        &opts(),
    )
    .unwrap_err();
    let text = render(&sources, &err, false);
    assert!(text.contains("cannot read `no/such/file.als`"), "{text}");
}

/// Forms that must resolve (guards against over-eager errors).
fn ok(src: &str) -> String {
    let mut sources = SourceMap::new();
    match load_source("ok.als", src, &mut sources, &opts()) {
        Ok(m) => relprove_engine::ir::display::display_model(&m),
        Err(d) => panic!("unexpected errors:\n{}", render(&sources, &d, false)),
    }
}

#[test]
fn receiver_calls_resolve() {
    let text = ok("sig A { r: A }\nfun f[x, y: A]: A { x + y }\npred p[x: A] { some x }\nfact { some A.f[A] and A.p and some f[A, A] }");
    assert!(
        text.contains("some f[A, A] and p[A] and some f[A, A]"),
        "{text}"
    );
}
