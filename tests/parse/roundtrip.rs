//! Random expression trees, printed with the fewest parentheses Alloy's
//! precedence allows, parse back to the same tree. This checks the whole
//! precedence/associativity table at once (the unit tests in
//! parse_precedence.rs check individual cases).

use proptest::prelude::*;
use relprove_engine::diag::FileId;
use relprove_engine::syntax::parse_expr;

#[derive(Clone, Debug)]
enum T {
    Atom(&'static str),
    /// prefix operator spelling, s-expression head, binding power of the
    /// operand
    Pre(&'static str, &'static str, u8, Box<T>),
    /// infix spelling, s-expression head, level, associativity
    Bin(&'static str, &'static str, u8, Assoc, Box<T>, Box<T>),
    Box_(Box<T>, Vec<T>),
    Ite(Box<T>, Box<T>, Box<T>),
    All(Box<T>, Box<T>),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Assoc {
    Left,
    Right,
    Non,
}

const LOWEST: u8 = 0;

/// Print `t` so that it parses back as `t` in a position that needs binding
/// power `min` and is followed by an operator of level `follow` (0: nothing
/// follows that could extend it). Prefix operators and binders are
/// parenthesised only when they would swallow what follows.
fn print(t: &T, min: u8, follow: u8) -> String {
    let needs = match t {
        T::Atom(_) => false,
        T::Pre(_, _, bp, _) => follow > 0 && follow >= *bp,
        T::All(..) => follow > 0,
        T::Ite(..) => follow >= 3 || min > 3,
        T::Bin(_, _, l, _, _, _) => *l < min,
        T::Box_(..) => 16 < min,
    };
    let (min, follow) = if needs { (LOWEST, 0) } else { (min, follow) };
    let s = match t {
        T::Atom(a) => a.to_string(),
        T::Pre(op, _, bp, x) => format!("{op} {}", print(x, *bp, follow)),
        T::Bin(op, _, l, assoc, a, b) => {
            let (lmin, rmin) = match assoc {
                Assoc::Left => (*l, l + 1),
                Assoc::Right => (l + 1, *l),
                Assoc::Non => (l + 1, l + 1),
            };
            let _ = min;
            let sep = if *op == "." { "" } else { " " };
            let mut rhs = print(b, rmin, follow);
            // `-> some b` would be read as an arrow multiplicity.
            if *op == "->" && (rhs.starts_with("some ") || rhs.starts_with("one ")) {
                rhs = format!("({rhs})");
            }
            format!("{}{sep}{op}{sep}{rhs}", print(a, lmin, *l))
        }
        T::Box_(f, args) => {
            let args: Vec<String> = args.iter().map(|a| print(a, LOWEST, 0)).collect();
            format!("{}[{}]", print(f, 16, 16), args.join(", "))
        }
        // `else` after the then-branch would attach to a trailing `=>` in it.
        T::Ite(c, a, b) => format!(
            "{} => {} else {}",
            print(c, 4, 3),
            print(a, 4, 3),
            print(b, 3, follow)
        ),
        T::All(bound, body) => {
            // A leading `some`/`one` in a bound is the declaration's multiplicity.
            let mut b = print(bound, 7, 0);
            if b.starts_with("some ") || b.starts_with("one ") {
                b = format!("({b})");
            }
            format!("all v: {b} | {}", print(body, LOWEST, follow))
        }
    };
    if needs {
        format!("({s})")
    } else {
        s
    }
}

fn sexp(t: &T) -> String {
    match t {
        T::Atom(a) => a.to_string(),
        T::Pre(_, h, _, x) => format!("({h} {})", sexp(x)),
        T::Bin(_, h, _, _, a, b) => format!("({h} {} {})", sexp(a), sexp(b)),
        T::Box_(f, args) => {
            let mut s = format!("([] {}", sexp(f));
            for a in args {
                s.push(' ');
                s.push_str(&sexp(a));
            }
            s + ")"
        }
        T::Ite(c, a, b) => format!("(ite {} {} {})", sexp(c), sexp(a), sexp(b)),
        T::All(bound, body) => format!("(all (v: {}) {})", sexp(bound), sexp(body)),
    }
}

const PRE: &[(&str, &str, u8)] = &[
    ("!", "!", 6),
    ("no", "no", 8),
    ("some", "some", 8),
    ("one", "one", 8),
    ("#", "#", 11),
    ("~", "~", 17),
    ("^", "^", 17),
    ("*", "*", 17),
];

const BIN: &[(&str, &str, u8, Assoc)] = &[
    ("or", "or", 1, Assoc::Left),
    ("<=>", "<=>", 2, Assoc::Left),
    ("=>", "=>", 3, Assoc::Right),
    ("and", "and", 4, Assoc::Left),
    ("in", "in", 6, Assoc::Non),
    ("=", "=", 6, Assoc::Non),
    ("!in", "!in", 6, Assoc::Non),
    ("<", "<", 6, Assoc::Non),
    ("<<", "<<", 8, Assoc::Left),
    ("+", "+", 9, Assoc::Left),
    ("-", "-", 9, Assoc::Left),
    ("++", "++", 11, Assoc::Left),
    ("&", "&", 12, Assoc::Left),
    ("->", "->", 13, Assoc::Right),
    ("<:", "<:", 14, Assoc::Left),
    (":>", ":>", 15, Assoc::Left),
    (".", ".", 16, Assoc::Left),
];

fn tree() -> impl Strategy<Value = T> {
    let leaf = prop_oneof![
        Just(T::Atom("a")),
        Just(T::Atom("b")),
        Just(T::Atom("c")),
        Just(T::Atom("1"))
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (0..PRE.len(), inner.clone()).prop_map(|(i, x)| {
                let (op, h, bp) = PRE[i];
                T::Pre(op, h, bp, Box::new(x))
            }),
            (0..BIN.len(), inner.clone(), inner.clone()).prop_map(|(i, a, b)| {
                let (op, h, l, assoc) = BIN[i];
                T::Bin(op, h, l, assoc, Box::new(a), Box::new(b))
            }),
            (
                inner.clone(),
                proptest::collection::vec(inner.clone(), 1..3)
            )
                .prop_map(|(f, args)| T::Box_(Box::new(f), args)),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| T::Ite(
                Box::new(c),
                Box::new(a),
                Box::new(b)
            )),
            (inner.clone(), inner).prop_map(|(b, x)| T::All(Box::new(b), Box::new(x))),
        ]
    })
}

