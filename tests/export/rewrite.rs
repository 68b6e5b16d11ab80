//! The egg rewriter (`relprove prove`): one-line lemma tests, proof replay,
//! the corpus (cross-checked with the bounded checker), snapshots of the
//! printed Coq proofs, coqc on them, and the CLI.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command as Proc;

use relprove_engine::diag::SourceMap;
use relprove_engine::ir::{CommandTarget, Model};
use relprove_proof::export::coq::proofs as coq;
use relprove_proof::rewrite::{proof, rules, AssertResult, Limits, Prover};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load_text(text: &str) -> Model {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.als");
    std::fs::write(&path, text).unwrap();
    load(&path)
}

fn load(path: &Path) -> Model {
    let mut sources = SourceMap::new();
    match relprove_engine::resolve::load_model(
        path,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    ) {
        Ok(m) => m,
        Err(d) => panic!("{}", relprove_engine::diag::render(&sources, &d, false)),
    }
}

/// Relations for the one-line tests: binary `r s t`, hypothesis `h in r`,
/// sets `X Y`, ternary `u`.
const PRELUDE: &str =
    "sig E { r, s, t, h: set E, u: E -> E }\nsig X, Y in E {}\nfact hyp { h in r }\n";

/// Proves the assertion `goal` over [`PRELUDE`], replays every proof.
fn prove(goal: &str) -> AssertResult {
    let model = load_text(&format!("{PRELUDE}assert g {{ {goal} }}\n"));
    let prover = Prover::new(&model, Limits::default());
    let a = &model.asserts[0];
    let res = prover.prove_assert(&a.name, &a.body);
    for g in &res.goals {
        if let Some(p) = &g.proof {
            proof::replay(p, &prover.rules, &prover.arities).expect("proof replays");
            assert_eq!(p.steps.first().map(|s| &s.before).unwrap_or(&p.lhs), &p.lhs);
        }
    }
    res
}

macro_rules! prove_test {
    ($name:ident, $lhs:literal => $rhs:literal) => {
        #[test]
        fn $name() {
            let r = prove(concat!($lhs, " = ", $rhs));
            assert!(
                r.proved,
                "not proved: {:?}",
                r.goals.iter().map(|g| &g.stop).collect::<Vec<_>>()
            );
        }
    };
    ($name:ident, $lhs:literal in $rhs:literal) => {
        #[test]
        fn $name() {
            let r = prove(concat!($lhs, " in ", $rhs));
            assert!(
                r.proved,
                "not proved: {:?}",
                r.goals.iter().map(|g| &g.stop).collect::<Vec<_>>()
            );
        }
    };
}

macro_rules! refute_test {
    ($name:ident, $lhs:literal => $rhs:literal) => {
        #[test]
        fn $name() {
            let r = prove(concat!($lhs, " = ", $rhs));
            assert!(!r.proved, "a false lemma was proved");
        }
    };
}

prove_test! { conv_join, "~(r.s)" => "~s.~r" }
prove_test! { conv_conv_join, "~(~r.~s)" => "s.r" }
prove_test! { closure_closure, "^(^r)" => "^r" }
prove_test! { reassociate, "(r.s).t" => "r.(s.t)" }
prove_test! { reassociate_set, "(X.r).s" => "X.(r.s)" }
prove_test! { reassociate_set_r, "(r.s).X" => "r.(s.X)" }
prove_test! { union_shuffle, "(r + s) + t" => "t + (s + r)" }
prove_test! { distribute, "r.(s + t)" => "r.s + r.t" }
prove_test! { conv_distribute, "~(r.(s + t))" => "~s.~r + ~t.~r" }
prove_test! { rclosure_unfold, "*r" => "^r + iden" }
prove_test! { closure_from_rclosure, "r.*r" => "^r" }
prove_test! { restrictions, "X <: (Y <: r)" => "(X & Y) <: r" }
prove_test! { diff_self_binary, "r - r" => "none -> none" }
prove_test! { diff_self_ternary, "u - u" => "none -> (none -> none)" }
prove_test! { ternary_union_distr, "X.(u + u)" => "X.u" }
prove_test! { incl_union, "r" in "r + s" }
prove_test! { incl_hypothesis, "h.s" in "r.s" }
prove_test! { incl_conv_hypothesis, "~h" in "~r" }
prove_test! { incl_domain_restriction, "X <: r" in "r" }
refute_test! { join_not_commutative, "r.s" => "s.r" }
refute_test! { conv_not_covariant, "~(r.s)" => "~r.~s" }
refute_test! { closure_not_union, "^(r + s)" => "^r + ^s" }
refute_test! { hypothesis_not_reversed, "r + h" => "h" }
prove_test! { ka_transitive_closure, "^r.^r" in "^r" }
prove_test! { ka_closure_union, "^r + ^s" in "^(r + s)" }
prove_test! { ka_denesting, "*(r + s)" => "*r.*(s.*r)" }
prove_test! { ka_sliding, "r.*(s.r)" => "*(r.s).r" }
prove_test! { ka_monotone_under_fact, "^h" in "^r" }
prove_test! { ka_after_converse, "~(^r.^r)" in "^~r" }
refute_test! { ka_closure_not_star, "^r" => "*r" }
refute_test! { ka_denesting_wrong, "*(r + s)" => "*r.*s" }

