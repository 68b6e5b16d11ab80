//! Golden verdicts of the shipped memory models.
//!
//! Runs `relprove check --format json` on every `models/**/*.als` and checks
//! that (1) the tool exits 0, i.e. every command met its `expect`, (2) the
//! JSON reports one outcome per `run`/`check` command written in the file,
//! and (3) each outcome agrees with the command's `expect` (1 = an instance
//! or counterexample, 0 = none). The expectations themselves are the
//! verdicts stated by the papers; see models/README.md.
//!
//! `RELPROVE_MODELS_FILTER=substring` restricts the run to matching paths.

use std::path::{Path, PathBuf};
use std::process::Command;

fn als_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
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

/// Names of the `run`/`check` commands written in an .als file, in order
/// (a command without a name is counted as "").
fn written_commands(text: &str) -> Vec<String> {
    let mut cmds = Vec::new();
    let mut in_block_comment = false;
    for line in text.lines() {
        let mut l = line;
        if in_block_comment {
            match l.find("*/") {
                Some(i) => {
                    l = &l[i + 2..];
                    in_block_comment = false;
                }
                None => continue,
            }
        }
        if let Some(i) = l.find("/*") {
            if !l[i..].contains("*/") {
                in_block_comment = true;
            }
            l = &l[..i];
        }
        let l = l
            .split("--")
            .next()
            .unwrap()
            .split("//")
            .next()
            .unwrap()
            .trim_start();
        // an Alloy 4 command label, `name: check ...`
        let l = match l.split_once(':') {
            Some((label, rest))
                if !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '_') =>
            {
                rest.trim_start()
            }
            _ => l,
        };
        for kw in ["run", "check"] {
            if let Some(rest) = l.strip_prefix(kw) {
                if rest.starts_with(|c: char| c.is_whitespace() || c == '{') {
                    let name: String = rest
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '\'')
                        .collect();
                    cmds.push(name);
                }
            }
        }
    }
    cmds
}

/// Every JSON object that carries an "outcome" (one per command).
fn outcomes<'a>(v: &'a serde_json::Value, out: &mut Vec<&'a serde_json::Value>) {
    match v {
        serde_json::Value::Object(m) => {
            if m.contains_key("outcome") {
                out.push(v);
            } else {
                m.values().for_each(|x| outcomes(x, out));
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| outcomes(x, out)),
        _ => {}
    }
}

fn check_file(bin: &str, path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).unwrap();
    let written = written_commands(&text);
    let start = std::time::Instant::now();
    let out = Command::new(bin)
        .args(["check", "--format", "json"])
        .arg(path)
        .output()
        .map_err(|e| format!("{}: cannot run relprove: {e}", path.display()))?;
    let secs = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "{}: exit {:?}, output is not JSON ({e}):\n{stdout}\n{stderr}",
            path.display(),
            out.status.code()
        )
    })?;
    let mut found = Vec::new();
    outcomes(&doc, &mut found);
    let mut errors = Vec::new();
    if found.len() != written.len() {
        errors.push(format!(
            "{} commands written ({:?}) but {} outcomes reported",
            written.len(),
            written,
            found.len()
        ));
    }
    let mut lines = Vec::new();
    for c in &found {
        let name = c.get("name").and_then(|n| n.as_str()).unwrap_or("?");
        let outcome = c["outcome"].as_str().unwrap_or("?");
        let ms = c.get("time_ms").and_then(|t| t.as_u64()).unwrap_or(0);
        lines.push(format!("  {name}: {outcome} ({ms} ms)"));
        let expect = c.get("expect").and_then(|e| e.as_i64());
        let Some(expect) = expect else {
            errors.push(format!(
                "{name}: no expect (every shipped command must state one)"
            ));
            continue;
        };
        let found_one = matches!(outcome, "instance" | "counterexample");
        let found_none = matches!(outcome, "no-instance" | "no-counterexample");
        if !(found_one && expect == 1 || found_none && expect == 0) {
            errors.push(format!("{name}: outcome {outcome}, expect {expect}"));
        }
        if c.get("matches").and_then(|m| m.as_bool()) == Some(false) {
            errors.push(format!("{name}: relprove reports matches = false"));
        }
    }
    if out.status.code() != Some(0) {
        errors.push(format!(
            "exit code {:?} (stderr: {})",
            out.status.code(),
            stderr.trim()
        ));
    }
    if errors.is_empty() {
        Ok(format!(
            "{} ({secs:.1} s)\n{}",
            path.display(),
            lines.join("\n")
        ))
    } else {
        Err(format!("{}:\n  {}", path.display(), errors.join("\n  ")))
    }
}

