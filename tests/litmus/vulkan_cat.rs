//! Dat3M's Vulkan tests under Dat3M's own cat models (`vulkan.cat`,
//! `vulkan-nochains.cat`): Dat3M's four expected tables reproduced row by
//! row, Khronos's spirv.als compared with vulkan.cat, and the errors a cat
//! model of the wrong kind gives.
//!
//! CI runs the Kronos-Group, Barrier, storage-class and CoWW-RR rows of
//! VULKAN-expected.csv, the Data-Race and Barrier rows of
//! VULKAN-DR-expected.csv and both NOCHAINS tables; RELPROVE_VULKAN_ALL=1
//! runs every row of both large tables.

use std::path::{Path, PathBuf};

use super::vulkan_dat3m::{all, relprove, reproduce_with, shared, table};

/// Rows not compared under the cat models, and why.
const NOT_COMPARED: [(&str, &str); 1] = [(
    "Manual/XF-Barrier",
    "the table names a file the folder does not have",
)];

fn compared(f: &Path) -> bool {
    let s = f.display().to_string();
    !NOT_COMPARED.iter().any(|(p, _)| s.contains(p))
}

/// Decide the table's rows under the model `cat` (in Dat3M's cat folder),
/// those whose path contains one of `sample` (all of them under
/// RELPROVE_VULKAN_ALL).
fn reproduce(table_name: &str, cat: &str, sample: &[&str], flags: &[&str]) {
    let dat3m = need!("peers/dat3m-vulkan");
    let rows = table(&dat3m, table_name);
    let files: Vec<&PathBuf> = rows
        .keys()
        .filter(|f| compared(f))
        .filter(|f| {
            let s = f.display().to_string();
            all() || sample.iter().any(|p| s.contains(p))
        })
        .collect();
    reproduce_with(&dat3m.join("cat").join(cat), &rows, &files, flags);
}

#[test]
fn vulkan_cat_reproduces_dat3m_vulkan_table() {
    reproduce(
        "VULKAN-expected.csv",
        "vulkan.cat",
        &[
            "/Kronos-Group/",
            "/Barrier/",
            "/Manual/storage-class-",
            "/Manual/CoWW-RR",
        ],
        &[],
    );
}

#[test]
fn vulkan_cat_reproduces_dat3m_race_table() {
    reproduce(
        "VULKAN-DR-expected.csv",
        "vulkan.cat",
        &["/Data-Race/", "/Barrier/"],
        &["--check", "races"],
    );
}

#[test]
fn vulkan_nochains_cat_reproduces_dat3m_nochains_tables() {
    reproduce(
        "VULKAN-NOCHAINS-expected.csv",
        "vulkan-nochains.cat",
        &[""],
        &[],
    );
    reproduce(
        "VULKAN-DR-NOCHAINS-expected.csv",
        "vulkan-nochains.cat",
        &[""],
        &["--check", "races"],
    );
}

