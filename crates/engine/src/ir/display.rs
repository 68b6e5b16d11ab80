//! Deterministic text renderings of a resolved [`Model`]: a full
//! pretty-printer ([`display_model`]) and a short inventory
//! ([`model_summary`]) used by snapshot tests and `check --parse-only`.
//!
//! Expressions are printed in Alloy syntax with every compound operand
//! parenthesised, so the printed text shows the structure unambiguously.
//! A field or fun whose name is not unique in the model is printed
//! qualified (`(hw/Write <: rf)`, `sw/strong`).

use std::fmt::Write as _;

use super::*;

/// Prints IR nodes of one model.
pub struct Printer<'m> {
    model: &'m Model,
}

fn mult_kw(m: Mult) -> &'static str {
    m.keyword()
}

impl<'m> Printer<'m> {
    /// A printer for the nodes of `model`.
    pub fn new(model: &'m Model) -> Self {
        Printer { model }
    }

    fn module_prefix(&self, m: ModuleId) -> String {
        let p = &self.model.module(m).label_prefix;
        if p.is_empty() {
            String::new()
        } else {
            format!("{p}/")
        }
    }

    /// A sig, by its label (`ptx/Event`).
    pub fn sig(&self, s: SigId) -> String {
        self.model.sig(s).label.clone()
    }

    /// A field, qualified as `(Sig <: f)` when its name is not unique.
    pub fn field(&self, f: FieldId) -> String {
        let fd = self.model.field(f);
        if self
            .model
            .fields
            .iter()
            .filter(|g| g.name == fd.name)
            .count()
            > 1
        {
            format!("({} <: {})", self.sig(fd.sig), fd.name)
        } else {
            fd.name.clone()
        }
    }

    /// A function, qualified by its module prefix when its name is not unique.
    pub fn fun(&self, f: FunId) -> String {
        let fd = self.model.fun(f);
        if self.model.funs.iter().filter(|g| g.name == fd.name).count() > 1 {
            format!("{}{}", self.module_prefix(fd.module), fd.name)
        } else {
            fd.name.clone()
        }
    }

    /// A predicate, qualified by its module prefix when its name is not unique.
    pub fn pred(&self, p: PredId) -> String {
        let pd = self.model.pred(p);
        if self
            .model
            .preds
            .iter()
            .filter(|g| g.name == pd.name)
            .count()
            > 1
        {
            format!("{}{}", self.module_prefix(pd.module), pd.name)
        } else {
            pd.name.clone()
        }
    }

    fn var(&self, v: VarId) -> String {
        self.model.var(v).name.clone()
    }

    fn is_atomic(e: &Expr) -> bool {
        matches!(
            e.kind,
            ExprKind::Sig(_)
                | ExprKind::Field(_)
                | ExprKind::Var(_)
                | ExprKind::Univ
                | ExprKind::Iden
                | ExprKind::None
                | ExprKind::IntAtoms
                | ExprKind::SeqIdx
                | ExprKind::Call(..)
        ) || matches!(
            e.kind,
            ExprKind::Transpose(_)
                | ExprKind::Closure(_)
                | ExprKind::ReflexiveClosure(_)
                | ExprKind::Comprehension { .. }
        )
    }

    fn sub(&self, e: &Expr) -> String {
        if Self::is_atomic(e) {
            self.expr(e)
        } else {
            format!("({})", self.expr(e))
        }
    }

