//! `relprove check --parse-only`: exit 0 with a summary line on a good
//! model, exit 2 with rendered diagnostics on a bad one.

use std::process::Command;

fn relprove() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
}

#[test]
fn parse_only_accepts_a_good_model() {
    let out = relprove()
        .args([
            "check",
            "--parse-only",
            "tests/fixtures/resolve/constructs.als",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("constructs.als: ok (6 modules, 14 sigs, 8 fields"),
        "{stdout}"
    );
}

#[test]
fn parse_only_reports_errors_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.als");
    std::fs::write(&bad, "sig A { r: A }\nfact { r in A }\n").unwrap();
    let out = relprove()
        .args(["check", "--parse-only"])
        .arg(&bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("error[type]: the operands of `in` have different arities (2 and 1)"),
        "{stderr}"
    );
    assert!(stderr.contains("bad.als:2:8"), "{stderr}");
}

#[test]
fn parse_only_reports_a_missing_file() {
    let out = relprove()
        .args(["check", "--parse-only", "no/such/model.als"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read `no/such/model.als`"));
}
