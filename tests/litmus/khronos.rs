//! Khronos's Vulkan litmus tests (`relprove litmus --model spirv.als
//! TEST.test`): the whole suite of Khronos's repository against its
//! expected results, the parser's errors, the format detection, the
//! generated module, and the JSON output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use relprove_engine::diag::SourceMap;
use relprove_litmus::khronos::{self, Attr, Level};

/// Khronos's Alloy folder (`spirv.als`, `tests/`), beside the checkout.
fn khronos_dir() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("../shared/peers/vulkan-memorymodel/alloy"),
        PathBuf::from("/work/shared/peers/vulkan-memorymodel/alloy"),
    ]
    .into_iter()
    .find(|p| p.join("spirv.als").is_file())
}

macro_rules! need_khronos {
    () => {
        match khronos_dir() {
            Some(d) => d,
            None => {
                eprintln!("note: ../shared/peers/vulkan-memorymodel absent; test skipped");
                return;
            }
        }
    };
}

fn relprove() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
}

fn litmus(dir: &Path, args: &[&Path]) -> Output {
    relprove()
        .arg("litmus")
        .arg("--model")
        .arg(dir.join("spirv.als"))
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The suite's 89 tests: every result line agrees with the expectation
/// its file states (counted from the files themselves), exit code 0.
#[test]
fn khronos_suite_agrees_with_every_result_line() {
    let dir = need_khronos!();
    let tests = dir.join("tests");
    let mut files = 0;
    let mut lines = 0;
    for e in std::fs::read_dir(&tests).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "test") {
            files += 1;
            let t = std::fs::read_to_string(&p).unwrap();
            lines += t
                .lines()
                .filter(|l| l.starts_with("SATISFIABLE") || l.starts_with("NOSOLUTION"))
                .count();
        }
    }
    assert!(files >= 89 && lines >= 172, "{files} files, {lines} lines");
    let out = litmus(&dir, &[&tests]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{o}\n{e}");
    assert!(
        o.contains(&format!(
            "Khronos tests: {files} files, {lines} result lines: {lines} agree, 0 disagree, 0 unknown, 0 files with errors"
        )),
        "{o}"
    );
    assert_eq!(o.matches(": agrees (").count(), lines, "{o}");
}