/// Khronos's spirv.als and Dat3M's vulkan.cat differ on CoWW-RR only
/// among these tests (docs/cat.md explains it), and `compare` says so.
#[test]
fn spirv_als_and_vulkan_cat_compared() {
    let dat3m = need!("peers/dat3m-vulkan");
    let spirv = need!("peers/vulkan-memorymodel/alloy/spirv.als");
    let v = dat3m.join("litmus/VULKAN");
    let dir = tempfile::tempdir().unwrap();
    let expect = dir.path().join("expect-diff");
    std::fs::write(
        &expect,
        "# spirv.als forbids it, vulkan.cat allows it\nCoWW-RR A-stronger\n",
    )
    .unwrap();
    let out = relprove()
        .args(["compare", "--format", "json", "--model"])
        .arg(&spirv)
        .arg("--model")
        .arg(dat3m.join("cat/vulkan.cat"))
        .arg("--expect-diff")
        .arg(&expect)
        .arg(v.join("Manual/CoWW-RR.litmus"))
        .arg(v.join("Kronos-Group/mp.litmus"))
        .arg(v.join("Kronos-Group/asmo.litmus"))
        .arg(v.join("Data-Race/mp-filter.litmus"))
        .arg(v.join("Manual/storage-class-1.litmus"))
        .arg(v.join("Barrier/quorum1-pass.litmus"))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(out.status.code(), Some(0), "{doc:#}");
    // The document follows compare's committed schema (docs/json.md).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("docs/json/compare.schema.json")).unwrap(),
    )
    .unwrap();
    assert!(
        jsonschema::validator_for(&schema).unwrap().is_valid(&doc),
        "{doc:#}"
    );
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4, "{doc:#}");
    let coww = rows.iter().find(|r| r["test"] == "CoWW-RR").unwrap();
    assert_eq!(coww["a"], "No");
    assert_eq!(coww["b"], "Ok");
    assert_eq!(coww["relation"], "AStronger");
    let races = rows
        .iter()
        .find(|r| r["file"].as_str().unwrap().ends_with("mp-filter.litmus"));
    assert_eq!(races.unwrap()["a"], "race-free", "{doc:#}");
    // spirv.als has no storage class 2 and no named barriers with a
    // quorum: skipped on side A, with the reason.
    let skipped = doc["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 2, "{doc:#}");
    let side = |name: &str| {
        skipped
            .iter()
            .find(|s| s["file"].as_str().unwrap().contains(name))
            .unwrap_or_else(|| panic!("{name} not skipped: {doc:#}"))
    };
    assert_eq!(side("storage-class-1")["side"], "A");
    assert!(side("storage-class-1")["reason"]
        .as_str()
        .unwrap()
        .contains("storage class"));
    assert_eq!(side("quorum1-pass")["side"], "A");
    assert!(side("quorum1-pass")["reason"]
        .as_str()
        .unwrap()
        .contains("quorum"));
}

fn litmus(model: &Path, flags: &[&str], test: &Path) -> (Option<i32>, String) {
    let out = relprove()
        .arg("litmus")
        .arg("--model")
        .arg(model)
        .args(flags)
        .arg(test)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn cat_models_of_the_wrong_kind_are_refused() {
    let dat3m = need!("peers/dat3m-vulkan");
    let ptx_cat = need!("peers/dat3m-ptx/cat/ptx-v7.5.cat");
    let ptx_test = need!("peers/dat3m-ptx/litmus/PTX/Manual/Atom-plus-register.litmus");
    let vulkan_cat = dat3m.join("cat/vulkan.cat");
    let mp = dat3m.join("litmus/VULKAN/Kronos-Group/mp.litmus");
    // A PTX cat model on a Vulkan test, a Vulkan one on a PTX test.
    let (code, out) = litmus(&ptx_cat, &[], &mp);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("need a cat model of Vulkan"), "{out}");
    let (code, out) = litmus(&vulkan_cat, &[], &ptx_test);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("decides Dat3M's Vulkan tests"), "{out}");
    // Khronos's own tests are formulas over spirv.als's fields.
    if let Some(khronos) = shared("peers/vulkan-memorymodel/alloy/tests/mp.test") {
        let (code, out) = litmus(&vulkan_cat, &[], &khronos);
        assert_eq!(code, Some(2), "{out}");
        assert!(out.contains("formulas over spirv.als's fields"), "{out}");
    }
    // The cat model says whether chains are supported.
    let (code, out) = litmus(&vulkan_cat, &["--no-chains"], &mp);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("vulkan-nochains.cat"), "{out}");
    // Race checks need a flag.
    let dir = tempfile::tempdir().unwrap();
    let noflag = dir.path().join("noflag.cat");
    let text = std::fs::read_to_string(&vulkan_cat).unwrap();
    let cut = text.find("flag ~empty").expect("vulkan.cat has a flag");
    std::fs::write(&noflag, &text[..cut]).unwrap();
    let (code, out) = litmus(&noflag, &["--check", "races"], &mp);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("has no `flag`"), "{out}");
    // Without the flag the model still decides conditions.
    let (code, out) = litmus(&noflag, &[], &mp);
    assert_eq!(code, Some(0), "{out}");
    // An unknown tag is an error at its position in the model.
    let bad = dir.path().join("bad.cat");
    std::fs::write(&bad, "VULKAN\nlet x = po & SC9\nacyclic x\n").unwrap();
    let (code, out) = litmus(&bad, &[], &mp);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("bad.cat:2:"), "{out}");
}

/// `--graph DIR` draws the execution that decided a Dat3M Vulkan test, under
/// either model: threads, program order, reads-from and coherence (`co`
/// under a cat model, spirv.als's `asmo`); a test no execution decides
/// (an `exists` that is No) is not drawn.
#[test]
fn vulkan_executions_are_drawn() {
    let dat3m = need!("peers/dat3m-vulkan");
    let spirv = need!("peers/vulkan-memorymodel/alloy/spirv.als");
    let v = dat3m.join("litmus/VULKAN");
    let coww = v.join("Manual/CoWW-RR.litmus");
    let rs = v.join("Kronos-Group/releaseseq1.litmus");
    let dir = tempfile::tempdir().unwrap();
    let run = |model: &Path, out: &str| {
        let o = relprove()
            .args(["litmus", "--format", "json", "--graph"])
            .arg(dir.path().join(out))
            .arg("--model")
            .arg(model)
            .arg(&coww)
            .arg(&rs)
            .output()
            .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&o.stderr)));
        assert_eq!(o.status.code(), Some(0), "{doc:#}");
        doc
    };
    // vulkan.cat allows CoWW-RR: the execution reads x = 2, then x = 1.
    let doc = run(&dat3m.join("cat/vulkan.cat"), "cat");
    assert!(doc["tests"][0]["graph"].is_string(), "{doc:#}");
    let dot = std::fs::read_to_string(dir.path().join("cat/CoWW-RR.dot")).unwrap();
    assert!(dot.contains("\"E0\" [label=\"E0: st.sc0 x = 1\"]"), "{dot}");
    assert!(dot.contains("\"E1\" -> \"E2\" [label=\"rf\""), "{dot}");
    assert!(dot.contains("\"E0\" -> \"E3\" [label=\"rf\""), "{dot}");
    assert!(dot.contains("\"E0\" -> \"E1\" [label=\"co\""), "{dot}");
    // spirv.als forbids it: nothing to draw; releaseseq1 is drawn with asmo.
    let doc = run(&spirv, "spirv");
    assert!(doc["tests"][0].get("graph").is_none(), "{doc:#}");
    assert!(!dir.path().join("spirv/CoWW-RR.dot").exists());
    let dot = std::fs::read_to_string(dir.path().join("spirv/releaseseq1.dot")).unwrap();
    assert!(dot.contains("[label=\"asmo\""), "{dot}");
    assert!(dot.contains("[label=\"rf\""), "{dot}");
}
