//! Coq export: snapshots of the generated files, coqc on them (when coqc is
//! installed), and the overwrite rules (edited definition files refused,
//! proofs files never overwritten).

use std::path::{Path, PathBuf};
use std::process::Command as Proc;

use relprove_engine::diag::{FileId, SourceMap, Span};
use relprove_engine::ir::*;
use relprove_proof::export::{self, coq, Action, ExportOptions, FileKind};

// ---------------------------------------------------------------------------
// A small builder for hand-written IR; spans point into the Alloy text.

struct B {
    text: String,
    file: FileId,
    m: Model,
}

impl B {
    fn new(sources: &mut SourceMap, name: &str, text: &str) -> B {
        let file = sources.add(
            format!("{name}.als"),
            format!("{name}.als"),
            text.to_string(),
        );
        let mut m = Model::default();
        m.modules.push(Module {
            name: name.into(),
            path: PathBuf::from(format!("{name}.als")),
            label_prefix: String::new(),
            params: vec![],
            exact_params: vec![],
            opens: vec![],
            span: Span::new(file, 0, 0),
        });
        B {
            text: text.to_string(),
            file,
            m,
        }
    }
    /// The span of the first occurrence of `s` (the whole paragraph text).
    fn sp(&self, s: &str) -> Span {
        let start = self
            .text
            .find(s)
            .unwrap_or_else(|| panic!("{s:?} not in the source"));
        Span::new(self.file, start, start + s.len())
    }
    fn sig(&mut self, name: &str, kind: SigKind, is_abstract: bool, mult: Option<Mult>) -> SigId {
        self.m.sigs.push(Sig {
            name: name.into(),
            label: name.into(),
            module: ModuleId(0),
            kind,
            is_abstract,
            mult,
            in_int: false,
            is_enum: false,
            span: self.sp(name),
        });
        SigId(self.m.sigs.len() as u32 - 1)
    }
    fn var(&mut self, name: &str, arity: usize) -> VarId {
        self.m.vars.push(Var {
            name: name.into(),
            arity,
            span: Span::new(self.file, 0, 0),
        });
        VarId(self.m.vars.len() as u32 - 1)
    }
    fn field(&mut self, sig: SigId, name: &str, mult: Mult, bound: Expr) -> FieldId {
        let this_var = self.var("this", 1);
        let arity = 1 + bound.arity;
        self.m.fields.push(Field {
            name: name.into(),
            sig,
            decl: Decl { mult, bound },
            this_var,
            disj: false,
            decl_group: self.m.fields.len() as u32,
            disj_values: false,
            arity,
            span: self.sp(name),
        });
        FieldId(self.m.fields.len() as u32 - 1)
    }
}

fn d() -> Span {
    Span::DUMMY
}
fn e(kind: ExprKind, arity: usize) -> Expr {
    Expr::new(kind, arity, d())
}
fn f(kind: FormulaKind) -> Formula {
    Formula::new(kind, d())
}
fn bx(x: Expr) -> Box<Expr> {
    Box::new(x)
}
fn sig(s: SigId) -> Expr {
    e(ExprKind::Sig(s), 1)
}
fn fld(x: FieldId, arity: usize) -> Expr {
    e(ExprKind::Field(x), arity)
}
fn var(v: VarId, arity: usize) -> Expr {
    e(ExprKind::Var(v), arity)
}
fn join(a: Expr, b: Expr) -> Expr {
    let n = a.arity + b.arity - 2;
    e(ExprKind::Join(bx(a), bx(b)), n)
}
fn one_decl(v: VarId, bound: Expr) -> QuantDecl {
    QuantDecl {
        vars: vec![v],
        disj: false,
        mult: Mult::One,
        bound,
    }
}

const FAMILY: &str = include_str!("../fixtures/family.als");