    fn args(&self, args: &[Expr]) -> String {
        args.iter()
            .map(|a| self.expr(a))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// An expression, in Alloy syntax.
    pub fn expr(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Sig(s) => self.sig(*s),
            ExprKind::Field(f) => self.field(*f),
            ExprKind::Var(v) => self.var(*v),
            ExprKind::Univ => "univ".into(),
            ExprKind::Iden => "iden".into(),
            ExprKind::None if e.arity == 1 => "none".into(),
            ExprKind::None => vec!["none"; e.arity].join("->"),
            ExprKind::IntAtoms => "Int".into(),
            ExprKind::SeqIdx => "seq/Int".into(),
            ExprKind::Union(a, b) => format!("{} + {}", self.sub(a), self.sub(b)),
            ExprKind::Intersection(a, b) => format!("{} & {}", self.sub(a), self.sub(b)),
            ExprKind::Difference(a, b) => format!("{} - {}", self.sub(a), self.sub(b)),
            ExprKind::Join(a, b) => format!("{}.{}", self.sub(a), self.sub(b)),
            ExprKind::Product {
                lhs,
                lmult,
                rmult,
                rhs,
            } => {
                let l = if *lmult == Mult::Set {
                    String::new()
                } else {
                    format!("{} ", mult_kw(*lmult))
                };
                let r = if *rmult == Mult::Set {
                    String::new()
                } else {
                    format!(" {}", mult_kw(*rmult))
                };
                format!("{} {l}->{r} {}", self.sub(lhs), self.sub(rhs))
            }
            ExprKind::Override(a, b) => format!("{} ++ {}", self.sub(a), self.sub(b)),
            ExprKind::DomainRestrict(a, b) => format!("{} <: {}", self.sub(a), self.sub(b)),
            ExprKind::RangeRestrict(a, b) => format!("{} :> {}", self.sub(a), self.sub(b)),
            ExprKind::Transpose(a) => format!("~{}", self.sub(a)),
            ExprKind::Closure(a) => format!("^{}", self.sub(a)),
            ExprKind::ReflexiveClosure(a) => format!("*{}", self.sub(a)),
            ExprKind::Comprehension { decls, body } => {
                format!("{{{} | {}}}", self.decls(decls), self.formula(body))
            }
            ExprKind::Call(f, args) if args.is_empty() => self.fun(*f),
            ExprKind::Call(f, args) => format!("{}[{}]", self.fun(*f), self.args(args)),
            ExprKind::IfThenElse(c, a, b) => format!(
                "{} => {} else {}",
                self.formula(c),
                self.sub(a),
                self.sub(b)
            ),
            ExprKind::Let(v, val, body) => format!(
                "let {} = {} | {}",
                self.var(*v),
                self.expr(val),
                self.expr(body)
            ),
            ExprKind::IntToAtom(i) => format!("Int[{}]", self.int(i)),
        }
    }

