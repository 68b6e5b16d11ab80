//! `relprove check --parse-only`: exit 0 with a summary line on a good
//! model, exit 2 with rendered diagnostics on a bad one. Then input and
//! output robustness of every subcommand, with real processes (issue 16):
//! closed pipes, full disks, byte-order marks, bad UTF-8, bad numbers,
//! long and deep expressions, `--help` texts.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

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
        stdout.contains("constructs.als: ok (7 modules, 15 sigs, 10 fields"),
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

// ---------------------------------------------------------------------------
// Input and output robustness (issue 16)

/// A temporary directory whose name is not `.tmpXXXX`, so that the
/// tests can tell relprove's own temporary files from it.
fn tmpdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("relprove-test-")
        .tempdir()
        .unwrap()
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// No panic, no Rust backtrace hint, no internal temporary path.
fn assert_clean(out: &Output) {
    let err = text(&out.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
    assert!(
        !err.contains("/.tmp") && !err.contains(".relprove-"),
        "names a temporary file: {err}"
    );
    assert_ne!(out.status.code(), Some(101), "{err}");
}

const SMALL: &str =
    "sig A { r: set A }\nassert ok { r in r }\ncheck ok for 2 expect 0\nrun {} for 2 expect 1\n";

/// Run relprove with its stdout a pipe whose reader is gone before it
/// writes: the closed pipe must end it quietly with status 0.
fn with_closed_stdout(args: &[&str]) -> Output {
    let mut child = relprove()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn closed_stdout_is_a_normal_end_for_every_subcommand() {
    let dir = tmpdir();
    let f = write(dir.path(), "m.als", SMALL.as_bytes());
    let f = f.to_str().unwrap();
    let litmus = manifest().join("tests/fixtures/litmus/CoRR.litmus");
    let ptx = manifest().join("models/ptx.als");
    let basic = manifest().join("tests/rewrite/basic.als");
    let out_dir = dir.path().join("out");
    let runs: Vec<Vec<String>> = vec![
        vec!["check".into(), f.into()],
        vec!["check".into(), "--parse-only".into(), f.into()],
        vec!["check".into(), "--format".into(), "json".into(), f.into()],
        vec!["prove".into(), basic.display().to_string()],
        vec![
            "litmus".into(),
            "--model".into(),
            ptx.display().to_string(),
            litmus.display().to_string(),
        ],
        vec![
            "export".into(),
            "--coq".into(),
            "--no-prove".into(),
            "-o".into(),
            out_dir.display().to_string(),
            f.into(),
        ],
    ];
    for args in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = with_closed_stdout(&args);
        assert_clean(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).contains("Broken pipe"), "{args:?}");
    }
    // The export wrote all its files although nobody read its report.
    for name in ["m.v", "m_proofs.v", "_CoqProject", "Makefile"] {
        assert!(out_dir.join(name).is_file(), "{name} missing");
    }
}

#[test]
fn a_full_disk_is_a_write_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        println!("SKIP a_full_disk_is_a_write_error: no /dev/full");
        return;
    };
    let dir = tmpdir();
    let f = write(dir.path(), "m.als", SMALL.as_bytes());
    for args in [vec!["check"], vec!["check", "--parse-only"]] {
        let out = relprove()
            .args(&args)
            .arg(&f)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_clean(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("cannot write to standard output"),
            "{}",
            text(&out.stderr)
        );
    }
    // export writes its files, then reports the failed report.
    let out_dir = dir.path().join("out");
    let out = relprove()
        .args(["export", "--coq", "--no-prove", "-o"])
        .arg(&out_dir)
        .arg(&f)
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out_dir.join("m_proofs.v").is_file());
}