/// The family model, resolved by hand.
fn family(sources: &mut SourceMap) -> Model {
    let mut b = B::new(sources, "family", FAMILY);
    let person = b.sig("Person", SigKind::TopLevel, true, None);
    let parent = b.field(person, "parent", Mult::Lone, sig(person));
    let friends = b.field(
        person,
        "friends",
        Mult::Set,
        e(
            ExprKind::Product {
                lhs: bx(sig(person)),
                lmult: Mult::Set,
                rmult: Mult::Lone,
                rhs: bx(sig(person)),
            },
            2,
        ),
    );
    let _ = friends;
    let man = b.sig("Man", SigKind::Extends(person), false, None);
    let woman = b.sig("Woman", SigKind::Extends(person), false, None);
    let _eve = b.sig("Eve", SigKind::Extends(woman), false, Some(Mult::One));
    let _ = man;
    let closure = |x: Expr| e(ExprKind::Closure(bx(x)), 2);
    // fact acyclic
    let p = b.var("p", 1);
    let body = f(FormulaKind::Quant(
        Quant::No,
        vec![one_decl(p, sig(person))],
        Box::new(f(FormulaKind::In(
            bx(var(p, 1)),
            bx(join(var(p, 1), closure(fld(parent, 2)))),
        ))),
    ));
    b.m.facts.push(Fact {
        name: Some("acyclic".into()),
        module: ModuleId(0),
        origin: FactOrigin::Paragraph,
        body,
        span: b.sp("fact acyclic { no p: Person | p in p.^parent }"),
    });
    // pred ancestor
    let a = b.var("a", 1);
    let bb = b.var("b", 1);
    b.m.preds.push(Pred {
        name: "ancestor".into(),
        module: ModuleId(0),
        params: vec![
            Param {
                var: a,
                decl: Decl {
                    mult: Mult::One,
                    bound: sig(person),
                },
                disj_group: None,
            },
            Param {
                var: bb,
                decl: Decl {
                    mult: Mult::One,
                    bound: sig(person),
                },
                disj_group: None,
            },
        ],
        body: f(FormulaKind::In(
            bx(var(a, 1)),
            bx(join(var(bb, 1), closure(fld(parent, 2)))),
        )),
        span: b.sp("pred ancestor[a, b: Person] { a in b.^parent }"),
    });
    // fun ancestors
    let q = b.var("p", 1);
    b.m.funs.push(Fun {
        name: "ancestors".into(),
        module: ModuleId(0),
        params: vec![Param {
            var: q,
            decl: Decl {
                mult: Mult::One,
                bound: sig(person),
            },
            disj_group: None,
        }],
        result: Decl {
            mult: Mult::Set,
            bound: sig(person),
        },
        body: join(var(q, 1), closure(fld(parent, 2))),
        span: b.sp("fun ancestors[p: Person] : set Person { p.^parent }"),
    });
    // assert no_self_parent
    let r = b.var("p", 1);
    b.m.asserts.push(Assert {
        name: "no_self_parent".into(),
        module: ModuleId(0),
        body: f(FormulaKind::Quant(
            Quant::No,
            vec![one_decl(r, sig(person))],
            Box::new(f(FormulaKind::Eq(
                bx(join(var(r, 1), fld(parent, 2))),
                bx(var(r, 1)),
            ))),
        )),
        span: b.sp("assert no_self_parent { no p: Person | p.parent = p }"),
    });
    // assert ancestors_trans
    let s = b.var("p", 1);
    let call = |x: Expr| e(ExprKind::Call(FunId(0), vec![x]), 1);
    b.m.asserts.push(Assert {
        name: "ancestors_trans".into(),
        module: ModuleId(0),
        body: f(FormulaKind::Quant(
            Quant::All,
            vec![one_decl(s, sig(person))],
            Box::new(f(FormulaKind::In(
                bx(call(call(var(s, 1)))),
                bx(call(var(s, 1))),
            ))),
        )),
        span: b.sp(
            "assert ancestors_trans { all p: Person | ancestors[ancestors[p]] in ancestors[p] }",
        ),
    });
    let scope = Scope {
        overall: Some(4),
        bitwidth: None,
        seq: None,
        sigs: vec![],
    };
    b.m.commands.push(Command {
        name: "no_self_parent".into(),
        kind: CommandKind::Check,
        target: CommandTarget::Assert(AssertId(0)),
        scope: scope.clone(),
        expect: None,
        span: b.sp("check no_self_parent for 4"),
    });
    b.m.commands.push(Command {
        name: "ancestors_trans".into(),
        kind: CommandKind::Check,
        target: CommandTarget::Assert(AssertId(1)),
        scope: scope.clone(),
        expect: None,
        span: b.sp("check ancestors_trans for 4"),
    });
    // check { all p: Person | lone p.parent && #p.parent =< 1 }
    let u = b.var("p", 1);
    let pp = join(var(u, 1), fld(parent, 2));
    let card = IntExpr {
        kind: IntExprKind::Card(bx(pp.clone())),
        span: d(),
    };
    let lit = IntExpr {
        kind: IntExprKind::Lit(1),
        span: d(),
    };
    b.m.commands.push(Command {
        name: "check$3".into(),
        kind: CommandKind::Check,
        target: CommandTarget::Inline(f(FormulaKind::Quant(
            Quant::All,
            vec![one_decl(u, sig(person))],
            Box::new(f(FormulaKind::And(vec![
                f(FormulaKind::Mult(Mult::Lone, bx(pp))),
                f(FormulaKind::IntCmp(
                    IntCmp::Le,
                    Box::new(card),
                    Box::new(lit),
                )),
            ]))),
        ))),
        scope,
        expect: None,
        span: b.sp("check { all p: Person | lone p.parent && #p.parent =< 1 } for 3"),
    });
    b.m
}

const LIB: &str = include_str!("../fixtures/graph.als");
const USES: &str = include_str!("../fixtures/uses.als");

/// A root module opening a parameterised module.
fn with_params(sources: &mut SourceMap) -> Model {
    let mut b = B::new(sources, "uses", USES);
    let lib_file = sources.add("graph.als", "graph.als", LIB.to_string());
    let lsp = |s: &str| {
        let st = LIB.find(s).unwrap();
        Span::new(lib_file, st, st + s.len())
    };
    b.m.modules.push(Module {
        name: "graph".into(),
        path: PathBuf::from("graph.als"),
        label_prefix: "graph".into(),
        params: vec![("node".into(), SigId(0))],
        exact_params: vec![],
        opens: vec![],
        span: lsp("module graph[node]"),
    });
    b.m.modules[0].opens.push(("g".into(), ModuleId(1)));
    let task = b.sig("Task", SigKind::TopLevel, false, None);
    let after = b.field(task, "after", Mult::Set, sig(task));
    let r = b.var("r", 2);
    let prod = |x: Expr, y: Expr| {
        e(
            ExprKind::Product {
                lhs: bx(x),
                lmult: Mult::Set,
                rmult: Mult::Set,
                rhs: bx(y),
            },
            2,
        )
    };
    b.m.preds.push(Pred {
        name: "acyclic".into(),
        module: ModuleId(1),
        params: vec![Param {
            var: r,
            decl: Decl {
                mult: Mult::Set,
                bound: prod(sig(task), sig(task)),
            },
            disj_group: None,
        }],
        // `no e` is `not (some e)` in the IR
        body: f(FormulaKind::Not(Box::new(f(FormulaKind::Mult(
            Mult::Some,
            bx(e(
                ExprKind::Intersection(
                    bx(e(ExprKind::Iden, 2)),
                    bx(e(ExprKind::Closure(bx(var(r, 2))), 2)),
                ),
                2,
            )),
        ))))),
        span: lsp("pred acyclic[r: node->node] { no iden & ^r }"),
    });
    let r2 = b.var("r", 2);
    b.m.funs.push(Fun {
        name: "roots".into(),
        module: ModuleId(1),
        params: vec![Param {
            var: r2,
            decl: Decl {
                mult: Mult::Set,
                bound: prod(sig(task), sig(task)),
            },
            disj_group: None,
        }],
        result: Decl {
            mult: Mult::Set,
            bound: sig(task),
        },
        body: e(
            ExprKind::Difference(bx(sig(task)), bx(join(sig(task), var(r2, 2)))),
            1,
        ),
        span: lsp("fun roots[r: node->node] : set node { node - node.r }"),
    });
    b.m.facts.push(Fact {
        name: None,
        module: ModuleId(0),
        origin: FactOrigin::Paragraph,
        body: f(FormulaKind::Call(PredId(0), vec![fld(after, 2)])),
        span: b.sp("fact { g/acyclic[after] }"),
    });
    // fact { #Task > 1 => #after >= 2 }
    let card = |x: Expr| {
        Box::new(IntExpr {
            kind: IntExprKind::Card(bx(x)),
            span: d(),
        })
    };
    let lit = |k: i64| {
        Box::new(IntExpr {
            kind: IntExprKind::Lit(k),
            span: d(),
        })
    };
    b.m.facts.push(Fact {
        name: None,
        module: ModuleId(0),
        origin: FactOrigin::Paragraph,
        body: f(FormulaKind::Implies(
            Box::new(f(FormulaKind::IntCmp(IntCmp::Gt, card(sig(task)), lit(1)))),
            Box::new(f(FormulaKind::IntCmp(
                IntCmp::Ge,
                card(fld(after, 2)),
                lit(2),
            ))),
        )),
        span: b.sp("fact { #Task > 1 => #after >= 2 }"),
    });
    b.m.asserts.push(Assert {
        name: "some_root".into(),
        module: ModuleId(0),
        body: f(FormulaKind::Implies(
            Box::new(f(FormulaKind::Mult(Mult::Some, bx(sig(task))))),
            Box::new(f(FormulaKind::Mult(
                Mult::Some,
                bx(e(ExprKind::Call(FunId(0), vec![fld(after, 2)]), 1)),
            ))),
        )),
        span: b.sp("assert some_root { some Task => some g/roots[after] }"),
    });
    b.m.commands.push(Command {
        name: "some_root".into(),
        kind: CommandKind::Check,
        target: CommandTarget::Assert(AssertId(0)),
        scope: Scope::default(),
        expect: None,
        span: b.sp("check some_root"),
    });
    b.m
}

