//! A small builder for hand-written IR models and instances (tests only).
#![allow(dead_code)]

use std::collections::BTreeMap;

use relprove_engine::diag::Span;
use relprove_engine::instance::{AtomInfo, Instance, TupleSet, Universe};
use relprove_engine::ir::*;

pub const S: Span = Span::DUMMY;

pub struct B {
    pub m: Model,
}

impl Default for B {
    fn default() -> Self {
        B::new()
    }
}

impl B {
    pub fn new() -> B {
        let mut m = Model::default();
        m.modules.push(Module {
            name: "test".into(),
            path: "test.als".into(),
            label_prefix: String::new(),
            params: vec![],
            exact_params: vec![],
            opens: vec![],
            span: S,
        });
        B { m }
    }
    pub fn sig_full(
        &mut self,
        name: &str,
        kind: SigKind,
        is_abstract: bool,
        mult: Option<Mult>,
    ) -> SigId {
        self.m.sigs.push(Sig {
            name: name.into(),
            label: name.into(),
            module: ModuleId(0),
            kind,
            is_abstract,
            mult,
            in_int: false,
            is_enum: false,
            span: S,
        });
        SigId(self.m.sigs.len() as u32 - 1)
    }
    pub fn sig(&mut self, name: &str) -> SigId {
        self.sig_full(name, SigKind::TopLevel, false, None)
    }
    pub fn var(&mut self, name: &str, arity: usize) -> VarId {
        self.m.vars.push(Var {
            name: name.into(),
            arity,
            span: S,
        });
        VarId(self.m.vars.len() as u32 - 1)
    }
    /// A field `name: mult bound` of `sig`; `bound` may use the returned
    /// `this` var (pass a closure).
    pub fn field_with(
        &mut self,
        sig: SigId,
        name: &str,
        mult: Mult,
        disj: bool,
        bound: impl FnOnce(&mut B, VarId) -> Expr,
    ) -> FieldId {
        let this = self.var("this", 1);
        let bound = bound(self, this);
        let arity = 1 + bound.arity;
        // Consecutive `disj` fields of one sig form one declaration
        // (`disj f, g: e`).
        let next = self.m.fields.len() as u32;
        let decl_group = match self.m.fields.last() {
            Some(p) if disj && p.disj && p.sig == sig => p.decl_group,
            _ => next,
        };
        self.m.fields.push(Field {
            name: name.into(),
            sig,
            decl: Decl { mult, bound },
            this_var: this,
            disj,
            decl_group,
            disj_values: false,
            arity,
            span: S,
        });
        FieldId(self.m.fields.len() as u32 - 1)
    }
    pub fn field(&mut self, sig: SigId, name: &str, mult: Mult, bound: Expr) -> FieldId {
        self.field_with(sig, name, mult, false, |_, _| bound)
    }
    pub fn fact(&mut self, body: Formula) {
        self.m.facts.push(Fact {
            name: None,
            module: ModuleId(0),
            origin: FactOrigin::Paragraph,
            body,
            span: S,
        });
    }
    pub fn pred(&mut self, name: &str, params: Vec<(VarId, Mult, Expr)>, body: Formula) -> PredId {
        let params = params
            .into_iter()
            .map(|(var, mult, bound)| Param {
                var,
                decl: Decl { mult, bound },
                disj_group: None,
            })
            .collect();
        self.m.preds.push(Pred {
            name: name.into(),
            module: ModuleId(0),
            params,
            body,
            span: S,
        });
        PredId(self.m.preds.len() as u32 - 1)
    }
    pub fn fun(
        &mut self,
        name: &str,
        params: Vec<(VarId, Mult, Expr)>,
        result: Decl,
        body: Expr,
    ) -> FunId {
        let params = params
            .into_iter()
            .map(|(var, mult, bound)| Param {
                var,
                decl: Decl { mult, bound },
                disj_group: None,
            })
            .collect();
        self.m.funs.push(Fun {
            name: name.into(),
            module: ModuleId(0),
            params,
            result,
            body,
            span: S,
        });
        FunId(self.m.funs.len() as u32 - 1)
    }
    pub fn assert(&mut self, name: &str, body: Formula) -> AssertId {
        self.m.asserts.push(Assert {
            name: name.into(),
            module: ModuleId(0),
            body,
            span: S,
        });
        AssertId(self.m.asserts.len() as u32 - 1)
    }
    pub fn command(
        &mut self,
        name: &str,
        kind: CommandKind,
        target: CommandTarget,
        overall: u32,
    ) -> CommandId {
        self.m.commands.push(Command {
            name: name.into(),
            kind,
            target,
            scope: Scope {
                overall: Some(overall),
                bitwidth: None,
                seq: None,
                sigs: vec![],
            },
            expect: None,
            span: S,
        });
        CommandId(self.m.commands.len() as u32 - 1)
    }
    // Expressions with arity filled in.
    pub fn s(&self, id: SigId) -> Expr {
        Expr::new(ExprKind::Sig(id), 1, S)
    }
    pub fn f(&self, id: FieldId) -> Expr {
        Expr::new(ExprKind::Field(id), self.m.field(id).arity, S)
    }
    pub fn v(&self, id: VarId) -> Expr {
        Expr::new(ExprKind::Var(id), self.m.var(id).arity, S)
    }
}

