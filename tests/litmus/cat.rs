//! Cat models (crates/litmus/src/cat/): Dat3M's own PTX models reproduce
//! Dat3M's PTX tables, agree with relprove's Alloy models on the whole
//! folder, and bad cat input is refused at its position.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::corpus::{agree_with_dat3m, shared};

fn relprove() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
}

fn dat3m_cat(name: &str) -> Option<PathBuf> {
    shared(&format!("peers/dat3m-ptx/cat/{name}"))
}

/// Dat3M's table `config` under its own cat model `name`.
fn table_under_cat_model(config: &str, name: &str) {
    let Some(cat) = dat3m_cat(name) else {
        eprintln!("note: ../shared/peers/dat3m-ptx absent; test skipped");
        return;
    };
    agree_with_dat3m(config, &cat, &[]);
}

#[test]
fn dat3m_ptx75_table_under_dat3m_cat_model() {
    table_under_cat_model("v7.5", "ptx-v7.5.cat");
}

#[test]
fn dat3m_ptx60_table_under_dat3m_cat_model() {
    table_under_cat_model("v6.0", "ptx-v6.0.cat");
}

/// ptx-v6.0.cat's recursive `observation` (through an rmw) decides
/// MP+RMW: without the recursion the outcome becomes reachable.
#[test]
fn ptx60_observation_recursion_matters() {
    let Some(cat) = dat3m_cat("ptx-v6.0.cat") else {
        return;
    };
    let text = std::fs::read_to_string(&cat).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tests = shared("peers/dat3m-ptx/litmus/PTX/Manual").unwrap();
    let flat = text.replace(
        "let rec observation = (morally-strong & rf) | (observation; rmw; observation)",
        "let observation = (morally-strong & rf)",
    );
    assert_ne!(flat, text, "ptx-v6.0.cat changed: update this test");
    let run = |model_text: &str| {
        let m = dir.path().join("m.cat");
        std::fs::write(&m, model_text).unwrap();
        let out = relprove()
            .args(["litmus", "--witnesses", "--model"])
            .arg(&m)
            .arg(tests.join("MP+RMW.litmus"))
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let verdict = |out: &str| {
        out.lines()
            .find(|l| l == &"Ok" || l == &"No")
            .map(str::to_string)
    };
    assert_eq!(verdict(&run(&text)).as_deref(), Some("No"));
    assert_eq!(verdict(&run(&flat)).as_deref(), Some("Ok"));
}

/// The whole PTX folder: relprove's models/ptx75.als and Dat3M's
/// ptx-v7.5.cat agree on every test (docs/cat.md).
#[test]
fn alloy_and_cat_ptx75_agree_on_a_sample() {
    let (Some(cat), Some(dir)) = (
        dat3m_cat("ptx-v7.5.cat"),
        shared("peers/dat3m-ptx/litmus/PTX/Nvidia"),
    ) else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = relprove()
        .args(["compare", "--model"])
        .arg(root.join("models/ptx75.als"))
        .arg("--model")
        .arg(&cat)
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("Summary:"))
        .unwrap_or_else(|| {
            panic!(
                "no summary:\n{stdout}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    assert!(
        summary.contains(" 0 A stronger, 0 B stronger, 0 incomparable, 0 skipped"),
        "{summary}"
    );
    assert_eq!(out.status.code(), Some(0), "{summary}");
}

fn check_model(text: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("bad.cat");
    std::fs::write(&m, text).unwrap();
    let t = dir.path().join("t.litmus");
    std::fs::write(
        &t,
        "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x=1)\n",
    )
    .unwrap();
    let out = relprove()
        .args(["litmus", "--model"])
        .arg(&m)
        .arg(&t)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_cat_models_are_refused_at_their_position() {
    for (text, want) in [
        ("PTX\nlet a = po |\n", "bad.cat:3:1"),
        ("PTX\nlet a = po & nosuch\n", "unknown name `nosuch`"),
        ("PTX\nlet a = po & nosuch\n", "bad.cat:2:14"),
        ("PTX\nlet rec a = po \\ a\n", "not monotone"),
        ("PTX\nlet rec a = ~a & po\n", "not monotone"),
        ("PTX\nlet a = W ; po\n", "`;` composes relations"),
        ("PTX\nacyclic W as x\n", "needs a relation"),
        ("PTX\nlet a = po | W\n", "the two sides of `|` differ"),
        (
            "PTX\nprocedure p() = empty po end\n",
            "unsupported: herd's `procedure`",
        ),
        ("PTX\nlet a = addr\n", "unsupported base relation `addr`"),
        (
            "PTX\nlet f(x) = x\nlet a = f(po, po)\n",
            "takes 1 argument(s), given 2",
        ),
        ("PTX\n(* open\n", "unterminated comment"),
        (
            "PTX\ninclude \"nosuch.cat\"\n",
            "cannot read the included file",
        ),
        ("PTX\nlet a = po ^ 2\n", "expected `^-1`"),
    ] {
        let (code, stderr) = check_model(text);
        assert_eq!(code, Some(2), "{text}: {stderr}");
        assert!(stderr.contains(want), "{text}: want `{want}` in:\n{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// A `let rec` a flag reads is computed exactly (Kleene iteration), one
/// only axioms read may be a pre-fixed point: both give Dat3M's verdict.
#[test]
fn let_rec_exact_and_bounded_agree() {
    let Some(cat) = dat3m_cat("ptx-v6.0.cat") else {
        return;
    };
    let tests = shared("peers/dat3m-ptx/litmus/PTX/Manual").unwrap();
    let text = std::fs::read_to_string(&cat).unwrap();
    // The same model, plus a flag that reads `observation` (which makes
    // the fixed point exact).
    let exact = format!("{text}\nflag ~empty observation as saw-observation\n");
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("exact.cat");
    std::fs::write(&m, exact).unwrap();
    for model in [cat.clone(), m] {
        let out = relprove()
            .args(["litmus", "--witnesses", "--model"])
            .arg(&model)
            .arg(tests.join("MP+RMW.litmus"))
            .arg(tests.join("LB+RMW-a.litmus"))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let verdicts: Vec<&str> = stdout
            .lines()
            .filter(|l| *l == "Ok" || *l == "No")
            .collect();
        assert_eq!(verdicts, ["No", "Ok"], "{}:\n{stdout}", model.display());
    }
}

/// `relprove export --coq` of a cat model: its definitions and axioms over
/// the relation library of theories/, compiled by coqc (when installed).
#[test]
fn export_of_a_cat_model_compiles() {
    export_compiles(
        "ptx-v6.0.cat",
        "ptx_v6_0.v",
        &["Definition cat_observation ", "Definition cat_cause "],
    );
}

/// The same for Dat3M's Vulkan model (its vocabulary over relprove's
/// candidate executions of Dat3M's Vulkan programs).
#[test]
fn export_of_the_vulkan_cat_model_compiles() {
    let Some(cat) = shared("peers/dat3m-vulkan/cat/vulkan.cat") else {
        return;
    };
    export_file_compiles(
        &cat,
        "vulkan.v",
        &["Definition cat_locord ", "Definition cat_hb "],
    );
}

fn export_compiles(name: &str, v: &str, defs: &[&str]) {
    let Some(cat) = dat3m_cat(name) else {
        return;
    };
    export_file_compiles(&cat, v, defs);
}

fn export_file_compiles(cat: &Path, v: &str, defs: &[&str]) {
    if which::which("coqc").is_err() {
        eprintln!("note: coqc absent; the export is not compiled");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = relprove()
        .args(["export", "--coq", "-o"])
        .arg(dir.path())
        .arg(cat)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.path().join(v)).unwrap();
    for def in defs.iter().chain(&["cat_consistent"]) {
        assert!(text.contains(def), "no `{def}` in the export");
    }
    let make = Command::new("make")
        .arg("-s")
        .arg("-C")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        make.status.success(),
        "coqc failed:\n{}\n{}",
        String::from_utf8_lossy(&make.stdout),
        String::from_utf8_lossy(&make.stderr)
    );
}

/// `--emit-alloy` with a cat model writes the model's Alloy form beside
/// the test modules, and `relprove check` decides them there.
#[test]
fn emitted_alloy_of_a_cat_model_checks() {
    let (Some(cat), Some(t)) = (
        dat3m_cat("ptx-v7.5.cat"),
        shared("peers/dat3m-ptx/litmus/PTX/Nvidia/SB-cta.litmus"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = relprove()
        .args(["litmus", "--model"])
        .arg(&cat)
        .arg("--emit-alloy")
        .arg(dir.path())
        .arg(&t)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("cat_model.als").exists());
    let check = relprove()
        .arg("check")
        .arg(dir.path().join("lt_SB_cta_0.als"))
        .output()
        .unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

/// A `let rec` of a set (a reachability closure written as a fixed point)
/// is a set, and a relation one a relation.
#[test]
fn let_rec_of_a_set() {
    let (code, stderr) = check_model(
        "PTX\nlet rec reach = W | range([reach]; po)\nacyclic po as ok\nempty reach \\ _ as fine\n",
    );
    assert_eq!(code, Some(0), "{stderr}");
    // Read by a flag: computed exactly, by Kleene iteration over a set.
    let (code, stderr) = check_model(
        "PTX\nlet rec reach = W | range([reach]; po)\nflag ~empty reach as f\nacyclic po as ok\n",
    );
    assert_eq!(code, Some(0), "{stderr}");
    let (code, stderr) = check_model("PTX\nlet rec bad = domain(bad) | W\n");
    assert_eq!(code, Some(2), "{stderr}");
}
