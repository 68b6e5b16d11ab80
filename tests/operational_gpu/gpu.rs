//! `relprove gpu`: the CUDA harness (snapshots, and a compile-only check
//! when nvcc is on PATH), the dry run (sequential consistency) on the H200
//! litmus variants, the comparison classes, the SASS check, the results
//! format and the CLI's errors. CI has no GPU: nothing here needs one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use relprove_engine::diag::SourceMap;
use relprove_litmus::gpu::report::{classify, Comparison};
use relprove_litmus::gpu::{self, results, sass, sc};

const BIN: &str = env!("CARGO_BIN_EXE_relprove");
const H200: &str = "../shared/hardware/h200";

fn fixture(name: &str) -> PathBuf {
    Path::new("tests/fixtures/litmus").join(name)
}

fn load(files: &[PathBuf]) -> Vec<gpu::Loaded> {
    let mut sm = SourceMap::new();
    gpu::load_tests(files, &mut sm).unwrap_or_else(|e| panic!("{:?}", e.diagnostic()))
}

fn h200_tests() -> Option<Vec<PathBuf>> {
    let dir = Path::new(H200).join("litmus");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
        .collect();
    v.sort();
    Some(v)
}

/// The part of the .cu that is generated per test (the rest is the
/// template, the same for every harness).
fn per_test_part(cu: &str) -> &str {
    let start = cu.find("\n// ---- test").expect("a test section");
    let end = cu
        .find("static const int LT_NTESTS")
        .expect("the test table");
    &cu[start..end]
}

#[test]
fn cuda_snapshots() {
    for name in [
        "MP+ctrl.litmus",
        "MP-membar-gpu_ptx.litmus",
        "CAS-lock.litmus",
        "Atom-add.litmus",
        "SB+fence.sc.cta-same.litmus",
    ] {
        let tests = load(&[fixture(name)]);
        let gpu: Vec<_> = tests.iter().map(|t| t.gpu.clone()).collect();
        let cu = gpu::emit::cuda_source(&gpu);
        insta::assert_snapshot!(format!("cu_{name}"), per_test_part(&cu));
    }
}

#[test]
fn harness_files_and_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(["gpu", "emit", "--arch", "sm_80", "--out"])
        .arg(dir.path())
        .arg(fixture("MP.litmus"))
        .arg(fixture("SB.litmus"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cu = std::fs::read_to_string(dir.path().join("litmus.cu")).unwrap();
    // Every test a kernel; inline PTX with memory clobbers; no managed memory.
    assert!(cu.contains("extern \"C\" __global__ void lt0_MP_kernel"));
    assert!(cu.contains("extern \"C\" __global__ void lt1_SB_kernel"));
    assert!(cu.contains(": \"memory\");"));
    assert!(!cu.contains("cudaMallocManaged"));
    assert!(cu.contains("cudaMalloc("));
    let build = std::fs::read_to_string(dir.path().join("build.sh")).unwrap();
    assert!(build.contains("ARCH=\"${1:-sm_80}\""));
    assert!(build.contains("-arch=\"$ARCH\" -O3"));
    let run = std::fs::read_to_string(dir.path().join("run.sh")).unwrap();
    assert!(run.contains("-sass litmus_runner > sass.txt"));
    let m = gpu::read_manifest(dir.path()).unwrap();
    assert_eq!(m.arch, "sm_80");
    assert_eq!(m.tests.len(), 2);
    assert_eq!(m.tests[0].vars, vec!["1:r0", "1:r1"]);
}

/// Files a user may have brought back or edited are kept (issue 34):
/// `gpu run` refuses a DIR that holds results.txt (`--dry-run --out DIR`
/// replaced real GPU results), `gpu emit` refuses to replace a harness
/// file whose contents differ (a hand-edited run.sh); `--force` does both.
/// Emitting the same harness again is allowed.
#[test]
fn results_and_edited_scripts_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let emit = |force: bool| {
        let mut c = Command::new(BIN);
        c.args(["gpu", "emit", "--out"])
            .arg(d)
            .arg(fixture("MP.litmus"));
        if force {
            c.arg("--force");
        }
        c.output().unwrap()
    };
    assert!(emit(false).status.success());
    assert!(emit(false).status.success(), "the same harness again");
    std::fs::write(
        d.join("run.sh"),
        "#!/bin/sh
# my edits
",
    )
    .unwrap();
    let out = emit(false);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("run.sh") && err.contains("--force"), "{err}");
    assert!(std::fs::read_to_string(d.join("run.sh"))
        .unwrap()
        .contains("my edits"));
    assert!(emit(true).status.success());
    assert!(!std::fs::read_to_string(d.join("run.sh"))
        .unwrap()
        .contains("my edits"));
    // Results from a GPU machine: a dry run must not replace them.
    std::fs::write(
        d.join("results.txt"),
        "real results
",
    )
    .unwrap();
    let run = |force: bool| {
        let mut c = Command::new(BIN);
        c.args(["gpu", "run", "--dry-run", "--instances", "10", "--out"])
            .arg(d)
            .arg(fixture("MP.litmus"));
        if force {
            c.arg("--force");
        }
        c.output().unwrap()
    };
    let out = run(false);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("results.txt") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("results.txt")).unwrap(),
        "real results\n"
    );
    let out = run(true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(
        std::fs::read_to_string(d.join("results.txt")).unwrap(),
        "real results\n"
    );
}

