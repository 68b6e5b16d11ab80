//! Dat3M's Vulkan litmus tests (`VULKAN name …`) against Khronos's
//! spirv.als: Dat3M's expected tables (`../shared/peers/dat3m-vulkan/
//! expected/*.csv`, read in place) reproduced row by row, the reader's
//! errors, and the lowering's corner cases (spin loops, thin-air values,
//! control barriers of other workgroups).
//!
//! CI runs the Kronos-Group and Barrier rows of VULKAN-expected.csv, the
//! Data-Race folder's rows of VULKAN-DR-expected.csv and both NOCHAINS
//! tables; RELPROVE_VULKAN_ALL=1 runs every row of both large tables.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) use super::corpus::shared;

pub(crate) fn relprove() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relprove"))
}

fn spirv() -> Option<PathBuf> {
    shared("peers/vulkan-memorymodel/alloy/spirv.als")
}

/// Rows of a Dat3M table: test file → PASS (1) or FAIL (0).
pub(crate) fn table(dat3m: &Path, name: &str) -> BTreeMap<PathBuf, bool> {
    let text = std::fs::read_to_string(dat3m.join("expected").join(name)).unwrap();
    text.lines()
        .filter_map(|l| l.split_once(','))
        .map(|(f, v)| (dat3m.join(f.trim()), v.trim() == "1"))
        .collect()
}

/// Why a row of the tables is not compared: spirv.als cannot state the
/// test, the two formalisations differ (docs/vulkan.md analyses each), or
/// the test needs more than CI's time. Matched against the file's path.
const NOT_COMPARED: [(&str, &str); 6] = [
    (
        "Manual/storage-class-",
        "storage classes sc2/sc3 or named barriers: not in spirv.als",
    ),
    (
        "Barrier/quorum",
        "named barriers (id, quorum): not in spirv.als",
    ),
    (
        "Manual/XF-Barrier",
        "the table names a file the folder does not have",
    ),
    (
        "Manual/xf-barrier",
        "16.9M variables per program: beyond a CI run (memory)",
    ),
    ("Manual/ticketlock", "66 programs, about a minute each test"),
    (
        "Manual/CoWW-RR",
        "Khronos's model forbids it, Dat3M's vulkan.cat allows it (docs/vulkan.md)",
    ),
];

fn skipped(f: &Path) -> Option<&'static str> {
    let s = f.display().to_string();
    NOT_COMPARED
        .iter()
        .find(|(p, _)| s.contains(p))
        .map(|(_, why)| *why)
}

fn run(model: &Path, flags: &[&str], files: &[&PathBuf]) -> Output {
    relprove()
        // Every row (RELPROVE_VULKAN_ALL) includes the ticketlocks, 66
        // candidate programs each, run beside the other tables' tests.
        .args(["litmus", "--format", "json", "--timeout"])
        .arg(if all() { "600" } else { "120" })
        .arg("--model")
        .arg(model)
        .args(flags)
        .args(files)
        .output()
        .unwrap()
}

/// Decide `rows` with `flags` and compare each verdict with the table.
fn reproduce(rows: &BTreeMap<PathBuf, bool>, flags: &[&str]) {
    let Some(model) = spirv() else { return };
    let files: Vec<&PathBuf> = rows.keys().filter(|f| skipped(f).is_none()).collect();
    reproduce_with(&model, rows, &files, flags);
}