#[test]
fn durations_are_positive_and_saturate() {
    let dir = tmpdir();
    let f = write(dir.path(), "m.als", SMALL.as_bytes());
    let basic = manifest().join("tests/rewrite/basic.als");
    for big in ["1e19", "1e20", "inf"] {
        let out = relprove()
            .args(["check", "--timeout", big])
            .arg(&f)
            .output()
            .unwrap();
        assert_clean(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "--timeout {big}: {}",
            text(&out.stderr)
        );
        let out = relprove()
            .args(["prove", "--time-limit", big, "-a", "assoc"])
            .arg(&basic)
            .output()
            .unwrap();
        assert_clean(&out);
        assert_eq!(out.status.code(), Some(0), "prove --time-limit {big}");
        let out = relprove()
            .args(["export", "--coq", "--time-limit", big, "-o"])
            .arg(dir.path().join("out"))
            .arg(&f)
            .output()
            .unwrap();
        assert_clean(&out);
        assert_eq!(out.status.code(), Some(0), "export --time-limit {big}");
    }
    for bad in ["0", "-1", "NaN", "soon"] {
        for (cmd, opt) in [
            ("check", "--timeout"),
            ("prove", "--time-limit"),
            ("export", "--time-limit"),
        ] {
            let mut c = relprove();
            c.args([cmd, opt, bad]);
            if cmd == "export" {
                c.args(["--coq", "-o"]).arg(dir.path().join("out"));
            }
            let out = c.arg(&f).output().unwrap();
            assert_clean(&out);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{cmd} {opt} {bad}: {err}");
            assert!(err.contains("seconds") && !err.contains("-- -1"), "{err}");
        }
    }
}

#[test]
fn scope_must_be_positive() {
    let dir = tmpdir();
    let f = write(dir.path(), "m.als", SMALL.as_bytes());
    for bad in ["0", "-1", "x"] {
        let out = relprove()
            .args(["check", "--scope", bad])
            .arg(&f)
            .output()
            .unwrap();
        assert_clean(&out);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--scope {bad}");
        assert!(err.contains("at least 1") && !err.contains("'-- "), "{err}");
    }
}