/// Which engine proves what: egg alone, KA on the goal as stated, egg's
/// normalisation then KA; the KA certificate names the hypotheses used.
#[test]
fn engines() {
    use relprove_proof::rewrite::Engine;
    assert_eq!(prove("~(r.s) = ~s.~r").engine(), Some(Engine::Egg));
    assert_eq!(prove("^r.^r in ^r").engine(), Some(Engine::Ka));
    assert_eq!(prove("~(^r.^r) in ^~r").engine(), Some(Engine::EggKa));
    assert_eq!(prove("^r.^r = ^r").engine(), None);
    let r = prove("^h in ^r");
    let k = r.goals[0].ka.as_ref().unwrap();
    assert_eq!(k.hyps.len(), 1);
    assert_eq!(k.hyps[0].0.name, "H_hyp_1");
    // A hypothesis that does not help is not used.
    let r = prove("^s.^s in ^s");
    assert!(r.goals[0].ka.as_ref().unwrap().hyps.is_empty());
    // Premises of an implication: transitivity, a Hoare hypothesis.
    assert!(prove("s.s in s implies ^s = s").proved);
    assert!(prove("no s.r implies *(r + s) = *r.*s").proved);
    assert!(!prove("no r.s implies *(r + s) = *r.*s").proved);
}

/// The arity guards: `join_assoc` is a lemma about binary relations only;
/// a ternary join must not be re-associated by it (Coq would reject the step).
#[test]
fn ternary_join_is_not_reassociated_by_binary_lemma() {
    let r = prove("(X.u).r = X.(u.r)");
    for g in &r.goals {
        for s in g.proof.iter().flat_map(|p| &p.steps) {
            assert_ne!(
                s.rule, "join_assoc",
                "binary join_assoc used on a ternary relation"
            );
        }
    }
}

/// Replay rejects a step that is not an instance of its rule.
#[test]
fn replay_rejects_a_wrong_step() {
    let model = load_text(&format!("{PRELUDE}assert g {{ ~(r.s) = ~s.~r }}\n"));
    let prover = Prover::new(&model, Limits::default());
    let res = prover.prove_assert("g", &model.asserts[0].body);
    let mut p = res.goals[0].proof.clone().unwrap();
    proof::replay(&p, &prover.rules, &prover.arities).unwrap();
    p.steps[0].rule = "transpose_union".into();
    assert!(proof::replay(&p, &prover.rules, &prover.arities).is_err());
    let mut p = res.goals[0].proof.clone().unwrap();
    p.steps[0].dir = proof::Dir::Backward;
    assert!(proof::replay(&p, &prover.rules, &prover.arities).is_err());
}

/// Every rule is named after a lemma of theories/Laws.v.
#[test]
fn every_rule_is_a_lemma_of_theories() {
    let laws =
        std::fs::read_to_string(manifest().join("theories/Laws.v")).expect("theories/Laws.v");
    let lemmas_md =
        std::fs::read_to_string(manifest().join("theories/LEMMAS.md")).expect("theories/LEMMAS.md");
    let mut names = BTreeSet::new();
    for l in rules::lemmas() {
        assert!(names.insert(l.name), "duplicate rule {}", l.name);
        let decl = format!("Lemma {} ", l.name);
        assert!(
            laws.contains(&decl),
            "rule {} is not a lemma of theories/Laws.v",
            l.name
        );
        assert!(
            lemmas_md.contains(&format!("`{}`", l.name)),
            "rule {} is not in LEMMAS.md",
            l.name
        );
    }
    for proper in [
        "union_same_proper",
        "inter_same_proper",
        "diff_same_proper",
        "join_same_proper",
        "transpose_same_proper",
        "closure_same_proper",
        "rclosure_same_proper",
    ] {
        assert!(laws.contains(proper), "{proper} missing");
    }
}

