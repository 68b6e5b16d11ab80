//! Every shipped model loads: `relprove check --parse-only` exits 0 on each
//! `models/**/*.als`. Litmus files under `models/litmus/` declare
//! `module litmus/NAME` and `open ptx` etc., which Alloy resolves against the
//! root directory `models/` derived from the module name.

use std::path::{Path, PathBuf};
use std::process::Command;

fn als_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            als_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "als") {
            out.push(p);
        }
    }
}

#[test]
fn every_model_parses_and_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let mut files = Vec::new();
    als_files(&root, &mut files);
    assert!(
        files.len() >= 16,
        "expected the model library under {}",
        root.display()
    );
    let mut failures = Vec::new();
    for f in &files {
        let out = Command::new(env!("CARGO_BIN_EXE_relprove"))
            .args(["check", "--parse-only"])
            .arg(f)
            .output()
            .unwrap();
        if !out.status.success() {
            failures.push(format!(
                "{}:\n{}",
                f.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn litmus_root_directory_follows_the_module_name() {
    // the same file opened through a root module named without the
    // `litmus/` prefix cannot find `ptx`: the module name is what selects
    // models/ as the root directory
    let dir = tempfile::tempdir().unwrap();
    let lit = dir.path().join("litmus");
    std::fs::create_dir(&lit).unwrap();
    std::fs::write(dir.path().join("m.als"), "module m\nsig S {}\n").unwrap();
    std::fs::write(
        lit.join("good.als"),
        "module litmus/good\nopen m\nrun { some S } expect 1\n",
    )
    .unwrap();
    std::fs::write(
        lit.join("bad.als"),
        "module bad\nopen m\nrun { some S } expect 1\n",
    )
    .unwrap();
    let run = |f: &Path| {
        Command::new(env!("CARGO_BIN_EXE_relprove"))
            .args(["check", "--parse-only"])
            .arg(f)
            .output()
            .unwrap()
    };
    assert!(run(&lit.join("good.als")).status.success());
    let bad = run(&lit.join("bad.als"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot find module"));
}
