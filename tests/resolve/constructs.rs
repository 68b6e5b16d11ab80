//! A model using every construct the resolver supports, including each
//! `lib/util` module; its full resolved form is snapshot-tested.

use std::path::Path;

use relprove_engine::diag::{render, SourceMap};
use relprove_engine::ir::display::{display_model, model_summary};
use relprove_engine::resolve::{load_model, load_source, LoadOptions};

#[test]
fn constructs_resolve() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resolve/constructs.als");
    let mut sources = SourceMap::new();
    let opts = LoadOptions {
        lib_dir: Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("lib")),
        ..Default::default()
    };
    let m = match load_model(&path, &mut sources, &opts) {
        Ok(m) => m,
        Err(d) => panic!("{}", render(&sources, &d, false)),
    };
    insta::assert_snapshot!("constructs_summary", model_summary(&m));
    insta::assert_snapshot!("constructs_model", display_model(&m));
}

/// Each library module loads on its own (parameterised ones as root: their
/// parameters become fresh sigs).
#[test]
fn library_modules_load() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("lib/util");
    for name in ["ordering", "relation", "integer", "boolean", "graph"] {
        let mut sources = SourceMap::new();
        if let Err(d) = load_model(
            &lib.join(format!("{name}.als")),
            &mut sources,
            &LoadOptions::default(),
        ) {
            panic!("lib/util/{name}.als: {}", render(&sources, &d, false));
        }
    }
}

/// Opening the same module with the same arguments twice gives one instance;
/// different arguments give two.
#[test]
fn module_instances_are_shared_by_arguments() {
    let src = "open util/ordering[A] as o1\nopen util/ordering[A] as o2\nopen util/ordering[B] as o3\nsig A {}\nsig B {}\nfact { o1/first = o2/first and some o3/first }";
    let mut sources = SourceMap::new();
    let m = load_source("inst.als", src, &mut sources, &LoadOptions::default())
        .unwrap_or_else(|d| panic!("{}", render(&sources, &d, false)));
    assert_eq!(m.modules.len(), 3, "{}", model_summary(&m));
    let ords: Vec<&str> = m
        .sigs
        .iter()
        .filter(|s| s.name == "Ord")
        .map(|s| s.label.as_str())
        .collect();
    assert_eq!(ords, vec!["o1/Ord", "o3/Ord"]);
}

/// Sig labels: plain in the root module, `alias/Name` elsewhere; commands get
/// Alloy's `run$N` / `check$N` names when anonymous.
#[test]
fn labels_and_command_names() {
    let src = "sig A {}\nrun {} for 2\ncheck { no A } for 1\nrun show {} for 1";
    let mut sources = SourceMap::new();
    let m = load_source("names.als", src, &mut sources, &LoadOptions::default())
        .unwrap_or_else(|d| panic!("{}", render(&sources, &d, false)));
    assert_eq!(m.sigs[0].label, "A");
    let names: Vec<&str> = m.commands.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["run$1", "check$2", "show"]);
}

/// An open may pass sigs of a module opened after it.
#[test]
fn open_arguments_may_refer_to_later_opens() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hw.als"), "module hw\nsig Event {}\n").unwrap();
    std::fs::write(
        dir.path().join("sw.als"),
        "module sw[E]\nsig Op { map: one E }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("main.als"),
        "open sw[h/Event] as s\nopen hw as h\nfact { some s/Op.map }\n",
    )
    .unwrap();
    let mut sources = SourceMap::new();
    let m = load_model(
        &dir.path().join("main.als"),
        &mut sources,
        &LoadOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}", render(&sources, &d, false)));
    let sw = m.modules.iter().find(|md| md.name == "sw").unwrap();
    assert_eq!(m.sig(sw.params[0].1).label, "h/Event");
}

/// Default aliases and labels follow Alloy: the last path component when it
/// is free, `open$N` otherwise; a shared instance is labelled by its
/// preferred alias path.
#[test]
fn default_aliases_and_shared_instance_labels() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.als"), "module lib\nsig L {}\n").unwrap();
    std::fs::write(
        dir.path().join("mid.als"),
        "module mid\nopen lib\nsig M {}\n",
    )
    .unwrap();
    // `mid` reaches lib first (path mid/lib), the root later as `x`.
    std::fs::write(dir.path().join("main.als"), "open mid\nopen lib as x\nopen util/ordering[A]\nopen util/ordering[B]\nsig A {}\nsig B {}\n").unwrap();
    let mut sources = SourceMap::new();
    let m = load_model(
        &dir.path().join("main.als"),
        &mut sources,
        &LoadOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}", render(&sources, &d, false)));
    let labels: Vec<&str> = m.sigs.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(
        labels,
        vec!["A", "B", "mid/M", "x/L", "ordering/Ord", "open$4/Ord"]
    );
}

/// `alias/name` also finds names the aliased module can itself see.
#[test]
fn qualified_names_search_through_the_aliased_module() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("base.als"),
        "module base\npred nonempty[s: univ] { some s }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("mid.als"),
        "module mid\nopen base\nsig M {}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("main.als"),
        "open mid as m\nfact { m/nonempty[m/M] }\n",
    )
    .unwrap();
    let mut sources = SourceMap::new();
    let m = load_model(
        &dir.path().join("main.als"),
        &mut sources,
        &LoadOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}", render(&sources, &d, false)));
    assert!(
        display_model(&m).contains("fact (anonymous) in main { nonempty[m/M] }"),
        "{}",
        display_model(&m)
    );
}

/// 4,000 funs, each calling the one before: the recursion check used to be
/// cubic in such a chain (1,000 → 1.7 s, 2,000 → 15 s, 4,000 → over 60 s in
/// `--parse-only`); it is linear now. The bound is generous for a loaded
/// machine and far below what the old check needed. A cycle closing the
/// chain is still found, with its whole path.
#[test]
fn long_call_chains_resolve_quickly() {
    const N: usize = 4000;
    let mut src = String::from("sig A { r: set A }\nfun f0: set A { A }\n");
    for i in 1..N {
        src.push_str(&format!("fun f{i}: set A {{ f{}.r }}\n", i - 1));
    }
    src.push_str(&format!("run {{ some f{} }}\n", N - 1));
    let t = std::time::Instant::now();
    let mut sources = SourceMap::new();
    let m = load_source("chain.als", &src, &mut sources, &LoadOptions::default())
        .unwrap_or_else(|d| panic!("{}", render(&sources, &d, false)));
    assert_eq!(m.funs.len(), N);
    assert!(
        t.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        t.elapsed()
    );
    // Close the chain into a cycle: f0 calls the last one.
    let cyclic = src.replacen(
        "fun f0: set A { A }",
        &format!("fun f0: set A {{ f{} }}", N - 1),
        1,
    );
    let mut sources = SourceMap::new();
    let t = std::time::Instant::now();
    let errs = load_source("cycle.als", &cyclic, &mut sources, &LoadOptions::default())
        .expect_err("a cycle of calls is rejected");
    assert_eq!(errs.len(), 1, "one cycle, reported once");
    let text = render(&sources, &errs, false);
    assert!(
        text.contains(&format!("`f0` calls `f{}` calls", N - 1)),
        "{}",
        &text[..text.len().min(400)]
    );
    assert!(
        t.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        t.elapsed()
    );
}
