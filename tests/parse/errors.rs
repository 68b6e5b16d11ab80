//! What a user sees for typical syntax mistakes: each test parses a small
//! source, and the snapshot holds the source followed by the diagnostics
//! rendered exactly as the CLI prints them (without colour).

use relprove_engine::diag::{render, Phase, SourceMap};
use relprove_engine::syntax::parse_file;

fn errors(src: &str) -> String {
    let mut sm = SourceMap::new();
    let id = sm.add("model.als", "model.als", src.to_string());
    match parse_file(src, id) {
        Ok(_) => panic!("expected a syntax error for:\n{src}"),
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                assert_eq!(d.phase, Phase::Syntax);
                assert!(
                    d.span.is_some(),
                    "syntax errors carry a span: {}",
                    d.message
                );
            }
            format!("{src}\n---\n{}", render(&sm, &diags, false))
        }
    }
}

macro_rules! error_snapshots {
    ($($name:ident: $src:expr;)*) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), errors($src));
        }
    )*};
}

error_snapshots! {
    unclosed_brace_at_eof: "pred p {\n  a in b\n";
    unclosed_brace_before_next_paragraph: "pred p {\n  a in b\n\nfact f { c in d }\n";
    unclosed_paren: "fact { (a + b in c }\n";
    unclosed_bracket: "fact { f[a, b in c }\n";
    mismatched_close: "fact { f[a, b) }\n";
    double_equals: "fact { a == b }\n";
    semicolon_separator: "fact { a in b; c in d }\n";
    angle_not_equal: "fact { a <> b }\n";
    else_without_implies: "fact { a in b else c in d }\n";
    chained_comparison: "fact { a = b = c }\n";
    arrow_instead_of_implies: "fact { a in b -> c in d }\n";
    quantifier_missing_bar: "fact { all x: A x in B }\n";
    quantifier_implies_instead_of_bar: "fact { all x: A => x in B }\n";
    quantifier_missing_bound: "fact { all x | x in B }\n";
    field_missing_colon: "sig A { f A }\n";
    fields_missing_comma: "sig A {\n  f: A\n  g: A\n}\n";
    sig_without_braces: "sig A\nsig B {}\n";
    multiple_extends: "sig A extends B, C {}\n";
    subset_sig_intersection: "sig A in B & C {}\n";
    keyword_as_sig_name: "sig none {}\n";
    keyword_as_field_name: "sig A { set: A }\n";
    double_sig_multiplicity: "one lone sig A {}\n";
    fun_missing_result_type: "fun f[x: A] { x.r }\n";
    fun_empty_body: "fun f: A {}\n";
    fun_body_two_expressions: "fun f: A { a b }\n";
    pred_missing_body: "pred p[x: A]\nfact {}\n";
    qualified_pred_name: "pred m/p {}\n";
    run_without_target: "run for 3\n";
    scope_missing_number: "run p for\n";
    scope_missing_sig_name: "run p for 3 but 2\n";
    expect_out_of_range: "check a for 3 expect 2\n";
    duplicate_module_header: "module a\nmodule b\n";
    open_without_path: "open [A]\n";
    unterminated_comment: "sig A {}\n/* a comment\nsig B {}\n";
    unexpected_character: "fact { a ? b }\n";
    string_literal: "fact \"name\" { }\n";
    formula_at_top_level: "sig A {}\na in b\n";
    stray_close_brace: "sig A {} }\n";
    alloy6_var: "var sig A {}\n";
    let_missing_eq: "fact { let x: a | x in b }\n";
    comprehension_missing_bar: "fun f: A { {x: A x in B} }\n";
    dangling_dot: "fact { a. }\n";
    operator_without_left_operand: "fact { => a }\n";
    if_without_else: "fun f: Int { if a in b then 1 }\n";
    slash_division: "fun f: Int { 4 / 2 }\n";
    percent_remainder: "fun f: Int { 4 % 2 }\n";
    number_too_large: "fun f: Int { 99999999999999999999 }\n";
    enum_missing_comma: "enum Color { Red Green }\n";
    private_fact: "private fact {}\n";
    empty_box_argument: "fact { f[a,] }\n";
    at_without_name: "fact { @ in b }\n";
    long_implies: "fact { a in b ==> c in d }\n";
    missing_close_paren_in_params: "pred p(x: A { x in A }\n";
    late_open: "sig A {}\nopen util/ordering[A]\n";
    label_without_command: "sig A {}\nname: fact {}\n";
    sig_fact_unclosed: "sig A { f: A } {\n  f in A\n";
    quantifier_without_decls: "fact { some | x }\n";
    comma_between_formulas: "fact { a in b, c in d }\n";
    equals_in_decl: "fact { all x = A | x in B }\n";
    arrow_missing_right_operand: "sig A { f: A -> }\n";
    and_missing_right_operand: "fact { some a and }\n";
    implies_missing_branch: "fact { a in b implies }\n";
    scope_missing_comma: "run p for 3 but 2 A 3 B\n";
    let_missing_bar: "fact { let x = a }\n";
    trailing_comma_in_params: "pred p[a: A, ] { }\n";
    quantifier_missing_body: "fact {\n  all x: A |\n}\n";
    expect_without_number: "check { no A } for 3 expect\n";
    several_errors_recovered: "pred p { a = }\nsig B {}\npred q { b == c }\nfact { all | x }\n";
}

#[test]
fn too_deep_nesting_is_an_error_not_a_crash() {
    let src = format!("fact {{ {}a{} }}\n", "(".repeat(1000), ")".repeat(1000));
    let out = errors(&src);
    assert!(out.contains("expression nested too deeply"), "{out}");
}

#[test]
fn deep_prefix_chain_is_an_error_not_a_crash() {
    let src = format!("fact {{ {}a }}\n", "!".repeat(5000));
    let out = errors(&src);
    assert!(out.contains("expression nested too deeply"), "{out}");
}
