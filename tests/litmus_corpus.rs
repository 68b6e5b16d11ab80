//! Every PTX litmus test of the Dat3M corpus either parses or fails with a
//! precise error.

use std::path::{Path, PathBuf};

use relprove::diag::SourceMap;
use relprove::litmus::parse::parse;

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/peers/dat3m-ptx/litmus/PTX");
    let p = if p.exists() {
        p
    } else {
        PathBuf::from("/work/shared/peers/dat3m-ptx/litmus/PTX")
    };
    p.exists().then_some(p)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut es: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    es.sort();
    for e in es {
        if e.is_dir() {
            walk(&e, out);
        } else if e.extension().is_some_and(|x| x == "litmus") {
            out.push(e);
        }
    }
}

#[test]
fn parse_whole_corpus() {
    let Some(dir) = corpus() else {
        eprintln!("note: ../shared/peers/dat3m-ptx absent; corpus test skipped");
        return;
    };
    let mut files = Vec::new();
    walk(&dir, &mut files);
    let mut sm = SourceMap::new();
    let (mut ok, mut bad) = (0, 0);
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let id = sm.add(f.display().to_string(), f.clone(), text.clone());
        match parse(id, &text) {
            Ok(_) => ok += 1,
            Err(d) => {
                bad += 1;
                let span = d.span.expect("every parse error has a position");
                assert!(
                    d.message.starts_with("unsupported"),
                    "{}: {}",
                    sm.location(span),
                    d.message
                );
                *reasons.entry(d.message.clone()).or_default() += 1;
            }
        }
    }
    eprintln!("parsed {ok}, unsupported {bad} of {}", files.len());
    for (r, n) in &reasons {
        eprintln!("  {n:4} {r}");
    }
    assert_eq!(ok + bad, files.len());
    assert!(files.len() >= 748);
}
