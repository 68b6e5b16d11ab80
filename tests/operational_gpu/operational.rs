//! Operational models (crates/litmus/src/operational/) through the real binary: golden
//! verdicts, the seed-002 Fig. 11 table, agreement with the axiomatic x86
//! models, Sorensen's Table 4.2, the H200 observations, and the partial-order
//! reduction against plain search.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixtures(sub: &str) -> PathBuf {
    root().join("tests/fixtures/operational").join(sub)
}

fn relprove(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run relprove")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("bad JSON ({e}): {}", text(o)))
}

/// `litmus --model MODEL --format json` over `files`: test name → JSON.
fn op_results(model: &str, files: &[PathBuf]) -> BTreeMap<String, Value> {
    op_results_with(model, &[], files)
}

/// [`op_results`] with extra flags (e.g. `--witnesses`).
fn op_results_with(model: &str, flags: &[&str], files: &[PathBuf]) -> BTreeMap<String, Value> {
    let mut args = vec!["litmus", "--model", model, "--format", "json"];
    args.extend_from_slice(flags);
    let fs: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(fs.iter().map(String::as_str));
    let o = relprove(&args);
    let doc = json(&o);
    doc["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .filter(|t| t.get("name").is_some())
        .map(|t| (t["name"].as_str().unwrap().to_string(), t.clone()))
        .collect()
}

fn litmus_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
        .collect();
    v.sort();
    v
}

/// `relprove check --format json FILE`: command name → whether it has an
/// instance.
fn axiomatic_runs(file: &str) -> BTreeMap<String, bool> {
    let o = relprove(&["check", "--format", "json", file]);
    let doc = json(&o);
    doc["commands"]
        .as_array()
        .expect("commands")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["outcome"].as_str() == Some("instance"),
            )
        })
        .collect()
}

