//! The NVIDIA PTX Alloy models must parse unmodified. They are read at test
//! time from the shared peers folder (never copied into this repository); the
//! test prints a skip line when that folder is absent.

use std::path::PathBuf;

use relprove_engine::diag::{render, SourceMap};
use relprove_engine::syntax::{ast::Paragraph, parse_file};

/// Each peer model with the number of (sigs, facts, preds, funs, asserts,
/// commands) it declares, counted independently with grep over the files
/// (src11.als has one more `fun` line, inside a `/* */` comment).
const PEERS: &[(&str, [usize; 6])] = &[
    ("ptxmemorymodel/util.als", [0, 0, 5, 4, 0, 0]),
    ("ptxmemorymodel/ptx.als", [17, 24, 7, 23, 0, 0]),
    ("ptxmemorymodel/src11.als", [15, 19, 6, 25, 1, 1]),
    (
        "ptxmemorymodel/compile_src11_ptx.als",
        [0, 0, 22, 1, 10, 13],
    ),
    ("mixedproxy/ptx.als", [23, 13, 9, 29, 0, 0]),
];

fn peers_dir() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        manifest.join("../shared/peers"),
        PathBuf::from("/work/shared/peers"),
    ]
    .into_iter()
    .find(|p| p.is_dir())
}

/// (sigs, facts, preds, funs, asserts, commands) of a parsed file.
fn counts(src: &str, name: &str) -> [usize; 6] {
    let mut sm = SourceMap::new();
    let id = sm.add(name, name, src.to_string());
    let file = match parse_file(src, id) {
        Ok(f) => f,
        Err(d) => panic!("{name} does not parse:\n{}", render(&sm, &d, false)),
    };
    let mut c = [0; 6];
    for p in &file.paragraphs {
        let i = match p {
            Paragraph::Sig(s) => {
                c[0] += s.names.len() - 1;
                0
            }
            Paragraph::Fact(_) => 1,
            Paragraph::Pred(_) => 2,
            Paragraph::Fun(_) => 3,
            Paragraph::Assert(_) => 4,
            Paragraph::Command(_) => 5,
            Paragraph::Enum(_) => 0,
            // (the peer models have no macros; one would count as a fun)
            Paragraph::Macro(_) => 3,
        };
        c[i] += 1;
    }
    c
}

#[test]
fn peer_models_parse_unmodified() {
    let Some(dir) = peers_dir() else {
        println!("SKIP peer_models_parse_unmodified: ../shared/peers not found");
        return;
    };
    for (rel, want) in PEERS {
        let path = dir.join(rel);
        let Ok(src) = std::fs::read_to_string(&path) else {
            println!("SKIP {rel}: not present under {}", dir.display());
            continue;
        };
        let c = counts(&src, rel);
        println!(
            "{rel}: sigs {} facts {} preds {} funs {} asserts {} commands {}",
            c[0], c[1], c[2], c[3], c[4], c[5]
        );
        assert_eq!(
            &c, want,
            "{rel}: (sigs, facts, preds, funs, asserts, commands)"
        );
    }
}

#[test]
#[ignore = "debug aid: prints the s-expression form of the peer models"]
fn dump_peers() {
    let Some(dir) = peers_dir() else { return };
    for (rel, _) in PEERS {
        let src = std::fs::read_to_string(dir.join(rel)).unwrap_or_default();
        let f = parse_file(&src, relprove_engine::diag::FileId(0)).expect("parses");
        println!("== {rel}\n{}", relprove_engine::syntax::sexp::file(&f));
    }
}
