//! No input may panic the front end: mutated and truncated versions of real
//! models (the peer PTX models, read at test time, and the construct fixture)
//! go through the parser and resolver, which must return Ok or diagnostics.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use relprove::diag::{render, SourceMap};
use relprove::resolve::{load_model, LoadOptions};

/// The seed models: (directory, root file) pairs whose sibling files the
/// root opens.
fn seeds() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![(
        root.join("tests/fixtures/resolve"),
        "constructs.als".to_string(),
    )];
    let peers = [
        root.join("../shared/peers"),
        root.join("../../shared/peers"),
    ]
    .into_iter()
    .find(|d| d.is_dir());
    match peers {
        Some(p) => {
            out.push((p.join("ptxmemorymodel"), "compile_src11_ptx.als".into()));
            out.push((p.join("ptxmemorymodel"), "ptx.als".into()));
            out.push((p.join("mixedproxy"), "ptx.als".into()));
        }
        None => println!("SKIP: ../shared/peers not found; fuzzing only the local fixture"),
    }
    out
}

/// Pieces of Alloy text spliced into the sources.
const SNIPPETS: &[&str] = &[
    "",
    " ",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ".",
    "->",
    "this",
    "@",
    "sig X {}",
    "open util",
    "all x: univ | ",
    "no ",
    "#",
    "~",
    "^",
    "*",
    "+",
    "&",
    "-",
    "<:",
    ":>",
    "in ",
    "=",
    "!",
    "let y = univ | ",
    "1",
    "Int",
    "iden",
    "none",
    "fun f: univ { univ }",
    "pred p {}",
    "run {}",
    "check a",
    "extends ",
    "abstract ",
    "one ",
    "/",
    ",",
    "=>",
    " else ",
];

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize),
    /// Replace one identifier by another identifier of the same text, so
    /// the result usually still parses and the resolver sees it.
    SwapIdent(usize, usize),
}

/// (start, end) char offsets of identifier-like words.
fn idents(s: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i].is_alphabetic() || s[i] == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_' || s[i] == '\'') {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

fn apply(src: &str, muts: &[Mutation]) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for m in muts {
        let n = s.len().max(1);
        match *m {
            Mutation::Truncate(at) => s.truncate(at % n),
            Mutation::Delete(at, len) => {
                let a = at % n;
                let b = (a + len % 40).min(s.len());
                s.drain(a.min(s.len())..b);
            }
            Mutation::Insert(at, k) => {
                let a = (at % n).min(s.len());
                let snip: Vec<char> = SNIPPETS[k % SNIPPETS.len()].chars().collect();
                s.splice(a..a, snip);
            }
            Mutation::SwapIdent(at, k) => {
                let ids = idents(&s);
                if ids.is_empty() {
                    continue;
                }
                let (a, b) = ids[at % ids.len()];
                let (c, d) = ids[k % ids.len()];
                let word: Vec<char> = s[c..d].to_vec();
                s.splice(a..b, word);
            }
            Mutation::Duplicate(at, len) => {
                let a = (at % n).min(s.len());
                let b = (a + len % 60).min(s.len());
                let piece: Vec<char> = s[a..b].to_vec();
                s.splice(a..a, piece);
            }
        }
    }
    s.into_iter().collect()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Delete(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::Insert(a, k)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Duplicate(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::SwapIdent(a, k)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::SwapIdent(a, k)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn mutated_models_never_panic(seed in any::<usize>(), muts in prop::collection::vec(mutation(), 1..4)) {
        let seeds = seeds();
        let (dir, file) = &seeds[seed % seeds.len()];
        let original = std::fs::read_to_string(dir.join(file)).unwrap();
        let mutated = apply(&original, &muts);
        // Work in a copy of the directory so sibling modules are found.
        let tmp = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "als") {
                std::fs::copy(&p, tmp.path().join(p.file_name().unwrap())).unwrap();
            }
        }
        let root = tmp.path().join(file);
        std::fs::write(&root, &mutated).unwrap();
        let mut sources = SourceMap::new();
        let opts = LoadOptions { lib_dir: Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("lib")) };
        if let Err(diags) = load_model(&root, &mut sources, &opts) {
            prop_assert!(!diags.is_empty());
            // Rendering must not panic either.
            let _ = render(&sources, &diags, false);
        }
    }
}
