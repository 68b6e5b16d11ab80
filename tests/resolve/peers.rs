//! The peer Alloy models in `../shared/peers` load unmodified; their
//! resolved summaries are snapshot-tested. The models are read at test time
//! (never copied); when the folder is absent each test prints a skip line.

use std::path::{Path, PathBuf};

use relprove_engine::diag::{render, SourceMap};
use relprove_engine::ir::display::{display_model, model_summary};
use relprove_engine::resolve::{load_model, LoadOptions};

fn peers() -> Option<PathBuf> {
    // `../shared/peers` beside the checkout (or two levels up from a
    // worktree), or wherever RELPROVE_PEERS points.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut candidates: Vec<PathBuf> = std::env::var_os("RELPROVE_PEERS")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.push(root.join("../shared/peers"));
    candidates.push(root.join("../../shared/peers"));
    match candidates.iter().find(|d| d.is_dir()) {
        Some(d) => Some(d.clone()),
        None => {
            println!("SKIP: ../shared/peers not found; peer model tests skipped");
            None
        }
    }
}

fn load(rel: &str) -> Option<relprove_engine::ir::Model> {
    let path = peers()?.join(rel);
    let mut sources = SourceMap::new();
    match load_model(&path, &mut sources, &LoadOptions::default()) {
        Ok(m) => Some(m),
        Err(d) => panic!("{rel} failed to load:\n{}", render(&sources, &d, false)),
    }
}

macro_rules! peer_test {
    ($name:ident, $path:expr) => {
        #[test]
        fn $name() {
            let Some(m) = load($path) else { return };
            insta::assert_snapshot!(concat!(stringify!($name), "_summary"), model_summary(&m));
            insta::assert_snapshot!(concat!(stringify!($name), "_model"), display_model(&m));
        }
    };
}

peer_test!(ptxmemorymodel_ptx, "ptxmemorymodel/ptx.als");
peer_test!(ptxmemorymodel_src11, "ptxmemorymodel/src11.als");
peer_test!(
    ptxmemorymodel_compile,
    "ptxmemorymodel/compile_src11_ptx.als"
);
peer_test!(ptxmemorymodel_util, "ptxmemorymodel/util.als");
peer_test!(mixedproxy_ptx, "mixedproxy/ptx.als");

/// The overloaded names of compile_src11_ptx.als resolve to the module
/// whose types fit, as in Alloy.
#[test]
fn compile_src11_ptx_overloads_follow_types() {
    let Some(m) = load("ptxmemorymodel/compile_src11_ptx.als") else {
        return;
    };
    let text = display_model(&m);
    let pred = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("pred {name}[")))
            .unwrap_or_else(|| panic!("no pred {name}"))
            .to_string()
    };
    // `hw/Write <: rf` is ptx's rf; `sw/Write <: rf` is src11's.
    assert!(
        pred("reverse_map_rf").contains("hw/Write <: (hw/Write <: rf)"),
        "{}",
        pred("reverse_map_rf")
    );
    assert!(
        pred("reverse_map_rf").contains("sw/Write <: (sw/Write <: rf)"),
        "{}",
        pred("reverse_map_rf")
    );
    // `map.scope`: map's range is hw/Event, so scope is ptx's.
    assert!(
        pred("compile_scope").contains("map.(hw/Event <: scope)"),
        "{}",
        pred("compile_scope")
    );
    // `strong[sw]`: sw is a src11 relation, so src11's strong.
    let sw = text
        .lines()
        .find(|l| l.starts_with("assert sw_syncacqrel"))
        .unwrap();
    assert!(sw.contains("sw/strong[sw]"), "{sw}");
    // the same util instance is shared by all three modules
    assert_eq!(m.modules.iter().filter(|md| md.name == "util").count(), 1);
}

/// src11 opened with hw sigs as arguments: its parameters are those sigs.
#[test]
fn module_parameters_are_instantiated() {
    let Some(m) = load("ptxmemorymodel/compile_src11_ptx.als") else {
        return;
    };
    let src11 = m.modules.iter().find(|md| md.name == "src11").unwrap();
    let params: Vec<(String, String)> = src11
        .params
        .iter()
        .map(|(p, s)| (p.clone(), m.sig(*s).label.clone()))
        .collect();
    assert_eq!(
        params,
        vec![
            ("hwEvent".into(), "hw/Event".into()),
            ("hwAddress".into(), "hw/Address".into()),
            ("hwScope".into(), "hw/Scope".into())
        ]
    );
}
