//! The parsed form of the syntax fixtures (tests/fixtures/syntax/*.als),
//! rendered as s-expressions and snapshotted.

use std::path::Path;

use relprove::diag::{render, SourceMap};
use relprove::syntax::{parse_file, sexp};

fn parse_fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syntax").join(name);
    let src = std::fs::read_to_string(&path).expect("fixture is readable");
    let mut sm = SourceMap::new();
    let id = sm.add(name, &path, src.clone());
    match parse_file(&src, id) {
        Ok(f) => sexp::file(&f),
        Err(d) => panic!("{name} does not parse:\n{}", render(&sm, &d, false)),
    }
}

#[test]
fn constructs() {
    insta::assert_snapshot!(parse_fixture("constructs.als"));
}

/// Every node span lies inside the source and covers non-empty text.
#[test]
fn spans_cover_source_text() {
    let name = "constructs.als";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syntax").join(name);
    let src = std::fs::read_to_string(&path).expect("fixture is readable");
    let f = parse_file(&src, relprove::diag::FileId(0)).expect("parses");
    let mut spans = Vec::new();
    for p in &f.paragraphs {
        use relprove::syntax::ast::Paragraph::*;
        match p {
            Sig(s) => spans.push(s.span),
            Fact(x) => spans.push(x.span),
            Pred(x) => spans.push(x.span),
            Fun(x) => {
                spans.push(x.span);
                spans.push(x.body.span);
                spans.push(x.result.expr.span);
            }
            Assert(x) => spans.push(x.span),
            Command(x) => spans.push(x.span),
            Enum(x) => spans.push(x.span),
        }
    }
    for s in spans {
        let text = &src[s.start as usize..s.end as usize];
        assert!(!text.trim().is_empty(), "empty span {s:?}");
    }
}