#[test]
fn every_model_meets_its_expectations() {
    let bin = env!("CARGO_BIN_EXE_relprove");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let mut files = Vec::new();
    als_files(&root, &mut files);
    if let Ok(f) = std::env::var("RELPROVE_MODELS_FILTER") {
        files.retain(|p| p.to_string_lossy().contains(&f));
    }
    assert!(
        !files.is_empty(),
        "no models found under {}",
        root.display()
    );
    // two workers: CI machines have two cores
    let queue = std::sync::Mutex::new(files.clone());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().pop();
                let Some(p) = next else { break };
                let r = check_file(bin, &p);
                results.lock().unwrap().push((p, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let mut failures = Vec::new();
    for (_, r) in &results {
        match r {
            Ok(report) => println!("{report}"),
            Err(e) => failures.push(e.clone()),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} models failed:\n{}",
        failures.len(),
        results.len(),
        failures.join("\n")
    );
}

#[test]
fn command_lister_sees_every_command() {
    let text = "run a { } for 3 expect 1\n-- run b\n/* check c\n*/ check d for 2 expect 0\ncheck{ no none } expect 0\nrunner\nlab: check e for 2 expect 0\nsig S { f: set S }\n";
    assert_eq!(written_commands(text), vec!["a", "d", "", "e"]);
}

// ---------------------------------------------------------------------------
// Differential test against the Alloy Analyzer (issue 25).
//
// When the Analyzer's verdict driver is built (scripts/build-alloy.sh, see
// docs/alloy-differential.md), every .als under models/ and tests/ is decided
// by both tools, command by command, under the same time cap, and any
// sat/unsat disagreement fails the test. Files one tool rejects, and
// commands either tool leaves undecided within the cap, are listed but not
// compared. Without the jar (or without `java`) the test prints a SKIP line.
//
// ALLOY_JAR: the driver jar (default target/alloy/alloy-verdicts.jar);
// RELPROVE_ALLOY_TIMEOUT: seconds per command for each tool (default 20);
// ALLOY_SOLVER: the Analyzer's SAT solver, `cadical` (the default when a
// `cadical` binary is on PATH), `sat4j` (the default otherwise) or a path;
// RELPROVE_MODELS_FILTER: restricts the files, as above.

/// One command's verdict from either tool: `Some(true)` = an instance or
/// counterexample exists, `Some(false)` = none, `None` = undecided.
struct Verdict {
    name: String,
    sat: Option<bool>,
    label: String,
    ms: u64,
    vars: i64,
    clauses: i64,
}

/// relprove's verdicts on one file, or why it gave none.
fn relprove_verdicts(bin: &str, path: &Path, cap: u64) -> Result<Vec<Verdict>, String> {
    let out = Command::new(bin)
        .args(["check", "--format", "json", "--timeout", &cap.to_string()])
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run relprove: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&stdout).map_err(|_| {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        format!("relprove exit {:?}: {}", out.status.code(), first.trim())
    })?;
    let mut found = Vec::new();
    outcomes(&doc, &mut found);
    Ok(found
        .iter()
        .map(|c| {
            let outcome = c["outcome"].as_str().unwrap_or("?").to_string();
            Verdict {
                name: c.get("name").and_then(|n| n.as_str()).unwrap_or("").into(),
                sat: match outcome.as_str() {
                    "instance" | "counterexample" => Some(true),
                    "no-instance" | "no-counterexample" => Some(false),
                    _ => None,
                },
                label: outcome,
                ms: c.get("time_ms").and_then(|t| t.as_u64()).unwrap_or(0),
                vars: c.get("variables").and_then(|t| t.as_i64()).unwrap_or(-1),
                clauses: c.get("clauses").and_then(|t| t.as_i64()).unwrap_or(-1),
            }
        })
        .collect())
}

/// The Analyzer's verdicts on one file (driver lines `CMD i label kind expect
/// verdict ms primary vars clauses`), restarting the driver after a command
/// that ran past the cap, or why it gave none.
fn alloy_verdicts(jar: &Path, solver: &str, path: &Path, cap: u64) -> Result<Vec<Verdict>, String> {
    let mut verdicts = Vec::new();
    loop {
        let out = Command::new("java")
            .arg("-jar")
            .arg(jar)
            .arg(path)
            .args(["--timeout", &cap.to_string()])
            .args(["--skip", &verdicts.len().to_string()])
            .args(["--solver", solver])
            .output()
            .map_err(|e| format!("cannot run java: {e}"))?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        if let Some(err) = stdout.lines().find_map(|l| l.strip_prefix("ERROR ")) {
            return Err(format!("Alloy rejects it: {err}"));
        }
        for line in stdout.lines().filter(|l| l.starts_with("CMD\t")) {
            let f: Vec<&str> = line.split('\t').collect();
            assert!(f.len() == 10, "bad driver line {line:?}");
            verdicts.push(Verdict {
                name: f[2].into(),
                sat: match f[5] {
                    "sat" => Some(true),
                    "unsat" => Some(false),
                    _ => None,
                },
                label: f[5].into(),
                ms: f[6].parse().unwrap_or(0),
                vars: f[8].parse().unwrap_or(-1),
                clauses: f[9].parse().unwrap_or(-1),
            });
        }
        match out.status.code() {
            Some(0) => return Ok(verdicts),
            // a command ran past the cap: go on after it
            Some(3) => continue,
            code => {
                return Err(format!(
                    "Alloy driver exit {code:?}: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ))
            }
        }
    }
}

fn alloy_jar() -> PathBuf {
    match std::env::var_os("ALLOY_JAR") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("target/alloy/alloy-verdicts.jar"),
    }
}

#[test]
fn alloy_analyzer_agrees_on_every_model() {
    let jar = alloy_jar();
    let java = Command::new("java").arg("-version").output();
    if !jar.is_file() || java.is_err() {
        println!(
            "SKIP: Alloy Analyzer not available (set ALLOY_JAR, see docs/alloy-differential.md; looked for {})",
            jar.display()
        );
        return;
    }
    let cap: u64 = std::env::var("RELPROVE_ALLOY_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let solver = std::env::var("ALLOY_SOLVER").unwrap_or_else(|_| {
        let cadical = Command::new("cadical").arg("--version").output();
        if cadical.is_ok_and(|o| o.status.success()) {
            "cadical".into()
        } else {
            "sat4j".into()
        }
    });
    println!("Alloy Analyzer: {} with {solver}", jar.display());
    let bin = env!("CARGO_BIN_EXE_relprove");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    als_files(&root.join("models"), &mut files);
    als_files(&root.join("tests"), &mut files);
    if let Ok(f) = std::env::var("RELPROVE_MODELS_FILTER") {
        files.retain(|p| p.to_string_lossy().contains(&f));
    }
    let (mut compared, mut agreed, mut skipped_files) = (0, 0, 0);
    let mut disagreements = Vec::new();
    println!("file\tcommand\trelprove\tms\tvars\tclauses\talloy\tms\tvars\tclauses\tresult");
    for path in &files {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        let ours = relprove_verdicts(bin, path, cap);
        let theirs = alloy_verdicts(&jar, &solver, path, cap);
        let (ours, theirs) = match (ours, theirs) {
            (Ok(o), Ok(t)) => (o, t),
            (o, t) => {
                skipped_files += 1;
                let why = |r: &Result<Vec<Verdict>, String>| match r {
                    Ok(_) => "accepted".to_string(),
                    Err(e) => e.clone(),
                };
                println!(
                    "{rel}\t-\tnot compared: relprove: {}; alloy: {}",
                    why(&o),
                    why(&t)
                );
                continue;
            }
        };
        if ours.is_empty() && theirs.is_empty() {
            println!("{rel}\t-\tno commands (a module)");
            continue;
        }
        if ours.len() != theirs.len() {
            disagreements.push(format!(
                "{rel}: relprove reports {} commands, Alloy {}",
                ours.len(),
                theirs.len()
            ));
            continue;
        }
        for (o, t) in ours.iter().zip(&theirs) {
            let result = match (o.sat, t.sat) {
                (Some(a), Some(b)) if a == b => {
                    compared += 1;
                    agreed += 1;
                    "agree"
                }
                (Some(_), Some(_)) => {
                    compared += 1;
                    disagreements.push(format!(
                        "{rel}: command {} ({}): relprove {}, Alloy {}",
                        o.name, t.name, o.label, t.label
                    ));
                    "DISAGREE"
                }
                _ => "undecided (not compared)",
            };
            println!(
                "{rel}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{result}",
                o.name, o.label, o.ms, o.vars, o.clauses, t.label, t.ms, t.vars, t.clauses
            );
        }
    }
    println!(
        "SUMMARY: {} files, {skipped_files} not compared (rejected by a tool), {compared} commands compared, {agreed} agree, {} disagreements (cap {cap} s per command, Alloy with {solver})",
        files.len(),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "relprove and the Alloy Analyzer disagree:\n{}",
        disagreements.join("\n")
    );
}