// ---------------------------------------------------------------------------

fn theories() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("theories")
}

fn coqc_available() -> bool {
    which::which("coqc").is_ok()
}

/// Compile theories/ (once per test binary) so exported files can
/// `Require` it. Tests run in parallel threads, and two `make`s in the same
/// directory race on the same .vo files, so the build happens exactly once.
fn build_theories() {
    static BUILT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *BUILT.get_or_init(|| {
        Proc::new("make")
            .arg("-s")
            .arg("-C")
            .arg(theories())
            .status()
            .expect("run make")
            .success()
    });
    assert!(ok, "make -C theories failed");
}

/// coqc every .v file of `dir` in the order of its _CoqProject.
fn coqc_dir(dir: &Path) {
    let project = std::fs::read_to_string(dir.join("_CoqProject")).unwrap();
    for line in project.lines().filter(|l| l.ends_with(".v")) {
        let out = Proc::new("coqc")
            .current_dir(dir)
            .args(["-q", "-R"])
            .arg(theories())
            .args(["Relprove", "-R", ".", "Proofs", line])
            .output()
            .expect("run coqc");
        assert!(
            out.status.success(),
            "coqc {line} failed:\n{}\n{}\n--- file ---\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(dir.join(line)).unwrap()
        );
    }
}

fn export(model: &Model, sources: &SourceMap, dir: &Path) -> export::ExportReport {
    let opts = ExportOptions {
        out_dir: dir.to_path_buf(),
        force: false,
        theories: Some(theories()),
        prove: None,
    };
    export::write_coq(model, sources, &opts).expect("export succeeds")
}

#[test]
fn family_snapshot() {
    let mut sources = SourceMap::new();
    let model = family(&mut sources);
    let files = coq::generate(&model, &sources).unwrap();
    for file in &files {
        insta::assert_snapshot!(format!("family__{}", file.name), file.contents);
    }
}

#[test]
fn params_snapshot() {
    let mut sources = SourceMap::new();
    let model = with_params(&mut sources);
    let files = coq::generate(&model, &sources).unwrap();
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["graph_module.v", "uses.v", "uses_proofs.v"]);
    for file in &files {
        insta::assert_snapshot!(format!("params__{}", file.name), file.contents);
    }
}

#[test]
fn export_is_deterministic() {
    let mut s1 = SourceMap::new();
    let mut s2 = SourceMap::new();
    let a = coq::generate(&family(&mut s1), &s1).unwrap();
    let b = coq::generate(&family(&mut s2), &s2).unwrap();
    assert_eq!(a, b);
}

#[test]
fn generated_files_compile_with_coqc() {
    if !coqc_available() {
        eprintln!("skipping: coqc is not installed");
        return;
    }
    build_theories();
    for (name, build) in [
        ("family", family as fn(&mut SourceMap) -> Model),
        ("uses", with_params),
    ] {
        let mut sources = SourceMap::new();
        let model = build(&mut sources);
        let dir = tempfile::tempdir().unwrap();
        let report = export(&model, &sources, dir.path());
        assert!(report
            .files
            .iter()
            .any(|(p, a)| p.ends_with(format!("{name}.v")) && *a == Action::Written));
        coqc_dir(dir.path());
    }
}

#[test]
fn a_refuted_expect_0_check_needs_no_new_skeleton() {
    let mut sources = SourceMap::new();
    let model = family(&mut sources);
    let dir = tempfile::tempdir().unwrap();
    export(&model, &sources, dir.path());
    let proofs = dir.path().join("family_proofs.v");
    let new = dir.path().join("family_proofs_new.v");
    let skeleton = std::fs::read_to_string(&proofs).unwrap();
    let holds = "Theorem no_self_parent_holds : no_self_parent_statement.";
    assert!(skeleton.contains(holds), "{skeleton}");
    // The `_holds` skeleton replaced by a refutation: the check is settled.
    std::fs::write(
        &proofs,
        skeleton.replace(
            holds,
            "Theorem no_self_parent_fails : ~ no_self_parent_statement.",
        ),
    )
    .unwrap();
    export(&model, &sources, dir.path());
    assert!(!new.exists());
    // The theorem removed altogether: its skeleton comes back in _new.v.
    std::fs::write(&proofs, skeleton.replace(holds, "")).unwrap();
    export(&model, &sources, dir.path());
    let new_text = std::fs::read_to_string(&new).unwrap();
    assert!(new_text.contains(holds), "{new_text}");
}

