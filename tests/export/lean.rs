//! Lean 4 export: snapshots of the generated files (every fixture the Coq
//! tests use, and every models/*.als), `lake build` on an export (when `lake`
//! is on PATH; otherwise the test says SKIP), no `sorry` in generated
//! definition files or in the library, static well-formedness checks that
//! need no toolchain, and the overwrite rules through the CLI.
//!
//! No Lean toolchain exists on the machines this project is developed on,
//! so the `lake build` test is the only place the Lean text is type-checked;
//! everything else here checks what can be checked without Lean.

use std::path::{Path, PathBuf};
use std::process::Command as Proc;

use relprove_engine::diag::SourceMap;
use relprove_engine::ir::Model;
use relprove_proof::export::{self, lean, Action, ExportOptions, FileKind, GeneratedFile};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn theories() -> PathBuf {
    root().join("theories")
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures").join(name)
}

fn load(path: &Path, sources: &mut SourceMap) -> Model {
    relprove_engine::resolve::load_model(
        path,
        sources,
        &relprove_engine::resolve::LoadOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}", relprove_engine::diag::render(sources, &d, false)))
}

fn generate(path: &Path) -> Vec<GeneratedFile> {
    let mut sources = SourceMap::new();
    let model = load(path, &mut sources);
    lean::generate(&model, &sources).unwrap_or_else(|e| {
        panic!(
            "{}: {}",
            path.display(),
            relprove_engine::diag::render(&sources, &e.0, false)
        )
    })
}

fn opts(dir: &Path) -> ExportOptions {
    ExportOptions {
        out_dir: dir.to_path_buf(),
        force: false,
        theories: Some(theories()),
        prove: None,
    }
}

fn export_file(path: &Path, dir: &Path) -> export::ExportReport {
    let mut sources = SourceMap::new();
    let model = load(path, &mut sources);
    export::write_lean(&model, &sources, &opts(dir))
        .unwrap_or_else(|e| panic!("{}", relprove_engine::diag::render(&sources, &e.0, false)))
}

/// The models under models/ (sorted), or None when there is no such directory.
fn models() -> Option<Vec<PathBuf>> {
    let rd = std::fs::read_dir(root().join("models")).ok()?;
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "als"))
        .collect();
    paths.sort();
    Some(paths)
}

/// Lean text with comments and string literals removed (block comments nest).
fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut k = 0;
    let mut depth = 0usize;
    while k < b.len() {
        if b[k..].starts_with(b"/-") {
            depth += 1;
            k += 2;
        } else if depth > 0 && b[k..].starts_with(b"-/") {
            depth -= 1;
            k += 2;
        } else if depth > 0 {
            k += 1;
        } else if b[k..].starts_with(b"--") {
            while k < b.len() && b[k] != b'\n' {
                k += 1;
            }
        } else if b[k] == b'"' {
            k += 1;
            while k < b.len() && b[k] != b'"' {
                k += 1;
            }
            k += 1;
        } else {
            let c = text[k..].chars().next().unwrap();
            out.push(c);
            k += c.len_utf8();
        }
    }
    assert_eq!(depth, 0, "unclosed block comment");
    out
}

