//! The parser never panics: random text, token soup, and mutated or
//! truncated real models either parse or give diagnostics whose spans lie
//! inside the source on character boundaries, and rendering them works.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use relprove_engine::diag::{render, SourceMap};
use relprove_engine::syntax::parse_file;

fn check_no_panic(src: &str) {
    let mut sm = SourceMap::new();
    let id = sm.add("fuzz.als", "fuzz.als", src.to_string());
    match parse_file(src, id) {
        Ok(_) => {}
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                let span = d.span.expect("syntax errors have spans");
                assert!(
                    span.start <= span.end && span.end as usize <= src.len(),
                    "span {span:?} outside source"
                );
                assert!(
                    src.is_char_boundary(span.start as usize)
                        && src.is_char_boundary(span.end as usize)
                );
                for (s, _) in &d.notes {
                    assert!(s.end as usize <= src.len());
                }
            }
            let text = render(&sm, &diags, false);
            assert!(text.contains("error[syntax]"));
        }
    }
}

const TOKENS: &[&str] = &[
    "sig", "abstract", "one", "lone", "some", "set", "no", "all", "disj", "extends", "in", "fact",
    "pred", "fun", "assert", "run", "check", "for", "but", "exactly", "expect", "open", "module",
    "as", "let", "sum", "if", "then", "else", "not", "and", "or", "iff", "implies", "this", "univ",
    "iden", "none", "Int", "int", "enum", "private", "A", "B", "x", "y'", "m/S", "f", "0", "1",
    "3", "42", "(", ")", "[", "]", "{", "}", ",", ":", "|", ".", "@", "#", "~", "^", "*", "+", "-",
    "&", "++", "->", "<:", ":>", "=", "<", ">", "=<", "<=", ">=", "=>", "<=>", "!", "&&", "||",
    "<<", ">>", ">>>", "!=", "==", ";", "/", "%", "//c\n", "--c\n", "/*", "*/", "\"s\"", "\n", "é",
    "$",
];

fn fixture_sources() -> Vec<String> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out =
        vec![
            std::fs::read_to_string(manifest.join("tests/fixtures/syntax/constructs.als"))
                .expect("fixture"),
        ];
    for dir in [
        manifest.join("../shared/peers"),
        PathBuf::from("/work/shared/peers"),
    ] {
        for rel in [
            "ptxmemorymodel/ptx.als",
            "ptxmemorymodel/src11.als",
            "mixedproxy/ptx.als",
        ] {
            if let Ok(s) = std::fs::read_to_string(Path::new(&dir).join(rel)) {
                out.push(s);
            }
        }
        if out.len() > 1 {
            break;
        }
    }
    out
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(src in "\\PC{0,200}") {
        check_no_panic(&src);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check_no_panic(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn token_soup_never_panics(idx in proptest::collection::vec(0..TOKENS.len(), 0..80)) {
        let src: Vec<&str> = idx.iter().map(|&i| TOKENS[i]).collect();
        check_no_panic(&src.join(" "));
    }

    #[test]
    fn token_soup_in_a_fact_never_panics(idx in proptest::collection::vec(0..TOKENS.len(), 0..60)) {
        let src: Vec<&str> = idx.iter().map(|&i| TOKENS[i]).collect();
        check_no_panic(&format!("sig A {{ f: A }}\nfact {{ {} }}\nrun {{}} for 3", src.join(" ")));
    }

    #[test]
    fn mutated_models_never_panic(which in 0usize..4, at in 0usize..20000, len in 0usize..40, tok in 0..TOKENS.len()) {
        let sources = fixture_sources();
        let src = &sources[which % sources.len()];
        let a = floor_boundary(src, at % (src.len() + 1));
        let b = floor_boundary(src, a + len);
        // Truncated, with a range deleted, and with a token inserted.
        check_no_panic(&src[..a]);
        check_no_panic(&format!("{}{}", &src[..a], &src[b..]));
        check_no_panic(&format!("{} {} {}", &src[..a], TOKENS[tok], &src[a..]));
    }
}

#[test]
fn long_chains_are_bounded() {
    // A left-deep chain longer than the depth limit is an error, not a crash.
    let chain = vec!["a"; 5000].join(" + ");
    check_no_panic(&format!("fact {{ {chain} in b }}"));
    let joins = vec!["a"; 5000].join(".");
    check_no_panic(&format!("fact {{ some {joins} }}"));
    let nested = format!("{}x{}", "{y: A | ".repeat(300), "}".repeat(300));
    check_no_panic(&format!("fact {{ some {nested} }}"));
}

#[test]
fn moderately_long_chains_parse() {
    let chain = vec!["a"; 100].join(" + ");
    let src = format!("fact {{ {chain} in b }}");
    assert!(parse_file(&src, relprove_engine::diag::FileId(0)).is_ok());
}

#[test]
fn large_input_parses_quickly() {
    // 400 copies of the construct fixture (about 20k lines), minus its
    // header and opens (an `open` after a paragraph is an error).
    let src = fixture_sources().remove(0);
    let body: String = src
        .lines()
        .filter(|l| !l.starts_with("module") && !l.contains("open "))
        .collect::<Vec<_>>()
        .join("\n");
    let big = vec![body; 400].join("\n");
    let start = std::time::Instant::now();
    let f = parse_file(&big, relprove_engine::diag::FileId(0)).expect("parses");
    assert!(f.paragraphs.len() > 400 * 30);
    // Generous bound for debug builds on a loaded machine; linear time is well below it.
    assert!(
        start.elapsed().as_secs() < 20,
        "parsing took {:?}",
        start.elapsed()
    );
}