/// The corpus: which assertions the rewriter proves, checked against the
/// bounded checker's verdicts (every `expect 1` assertion has a
/// counterexample and is not proved; every proved one has none).
#[test]
fn corpus() {
    let path = manifest().join("tests/rewrite/corpus.als");
    let model = load(&path);
    let prover = Prover::new(&model, Limits::default());
    let mut proved = BTreeSet::new();
    let mut unproved = BTreeSet::new();
    for a in &model.asserts {
        let r = prover.prove_assert(&a.name, &a.body);
        assert!(r.unsupported.is_none(), "{}: {:?}", a.name, r.unsupported);
        if r.proved {
            proved.insert(a.name.clone());
        } else {
            unproved.insert(a.name.clone());
        }
    }
    let opts = relprove_engine::check::CheckOptions::default();
    let mut false_ones = 0;
    for (k, cmd) in model.commands.iter().enumerate() {
        let CommandTarget::Assert(aid) = cmd.target else {
            panic!("corpus commands check assertions")
        };
        let name = &model.assert(aid).name;
        let res = relprove_engine::check::check_command(
            &model,
            relprove_engine::ir::CommandId(k as u32),
            &opts,
        )
        .expect("check runs");
        assert!(
            res.matches_expect,
            "{name}: bounded checker disagrees with the corpus's expect"
        );
        if cmd.expect == Some(1) {
            false_ones += 1;
            assert!(matches!(
                res.outcome,
                relprove_engine::check::Outcome::Sat(_)
            ));
            assert!(!proved.contains(name), "false lemma {name} was proved");
        }
    }
    assert_eq!(model.asserts.len(), 137);
    assert_eq!(false_ones, 30);
    // The true lemmas the rewriter does not prove (golden).
    let missed: Vec<&str> = unproved
        .iter()
        .map(|s| s.as_str())
        .filter(|n| !n.starts_with("F_"))
        .collect();
    assert!(missed.is_empty(), "true lemmas not proved: {missed:?}");
    assert_eq!(proved.len(), 107);
    // Which engine proves what (golden): egg what it proves within its
    // (short, for closures) search, Kleene algebra the other closure
    // lemmas, one after egg's normalisation.
    let mut engines = std::collections::BTreeMap::new();
    for a in &model.asserts {
        if let Some(e) = prover.prove_assert(&a.name, &a.body).engine() {
            *engines.entry(e.as_str()).or_insert(0) += 1;
        }
    }
    assert_eq!(
        engines,
        [("egg", 70), ("egg+ka", 1), ("ka", 36)]
            .into_iter()
            .collect()
    );
}

fn section_of(path: &Path) -> String {
    let model = load(path);
    let prover = Prover::new(&model, Limits::default());
    let results: Vec<_> = model
        .asserts
        .iter()
        .map(|a| prover.prove_assert(&a.name, &a.body))
        .collect();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    coq::section(
        path.file_stem().unwrap().to_str().unwrap(),
        &name,
        &prover,
        &results,
    )
    .unwrap()
}

#[test]
fn coq_proofs_snapshot() {
    insta::assert_snapshot!(
        "basic_coq",
        section_of(&manifest().join("tests/rewrite/basic.als"))
    );
}

fn coqc_available() -> bool {
    which::which("coqc").is_ok()
}

/// theories/ compiled into a fresh directory (no dependence on stale .vo files).
fn compiled_theories() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in ["Rel.v", "Tactics.v", "Laws.v", "Relprove.v", "RA.v"] {
        std::fs::copy(manifest().join("theories").join(f), dir.path().join(f)).unwrap();
        coqc(dir.path(), &["-R", ".", "Relprove", f]);
    }
    dir
}