/// Decide `files` (rows of `rows`) under `model` with `flags` and compare
/// each verdict with the table.
pub(crate) fn reproduce_with(
    model: &Path,
    rows: &BTreeMap<PathBuf, bool>,
    files: &[&PathBuf],
    flags: &[&str],
) {
    assert!(!files.is_empty());
    let out = run(model, flags, files);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)));
    // The output follows its committed schema (docs/json.md).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("docs/json/litmus-vulkan.schema.json")).unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    assert!(v.is_valid(&doc), "{doc:#}");
    let mut wrong = Vec::new();
    for t in doc["tests"].as_array().unwrap() {
        let f = PathBuf::from(t["file"].as_str().unwrap());
        let want = rows[&f];
        let got = match t["verdict"].as_str() {
            Some("Ok") | Some("race-free") => Some(true),
            Some("No") | Some("racy") => Some(false),
            _ => None,
        };
        if got != Some(want) {
            wrong.push(format!("{}: expected {want}, got {t}", f.display()));
        }
    }
    assert_eq!(doc["tests"].as_array().unwrap().len(), files.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

pub(crate) fn all() -> bool {
    std::env::var_os("RELPROVE_VULKAN_ALL").is_some()
}

#[test]
fn dat3m_vulkan_table_is_reproduced() {
    let dat3m = need!("peers/dat3m-vulkan");
    let mut rows = table(&dat3m, "VULKAN-expected.csv");
    if !all() {
        rows.retain(|f, _| {
            let s = f.display().to_string();
            s.contains("/Kronos-Group/") || s.contains("/Barrier/")
        });
    }
    reproduce(&rows, &[]);
}

#[test]
fn dat3m_vulkan_race_table_is_reproduced() {
    let dat3m = need!("peers/dat3m-vulkan");
    let mut rows = table(&dat3m, "VULKAN-DR-expected.csv");
    if !all() {
        rows.retain(|f, _| f.display().to_string().contains("/Data-Race/"));
    }
    reproduce(&rows, &["--check", "races"]);
}

#[test]
fn dat3m_vulkan_nochains_tables_are_reproduced() {
    let dat3m = need!("peers/dat3m-vulkan");
    reproduce(
        &table(&dat3m, "VULKAN-NOCHAINS-expected.csv"),
        &["--no-chains"],
    );
    reproduce(
        &table(&dat3m, "VULKAN-DR-NOCHAINS-expected.csv"),
        &["--no-chains", "--check", "races"],
    );
}

fn decide(text: &str, flags: &[&str]) -> (Option<i32>, String, String) {
    let Some(model) = spirv() else {
        return (None, String::new(), String::new());
    };
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.litmus");
    std::fs::write(&f, text).unwrap();
    let out = relprove()
        .args(["litmus", "--model"])
        .arg(&model)
        .args(flags)
        .arg(&f)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A spin loop that only its own later iteration ends: the value it
/// waits for is written by an iteration that never completes on a path
/// the first round of value discovery finds (it found no path before).
#[test]
fn spin_loops_and_thin_air_values() {
    if spirv().is_none() {
        return;
    }
    let spin = "VULKAN spin\n{\nm=0;\n}\n P0@sg 0,wg 0, qf 0 ;\nLC00: ;\n rmw.atom.wg.sc0 r0, m, 1 ;\n bne r0, 1, LC00 ;\nexists (P0:r0 == 1)\n";
    let (code, out, err) = decide(spin, &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("spin Ok"), "{out}");
    // Beyond the unrolling bound the loop never ends: no execution.
    let (_, out, _) = decide(spin, &["--unroll", "1"]);
    assert!(out.contains("spin No"), "{out}");
    // A value no write produces unless the model allows the cycle that
    // justifies it (Khronos's model does not forbid this one; Dat3M's
    // table says Ok for Manual/OOTA.litmus too).
    let oota = "VULKAN oota\n{\nx=0; y=0;\n}\n P0@sg 0, wg 0, qf 0 | P1@sg 0, wg 0, qf 0 ;\n ld.atom.wg.sc0 r0, x | ld.atom.wg.sc0 r1, y ;\n st.atom.wg.sc0 y, r0 | st.atom.wg.sc0 x, r1 ;\nexists (P0:r0 == 42 /\\ P1:r1 == 42)\n";
    let (_, out, err) = decide(oota, &[]);
    assert!(out.contains("oota Ok"), "{out}{err}");
    // 43 never appears: the condition's constants are the candidates.
    let (_, out, _) = decide(&oota.replace("P1:r1 == 42", "P1:r1 == 43"), &[]);
    assert!(out.contains("oota No"), "{out}");
}

/// The same barrier instance number in two workgroups is two instances
/// (Barrier/barrier-not-inscope.litmus: Dat3M says No).
#[test]
fn control_barriers_synchronize_within_a_workgroup() {
    if spirv().is_none() {
        return;
    }
    let t = |wg: u32| {
        format!("VULKAN b\n{{\nx=0;\n}}\n P0@sg 0, wg 0, qf 0 | P1@sg 1, wg {wg}, qf 0 ;\n st.av.dv.sc0 x, 1 | cbar.acq_rel.dv.semsc0 1 ;\n cbar.acq_rel.dv.semsc0 1 | ld.vis.dv.sc0 r0, x ;\nforall (P1:r0 == 1)\n")
    };
    let (_, same, e1) = decide(&t(0), &[]);
    assert!(same.contains("b Ok"), "{same}{e1}");
    let (_, other, e2) = decide(&t(1), &[]);
    assert!(other.contains("b No"), "{other}{e2}");
}

#[test]
fn bad_vulkan_tests_are_refused_at_their_position() {
    if spirv().is_none() {
        return;
    }
    let base = "VULKAN bad\n{\nx=0;\n}\n P0@sg 0, wg 0, qf 0 ;\n INSTR ;\nexists (x == 1)\n";
    for (instr, says) in [
        ("st.sc2 x, 1", "storage class tag SC2"),
        ("st.bogus.sc0 x, 1", "unknown tag `bogus`"),
        ("frob x, 1", "unknown instruction `frob`"),
        ("cbar.wg 1, 2, 3", "named barriers"),
        ("ld.sc0 r0", "expected `ld.TAGS REG, LOCATION`"),
        ("goto LC9", "no label LC9"),
    ] {
        let (code, out, err) = decide(&base.replace("INSTR", instr), &[]);
        assert_eq!(code, Some(2), "{instr}: {out}{err}");
        assert!(err.contains(says), "{instr}: {err}");
        assert!(err.contains("t.litmus:6:"), "{instr}: {err}");
    }
    // A filter without a condition asks for --check races.
    let (code, _, err) = decide(
        &base
            .replace("INSTR", "st.sc0 x, 1")
            .replace("exists", "filter"),
        &[],
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("--check races"), "{err}");
}