pub fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}
pub fn univ() -> Expr {
    Expr::new(ExprKind::Univ, 1, S)
}
pub fn iden() -> Expr {
    Expr::new(ExprKind::Iden, 2, S)
}
pub fn none(arity: usize) -> Expr {
    Expr::new(ExprKind::None, arity, S)
}
pub fn ints() -> Expr {
    Expr::new(ExprKind::IntAtoms, 1, S)
}
pub fn union(a: Expr, b: Expr) -> Expr {
    let n = a.arity;
    Expr::new(ExprKind::Union(bx(a), bx(b)), n, S)
}
pub fn inter(a: Expr, b: Expr) -> Expr {
    let n = a.arity;
    Expr::new(ExprKind::Intersection(bx(a), bx(b)), n, S)
}
pub fn diff(a: Expr, b: Expr) -> Expr {
    let n = a.arity;
    Expr::new(ExprKind::Difference(bx(a), bx(b)), n, S)
}
pub fn join(a: Expr, b: Expr) -> Expr {
    let n = a.arity + b.arity - 2;
    Expr::new(ExprKind::Join(bx(a), bx(b)), n, S)
}
pub fn arrow(a: Expr, lmult: Mult, rmult: Mult, b: Expr) -> Expr {
    let n = a.arity + b.arity;
    Expr::new(
        ExprKind::Product {
            lhs: bx(a),
            lmult,
            rmult,
            rhs: bx(b),
        },
        n,
        S,
    )
}
pub fn prod(a: Expr, b: Expr) -> Expr {
    arrow(a, Mult::Set, Mult::Set, b)
}
pub fn over(a: Expr, b: Expr) -> Expr {
    let n = a.arity;
    Expr::new(ExprKind::Override(bx(a), bx(b)), n, S)
}
pub fn domr(s: Expr, r: Expr) -> Expr {
    let n = r.arity;
    Expr::new(ExprKind::DomainRestrict(bx(s), bx(r)), n, S)
}
pub fn ranr(r: Expr, s: Expr) -> Expr {
    let n = r.arity;
    Expr::new(ExprKind::RangeRestrict(bx(r), bx(s)), n, S)
}
pub fn tr(r: Expr) -> Expr {
    Expr::new(ExprKind::Transpose(bx(r)), 2, S)
}
pub fn clo(r: Expr) -> Expr {
    Expr::new(ExprKind::Closure(bx(r)), 2, S)
}
pub fn rclo(r: Expr) -> Expr {
    Expr::new(ExprKind::ReflexiveClosure(bx(r)), 2, S)
}
pub fn compr(decls: Vec<QuantDecl>, body: Formula) -> Expr {
    let n = decls.iter().map(|d| d.vars.len() * d.bound.arity).sum();
    Expr::new(
        ExprKind::Comprehension {
            decls,
            body: Box::new(body),
        },
        n,
        S,
    )
}
pub fn call(fun: FunId, arity: usize, args: Vec<Expr>) -> Expr {
    Expr::new(ExprKind::Call(fun, args), arity, S)
}
pub fn ite(c: Formula, a: Expr, b: Expr) -> Expr {
    let n = a.arity;
    Expr::new(ExprKind::IfThenElse(Box::new(c), bx(a), bx(b)), n, S)
}
pub fn elet(v: VarId, val: Expr, body: Expr) -> Expr {
    let n = body.arity;
    Expr::new(ExprKind::Let(v, bx(val), bx(body)), n, S)
}
pub fn int_atom(i: IntExpr) -> Expr {
    Expr::new(ExprKind::IntToAtom(Box::new(i)), 1, S)
}
pub fn decl(vars: Vec<VarId>, disj: bool, mult: Mult, bound: Expr) -> QuantDecl {
    QuantDecl {
        vars,
        disj,
        mult,
        bound,
    }
}
pub fn one_of(v: VarId, bound: Expr) -> QuantDecl {
    decl(vec![v], false, Mult::One, bound)
}

// Integers.
pub fn lit(n: i64) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Lit(n),
        span: S,
    }
}
pub fn card(e: Expr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Card(bx(e)),
        span: S,
    }
}
pub fn sum(e: Expr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Sum(bx(e)),
        span: S,
    }
}
pub fn add(a: IntExpr, b: IntExpr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Add(Box::new(a), Box::new(b)),
        span: S,
    }
}
pub fn sub(a: IntExpr, b: IntExpr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Sub(Box::new(a), Box::new(b)),
        span: S,
    }
}
pub fn mul(a: IntExpr, b: IntExpr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Mul(Box::new(a), Box::new(b)),
        span: S,
    }
}
pub fn div(a: IntExpr, b: IntExpr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Div(Box::new(a), Box::new(b)),
        span: S,
    }
}
pub fn rem(a: IntExpr, b: IntExpr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Rem(Box::new(a), Box::new(b)),
        span: S,
    }
}
pub fn neg(a: IntExpr) -> IntExpr {
    IntExpr {
        kind: IntExprKind::Neg(Box::new(a)),
        span: S,
    }
}