#[test]
fn edited_definitions_are_refused_and_proofs_kept() {
    let mut sources = SourceMap::new();
    let model = family(&mut sources);
    let dir = tempfile::tempdir().unwrap();
    export(&model, &sources, dir.path());
    // Re-export: everything unchanged.
    let again = export(&model, &sources, dir.path());
    assert!(
        again.files.iter().all(|(_, a)| *a == Action::Unchanged),
        "{:?}",
        again.files
    );

    // A person edits the proofs file: it is kept.
    let proofs = dir.path().join("family_proofs.v");
    let edited = std::fs::read_to_string(&proofs)
        .unwrap()
        .replace("Abort.", "(* mine *) Abort.");
    std::fs::write(&proofs, &edited).unwrap();
    let r = export(&model, &sources, dir.path());
    assert!(matches!(
        r.files.iter().find(|(p, _)| *p == proofs).unwrap().1,
        Action::Kept(_)
    ));
    assert_eq!(std::fs::read_to_string(&proofs).unwrap(), edited);

    // A new check: its skeleton goes to family_proofs_new.v, the proofs file stays.
    let mut model2 = model.clone();
    let mut cmd = model2.commands[0].clone();
    cmd.name = "again".into();
    model2.commands.push(cmd);
    let r = export(&model2, &sources, dir.path());
    let new = dir.path().join("family_proofs_new.v");
    assert!(
        r.files
            .iter()
            .any(|(p, a)| *p == new && *a == Action::Written),
        "{:?}",
        r.files
    );
    let new_text = std::fs::read_to_string(&new).unwrap();
    assert!(
        new_text.contains("Theorem again_holds : no_self_parent_statement."),
        "{new_text}"
    );
    assert!(
        !new_text.contains("Theorem no_self_parent_holds"),
        "{new_text}"
    );
    assert_eq!(std::fs::read_to_string(&proofs).unwrap(), edited);
    let project = std::fs::read_to_string(dir.path().join("_CoqProject")).unwrap();
    assert!(
        project.lines().any(|l| l == "family_proofs_new.v"),
        "{project}"
    );

    // A person edits a definitions file: export refuses, without --force.
    let defs = dir.path().join("family.v");
    let text = std::fs::read_to_string(&defs).unwrap();
    std::fs::write(
        &defs,
        text.replace("Definition ancestor", "Definition ancestor'"),
    )
    .unwrap();
    let opts = ExportOptions {
        out_dir: dir.path().to_path_buf(),
        force: false,
        theories: Some(theories()),
        prove: None,
    };
    let errs = export::write_coq(&model, &sources, &opts).unwrap_err();
    assert!(errs.0[0].message.contains("was edited"), "{}", errs);
    // --force overwrites it, and leaves the proofs file alone.
    let opts = ExportOptions {
        force: true,
        ..opts
    };
    export::write_coq(&model, &sources, &opts).unwrap();
    assert_eq!(std::fs::read_to_string(&defs).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&proofs).unwrap(), edited);

    // A file that relprove did not generate is never overwritten.
    std::fs::write(&defs, "(* mine *)\n").unwrap();
    let opts = ExportOptions {
        force: false,
        ..opts
    };
    let errs = export::write_coq(&model, &sources, &opts).unwrap_err();
    assert!(
        errs.0[0].message.contains("not generated by relprove"),
        "{}",
        errs
    );
}

#[test]
fn header_hash_detects_edits() {
    let mut sources = SourceMap::new();
    let files = coq::generate(&family(&mut sources), &sources).unwrap();
    let defs = files
        .iter()
        .find(|f| f.kind == FileKind::Definitions)
        .unwrap();
    assert_eq!(coq::header_intact(&defs.contents), Some(true));
    assert_eq!(
        coq::header_intact(&defs.contents.replace("parent", "parents")),
        Some(false)
    );
    assert_eq!(coq::header_intact("Require Import Coq.\n"), None);
}

#[test]
fn unsupported_integers_are_refused_with_a_span() {
    let mut sources = SourceMap::new();
    let mut model = family(&mut sources);
    // #Person = #Person + 1 is arithmetic: refused.
    let span = Span::new(FileId(0), 5, 9);
    let card = || IntExpr {
        kind: IntExprKind::Card(bx(sig(SigId(0)))),
        span: d(),
    };
    let plus_one = IntExpr {
        kind: IntExprKind::Add(
            Box::new(card()),
            Box::new(IntExpr {
                kind: IntExprKind::Lit(1),
                span: d(),
            }),
        ),
        span: d(),
    };
    model.asserts[0].body = Formula::new(
        FormulaKind::IntCmp(IntCmp::Eq, Box::new(card()), Box::new(plus_one)),
        span,
    );
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert_eq!(errs.0.len(), 1);
    assert_eq!(errs.0[0].span, Some(span));
    assert!(errs.0[0].message.contains("integer comparison"), "{}", errs);
    // A literal beyond the bitwidth (default 4: -8..7) would wrap in Alloy: refused.
    let big = IntExpr {
        kind: IntExprKind::Lit(8),
        span: d(),
    };
    model.asserts[0].body = Formula::new(
        FormulaKind::IntCmp(IntCmp::Ge, Box::new(card()), Box::new(big)),
        span,
    );
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert!(errs.0[0].message.contains("bitwidth 4"), "{}", errs);
    // 2 =< #Person is `atleast 1 2 Person`; 1 < #Person too.
    for (op, k) in [(IntCmp::Le, 2), (IntCmp::Lt, 1)] {
        let lit = IntExpr {
            kind: IntExprKind::Lit(k),
            span: d(),
        };
        model.asserts[0].body = Formula::new(
            FormulaKind::IntCmp(op, Box::new(lit), Box::new(card())),
            span,
        );
        let files = coq::generate(&model, &sources).unwrap();
        assert!(
            files[0].contents.contains("(atleast 1 2 (Person i))"),
            "{}",
            files[0].contents
        );
    }
    // Two cardinalities compared are exact: `card_le`/`card_lt` both ways.
    for (op, text) in [
        (IntCmp::Le, "(card_le 1 1 (Person i) (Person i))"),
        (IntCmp::Gt, "(card_lt 1 1 (Person i) (Person i))"),
        (
            IntCmp::Ne,
            "~ ((card_le 1 1 (Person i) (Person i)) /\\ (card_le 1 1 (Person i) (Person i)))",
        ),
    ] {
        model.asserts[0].body = Formula::new(
            FormulaKind::IntCmp(op, Box::new(card()), Box::new(card())),
            span,
        );
        let files = coq::generate(&model, &sources).unwrap();
        assert!(files[0].contents.contains(text), "{}", files[0].contents);
    }
    // Int atoms are refused too.
    model.asserts[0].body = f(FormulaKind::Mult(Mult::Some, bx(e(ExprKind::IntAtoms, 1))));
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert!(errs.0[0].message.contains("Int"), "{}", errs);
}

// ---------------------------------------------------------------------------
// Through the real front end (parser + resolver).

