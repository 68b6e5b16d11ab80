//! No input may panic the front end: mutated and truncated versions of real
//! models (the peer PTX models, read at test time, and the construct fixture)
//! go through the parser and resolver, which must return Ok or diagnostics.
//!
//! Then the whole pipeline (tests/fuzz_support/pipeline.rs, shared with the
//! cargo-fuzz target `pipeline`): small generated models and mutated
//! models of models/ and tests/fixtures/ are resolved, bounded, translated,
//! solved at scope 2 with a time cap, their instances re-evaluated, and
//! exported; mutated litmus tests are parsed, lowered and resolved. A
//! fixed, small number of cases runs in every `cargo test`; failures that
//! proptest finds are kept in resolve_fuzz.proptest-regressions and rerun
//! first, and the inputs that crashed relprove once are in `regressions`.

use std::path::{Path, PathBuf};

#[path = "../fuzz_support/pipeline.rs"]
mod pipeline;

use proptest::prelude::*;
use relprove_engine::diag::{render, SourceMap};
use relprove_engine::resolve::{load_model, LoadOptions};

/// The seed models: (directory, root file) pairs whose sibling files the
/// root opens.
fn seeds() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![(
        root.join("tests/fixtures/resolve"),
        "constructs.als".to_string(),
    )];
    let peers = [
        root.join("../shared/peers"),
        root.join("../../shared/peers"),
    ]
    .into_iter()
    .find(|d| d.is_dir());
    match peers {
        Some(p) => {
            out.push((p.join("ptxmemorymodel"), "compile_src11_ptx.als".into()));
            out.push((p.join("ptxmemorymodel"), "ptx.als".into()));
            out.push((p.join("mixedproxy"), "ptx.als".into()));
        }
        None => println!("SKIP: ../shared/peers not found; fuzzing only the local fixture"),
    }
    out
}

/// Pieces of Alloy text spliced into the sources.
const SNIPPETS: &[&str] = &[
    "",
    " ",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ".",
    "->",
    "this",
    "@",
    "sig X {}",
    "open util",
    "all x: univ | ",
    "no ",
    "#",
    "~",
    "^",
    "*",
    "+",
    "&",
    "-",
    "<:",
    ":>",
    "in ",
    "=",
    "!",
    "let y = univ | ",
    "1",
    "Int",
    "iden",
    "none",
    "fun f: univ { univ }",
    "pred p {}",
    "run {}",
    "check a",
    "extends ",
    "abstract ",
    "one ",
    "/",
    ",",
    "=>",
    " else ",
];

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize),
    /// Replace one identifier by another identifier of the same text, so
    /// the result usually still parses and the resolver sees it.
    SwapIdent(usize, usize),
}

/// (start, end) char offsets of identifier-like words.
fn idents(s: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i].is_alphabetic() || s[i] == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_' || s[i] == '\'') {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

fn apply(src: &str, muts: &[Mutation]) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for m in muts {
        let n = s.len().max(1);
        match *m {
            Mutation::Truncate(at) => s.truncate(at % n),
            Mutation::Delete(at, len) => {
                let a = at % n;
                let b = (a + len % 40).min(s.len());
                s.drain(a.min(s.len())..b);
            }
            Mutation::Insert(at, k) => {
                let a = (at % n).min(s.len());
                let snip: Vec<char> = SNIPPETS[k % SNIPPETS.len()].chars().collect();
                s.splice(a..a, snip);
            }
            Mutation::SwapIdent(at, k) => {
                let ids = idents(&s);
                if ids.is_empty() {
                    continue;
                }
                let (a, b) = ids[at % ids.len()];
                let (c, d) = ids[k % ids.len()];
                let word: Vec<char> = s[c..d].to_vec();
                s.splice(a..b, word);
            }
            Mutation::Duplicate(at, len) => {
                let a = (at % n).min(s.len());
                let b = (a + len % 60).min(s.len());
                let piece: Vec<char> = s[a..b].to_vec();
                s.splice(a..a, piece);
            }
        }
    }
    s.into_iter().collect()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Delete(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::Insert(a, k)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Duplicate(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::SwapIdent(a, k)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::SwapIdent(a, k)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn mutated_models_never_panic(seed in any::<usize>(), muts in prop::collection::vec(mutation(), 1..4)) {
        let seeds = seeds();
        let (dir, file) = &seeds[seed % seeds.len()];
        let original = std::fs::read_to_string(dir.join(file)).unwrap();
        let mutated = apply(&original, &muts);
        // Work in a copy of the directory so sibling modules are found.
        let tmp = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "als") {
                std::fs::copy(&p, tmp.path().join(p.file_name().unwrap())).unwrap();
            }
        }
        let root = tmp.path().join(file);
        std::fs::write(&root, &mutated).unwrap();
        let mut sources = SourceMap::new();
        let opts = LoadOptions { lib_dir: Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("lib")), ..Default::default() };
        if let Err(diags) = load_model(&root, &mut sources, &opts) {
            prop_assert!(!diags.is_empty());
            // Rendering must not panic either.
            let _ = render(&sources, &diags, false);
        }
    }
}

