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
    let text = "run a { } for 3 expect 1\n-- run b\n/* check c\n*/ check d for 2 expect 0\ncheck{ no none } expect 0\nrunner\n";
    assert_eq!(written_commands(text), vec!["a", "d", ""]);
}