#[test]
fn an_empty_model_has_no_commands() {
    let dir = tmpdir();
    let f = write(dir.path(), "empty.als", b"");
    let out = relprove().arg("check").arg(&f).output().unwrap();
    assert_clean(&out);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("has no commands"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = tmpdir();
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(SMALL.as_bytes());
    let f = write(dir.path(), "bom.als", &bytes);
    let out = relprove().arg("check").arg(&f).output().unwrap();
    assert_clean(&out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut lit = b"\xEF\xBB\xBF".to_vec();
    lit.extend(std::fs::read(manifest().join("tests/fixtures/litmus/CoRR.litmus")).unwrap());
    let t = write(dir.path(), "CoRR.litmus", &lit);
    let out = relprove()
        .args(["litmus", "--model"])
        .arg(manifest().join("models/ptx.als"))
        .arg(&t)
        .output()
        .unwrap();
    assert_clean(&out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// A model that is not UTF-8 is read as Latin-1, as the Analyzer reads it,
/// with a note locating its first bad byte (`--parse-only` too); a litmus
/// test that is not UTF-8 is an error at its first bad byte.
#[test]
fn bad_utf8_is_located() {
    let dir = tmpdir();
    let f = write(
        dir.path(),
        "latin1.als",
        b"sig A {}\n-- caf\xE9\nrun { some A } expect 1\n",
    );
    for parse_only in [false, true] {
        let mut cmd = relprove();
        cmd.arg("check");
        if parse_only {
            cmd.arg("--parse-only");
        }
        let out = cmd.arg(&f).output().unwrap();
        assert_clean(&out);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        assert!(
            err.contains("latin1.als is not UTF-8")
                && err.contains("line 2, column 7")
                && err.contains("read as Latin-1"),
            "{err}"
        );
    }
    let t = write(dir.path(), "bad.litmus", b"PTX bad\n{ x=0; }\n P0 \xFF ;\n");
    let out = relprove()
        .args(["litmus", "--model"])
        .arg(manifest().join("models/ptx.als"))
        .arg(&t)
        .output()
        .unwrap();
    assert_clean(&out);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("bad.litmus") && err.contains("line 3, column 5"),
        "{err}"
    );
}

#[test]
fn too_deep_shows_a_bounded_excerpt() {
    let dir = tmpdir();
    let n = 50_000;
    let src = format!(
        "sig A {{}}\nfact {{ some {}A{} }}\n",
        "(".repeat(n),
        ")".repeat(n)
    );
    let f = write(dir.path(), "deep.als", src.as_bytes());
    let out = relprove()
        .args(["check", "--parse-only"])
        .arg(&f)
        .output()
        .unwrap();
    assert_clean(&out);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("nested too deeply") && err.contains("deep.als:2:"),
        "{err}"
    );
    assert!(err.len() < 1_000, "{} bytes of error", err.len());
}

#[test]
fn flat_chains_of_any_length_are_checked() {
    let dir = tmpdir();
    for n in [200, 10_000] {
        let union = vec!["A"; n].join(" + ");
        let conj = vec!["some A"; n].join(" and ");
        let inter = vec!["A"; n].join(" & ");
        let src = format!(
            "sig A {{}}\nfact {{ {conj} }}\npred p {{ A = {union} and A = {inter} }}\n\
             run p for 2 expect 1\nassert u {{ {union} = A }}\ncheck u for 2 expect 0\n"
        );
        let f = write(dir.path(), &format!("flat{n}.als"), src.as_bytes());
        let out = relprove().arg("check").arg(&f).output().unwrap();
        assert_clean(&out);
        assert_eq!(out.status.code(), Some(0), "n = {n}: {}", text(&out.stderr));
        let out = relprove()
            .args(["export", "--coq", "--no-prove", "-o"])
            .arg(dir.path().join(format!("coq{n}")))
            .arg(&f)
            .output()
            .unwrap();
        assert_clean(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "export n = {n}: {}",
            text(&out.stderr)
        );
        // (The rewriter's e-graph on 10,000 terms is slow, not deep.)
        if n <= 200 {
            let out = relprove().args(["prove"]).arg(&f).output().unwrap();
            assert_clean(&out);
            assert_eq!(out.status.code(), Some(0), "prove n = {n}");
        }
    }
}

#[test]
fn bitwidth_has_one_limit_and_a_position() {
    let dir = tmpdir();
    let f = write(dir.path(), "bw.als", b"sig A {}\nrun {} for 3 but 17 Int\n");
    let out = relprove().arg("check").arg(&f).output().unwrap();
    assert_clean(&out);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("bitwidth 17 is not supported")
            && err.contains("bw.als:2:")
            && err.contains("1 to 16"),
        "{err}"
    );
}

#[test]
fn export_output_must_be_a_directory() {
    let dir = tmpdir();
    let f = write(dir.path(), "m.als", SMALL.as_bytes());
    let file = write(dir.path(), "taken", b"x");
    let out = relprove()
        .args(["export", "--coq", "-o"])
        .arg(&file)
        .arg(&f)
        .output()
        .unwrap();
    assert_clean(&out);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("is not a directory"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

#[test]
fn help_lists_only_what_works() {
    let help = |cmd: &str| text(&relprove().args([cmd, "--help"]).output().unwrap().stdout);
    let prove = help("prove");
    assert!(prove.contains("equality saturation"), "{prove}");
    for cmd in ["prove", "litmus"] {
        let h = help(cmd);
        // `--format` offers no `dot` (litmus's `--graph` writes graphs).
        assert!(
            h.contains("[possible values: text, json]") && !h.contains("json, dot"),
            "{cmd}: {h}"
        );
    }
    let out = relprove()
        .args([
            "litmus",
            "--format",
            "dot",
            "--model",
            "models/ptx.als",
            "x.litmus",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
