//! Snapshot tests of the Alloy text generated for litmus tests.

use std::path::Path;

use relprove_engine::diag::SourceMap;
use relprove_litmus::lower::{Limits, NVIDIA_PTX, PROJECT_PTX};
use relprove_litmus::{alloy_modules, parse_file};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/litmus")
        .join(name)
}

fn modules(name: &str, project: bool) -> String {
    let mut sm = SourceMap::new();
    let t = parse_file(&mut sm, &fixture(name)).unwrap();
    let b = if project { &PROJECT_PTX } else { &NVIDIA_PTX };
    alloy_modules(&t, b, "ptx", Limits::default())
        .unwrap()
        .join("\n-- next combination\n\n")
}

#[test]
fn mp_project() {
    insta::assert_snapshot!(modules("MP.litmus", true));
}

#[test]
fn mp_nvidia() {
    insta::assert_snapshot!(modules("MP.litmus", false));
}

fn parse_text(text: &str) -> relprove_litmus::ast::Test {
    let mut sm = SourceMap::new();
    let id = sm.add("t", "t", text.to_string());
    relprove_litmus::parse::parse(id, text).unwrap()
}

#[test]
fn cas_forks_into_success_and_failure() {
    let t = parse_text("PTX C\n{ x=0; }\n P0@cta 0,gpu 0 ;\n atom.relaxed.gpu.cas r0, x, 0, 1 ;\nexists (P0:r0 == 0)\n");
    let ps = relprove_litmus::lower::paths(&t, Limits::default()).unwrap();
    let mut lens: Vec<(usize, usize)> = ps[0]
        .iter()
        .map(|p| (p.events.len(), p.rmw.len()))
        .collect();
    lens.sort();
    assert_eq!(lens, vec![(1, 0), (2, 1)]);
}

#[test]
fn spin_loop_is_unrolled_and_cut() {
    let text = "PTX L\n{ f=0; }\n P0@cta 0,gpu 0 ;\n LC0: ;\n ld.relaxed.gpu r0, f ;\n beq r0, 0, LC0 ;\nexists (P0:r0 == 1)\n";
    let t = parse_text(text);
    for (unroll, paths) in [(1, 1), (2, 2), (3, 3)] {
        let ps = relprove_litmus::lower::paths(
            &t,
            Limits {
                unroll,
                ..Limits::default()
            },
        )
        .unwrap();
        assert_eq!(ps[0].len(), paths, "unroll {unroll}");
        // Every surviving path leaves the loop: its last condition is r0 != 0.
        for p in &ps[0] {
            assert!(!p.conds.last().unwrap().0);
        }
    }
}

#[test]
fn data_and_control_dependencies() {
    let text = "PTX D\n{ x=0; y=0; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\n add r1, r0, 1 ;\n st.weak y, r1 ;\n bne r0, 0, E ;\n st.weak x, 2 ;\n E: ;\nexists (y == 1)\n";
    let t = parse_text(text);
    let ps = relprove_litmus::lower::paths(&t, Limits::default()).unwrap();
    let long = ps[0].iter().find(|p| p.events.len() == 3).unwrap();
    assert_eq!(
        long.deps.iter().copied().collect::<Vec<_>>(),
        vec![(0, 1), (0, 2)]
    );
    let dom = relprove_litmus::lower::value_domain(&t, &ps).unwrap();
    assert_eq!(dom.into_iter().collect::<Vec<_>>(), vec![0, 1, 2, 3]);
}

/// Every module generated for the fixtures (both bindings) and for the
/// Dat3M corpus (relprove's binding) is syntactically valid Alloy.
#[test]
fn generated_modules_parse() {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
        .collect();
    let corpus = Path::new("/work/shared/peers/dat3m-ptx/litmus/PTX/Manual");
    if corpus.exists() {
        files.extend(
            std::fs::read_dir(corpus)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "litmus")),
        );
    }
    files.sort();
    let mut n = 0;
    for f in &files {
        let mut sm = SourceMap::new();
        let Ok(t) = parse_file(&mut sm, f) else {
            continue;
        };
        for b in [&PROJECT_PTX, &NVIDIA_PTX] {
            let Ok(mods) = alloy_modules(&t, b, "ptx", Limits::default()) else {
                continue;
            };
            for m in mods {
                let id = sm.add("gen.als", "gen.als", m.clone());
                if let Err(ds) = relprove_engine::syntax::parse_file(&m, id) {
                    panic!(
                        "{}: generated module does not parse:\n{}\n{m}",
                        f.display(),
                        relprove_engine::diag::render(&sm, &ds, false)
                    );
                }
                n += 1;
            }
        }
    }
    assert!(n >= 40, "only {n} modules");
}