fn coqc(dir: &Path, args: &[&str]) {
    let out = Proc::new("coqc")
        .current_dir(dir)
        .arg("-q")
        .args(args)
        .output()
        .expect("run coqc");
    assert!(
        out.status.success(),
        "coqc {args:?} failed:\n{}\n{}\n--- file ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        std::fs::read_to_string(dir.join(args.last().unwrap())).unwrap_or_default()
    );
}

/// coqc accepts every printed proof of the corpus and of basic.als.
#[test]
fn coqc_accepts_printed_proofs() {
    if !coqc_available() {
        eprintln!("skipping: coqc is not installed");
        return;
    }
    let theories = compiled_theories();
    let th = theories.path().to_str().unwrap().to_string();
    let work = tempfile::tempdir().unwrap();
    // Relation names that are Coq keywords or lemma names of theories/.
    let odd = work.path().join("odd.als");
    std::fs::write(
        &odd,
        "sig Proof { union_comm, Lemma, H_x: set Proof }\nfact { H_x in Lemma }\n\
         assert a1 { ~(union_comm.Lemma) = ~Lemma.~union_comm }\nassert a2 { H_x.union_comm in Lemma.union_comm }\n",
    )
    .unwrap();
    // Rewriting under `->`, `<:`, `:>` and `++` (their congruence lemmas).
    let cong = work.path().join("cong.als");
    std::fs::write(
        &cong,
        "sig S { r, s: set S }\nassert prod { S -> (r.S + none) = S -> r.S }\nassert dom { (S + S) <: r = S <: r }\n\
         assert ran { r :> (S & S) = r :> S }\nassert over { (r + r) ++ s = r ++ s }\nassert over2 { r ++ (s & s) = r ++ s }\n",
    )
    .unwrap();
    for model in [
        manifest().join("tests/rewrite/corpus.als"),
        manifest().join("tests/rewrite/basic.als"),
        odd,
        cong,
    ] {
        let text = section_of(&model);
        let model = model.file_name().unwrap().to_str().unwrap().to_string();
        // Every proof prints.
        assert!(!text.contains("not printable"), "{text}");
        if model == "corpus.als" {
            // One lemma per goal, plus a certificate lemma per KA goal.
            assert_eq!(text.matches("\nLemma ").count(), 147, "{text}");
            assert!(text.contains("rel_hkat."), "{text}");
            for lemma in [
                "incl_trans_closure",
                "incl_star_l",
                "incl_star_r",
                "incl_union_same",
            ] {
                assert!(text.contains(lemma), "{lemma} unused:\n{text}");
            }
        }
        if model == "cong.als" {
            for (name, proper) in [
                ("prod", "product_same_proper"),
                ("dom", "domr_same_proper"),
                ("ran", "ranr_same_proper"),
                ("over", "override_same_proper"),
                ("over2", "override_same_proper"),
            ] {
                let lemma = text
                    .split(&format!("Lemma {name}_by_rewriting "))
                    .nth(1)
                    .unwrap_or_else(|| panic!("{name} not proved:\n{text}"));
                assert!(
                    lemma.split("Qed.").next().unwrap().contains(proper),
                    "{name} does not use {proper}:\n{text}"
                );
            }
        }
        let lemmas = text.matches("\nLemma ").count();
        assert!(lemmas >= 2, "{model}: only {lemmas} lemmas printed");
        let file = format!("{}.v", model.trim_end_matches(".als"));
        std::fs::write(work.path().join(&file), text).unwrap();
        coqc(work.path(), &["-R", &th, "Relprove", &file]);
    }
}

