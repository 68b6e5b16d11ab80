//! `relprove check FILE`: verdict text, JSON document, command selection,
//! `--scope`, and exit codes (0 all match, 1 mismatch, 2 input error,
//! 3 time limit).

use std::path::PathBuf;
use std::process::{Command, Output};

fn relprove() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
}

fn model(dir: &tempfile::TempDir, text: &str) -> PathBuf {
    let p = dir.path().join("m.als");
    std::fs::write(&p, text).unwrap();
    p
}

fn run(args: &[&str], file: &PathBuf) -> Output {
    relprove()
        .arg("check")
        .arg(file)
        .args(args)
        .output()
        .unwrap()
}

const GRAPH: &str = "sig N { e: set N }
assert closed { e.e in ^e }
assert wrong { ^e in e }
pred cycle4 { some iden & ^e and no iden & (e + e.e + e.e.e) }
check closed for 3 expect 0
check wrong for 3 expect 1
run cycle4 for 4 expect 1
run cycle4 for 3 expect 0
";

#[test]
fn text_output_and_exit_0() {
    let dir = tempfile::tempdir().unwrap();
    let f = model(&dir, GRAPH);
    let out = run(&[], &f);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("Executing \"Check closed for 3 expect 0\""),
        "{stdout}"
    );
    assert!(
        stdout.contains("No counterexample found. Assertion may be valid."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Counterexample found. Assertion is invalid."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Instance found. Predicate is consistent."),
        "{stdout}"
    );
    assert!(
        stdout.contains("No instance found. Predicate may be inconsistent."),
        "{stdout}"
    );
    assert!(stdout.contains("this/N<:e={N$"), "{stdout}");
}

#[test]
fn json_document() {
    let dir = tempfile::tempdir().unwrap();
    let f = model(&dir, GRAPH);
    let out = run(&["--format", "json", "-c", "wrong", "-c", "closed"], &f);
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cmds = doc["commands"].as_array().unwrap();
    assert_eq!(cmds.len(), 2);
    assert_eq!(cmds[0]["name"], "closed");
    assert_eq!(cmds[0]["kind"], "check");
    assert_eq!(cmds[0]["outcome"], "no-counterexample");
    assert_eq!(cmds[0]["matches"], true);
    assert!(cmds[0]["variables"].as_u64().unwrap() > 0);
    assert!(cmds[0]["clauses"].as_u64().unwrap() > 0);
    assert!(cmds[0].get("instance").is_none());
    assert_eq!(cmds[1]["outcome"], "counterexample");
    assert_eq!(cmds[1]["expect"], 1);
    assert!(cmds[1]["instance"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["name"] == "this/N<:e"));
}

#[test]
fn mismatch_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let f = model(
        &dir,
        "sig N { e: set N }\nassert a { e in e.e }\ncheck a for 3 expect 0\n",
    );
    let out = run(&[], &f);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("MISMATCH"));
}

#[test]
fn scope_override_keeps_but_scopes() {
    // 4-cycles exist at scope 4 only; --scope 3 removes them.
    let dir = tempfile::tempdir().unwrap();
    let f = model(&dir, GRAPH);
    let out = run(&["-c", "cycle4", "--scope", "3", "--format", "json"], &f);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["commands"][0]["outcome"], "no-instance");
    assert_eq!(doc["commands"][0]["scope"], "for 3");
    assert_eq!(
        out.status.code(),
        Some(1),
        "the first cycle4 expects an instance"
    );
    let f2 = model(
        &dir,
        "sig A {} sig B {}\nrun { #A = 5 and #B = 2 } for 3 but 5 A expect 1\n",
    );
    let out = run(&["--scope", "2", "--format", "json"], &f2);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["commands"][0]["scope"], "for 2 but 5 A");
    assert_eq!(doc["commands"][0]["outcome"], "instance");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn input_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let f = model(&dir, GRAPH);
    let out = run(&["-c", "nosuch"], &f);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no command named `nosuch`"));
    let out = run(&["--solver", "minisat"], &f);
    assert_eq!(out.status.code(), Some(2));
    let bad = model(&dir, "sig A { r: A }\nfact { r in A }\n");
    assert_eq!(run(&[], &bad).status.code(), Some(2));
}