// Formulas.
pub fn fm(kind: FormulaKind) -> Formula {
    Formula::new(kind, S)
}
pub fn tt() -> Formula {
    fm(FormulaKind::True)
}
pub fn ff() -> Formula {
    fm(FormulaKind::False)
}
pub fn is_in(a: Expr, b: Expr) -> Formula {
    fm(FormulaKind::In(bx(a), bx(b)))
}
pub fn eq(a: Expr, b: Expr) -> Formula {
    fm(FormulaKind::Eq(bx(a), bx(b)))
}
pub fn no(e: Expr) -> Formula {
    // The IR's `Mult` formula has no `no`: `no e` is `not some e`.
    not(some(e))
}
pub fn some(e: Expr) -> Formula {
    fm(FormulaKind::Mult(Mult::Some, bx(e)))
}
pub fn one(e: Expr) -> Formula {
    fm(FormulaKind::Mult(Mult::One, bx(e)))
}
pub fn lone(e: Expr) -> Formula {
    fm(FormulaKind::Mult(Mult::Lone, bx(e)))
}
pub fn icmp(op: IntCmp, a: IntExpr, b: IntExpr) -> Formula {
    fm(FormulaKind::IntCmp(op, Box::new(a), Box::new(b)))
}
pub fn not(f: Formula) -> Formula {
    fm(FormulaKind::Not(Box::new(f)))
}
pub fn and(fs: Vec<Formula>) -> Formula {
    fm(FormulaKind::And(fs))
}
pub fn or(fs: Vec<Formula>) -> Formula {
    fm(FormulaKind::Or(fs))
}
pub fn implies(a: Formula, b: Formula) -> Formula {
    fm(FormulaKind::Implies(Box::new(a), Box::new(b)))
}
pub fn iff(a: Formula, b: Formula) -> Formula {
    fm(FormulaKind::Iff(Box::new(a), Box::new(b)))
}
pub fn fite(c: Formula, a: Formula, b: Formula) -> Formula {
    fm(FormulaKind::IfThenElse(
        Box::new(c),
        Box::new(a),
        Box::new(b),
    ))
}
pub fn quant(q: Quant, decls: Vec<QuantDecl>, body: Formula) -> Formula {
    fm(FormulaKind::Quant(q, decls, Box::new(body)))
}
pub fn pcall(p: PredId, args: Vec<Expr>) -> Formula {
    fm(FormulaKind::Call(p, args))
}
pub fn flet(v: VarId, val: Expr, body: Formula) -> Formula {
    fm(FormulaKind::Let(v, bx(val), Box::new(body)))
}

/// An instance: `atoms` = (sig label, count) creating `label$i` atoms in
/// order, then the integer atoms of `bitwidth`.
pub struct IB {
    pub inst: Instance,
    pub names: BTreeMap<String, u32>,
}

impl IB {
    pub fn new(atoms: &[(&str, usize)], bitwidth: u32) -> IB {
        let mut u = Universe {
            atoms: vec![],
            bitwidth,
            maxseq: 0,
        };
        let mut names = BTreeMap::new();
        for (l, n) in atoms {
            for i in 0..*n {
                let label = format!("{l}${i}");
                names.insert(label.clone(), u.atoms.len() as u32);
                u.atoms.push(AtomInfo { label, int: None });
            }
        }
        let (lo, hi) = relprove_engine::instance::int_range(bitwidth);
        for v in lo..=hi {
            names.insert(v.to_string(), u.atoms.len() as u32);
            u.atoms.push(AtomInfo {
                label: v.to_string(),
                int: Some(v),
            });
        }
        IB {
            inst: Instance {
                universe: u,
                ..Default::default()
            },
            names,
        }
    }
    pub fn a(&self, l: &str) -> u32 {
        *self.names.get(l).unwrap_or_else(|| panic!("no atom {l}"))
    }
    pub fn ts(&self, tuples: &[&[&str]]) -> TupleSet {
        tuples
            .iter()
            .map(|t| t.iter().map(|l| self.a(l)).collect())
            .collect()
    }
    pub fn sig(&mut self, s: SigId, atoms: &[&str]) -> &mut Self {
        let ts: TupleSet = atoms.iter().map(|l| vec![self.a(l)]).collect();
        self.inst.sigs.insert(s, ts);
        self
    }
    pub fn field(&mut self, f: FieldId, tuples: &[&[&str]]) -> &mut Self {
        let ts = self.ts(tuples);
        self.inst.fields.insert(f, ts);
        self
    }
}
