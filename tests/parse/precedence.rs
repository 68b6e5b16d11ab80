//! Operator precedence and associativity, checked on the s-expression form
//! of the parsed tree (Alloy 4 precedence, loosest first: `||` < `<=>` <
//! `=>`/else < `&&` < `!` < comparisons < `no/some/lone/one/set` < shifts <
//! `+ -` < `#` < `++` < `&` < `->` < `<:` < `:>` < `[]`/`.` < `~ ^ *`).

use relprove_engine::diag::FileId;
use relprove_engine::syntax::{parse_expr, sexp};

fn p(src: &str) -> String {
    match parse_expr(src, FileId(0)) {
        Ok(e) => sexp::expr(&e),
        Err(d) => panic!(
            "`{src}` does not parse: {:?}",
            d.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
        ),
    }
}

macro_rules! prec {
    ($($name:ident: $src:expr => $want:expr;)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(p($src), $want, "parsing `{}`", $src);
        }
    )*};
}

prec! {
    or_below_and: "a || b && c" => "(or a (and b c))";
    or_words: "a or b and c" => "(or a (and b c))";
    iff_above_or: "a or b iff c" => "(or a (<=> b c))";
    iff_below_implies: "a <=> b => c" => "(<=> a (=> b c))";
    iff_left_assoc: "a <=> b <=> c" => "(<=> (<=> a b) c)";
    implies_right_assoc: "a => b => c" => "(=> a (=> b c))";
    implies_word: "a implies b implies c" => "(=> a (=> b c))";
    implies_else: "a => b else c" => "(ite a b c)";
    else_binds_nearest: "a => b => c else d" => "(=> a (ite b c d))";
    else_branch_is_implication: "a => b else c => d" => "(ite a b (=> c d))";
    and_above_implies: "a && b => c and d" => "(=> (and a b) (and c d))";
    and_left_assoc: "a and b and c" => "(and (and a b) c)";
    not_above_and: "!a && b" => "(and (! a) b)";
    not_below_comparison: "!a in b" => "(! (in a b))";
    not_word: "not a = b" => "(! (= a b))";
    not_not: "not !a" => "(! (! a))";
    negated_in_bang: "a !in b" => "(!in a b)";
    negated_in_word: "a not in b" => "(!in a b)";
    not_equal: "a != b" => "(!= a b)";
    not_equal_word: "a not = b" => "(!= a b)";
    negated_lt: "a !< b" => "(!< a b)";
    le_both_spellings: "a =< b and a <= b" => "(and (=< a b) (=< a b))";
    ge: "#a >= 2" => "(>= (# a) 2)";
    comparison_above_and: "a in b and c = d" => "(and (in a b) (= c d))";
    comparison_below_arrow: "x in y -> z" => "(in x (-> y z))";
    comparison_below_union: "a + b in c - d" => "(in (+ a b) (- c d))";
    mult_below_union: "no a & b + c" => "(no (+ (& a b) c))";
    mult_above_comparison: "some a in b" => "(in (some a) b)";
    one_lone_set: "one a and lone b" => "(and (one a) (lone b))";
    mult_then_implies: "some r.~rf => a = b else a = 0" => "(ite (some (. r (~ rf))) (= a b) (= a 0))";
    shift_below_plus: "a << 1 + 2" => "(<< a (+ 1 2))";
    shifts: "a >> 1 >>> 2" => "(>>> (>> a 1) 2)";
    plus_minus_left: "a - b + c - d" => "(- (+ (- a b) c) d)";
    card_below_plus: "#a + 1" => "(+ (# a) 1)";
    card_above_override: "#a ++ b" => "(# (++ a b))";
    card_of_join: "#a.b = 2" => "(= (# (. a b)) 2)";
    override_below_intersection: "a ++ b & c" => "(++ a (& b c))";
    override_below_plus_is_false: "a ++ b + c" => "(+ (++ a b) c)";
    intersection_below_arrow: "a & b -> c" => "(& a (-> b c))";
    intersection_left: "a & b & c" => "(& (& a b) c)";
    arrow_below_domres: "a -> b <: c" => "(-> a (<: b c))";
    arrow_right_assoc: "a -> b -> c" => "(-> a (-> b c))";
    arrow_right_assoc_mults: "A -> B one -> C" => "(-> A (one-> B C))";
    arrow_mults: "A one -> lone B" => "(one->lone A B)";
    arrow_right_mult: "A -> some B" => "(->some A B)";
    arrow_set_mults: "A set -> set B" => "(set->set A B)";
    domres_below_ranres: "a <: b :> c" => "(<: a (:> b c))";
    ranres_then_domres: "a :> b <: c" => "(<: (:> a b) c)";
    ranres_below_join: "Write <: cause :> Write" => "(<: Write (:> cause Write))";
    join_left_assoc: "a.b.c" => "(. (. a b) c)";
    box_after_join: "a.b[c]" => "([] (. a b) c)";
    join_after_box: "a[b].c" => "(. ([] a b) c)";
    box_multiple_args: "f[a, b + c]" => "([] f a (+ b c))";
    box_empty: "f[]" => "([] f)";
    box_chained: "r[a][b]" => "([] ([] r a) b)";
    transpose_above_join: "~a.b" => "(. (~ a) b)";
    join_with_transpose: "a.~b" => "(. a (~ b))";
    closures: "^a.*b" => "(. (^ a) (* b))";
    stacked_unary: "*~po.~start" => "(. (* (~ po)) (~ start))";
    closure_of_paren: "^(a + b).c" => "(. (^ (+ a b)) c)";
    parens_override: "(a + b) & c" => "(& (+ a b) c)";
    quantifier_body_extends: "a and all x: A | F or G" => "(and a (all (x: A) (or F G)))";
    quantifier_several_decls: "some x, y: A, z: B | F" => "(some (x, y: A) (z: B) F)";
    quantifier_disj: "all disj e, e': bag | e->e' in r" => "(all (disj e, e': bag) (in (-> e e') r))";
    quantifier_no: "no x: A | x in B" => "(no (x: A) (in x B))";
    quantifier_one_lone: "one x: A | lone y: B | F" => "(one (x: A) (lone (y: B) F))";
    quantifier_bound_mult: "all x: set A | F" => "(all (x: set A) F)";
    quantifier_block_body: "all x: A { F G }" => "(all (x: A) (block F G))";
    quantifier_bar_block: "all x: A | { F }" => "(all (x: A) (block F))";
    sum_quantifier: "sum x: A | #x.f" => "(sum (x: A) (# (. x f)))";
    nested_quantifier_in_not: "! all x: A | F and G" => "(! (all (x: A) (and F G)))";
    comprehension: "{x: A | x in B}" => "({} (x: A) (in x B))";
    comprehension_two: "{x, y: A | x->y in r}" => "({} (x, y: A) (in (-> x y) r))";
    block_expr: "{ a b }" => "(block a b)";
    let_bar: "let x = a, y = b | x + y" => "(let (x a) (y b) (+ x y))";
    let_block: "let x = a.b { x in c }" => "(let (x (. a b)) (block (in x c)))";
    if_then_else: "if a in b then c else d" => "(ite (in a b) c d)";
    negative_literal: "a = -1" => "(= a -1)";
    minus_is_binary: "a -1" => "(- a 1)";
    unary_neg: "-a" => "(neg a)";
    int_cast: "Int[x] + int[y]" => "(+ (int x) (int y))";
    int_set: "x in Int" => "(in x Int)";
    int_prefix_cast: "int x.w + 1" => "(+ (int (. x w)) 1)";
    sum_prefix_cast: "sum x.w + 1" => "(+ (int (. x w)) 1)";
    sum_bracket_cast: "sum[x + y] = 3" => "(= (int (+ x y)) 3)";
    at_name: "@f.this" => "(. @f this)";
    this_join: "this.f" => "(. this f)";
    constants: "univ + iden + none" => "(+ (+ univ iden) none)";
    qualified_names: "sw/Event.map = hw/Event" => "(= (. sw/Event map) hw/Event)";
    qualified_domres: "sw/MemoryEvent<:address" => "(<: sw/MemoryEvent address)";
    disj_call: "disj[a, b]" => "([] disj a b)";
    receiver_call: "x.f[y]" => "([] (. x f) y)";
    primes: "e' in e''" => "(in e' e'')";
    implies_then_and_newline: "a => b and c" => "(=> a (and b c))";
    equality_then_implies: "x = y => z" => "(=> (= x y) z)";
}

#[test]
fn display_is_the_sexp_form() {
    let e = parse_expr("a.b + c", FileId(0)).expect("parses");
    assert_eq!(e.to_string(), "(+ (. a b) c)");
}

#[test]
fn trailing_tokens_are_an_error() {
    let d = parse_expr("a b", FileId(0)).expect_err("two expressions");
    assert!(
        d[0].message.contains("expected the end of the input"),
        "{}",
        d[0].message
    );
}

#[test]
fn spans_cover_the_operands() {
    let src = "x.f in y + z";
    let e = parse_expr(src, FileId(0)).expect("parses");
    assert_eq!(&src[e.span.start as usize..e.span.end as usize], src);
    if let relprove_engine::syntax::ast::ExprKind::Compare { lhs, rhs, .. } = &e.kind {
        assert_eq!(&src[lhs.span.start as usize..lhs.span.end as usize], "x.f");
        assert_eq!(
            &src[rhs.span.start as usize..rhs.span.end as usize],
            "y + z"
        );
    } else {
        panic!("not a comparison: {e}");
    }
}