// ---------------------------------------------------------------------------
// The whole pipeline

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Real models whose mutants go through the pipeline: (name as loaded,
/// text). `name` keeps the model's directory, so its opens resolve.
fn pipeline_seeds() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["models", "tests/fixtures"] {
        let Ok(rd) = std::fs::read_dir(manifest().join(dir)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "als"))
            .collect();
        paths.sort();
        for p in paths {
            if let Ok(text) = std::fs::read_to_string(&p) {
                out.push((p.display().to_string(), text));
            }
        }
    }
    assert!(!out.is_empty(), "no seed models");
    out
}

/// A small random generator (xorshift), so a case is one `u64` seed.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A relational expression of arity 1 or 2 over the signature of
/// [`generated_model`] (`vars` are quantified variables, of arity 1).
fn gen_expr(g: &mut Gen, arity: u8, depth: u32, vars: &[String]) -> String {
    if depth == 0 || g.below(3) == 0 {
        return match arity {
            1 => {
                let mut leaves = vec!["A", "B", "C", "univ", "none"];
                leaves.extend(vars.iter().map(String::as_str));
                g.pick(&leaves).to_string()
            }
            _ => g.pick(&["r", "f", "iden", "B.g", "A -> B"]).to_string(),
        };
    }
    let d = depth - 1;
    match (arity, g.below(7)) {
        (1, 0) => format!("{}.{}", gen_expr(g, 1, d, vars), gen_expr(g, 2, d, vars)),
        (1, 1) => format!("{}.{}", gen_expr(g, 2, d, vars), gen_expr(g, 1, d, vars)),
        (2, 0) => format!("~{}", gen_expr(g, 2, d, vars)),
        (2, 1) => format!("^{}", gen_expr(g, 2, d, vars)),
        (2, 2) => format!("{} -> {}", gen_expr(g, 1, d, vars), gen_expr(g, 1, d, vars)),
        (2, 3) => format!("{} <: {}", gen_expr(g, 1, d, vars), gen_expr(g, 2, d, vars)),
        (2, 4) => format!("{}.{}", gen_expr(g, 2, d, vars), gen_expr(g, 2, d, vars)),
        _ => {
            let op = g.pick(&["+", "&", "-", "++"]);
            format!(
                "({} {op} {})",
                gen_expr(g, arity, d, vars),
                gen_expr(g, arity, d, vars)
            )
        }
    }
}

fn gen_formula(g: &mut Gen, depth: u32, vars: &mut Vec<String>) -> String {
    let d = depth.saturating_sub(1);
    match g.below(if depth == 0 { 4 } else { 9 }) {
        0 => {
            let q = g.pick(&["some", "no", "lone", "one"]);
            let a = (g.below(2) + 1) as u8;
            format!("{q} {}", gen_expr(g, a, d, vars))
        }
        1 | 2 => {
            let a = (g.below(2) + 1) as u8;
            let op = g.pick(&["in", "=", "not in", "!="]);
            format!(
                "{} {op} {}",
                gen_expr(g, a, d, vars),
                gen_expr(g, a, d, vars)
            )
        }
        3 => format!(
            "#{} {} {}",
            gen_expr(g, 1, d, vars),
            g.pick(&["<", "=", ">="]),
            g.below(4)
        ),
        4 => format!("not ({})", gen_formula(g, d, vars)),
        5 | 6 => {
            let op = g.pick(&["and", "or", "implies", "iff"]);
            format!(
                "({}) {op} ({})",
                gen_formula(g, d, vars),
                gen_formula(g, d, vars)
            )
        }
        _ => {
            let v = format!("x{}", vars.len());
            let q = g.pick(&["all", "some", "no", "one", "lone"]);
            let dom = gen_expr(g, 1, 1, vars);
            vars.push(v.clone());
            let body = gen_formula(g, d, vars);
            vars.pop();
            format!("({q} {v}: {dom} | {body})")
        }
    }
}