/// `--arch` is pasted into build.sh and run.sh, so only architecture
/// names pass (issue 34: `sm_90$(…)` was written into the scripts inside
/// double quotes, where the command substitution runs).
#[test]
fn arch_must_be_an_architecture_name() {
    for bad in ["sm_90$(touch pwned)", "sm_", "90", "sm_90 x", "compute_8'0"] {
        let dir = tempfile::tempdir().unwrap();
        let out = Command::new(BIN)
            .args(["gpu", "emit", "--arch", bad, "--out"])
            .arg(dir.path())
            .arg(fixture("MP.litmus"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("is not a CUDA architecture"));
        assert!(!dir.path().join("build.sh").exists(), "{bad}");
    }
    for good in ["sm_90", "sm_90a", "compute_80"] {
        assert_eq!(gpu::emit::check_arch(good), Ok(good.to_string()));
    }
}

/// Thread placement: threads of one CTA share a block (and are different
/// warps of it), different CTAs are different blocks.
#[test]
fn placement_tables() {
    let t = &load(&[
        fixture("SB+fence.sc.cta-same.litmus"),
        fixture("IRIW.litmus"),
    ]);
    assert_eq!(t[0].gpu.ctas, 1);
    let cu = gpu::emit::cuda_source(&[t[0].gpu.clone(), t[1].gpu.clone()]);
    assert!(cu.contains("static const int lt0_SB_fence_sc_cta_same_cta[] = {0, 0};"));
    let iriw_ctas: BTreeSet<u32> = t[1].gpu.threads.iter().map(|th| th.cta).collect();
    assert_eq!(t[1].gpu.ctas, iriw_ctas.len());
}

#[test]
fn unsupported_tests_are_refused_with_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(["gpu", "emit", "--out"])
        .arg(dir.path())
        .arg(fixture("Bar-sync.litmus"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unsupported on the GPU harness: barriers"),
        "{err}"
    );
    assert!(err.contains("Bar-sync.litmus:"), "{err}");
    // A loop (backward jump) could spin: refused too.
    let looping = dir.path().join("loop.litmus");
    std::fs::write(
        &looping,
        "PTX Spin\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n L: | st.weak x, 1 ;\n ld.weak r0, x | ;\n beq r0, 0, L | ;\nexists (P0:r0 == 1)\n",
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["gpu", "emit", "--out"])
        .arg(dir.path())
        .arg(&looping)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("backward jump"), "{err}");
    assert!(err.contains("loop.litmus:6:"), "{err}");
}