/// A result line whose expectation is wrong is reported, with what
/// relprove found, and the run exits with 1.
#[test]
fn a_wrong_expectation_disagrees_and_exits_1() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    let t = std::fs::read_to_string(dir.join("tests/mp.test")).unwrap();
    // Swap the expectations: every line now expects the opposite.
    let swapped: String = t
        .lines()
        .map(|l| {
            if let Some(r) = l.strip_prefix("SATISFIABLE") {
                format!("NOSOLUTION{r}\n")
            } else if let Some(r) = l.strip_prefix("NOSOLUTION") {
                format!("SATISFIABLE{r}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let f = tmp.path().join("mp_swapped.test");
    std::fs::write(&f, swapped).unwrap();
    let out = litmus(&dir, &[&f]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{o}\n{e}");
    assert!(o.contains("DISAGREES: got SATISFIABLE"), "{o}");
    assert!(o.contains("DISAGREES: got NOSOLUTION"), "{o}");
    assert!(o.contains(" 0 agree, "), "{o}");
}

/// Errors in a test are reported at their line and column, exit code 2.
#[test]
fn bad_tests_are_refused_at_their_position() {
    let dir = need_khronos!();
    let cases: [(&str, &str, &str); 11] = [
        (
            "NEWTHREAD\nst.sc0.bogus x = 1\nSATISFIABLE consistent[X]\n",
            "2:8",
            "unknown instruction token `bogus`",
        ),
        (
            "NEWTHREAD\nld.sc0\nSATISFIABLE consistent[X]\n",
            "2:1",
            "a load or store needs a variable",
        ),
        (
            "NEWTHREAD\nst.sc0 x = 1 2\nSATISFIABLE consistent[X]\n",
            "2:14",
            "a second value is what an atomic read-modify-write writes",
        ),
        (
            "NEWTHREAD\nst.sc0 x = one\nSATISFIABLE consistent[X]\n",
            "2:12",
            "`one` is not an integer",
        ),
        (
            "NEWTHREAD 1\nst.sc0 x = 1\nNEWTHREAD 2\nld.sc0 x = 1\nNEWTHREAD 1\nSATISFIABLE consistent[X]\n",
            "5:1",
            "thread 1 already has instructions",
        ),
        (
            "NEWTHREAD\nst.sc0 x = 1\nSSW 1 7\nSATISFIABLE consistent[X]\n",
            "3:1",
            "thread 7 has no instruction",
        ),
        (
            "NEWTHREAD\nst.sc0 x = 1\nSLOC x y\nSATISFIABLE consistent[X]\n",
            "3:1",
            "no instruction accesses `y`",
        ),
        (
            "NEWTHREAD\nmembar.acq.scopewg x\nSATISFIABLE consistent[X]\n",
            "2:20",
            "it takes no operand",
        ),
        (
            "NEWWG 3\nNEWTHREAD\nst.sc0 x = 1\nSATISFIABLE consistent[X]\n",
            "1:7",
            "`NEWWG` takes no operand",
        ),
        (
            "NEWTHREAD\nst.sc0 x = 1\nSATISFIABLE consistent[X] && (\n",
            "3:31",
            "expected an expression after `(`, found the end of the line",
        ),
        (
            "NEWTHREAD\nst.sc0 x = 1\n",
            "1:1",
            "the test has no result line",
        ),
    ];
    let tmp = tempfile::tempdir().unwrap();
    for (k, (body, at, msg)) in cases.iter().enumerate() {
        let f = tmp.path().join(format!("bad{k}.test"));
        std::fs::write(&f, body).unwrap();
        let out = litmus(&dir, &[&f]);
        let (o, e) = text(&out);
        assert_eq!(out.status.code(), Some(2), "{body}\n{o}\n{e}");
        assert!(e.contains(msg), "{body}\n{e}");
        assert!(e.contains(&format!("bad{k}.test:{at}")), "{body}\n{e}");
    }
}

/// A formula that names what the model lacks is reported at the result
/// line, with the resolver's error in the generated module as its cause.
#[test]
fn a_formula_is_resolved_against_the_model() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("unknown_name.test");
    std::fs::write(
        &f,
        "NEWTHREAD\nst.sc0 x = 1\nSATISFIABLE consistent[X] && #nosuch = 0\n",
    )
    .unwrap();
    let out = litmus(&dir, &[&f]);
    let (_, e) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(e.contains("cannot find `nosuch`"), "{e}");
    assert!(e.contains("unknown_name.test:3:13"), "{e}");
}

/// What the generator only warns about is a warning at the instruction;
/// the test is still decided.
#[test]
fn the_generators_warnings_are_kept() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("warn.test");
    std::fs::write(
        &f,
        "NEWTHREAD\nst.sc0 x = 1\nmembar.scopewg\nNEWTHREAD\nld.atom.sc0 x = 1\nSATISFIABLE consistent[X]\n",
    )
    .unwrap();
    let out = litmus(&dir, &[&f]);
    let (o, e) = text(&out);
    assert!(
        e.contains("warning: a memory barrier without acq or rel"),
        "{e}"
    );
    assert!(e.contains("warn.test:3:1"), "{e}");
    assert!(e.contains("warning: an atomic, barrier"), "{e}");
    assert!(e.contains("warn.test:5:1"), "{e}");
    // The scope-less atomic makes every execution inconsistent.
    assert_eq!(out.status.code(), Some(1), "{o}\n{e}");
    assert!(o.contains("DISAGREES: got NOSOLUTION"), "{o}");
}

/// `.test` files are told apart by content: Khronos and NVIDIA
/// mixed-proxy tests cannot share a run, and a file of neither format is
/// refused.
#[test]
fn test_formats_are_told_apart() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    let nv = tmp.path().join("nvidia.test");
    std::fs::write(
        &nv,
        ".global x;\n\nd0.b0.t0 {\n  st.weak [x], 1;\n}\n\npermit(x == 1) as p;\n",
    )
    .unwrap();
    let out = litmus(&dir, &[&dir.join("tests/mp.test"), &nv]);
    let (_, e) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(e.contains("mp.test is a Khronos Vulkan test and"), "{e}");
    assert!(e.contains("nvidia.test is not"), "{e}");
    let neither = tmp.path().join("neither.test");
    std::fs::write(&neither, "// nothing here\nhello world\n").unwrap();
    let out = litmus(&dir, &[&neither]);
    let (_, e) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(
        e.contains("neither a Khronos Vulkan test") && e.contains("nor an NVIDIA mixed-proxy test"),
        "{e}"
    );
}

/// A model without spirv.als's vocabulary is refused with what it lacks.
#[test]
fn a_model_without_the_vocabulary_is_refused() {
    let dir = need_khronos!();
    let family = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/family.als");
    let out = relprove()
        .arg("litmus")
        .arg("--model")
        .arg(&family)
        .arg(dir.join("tests/mp.test"))
        .output()
        .unwrap();
    let (_, e) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(
        e.contains("is not a Vulkan model for Khronos's tests"),
        "{e}"
    );
    assert!(e.contains("`sig Exec`"), "{e}");
}

/// `--emit-alloy` writes each test's module; checked beside the model,
/// its commands give the same outcomes as `litmus`.
#[test]
fn emitted_modules_check_to_the_same_outcomes() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    let out = relprove()
        .arg("litmus")
        .arg("--model")
        .arg(dir.join("spirv.als"))
        .arg("--emit-alloy")
        .arg(tmp.path())
        .arg(dir.join("tests/mp3transitive.test"))
        .output()
        .unwrap();
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{o}\n{e}");
    let module = tmp.path().join("lt_mp3transitive.als");
    assert!(o.contains("lt_mp3transitive.als"), "{o}");
    // (a copy of the model beside the module, for its `open spirv`)
    std::fs::copy(dir.join("spirv.als"), tmp.path().join("spirv.als")).unwrap();
    let out = relprove()
        .args(["check", "--format", "json"])
        .arg(&module)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: Vec<&str> = doc["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["outcome"].as_str().unwrap())
        .collect();
    // mp3transitive.test: SATISFIABLE, NOSOLUTION, NOSOLUTION NOCHAINS,
    // SATISFIABLE NOCHAINS.
    assert_eq!(
        got,
        ["instance", "no-instance", "no-instance", "instance"],
        "{doc:#}"
    );
}

/// `--format json`: one document that validates against the committed
/// schema (docs/json/litmus-khronos.schema.json, current with the types).
#[test]
fn json_output_follows_its_schema() {
    let dir = need_khronos!();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let schema = relprove()
        .args(["schema", "litmus-khronos"])
        .output()
        .unwrap();
    let path = root.join("docs/json/litmus-khronos.schema.json");
    if std::env::var_os("RELPROVE_BLESS").is_some() {
        std::fs::write(&path, &schema.stdout).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        String::from_utf8_lossy(&schema.stdout),
        committed,
        "stale {}",
        path.display()
    );
    let schema: serde_json::Value = serde_json::from_str(&committed).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.test");
    std::fs::write(
        &bad,
        "NEWTHREAD\nst.sc0.bogus x = 1\nSATISFIABLE consistent[X]\n",
    )
    .unwrap();
    let out = relprove()
        .args(["litmus", "--format", "json", "--model"])
        .arg(dir.join("spirv.als"))
        .arg(dir.join("tests/mp.test"))
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = v.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}\n{doc:#}");
    assert_eq!(doc["summary"]["agree"], 2, "{doc:#}");
    assert_eq!(doc["summary"]["errors"], 1, "{doc:#}");
    assert_eq!(doc["tests"][0]["lines"][0]["got"], "SATISFIABLE", "{doc:#}");
    assert!(
        doc["tests"][1]["error"]
            .as_str()
            .unwrap()
            .contains("bad.test:2:8: unknown instruction token"),
        "{doc:#}"
    );
}

/// `--graph DIR` draws the instance of each satisfiable result line
/// (threads, instructions, po, rf); unsatisfiable lines have none.
#[test]
fn satisfiable_lines_are_drawn() {
    let dir = need_khronos!();
    let out = tempfile::tempdir().unwrap();
    let g = out.path().join("g");
    let o = litmus(
        &dir,
        &[Path::new("--graph"), &g, &dir.join("tests/mp.test")],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("graph: "), "{stdout}");
    // Line 14 is SATISFIABLE (drawn), line 15 NOSOLUTION (not drawn).
    let dot = std::fs::read_to_string(g.join("mp-line14.dot")).unwrap();
    assert!(!g.join("mp-line15.dot").exists());
    assert!(
        dot.contains("E0: st.sc0.scopedev.av.nonpriv x = 1"),
        "{dot}"
    );
    assert!(dot.contains("\"E1\" -> \"E2\" [label=\"rf\""), "{dot}");
    assert!(dot.contains("\"E0\" -> \"E3\" [label=\"rf\""), "{dot}");
    assert!(dot.contains("\"E0\" -> \"E1\" [label=\"po\""), "{dot}");
}

fn parse(text: &str) -> khronos::Test {
    let mut sm = SourceMap::new();
    let id = sm.add("t.test", "t.test", text.to_string());
    khronos::parse(id, "t", text).unwrap()
}

/// The attributes a token implies, the groups and the values, as the
/// generator reads them.
#[test]
fn instructions_groups_and_values() {
    let t = parse(
        "// a comment\nNEWQF\nNEWWG\nNEWSG\nNEWTHREAD\nrmw.scopewg.sc0 x = 1 2\ncbar.acq.scopewg 4\n\
         NEWSG\nNEWTHREAD 7\nst.atom.scopedev.sc1 y=3\nNEWWG\nNEWSG\nNEWTHREAD\nld.sc0 y\n\
         SSW 7 8\nSATISFIABLE NOCHAINS consistent[X] && #dr=0\nNOSOLUTION\n",
    );
    assert_eq!(t.events.len(), 4);
    let e0 = &t.events[0];
    for a in [
        Attr::R,
        Attr::W,
        Attr::A,
        Attr::Av,
        Attr::Vis,
        Attr::NonPriv,
    ] {
        assert!(e0.has(a), "{a:?}");
    }
    assert_eq!((e0.read, e0.written), (Some(1), Some(2)));
    // An acquire control barrier is also a memory barrier.
    assert!(t.events[1].has(Attr::F) && t.events[1].cbar_instance == Some(4));
    assert_eq!((t.events[2].written, t.events[2].thread), (Some(3), 7));
    assert!(!t.events[3].has(Attr::NonPriv) && t.events[3].read.is_none());
    assert_eq!(t.events[3].thread, 8);
    assert_eq!(t.breaks(Level::QueueFamily), &[] as &[usize]);
    assert_eq!(t.breaks(Level::Workgroup), &[3]);
    assert_eq!(t.breaks(Level::Subgroup), &[2, 3]);
    assert_eq!(t.breaks(Level::Thread), &[2, 3]);
    assert_eq!(t.ssw.len(), 1);
    assert_eq!(t.results.len(), 2);
    assert!(t.results[0].nochains && t.results[0].formula == "consistent[X] && #dr=0");
    assert_eq!(t.results[1].formula, "");
    assert_eq!(t.results[1].line, 17);
}

/// The module of a small test, as `--emit-alloy` writes it.
#[test]
fn module_snapshot() {
    let t = parse(
        "NEWWG\nNEWSG\nNEWTHREAD\nst.sc0 x = 1\nst.atom.rel.scopewg.sc0.semsc0 y = 1\n\
         NEWSG\nNEWTHREAD\nld.atom.acq.scopewg.sc0.semsc0 y = 1\nld.sc0 x = 0\n\
         SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION NOCHAINS consistent[X] && #dr>0\n",
    );
    insta::assert_snapshot!(khronos::module(&t, "spirv"));
}

/// The model's six asserts hold at the scope of Khronos's Makefile,
/// `for 8 but 1 Exec` (the Makefile checks five of them; AssertNoSwSelf
/// too): `check` finds no counterexample, as each command expects.
#[test]
fn spirv_asserts_hold_at_the_makefiles_scope() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    // (the module opens the model by name: a copy beside it, in the
    // temporary folder only)
    std::fs::copy(dir.join("spirv.als"), tmp.path().join("spirv.als")).unwrap();
    let asserts = [
        "AssertLocordSameLoc",
        "AssertLocordAcyclic",
        "AssertLocordComplete1",
        "AssertLocordComplete2",
        "AssertNoSwSelf",
        "AssertVisTo",
    ];
    let mut module = String::from("open spirv\n");
    for a in asserts {
        module.push_str(&format!("check {a} for 8 but 1 Exec expect 0\n"));
    }
    let f = tmp.path().join("asserts.als");
    std::fs::write(&f, module).unwrap();
    let out = relprove().arg("check").arg(&f).output().unwrap();
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{o}\n{e}");
    assert!(o.contains("6 commands: 6 as expected"), "{o}");
}