#[test]
fn x86_tests_golden_and_agree_with_x86tso_and_tso() {
    let dir = fixtures("x86");
    let o = relprove(&[
        "litmus",
        "--model",
        "op:lost-pop",
        "--expect",
        &dir.join("expected.txt").display().to_string(),
        &dir.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("15 checked, 0 mismatched"),
        "{}",
        text(&o)
    );
    // The same outcomes under the axiomatic x86-TSO (seed 002 App. B.2) and
    // TSO (seed 000 Fig. 2) models, where relprove has them as Alloy runs.
    let pairs = [
        ("MP", "table1_x86_mp_sys", "tso_fig2_mp_sys"),
        ("SB", "table1_x86_sb_sys", "tso_fig2_sb_sys"),
        ("SB+mfences", "table1_x86_sb_sys_f", "tso_fig2_sb_sys_f"),
        ("SB+rmws", "x86_sb_rmw", "tso_fig2_sb_rmw"),
        ("IRIW", "table1_x86_iriw_sys", "tso_fig2_iriw_sys"),
        ("LB", "table1_x86_lb_sys", "tso_fig2_lb_sys"),
    ];
    let files: Vec<PathBuf> = pairs
        .iter()
        .map(|(t, _, _)| dir.join(format!("{t}.litmus")))
        .collect();
    let op = op_results("op:lost-pop", &files);
    let x86 = axiomatic_runs("models/litmus/x86tso_table1.als");
    let tso = axiomatic_runs("models/litmus/tso_fig2.als");
    for (t, a, b) in pairs {
        let allowed = op[t]["positive"].as_u64().unwrap() > 0;
        assert_eq!(Some(&allowed), x86.get(a), "{t} vs x86tso.als {a}");
        assert_eq!(Some(&allowed), tso.get(b), "{t} vs tso.als {b}");
    }
}

#[test]
fn compound_tests_golden() {
    // Fig. 9 (IRIW) has the x86 IRIW's state space (174,503 states when
    // every final state is enumerated): decided with `--witnesses`, which
    // cuts the branches whose side of the condition is already witnessed.
    let dir = fixtures("cmm");
    let o = relprove(&[
        "litmus",
        "--model",
        "op:lost-pop",
        "--witnesses",
        "--expect",
        &dir.join("expected.txt").display().to_string(),
        &dir.join("IRIW-fig9.litmus").display().to_string(),
        &dir.join("WRC-fig10.litmus").display().to_string(),
        &dir.join("WRC-sys.litmus").display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("3 checked, 0 mismatched"), "{}", text(&o));
}

/// `--witnesses` decides every test as full enumeration does, finds only
/// states enumeration finds, and explores no more states.
#[test]
fn witnesses_mode_agrees_with_enumeration() {
    let mut cases: Vec<(&str, PathBuf)> = Vec::new();
    for dir in ["x86", "ptx", "cmm", "loops"] {
        for f in litmus_files(&fixtures(dir)) {
            if !f.ends_with("IRIW.litmus") && !f.ends_with("IRIW-fig9.litmus") {
                cases.push(("op:lost-pop", f));
            }
        }
    }
    for f in litmus_files(&fixtures("sorensen")) {
        cases.push(("op:sorensen", f.clone()));
        cases.push(("op:sorensen-alt", f));
    }
    let mut cut = 0;
    for (model, f) in &cases {
        let f = f.display().to_string();
        let full = json(&relprove(&[
            "litmus", "--model", model, "--format", "json", &f,
        ]));
        let wit = json(&relprove(&[
            "litmus",
            "--model",
            model,
            "--format",
            "json",
            "--witnesses",
            &f,
        ]));
        let (a, b) = (&full["tests"][0], &wit["tests"][0]);
        assert_eq!(a["observation"], b["observation"], "{model} {f}");
        assert_eq!(b["states_enumerated"], false, "{model} {f}");
        for st in b["states"].as_array().unwrap() {
            assert!(
                a["states"].as_array().unwrap().contains(st),
                "{model} {f}: witness state {st} is not reachable"
            );
        }
        assert!(b["states_explored"].as_u64() <= a["states_explored"].as_u64());
        cut += b["pruned"].as_u64().unwrap_or(0);
    }
    assert!(cut > 0, "no branch was ever cut");
}

#[test]
fn fig11_lost_pop_stronger_than_ptx_als() {
    let dir = fixtures("ptx");
    let o = relprove(&[
        "compare",
        "--model",
        "models/ptx.als",
        "--model",
        "op:lost-pop",
        "--format",
        "json",
        "--expect-diff",
        &dir.join("expected-diff.txt").display().to_string(),
        &dir.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let doc = json(&o);
    let table: Vec<String> = doc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{:<16} ptx.als {:<9} op:lost-pop {:<9} {} {}",
                r["test"].as_str().unwrap(),
                r["a"].as_str().unwrap(),
                r["b"].as_str().unwrap(),
                r["relation"].as_str().unwrap(),
                r["only_a"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(" | ")
            )
        })
        .collect();
    insta::assert_snapshot!("fig11_table", table.join("\n"));
}

/// The fixtures' verdicts under models/ptx.als are in expected.txt (checked
/// by tests/litmus/golden.rs): LOST-POP never allows what they forbid.
#[test]
fn fixtures_lost_pop_at_least_as_strong_as_ptx_als() {
    let dir = root().join("tests/fixtures/litmus");
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let ax: BTreeMap<&str, bool> = expected
        .lines()
        .filter_map(|l| {
            let mut w = l.split('#').next()?.split_whitespace();
            Some((w.next()?, w.next()? == "Ok"))
        })
        .collect();
    let files: Vec<PathBuf> = litmus_files(&dir)
        .into_iter()
        .filter(|f| !f.ends_with("Bar-sync.litmus") && !f.ends_with("IRIW.litmus"))
        .collect();
    let op = op_results("op:lost-pop", &files);
    let mut rows = Vec::new();
    for (name, r) in &op {
        let quant = r["condition"].as_str().unwrap();
        let ok = ax[name.as_str()];
        // Is the condition's outcome (for ~exists: the forbidden one)
        // allowed by the axiomatic model?
        let ax_allows = if quant == "~exists" { !ok } else { ok };
        let op_allows = r["positive"].as_u64().unwrap() > 0;
        assert!(
            !op_allows || ax_allows,
            "{name}: op:lost-pop allows what ptx.als forbids"
        );
        rows.push(format!(
            "{name:<24} ptx.als {:<9} op:lost-pop {}",
            if ax_allows { "allowed" } else { "forbidden" },
            if op_allows { "allowed" } else { "forbidden" }
        ));
    }
    insta::assert_snapshot!("fixtures_vs_ptx", rows.join("\n"));
}

#[test]
fn h200_observations_against_lost_pop() {
    let hw = root().join("../shared/hardware/h200");
    if !hw.exists() {
        println!("SKIP: ../shared/hardware/h200 absent");
        return;
    }
    let tsv = std::fs::read_to_string(hw.join("observations.tsv")).unwrap();
    let obs: Vec<(String, bool, bool)> = tsv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            let ptx_allows = c[1].starts_with("allowed");
            let seen = c[3].trim().parse::<u64>().unwrap_or(0) > 0;
            (c[0].to_string(), ptx_allows, seen)
        })
        .collect();
    // The IRIW variants (four threads) need up to 1.5 million states when
    // every final state is enumerated: they are decided with `--witnesses`.
    let file = |t: &str| hw.join("litmus").join(format!("{t}.litmus"));
    let (iriw, rest): (Vec<_>, Vec<_>) = obs.iter().partition(|(t, _, _)| t.starts_with("IRIW"));
    let mut op = op_results(
        "op:lost-pop",
        &rest.iter().map(|o| file(&o.0)).collect::<Vec<_>>(),
    );
    op.extend(op_results_with(
        "op:lost-pop",
        &["--witnesses"],
        &iriw.iter().map(|o| file(&o.0)).collect::<Vec<_>>(),
    ));
    let mut rows = Vec::new();
    for (t, ptx_allows, seen) in &obs {
        let Some(r) = op.get(t) else { continue };
        let op_allows = r["positive"].as_u64().unwrap() > 0;
        assert!(
            !op_allows || *ptx_allows,
            "{t}: op:lost-pop allows what ptx.als forbids"
        );
        rows.push(format!(
            "{t:<36} ptx.als {:<9} op:lost-pop {:<9} H200 {}{}",
            if *ptx_allows { "allowed" } else { "forbidden" },
            if op_allows { "allowed" } else { "forbidden" },
            if *seen { "seen" } else { "not-seen" },
            if *seen && !op_allows {
                "  <- op:lost-pop forbids an observed outcome"
            } else {
                ""
            }
        ));
    }
    insta::assert_snapshot!("h200_lost_pop", rows.join("\n"));
}