#[test]
fn run_without_nvcc_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .env("PATH", empty.path())
        .args(["gpu", "run", "--out"])
        .arg(dir.path().join("h"))
        .arg(fixture("MP.litmus"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nvcc: not found on PATH"), "{err}");
    assert!(err.contains("--dry-run"), "{err}");
    // Nothing was written.
    assert!(!dir.path().join("h").exists());
    // An unknown incantation is refused before anything else.
    let out = Command::new(BIN)
        .args(["gpu", "run", "--stress", "mem,heat", "--out"])
        .arg(dir.path().join("h"))
        .arg(fixture("MP.litmus"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown incantation `heat`"), "{err}");
    // Bad flag values are usage errors (they were `error[io]`), and an
    // absurd time per test is saturated, not a panic.
    for (flag, value, says) in [
        ("--time-per-test", "-1", "positive number of seconds"),
        ("--time-per-test", "nan", "positive number of seconds"),
        ("--stress", "heat", "unknown incantation"),
    ] {
        let out = Command::new(BIN)
            .args(["gpu", "run", "--dry-run", flag, value, "--out"])
            .arg(dir.path().join("h"))
            .arg(fixture("MP.litmus"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(says) && !err.contains("error["),
            "{flag} {value}: {err}"
        );
        assert!(!dir.path().join("h").exists());
    }
    let out = Command::new(BIN)
        .args([
            "gpu",
            "run",
            "--dry-run",
            "--time-per-test",
            "1e300",
            "--out",
        ])
        .arg(dir.path().join("h"))
        .arg(fixture("MP.litmus"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A dry run writes no SASS: check-sass says why there is none.
    let out = Command::new(BIN)
        .args(["gpu", "check-sass"])
        .arg(dir.path().join("h"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has not been built on a GPU machine"), "{err}");
}

#[test]
fn sc_simulation_matches_enumeration() {
    let tests = load(&[
        fixture("MP.litmus"),
        fixture("SB.litmus"),
        fixture("MP+ctrl.litmus"),
        fixture("CAS-lock.litmus"),
        fixture("Atom-add.litmus"),
        fixture("IRIW.litmus"),
    ]);
    let mut rng = sc::SplitMix64::new(7);
    for t in &tests {
        let all = sc::enumerate(&t.gpu, 1_000_000).expect("small state space");
        let hist = sc::run_random(&t.gpu, 4000, &mut rng);
        assert_eq!(hist.values().sum::<u64>(), 4000);
        for st in hist.keys() {
            assert!(all.contains(st), "{}: {st:?} is not SC", t.gpu.name);
        }
        // 4000 random interleavings reach every SC outcome of these small tests.
        let seen: BTreeSet<Vec<i64>> = hist.keys().cloned().collect();
        assert_eq!(seen, all, "{}", t.gpu.name);
    }
    // Known SC facts: MP's and SB's weak outcomes are not SC; the CAS lock
    // lets exactly one thread win; atomic adds never lose an update.
    let sc_of = |i: usize| sc::enumerate(&tests[i].gpu, 1_000_000).unwrap();
    assert!(!sc_of(0).iter().any(|s| tests[0].gpu.holds(s)));
    assert!(!sc_of(1).iter().any(|s| tests[1].gpu.holds(s)));
    assert!(!sc_of(3).iter().any(|s| tests[3].gpu.holds(s)));
    assert!(sc_of(4).iter().all(|s| tests[4].gpu.holds(s)));
    // Deterministic: the same seed gives the same histogram.
    let a = sc::run_random(&tests[0].gpu, 500, &mut sc::SplitMix64::new(3));
    let b = sc::run_random(&tests[0].gpu, 500, &mut sc::SplitMix64::new(3));
    assert_eq!(a, b);
}

#[test]
fn comparison_classes() {
    assert_eq!(classify(true, 5, false), Comparison::AllowedObserved);
    assert_eq!(classify(true, 0, false), Comparison::AllowedNotObserved);
    assert_eq!(classify(false, 0, false), Comparison::ForbiddenNotObserved);
    assert_eq!(classify(false, 1, false), Comparison::ModelViolation);
    // A forbidden state outside the condition is a violation too.
    assert_eq!(classify(true, 3, true), Comparison::ModelViolation);
    assert_eq!(Comparison::ModelViolation.word(), "MODEL VIOLATION");
}

/// A synthetic histogram with MP's weak outcome, against the model: with
/// release/acquire at gpu scope the model forbids it (MODEL VIOLATION,
/// exit 1); with weak accesses it allows it.
#[test]
fn model_violation_on_a_synthetic_histogram() {
    let Some(tests) = h200_tests() else {
        println!("SKIP: {H200} not found");
        return;
    };
    let pick = |n: &str| tests.iter().find(|p| p.ends_with(n)).unwrap().clone();
    let files = [
        pick("MP+rel-acq.gpu+diffcta.litmus"),
        pick("MP+weak+diffcta.litmus"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(["gpu", "emit", "--out"])
        .arg(dir.path())
        .args(&files)
        .output()
        .unwrap();
    assert!(out.status.success());
    let hist = |name: &str| results::Record {
        name: name.into(),
        vars: vec!["1:r0".into(), "1:r1".into()],
        launches: 2,
        instances: 1000,
        seconds: 1.0,
        config: "synthetic".into(),
        histogram: BTreeMap::from([(vec![0, 0], 500), (vec![1, 1], 490), (vec![1, 0], 10)]),
    };
    let res = results::Results {
        device: "synthetic".into(),
        records: vec![hist("MP+rel-acq.gpu+diffcta"), hist("MP+weak+diffcta")],
    };
    std::fs::write(dir.path().join("results.txt"), res.render()).unwrap();
    let out = Command::new(BIN)
        .args(["gpu", "report", "--format", "json", "--observations"])
        .arg(Path::new(H200).join("observations.tsv"))
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rep: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rep["tests"][0]["comparison"], "MODEL VIOLATION");
    assert_eq!(rep["tests"][0]["condition_count"], 10);
    assert_eq!(rep["tests"][0]["sass"]["status"], "not_checked");
    assert_eq!(rep["tests"][1]["comparison"], "allowed, observed");
    assert_eq!(rep["summary"]["model_violations"], 1);
    // Beside the H200 reference: the first differs (the H200 never showed
    // it), the second is the same class.
    assert_eq!(
        rep["tests"][0]["reference"]["comparison"],
        "forbidden, not observed"
    );
    assert_eq!(rep["tests"][0]["reference"]["same_class"], false);
    assert_eq!(
        rep["tests"][1]["reference"]["comparison"],
        "allowed, observed"
    );
    assert_eq!(rep["tests"][1]["reference"]["observed"], 5073826);
    assert_eq!(rep["tests"][1]["reference"]["same_class"], true);
    assert_eq!(rep["summary"]["reference_differences"], 1);
    let text = std::fs::read_to_string(dir.path().join("report.txt")).unwrap();
    assert!(text.contains("Comparison MODEL VIOLATION"), "{text}");
    assert!(
        text.contains(
            "Reference forbidden, not observed (0 of 315414528 instances): DIFFERENT CLASS"
        ),
        "{text}"
    );
    assert!(text.contains("; 1 differ from the reference"), "{text}");
    assert!(text.contains("10        !>1:r0=1; 1:r1=0;"), "{text}");
}

/// The dry run on the 56 H200 variants: every outcome is SC, SC is within
/// the model (no violation), no weak outcome appears, the report files
/// exist and classify every test.
#[test]
fn dry_run_on_h200_variants() {
    let Some(tests) = h200_tests() else {
        println!("SKIP: {H200} not found");
        return;
    };
    assert_eq!(tests.len(), 56);
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args([
            "gpu",
            "run",
            "--dry-run",
            "--instances",
            "3000",
            "--format",
            "json",
            "--out",
        ])
        .arg(dir.path())
        .args(&tests)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rep: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rep["dry_run"], true);
    let loaded = load(&tests);
    let reps = rep["tests"].as_array().unwrap();
    assert_eq!(reps.len(), 56);
    for (t, r) in loaded.iter().zip(reps) {
        assert_eq!(r["name"], t.gpu.name.as_str());
        assert_eq!(r["instances"], 3000);
        let all = sc::enumerate(&t.gpu, 1_000_000).unwrap();
        let model: BTreeSet<Vec<i64>> =
            serde_json::from_value(r["model"]["states"].clone()).unwrap();
        // SC outcomes are a subset of the model's.
        assert!(
            all.is_subset(&model),
            "{}: an SC state the model forbids",
            t.gpu.name
        );
        for h in r["histogram"].as_array().unwrap() {
            let st: Vec<i64> = serde_json::from_value(h["state"].clone()).unwrap();
            assert!(all.contains(&st), "{}: {st:?} is not SC", t.gpu.name);
            assert_eq!(h["model_allows"], true);
        }
        // Every variant's condition is a weak (non-SC) outcome.
        assert_eq!(r["condition_count"], 0, "{}", t.gpu.name);
        let c = r["comparison"].as_str().unwrap();
        let allowed = r["model"]["condition_allowed"].as_bool().unwrap();
        assert_eq!(
            c,
            if allowed {
                "allowed, not observed"
            } else {
                "forbidden, not observed"
            }
        );
    }
    assert_eq!(rep["summary"]["model_violations"], 0);
    assert_eq!(rep["summary"]["forbidden_not_observed"], 20);
    assert_eq!(rep["summary"]["allowed_not_observed"], 36);
    for f in [
        "litmus.cu",
        "build.sh",
        "run.sh",
        "manifest.json",
        "results.txt",
        "report.json",
        "report.txt",
    ] {
        assert!(dir.path().join(f).exists(), "{f}");
    }
    let text = std::fs::read_to_string(dir.path().join("report.txt")).unwrap();
    assert!(text.contains("Summary: 56 tests on dry run"), "{text}");
    // `gpu report` on the same directory reads the results back: same report.
    let again = Command::new(BIN)
        .args(["gpu", "report", "--format", "json"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(0));
    let rep2: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(rep["tests"], rep2["tests"]);
}

/// The reference observations against the model: no violation, and the
/// recorded verdicts are relprove's.
#[test]
fn h200_observations_table() {
    if !Path::new(H200).join("observations.tsv").exists() {
        println!("SKIP: {H200} not found");
        return;
    }
    let out = Command::new(BIN)
        .args(["gpu", "observations", "--tests"])
        .arg(Path::new(H200).join("litmus"))
        .arg(Path::new(H200).join("observations.tsv"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(
        "56 tests: 22 allowed, observed; 14 allowed, not observed; 20 forbidden, not observed; 0 MODEL VIOLATION; 0 recorded verdicts differ from relprove's; 0 errors"
    ), "{text}");
    assert!(
        text.contains(
            "| MP+weak+diffcta | allowed | 308183040 | 5073826 | 16463.677 | allowed, observed |"
        ),
        "{text}"
    );
}

fn listing(regions: &[&[&str]], kernel: &str) -> String {
    let mut s = format!("\t\tFunction : {kernel}\n");
    let mut a = 0;
    let mut line = |s: &mut String, ins: &str| {
        s.push_str(&format!(
            "        /*{a:04x}*/                   {ins} ;  /* 0x000 */\n"
        ));
        a += 16;
    };
    line(&mut s, "LDG.E R2, desc[UR4][R2.64]");
    for r in regions {
        line(&mut s, "CS2R R4, SR_CLOCKLO");
        for ins in *r {
            line(&mut s, ins);
        }
        line(&mut s, "CS2R R6, SR_CLOCKLO");
        line(&mut s, "STG.E desc[UR4][R8.64], R9");
    }
    s
}

#[test]
fn sass_check() {
    let t = &load(&[
        fixture("MP+ctrl.litmus"),
        fixture("SB+fence.sc.cta-same.litmus"),
    ]);
    let mp = &t[0].gpu;
    // P0: st.weak; st.release.gpu. P1: ld.acquire.gpu; branch; ld.weak.
    let p0: &[&str] = &[
        "STG.E desc[UR4][R2.64], R5",
        "MEMBAR.ALL.GPU",
        "ERRBAR",
        "STG.E.STRONG.GPU desc[UR4][R4.64], R5",
    ];
    let p1: &[&str] = &[
        "LDG.E.STRONG.GPU R0, desc[UR4][R2.64]",
        "CCTL.IVALL",
        "ISETP.NE.AND P0, PT, R0, 0x1, PT",
        "@!P0 LDG.E R1, desc[UR4][R4.64]",
    ];
    let ok = sass::parse_listing(&listing(&[p1, p0], &format!("{}_kernel", mp.ident)));
    assert_eq!(sass::check_test(&ok, mp), sass::SassStatus::Checked);
    // The second load optimised away.
    let p1_short: &[&str] = &["LDG.E.STRONG.GPU R0, desc[UR4][R2.64]", "CCTL.IVALL"];
    let bad = sass::parse_listing(&listing(&[p0, p1_short], &format!("{}_kernel", mp.ident)));
    match sass::check_test(&bad, mp) {
        sass::SassStatus::Failed { problems } => {
            assert!(
                problems[0].contains("P1: 1 global accesses in the SASS region, 2 in the test"),
                "{problems:?}"
            )
        }
        s => panic!("{s:?}"),
    }
    // An acquire load compiled as a weak one.
    let p1_weak: &[&str] = &["LDG.E R0, desc[UR4][R2.64]", "LDG.E R1, desc[UR4][R4.64]"];
    let bad = sass::parse_listing(&listing(&[p0, p1_weak], &format!("{}_kernel", mp.ident)));
    assert!(matches!(
        sass::check_test(&bad, mp),
        sass::SassStatus::Failed { .. }
    ));
    // Weak accesses where the test has strong ones.
    let weak: &[&str] = &[
        "STG.E desc[UR4][R2.64], R5",
        "MEMBAR.SC.CTA",
        "LDG.E R0, desc[UR4][R4.64]",
    ];
    let sb = &t[1].gpu;
    let k = format!("{}_kernel", sb.ident);
    match sass::check_test(&sass::parse_listing(&listing(&[weak, weak], &k)), sb) {
        sass::SassStatus::Failed { problems } => {
            assert!(
                problems[0].contains("P0: access 1 (store) lost its strength"),
                "{problems:?}"
            )
        }
        s => panic!("{s:?}"),
    }
    // A missing marker (a thread's region merged away).
    match sass::check_test(&sass::parse_listing(&listing(&[weak], &k)), sb) {
        sass::SassStatus::Failed { problems } => {
            assert!(problems[0].contains("2 %clock markers"), "{problems:?}")
        }
        s => panic!("{s:?}"),
    }
    // A missing kernel.
    assert!(matches!(
        sass::check_test(&ok, &t[1].gpu),
        sass::SassStatus::Failed { .. }
    ));
    // SB with fence.sc.cta: the fence must be there, between the accesses.
    let f: &[&str] = &[
        "STG.E.STRONG.GPU desc[UR4][R2.64], R5",
        "MEMBAR.SC.CTA",
        "LDG.E.STRONG.GPU R0, desc[UR4][R4.64]",
    ];
    assert_eq!(
        sass::check_test(&sass::parse_listing(&listing(&[f, f], &k)), sb),
        sass::SassStatus::Checked
    );
    let late: &[&str] = &[
        "STG.E.STRONG.GPU desc[UR4][R2.64], R5",
        "LDG.E.STRONG.GPU R0, desc[UR4][R4.64]",
        "MEMBAR.SC.CTA",
    ];
    match sass::check_test(&sass::parse_listing(&listing(&[f, late], &k)), sb) {
        sass::SassStatus::Failed { problems } => {
            assert!(
                problems[0].contains("the fence after access 1 is missing"),
                "{problems:?}"
            )
        }
        s => panic!("{s:?}"),
    }
}

#[test]
fn results_format_roundtrip_and_errors() {
    let r = results::Results {
        device: "dev sm_90 sms=1".into(),
        records: vec![results::Record {
            name: "T".into(),
            vars: vec!["1:r0".into(), "x".into()],
            launches: 3,
            instances: 7,
            seconds: 0.5,
            config: "c".into(),
            histogram: BTreeMap::from([(vec![0, -1], 3), (vec![1, 2], 4)]),
        }],
    };
    let p = Path::new("r.txt");
    assert_eq!(results::Results::parse(p, &r.render()).unwrap(), r);
    let bad = r.render().replace("state 1 2 : 4", "state 1 zz : 4");
    let e = results::Results::parse(p, &bad).unwrap_err();
    let msg = e.diagnostic().message;
    assert!(
        msg.starts_with("r.txt:10:7: `zz` is not an integer value"),
        "{msg}"
    );
    let cut = r.render().replace("end\n", "");
    let msg = results::Results::parse(p, &cut)
        .unwrap_err()
        .diagnostic()
        .message;
    assert!(msg.contains("record not ended"), "{msg}");
    let wrong = r.render().replace("instances 7", "instances 8");
    let msg = results::Results::parse(p, &wrong)
        .unwrap_err()
        .diagnostic()
        .message;
    assert!(msg.contains("the histogram counts 7 instances"), "{msg}");
}

/// Compile-only check of the generated harness for sm_90 (and the SASS
/// check on its real SASS when cuobjdump is there too). Runs when nvcc is
/// on PATH; prints SKIP otherwise.
#[test]
fn nvcc_compiles_the_harness_for_sm_90() {
    let Ok(nvcc) = which::which("nvcc") else {
        println!("SKIP: nvcc not on PATH (compile-only check of the generated CUDA)");
        return;
    };
    let mut files = vec![
        fixture("MP+ctrl.litmus"),
        fixture("MP-membar-gpu_ptx.litmus"),
        fixture("CAS-lock.litmus"),
        fixture("Atom-add.litmus"),
    ];
    files.extend(h200_tests().unwrap_or_default());
    // Last: a test whose first load ptxas drops (its register is overwritten).
    files.push(PathBuf::from("tests/fixtures/gpu/Dead-load.litmus"));
    let tests = load(&files);
    let dir = tempfile::tempdir().unwrap();
    gpu::emit_harness(dir.path(), &tests, "sm_90", false).unwrap();
    let out = Command::new(&nvcc)
        .args(["-arch=sm_90", "-O3", "-c", "-o"])
        .arg(dir.path().join("litmus.o"))
        .arg(dir.path().join("litmus.cu"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "nvcc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let Ok(cuobjdump) = which::which("cuobjdump") else {
        println!("SKIP: cuobjdump not on PATH (SASS check of the compiled harness)");
        return;
    };
    let out = Command::new(cuobjdump)
        .arg("-sass")
        .arg(dir.path().join("litmus.o"))
        .output()
        .unwrap();
    if !out.status.success() {
        println!(
            "SKIP: cuobjdump failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let listing = sass::parse_listing(&String::from_utf8_lossy(&out.stdout));
    let (dead, tests) = tests.split_last().unwrap();
    match sass::check_test(&listing, &dead.gpu) {
        sass::SassStatus::Failed { problems } => assert!(
            problems[0].contains("P1: 1 global accesses in the SASS region, 2 in the test"),
            "{problems:?}"
        ),
        s => panic!("the dead load survived? {s:?}"),
    }
    for t in tests {
        assert_eq!(
            sass::check_test(&listing, &t.gpu),
            sass::SassStatus::Checked,
            "{}",
            t.gpu.name
        );
    }
}

/// The real-run path (tool detection, run.sh under the watchdog, the SASS
/// check, the report) with a fake toolchain: `nvcc` writes a fake runner
/// that copies prepared results, `cuobjdump` prints a prepared listing,
/// `nvidia-smi -L` lists one GPU. The listing has MP+ctrl's kernel intact
/// and no kernel for the SB test: SB is not reported.
#[cfg(unix)]
#[test]
fn real_run_path_with_a_fake_toolchain() {
    use std::os::unix::fs::PermissionsExt;
    let tests = load(&[
        fixture("MP+ctrl.litmus"),
        fixture("SB+fence.sc.cta-same.litmus"),
    ]);
    let bin = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let mp = &tests[0].gpu;
    let p0: &[&str] = &[
        "STG.E desc[UR4][R2.64], R5",
        "MEMBAR.ALL.GPU",
        "STG.E.STRONG.GPU desc[UR4][R4.64], R5",
    ];
    let p1: &[&str] = &[
        "LDG.E.STRONG.GPU R0, desc[UR4][R2.64]",
        "CCTL.IVALL",
        "@!P0 LDG.E R1, desc[UR4][R4.64]",
    ];
    std::fs::write(
        data.path().join("sass.txt"),
        listing(&[p0, p1], &format!("{}_kernel", mp.ident)),
    )
    .unwrap();
    let res = results::Results {
        device: "Fake GPU sm_90 sms=1".into(),
        records: vec![
            results::Record {
                name: "MP+ctrl".into(),
                vars: vec!["1:r1".into()],
                launches: 4,
                instances: 100,
                seconds: 0.5,
                config: "fake".into(),
                histogram: BTreeMap::from([(vec![7], 60), (vec![1], 40)]),
            },
            results::Record {
                name: "SB+fence.sc.cta-same".into(),
                vars: vec!["0:r0".into(), "1:r1".into()],
                launches: 4,
                instances: 100,
                seconds: 0.5,
                config: "fake".into(),
                histogram: BTreeMap::from([(vec![0, 0], 100)]),
            },
        ],
    };
    std::fs::write(data.path().join("results.txt"), res.render()).unwrap();
    let d = data.path().display();
    let scripts = [
        (
            "nvcc",
            format!(
                "#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n\
                 printf '#!/bin/sh\\necho \"$@\" > {d}/runner-args\\nwhile [ $# -gt 0 ]; do [ \"$1\" = --out ] && o=$2; shift; done\\ncp {d}/results.txt \"$o\"\\n' > \"$out\"\nchmod +x \"$out\"\n"
            ),
        ),
        ("cuobjdump", format!("#!/bin/sh\ncat {d}/sass.txt\n")),
        ("nvidia-smi", "#!/bin/sh\necho 'GPU 0: Fake GPU (UUID: GPU-0)'\n".to_string()),
    ];
    for (name, text) in scripts {
        let p = bin.path().join(name);
        std::fs::write(&p, text).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = format!("{}:/usr/bin:/bin", bin.path().display());
    let out_dir = data.path().join("h");
    let out = Command::new(BIN)
        .env("PATH", path)
        .args([
            "gpu",
            "run",
            "--time-per-test",
            "0.5",
            "--stress",
            "mem,sync",
            "--format",
            "json",
            "--out",
        ])
        .arg(&out_dir)
        .arg(fixture("MP+ctrl.litmus"))
        .arg(fixture("SB+fence.sc.cta-same.litmus"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rep: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rep["dry_run"], false);
    assert_eq!(rep["device"], "Fake GPU sm_90 sms=1");
    assert_eq!(rep["tests"][0]["sass"]["status"], "checked");
    assert_eq!(rep["tests"][0]["comparison"], "forbidden, not observed");
    assert_eq!(rep["tests"][0]["instances"], 100);
    // SB's outcome would be a violation, but its SASS is missing: refused.
    assert_eq!(rep["tests"][1]["sass"]["status"], "failed");
    assert!(rep["tests"][1]["comparison"].is_null());
    assert!(rep["tests"][1]["histogram"].as_array().unwrap().is_empty());
    assert!(rep["tests"][1]["not_reported"]
        .as_str()
        .unwrap()
        .starts_with("SASS check failed"));
    assert_eq!(rep["summary"]["not_reported"], 1);
    assert!(out_dir.join("run.log").exists());
    let args = std::fs::read_to_string(data.path().join("runner-args")).unwrap();
    assert_eq!(
        args.trim(),
        "--time 0.5 --out results.txt --stress mem,sync"
    );
    assert!(out_dir.join("sass.txt").exists());
    // `gpu check-sass` on the directory says the same.
    let out = Command::new(BIN)
        .args(["gpu", "check-sass"])
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("MP+ctrl: ok"), "{text}");
    assert!(
        text.contains("SB+fence.sc.cta-same: FAILED: no function"),
        "{text}"
    );
}

/// The harness's placement code (plain C++, extracted from the generated
/// .cu) compiled with the host C++ compiler and run on the CPU: for
/// several scope trees, with and without randomisation, every instance has
/// each test thread once, same-CTA threads share a block in different
/// warps, different CTAs are different blocks (the harness's own
/// self-check, which must also catch a corrupted table: exit 5). Runs when
/// `c++` is on PATH; prints SKIP otherwise.
#[test]
fn placement_runs_on_the_cpu() {
    let Ok(cxx) = which::which("c++").or_else(|_| which::which("g++")) else {
        println!("SKIP: no C++ compiler on PATH (placement check on the CPU)");
        return;
    };
    let tests = load(&[fixture("MP.litmus")]);
    let cu = gpu::emit::cuda_source(&[tests[0].gpu.clone()]);
    let start = cu.find("placement (plain C++)").unwrap();
    let start = cu[..start].rfind('\n').unwrap();
    let end = cu.find("end placement --").unwrap();
    let section = &cu[start..end];
    let driver = format!(
        r#"#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>
{section}
int main(int argc, char **argv) {{
  struct Case {{ std::vector<int> cta; int W; int G; }};
  std::vector<Case> cases = {{
    {{{{0, 1}}, 8, 5}}, {{{{0, 0}}, 8, 5}}, {{{{0, 1, 2, 3}}, 8, 3}}, {{{{0, 0, 0, 0}}, 8, 4}},
    {{{{0, 0, 1}}, 5, 4}}, {{{{1, 0, 1, 0}}, 3, 2}}, {{{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, 32, 2}},
  }};
  long long placed = 0;
  for (auto &c : cases) {{
    int T = (int)c.cta.size(), nctas = 0;
    for (int x : c.cta) nctas = x + 1 > nctas ? x + 1 : nctas;
    int K = lt_max_per_cta(T, c.cta.data(), nctas);
    int W = c.W > K ? c.W : K, per_role = (W / K) * 32, N = c.G * per_role, NB = c.G * nctas + 3;
    for (int rep = 0; rep < 20; rep++) {{
      std::vector<int> role;
      lt_place(T, c.cta.data(), nctas, W, K, c.G, per_role, NB, rep > 0, role);
      if (argc > 1 && T == 2 && c.cta[0] == c.cta[1]) {{
        // Corrupt: move instance 0's P1 into P0's warp.
        size_t a = 0, b = 0;
        for (size_t g = 0; g < role.size(); g++) {{
          if (role[g] == 0) a = g;
          if (role[g] == 1) b = g;
        }}
        size_t c2 = (a / 32) * 32 + (a % 32 + 1) % 32;
        std::swap(role[b], role[c2]);
      }}
      lt_check_placement("case", T, c.cta.data(), role, W * 32, N);
      long long n = 0;
      for (int r : role) n += r >= 0;
      if (n != (long long)N * T) {{ printf("wrong count\n"); return 1; }}
      placed += n;
    }}
  }}
  printf("placement ok: %lld threads placed\n", placed);
  return 0;
}}
"#
    );
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("place.cpp");
    std::fs::write(&src, driver).unwrap();
    let exe = dir.path().join("place");
    let out = Command::new(cxx)
        .args(["-std=c++14", "-O1", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(text.starts_with("placement ok"), "{text}");
    let bad = Command::new(&exe).arg("corrupt").output().unwrap();
    assert_eq!(
        bad.status.code(),
        Some(5),
        "{}",
        String::from_utf8_lossy(&bad.stdout)
    );
    assert!(String::from_utf8_lossy(&bad.stderr).contains("placement error"));
}
