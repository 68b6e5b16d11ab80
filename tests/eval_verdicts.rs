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

/// Lines that start a command (`run` / `check`), outside comments.
fn command_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with("//") && (l.starts_with("run ") || l.starts_with("check ")))
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
