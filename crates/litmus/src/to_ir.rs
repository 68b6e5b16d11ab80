//! Lowering a [`LitmusExecution`] to the IR: the memory model is resolved
//! once ([`BaseModel`], shared by every test and worker), and each path
//! combination adds its sigs, fields, functions, facts and `run` command to
//! a copy of it, over the model's resolved sigs, fields and predicates —
//! no Alloy text is printed, parsed or resolved per combination.
//!
//! The base is loaded as a one-line module that opens the model
//! (`module lt_base  open <model>`), exactly as every generated module
//! opens it, so the model's module instances, sig labels and atom names
//! are those of the text path; the generated declarations belong to that
//! root module, as they do in the generated text.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub use super::error::IrError;
use super::error::LitmusError;
use super::execution::{Fml, LitmusExecution, Rel, SigDecl, RUN_NAME};
use relprove_engine::diag::{SourceMap, Span};
use relprove_engine::ir::{
    Command, CommandId, CommandKind, CommandTarget, Decl, Expr, ExprKind, Fact, FactOrigin, Field,
    FieldId, Formula, FormulaKind, Fun, FunId, Model, ModuleId, Mult, PredId, Scope, Sig, SigId,
    SigKind, SigScope, Var, VarId,
};
use relprove_engine::resolve::{load_source, LoadOptions};

/// What a name of a lowered execution denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entity {
    Sig(SigId),
    Field(FieldId),
    Fun(FunId),
    Pred(PredId),
}

/// A memory model resolved once, with the names a lowering may use.
#[derive(Debug)]
pub struct BaseModel {
    model: Model,
    /// The model's sources (its diagnostics point into them).
    pub sources: Arc<SourceMap>,
    /// The declarations of the model's own module, by name (a name
    /// declared twice, e.g. a field of two sigs, maps to both).
    names: HashMap<String, Vec<Entity>>,
}

impl std::error::Error for IrError {}

impl BaseModel {
    /// Resolve the model `path` (opened by its module name `open_name`,
    /// from a module notionally beside it).
    pub fn load(path: &Path, open_name: &str, opts: &LoadOptions) -> Result<Self, LitmusError> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let name = dir.join("lt_base.als").display().to_string();
        let text = format!("module lt_base\nopen {open_name}\n");
        let mut sources = SourceMap::new();
        let model = match load_source(&name, &text, &mut sources, opts) {
            Ok(m) => m,
            Err(ds) => return Err(LitmusError::generated(&Arc::new(sources), ds)),
        };
        // The model is the module the base opens (its first open).
        let own = model.modules[0]
            .opens
            .first()
            .map(|(_, m)| *m)
            .unwrap_or(ModuleId(0));
        let mut names: HashMap<String, Vec<Entity>> = HashMap::new();
        let mut add = |n: &str, e: Entity| names.entry(n.to_string()).or_default().push(e);
        for id in model.sig_ids() {
            if model.sig(id).module == own {
                add(&model.sig(id).name, Entity::Sig(id));
            }
        }
        for id in model.field_ids() {
            if model.sig(model.field(id).sig).module == own {
                add(&model.field(id).name, Entity::Field(id));
            }
        }
        for (i, f) in model.funs.iter().enumerate() {
            if f.module == own && f.params.is_empty() {
                add(&f.name, Entity::Fun(FunId(i as u32)));
            }
        }
        for (i, p) in model.preds.iter().enumerate() {
            if p.module == own && p.params.is_empty() {
                add(&p.name, Entity::Pred(PredId(i as u32)));
            }
        }
        Ok(BaseModel {
            model,
            sources: Arc::new(sources),
            names,
        })
    }

    /// The resolved model (without any test).
    pub fn model(&self) -> &Model {
        &self.model
    }
}

/// The model of one execution, its `run` command, and the query formulas
/// (in the order given).
pub struct Lowered {
    /// The memory model with the execution's declarations added.
    pub model: Model,
    /// The execution's `run` command in it.
    pub command: CommandId,
    /// The query formulas, in the order given.
    pub queries: Vec<Formula>,
}

