//! Every PTX litmus test of the Dat3M corpus either parses or fails with a
//! precise error.

use std::path::{Path, PathBuf};

use relprove_engine::diag::SourceMap;
use relprove_litmus::parse::parse;

/// `../shared/REL` beside the checkout (where CI puts it), else the
/// workplace's copy.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("../shared").join(rel),
        Path::new("/work/shared").join(rel),
    ]
    .into_iter()
    .find(|p| p.exists())
}

fn corpus() -> Option<PathBuf> {
    shared("peers/dat3m-ptx/litmus/PTX")
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

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Dat3M's expected verdicts (tests/fixtures/litmus/dat3m_ptx_expected.txt):
/// (config, file relative to litmus/PTX, verdict).
fn dat3m_table() -> Vec<(String, String, String)> {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/litmus/dat3m_ptx_expected.txt");
    std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(w.len(), 3, "bad table line `{l}`");
            (w[0].to_string(), w[1].to_string(), w[2].to_string())
        })
        .collect()
}

/// Decide every test Dat3M lists for `config` under `model` and compare
/// with Dat3M's verdict; `known` lists the disagreements explained in
/// docs/litmus.md (file, why).
pub fn agree_with_dat3m(config: &str, model: &Path, known: &[&str]) {
    use relprove_litmus::checker::Checker;
    use relprove_litmus::run::{run_batch, ModelRef, Options};
    let Some(dir) = corpus() else {
        eprintln!("SKIP: ../shared/peers/dat3m-ptx absent; Dat3M agreement ({config}) not checked");
        return;
    };
    // The CADP spin-loop tests are the slow part in a debug build: CI
    // checks every 8th of them; RELPROVE_DAT3M_FULL=1 checks all (and
    // bench/litmus.sh checks the whole table with the release build).
    let full = std::env::var_os("RELPROVE_DAT3M_FULL").is_some();
    let rows: Vec<_> = dat3m_table()
        .into_iter()
        .filter(|(c, _, _)| c == config)
        .enumerate()
        .filter(|(i, (_, f, _))| full || !f.starts_with("CADP/") || i % 8 == 0)
        .map(|(_, r)| r)
        .collect();
    assert!(!rows.is_empty());
    let files: Vec<PathBuf> = rows.iter().map(|(_, f, _)| dir.join(f)).collect();
    let model = ModelRef::load(model).unwrap_or_else(|d| panic!("{}", d.message));
    let opts = Options {
        enumerate: false,
        ..Default::default()
    };
    let sources = std::sync::Mutex::new(SourceMap::new());
    let results = run_batch(&files, &model, &Checker::default(), opts, 2, &sources);
    let mut bad = Vec::new();
    let mut agree = 0;
    for ((_, f, want), r) in rows.iter().zip(results) {
        let got = match r {
            Ok(r) => if r.validated { "Ok" } else { "No" }.to_string(),
            Err(d) => format!("error: {}", d.message),
        };
        if &got == want {
            agree += 1;
            assert!(
                !known.contains(&f.as_str()),
                "{f} now agrees; drop it from the known list"
            );
        } else if !known.contains(&f.as_str()) {
            bad.push(format!("{f}: Dat3M {want}, relprove {got}"));
        }
    }
    eprintln!("{config}: {agree} of {} agree with Dat3M", rows.len());
    assert!(
        bad.is_empty(),
        "disagreements with Dat3M ({config}):\n{}",
        bad.join("\n")
    );
}

#[test]
fn dat3m_ptx75_verdicts() {
    agree_with_dat3m("v7.5", &root().join("models/ptx75.als"), &[]);
}

#[test]
fn dat3m_ptx60_verdicts() {
    agree_with_dat3m("v6.0", &root().join("models/ptx.als"), &[]);
}

/// Dat3M's liveness verdicts of the barrier tests: a test hangs exactly
/// when some path combination has a barrier that cannot complete. (The
/// other liveness rows are spin loops, CADP and the XF-Barrier tests, whose
/// non-termination relprove does not analyse; they are not checked here.)
#[test]
fn dat3m_barrier_liveness() {
    use relprove_litmus::lower::{barrier_variants, paths, Limits};
    let Some(dir) = corpus() else {
        eprintln!("SKIP: ../shared/peers/dat3m-ptx absent; barrier liveness not checked");
        return;
    };
    let mut sm = SourceMap::new();
    let mut checked = 0;
    for (config, f, want) in dat3m_table() {
        if !config.ends_with("liveness") {
            continue;
        }
        let path = dir.join(&f);
        let text = std::fs::read_to_string(&path).unwrap();
        // Barrier tests without loops: a spin loop's non-termination
        // (XF-Barrier-weak) is not what this classifies.
        if !text.contains("bar.") || text.contains("goto") {
            continue;
        }
        let id = sm.add(f.clone(), path.clone(), text.clone());
        let test = parse(id, &text).unwrap();
        let ps = paths(&test, Limits::default()).unwrap();
        let mut combos: Vec<Vec<&relprove_litmus::lower::Path>> = vec![vec![]];
        for alts in &ps {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    alts.iter().map(move |p| {
                        let mut c = c.clone();
                        c.push(p);
                        c
                    })
                })
                .collect();
        }
        let hangs = combos.iter().any(|c| barrier_variants(&test, c).is_none());
        let got = if hangs { "hang" } else { "live" };
        assert_eq!(got, want, "{config} {f}");
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} barrier liveness rows");
}