/// A test of more instructions than the module can reasonably state is
/// refused at the first one too many.
#[test]
fn huge_tests_are_refused() {
    let n = relprove_litmus::khronos::MAX_EVENTS;
    let mut text = String::from("NEWTHREAD\n");
    for _ in 0..=n {
        text.push_str("st.sc0 x = 1\n");
    }
    text.push_str("SATISFIABLE consistent[X]\n");
    let mut sm = SourceMap::new();
    let id = sm.add("t.test", "t.test", text.clone());
    let d = khronos::parse(id, "t", &text).unwrap_err();
    assert!(
        d.message.contains(&format!("more than {n} instructions")),
        "{}",
        d.message
    );
    assert_eq!(sm.location(d.span.unwrap()), format!("t.test:{}:1", n + 2));
}

/// Counts wrap around at the bitwidth, as in the Alloy Analyzer (issue 43,
/// item 5): one store and eight loads of `x`, each in its own workgroup,
/// race in 16 ordered pairs; with 4-bit Ints `#dr` is 16 - 16 = 0, so
/// `consistent[X] && #dr=0` is satisfiable though every execution races
/// (with 8 bits it is not). The run warns, names the count, and gives the
/// bitwidth that keeps it exact.
#[test]
fn many_races_wrap_around_and_are_warned() {
    let dir = need_khronos!();
    let tmp = tempfile::tempdir().unwrap();
    let mut t = String::from("NEWWG\nNEWSG\nNEWTHREAD\nst.sc0 x = 1\n");
    for _ in 0..8 {
        t.push_str("NEWWG\nNEWSG\nNEWTHREAD\nld.sc0 x\n");
    }
    t.push_str("NOSOLUTION consistent[X] && #dr=0\n");
    let f = tmp.path().join("races16.test");
    std::fs::write(&f, &t).unwrap();
    let out = litmus(&dir, &[&f]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{o}\n{e}");
    assert!(o.contains("DISAGREES: got SATISFIABLE"), "{o}");
    assert!(
        e.contains("on 1 of 1 result lines a count")
            && e.contains("#dr")
            && e.contains("the largest, 81 in #dr, needs bitwidth 8"),
        "{e}"
    );
    // With 8-bit Ints the same module has no such execution.
    let out = relprove()
        .arg("litmus")
        .arg("--model")
        .arg(dir.join("spirv.als"))
        .arg("--emit-alloy")
        .arg(tmp.path())
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    std::fs::copy(dir.join("spirv.als"), tmp.path().join("spirv.als")).unwrap();
    let module = tmp.path().join("lt_races16.als");
    let text8 = std::fs::read_to_string(&module)
        .unwrap()
        .replace("exactly 9 E\n", "exactly 9 E, 8 Int\n");
    std::fs::write(&module, text8).unwrap();
    let out = relprove()
        .args(["check", "--format", "json"])
        .arg(&module)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["commands"][0]["outcome"], "no-instance", "{doc:#}");
}