/// A model exported with `relprove export --coq`, plus the rewriter's file:
/// coqc proves the export's `<assert>_statement`s from the rewriting proofs.
#[test]
fn coqc_accepts_proofs_of_exported_statements() {
    if !coqc_available() {
        eprintln!("skipping: coqc is not installed");
        return;
    }
    let theories = compiled_theories();
    let th = theories.path().to_str().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let src = "sig E { po, rf, co, rmw: set E }\nfact rmw_po { rmw in po }\nfun com : E -> E { rf + co }\n\
               assert conv_join { ~(po.rf) = ~rf.~po }\nassert com_in { rf in com and ~com = ~rf + ~co }\n\
               assert rmw_in { rmw.rf in po.rf }\ncheck conv_join\ncheck com_in\ncheck rmw_in\n";
    let path = dir.path().join("mm.als");
    std::fs::write(&path, src).unwrap();
    let mut sources = SourceMap::new();
    let model =
        relprove_engine::resolve::load_model(&path, &mut sources, &Default::default()).unwrap();
    let out = dir.path().join("out");
    let opts = relprove_proof::export::ExportOptions {
        out_dir: out.clone(),
        force: false,
        theories: Some(theories.path().to_path_buf()),
        prove: None,
    };
    relprove_proof::export::write_coq(&model, &sources, &opts).expect("export");
    let prover = Prover::new(&model, Limits::default());
    let results: Vec<_> = model
        .asserts
        .iter()
        .map(|a| prover.prove_assert(&a.name, &a.body))
        .collect();
    assert!(results.iter().all(|r| r.proved));
    let text = coq::export_file("mm", "mm.als", &prover, &results).unwrap();
    assert!(
        text.contains("Theorem conv_join_rewritten : conv_join_statement."),
        "{text}"
    );
    assert!(
        text.contains("Theorem com_in_rewritten : com_in_statement."),
        "{text}"
    );
    std::fs::write(out.join("mm_rewriting.v"), &text).unwrap();
    coqc(&out, &["-R", &th, "Relprove", "-R", ".", "Proofs", "mm.v"]);
    coqc(
        &out,
        &["-R", &th, "Relprove", "-R", ".", "Proofs", "mm_rewriting.v"],
    );
}

fn relprove() -> Proc {
    Proc::new(env!("CARGO_BIN_EXE_relprove"))
}