/// A small model: three sigs, fields of arity 2 and 3, a fact, a
/// predicate, an assertion, and their commands.
fn generated_model(seed: u64) -> String {
    let mut g = Gen(seed | 1);
    let mut vars = Vec::new();
    let fact = gen_formula(&mut g, 3, &mut vars);
    let pred = gen_formula(&mut g, 3, &mut vars);
    let assertion = gen_formula(&mut g, 3, &mut vars);
    let scope = g.below(3) + 1;
    format!(
        "sig A {{ r: set A, f: lone B }}\nsig B {{ g: A -> lone A }}\none sig C extends A {{}}\n\
         fact {{ {fact} }}\npred p {{ {pred} }}\nassert a {{ {assertion} }}\n\
         run p for {scope}\ncheck a for {scope} but 3 B\nrun {{ p and not ({assertion}) }} for 2\n"
    )
}

proptest! {
    // A fixed small number of cases; PROPTEST_CASES=N runs a longer session.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(if cfg!(debug_assertions) { 24 } else { 96 }),
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_models_through_the_pipeline(seed in any::<u64>()) {
        let text = generated_model(seed);
        let r = pipeline::alloy("generated.als", &text, &manifest().join("lib"));
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn mutated_models_through_the_pipeline(seed in any::<usize>(), muts in prop::collection::vec(mutation(), 1..3)) {
        let seeds = pipeline_seeds();
        let (name, original) = &seeds[seed % seeds.len()];
        let mutated = apply(original, &muts);
        let r = pipeline::alloy(name, &mutated, &manifest().join("lib"));
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn mutated_litmus_tests_never_panic(seed in any::<usize>(), muts in prop::collection::vec(mutation(), 0..3)) {
        let dir = manifest().join("tests/fixtures/litmus");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
            .collect();
        files.sort();
        let original = std::fs::read_to_string(&files[seed % files.len()]).unwrap();
        pipeline::litmus(&apply(&original, &muts), &manifest().join("models"), &manifest().join("lib"));
    }

    #[test]
    fn mutated_khronos_tests_never_panic(seed in any::<usize>(), muts in prop::collection::vec(mutation(), 0..3)) {
        let seeds = khronos_seeds();
        let original = &seeds[seed % seeds.len()];
        pipeline::khronos(&apply(original, &muts));
    }
}

/// Khronos Vulkan tests to mutate: the suite's when ../shared is there,
/// and one written here.
fn khronos_seeds() -> Vec<String> {
    let mut out = vec![
        "NEWWG\nNEWSG\nNEWTHREAD\nst.sc0 x = 1\nst.atom.rel.scopewg.sc0.semsc0 y = 1\n\
         NEWSG\nNEWTHREAD 4\nld.atom.acq.scopewg.sc0.semsc0 y = 1\nld.sc0 x = 0\n\
         cbar.acq.rel.scopewg.semsc0 7\nrmw.scopewg.sc0 z = 0 1\nSSW 0 4\nSLOC x z\n\
         SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION NOCHAINS consistent[X] && #dr>0\n"
            .to_string(),
    ];
    let dir = manifest().join("../shared/peers/vulkan-memorymodel/alloy/tests");
    if let Ok(rd) = std::fs::read_dir(&dir) {
        let mut files: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        out.extend(files.iter().filter_map(|f| std::fs::read_to_string(f).ok()));
    }
    out
}

/// Inputs that crashed relprove once (issue 16), through the pipeline.
#[test]
fn regressions() {
    let lib = manifest().join("lib");
    let flat = |op: &str, item: &str| vec![item; 10_000].join(op);
    let cases = [
        // Flat chains beyond the parser's depth limit.
        format!(
            "sig A {{}}\nfact {{ {} }}\nrun {{}} for 2\n",
            flat(" and ", "some A")
        ),
        format!("sig A {{}}\nrun {{ A = {} }} for 2\n", flat(" + ", "A")),
        // A byte-order mark, and an empty model.
        "\u{feff}sig A {}\nrun {} for 2\n".to_string(),
        String::new(),
        // A bitwidth the bounds cannot hold.
        "sig A {}\nrun {} for 2 but 20 Int\n".to_string(),
    ];
    for text in &cases {
        // (On the test thread's 2 MiB stack: the export once overflowed it.)
        pipeline::alloy("regression.als", text, &lib).unwrap();
    }
    // A litmus condition nested 60,000 deep (issue 34: a stack overflow).
    let deep = format!(
        "PTX deep\n{{\nx=0;\n}}\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists ({}x==1)\n",
        "~".repeat(60_000)
    );
    pipeline::litmus(&deep, &manifest().join("models"), &lib);
    // A Khronos test with a formula nested 60,000 deep, and a huge one.
    pipeline::khronos(&format!(
        "NEWTHREAD\nst.sc0 x = 1\nSATISFIABLE {}consistent[X]\n",
        "!".repeat(60_000)
    ));
    pipeline::khronos(&"st.sc0 x = 1\n".repeat(600));
}