/// Add `exec` to a copy of the base model; `queries` become formulas over
/// it (assumptions of a session).
pub fn build(
    base: &BaseModel,
    exec: &LitmusExecution,
    queries: &[Fml],
) -> Result<Lowered, IrError> {
    let mut b = Builder {
        base,
        model: base.model.clone(),
        local: HashMap::new(),
    };
    for s in &exec.sigs {
        b.sig_decl(s)?;
    }
    for f in &exec.funs {
        let result = b.product(&f.result)?;
        let body = b.rel(&f.body)?;
        if body.arity != f.arity || result.arity != f.arity {
            return Err(IrError::Arity {
                op: "fun",
                arities: vec![f.arity, body.arity, result.arity],
            });
        }
        let id = FunId(b.model.funs.len() as u32);
        b.model.funs.push(Fun {
            name: f.name.clone(),
            module: ModuleId(0),
            params: vec![],
            result: Decl {
                mult: Mult::Set,
                bound: result,
            },
            body,
            span: Span::DUMMY,
        });
        b.local.insert(f.name.clone(), Entity::Fun(id));
    }
    for fact in &exec.facts {
        let body = b.fml(&Fml::And(fact.body.clone()))?;
        b.model.facts.push(Fact {
            name: Some(fact.name.clone()),
            module: ModuleId(0),
            origin: FactOrigin::Paragraph,
            body,
            span: Span::DUMMY,
        });
    }
    let mut sigs = Vec::new();
    for (name, count) in &exec.scope.exact {
        sigs.push(SigScope {
            sig: b.sig(name)?,
            count: *count as u32,
            exact: true,
            span: Span::DUMMY,
        });
    }
    let target = CommandTarget::Inline(b.fml(&exec.base_formula())?);
    let command = CommandId(b.model.commands.len() as u32);
    b.model.commands.push(Command {
        name: RUN_NAME.to_string(),
        kind: CommandKind::Run,
        target,
        scope: Scope {
            overall: Some(exec.scope.overall as u32),
            bitwidth: exec.scope.bitwidth,
            seq: None,
            sigs,
        },
        expect: None,
        span: Span::DUMMY,
    });
    let queries = queries
        .iter()
        .map(|q| b.fml(q))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Lowered {
        model: b.model,
        command,
        queries,
    })
}

struct Builder<'a> {
    base: &'a BaseModel,
    model: Model,
    /// The generated declarations, by name.
    local: HashMap<String, Entity>,
}

fn expr(kind: ExprKind, arity: usize) -> Expr {
    Expr::new(kind, arity, Span::DUMMY)
}

fn fml(kind: FormulaKind) -> Formula {
    Formula::new(kind, Span::DUMMY)
}