/// Checks that need no Lean toolchain: comments close, brackets balance,
/// no Coq syntax leaked, every `def`/`theorem`/`structure` name is new, and
/// every `namespace` is closed.
fn well_formed(name: &str, text: &str) {
    let code = strip_comments(text);
    let mut stack = Vec::new();
    for (k, c) in code.char_indices() {
        match c {
            '(' | '[' | '{' | '⟨' => stack.push(c),
            ')' | ']' | '}' | '⟩' => {
                let open = stack
                    .pop()
                    .unwrap_or_else(|| panic!("{name}: unmatched {c:?} at {k}"));
                let want = match c {
                    ')' => '(',
                    ']' => '[',
                    '}' => '{',
                    _ => '⟨',
                };
                assert_eq!(open, want, "{name}: {open:?} closed by {c:?} at byte {k}");
            }
            _ => {}
        }
    }
    assert!(stack.is_empty(), "{name}: unclosed {stack:?}");
    for coq in [
        "/\\",
        "\\/",
        "Definition ",
        "Record ",
        "Require ",
        "(*",
        "*)",
        " <> ",
        "Qed",
        "forall ",
        "exists ",
    ] {
        assert!(
            !code.contains(coq),
            "{name}: Coq syntax {coq:?} in Lean output:\n{text}"
        );
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut namespaces = Vec::new();
    for line in code.lines() {
        for kw in ["def ", "theorem ", "structure ", "inductive "] {
            if let Some(rest) = line.strip_prefix(kw) {
                let id: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
                assert!(seen.insert(id.clone()), "{name}: `{id}` declared twice");
            }
        }
        if let Some(ns) = line.strip_prefix("namespace ") {
            namespaces.push(ns.trim().to_string());
        }
        if let Some(ns) = line.strip_prefix("end ") {
            assert_eq!(
                namespaces.pop().as_deref(),
                Some(ns.trim()),
                "{name}: `end {ns}` does not close the open namespace"
            );
        }
    }
    assert!(
        namespaces.is_empty(),
        "{name}: namespaces left open: {namespaces:?}"
    );
}

fn assert_no_sorry(name: &str, text: &str) {
    let code = strip_comments(text);
    for bad in ["sorry", "admit", "axiom ", "Axiom"] {
        assert!(!code.contains(bad), "{name} contains `{bad}`:\n{text}");
    }
}

fn check_files(files: &[GeneratedFile]) {
    for f in files {
        well_formed(&f.name, &f.contents);
        match f.kind {
            FileKind::Definitions => {
                assert_no_sorry(&f.name, &f.contents);
                assert_eq!(lean::header_intact(&f.contents), Some(true), "{}", f.name);
            }
            FileKind::Proofs => {
                // A skeleton: one `sorry` per check theorem, nothing else.
                let code = strip_comments(&f.contents);
                assert_eq!(
                    code.matches("sorry").count(),
                    f.theorems.len(),
                    "{}",
                    f.contents
                );
                assert_eq!(
                    code.matches("theorem ").count(),
                    f.theorems.len(),
                    "{}",
                    f.contents
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// snapshots

#[test]
fn fixtures_snapshot() {
    for fx in ["family", "misc", "uses", "graph"] {
        let files = generate(&fixture(&format!("{fx}.als")));
        check_files(&files);
        for file in &files {
            insta::assert_snapshot!(format!("{fx}__{}", file.name), file.contents);
        }
    }
}

#[test]
fn uses_layout() {
    let files = generate(&fixture("uses.als"));
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["graph_module.lean", "uses.lean", "uses_proofs.lean"]
    );
    let root = &files[1].contents;
    assert!(
        root.contains("import graph_module\n") && root.contains("open graph_module\n"),
        "{root}"
    );
    assert!(
        root.contains("structure Instance (A : Type) : Type where\n  m_graph : graph_Inst A\n"),
        "{root}"
    );
    assert!(root.contains("def some_root_statement : Prop :="), "{root}");
}

/// Every model under models/ exports, passes the static checks, and has
/// snapshots of its files.
#[test]
fn models_snapshot() {
    let Some(paths) = models() else {
        println!("SKIP: no models/ directory");
        return;
    };
    let mut shared = std::collections::BTreeMap::new();
    for p in &paths {
        // A model the Coq export refuses (integer arithmetic, ...) is refused
        // here too, with the same diagnostics; anything else must export.
        let mut sources = SourceMap::new();
        let model = load(p, &mut sources);
        let files = match lean::generate(&model, &sources) {
            Ok(files) => files,
            Err(e) => {
                let coq = relprove_proof::export::coq::generate(&model, &sources);
                assert!(
                    coq.is_err(),
                    "{}: the Lean export refuses what the Coq export accepts: {}",
                    p.display(),
                    relprove_engine::diag::render(&sources, &e.0, false)
                );
                println!(
                    "SKIP {}: not exportable: {}",
                    p.display(),
                    relprove_engine::diag::render(&sources, &e.0, false)
                );
                continue;
            }
        };
        check_files(&files);
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        for file in &files {
            // An opened module's file is shared by every model that opens
            // it: the same contents whoever exports it, one snapshot.
            if let Some(module) = file.name.strip_suffix("_module.lean") {
                match shared.get(&file.name) {
                    Some(first) => assert_eq!(
                        *first,
                        file.contents,
                        "{}: {} differs from another model's",
                        p.display(),
                        file.name
                    ),
                    None => {
                        insta::assert_snapshot!(format!("models__module__{module}"), file.contents);
                        shared.insert(file.name.clone(), file.contents.clone());
                    }
                }
                continue;
            }
            insta::assert_snapshot!(format!("models__{stem}__{}", file.name), file.contents);
        }
    }
    assert!(
        shared.contains_key("util_module.lean"),
        "{:?}",
        shared.keys()
    );
}

#[test]
fn export_is_deterministic() {
    for fx in ["family", "misc", "uses"] {
        assert_eq!(
            generate(&fixture(&format!("{fx}.als"))),
            generate(&fixture(&format!("{fx}.als")))
        );
    }
}

#[test]
fn alloy_source_is_in_comments() {
    let files = generate(&fixture("misc.als"));
    let misc = &files
        .iter()
        .find(|f| f.name == "misc.lean")
        .unwrap()
        .contents;
    assert!(
        misc.contains("/- pred reach[a, b: Node] { b in a.*next } -/\ndef reach "),
        "{misc}"
    );
    assert!(
        misc.contains("/- assert wrong { no Leaf } -/\ndef wrong_statement : Prop :="),
        "{misc}"
    );
    let proofs = &files
        .iter()
        .find(|f| f.name == "misc_proofs.lean")
        .unwrap()
        .contents;
    assert!(
        proofs.contains("theorem wrong_fails : ¬ wrong_statement := by"),
        "{proofs}"
    );
    assert!(
        proofs.contains("theorem succs_next_holds : succs_next_statement := by"),
        "{proofs}"
    );
}

#[test]
fn comment_delimiters_in_alloy_text_are_neutralised() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.als");
    std::fs::write(&path, "sig A { f: set A }\nfact x { all a: A | a.f in A /* -/ /- */ }\nassert y { no A -- -/\n  and no A }\ncheck y\n").unwrap();
    let files = generate(&path);
    check_files(&files);
    let defs = &files[0].contents;
    assert!(defs.contains("a.f in A /* - / / - */"), "{defs}");
    assert!(defs.contains("no A -- - /"), "{defs}");
}

// ---------------------------------------------------------------------------
// the library

fn library_files() -> Vec<PathBuf> {
    let lib = theories().join("lean");
    let mut v = vec![lib.join("Relprove.lean"), lib.join("lakefile.lean")];
    for e in std::fs::read_dir(lib.join("Relprove")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "lean") {
            v.push(p);
        }
    }
    v.sort();
    v
}

#[test]
fn library_has_no_sorry_and_is_balanced() {
    let files = library_files();
    assert!(files.len() >= 4, "{files:?}");
    for p in files {
        let text = std::fs::read_to_string(&p).unwrap();
        assert_no_sorry(&p.display().to_string(), &text);
        well_formed(&p.display().to_string(), &text);
        assert!(
            !strip_comments(&text).contains("Mathlib") && !text.contains("import Std"),
            "{}: core only",
            p.display()
        );
    }
}

/// The Lean laws carry the Coq lemma names (egg's rule names): every law in
/// Laws.lean that is not a helper is listed in theories/LEMMAS.md.
#[test]
fn library_lemma_names_match_the_coq_library() {
    let laws = std::fs::read_to_string(theories().join("lean/Relprove/Laws.lean")).unwrap();
    let lemmas = std::fs::read_to_string(theories().join("LEMMAS.md")).unwrap();
    let mut outside = false;
    let mut checked = 0;
    for line in laws.lines() {
        if line.starts_with("namespace Logic") {
            outside = true;
        }
        if line.starts_with("end Logic") {
            outside = false;
        }
        let Some(rest) = line.strip_prefix("theorem ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let helper = name.ends_with("_iff")
            || name.ends_with("_aux")
            || name.starts_with("pand_")
            || ["same_eq", "nonempty_none", "rex_union", "none_incl"].contains(&name.as_str());
        if outside || helper {
            continue;
        }
        assert!(
            lemmas.contains(&format!("- `{name}` ")),
            "Laws.lean: `{name}` is not a lemma name of theories/LEMMAS.md"
        );
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} laws");
}

// ---------------------------------------------------------------------------
// lake build

fn lake() -> Option<PathBuf> {
    which::which("lake").ok()
}

#[test]
fn lake_builds_an_export() {
    let Some(lake) = lake() else {
        println!("SKIP: lake not on PATH (the Lean output is only checked by snapshots and static checks)");
        eprintln!("SKIP: lake not on PATH");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for fx in ["misc", "family", "uses"] {
        export_file(&fixture(&format!("{fx}.als")), dir.path());
    }
    if let Some(paths) = models() {
        for p in paths {
            export_file(&p, dir.path());
        }
    }
    let out = Proc::new(lake)
        .arg("build")
        .current_dir(dir.path())
        .output()
        .expect("run lake");
    assert!(
        out.status.success(),
        "lake build failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

// ---------------------------------------------------------------------------
// writing: lakefile, overwrite rules

#[test]
fn lakefile_lists_every_module() {
    let dir = tempfile::tempdir().unwrap();
    let r = export_file(&fixture("uses.als"), dir.path());
    assert!(
        r.files
            .iter()
            .any(|(p, a)| p.ends_with("lakefile.lean") && *a == Action::Written),
        "{:?}",
        r.files
    );
    let lakefile = std::fs::read_to_string(dir.path().join("lakefile.lean")).unwrap();
    assert!(
        lakefile.contains("\n  roots := #[`graph_module, `uses, `uses_proofs]\n"),
        "{lakefile}"
    );
    // The library is copied into the export and required by a relative
    // path, so the directory can move and the clone can go.
    assert!(
        lakefile.contains("require relprove from \"relprove-lean\""),
        "{lakefile}"
    );
    let lib = theories().join("lean");
    for f in [
        "Relprove.lean",
        "Relprove/Rel.lean",
        "lakefile.lean",
        "lean-toolchain",
    ] {
        assert_eq!(
            std::fs::read_to_string(dir.path().join("relprove-lean").join(f)).unwrap(),
            std::fs::read_to_string(lib.join(f)).unwrap(),
            "{f}"
        );
    }
    well_formed("lakefile.lean", &lakefile);
    let toolchain = std::fs::read_to_string(dir.path().join("lean-toolchain")).unwrap();
    assert_eq!(
        toolchain,
        std::fs::read_to_string(theories().join("lean/lean-toolchain")).unwrap()
    );
    // A second model: its modules are added, the others kept.
    let r = export_file(&fixture("misc.als"), dir.path());
    assert!(
        r.files
            .iter()
            .any(|(p, a)| p.ends_with("lakefile.lean") && *a == Action::Updated),
        "{:?}",
        r.files
    );
    let lakefile = std::fs::read_to_string(dir.path().join("lakefile.lean")).unwrap();
    assert!(
        lakefile
            .contains("\n  roots := #[`graph_module, `uses, `uses_proofs, `misc, `misc_proofs]\n"),
        "{lakefile}"
    );
    // Again: nothing changes.
    let r = export_file(&fixture("misc.als"), dir.path());
    assert!(
        r.files.iter().all(|(_, a)| *a == Action::Unchanged),
        "{:?}",
        r.files
    );
}

/// Every model under models/ into one directory through one session: each
/// opened module has one file (util_module.lean once, not once per model),
/// listed once in the lakefile; a second pass writes nothing.
#[test]
fn models_share_module_files() {
    let Some(paths) = models() else {
        println!("SKIP: no models/ directory");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for pass in 0..2 {
        let mut session = export::Session::default();
        for p in &paths {
            let mut sources = SourceMap::new();
            let model = load(p, &mut sources);
            let r = session
                .write_lean(&model, &sources, &opts(dir.path()))
                .unwrap_or_else(|e| {
                    panic!("{}", relprove_engine::diag::render(&sources, &e.0, false))
                });
            if pass == 1 {
                assert!(
                    r.files.iter().all(|(_, a)| *a == Action::Unchanged),
                    "{}: {:?}",
                    p.display(),
                    r.files
                );
            }
        }
    }
    let mut modules: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with("_module.lean"))
        .collect();
    modules.sort();
    assert_eq!(
        modules,
        [
            "cmm_module.lean",
            "compile_src11_ptx_module.lean",
            "ptx_module.lean",
            "src11_module.lean",
            "util_module.lean"
        ]
    );
    let lakefile = std::fs::read_to_string(dir.path().join("lakefile.lean")).unwrap();
    assert_eq!(lakefile.matches("`util_module").count(), 1, "{lakefile}");
    well_formed("lakefile.lean", &lakefile);
}

#[test]
fn edited_definitions_are_refused_and_proofs_kept() {
    let dir = tempfile::tempdir().unwrap();
    let fam = fixture("family.als");
    export_file(&fam, dir.path());
    let proofs = dir.path().join("family_proofs.lean");
    let edited = std::fs::read_to_string(&proofs)
        .unwrap()
        .replace("  sorry", "  sorry -- mine");
    std::fs::write(&proofs, &edited).unwrap();
    let r = export_file(&fam, dir.path());
    assert!(
        matches!(
            r.files.iter().find(|(p, _)| *p == proofs).unwrap().1,
            Action::Kept(_)
        ),
        "{:?}",
        r.files
    );
    assert_eq!(std::fs::read_to_string(&proofs).unwrap(), edited);

    // A new check: its skeleton goes to family_proofs_new.lean (listed in the lakefile).
    let mut sources = SourceMap::new();
    let mut model = load(&fam, &mut sources);
    let mut cmd = model.commands[0].clone();
    cmd.name = "again".into();
    model.commands.push(cmd);
    let r = export::write_lean(&model, &sources, &opts(dir.path())).unwrap();
    let new = dir.path().join("family_proofs_new.lean");
    assert!(
        r.files
            .iter()
            .any(|(p, a)| *p == new && *a == Action::Written),
        "{:?}",
        r.files
    );
    let new_text = std::fs::read_to_string(&new).unwrap();
    assert!(new_text.contains("theorem again_holds : "), "{new_text}");
    assert_eq!(
        strip_comments(&new_text).matches("theorem ").count(),
        1,
        "{new_text}"
    );
    let lakefile = std::fs::read_to_string(dir.path().join("lakefile.lean")).unwrap();
    assert!(lakefile.contains("`family_proofs_new]"), "{lakefile}");

    // An edited definition file is refused, --force overwrites it.
    let defs = dir.path().join("family.lean");
    let text = std::fs::read_to_string(&defs).unwrap();
    std::fs::write(&defs, text.replacen("def ", "def my_", 1)).unwrap();
    let mut sources = SourceMap::new();
    let model = load(&fam, &mut sources);
    let errs = export::write_lean(&model, &sources, &opts(dir.path())).unwrap_err();
    assert!(errs.0[0].message.contains("was edited"), "{}", errs);
    export::write_lean(
        &model,
        &sources,
        &ExportOptions {
            force: true,
            ..opts(dir.path())
        },
    )
    .unwrap();
    assert_eq!(std::fs::read_to_string(&defs).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&proofs).unwrap(), edited);

    // A file relprove did not write is never overwritten.
    std::fs::write(&defs, "-- mine\n").unwrap();
    let errs = export::write_lean(&model, &sources, &opts(dir.path())).unwrap_err();
    assert!(
        errs.0[0].message.contains("not generated by relprove"),
        "{}",
        errs
    );
}

#[test]
fn header_hash_detects_edits() {
    let files = generate(&fixture("family.als"));
    let defs = files
        .iter()
        .find(|f| f.kind == FileKind::Definitions)
        .unwrap();
    assert_eq!(lean::header_intact(&defs.contents), Some(true));
    assert_eq!(
        lean::header_intact(&defs.contents.replace("parent", "parents")),
        Some(false)
    );
    assert_eq!(lean::header_intact("import Relprove\n"), None);
}

#[test]
fn refused_constructs_name_their_span() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ints.als");
    std::fs::write(
        &path,
        "sig A { v: Int }\nfact { all a: A | a.v > 2 }\nassert x { #A = plus[#A, 1] }\ncheck x\n",
    )
    .unwrap();
    let mut sources = SourceMap::new();
    let model = load(&path, &mut sources);
    let errs = lean::generate(&model, &sources).unwrap_err();
    let text = relprove_engine::diag::render(&sources, &errs.0, false);
    assert_eq!(errs.0.len(), 3, "{text}");
    assert!(
        text.contains("ints.als:1:12")
            && text.contains("ints.als:2:19")
            && text.contains("ints.als:3:12"),
        "{text}"
    );
    assert!(text.contains("Lean export"), "{text}");
}

fn cli(args: &[&str], dir: &Path, file: &Path) -> std::process::Output {
    Proc::new(env!("CARGO_BIN_EXE_relprove"))
        .arg("export")
        .args(args)
        .arg("-o")
        .arg(dir)
        .arg("--theories")
        .arg(theories())
        .arg(file)
        .output()
        .unwrap()
}

#[test]
fn cli_export_lean() {
    let dir = tempfile::tempdir().unwrap();
    let out = cli(&["--lean"], dir.path(), &fixture("uses.als"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "graph_module.lean",
        "uses.lean",
        "uses_proofs.lean",
        "lakefile.lean",
        "lean-toolchain",
    ] {
        assert!(
            stdout.contains(&format!("wrote {}", dir.path().join(f).display())),
            "{f}: {stdout}"
        );
    }
    // A second run changes nothing.
    let again = cli(&["--lean"], dir.path(), &fixture("uses.als"));
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(
        again.status.success() && !stdout.contains("wrote") && stdout.contains("unchanged"),
        "{stdout}"
    );

    // An edited definition file: exit 2, nothing written, the edit survives.
    let defs = dir.path().join("uses.lean");
    let edited = std::fs::read_to_string(&defs).unwrap() + "-- my note\n";
    std::fs::write(&defs, &edited).unwrap();
    let out = cli(&["--lean"], dir.path(), &fixture("uses.als"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("was edited since relprove generated it; refusing to overwrite it"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).is_empty());
    assert_eq!(std::fs::read_to_string(&defs).unwrap(), edited);
    // --force overwrites it; the proofs file is still never touched.
    let proofs = dir.path().join("uses_proofs.lean");
    std::fs::write(&proofs, "-- my proofs\n").unwrap();
    let out = cli(&["--lean", "--force"], dir.path(), &fixture("uses.als"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        lean::header_intact(&std::fs::read_to_string(&defs).unwrap()),
        Some(true)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("kept"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(std::fs::read_to_string(&proofs).unwrap(), "-- my proofs\n");

    // Refused models: exit 2 with the diagnostic on stderr.
    let bad = dir.path().join("ints.als");
    std::fs::write(&bad, "sig A { v: Int }\n").unwrap();
    let out = cli(&["--lean"], dir.path(), &bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ints.als:1:12"));
    // Neither prover: exit 2.
    let out = cli(&[], dir.path(), &fixture("uses.als"));
    assert_eq!(out.status.code(), Some(2));
}

// ---------------------------------------------------------------------------
// name checks (a poor man's resolver: every `Rel.x` used exists, every law
// used in a proof is declared before it)

/// `Rel.<name>` declared by theories/lean/Relprove/Rel.lean, with the
/// constructors of its inductives.
fn rel_names() -> std::collections::BTreeSet<String> {
    let src = std::fs::read_to_string(theories().join("lean/Relprove/Rel.lean")).unwrap();
    let mut names = std::collections::BTreeSet::new();
    let mut inductive: Option<String> = None;
    for line in src.lines() {
        let l = line.trim_start();
        for kw in ["def ", "@[reducible] def ", "inductive "] {
            if let Some(rest) = l.strip_prefix(kw) {
                let id: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                names.insert(id.clone());
                inductive = (kw == "inductive ").then_some(id);
            }
        }
        if let (Some(ind), Some(rest)) = (&inductive, l.strip_prefix("| ")) {
            let ctor: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(format!("{ind}.{ctor}"));
        }
    }
    names
}

fn rel_uses(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let mut k = 0;
    while let Some(p) = code[k..].find("Rel.") {
        let start = k + p;
        let before_ok = start == 0
            || !(b[start - 1].is_ascii_alphanumeric()
                || b[start - 1] == b'_'
                || b[start - 1] == b'.');
        let rest = &code[start + 4..];
        let id: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.')
            .collect();
        if before_ok {
            out.push(id.trim_end_matches('.').to_string());
        }
        k = start + 4;
    }
    out
}

#[test]
fn every_rel_operator_used_exists() {
    let names = rel_names();
    for op in [
        "union",
        "inter",
        "diff",
        "join",
        "product",
        "domr",
        "ranr",
        "override",
        "iden",
        "transpose",
        "closure",
        "rclosure",
        "single",
        "ite",
        "no",
        "some",
        "lone",
        "one",
        "incl",
        "same",
        "none",
        "univ",
        "atleast",
        "Closure.step",
        "Closure.cons",
    ] {
        assert!(names.contains(op), "Rel.lean lacks `{op}`: {names:?}");
    }
    let laws = std::fs::read_to_string(theories().join("lean/Relprove/Laws.lean")).unwrap();
    let mut texts = vec![("Laws.lean".to_string(), strip_comments(&laws))];
    for fx in ["family", "misc", "uses", "graph"] {
        for f in generate(&fixture(&format!("{fx}.als"))) {
            texts.push((f.name.clone(), strip_comments(&f.contents)));
        }
    }
    for (name, code) in texts {
        for u in rel_uses(&code) {
            assert!(
                names.contains(&u),
                "{name}: `Rel.{u}` is not declared in Rel.lean"
            );
        }
    }
}

#[test]
fn laws_only_use_earlier_laws() {
    let laws = strip_comments(
        &std::fs::read_to_string(theories().join("lean/Relprove/Laws.lean")).unwrap(),
    );
    let mut declared: Vec<String> = Vec::new();
    let mut all = Vec::new();
    for line in laws.lines() {
        if let Some(rest) = line.strip_prefix("theorem ") {
            all.push(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect::<String>(),
            );
        }
    }
    let mut current = String::new();
    for line in laws.lines() {
        if let Some(rest) = line.strip_prefix("theorem ") {
            current = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            declared.push(current.clone());
            continue;
        }
        for word in line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')) {
            let w = word.strip_prefix("Logic.").unwrap_or(word);
            if all.iter().any(|a| a == w) {
                assert!(
                    declared.iter().any(|d| d == w),
                    "`{current}` uses `{w}` before it is declared"
                );
            }
        }
    }
}

/// The Coq laws (theories/Laws.v) the Lean library does not state, each for
/// a reason: setoid/`Proper` instances are not needed with Lean's `=`, the
/// rest are not written yet. Every rewrite rule's lemma is present.
#[test]
fn lean_library_coverage_of_the_coq_laws() {
    let laws = std::fs::read_to_string(theories().join("lean/Relprove/Laws.lean")).unwrap();
    let lemmas = std::fs::read_to_string(theories().join("LEMMAS.md")).unwrap();
    let section = lemmas
        .split("## Laws.v")
        .nth(1)
        .unwrap()
        .split("## RA.v")
        .next()
        .unwrap();
    let missing: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("- `")?.split('`').next())
        .filter(|name| !laws.contains(&format!("theorem {name} ")))
        .collect();
    let setoid =
        |n: &str| n.ends_with("_same_proper") || n == "incl_preorder" || n == "same_equivalence";
    let not_yet: Vec<&str> = missing.iter().copied().filter(|n| !setoid(n)).collect();
    assert_eq!(
        not_yet,
        [
            "one_unary",
            "join_mono",
            "pand_mono",
            "product_mono",
            "domr_mono",
            "ranr_mono",
            "override_mono",
            "join_product",
            "nonempty_holds",
            "atleast_1_some",
            "incl_diff_none"
        ]
    );
}

/// `none`, `univ` and `iden` carry the atom type explicitly: in `no none`
/// nothing else would determine it.
#[test]
fn constants_name_the_atom_type() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nn.als");
    std::fs::write(
        &path,
        "sig S {}\nassert a { no none and some univ and no (iden - iden) }\ncheck a\n",
    )
    .unwrap();
    let files = generate(&path);
    check_files(&files);
    let defs = &files[0].contents;
    assert!(defs.contains("(Rel.no 1 (@Rel.none A 1))"), "{defs}");
    assert!(defs.contains("(Rel.some 1 (@Rel.univ A 1))"), "{defs}");
    assert!(
        defs.contains("(Rel.no 2 (Rel.diff 2 (@Rel.iden A) (@Rel.iden A)))"),
        "{defs}"
    );
}

/// `export --lean` with the rewriter: checks proved from the library's laws
/// alone get complete proofs (marked), the rest keep their `sorry`
/// skeletons. Static checks only (no Lean toolchain): balanced, every law
/// the proofs name is a theorem of Laws.lean, every `Rel.` operator exists,
/// no `sorry` in a proved theorem.
#[test]
fn rewriter_proofs_in_export() {
    let mut sources = SourceMap::new();
    let model = load(&fixture("rewritten.als"), &mut sources);
    let dir = tempfile::tempdir().unwrap();
    let limits = relprove_proof::rewrite::Limits {
        time_limit: std::time::Duration::from_secs(30),
        ..relprove_proof::rewrite::export_limits()
    };
    export::write_lean(
        &model,
        &sources,
        &ExportOptions {
            prove: Some(limits),
            ..opts(dir.path())
        },
    )
    .unwrap();
    let proofs = std::fs::read_to_string(dir.path().join("rewritten_proofs.lean")).unwrap();
    insta::assert_snapshot!("rewritten__proofs_lean", proofs);
    well_formed("rewritten_proofs.lean", &proofs);
    let code = strip_comments(&proofs);
    let names = rel_names();
    for u in rel_uses(&code) {
        assert!(names.contains(&u), "`Rel.{u}` is not declared in Rel.lean");
    }
    // Every law a step names (`from law ..` / `from (law ..).symm`) is a theorem of Laws.lean.
    let laws = std::fs::read_to_string(theories().join("lean/Relprove/Laws.lean")).unwrap();
    let mut used = 0;
    for part in code.split(" from ").skip(1) {
        let law: String = part
            .trim_start_matches('(')
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if law.starts_with("H_") || law.starts_with("HA_") {
            continue; // a fact or premise, an argument of the theorem
        }
        assert!(
            laws.contains(&format!("theorem {law} ")),
            "`{law}` is not a theorem of Laws.lean"
        );
        used += 1;
    }
    assert!(used >= 5, "{proofs}");
    for helper in ["incl_trans", "incl_union_l", "incl_refl", "no_none"] {
        assert!(laws.contains(&format!("theorem {helper} ")));
    }
    // Proved: the checks by laws alone; skeletons: those needing facts or
    // premises, and the ones the rewriter does not prove.
    let proved: Vec<&str> = proofs
        .split("/- proved by relprove's rewriter -/\ntheorem ")
        .skip(1)
        .map(|s| s.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        proved,
        [
            "conv_join_holds",
            "com_parts_holds",
            "empty_holds",
            "check_9_holds"
        ]
    );
    for theorem in proofs.split("\ntheorem ").skip(1) {
        let name = theorem.split(' ').next().unwrap();
        let body = strip_comments(theorem.split("\n\n").next().unwrap());
        let is_proved = proved.contains(&name)
            || name.ends_with("_by_rewriting")
            || name.contains("_by_rewriting_");
        assert_eq!(body.contains("sorry"), !is_proved, "{name}:\n{theorem}");
    }
    // Proofs from facts and premises take them as arguments (their checks
    // keep the skeleton).
    assert!(
        code.contains("(H_wf_1 : Rel.incl 2 r_rmw r_po)"),
        "{proofs}"
    );
    assert!(code.contains("(HA_1 : Rel.incl 2 r_rf r_po)"), "{proofs}");
    assert!(
        code.contains("(union_incl _ _ _ _ H_wf_1 (incl_refl _ _))"),
        "{proofs}"
    );
    for helper in ["incl_antisym", "union_incl", "incl_union_r"] {
        assert!(laws.contains(&format!("theorem {helper} ")));
    }
    // A step taken right to left is a `.symm`.
    assert!(code.contains("from (union_assoc ..).symm"), "{proofs}");
}