#[test]
fn cli_text_and_json() {
    let basic = manifest().join("tests/rewrite/basic.als");
    let out = relprove().arg("prove").arg(&basic).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("conv_join: proved by rewriting (1 steps"),
        "{text}"
    );
    assert!(text.contains("= ~rf.~po    [transpose_join]"), "{text}");
    assert!(text.contains("false_comm: not proved"), "{text}");
    assert!(
        text.contains("not proved: saturated without a proof"),
        "{text}"
    );

    let out = relprove()
        .arg("prove")
        .arg(&basic)
        .args(["--format", "json", "-a", "rmw_in", "-a", "false_in"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = v["assertions"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["name"], "rmw_in");
    assert_eq!(list[0]["proved"], true);
    assert_eq!(list[0]["steps"], 2);
    assert!(list[0]["time_ms"].is_u64());
    assert_eq!(list[1]["name"], "false_in");
    assert_eq!(list[1]["proved"], false);

    let out = relprove()
        .arg("prove")
        .arg(&basic)
        .args(["-a", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no assertion named `nope`"));

    let out = relprove()
        .arg("prove")
        .arg(&basic)
        .args(["--emit", "coq", "-a", "assoc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let coq = String::from_utf8(out.stdout).unwrap();
    assert!(coq.contains("Lemma assoc_by_rewriting : same 2 (join 1 1 (join 1 1 po rf) co) (join 1 1 po (join 1 1 rf co))."), "{coq}");
    assert!(coq.contains("{ apply join_assoc. }"), "{coq}");
}

/// `--format json` names the engine of each proved assertion; the text
/// says which proofs are Coq-only (Lean: a skeleton) and shows the
/// certificate; `--emit coq` prints the certificate lemma.
#[test]
fn cli_engines() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("ka.als");
    std::fs::write(
        &p,
        "sig E { po, rf: set E }\nfact { po.po in po }\n\
         assert conv { ~(po.rf) = ~rf.~po }\nassert trans { ^po.^po in ^po }\n\
         assert conv_trans { ~(^rf.^rf) in ^~rf }\nassert hb { ^po in po }\nassert bad { ^rf in rf }\n",
    )
    .unwrap();
    let out = relprove()
        .arg("prove")
        .arg(&p)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let engines: Vec<(String, serde_json::Value)> = v["assertions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["name"].as_str().unwrap().to_string(), a["engine"].clone()))
        .collect();
    assert_eq!(
        engines,
        [
            ("conv".to_string(), serde_json::json!("egg")),
            ("trans".to_string(), serde_json::json!("ka")),
            ("conv_trans".to_string(), serde_json::json!("egg+ka")),
            ("hb".to_string(), serde_json::json!("ka")),
            ("bad".to_string(), serde_json::Value::Null),
        ]
    );
    let out = relprove().arg("prove").arg(&p).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("hb: proved by ka (Coq), skeleton (Lean)"),
        "{text}"
    );
    assert!(
        text.contains("KA: x1^+ <= x1 assuming (x1.x1) <= x1 where x1 := po"),
        "{text}"
    );
    assert!(text.contains("bad: not proved"), "{text}");
    let out = relprove()
        .arg("prove")
        .arg(&p)
        .args(["--emit", "coq", "-a", "hb"])
        .output()
        .unwrap();
    let coq = String::from_utf8(out.stdout).unwrap();
    assert!(
        coq.contains("Lemma hb_by_rewriting_ka (ka_x1 : rel A 2) : incl 2 (join 1 1 ka_x1 ka_x1) ka_x1 -> incl 2 (closure ka_x1) ka_x1."),
        "{coq}"
    );
    assert!(
        coq.contains("exact (hb_by_rewriting_ka po H_fact0_1)."),
        "{coq}"
    );
}

/// Lean has no Kleene-algebra tactic: a goal proved by KA is a skeleton
/// theorem (egg's rewriting of the sides as `have`s, then `sorry` with the
/// certificate), named `_by_ka`, never `_by_rewriting` (complete proofs).
#[test]
fn lean_skeleton_for_ka_goals() {
    use relprove_proof::export::lean::proofs as lean;
    let model = load_text(
        "sig E { po, rf: set E }\nfact { po.po in po }\n\
         assert hb { ^po in po }\nassert conv_trans { ~(^rf.^rf) in ^~rf }\n",
    );
    let prover = Prover::new(&model, Limits::default());
    let p = lean::Printer {
        arities: &prover.arities,
    };
    let mut texts = vec![];
    for a in &model.asserts {
        let r = prover.prove_assert(&a.name, &a.body);
        assert!(r.uses_ka(), "{}", a.name);
        let (lines, names, complete) = lean::assertion(&p, &r, &prover.hypotheses).unwrap();
        assert!(!complete);
        assert!(names.iter().all(|n| n.ends_with("_by_ka")), "{names:?}");
        texts.push(lines.join("\n"));
    }
    assert!(texts[0].contains("theorem hb_by_ka {A : Type} (r_po : Rel A 2) (H_fact0_1 : Rel.incl 2 (Rel.join 1 1 r_po r_po) r_po) :"), "{}", texts[0]);
    assert!(
        texts[0].contains("/- KA: x1^+ <= x1 assuming (x1.x1) <= x1 where x1 := po -/\n  sorry"),
        "{}",
        texts[0]
    );
    assert!(texts[1].contains("have h_lhs :"), "{}", texts[1]);
    assert!(texts[1].contains("transpose_join"), "{}", texts[1]);
    for t in &texts {
        assert_eq!(t.matches("sorry").count(), 1, "{t}");
    }
}

/// A tiny node limit stops the search and says so.
#[test]
fn cli_node_limit_is_reported() {
    let basic = manifest().join("tests/rewrite/basic.als");
    let out = relprove()
        .arg("prove")
        .arg(&basic)
        .args(["-a", "domain", "--node-limit", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("domain: not proved"), "{text}");
    assert!(text.contains("node limit"), "{text}");
}

#[test]
fn cli_bad_limits_exit_2() {
    let basic = manifest().join("tests/rewrite/basic.als");
    for args in [["--time-limit", "0"], ["--node-limit", "0"]] {
        let out = relprove()
            .arg("prove")
            .arg(&basic)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = relprove()
        .arg("prove")
        .arg(&basic)
        .args(["--time-limit", "0.5", "-a", "assoc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("assoc: proved by rewriting"));
}

#[test]
fn cli_bad_input_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let p: PathBuf = dir.path().join("bad.als");
    std::fs::write(&p, "sig E { r: set E }\nassert a { r = s }\n").unwrap();
    let out = relprove().arg("prove").arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A relation named after a `Relprove` definition (`join`, `same`) would
/// shadow it inside the section: the proof printer shares the definition
/// printer's reserved-word list, so such relations get the `r_` prefix.
#[test]
fn coq_section_renames_library_names() {
    let model =
        load_text("sig E { join, same: set E }\nassert swap { join + same = same + join }\n");
    let prover = Prover::new(&model, Limits::default());
    let results: Vec<_> = model
        .asserts
        .iter()
        .map(|a| prover.prove_assert(&a.name, &a.body))
        .collect();
    assert!(results[0].proved);
    let text = coq::section("t", "t.als", &prover, &results).unwrap();
    assert!(text.contains("Variable r_join : rel A 2."), "{text}");
    assert!(text.contains("Variable r_same : rel A 2."), "{text}");
    assert!(!text.contains("Variable join "), "{text}");
}

/// An assertion outside the rewriter's fragment says which construct, at
/// its span in the model (typed `RewriteError`, rendered by `prove` as
/// "outside the rewriter's fragment: ...").
#[test]
fn unsupported_constructs_are_typed_with_spans() {
    use relprove_proof::rewrite::RewriteError;
    let text = "sig E { r, s: set E }\n\
                assert quant { all x: E | x.r = x.s }\n\
                assert compr { r = { x, y: E | x->y in s } }\n\
                assert ints { #r = #s }\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.als");
    std::fs::write(&path, text).unwrap();
    let mut sources = SourceMap::new();
    let model = relprove_engine::resolve::load_model(
        &path,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    )
    .unwrap();
    let prover = Prover::new(&model, Limits::default());
    let why: Vec<RewriteError> = model
        .asserts
        .iter()
        .map(|a| {
            let r = prover.prove_assert(&a.name, &a.body);
            assert!(!r.proved, "{}", a.name);
            r.unsupported.expect("unsupported")
        })
        .collect();
    assert!(matches!(why[0], RewriteError::Formula(_)), "{:?}", why[0]);
    assert_eq!(sources.snippet(why[0].span()), "all x: E | x.r = x.s");
    assert!(
        matches!(why[1], RewriteError::Comprehension(_)),
        "{:?}",
        why[1]
    );
    assert_eq!(sources.snippet(why[1].span()), "{ x, y: E | x->y in s }");
    assert_eq!(why[1].to_string(), "a set comprehension");
    assert!(matches!(why[2], RewriteError::Formula(_)), "{:?}", why[2]);
    let d = why[1].to_diagnostic();
    let shown = relprove_engine::diag::render(&sources, &[d], false);
    assert!(shown.contains("t.als:3:"), "{shown}");
    assert!(
        shown.contains("outside the rewriter's fragment: a set comprehension"),
        "{shown}"
    );
}

/// Replay and printing failures are typed: the step and its fault, and the
/// printer's missing name.
#[test]
fn proof_and_print_errors_are_typed() {
    use relprove_proof::export::ExportError;
    use relprove_proof::rewrite::error::{ProofError, StepFault};
    let model = load_text(&format!("{PRELUDE}assert g {{ ~(r.s) = ~s.~r }}\n"));
    let prover = Prover::new(&model, Limits::default());
    let res = prover.prove_assert("g", &model.asserts[0].body);
    let mut p = res.goals[0].proof.clone().unwrap();
    p.steps[0].rule = "transpose_union".into();
    let e = proof::replay(&p, &prover.rules, &prover.arities).unwrap_err();
    assert!(
        matches!(
            &e,
            ProofError::Step {
                step: 1,
                fault: StepFault::NotAnInstance(_),
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("step 1 (transpose_union "), "{e}");
    let no_names = coq::Names::default();
    let printer = coq::Printer {
        names: &no_names,
        arities: &prover.arities,
    };
    let e = printer.term(&res.goals[0].goal.lhs).unwrap_err();
    assert!(
        matches!(&e, ExportError::NoName { prover: "Coq", .. }),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("no Coq name for `"), "{e}");
}

/// `prove` says where the construct outside the fragment is.
#[test]
fn cli_unsupported_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let p: PathBuf = dir.path().join("u.als");
    std::fs::write(
        &p,
        "sig E { r, s: set E }\nassert quant { all x: E | x.r = x.s }\n",
    )
    .unwrap();
    let out = relprove().arg("prove").arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!(
            "quant: not proved (outside the rewriter's fragment: a formula other than `=`, `in` or `no` on relations, at {}:2:16)",
            p.display()
        )),
        "{text}"
    );
}