impl Builder<'_> {
    fn lookup(&self, name: &str) -> Result<Vec<Entity>, IrError> {
        if let Some(e) = self.local.get(name) {
            return Ok(vec![*e]);
        }
        self.base
            .names
            .get(name)
            .cloned()
            .ok_or_else(|| IrError::UnknownName(name.to_string()))
    }

    /// The one entity of `name` that `pick` accepts.
    fn unique<T>(
        &self,
        name: &str,
        wanted: &'static str,
        pick: impl Fn(Entity) -> Option<T>,
    ) -> Result<T, IrError> {
        let mut found: Vec<T> = self.lookup(name)?.into_iter().filter_map(pick).collect();
        match found.len() {
            0 => Err(IrError::WrongKind {
                name: name.to_string(),
                wanted,
            }),
            1 => Ok(found.remove(0)),
            _ => Err(IrError::Ambiguous(name.to_string())),
        }
    }

    fn sig(&self, name: &str) -> Result<SigId, IrError> {
        self.unique(name, "sig", |e| match e {
            Entity::Sig(s) => Some(s),
            _ => None,
        })
    }

    fn push_sig(&mut self, name: &str, kind: SigKind, mult: Option<Mult>, abs: bool) -> SigId {
        let id = SigId(self.model.sigs.len() as u32);
        self.model.sigs.push(Sig {
            name: name.to_string(),
            label: name.to_string(),
            module: ModuleId(0),
            kind,
            is_abstract: abs,
            mult,
            in_int: false,
            is_enum: false,
            span: Span::DUMMY,
        });
        self.local.insert(name.to_string(), Entity::Sig(id));
        id
    }

    fn sig_decl(&mut self, s: &SigDecl) -> Result<(), IrError> {
        match s {
            SigDecl::One { names, parent, .. } => {
                if names.is_empty() {
                    return Ok(());
                }
                let p = self.sig(parent)?;
                for n in names {
                    self.push_sig(n, SigKind::Extends(p), Some(Mult::One), false);
                }
            }
            SigDecl::Abstract(n) => {
                self.push_sig(n, SigKind::TopLevel, None, true);
            }
            SigDecl::OneWithFields { name, fields } => {
                let sig = self.push_sig(name, SigKind::TopLevel, Some(Mult::One), false);
                for (fname, bound) in fields {
                    let bound = self.rel(bound)?;
                    let this_var = VarId(self.model.vars.len() as u32);
                    self.model.vars.push(Var {
                        name: "this".into(),
                        arity: 1,
                        span: Span::DUMMY,
                    });
                    let id = FieldId(self.model.fields.len() as u32);
                    self.model.fields.push(Field {
                        name: fname.clone(),
                        sig,
                        arity: 1 + bound.arity,
                        decl: Decl {
                            mult: if bound.arity == 1 {
                                Mult::One
                            } else {
                                Mult::Set
                            },
                            bound,
                        },
                        this_var,
                        disj: false,
                        decl_group: id.0,
                        disj_values: false,
                        span: Span::DUMMY,
                    });
                    self.local.insert(fname.clone(), Entity::Field(id));
                }
            }
        }
        Ok(())
    }

    /// `A->B->C` of sig names.
    fn product(&self, names: &[String]) -> Result<Expr, IrError> {
        let mut it = names.iter();
        let first = it.next().ok_or(IrError::Arity {
            op: "->",
            arities: vec![],
        })?;
        let mut e = expr(ExprKind::Sig(self.sig(first)?), 1);
        for n in it {
            let r = expr(ExprKind::Sig(self.sig(n)?), 1);
            e = arrow(e, Mult::Set, r);
        }
        Ok(e)
    }

    fn rel(&self, r: &Rel) -> Result<Expr, IrError> {
        Ok(match r {
            Rel::Name(n) => self.name(n)?,
            Rel::None(a) => expr(ExprKind::None, (*a).max(1)),
            Rel::Tuple(atoms) => self.product(atoms)?,
            Rel::Union { items, arity, .. } => {
                let items = items
                    .iter()
                    .map(|x| self.rel(x))
                    .collect::<Result<Vec<_>, _>>()?;
                if let Some(x) = items.iter().find(|x| x.arity != *arity) {
                    return Err(IrError::Arity {
                        op: "+",
                        arities: vec![*arity, x.arity],
                    });
                }
                balanced_union(items, *arity)
            }
            Rel::Join(a, b) => {
                let (a, b) = (self.rel(a)?, self.rel(b)?);
                if a.arity + b.arity < 3 {
                    return Err(IrError::Arity {
                        op: ".",
                        arities: vec![a.arity, b.arity],
                    });
                }
                let arity = a.arity + b.arity - 2;
                expr(ExprKind::Join(Box::new(a), Box::new(b)), arity)
            }
            Rel::Diff(a, b) => {
                let (a, b) = (self.rel(a)?, self.rel(b)?);
                same_arity("-", &a, &b)?;
                let arity = a.arity;
                expr(ExprKind::Difference(Box::new(a), Box::new(b)), arity)
            }
            Rel::Arrow(a, m, b) => {
                let rmult = match *m {
                    None => Mult::Set,
                    Some("lone") => Mult::Lone,
                    Some("one") => Mult::One,
                    Some("some") => Mult::Some,
                    Some(_) => Mult::Set,
                };
                arrow(self.rel(a)?, rmult, self.rel(b)?)
            }
            Rel::Paren(a) => self.rel(a)?,
        })
    }

    fn name(&self, n: &str) -> Result<Expr, IrError> {
        let e = self.unique(n, "relation", |e| match e {
            Entity::Pred(_) => None,
            e => Some(e),
        })?;
        Ok(match e {
            Entity::Sig(s) => expr(ExprKind::Sig(s), 1),
            Entity::Field(f) => expr(ExprKind::Field(f), self.model.field(f).arity),
            Entity::Fun(f) => {
                let arity = self.model.fun(f).result.bound.arity;
                expr(ExprKind::Call(f, vec![]), arity)
            }
            Entity::Pred(_) => unreachable!("filtered out above"),
        })
    }

    fn fml(&self, f: &Fml) -> Result<Formula, IrError> {
        let two = |a: &Rel, b: &Rel, op: &'static str| -> Result<(Expr, Expr), IrError> {
            let (a, b) = (self.rel(a)?, self.rel(b)?);
            same_arity(op, &a, &b)?;
            Ok((a, b))
        };
        Ok(match f {
            Fml::Eq(a, b) => {
                let (a, b) = two(a, b, "=")?;
                fml(FormulaKind::Eq(Box::new(a), Box::new(b)))
            }
            Fml::Ne(a, b) => {
                let (a, b) = two(a, b, "!=")?;
                fml(FormulaKind::Not(Box::new(fml(FormulaKind::Eq(
                    Box::new(a),
                    Box::new(b),
                )))))
            }
            Fml::In(a, b) => {
                let (a, b) = two(a, b, "in")?;
                fml(FormulaKind::In(Box::new(a), Box::new(b)))
            }
            Fml::One(a) => fml(FormulaKind::Mult(Mult::One, Box::new(self.rel(a)?))),
            // `no e` is `not some e`, as the resolver has it.
            Fml::No(a) => fml(FormulaKind::Not(Box::new(fml(FormulaKind::Mult(
                Mult::Some,
                Box::new(self.rel(a)?),
            ))))),
            Fml::Some(a) => fml(FormulaKind::Mult(Mult::Some, Box::new(self.rel(a)?))),
            Fml::Not(a) => fml(FormulaKind::Not(Box::new(self.fml(a)?))),
            Fml::And(xs) => fml(FormulaKind::And(
                xs.iter().map(|x| self.fml(x)).collect::<Result<_, _>>()?,
            )),
            Fml::Or(xs) => fml(FormulaKind::Or(
                xs.iter().map(|x| self.fml(x)).collect::<Result<_, _>>()?,
            )),
            Fml::Paren(a) => self.fml(a)?,
            Fml::Pred(p) => {
                let id = self.unique(p, "predicate", |e| match e {
                    Entity::Pred(p) => Some(p),
                    _ => None,
                })?;
                fml(FormulaKind::Call(id, vec![]))
            }
            Fml::True => fml(FormulaKind::True),
            Fml::False => fml(FormulaKind::False),
        })
    }
}

fn arrow(a: Expr, rmult: Mult, b: Expr) -> Expr {
    let arity = a.arity + b.arity;
    expr(
        ExprKind::Product {
            lhs: Box::new(a),
            lmult: Mult::Set,
            rmult,
            rhs: Box::new(b),
        },
        arity,
    )
}

fn same_arity(op: &'static str, a: &Expr, b: &Expr) -> Result<(), IrError> {
    if a.arity == b.arity {
        Ok(())
    } else {
        Err(IrError::Arity {
            op,
            arities: vec![a.arity, b.arity],
        })
    }
}

/// The union of `items` as a balanced tree (its depth, and the recursion
/// of every phase that walks it, grows with the logarithm of its length).
fn balanced_union(mut items: Vec<Expr>, arity: usize) -> Expr {
    match items.len() {
        0 => expr(ExprKind::None, arity),
        1 => items.remove(0),
        n => {
            let right = items.split_off(n / 2);
            let (l, r) = (balanced_union(items, arity), balanced_union(right, arity));
            expr(ExprKind::Union(Box::new(l), Box::new(r)), arity)
        }
    }
}