fn load(path: &Path, sources: &mut SourceMap) -> Model {
    relprove_engine::resolve::load_model(
        path,
        sources,
        &relprove_engine::resolve::LoadOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}", relprove_engine::diag::render(sources, &d, false)))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The hand-built IR above is what the resolver produces, and the committed
/// proofs/family.v (which proofs/family_proofs.v proves things about) is
/// what export writes today.
#[test]
fn committed_family_export_is_current() {
    let mut sources = SourceMap::new();
    let model = load(&fixture("family.als"), &mut sources);
    let files = coq::generate(&model, &sources).unwrap();
    let family = files.iter().find(|f| f.name == "family.v").unwrap();
    let committed =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs/family.v"))
            .unwrap();
    assert_eq!(
        family.contents, committed,
        "re-export tests/fixtures/family.als into proofs/ and re-check family_proofs.v"
    );
}

/// The Coq exports of every model under models/ are committed in proofs/
/// (the hand proofs there are written against them), so they serve as the
/// models' snapshots: a change to the exporter or a model that changes a
/// generated file shows up here, and in review as a diff of proofs/.
#[test]
fn committed_model_exports_are_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("models"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "als"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 10,
        "expected the model library under models/"
    );
    let mut checked = 0;
    for p in &paths {
        let mut sources = SourceMap::new();
        let model = load(p, &mut sources);
        for file in coq::generate(&model, &sources).unwrap() {
            if file.name.ends_with("_proofs.v") {
                continue; // skeletons are created once and then belong to the user
            }
            let committed = std::fs::read_to_string(root.join("proofs").join(&file.name))
                .unwrap_or_else(|e| {
                    panic!(
                        "proofs/{} (export of {}): {e}; run `make proofs`",
                        file.name,
                        p.display()
                    )
                });
            assert_eq!(
                file.contents, committed,
                "proofs/{} is stale: run `make proofs` and re-check the proofs over it",
                file.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} generated files compared");
}

/// Quantifiers (one/lone/no, disj), let, if-then-else, comprehension,
/// override, restrictions, arrow multiplicities on ternary relations,
/// cardinalities, subset sigs.
#[test]
fn misc_snapshot_and_coqc() {
    let mut sources = SourceMap::new();
    let model = load(&fixture("misc.als"), &mut sources);
    let files = coq::generate(&model, &sources).unwrap();
    for file in &files {
        insta::assert_snapshot!(format!("misc__{}", file.name), file.contents);
    }
    if !coqc_available() {
        eprintln!("skipping coqc: coqc is not installed");
        return;
    }
    build_theories();
    let dir = tempfile::tempdir().unwrap();
    export(&model, &sources, dir.path());
    coqc_dir(dir.path());
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
    let errs = coq::generate(&model, &sources).unwrap_err();
    let text = relprove_engine::diag::render(&sources, &errs.0, false);
    assert_eq!(errs.0.len(), 3, "{text}");
    assert!(
        text.contains("ints.als:1:12")
            && text.contains("ints.als:2:19")
            && text.contains("ints.als:3:12"),
        "{text}"
    );
}

/// Every model under models/ exports, and the export compiles with coqc.
#[test]
fn models_export_and_compile() {
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let Ok(rd) = std::fs::read_dir(&models) else {
        eprintln!("skipping: no models/ directory");
        return;
    };
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "als"))
        .collect();
    paths.sort();
    let dir = tempfile::tempdir().unwrap();
    for p in &paths {
        let mut sources = SourceMap::new();
        let model = load(p, &mut sources);
        let opts = ExportOptions {
            out_dir: dir.path().to_path_buf(),
            force: false,
            theories: Some(theories()),
            prove: None,
        };
        if let Err(e) = export::write_coq(&model, &sources, &opts) {
            panic!(
                "{}: {}",
                p.display(),
                relprove_engine::diag::render(&sources, &e.0, false)
            );
        }
    }
    if !coqc_available() {
        eprintln!("skipping coqc: coqc is not installed");
        return;
    }
    build_theories();
    coqc_dir(dir.path());
}