    /// Quantifier declarations, as `disj x, y: mult bound, ...`.
    pub fn decls(&self, decls: &[QuantDecl]) -> String {
        decls
            .iter()
            .map(|d| {
                let vars: Vec<String> = d.vars.iter().map(|v| self.var(*v)).collect();
                format!(
                    "{}{}: {} {}",
                    if d.disj { "disj " } else { "" },
                    vars.join(", "),
                    mult_kw(d.mult),
                    self.expr(&d.bound)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn int_sub(&self, i: &IntExpr) -> String {
        match i.kind {
            IntExprKind::Lit(_) | IntExprKind::Card(_) | IntExprKind::Sum(_) => self.int(i),
            _ => format!("({})", self.int(i)),
        }
    }

    /// An integer expression, in Alloy syntax.
    pub fn int(&self, i: &IntExpr) -> String {
        match &i.kind {
            IntExprKind::Lit(n) => n.to_string(),
            IntExprKind::Card(e) => format!("#{}", self.sub(e)),
            IntExprKind::Sum(e) => format!("sum {}", self.sub(e)),
            IntExprKind::Add(a, b) => format!("plus[{}, {}]", self.int(a), self.int(b)),
            IntExprKind::Sub(a, b) => format!("minus[{}, {}]", self.int(a), self.int(b)),
            IntExprKind::Mul(a, b) => format!("mul[{}, {}]", self.int(a), self.int(b)),
            IntExprKind::Div(a, b) => format!("div[{}, {}]", self.int(a), self.int(b)),
            IntExprKind::Rem(a, b) => format!("rem[{}, {}]", self.int(a), self.int(b)),
            IntExprKind::Neg(a) => format!("-{}", self.int_sub(a)),
            IntExprKind::Shift(op, a, b) => {
                format!("{} {} {}", self.int_sub(a), op.symbol(), self.int_sub(b))
            }
            IntExprKind::SumOver(ds, b) => format!("(sum {} | {})", self.decls(ds), self.int(b)),
            IntExprKind::IfThenElse(c, a, b) => format!(
                "{} => {} else {}",
                self.formula(c),
                self.int_sub(a),
                self.int_sub(b)
            ),
            IntExprKind::Let(v, val, body) => format!(
                "let {} = {} | {}",
                self.var(*v),
                self.expr(val),
                self.int(body)
            ),
        }
    }

    fn fsub(&self, f: &Formula) -> String {
        match f.kind {
            FormulaKind::True
            | FormulaKind::False
            | FormulaKind::Call(..)
            | FormulaKind::Mult(..)
            | FormulaKind::Not(_) => self.formula(f),
            _ => format!("({})", self.formula(f)),
        }
    }

    /// A formula, in Alloy syntax.
    pub fn formula(&self, f: &Formula) -> String {
        match &f.kind {
            FormulaKind::True => "{}".into(),
            FormulaKind::False => "not {}".into(),
            FormulaKind::In(a, b) => format!("{} in {}", self.sub(a), self.sub(b)),
            FormulaKind::Eq(a, b) => format!("{} = {}", self.sub(a), self.sub(b)),
            FormulaKind::Mult(m, e) => format!("{} {}", mult_kw(*m), self.sub(e)),
            FormulaKind::IntCmp(c, a, b) => {
                let op = match c {
                    IntCmp::Eq => "=",
                    IntCmp::Ne => "!=",
                    IntCmp::Lt => "<",
                    IntCmp::Le => "=<",
                    IntCmp::Gt => ">",
                    IntCmp::Ge => ">=",
                };
                format!("{} {op} {}", self.int_sub(a), self.int_sub(b))
            }
            FormulaKind::Not(g) => format!("not {}", self.fsub(g)),
            FormulaKind::And(gs) => gs
                .iter()
                .map(|g| self.fsub(g))
                .collect::<Vec<_>>()
                .join(" and "),
            FormulaKind::Or(gs) => gs
                .iter()
                .map(|g| self.fsub(g))
                .collect::<Vec<_>>()
                .join(" or "),
            FormulaKind::Implies(a, b) => format!("{} implies {}", self.fsub(a), self.fsub(b)),
            FormulaKind::Iff(a, b) => format!("{} iff {}", self.fsub(a), self.fsub(b)),
            FormulaKind::IfThenElse(c, a, b) => format!(
                "{} implies {} else {}",
                self.fsub(c),
                self.fsub(a),
                self.fsub(b)
            ),
            FormulaKind::Quant(q, decls, body) => {
                let q = match q {
                    Quant::All => "all",
                    Quant::Some => "some",
                    Quant::No => "no",
                    Quant::Lone => "lone",
                    Quant::One => "one",
                };
                format!("{q} {} | {}", self.decls(decls), self.formula(body))
            }
            FormulaKind::Call(p, args) if args.is_empty() => self.pred(*p),
            FormulaKind::Call(p, args) => format!("{}[{}]", self.pred(*p), self.args(args)),
            FormulaKind::Let(v, val, body) => format!(
                "let {} = {} | {}",
                self.var(*v),
                self.expr(val),
                self.formula(body)
            ),
        }
    }

    fn decl(&self, d: &Decl) -> String {
        format!("{} {}", mult_kw(d.mult), self.expr(&d.bound))
    }

    fn params(&self, ps: &[Param]) -> String {
        ps.iter()
            .map(|p| format!("{}: {}", self.var(p.var), self.decl(&p.decl)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn sig_line(&self, s: SigId) -> String {
        let sig = self.model.sig(s);
        let mut out = String::new();
        if sig.is_abstract {
            out.push_str("abstract ");
        }
        if let Some(m) = sig.mult {
            let _ = write!(out, "{} ", m.keyword());
        }
        let _ = write!(out, "sig {}", sig.label);
        match &sig.kind {
            SigKind::TopLevel => {}
            SigKind::Extends(p) => {
                let _ = write!(out, " extends {}", self.sig(*p));
            }
            SigKind::Subset(ps) => {
                let mut names: Vec<String> = ps.iter().map(|p| self.sig(*p)).collect();
                if sig.in_int {
                    names.push("Int".into());
                }
                let _ = write!(out, " in {}", names.join(" + "));
            }
        }
        out
    }

    fn scope(&self, sc: &Scope) -> String {
        let mut parts = Vec::new();
        for s in &sc.sigs {
            parts.push(format!(
                "{}{} {}",
                if s.exact { "exactly " } else { "" },
                s.count,
                self.sig(s.sig)
            ));
        }
        if let Some(b) = sc.bitwidth {
            parts.push(format!("{b} Int"));
        }
        match (sc.overall, parts.is_empty()) {
            (None, true) => String::new(),
            (Some(n), true) => format!(" for {n}"),
            (Some(n), false) => format!(" for {n} but {}", parts.join(", ")),
            (None, false) => format!(" for {}", parts.join(", ")),
        }
    }

    fn command_line(&self, c: &Command) -> String {
        let kw = match c.kind {
            CommandKind::Check => "check",
            CommandKind::Run => "run",
        };
        let target = match &c.target {
            CommandTarget::Assert(a) => format!("assert {}", self.model.assert(*a).name),
            CommandTarget::Pred(p) => format!("pred {}", self.pred(*p)),
            CommandTarget::Inline(_) => "{ ... }".to_string(),
        };
        let expect = c.expect.map_or(String::new(), |e| format!(" expect {e}"));
        format!("{} = {kw} {target}{}{expect}", c.name, self.scope(&c.scope))
    }

    fn module_line(&self, m: &Module, i: usize) -> String {
        let file = m
            .path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut out = format!("module {} ({file})", m.name);
        if i == 0 {
            out.push_str(" root");
        } else {
            let _ = write!(out, " as {}", m.label_prefix);
        }
        if !m.params.is_empty() {
            let ps: Vec<String> = m
                .params
                .iter()
                .map(|(p, s)| {
                    format!(
                        "{}{p}={}",
                        if m.exact_params.contains(s) {
                            "exactly "
                        } else {
                            ""
                        },
                        self.sig(*s)
                    )
                })
                .collect();
            let _ = write!(out, " [{}]", ps.join(", "));
        }
        if !m.opens.is_empty() {
            let os: Vec<String> = m
                .opens
                .iter()
                .map(|(a, id)| format!("{a}->{}", self.model.module(*id).label_prefix))
                .collect();
            let _ = write!(out, " opens {}", os.join(", "));
        }
        out
    }

    fn fact_name(&self, f: &Fact) -> String {
        match (&f.origin, &f.name) {
            (FactOrigin::SigFact(s), _) => format!("sig fact of {}", self.sig(*s)),
            (_, Some(n)) => format!("fact {}{n}", self.module_prefix(f.module)),
            (_, None) => format!("fact (anonymous) in {}", self.model.module(f.module).name),
        }
    }

    /// A short inventory: modules, sigs, fields with arities, facts, preds,
    /// funs, asserts and commands, one per line.
    pub fn summary(&self) -> String {
        let m = self.model;
        let mut out = String::new();
        for (i, md) in m.modules.iter().enumerate() {
            let _ = writeln!(out, "{}", self.module_line(md, i));
        }
        let _ = writeln!(out, "sigs ({}):", m.sigs.len());
        for s in m.sig_ids() {
            let _ = writeln!(out, "  {}", self.sig_line(s));
        }
        let _ = writeln!(out, "fields ({}):", m.fields.len());
        for f in m.field_ids() {
            let fd = m.field(f);
            let _ = writeln!(
                out,
                "  {}.{}: {} (arity {})",
                self.sig(fd.sig),
                fd.name,
                self.decl(&fd.decl),
                fd.arity
            );
        }
        let _ = writeln!(out, "facts ({}):", m.facts.len());
        for f in &m.facts {
            let _ = writeln!(out, "  {}", self.fact_name(f));
        }
        let _ = writeln!(out, "preds ({}):", m.preds.len());
        for (i, p) in m.preds.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}[{}]",
                self.pred(PredId(i as u32)),
                self.params(&p.params)
            );
        }
        let _ = writeln!(out, "funs ({}):", m.funs.len());
        for (i, f) in m.funs.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}[{}]: {} (arity {})",
                self.fun(FunId(i as u32)),
                self.params(&f.params),
                self.decl(&f.result),
                f.result.bound.arity
            );
        }
        let _ = writeln!(out, "asserts ({}):", m.asserts.len());
        for a in &m.asserts {
            let _ = writeln!(out, "  {}{}", self.module_prefix(a.module), a.name);
        }
        let _ = writeln!(out, "commands ({}):", m.commands.len());
        for c in &m.commands {
            let _ = writeln!(out, "  {}", self.command_line(c));
        }
        out
    }

    /// Everything, bodies included.
    pub fn model(&self) -> String {
        let m = self.model;
        let mut out = String::new();
        for s in m.sig_ids() {
            let _ = writeln!(out, "{}", self.sig_line(s));
            for f in m.fields_of(s) {
                let fd = m.field(f);
                let _ = writeln!(
                    out,
                    "  {}{}: {}{}",
                    if fd.disj { "disj " } else { "" },
                    fd.name,
                    if fd.disj_values { "disj " } else { "" },
                    self.decl(&fd.decl)
                );
            }
        }
        for f in &m.facts {
            let _ = writeln!(out, "{} {{ {} }}", self.fact_name(f), self.formula(&f.body));
        }
        for (i, p) in m.preds.iter().enumerate() {
            let _ = writeln!(
                out,
                "pred {}[{}] {{ {} }}",
                self.pred(PredId(i as u32)),
                self.params(&p.params),
                self.formula(&p.body)
            );
        }
        for (i, f) in m.funs.iter().enumerate() {
            let _ = writeln!(
                out,
                "fun {}[{}]: {} {{ {} }}",
                self.fun(FunId(i as u32)),
                self.params(&f.params),
                self.decl(&f.result),
                self.expr(&f.body)
            );
        }
        for a in &m.asserts {
            let _ = writeln!(
                out,
                "assert {}{} {{ {} }}",
                self.module_prefix(a.module),
                a.name,
                self.formula(&a.body)
            );
        }
        for c in &m.commands {
            let _ = write!(out, "{}", self.command_line(c));
            if let CommandTarget::Inline(f) = &c.target {
                let _ = write!(out, " where {}", self.formula(f));
            }
            out.push('\n');
        }
        out
    }
}

/// See [`Printer::summary`].
pub fn model_summary(model: &Model) -> String {
    Printer::new(model).summary()
}

/// See [`Printer::model`].
pub fn display_model(model: &Model) -> String {
    Printer::new(model).model()
}