/// A generated module that does not load keeps its diagnostics as data
/// (spans into the generated text), and the top-level `relprove::Error`
/// renders them with file, line and column — nothing is rendered to a
/// string before the CLI asks for it.
#[test]
fn generated_module_errors_keep_their_spans() {
    use relprove_engine::diag::{render, Diagnostic, Phase, Span};
    use relprove_litmus::checker::Checker;
    use relprove_litmus::error::LitmusError;
    use relprove_litmus::run::Backend;
    let path = Path::new("gen/lt_bad.als");
    let err = match Checker::default().solve(path, "sig A {}\nfact { some B }\nrun {}\n", None) {
        Err(e) => e,
        Ok(_) => panic!("a module naming an unknown sig must not check"),
    };
    let LitmusError::Generated(cause) = &err else {
        panic!("expected the generated module's diagnostics, got {err:?}");
    };
    let d = &cause.diagnostics[0];
    let span = d.span.expect("a span into the generated text");
    assert_eq!(cause.sources.snippet(span), "B");
    assert_eq!(cause.sources.location(span), "gen/lt_bad.als:2:13");
    // At the test's name, the cause renders after the message.
    let at = err.at(Span::DUMMY, "checking the generated Alloy module failed");
    let text = render(&SourceMap::new(), std::slice::from_ref(&at), false);
    assert!(
        text.starts_with("error[litmus]: checking the generated Alloy module failed: error["),
        "{text}"
    );
    assert!(text.contains("┌─ gen/lt_bad.als:2:13"), "{text}");
    // The top-level error of the same failure: its diagnostics, same text.
    let top = relprove::Error::from(at);
    assert_eq!(top.to_diagnostics().len(), 1);
    assert_eq!(
        render(&SourceMap::new(), &top.to_diagnostics(), false),
        text
    );
    assert_eq!(top.class(), relprove::error::Class::Input);
    let limit = relprove::Error::from(relprove_engine::translate::TranslateError::Deadline);
    assert_eq!(limit.class(), relprove::error::Class::Limit);
    assert_eq!(
        limit.to_diagnostics(),
        [Diagnostic::without_span(
            Phase::Translate,
            "time limit (during translation)"
        )]
    );
}

/// The IR builder adds an execution to the model resolved once: the
/// generated sigs and fields are there by name, the model's are not
/// duplicated, and a name the model lacks is a typed error (a binding bug
/// reported, not a panic), also through the checker's session.
#[test]
fn ir_builder_adds_the_execution_to_the_resolved_model() {
    use relprove_litmus::checker::Checker;
    use relprove_litmus::error::LitmusError;
    use relprove_litmus::execution::SigDecl;
    use relprove_litmus::run::{Backend, ModelRef};
    use relprove_litmus::to_ir::{build, BaseModel, IrError};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = ModelRef::load(&root.join("models/ptx.als")).unwrap();
    let base = BaseModel::load(&model.path, &model.open_name, &Default::default()).unwrap();
    let mut sm = SourceMap::new();
    let t = parse_file(&mut sm, &fixture("MP.litmus")).unwrap();
    let paths = relprove_litmus::lower::paths(&t, Limits::default()).unwrap();
    let dom = relprove_litmus::lower::value_domain(&t, &paths).unwrap();
    let combo: Vec<_> = paths.iter().map(|ps| &ps[0]).collect();
    let exec = relprove_litmus::lower::build_execution(
        &t,
        model.binding,
        &model.open_name,
        &combo,
        &[],
        &dom,
    )
    .unwrap();
    let low = build(&base, &exec, &[]).unwrap();
    let sigs =
        |m: &relprove_engine::ir::Model, n: &str| m.sigs.iter().filter(|s| s.name == n).count();
    assert_eq!(sigs(&low.model, "lt_e0_0"), 1);
    assert_eq!(sigs(&low.model, "Event"), 1);
    assert_eq!(sigs(base.model(), "lt_e0_0"), 0, "the base is not changed");
    assert_eq!(
        low.model.sigs.len(),
        base.model().sigs.len() + 16,
        "2 locations, 4 scopes, 2 threads, 4 events, lt_Val, 2 values, lt_V"
    );
    assert!(low.model.fields.iter().any(|f| f.name == "lt_val"));
    assert_eq!(low.model.commands[low.command.index()].name, "lt_run");
    // A name the model lacks.
    let mut bad = exec.clone();
    bad.sigs.push(SigDecl::One {
        names: vec!["lt_x".into()],
        parent: "NoSuchSig".into(),
        always: false,
    });
    assert_eq!(
        build(&base, &bad, &[]).err(),
        Some(IrError::UnknownName("NoSuchSig".into()))
    );
    match Checker::default().session_ir(&model, &bad, &[], None) {
        Err(LitmusError::Lowering(IrError::UnknownName(n))) => assert_eq!(n, "NoSuchSig"),
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("a session over an unknown sig"),
    }
}