/// An export directory builds by itself (`make -C DIR`), also after it
/// moved: it holds a copy of the library and no path of the clone. Its
/// files get the umask's mode; a hand-edited `_CoqProject` is kept and
/// reported so.
#[test]
fn export_dir_moves_and_builds_by_itself() {
    use std::os::unix::fs::PermissionsExt;
    let exe = env!("CARGO_BIN_EXE_relprove");
    let root = tempfile::tempdir().unwrap();
    let first = root.path().join("first");
    let out = Proc::new("sh")
        .arg("-c")
        .arg("umask 022 && exec \"$0\" export --coq -o \"$1\" \"$2\"")
        .arg(exe)
        .arg(&first)
        .arg(fixture("uses.als"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in [
        "uses.v",
        "uses_proofs.v",
        "_CoqProject",
        "Makefile",
        "relprove-theories/Rel.v",
    ] {
        let mode = std::fs::metadata(first.join(name))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644, "{name}: {mode:o}");
    }
    let project = std::fs::read_to_string(first.join("_CoqProject")).unwrap();
    let clone = env!("CARGO_MANIFEST_DIR");
    assert!(
        !project.contains(clone) && !project.contains("/theories"),
        "{project}"
    );
    let moved = root.path().join("elsewhere").join("moved");
    std::fs::create_dir_all(moved.parent().unwrap()).unwrap();
    std::fs::rename(&first, &moved).unwrap();
    if coqc_available() {
        let make = Proc::new("make")
            .arg("-s")
            .arg("-C")
            .arg(&moved)
            .output()
            .unwrap();
        assert!(
            make.status.success(),
            "make -C failed:\n{}\n{}",
            String::from_utf8_lossy(&make.stdout),
            String::from_utf8_lossy(&make.stderr)
        );
        assert!(moved.join("uses_proofs.vo").is_file());
    } else {
        println!("SKIP make -C of a moved export: coqc is not installed");
    }
    std::fs::write(
        moved.join("_CoqProject"),
        format!("{project}-arg -w -arg -notation-overridden\n"),
    )
    .unwrap();
    let again = Proc::new(exe)
        .args(["export", "--coq", "-o"])
        .arg(&moved)
        .arg(fixture("uses.als"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success(), "{stdout}");
    assert!(
        stdout.contains("_CoqProject (edited by hand)") && stdout.contains("kept"),
        "{stdout}"
    );
    assert!(
        stdout.contains("unchanged") && stdout.contains("relprove-theories"),
        "{stdout}"
    );
}

#[test]
fn cli_export() {
    let exe = env!("CARGO_BIN_EXE_relprove");
    let dir = tempfile::tempdir().unwrap();
    let out = Proc::new(exe)
        .args(["export", "--coq", "-o"])
        .arg(dir.path())
        .arg("--theories")
        .arg(theories())
        .arg(fixture("uses.als"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("wrote")
            && stdout.contains("graph_module.v")
            && stdout.contains("uses_proofs.v"),
        "{stdout}"
    );
    let project = std::fs::read_to_string(dir.path().join("_CoqProject")).unwrap();
    assert!(
        project.starts_with("-R ") && project.contains(" Relprove\n-R . Proofs\n"),
        "{project}"
    );
    assert!(dir.path().join("Makefile").is_file());
    // A second run changes nothing.
    let again = Proc::new(exe)
        .args(["export", "--coq", "-o"])
        .arg(dir.path())
        .arg(fixture("uses.als"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(
        again.status.success() && !stdout.contains("wrote"),
        "{stdout}"
    );
    // Refused models: exit 2 with the diagnostic on stderr.
    let bad = dir.path().join("ints.als");
    std::fs::write(&bad, "sig A { v: Int }\n").unwrap();
    let out = Proc::new(exe)
        .args(["export", "--coq", "-o"])
        .arg(dir.path())
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ints.als:1:12"));
    // The Lean export refuses it too.
    let out = Proc::new(exe)
        .args(["export", "--lean", "-o"])
        .arg(dir.path())
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn skeletons_come_from_templates() {
    let mut sources = SourceMap::new();
    let model = family(&mut sources);
    let mut templates = coq::Templates::builtin();
    templates.theorem = "Theorem {{name}} : {{statement}}.\nProof. (* {{facts}} *) Abort.\n".into();
    let files = coq::generate_with(&model, &sources, &templates).unwrap();
    let proofs = files.iter().find(|f| f.kind == FileKind::Proofs).unwrap();
    assert!(
        proofs.contents.contains("Theorem no_self_parent_holds : no_self_parent_statement.\nProof. (* family_facts *) Abort.\n"),
        "{}",
        proofs.contents
    );
}

/// `export --coq` with the rewriter: the checks it proves get complete,
/// marked proofs (using the facts bundle's conjuncts and the premises of
/// implications), the others skeletons; coqc accepts the result.
#[test]
fn rewriter_proofs_in_export() {
    let mut sources = SourceMap::new();
    let model = load(&fixture("rewritten.als"), &mut sources);
    let dir = tempfile::tempdir().unwrap();
    // A generous time limit so the outcome does not depend on the machine's load.
    let limits = relprove_proof::rewrite::Limits {
        time_limit: std::time::Duration::from_secs(30),
        ..relprove_proof::rewrite::export_limits()
    };
    let opts = ExportOptions {
        out_dir: dir.path().to_path_buf(),
        force: false,
        theories: Some(theories()),
        prove: Some(limits),
    };
    export::write_coq(&model, &sources, &opts).expect("export succeeds");
    let proofs = std::fs::read_to_string(dir.path().join("rewritten_proofs.v")).unwrap();
    insta::assert_snapshot!("rewritten__proofs", proofs);
    let proved: Vec<&str> = proofs
        .split("(* proved by relprove's rewriter *)\nTheorem ")
        .skip(1)
        .map(|s| s.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        proved,
        [
            "conv_join_holds",
            "com_parts_holds",
            "rmw_rf_holds",
            "premise_holds",
            "empty_holds",
            "check_8_holds",
            "check_9_holds"
        ]
    );
    for skeleton in ["not_comm_holds", "quantified_holds"] {
        let at = proofs
            .find(&format!("Theorem {skeleton} :"))
            .unwrap_or_else(|| panic!("{skeleton} missing:\n{proofs}"));
        assert!(
            proofs[at..]
                .split("Theorem ")
                .nth(1)
                .unwrap()
                .contains("Abort."),
            "{skeleton} is not a skeleton"
        );
    }
    // A proof needing a fact takes it from the facts bundle.
    assert!(
        proofs.contains("cbv beta delta [rewritten_facts fact_wf fact_1 acyclic com] in *."),
        "{proofs}"
    );
    // The definitions are the same with and without the rewriter.
    let plain = coq::generate(&model, &sources).unwrap();
    let defs = plain.iter().find(|f| f.name == "rewritten.v").unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("rewritten.v")).unwrap(),
        defs.contents
    );
    if !coqc_available() {
        eprintln!("skipping coqc: coqc is not installed");
        return;
    }
    build_theories();
    coqc_dir(dir.path());
}

/// `--no-prove` writes skeletons only; the default proves.
#[test]
fn cli_export_no_prove() {
    let exe = env!("CARGO_BIN_EXE_relprove");
    for (flag, marked) in [(None, true), (Some("--no-prove"), false)] {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = Proc::new(exe);
        cmd.args(["export", "--coq", "-o"])
            .arg(dir.path())
            .arg("--theories")
            .arg(theories())
            .arg(fixture("rewritten.als"));
        cmd.args(flag);
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let proofs = std::fs::read_to_string(dir.path().join("rewritten_proofs.v")).unwrap();
        assert_eq!(
            proofs.contains("(* proved by relprove's rewriter *)"),
            marked,
            "{flag:?}:\n{proofs}"
        );
        assert!(proofs.contains("Theorem not_comm_holds : not_comm_statement."));
    }
    let out = Proc::new(exe)
        .args(["export", "--coq", "--node-limit", "0", "-o", "/nonexistent"])
        .arg(fixture("rewritten.als"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Rewriter proofs that use an opened module's fact and fun: their names
/// are qualified by the module's file (the proofs file imports only the
/// root file); coqc accepts the result.
#[test]
fn rewriter_proofs_across_modules() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.als"), "module lib[E]\nsig Ev { po, rmw: set Ev }\nfact libfact { rmw in po }\nfun fr[r: E->E] : E->E { ~r }\n").unwrap();
    let top = dir.path().join("top.als");
    std::fs::write(&top, "module top\nopen lib[A] as l\nsig A { rf: set A }\nassert t1 { l/rmw.rf in l/po.rf }\nassert t2 { l/fr[rf] = ~rf }\ncheck t1\ncheck t2\n").unwrap();
    let mut sources = SourceMap::new();
    let model = load(&top, &mut sources);
    let out = dir.path().join("out");
    let limits = relprove_proof::rewrite::Limits {
        time_limit: std::time::Duration::from_secs(30),
        ..relprove_proof::rewrite::export_limits()
    };
    let opts = ExportOptions {
        out_dir: out.clone(),
        force: false,
        theories: Some(theories()),
        prove: Some(limits),
    };
    export::write_coq(&model, &sources, &opts).expect("export succeeds");
    let proofs = std::fs::read_to_string(out.join("top_proofs.v")).unwrap();
    assert_eq!(
        proofs
            .matches("(* proved by relprove's rewriter *)")
            .count(),
        2,
        "{proofs}"
    );
    assert!(proofs.contains("lib_module.lib_fact_libfact"), "{proofs}");
    if !coqc_available() {
        eprintln!("skipping coqc: coqc is not installed");
        return;
    }
    build_theories();
    coqc_dir(&out);
}

/// Two models that open the same module (with different sigs for its
/// parameter) exported into one directory share one file for it, and a
/// second export changes nothing; the shared file is protected like any
/// other (a hand edit is refused); coqc accepts the directory.
#[test]
fn models_share_opened_module_files() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir(&src).unwrap();
    std::fs::write(src.join("lib.als"), "module lib[E]\nsig Ev { po: set Ev }\nfact acyc { no iden & ^po }\npred total[r: E->E] { all x, y: E | x = y or x->y in r or y->x in r }\n").unwrap();
    std::fs::write(src.join("first.als"), "module first\nopen lib[A] as l\nsig A { next: set A }\nassert t { l/total[next] => some (A <: next) or lone A }\ncheck t\n").unwrap();
    std::fs::write(src.join("second.als"), "module second\nopen lib[B] as l\nopen lib[C] as k\nsig B, C { r: set B }\nfact { l/total[r] }\n").unwrap();
    let out = dir.path().join("out");
    let opts = ExportOptions {
        out_dir: out.clone(),
        force: false,
        theories: Some(theories()),
        prove: None,
    };
    let mut session = export::Session::default();
    let mut reports = Vec::new();
    for root in ["first", "second"] {
        let mut sources = SourceMap::new();
        let model = load(&src.join(format!("{root}.als")), &mut sources);
        let files = coq::generate(&model, &sources).unwrap();
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "lib_module.v",
                &format!("{root}.v"),
                &format!("{root}_proofs.v")
            ]
        );
        reports.push(
            session
                .write_coq(&model, &sources, &opts)
                .expect("export succeeds"),
        );
    }
    let action = |r: &export::ExportReport, name: &str| {
        r.files
            .iter()
            .find(|(p, _)| p.ends_with(name))
            .map(|(_, a)| a.clone())
    };
    assert_eq!(action(&reports[0], "lib_module.v"), Some(Action::Written));
    assert_eq!(action(&reports[1], "lib_module.v"), Some(Action::Unchanged));
    let mut listed: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    listed.sort();
    assert_eq!(
        listed,
        [
            "Makefile",
            "_CoqProject",
            "first.v",
            "first_proofs.v",
            "lib_module.v",
            "relprove-theories",
            "second.v",
            "second_proofs.v"
        ]
    );
    let project = std::fs::read_to_string(out.join("_CoqProject")).unwrap();
    assert_eq!(
        project.lines().filter(|l| *l == "lib_module.v").count(),
        1,
        "{project}"
    );
    let lib = std::fs::read_to_string(out.join("lib_module.v")).unwrap();
    assert!(
        lib.contains("(* module lib[E] (lib.als): one file shared by every model that opens it *)"),
        "{lib}"
    );
    // The second model's two instances are two records of the one type.
    let second = std::fs::read_to_string(out.join("second.v")).unwrap();
    assert!(
        second.contains("Require Import lib_module.\n")
            && second.contains("m_lib : lib_Inst A;\n  m_lib_1 : lib_Inst A;"),
        "{second}"
    );
    // Again, in a new session: nothing changes.
    for root in ["first", "second"] {
        let mut sources = SourceMap::new();
        let model = load(&src.join(format!("{root}.als")), &mut sources);
        let r = export::write_coq(&model, &sources, &opts).unwrap();
        assert!(
            r.files.iter().all(|(_, a)| *a == Action::Unchanged),
            "{root}: {:?}",
            r.files
        );
    }
    if coqc_available() {
        build_theories();
        coqc_dir(&out);
    } else {
        eprintln!("skipping coqc: coqc is not installed");
    }
    // A hand edit of the shared file: the other model's export refuses it.
    std::fs::write(
        out.join("lib_module.v"),
        lib.replace("Definition", "Definition  "),
    )
    .unwrap();
    let mut sources = SourceMap::new();
    let model = load(&src.join("second.als"), &mut sources);
    let errs = export::write_coq(&model, &sources, &opts).unwrap_err();
    assert!(
        errs.0[0].message.contains("lib_module.v was edited"),
        "{errs}"
    );
}

/// Two models opening different modules of the same name would need
/// different contents in one shared file: in one session the second is
/// refused (nothing written); within one model it is an error too.
#[test]
fn conflicting_module_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (sub, body) in [("a", "sig Ev {}\n"), ("b", "sig Ev { po: set Ev }\n")] {
        let d = dir.path().join(sub);
        std::fs::create_dir_all(d.join("x")).unwrap();
        std::fs::write(d.join("lib.als"), format!("module lib\n{body}")).unwrap();
        std::fs::write(d.join("x/lib.als"), "module x/lib\nsig Other {}\n").unwrap();
        std::fs::write(
            d.join(format!("root_{sub}.als")),
            format!("module root_{sub}\nopen lib\nsig A {{}}\n"),
        )
        .unwrap();
    }
    let out = dir.path().join("out");
    let opts = ExportOptions {
        out_dir: out.clone(),
        force: false,
        theories: Some(theories()),
        prove: None,
    };
    let mut session = export::Session::default();
    let mut sources = SourceMap::new();
    let a = load(&dir.path().join("a/root_a.als"), &mut sources);
    session
        .write_coq(&a, &sources, &opts)
        .expect("the first model exports");
    let written = std::fs::read_to_string(out.join("lib_module.v")).unwrap();
    let mut sources = SourceMap::new();
    let b = load(&dir.path().join("b/root_b.als"), &mut sources);
    let errs = session.write_coq(&b, &sources, &opts).unwrap_err();
    let text = errs.to_string();
    assert!(
        text.contains("lib_module.v")
            && text.contains("root_a.als")
            && text.contains("root_b.als")
            && text.contains("need different contents"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("lib_module.v")).unwrap(),
        written
    );
    assert!(!out.join("root_b.v").exists());
    // Within one model: `lib` and `x/lib` both want lib_module.v.
    let both = dir.path().join("a/both.als");
    std::fs::write(&both, "module both\nopen lib\nopen x/lib as y\nsig A {}\n").unwrap();
    let mut sources = SourceMap::new();
    let model = load(&both, &mut sources);
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert!(
        errs.0
            .iter()
            .any(|e| e.message.contains("would both be exported as lib_module.v")),
        "{errs}"
    );
    // Two modules whose identifiers coincide (`a_b_c`: sig `b_c` of `a`,
    // sig `c` of `a_b`) cannot both be imported by the root.
    std::fs::write(dir.path().join("a/a.als"), "module a\nsig b_c {}\n").unwrap();
    std::fs::write(dir.path().join("a/a_b.als"), "module a_b\nsig c {}\n").unwrap();
    let clash = dir.path().join("a/clash.als");
    std::fs::write(&clash, "module clash\nopen a\nopen a_b\nsig A {}\n").unwrap();
    let mut sources = SourceMap::new();
    let model = load(&clash, &mut sources);
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert!(
        errs.0
            .iter()
            .any(|e| e.message.contains("both define `a_b_c`")),
        "{errs}"
    );
    // A root whose own file would be an opened module's.
    let named = dir.path().join("a/lib_module.als");
    std::fs::write(&named, "module lib_module\nopen lib\nsig A {}\n").unwrap();
    let mut sources = SourceMap::new();
    let model = load(&named, &mut sources);
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert!(
        errs.0
            .iter()
            .any(|e| e.message.contains("the name of the model's own file")),
        "{errs}"
    );
}

/// `f: disj e` (distinct atoms have disjoint values) is refused with the
/// field's position rather than exported without its constraint.
#[test]
fn disj_values_field_is_refused() {
    let mut sources = SourceMap::new();
    let mut model = family(&mut sources);
    model.fields[0].disj_values = true;
    let span = model.fields[0].span;
    let errs = coq::generate(&model, &sources).unwrap_err();
    assert_eq!(errs.0[0].span, Some(span));
    assert!(errs.0[0].message.contains("disj"), "{}", errs);
}

/// `check --format coq`: the instance of one command as Coq definitions over
/// the model's export, with its lemmas proved by `rp_decide`.
fn check_coq(model: &Path, command: &str) -> String {
    let out = Proc::new(env!("CARGO_BIN_EXE_relprove"))
        .arg("check")
        .arg(model)
        .args(["-c", command, "--format", "coq"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Export `model` into `dir`, write the instance file `name`, and coqc everything.
fn coqc_instance(model: &Path, file: &str, text: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut sources = SourceMap::new();
    let m = load(model, &mut sources);
    export(&m, &sources, dir.path());
    std::fs::write(dir.path().join(file), text).unwrap();
    let mut project = std::fs::read_to_string(dir.path().join("_CoqProject")).unwrap();
    project.push_str(file);
    project.push('\n');
    std::fs::write(dir.path().join("_CoqProject"), project).unwrap();
    build_theories();
    coqc_dir(dir.path());
}

#[test]
fn instance_export_small_model() {
    let model = fixture("instance_chain.als");
    let cex = check_coq(&model, "short");
    insta::assert_snapshot!("instance_chain_short", cex);
    assert!(
        cex.contains("Theorem short_fails : ~ short_statement."),
        "{cex}"
    );
    let run = check_coq(&model, "rooted");
    assert!(run.contains("Lemma rooted_instance"), "{run}");
    // one command at a time
    let out = Proc::new(env!("CARGO_BIN_EXE_relprove"))
        .arg("check")
        .arg(&model)
        .args(["--format", "coq"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    if !coqc_available() {
        eprintln!("SKIP coqc: coqc is not installed");
        return;
    }
    coqc_instance(&model, "short_cex.v", &cex);
    coqc_instance(&model, "rooted_inst.v", &run);
}

/// The LB counterexample to No-Thin-Air (`expect 1`) of the scoped C++ ->
/// PTX mapping becomes a Coq refutation of its generated statement.
#[test]
fn instance_export_no_thin_air() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = root.join("models/compile_src11_ptx.als");
    let cex = check_coq(&model, "src11_ptx_no_thin_air");
    assert!(
        cex.contains("Theorem src11_ptx_no_thin_air_fails : ~ src11_ptx_no_thin_air_statement."),
        "{cex}"
    );
    insta::assert_snapshot!("compile_src11_ptx_no_thin_air", cex);
}

/// coqc on the file of `instance_export_no_thin_air`: several minutes on a
/// loaded 2-core machine (the whole compile_src11_ptx facts are decided), so
/// only with `cargo test -- --ignored`.
#[test]
#[ignore = "slow: minutes of coqc (rp_decide over the full mapping model)"]
fn instance_export_no_thin_air_coqc() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = root.join("models/compile_src11_ptx.als");
    let cex = check_coq(&model, "src11_ptx_no_thin_air");
    if !coqc_available() {
        eprintln!("SKIP coqc: coqc is not installed");
        return;
    }
    coqc_instance(&model, "nta_cex.v", &cex);
}

/// The library folder an export copies (`relprove-theories/`) keeps hand
/// edits: a second export refuses to overwrite an edited file, before
/// writing anything, and `--force` overwrites it (issue 34, item 8).
#[test]
fn edited_library_files_are_refused() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let export = |force: bool| {
        let mut c = Proc::new(env!("CARGO_BIN_EXE_relprove"));
        c.args(["export", "--coq", "-o"])
            .arg(dir.path())
            .arg(root.join("tests/fixtures/family.als"));
        if force {
            c.arg("--force");
        }
        c.output().unwrap()
    };
    let out = export(false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lib = dir.path().join("relprove-theories");
    assert!(lib.join(".relprove-library").is_file());
    let file = std::fs::read_dir(&lib)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "v"))
        .unwrap();
    let original = std::fs::read_to_string(&file).unwrap();
    // Unedited: a second export changes nothing.
    let out = export(false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Edited by hand: refused, the edit kept.
    let edited = format!("(* my note *)\n{original}");
    std::fs::write(&file, &edited).unwrap();
    let out = export(false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("refusing to overwrite it"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);
    // --force: relprove's copy again.
    let out = export(true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), original);
}
