//! Token-level behaviour: comments, qualified names, primes, multi-character
//! operators, and the mistakes the lexer reports itself.

use relprove_engine::diag::FileId;
use relprove_engine::syntax::error::ErrorKind;
use relprove_engine::syntax::lexer::lex;
use relprove_engine::syntax::token::TokenKind as T;

fn kinds(src: &str) -> Vec<T> {
    let (toks, errs) = lex(src, FileId(0));
    assert!(
        errs.is_empty(),
        "unexpected lexer errors for `{src}`: {errs:?}"
    );
    toks.into_iter().map(|t| t.kind).collect()
}

fn name(s: &str) -> T {
    T::Name(s.to_string())
}

#[test]
fn comments_of_all_three_kinds() {
    assert_eq!(
        kinds("a // x\nb -- y\nc /* z\n w */ d"),
        vec![name("a"), name("b"), name("c"), name("d"), T::Eof]
    );
}

#[test]
fn qualified_names_and_primes() {
    assert_eq!(
        kinds("util/ordering hw/Event e' e''"),
        vec![
            name("util/ordering"),
            name("hw/Event"),
            name("e'"),
            name("e''"),
            T::Eof
        ]
    );
    // A comment right after a name is not part of it.
    assert_eq!(kinds("a//b\nc"), vec![name("a"), name("c"), T::Eof]);
    assert_eq!(kinds("a/*b*/c"), vec![name("a"), name("c"), T::Eof]);
}

#[test]
fn keywords_and_names() {
    assert_eq!(
        kinds("sig Int int this/A"),
        vec![T::Sig, T::IntUpper, T::IntLower, name("this/A"), T::Eof]
    );
    assert_eq!(kinds("signature"), vec![name("signature"), T::Eof]);
}

#[test]
fn longest_operator_wins() {
    assert_eq!(
        kinds("<=> <= =< => >>> >> << <: :> -> ++ && || >= ! ="),
        vec![
            T::DoubleArrow,
            T::Le,
            T::Le,
            T::FatArrow,
            T::Shr,
            T::Sha,
            T::Shl,
            T::DomRes,
            T::RanRes,
            T::Arrow,
            T::PlusPlus,
            T::AndAnd,
            T::OrOr,
            T::Ge,
            T::Bang,
            T::Eq,
            T::Eof
        ]
    );
    assert_eq!(kinds("a->b"), vec![name("a"), T::Arrow, name("b"), T::Eof]);
}

#[test]
fn numbers() {
    assert_eq!(
        kinds("0 42 9223372036854775807"),
        vec![T::Number(0), T::Number(42), T::Number(i64::MAX), T::Eof]
    );
}

#[test]
fn spans_are_byte_ranges() {
    let (toks, _) = lex("ab  ->c", FileId(3));
    let spans: Vec<(u32, u32)> = toks.iter().map(|t| (t.span.start, t.span.end)).collect();
    assert_eq!(spans, vec![(0, 2), (4, 6), (6, 7), (7, 7)]);
    assert!(toks.iter().all(|t| t.span.file == FileId(3)));
}

#[test]
fn reported_mistakes() {
    let errs = |src: &str| {
        lex(src, FileId(0))
            .1
            .into_iter()
            .map(|e| e.kind)
            .collect::<Vec<_>>()
    };
    assert_eq!(errs("a == b"), vec![ErrorKind::DoubleEquals]);
    assert_eq!(errs("a ==> b"), vec![ErrorKind::LongImplies]);
    assert_eq!(errs("a <> b"), vec![ErrorKind::AngleNotEqual]);
    assert_eq!(errs("a; b"), vec![ErrorKind::Semicolon]);
    assert_eq!(errs("a / b"), vec![ErrorKind::Slash]);
    assert_eq!(errs("a % b"), vec![ErrorKind::Percent]);
    assert_eq!(errs("\"s\""), vec![ErrorKind::StringLiteral]);
    assert_eq!(errs("/* open"), vec![ErrorKind::UnterminatedComment]);
    assert_eq!(
        errs("99999999999999999999"),
        vec![ErrorKind::NumberTooLarge("99999999999999999999".into())]
    );
    assert_eq!(errs("€"), vec![ErrorKind::UnexpectedChar('€')]);
    // Names are Java identifiers, as in Alloy: any letter, `_` and `$`.
    assert_eq!(errs("é$1 größe"), vec![]);
}

#[test]
fn mistakes_are_replaced_so_parsing_continues() {
    // `==` reads as `=`, `<>` as `! =`, `/` and `%` as `+`, `;` is dropped.
    assert_eq!(
        lex("a == b", FileId(0))
            .0
            .iter()
            .map(|t| t.kind.clone())
            .collect::<Vec<_>>(),
        vec![name("a"), T::Eq, name("b"), T::Eof]
    );
    assert_eq!(
        lex("a <> b", FileId(0))
            .0
            .iter()
            .map(|t| t.kind.clone())
            .collect::<Vec<_>>(),
        vec![name("a"), T::Bang, T::Eq, name("b"), T::Eof]
    );
    assert_eq!(lex("a; b", FileId(0)).0.len(), 3);
}