#[test]
fn timeout_exits_3() {
    // Pigeonhole: 9 pigeons, 8 holes, no symmetry breaking: far more than
    // a zero time limit allows.
    let dir = tempfile::tempdir().unwrap();
    let f = model(&dir, "sig P { h: one H } sig H {}\nfact { all x: H | lone h.x }\nrun { #P = 9 } for 9 but 8 H, 5 int\n");
    let out = run(
        &["--timeout", "0", "--symmetry", "0", "--format", "json"],
        &f,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["commands"][0]["outcome"], "unknown");
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn timeout_stops_translation() {
    // Grounding five nested quantifiers over 60 atoms (7.8e8 bindings)
    // takes far longer than the limit: the limit must stop the translation
    // itself, not only the solver.
    let dir = tempfile::tempdir().unwrap();
    let f = model(&dir, "sig A { r: set A }\npred big { all a, b, c, d, e: A | a->b in r or c->d in r or e->a in r }\nrun big for 60 expect 1\n");
    let t = std::time::Instant::now();
    let out = run(&["--timeout", "1", "--format", "json"], &f);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["commands"][0]["outcome"], "unknown");
    assert_eq!(out.status.code(), Some(3));
    assert!(
        t.elapsed() < std::time::Duration::from_secs(60),
        "stopped near the limit, not after grounding"
    );
}

#[test]
fn dimacs_solver_backend() {
    // A tiny external "solver" that defers to nothing: it answers UNSAT, so
    // the run reports no instance (plumbing test; the verdict is the
    // script's).
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("unsat.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ntest -s \"$1\" && echo 's UNSATISFIABLE'\n",
    )
    .unwrap();
    let f = model(&dir, "sig A {}\nrun { some A }\n");
    let out = run(
        &[
            "--solver",
            &format!("dimacs:sh {}", script.display()),
            "--format",
            "json",
        ],
        &f,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["commands"][0]["outcome"], "no-instance");
}

#[test]
fn ordering_makes_its_sig_exact() {
    let dir = tempfile::tempdir().unwrap();
    let f = model(
        &dir,
        "open util/ordering[E] as ord
sig E {}
run { #E = 2 } for 3 expect 0
run { #E = 3 } for 3 expect 1
check { all e: E - ord/last | some e.(ord/next) } for 4 expect 0
run { some e: E | e.(ord/next) = e } for 4 expect 0
",
    );
    let out = run(&[], &f);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The scope rules' error cases (docs/scopes.md, rules 1 and 4): each is an
/// input error with the position of the scope or command.
#[test]
fn scope_rule_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // rule 4: sig scopes but no overall scope, B underivable
        (
            "sig A {}\nsig B {}\nrun {} for 2 A\n",
            "scope for sig `B`",
            "m.als:3:1",
        ),
        // rule 1: one / lone / some sigs
        (
            "one sig A {}\nrun {} for 3 but 2 A\n",
            "`A` cannot have scope 2",
            "m.als:2:",
        ),
        (
            "lone sig A {}\nrun {} for 3 but 2 A\n",
            "`A` cannot have scope 2",
            "m.als:2:",
        ),
        (
            "some sig A {}\nrun {} for 3 but 0 A\n",
            "`A` cannot have scope 0",
            "m.als:2:",
        ),
    ];
    for (text, msg, pos) in cases {
        let f = model(&dir, text);
        let out = run(&[], &f);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}: {err}");
        assert!(err.contains(msg) && err.contains(pos), "{text}: {err}");
    }
    // With every top-level sig derivable, no overall scope is needed.
    let ok = model(
        &dir,
        "abstract sig A {}\nsig B, C extends A {}\nrun { #A = 3 } for 2 B, 1 C expect 1\n",
    );
    assert_eq!(run(&[], &ok).status.code(), Some(0));
}