/// Comparisons do not chain: the printer parenthesises them (level 6, non
/// associative), so every generated tree is valid input.
fn roundtrip(t: &T) -> Result<(), TestCaseError> {
    let src = print(t, LOWEST, 0);
    let parsed = parse_expr(&src, FileId(0))
        .map_err(|d| TestCaseError::fail(format!("`{src}`: {}", d[0].message)))?;
    prop_assert_eq!(parsed.to_string(), sexp(t), "source: {}", src);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]
    #[test]
    fn minimal_parentheses_roundtrip(t in tree()) {
        roundtrip(&t)?;
    }
}

#[test]
fn printer_examples() {
    let a = || Box::new(T::Atom("a"));
    let b = || Box::new(T::Atom("b"));
    let plus = T::Bin("+", "+", 9, Assoc::Left, a(), b());
    let amp = T::Bin("&", "&", 12, Assoc::Left, Box::new(plus.clone()), b());
    assert_eq!(print(&amp, LOWEST, 0), "(a + b) & b");
    roundtrip(&amp).unwrap();
    let imp = T::Bin(
        "=>",
        "=>",
        3,
        Assoc::Right,
        a(),
        Box::new(T::Bin("=>", "=>", 3, Assoc::Right, a(), b())),
    );
    assert_eq!(print(&imp, LOWEST, 0), "a => a => b");
    roundtrip(&imp).unwrap();
    let not_and = T::Bin(
        "and",
        "and",
        4,
        Assoc::Left,
        Box::new(T::Pre("!", "!", 6, a())),
        b(),
    );
    assert_eq!(print(&not_and, LOWEST, 0), "! a and b");
    roundtrip(&not_and).unwrap();
    let not_in = T::Bin(
        "in",
        "in",
        6,
        Assoc::Non,
        Box::new(T::Pre("!", "!", 6, a())),
        b(),
    );
    assert_eq!(print(&not_in, LOWEST, 0), "(! a) in b");
    roundtrip(&not_in).unwrap();
}
