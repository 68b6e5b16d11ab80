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

/// Debug aid: `RELPROVE_PARSE_DIR=dir cargo test --test parse_fixtures -- --ignored`
/// parses every `.als` file below `dir` and prints the diagnostics.
#[test]
#[ignore = "debug aid; needs RELPROVE_PARSE_DIR"]
fn parse_dir_from_env() {
    let Ok(dir) = std::env::var("RELPROVE_PARSE_DIR") else { return };
    let mut stack = vec![std::path::PathBuf::from(dir)];
    let mut failed = 0;
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "als") {
                let src = std::fs::read_to_string(&p).unwrap_or_default();
                let mut sm = SourceMap::new();
                let id = sm.add(p.display().to_string(), &p, src.clone());
                match parse_file(&src, id) {
                    Ok(_) => println!("ok   {}", p.display()),
                    Err(d) => {
                        failed += 1;
                        println!("FAIL {}\n{}", p.display(), render(&sm, &d, false));
                    }
                }
            }
        }
    }
    println!("{failed} failed");
}
