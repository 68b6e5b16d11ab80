//! The parsed form of the syntax fixtures (tests/fixtures/syntax/*.als),
//! rendered as s-expressions and snapshotted.

use std::path::Path;

use relprove_engine::diag::{render, SourceMap};
use relprove_engine::syntax::{parse_file, sexp};

fn parse_fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/syntax")
        .join(name);
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

/// Every expression node has a span inside its parent's, and a non-empty
/// one; checked on the fixture and on the peer models when present.
#[test]
fn spans_nest() {
    use relprove_engine::syntax::ast::*;

    fn check(e: &Expr, outer: (u32, u32), src: &str) {
        let (s, t) = (e.span.start, e.span.end);
        assert!(
            outer.0 <= s && t <= outer.1 && s < t,
            "span {s}..{t} of `{}` outside {outer:?}",
            &src[s as usize..t as usize]
        );
        let inner = (s, t);
        let decls = |ds: &[ParamDecl]| {
            for d in ds {
                assert!(s <= d.span.start && d.span.end <= t);
                check(&d.bound.expr, inner, src);
            }
        };
        match &e.kind {
            ExprKind::IntCast(a) | ExprKind::Unary(_, a) => check(a, inner, src),
            ExprKind::Binary(_, a, b)
            | ExprKind::Arrow { lhs: a, rhs: b, .. }
            | ExprKind::Compare { lhs: a, rhs: b, .. } => {
                check(a, inner, src);
                check(b, inner, src);
            }
            ExprKind::BoxJoin(f, args) => {
                check(f, inner, src);
                args.iter().for_each(|a| check(a, inner, src));
            }
            ExprKind::Quant {
                decls: ds, body, ..
            }
            | ExprKind::Comprehension { decls: ds, body } => {
                decls(ds);
                check(body, inner, src);
            }
            ExprKind::Let { bindings, body } => {
                bindings.iter().for_each(|(_, v)| check(v, inner, src));
                check(body, inner, src);
            }
            ExprKind::IfThenElse(c, a, b) => {
                check(c, inner, src);
                check(a, inner, src);
                check(b, inner, src);
            }
            ExprKind::Block(b) => b.items.iter().for_each(|x| check(x, inner, src)),
            _ => {}
        }
    }
    fn whole(span: relprove_engine::diag::Span) -> (u32, u32) {
        (span.start, span.end)
    }

    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![manifest.join("tests/fixtures/syntax/constructs.als")];
    for rel in [
        "ptxmemorymodel/ptx.als",
        "ptxmemorymodel/src11.als",
        "ptxmemorymodel/compile_src11_ptx.als",
        "mixedproxy/ptx.als",
    ] {
        for dir in [
            manifest.join("../shared/peers"),
            "/work/shared/peers".into(),
        ] {
            if dir.join(rel).is_file() {
                files.push(dir.join(rel));
                break;
            }
        }
    }
    for path in files {
        let src = std::fs::read_to_string(&path).expect("readable");
        let f = parse_file(&src, relprove_engine::diag::FileId(0)).expect("parses");
        for p in &f.paragraphs {
            match p {
                Paragraph::Sig(s) => {
                    for fd in &s.fields {
                        check(&fd.bound.expr, whole(fd.span), &src);
                        assert!(s.span.start <= fd.span.start && fd.span.end <= s.span.end);
                    }
                    if let Some(b) = &s.fact {
                        b.items.iter().for_each(|x| check(x, whole(b.span), &src));
                    }
                }
                Paragraph::Fact(x) => x
                    .body
                    .items
                    .iter()
                    .for_each(|e| check(e, whole(x.span), &src)),
                Paragraph::Assert(x) => x
                    .body
                    .items
                    .iter()
                    .for_each(|e| check(e, whole(x.span), &src)),
                Paragraph::Pred(x) => {
                    x.params
                        .iter()
                        .for_each(|d| check(&d.bound.expr, whole(d.span), &src));
                    x.body
                        .items
                        .iter()
                        .for_each(|e| check(e, whole(x.span), &src));
                }
                Paragraph::Fun(x) => {
                    x.params
                        .iter()
                        .for_each(|d| check(&d.bound.expr, whole(d.span), &src));
                    check(&x.result.expr, whole(x.span), &src);
                    check(&x.body, whole(x.span), &src);
                }
                Paragraph::Macro(x) => check(&x.body, whole(x.span), &src),
                Paragraph::Command(c) => {
                    if let CommandTarget::Block(_, b) = &c.target {
                        b.items.iter().for_each(|e| check(e, whole(c.span), &src));
                    }
                }
                Paragraph::Enum(e) => assert!(e
                    .members
                    .iter()
                    .all(|m| e.span.start <= m.span.start && m.span.end <= e.span.end)),
            }
        }
    }
}

/// Debug aid: `RELPROVE_PARSE_DIR=dir cargo test --test parse fixtures:: -- --ignored`
/// parses every `.als` file below `dir` and prints the diagnostics.
#[test]
#[ignore = "debug aid; needs RELPROVE_PARSE_DIR"]
fn parse_dir_from_env() {
    let Ok(dir) = std::env::var("RELPROVE_PARSE_DIR") else {
        return;
    };
    let mut stack = vec![std::path::PathBuf::from(dir)];
    let mut failed = 0;
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
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

/// `run ... for 5` followed by `L: check ...`: `L` labels the next command
/// (it is not a sig scoped 5).
#[test]
fn a_label_after_a_plain_scope_starts_the_next_command() {
    use relprove_engine::syntax::ast::Paragraph;
    let src = "sig A {}\nrun { some A } for 5\nL: check { no A } for 6\n";
    let f = parse_file(src, relprove_engine::diag::FileId(0)).expect("parses");
    let cmds: Vec<_> = f
        .paragraphs
        .iter()
        .filter_map(|p| match p {
            Paragraph::Command(c) => Some(c),
            _ => None,
        })
        .collect();
    assert_eq!(cmds.len(), 2);
    let first = cmds[0].scope.as_ref().expect("a scope");
    assert_eq!(first.overall.map(|(n, _)| n), Some(5));
    assert!(first.sigs.is_empty());
    assert_eq!(cmds[1].label.as_ref().map(|l| l.name.as_str()), Some("L"));
}
