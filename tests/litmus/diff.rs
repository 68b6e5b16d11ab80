//! `relprove diff` (crates/litmus/src/diff/): for each axiom of
//! models/ptx.als that litmus tests without dependencies can show, a copy
//! with the axiom deleted is told apart from the original by a test that
//! `relprove litmus` then decides as claimed; a model is never told apart
//! from a copy of itself; bad input exits 2.

use std::path::Path;
use std::process::Command;

fn relprove() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
}

/// models/ptx.als with `axiom` removed from `ptx_consistent`, in `dir`
/// (beside a copy of models/util.als, which it opens).
fn without(dir: &Path, axiom: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string("models/ptx.als").unwrap();
    let line = format!("  {axiom}\n");
    assert!(
        text.contains(&line),
        "{axiom} is not a conjunct of ptx_consistent"
    );
    let p = dir.join(format!("no_{axiom}.als"));
    std::fs::write(&p, text.replacen(&line, "\n", 1)).unwrap();
    std::fs::copy("models/util.als", dir.join("util.als")).unwrap();
    p
}

fn litmus_validates(model: &Path, test: &Path) -> bool {
    let out = relprove()
        .args(["litmus", "--model"])
        .arg(model)
        .arg(test)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines().any(|l| l == "Ok")
}

#[test]
fn each_visible_axiom_deleted_is_found_and_rechecked() {
    let dir = tempfile::tempdir().unwrap();
    for axiom in [
        "ptx_coherence",
        "ptx_atomicity",
        "ptx_sc_per_loc",
        "ptx_causality",
    ] {
        let weaker = without(dir.path(), axiom);
        let out_dir = dir.path().join(format!("out_{axiom}"));
        let out = relprove()
            .args([
                "diff",
                "--one-way",
                "--events",
                "4",
                "--format",
                "json",
                "--model",
            ])
            .arg(&weaker)
            .args(["--model", "models/ptx.als", "-o"])
            .arg(&out_dir)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let d = &doc["directions"][0];
        assert_eq!(d["ending"], "stopped", "{axiom}: {d}");
        let found = &d["found"][0];
        assert!(
            found["events"].as_u64().unwrap() <= 3,
            "{axiom}: not the smallest: {found}"
        );
        assert_eq!(
            found["violated"],
            serde_json::json!([axiom]),
            "{axiom}: {found}"
        );
        // The emitted test, decided afresh: the weaker model allows its
        // final state, models/ptx.als forbids it.
        let file = Path::new(found["file"].as_str().unwrap());
        assert!(
            litmus_validates(&weaker, file),
            "{axiom}: A does not allow {}",
            file.display()
        );
        assert!(
            !litmus_validates(Path::new("models/ptx.als"), file),
            "{axiom}: B allows {}",
            file.display()
        );
    }
}

#[test]
fn a_stronger_model_has_no_test_the_weaker_forbids() {
    let dir = tempfile::tempdir().unwrap();
    let weaker = without(dir.path(), "ptx_causality");
    let out = relprove()
        .args([
            "diff",
            "--one-way",
            "--events",
            "5",
            "--format",
            "json",
            "--model",
            "models/ptx.als",
            "--model",
        ])
        .arg(&weaker)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &doc["directions"][0];
    assert_eq!(d["ending"], "exhausted", "{d}");
    assert_eq!(d["complete_up_to"], 5);
    assert_eq!(d["found"], serde_json::json!([]));
}

#[test]
fn bad_input_exits_2() {
    for args in [
        vec!["diff", "--model", "models/ptx.als"],
        vec![
            "diff",
            "--model",
            "models/ptx.als",
            "--model",
            "models/ptx.als",
        ],
        vec![
            "diff",
            "--model",
            "models/ptx.als",
            "--model",
            "models/cmm.als",
        ],
        vec![
            "diff",
            "--model",
            "models/ptx.als",
            "--model",
            "models/ptx75.als",
            "--constraint",
            "no lt_Foo",
        ],
    ] {
        let out = relprove().args(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stderr.is_empty());
    }
}
