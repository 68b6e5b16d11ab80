//! The verdict corpus: small Alloy models under `tests/verdicts/`, each
//! command carrying an `expect` derived by hand (the reasoning is in the
//! comments of each file). `relprove check FILE` must exit with 0 on every
//! file, i.e. every outcome matches its expectation.

use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verdicts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/verdicts exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "als"))
        .collect();
    files.sort();
    files
}

/// Lines that start a command (`run` / `check`, possibly labelled
/// `Name: run`), outside comments.
fn command_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_start)
        .filter(|l| {
            let rest = match l.split_once(':') {
                Some((label, rest)) if !label.contains(' ') => rest.trim_start(),
                _ => l,
            };
            !l.starts_with("//") && (rest.starts_with("run ") || rest.starts_with("check "))
        })
        .collect()
}

#[test]
fn corpus_is_complete() {
    let files = corpus();
    assert!(files.len() >= 20, "only {} models", files.len());
    let mut commands = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let cmds = command_lines(&text);
        assert!(!cmds.is_empty(), "{}: no commands", f.display());
        for c in &cmds {
            assert!(
                c.contains(" expect 0") || c.contains(" expect 1"),
                "{}: command without expect: {c}",
                f.display()
            );
        }
        commands += cmds.len();
    }
    assert!(commands >= 80, "only {commands} commands");
}

#[test]
fn every_expectation_holds() {
    let bin = env!("CARGO_BIN_EXE_relprove");
    let mut failures = Vec::new();
    for f in corpus() {
        let out = Command::new(bin)
            .arg("check")
            .arg(&f)
            .output()
            .expect("relprove runs");
        if out.status.code() != Some(0) {
            failures.push(format!(
                "{} (exit {:?})\n--- stdout\n{}--- stderr\n{}",
                f.display(),
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} model(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The Alloy language corpus: one small model per feature under
/// `tests/fixtures/alloy_features/` (written for relprove, not copied), each
/// command with its `expect`; `relprove check` must agree on all of them.
fn feature_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/alloy_features")
}

fn als_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus directory exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "als"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_feature_model_holds() {
    let bin = env!("CARGO_BIN_EXE_relprove");
    let files = als_files(&feature_dir());
    assert!(files.len() >= 14, "only {} feature models", files.len());
    let mut failures = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let cmds = command_lines(&text);
        assert!(!cmds.is_empty(), "{}: no commands", f.display());
        for c in &cmds {
            assert!(
                c.contains(" expect 0") || c.contains(" expect 1"),
                "{}: command without expect: {c}",
                f.display()
            );
        }
        let out = Command::new(bin).arg("check").arg(&f).output().unwrap();
        if out.status.code() != Some(0) {
            failures.push(format!(
                "{} (exit {:?})\n--- stdout\n{}--- stderr\n{}",
                f.display(),
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Models Alloy rejects: each file's first line is `// error: TEXT`, and
/// `relprove check` must exit 2 with TEXT in its diagnostic.
#[test]
fn feature_errors_are_reported() {
    let bin = env!("CARGO_BIN_EXE_relprove");
    let files = als_files(&feature_dir().join("errors"));
    assert!(files.len() >= 3);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let want = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// error: "))
            .expect("first line names the error");
        let out = Command::new(bin).arg("check").arg(&f).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", f.display());
        assert!(
            err.contains(want),
            "{}: wanted `{want}` in\n{err}",
            f.display()
        );
    }
}

/// `relprove check --format json` on a model written to a temporary file:
/// the primary variables of each command.
fn primary_variables(name: &str, model: &str) -> Vec<u64> {
    let dir = std::env::temp_dir().join(format!("relprove-eval-verdicts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, model).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_relprove"))
        .args(["check", "--format", "json"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["primary_variables"].as_u64().unwrap())
        .collect()
}

/// util/ordering over interchangeable atoms costs no variables (its
/// First/Next are one fixed chain, as Kodkod bounds them); over atoms that
/// a `one sig` tells apart, the solver still chooses the order.
#[test]
fn ordering_over_interchangeable_atoms_is_fixed() {
    let fixed = "open util/ordering[S]\nsig S {}\nrun {} for 5 expect 1\n";
    assert_eq!(primary_variables("fixed.als", fixed), vec![0]);
    let free = "open util/ordering[S]\nsig S {}\none sig S0 extends S {}\nrun {} for 5 expect 1\n";
    assert!(primary_variables("free.als", free)[0] > 0);
}