#[test]
fn sorensen_table_4_2() {
    let dir = fixtures("sorensen");
    let d = dir.display().to_string();
    for (model, exp) in [
        ("op:sorensen", "expected-weak.txt"),
        ("op:sorensen-alt", "expected-strong.txt"),
    ] {
        let o = relprove(&[
            "litmus",
            "--model",
            model,
            "--expect",
            &dir.join(exp).display().to_string(),
            &d,
        ]);
        assert_eq!(o.status.code(), Some(0), "{model}: {}", text(&o));
        assert!(
            text(&o).contains("15 checked, 0 mismatched"),
            "{}",
            text(&o)
        );
    }
    // The two models differ exactly where §4.4.1 says.
    let o = relprove(&[
        "compare",
        "--model",
        "op:sorensen",
        "--model",
        "op:sorensen-alt",
        "--expect-diff",
        &dir.join("expected-diff.txt").display().to_string(),
        &d,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // Without the expected differences, the same comparison fails.
    let o = relprove(&[
        "compare",
        "--model",
        "op:sorensen",
        "--model",
        "op:sorensen-alt",
        &dir.join("Coherence-intra.litmus").display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("Unexpected Coherence-intra: expected same, got B-stronger"));
}

/// Sleep sets must not lose a final state: the same final states with and
/// without them, alone (with `--full-search`) and on top of the persistent
/// sets (the default against `--no-sleep-sets`), never more states (a
/// state met again with a smaller sleep set is explored again, so
/// transitions may grow). (Debug builds check every independence the model claims
/// by the diamond.) Sorensen's models name no independence: the same
/// search either way.
#[test]
fn partial_order_reduction_keeps_every_outcome() {
    let cases = [
        ("op:lost-pop", fixtures("x86/N7.litmus")),
        ("op:lost-pop", fixtures("x86/WRC.litmus")),
        ("op:lost-pop", fixtures("x86/ISA2.litmus")),
        ("op:lost-pop", fixtures("ptx/2+2W-relaxed.litmus")),
        (
            "op:lost-pop",
            root().join("tests/fixtures/litmus/Atom-add.litmus"),
        ),
        (
            "op:sorensen",
            fixtures("sorensen/Vis-global-inter-TFB.litmus"),
        ),
        (
            "op:sorensen-alt",
            fixtures("sorensen/Coherence-intra.litmus"),
        ),
    ];
    let mut cut = 0;
    for (model, f) in cases {
        let f = f.display().to_string();
        let run = |flags: &[&str]| {
            let mut args = vec!["litmus", "--model", model, "--format", "json"];
            args.extend_from_slice(flags);
            args.push(&f);
            json(&relprove(&args))["tests"][0].clone()
        };
        for (with, without) in [
            (
                &["--full-search", "--sleep-sets"][..],
                &["--full-search"][..],
            ),
            (&[][..], &["--no-sleep-sets"][..]),
        ] {
            let (a, b) = (run(with), run(without));
            assert_eq!(a["states"], b["states"], "{model} {f} {with:?}");
            let n = |t: &Value, k: &str| t[k].as_u64().unwrap();
            assert!(n(&a, "states_explored") <= n(&b, "states_explored"), "{f}");
            if n(&a, "states_explored") < n(&b, "states_explored") {
                cut += 1;
            }
        }
    }
    assert!(cut >= 3, "sleep sets cut states in only {cut} runs");
}

/// Every `.litmus` file below `dir`, sorted.
/// Dat3M's PTX litmus folder beside the checkout, if it is there (a test
/// that needs it says SKIP otherwise).
fn dat3m_folder() -> Option<PathBuf> {
    let dat3m = root().join("../shared/peers/dat3m-ptx/litmus/PTX");
    if !dat3m.is_dir() {
        println!("SKIP: ../shared/peers/dat3m-ptx absent");
        return None;
    }
    Some(dat3m)
}

fn litmus_files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "litmus") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `litmus --format json FLAGS FILES` for `op:lost-pop`: file → JSON.
fn op_by_file(flags: &[&str], files: &[PathBuf]) -> BTreeMap<String, Value> {
    let mut args = vec!["litmus", "--model", "op:lost-pop", "--format", "json"];
    args.extend_from_slice(flags);
    let fs: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(fs.iter().map(String::as_str));
    let doc = json(&relprove(&args));
    doc["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|t| (t["file"].as_str().unwrap().to_string(), t.clone()))
        .collect()
}

/// The persistent-set reduction (the default) against the full search
/// (`--full-search`) on every LOST-POP fixture and every 5th test of the
/// Dat3M PTX folder's Manual, Memalloy and Nvidia tests: the same
/// reachable final states and verdict in each test both decide, never more
/// states, and the reduced search decides every test the full one does. (Debug builds also check, at every state,
/// that the persistent transition commutes with every other enabled one.)
#[test]
fn persistent_sets_keep_every_outcome() {
    let mut files = Vec::new();
    for dir in ["x86", "ptx", "cmm", "regs", "loops"] {
        files.extend(litmus_files(&fixtures(dir)));
    }
    files.extend(litmus_files(&root().join("tests/fixtures/litmus")));
    let dat3m = root().join("../shared/peers/dat3m-ptx/litmus/PTX");
    if dat3m.is_dir() {
        // Every 5th of the hand-written and generated folders (CADP's
        // tests are mostly loops the explorer does not support).
        let below = ["Manual", "Memalloy", "Nvidia"].map(|d| litmus_files_below(&dat3m.join(d)));
        files.extend(below.concat().into_iter().step_by(5));
        // Every 5th CADP test: spin loops on reads, exchanges and stores
        // (request positions compared by rank in the visited set).
        files.extend(
            litmus_files_below(&dat3m.join("CADP"))
                .into_iter()
                .step_by(5),
        );
    } else {
        println!("SKIP: ../shared/peers/dat3m-ptx absent (fixtures only)");
    }
    // A limit keeps the debug build quick; a test over it in one mode
    // only must be one the reduction decides and the full search does not.
    let limit = ["--max-states", "6000", "--jobs", "2"];
    let full = op_by_file(&[&limit[..], &["--full-search"]].concat(), &files);
    let reduced = op_by_file(&limit, &files);
    let (mut compared, mut states_full, mut states_reduced) = (0, 0, 0);
    for (file, f) in &full {
        let r = &reduced[file];
        // Every CADP loop test is decided (none runs into the request
        // limit any more: docs/operational.md, "Loops").
        if file.contains("/CADP/") {
            assert!(r.get("error").is_none(), "{file}: {}", r["error"]);
        }
        if f.get("error").is_some() {
            if r.get("error").is_some() {
                assert_eq!(f["error"], r["error"], "{file}");
            }
            continue;
        }
        assert!(r.get("error").is_none(), "{file}: {}", r["error"]);
        assert_eq!(f["states"], r["states"], "{file}: reachable final states");
        assert_eq!(f["observation"], r["observation"], "{file}");
        let (a, b) = (
            f["states_explored"].as_u64().unwrap(),
            r["states_explored"].as_u64().unwrap(),
        );
        assert!(b <= a, "{file}: {b} states reduced, {a} full");
        compared += 1;
        states_full += a;
        states_reduced += b;
    }
    assert!(compared >= 50, "only {compared} tests compared");
    assert!(
        states_reduced * 3 < states_full * 2,
        "the reduction does not pay: {states_reduced} states against {states_full}"
    );
    // The stubborn sets (once every thread is done) on a 4-thread test:
    // 11,839 states with single persistent transitions only, 2,814 with
    // them, 1,238 with sleep sets too (decision mode; verdict Sometimes
    // every time).
    let irrwiw1 = dat3m.join("Memalloy/IRRWIW1.litmus");
    if irrwiw1.is_file() {
        let states = |flags: &[&str]| {
            let t = &op_by_file(flags, std::slice::from_ref(&irrwiw1))
                .into_values()
                .next()
                .unwrap();
            assert_eq!(t["observation"], "Sometimes");
            t["states_explored"].as_u64().unwrap()
        };
        let (with, without) = (
            states(&["--witnesses"]),
            states(&["--witnesses", "--no-sleep-sets"]),
        );
        assert!(
            without < 4000,
            "IRRWIW1: {without} states (stubborn sets lost?)"
        );
        assert!(
            with < 2000 && with < without,
            "IRRWIW1: {with} states with sleep sets, {without} without"
        );
    }
}

/// Decision mode's value sets (LOST-POP, once every thread is done: a
/// pending read or a location can only end with the value of a write
/// still in the state, less the writes that can never satisfy the read)
/// against enumeration with `--full-search` on every 3rd Dat3M test of
/// Manual, Memalloy and Nvidia: the same verdict wherever both decide, and
/// only reachable witness states. Memalloy/IRWIW2 (`x == 2 /\ y == 2`, no write of 2 to
/// `y`) is decided as soon as every thread is done: 27 states instead of
/// 46,257 with single known values (release build, branch abs6).
#[test]
fn decision_value_sets_agree_with_enumeration() {
    let Some(dat3m) = dat3m_folder() else {
        return;
    };
    let below = ["Manual", "Memalloy", "Nvidia"].map(|d| litmus_files_below(&dat3m.join(d)));
    let files: Vec<PathBuf> = below.concat().into_iter().step_by(3).collect();
    let limit = ["--max-states", "30000", "--jobs", "2"];
    // The reference: enumeration without any reduction or cut.
    let full = op_by_file(&[&limit[..], &["--full-search"]].concat(), &files);
    let wit = op_by_file(&[&limit[..], &["--witnesses"]].concat(), &files);
    let mut compared = 0;
    for (file, f) in &full {
        let w = &wit[file];
        if f.get("error").is_some() || w.get("error").is_some() {
            continue;
        }
        assert_eq!(f["observation"], w["observation"], "{file}");
        for st in w["states"].as_array().unwrap() {
            assert!(
                f["states"].as_array().unwrap().contains(st),
                "{file}: witness state {st} is not reachable"
            );
        }
        compared += 1;
    }
    println!("{compared} tests compared");
    assert!(compared >= 25, "only {compared} tests compared");
    let irwiw2 = dat3m.join("Memalloy/IRWIW2.litmus");
    let t = &op_by_file(&["--witnesses"], &[irwiw2])
        .into_values()
        .next()
        .unwrap();
    assert_eq!(t["observation"], "Never");
    let n = t["states_explored"].as_u64().unwrap();
    assert!(n < 1000, "IRWIW2: {n} states (value sets lost?)");
}

/// Loops that access memory run as long as the interleaving makes them:
/// the visited set compares a looping thread's request positions by rank,
/// so spin loops come back to states already seen and the search ends,
/// also when their requests stay in the state
/// (tests/fixtures/operational/loops: message passing through a spin loop,
/// a loop that never ends in any interleaving, a spin lock taken by
/// `atom.exch`, a loop that stores; verdicts argued in the files). Same
/// verdicts in enumeration and decision mode. A loop that runs ahead while
/// its stores stay in the state is reported, not explored without end.
#[test]
fn spin_loops_terminate() {
    let dir = fixtures("loops");
    for flags in [&[][..], &["--witnesses"]] {
        let mut args = vec!["litmus", "--model", "op:lost-pop"];
        args.extend_from_slice(flags);
        let expect = dir.join("expected.txt").display().to_string();
        let d = dir.display().to_string();
        args.extend(["--expect", &expect, &d]);
        let o = relprove(&args);
        assert_eq!(o.status.code(), Some(0), "{flags:?}: {}", text(&o));
        assert!(
            text(&o).contains("6 checked, 0 mismatched"),
            "{flags:?}: {}",
            text(&o)
        );
    }
    let runaway = fixtures("loops-runaway/store-loop-runaway.litmus");
    let r = &op_by_file(&[], std::slice::from_ref(&runaway))[&runaway.display().to_string()];
    let err = r["error"].as_str().unwrap_or_default();
    assert!(
        err.contains("thread P0 has more than 60 requests in the state at once"),
        "{r}"
    );
}

/// A register written again (by `mov`, or by a younger load) while a load
/// into it is still unsatisfied ends with the later value, whichever order
/// the two take effect in: `r0` is always 5, `r1` never `y`'s value.
#[test]
fn register_writes_take_effect_in_program_order() {
    let f = fixtures("regs/WAW-reg.litmus");
    for flags in [&[][..], &["--full-search"]] {
        let r = &op_by_file(flags, std::slice::from_ref(&f))[&f.display().to_string()];
        assert_eq!(r["observation"], "Never", "{flags:?}: {r}");
        for st in r["states"].as_array().unwrap() {
            assert_eq!(st["0:r0"], 5, "{flags:?}: {st}");
        }
    }
}

/// LOST-POP's observations can order three writes to one location in a
/// cycle (docs/operational.md, "Cyclic observations"): a condition on that
/// location's final value is then reported unsupported, in every search
/// mode (main used to pick one of the writes, allowing `2:r0=1; x=1`: a
/// read of 1 followed by a write of 3 that ends before it).
#[test]
fn cyclic_observations_are_reported() {
    let f = fixtures("cycles/W3-cycle.litmus").display().to_string();
    let modes: [&[&str]; 4] = [
        &[],
        &["--full-search"],
        &["--witnesses"],
        &["--witnesses", "--full-search"],
    ];
    for flags in modes {
        let mut args = vec!["litmus", "--model", "op:lost-pop"];
        args.extend_from_slice(flags);
        args.push(&f);
        let o = relprove(&args);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(2), "{flags:?}: {t}");
        assert!(t.contains("W3-cycle.litmus:1:5"), "{t}");
        assert!(
            t.contains("the writes to `x` are ordered in a cycle in a final state"),
            "{t}"
        );
    }
}

/// The whole Dat3M PTX folder under models/ptx.als and op:lost-pop: every
/// test where they differ, with the direction and how many final states
/// only one side has, and why tests are skipped (a golden table; the
/// classes are explained in docs/operational.md, "Results"). LOST-POP is
/// weaker (allows what models/ptx.als forbids) exactly on the two tests of
/// scoped transitivity.
#[test]
fn dat3m_lost_pop_vs_ptx_als() {
    let Some(dat3m) = dat3m_folder() else {
        return;
    };
    let d = dat3m.display().to_string();
    let o = relprove(&[
        "compare",
        "--model",
        "models/ptx.als",
        "--model",
        "op:lost-pop",
        "--jobs",
        "2",
        "--format",
        "json",
        &d,
    ]);
    // Exit 1: differences, none of them listed as expected here.
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let doc = json(&o);
    let rel = |f: &str| {
        f.strip_prefix(&d)
            .unwrap_or(f)
            .trim_start_matches('/')
            .to_string()
    };
    let mut lines = Vec::new();
    let mut weaker = Vec::new();
    for r in doc["rows"].as_array().unwrap() {
        let relation = r["relation"].as_str().unwrap();
        if relation == "Same" {
            continue;
        }
        let file = rel(r["file"].as_str().unwrap());
        if relation == "AStronger" {
            weaker.push(file.clone());
        }
        lines.push(format!(
            "{file:<60} {relation:<10} ptx.als {:<9} op:lost-pop {:<9} only ptx.als {} only op:lost-pop {}",
            r["a"].as_str().unwrap(),
            r["b"].as_str().unwrap(),
            r["only_a"].as_array().unwrap().len(),
            r["only_b"].as_array().unwrap().len(),
        ));
    }
    lines.sort();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for k in doc["skipped"].as_array().unwrap() {
        let why = k["reason"].as_str().unwrap();
        let why: String = why
            .chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect();
        *reasons
            .entry(format!("{} {why}", k["side"].as_str().unwrap()))
            .or_default() += 1;
    }
    let s = &doc["summary"];
    lines.push(String::new());
    lines.push(format!(
        "compared {} same {} ptx.als-stronger {} op:lost-pop-stronger {} incomparable {} skipped {}",
        s["compared"], s["same"], s["a_stronger"], s["b_stronger"], s["incomparable"], s["skipped"]
    ));
    for (why, n) in reasons {
        lines.push(format!("skipped {n:>4} {why}"));
    }
    weaker.sort();
    assert_eq!(
        weaker,
        [
            "Manual/MP-3-transitive.litmus",
            "Nvidia/Co-Total-3-threads-scope-diff.litmus"
        ],
        "LOST-POP allows what models/ptx.als forbids elsewhere too"
    );
    insta::assert_snapshot!("dat3m_lost_pop_vs_ptx", lines.join("\n"));
}

#[test]
fn witness_trace_and_errors() {
    let sb = fixtures("x86/SB.litmus").display().to_string();
    let o = relprove(&["litmus", "--model", "op:lost-pop", &sb]);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(t.contains("Observation SB Sometimes 1 3"), "{t}");
    assert!(t.contains("Witness SB ("), "{t}");
    assert!(t.contains("satisfy P0.1 from init#1"), "{t}");
    // `--timeout` and `--max-memory` bound an exploration too: the test is
    // reported as a limit (exit code 3), not explored past it.
    let iriw = fixtures("x86/IRIW.litmus").display().to_string();
    // `--max-states` too (issue 34: it was `unsupported`, exit code 2),
    // and `--max-states 0` is refused.
    for (flag, value, why) in [
        ("--timeout", "0.000001", "time limit (--timeout 0.000001 s)"),
        ("--max-memory", "1K", "memory limit: the exploration ("),
        ("--max-states", "10", "more than 10 states (--max-states)"),
    ] {
        let o = relprove(&[
            "litmus",
            "--model",
            "op:lost-pop",
            "--full-search",
            flag,
            value,
            &iriw,
        ]);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(3), "{t}");
        assert!(t.contains("error[limit]: gave up on test `IRIW`: "), "{t}");
        assert!(t.contains(why), "{t}");
    }
    let o = relprove(&["litmus", "--model", "op:lost-pop", "--max-states", "0", &sb]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("expected a whole number of at least 1, not `0`"));
    // Unknown operational model.
    let o = relprove(&["litmus", "--model", "op:nope", &sb]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("unknown operational model `op:nope`"));
    // x86 threads have no PTX axiomatic lowering.
    let o = relprove(&["litmus", "--model", "models/ptx.als", &sb]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("x86 threads are decided only by operational models"));
    // Sorensen's models reject what they do not define, with a location.
    let mp = root()
        .join("tests/fixtures/litmus/MP.litmus")
        .display()
        .to_string();
    let o = relprove(&["litmus", "--model", "op:sorensen", &mp]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("MP.litmus:"), "{}", text(&o));
    assert!(
        text(&o).contains("acquire/release accesses"),
        "{}",
        text(&o)
    );
}

/// Sorensen's two models against the H200: which observed outcomes each
/// forbids (a model wrong for this hardware there) and which outcomes it
/// allows that models/ptx.als forbids.
#[test]
fn h200_observations_against_sorensen() {
    let hw = root().join("../shared/hardware/h200");
    if !hw.exists() {
        println!("SKIP: ../shared/hardware/h200 absent");
        return;
    }
    let tsv = std::fs::read_to_string(hw.join("observations.tsv")).unwrap();
    let obs: BTreeMap<String, (bool, bool)> = tsv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            let seen = c[3].trim().parse::<u64>().unwrap_or(0) > 0;
            (c[0].to_string(), (c[1].starts_with("allowed"), seen))
        })
        .collect();
    let files = litmus_files(&hw.join("litmus"));
    let mut out = Vec::new();
    for model in ["op:sorensen", "op:sorensen-alt"] {
        let op = op_results(model, &files);
        let mut forbids_seen = Vec::new();
        let mut weaker = Vec::new();
        for (t, r) in &op {
            let allows = r["positive"].as_u64().unwrap() > 0;
            let (ptx_allows, seen) = obs[t];
            if seen && !allows {
                forbids_seen.push(t.as_str());
            }
            if allows && !ptx_allows {
                weaker.push(t.as_str());
            }
        }
        out.push(format!(
            "{model}: {} decided\n  forbids an outcome the H200 showed: {}\n  allows an outcome ptx.als forbids: {}",
            op.len(),
            list(&forbids_seen),
            list(&weaker)
        ));
    }
    insta::assert_snapshot!("h200_sorensen", out.join("\n"));
}

fn list(v: &[&str]) -> String {
    if v.is_empty() {
        "(none)".into()
    } else {
        v.join(", ")
    }
}
