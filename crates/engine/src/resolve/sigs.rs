//! Declarations: the sig hierarchy, fields, fun/pred signatures, paragraph
//! bodies and commands.

use std::rc::Rc;

use super::env::{BuiltinArg, Ctx};
use super::error::{suggest, BuiltinRole, ResolveError};
use super::types::{Prim, Type};
use super::Resolver;
use crate::diag::Span;
use crate::ir::{self, Formula, FormulaKind, ModuleId, Mult, SigId, SigKind};
use crate::syntax::ast;

type R<T> = Result<T, ResolveError>;

impl Resolver<'_> {
    fn module_ast(&self, m: ModuleId) -> Rc<ast::File> {
        self.mods[m.index()].ast.clone()
    }

    /// Parents, abstract/multiplicity flags, cycle checks, and the column
    /// type of every sig.
    pub(super) fn resolve_hierarchy(&mut self) {
        // subset sigs of `univ`: their parents are every top-level sig and
        // Int, known once every sig's kind is
        let mut in_univ: Vec<usize> = Vec::new();
        for s in 0..self.model.sigs.len() {
            let m = self.sig_info[s].module;
            let Some((pi, ni)) = self.sig_info[s].decl else {
                continue;
            };
            let file = self.module_ast(m);
            match &file.paragraphs[pi] {
                ast::Paragraph::Sig(d) => {
                    let sig = &mut self.model.sigs[s];
                    sig.is_abstract = d.is_abstract;
                    sig.mult = d.mult.map(|m| match m {
                        ast::SigMult::One => Mult::One,
                        ast::SigMult::Lone => Mult::Lone,
                        ast::SigMult::Some => Mult::Some,
                    });
                    match &d.ext {
                        None => {}
                        // `extends univ` is a top-level sig (as in Alloy)
                        Some(ast::SigExt::Extends(p))
                            if self.is_builtin(m, p, BuiltinArg::Univ) => {}
                        Some(ast::SigExt::Extends(p)) => match self.lookup_sig(m, p) {
                            Ok(pid) => {
                                // (the parent's kind may not be filled in yet: look at its declaration)
                                if self.is_subset_decl(pid) {
                                    self.error(ResolveError::ExtendsSubset {
                                        sig: d.names[ni].name.clone(),
                                        parent: p.text(),
                                        span: p.span,
                                    });
                                } else {
                                    self.model.sigs[s].kind = SigKind::Extends(pid);
                                }
                            }
                            Err(e) => {
                                let e = self.builtin_sig_error(e, p, BuiltinRole::Extends);
                                self.error(e)
                            }
                        },
                        Some(ast::SigExt::In(ps)) => {
                            let mut ids = Vec::new();
                            for p in ps {
                                if self.is_builtin(m, p, BuiltinArg::Int) {
                                    self.model.sigs[s].in_int = true;
                                    continue;
                                }
                                if self.is_builtin(m, p, BuiltinArg::Univ) {
                                    in_univ.push(s);
                                    continue;
                                }
                                match self.lookup_sig(m, p) {
                                    Ok(pid) => ids.push(pid),
                                    Err(e) => {
                                        let e =
                                            self.builtin_sig_error(e, p, BuiltinRole::SubsetParent);
                                        self.error(e)
                                    }
                                }
                            }
                            self.model.sigs[s].kind = SigKind::Subset(ids);
                        }
                    }
                }
                ast::Paragraph::Enum(e) => {
                    if ni == usize::MAX {
                        self.model.sigs[s].is_abstract = true;
                        self.model.sigs[s].is_enum = true;
                    } else {
                        let parent = self.mods[m.index()]
                            .ns
                            .sigs
                            .get(&e.name.name)
                            .map(|(p, _)| *p);
                        if let Some(p) = parent {
                            self.model.sigs[s].kind = SigKind::Extends(p);
                            self.model.sigs[s].mult = Some(Mult::One);
                        }
                    }
                }
                _ => {}
            }
        }
        for &s in &in_univ {
            let tops: Vec<SigId> = (0..self.model.sigs.len())
                .filter(|&t| t != s && self.model.sigs[t].kind == SigKind::TopLevel)
                .map(|t| SigId(t as u32))
                .collect();
            let sig = &mut self.model.sigs[s];
            if let SigKind::Subset(ps) = &mut sig.kind {
                for t in tops {
                    if !ps.contains(&t) {
                        ps.push(t);
                    }
                }
            }
            sig.in_int = true;
        }
        // Cycles through `extends` or `in`.
        for s in 0..self.model.sigs.len() {
            if self.reaches_itself(SigId(s as u32)) {
                let sig = &self.model.sigs[s];
                let (name, span) = (sig.name.clone(), sig.span);
                self.error(ResolveError::CyclicExtends { sig: name, span });
                self.model.sigs[s].kind = SigKind::TopLevel;
            }
        }
        let intervals = self.extends_intervals();
        for s in 0..self.model.sigs.len() {
            let prims = self.sig_prims(&intervals, SigId(s as u32), 0);
            self.sig_info[s].ty = Type::unary(prims);
        }
    }

    /// Each sig that is not a subset sig as a [`Prim::Sig`]: a depth-first
    /// numbering of the `extends` forest (see [`Prim`]).
    fn extends_intervals(&self) -> Vec<Option<Prim>> {
        let n = self.model.sigs.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (s, sig) in self.model.sigs.iter().enumerate() {
            if let SigKind::Extends(p) = sig.kind {
                children[p.index()].push(s);
            }
        }
        let mut out: Vec<Option<Prim>> = vec![None; n];
        let mut next = 0u32;
        for root in 0..n {
            if self.model.sigs[root].kind != SigKind::TopLevel {
                continue;
            }
            // (sig, whether its children are numbered already)
            let mut stack = vec![(root, false)];
            while let Some((s, done)) = stack.pop() {
                if done {
                    if let Some(Prim::Sig { pre, .. }) = out[s] {
                        out[s] = Some(Prim::Sig { pre, end: next });
                    }
                    continue;
                }
                out[s] = Some(Prim::Sig {
                    pre: next,
                    end: next,
                });
                next += 1;
                stack.push((s, true));
                stack.extend(children[s].iter().rev().map(|&c| (c, false)));
            }
        }
        out
    }

    fn is_subset_decl(&self, s: SigId) -> bool {
        let info = &self.sig_info[s.index()];
        let Some((pi, _)) = info.decl else {
            return false;
        };
        matches!(&self.mods[info.module.index()].ast.paragraphs[pi], ast::Paragraph::Sig(d) if matches!(d.ext, Some(ast::SigExt::In(_))))
    }

    /// `name` denotes the built-in sig `b` (written as such, or a module
    /// parameter bound to it), and no declared sig of that name is visible.
    fn is_builtin(&self, m: ModuleId, name: &ast::Name, b: BuiltinArg) -> bool {
        match self.builtin_param(m, name) {
            Some(x) => x == b,
            None => {
                BuiltinArg::named(&name.text()) == Some(b)
                    && matches!(
                        self.lookup_sig(m, name),
                        Err(ResolveError::UnknownName { .. })
                    )
            }
        }
    }

    fn parents(&self, s: SigId) -> Vec<SigId> {
        match &self.model.sigs[s.index()].kind {
            SigKind::TopLevel => Vec::new(),
            SigKind::Extends(p) => vec![*p],
            SigKind::Subset(ps) => ps.clone(),
        }
    }

    fn reaches_itself(&self, s: SigId) -> bool {
        let mut stack = self.parents(s);
        let mut seen = Vec::new();
        while let Some(x) = stack.pop() {
            if x == s {
                return true;
            }
            if !seen.contains(&x) {
                seen.push(x);
                stack.extend(self.parents(x));
            }
        }
        false
    }

    /// The column type of sig `s`: itself, or for a subset sig its parents'.
    fn sig_prims(&self, intervals: &[Option<Prim>], s: SigId, depth: usize) -> Vec<Prim> {
        if depth > self.model.sigs.len() {
            return vec![Prim::Univ];
        }
        match &self.model.sigs[s.index()].kind {
            SigKind::TopLevel | SigKind::Extends(_) => {
                vec![intervals[s.index()].unwrap_or(Prim::Univ)]
            }
            SigKind::Subset(ps) => {
                let mut prims: Vec<Prim> = ps
                    .iter()
                    .flat_map(|p| self.sig_prims(intervals, *p, depth + 1))
                    .collect();
                if self.model.sigs[s.index()].in_int {
                    prims.push(Prim::Int);
                }
                prims
            }
        }
    }

    /// Modules ordered so that every module comes after those it opens.
    fn post_order(&self) -> Vec<ModuleId> {
        fn visit(r: &Resolver<'_>, m: ModuleId, seen: &mut Vec<ModuleId>, out: &mut Vec<ModuleId>) {
            if seen.contains(&m) {
                return;
            }
            seen.push(m);
            for (_, o) in &r.model.modules[m.index()].opens {
                visit(r, *o, seen, out);
            }
            out.push(m);
        }
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for m in 0..self.model.modules.len() {
            visit(self, ModuleId(m as u32), &mut seen, &mut out);
        }
        out
    }

    /// Field declarations, opened modules first.
    pub(super) fn resolve_fields(&mut self) {
        for m in self.post_order() {
            let file = self.module_ast(m);
            for s in 0..self.model.sigs.len() {
                if self.sig_info[s].module != m || self.sig_info[s].decl.is_none() {
                    continue;
                }
                let sid = SigId(s as u32);
                for fid in self.sig_info[s].fields.clone() {
                    let (pi, fi, _) = self.field_info[fid.index()].decl;
                    let ast::Paragraph::Sig(d) = &file.paragraphs[pi] else {
                        continue;
                    };
                    let fd = &d.fields[fi];
                    let this = self.model.fields[fid.index()].this_var;
                    let sig_ty = self.sig_type(sid);
                    let mut cx = Ctx::new(m);
                    cx.this_sig = Some((sid, this));
                    cx.this_var = Some((this, sig_ty.clone()));
                    match self.decl_bound(&mut cx, &fd.bound) {
                        Ok((decl, ty)) => {
                            let f = &mut self.model.fields[fid.index()];
                            f.arity = 1 + decl.bound.arity;
                            f.decl = decl;
                            self.field_info[fid.index()].ty = Some(sig_ty.product(&ty));
                            if let Some(depth) = super::exprs::seq_rows(&fd.bound.expr) {
                                self.seq_field_fact(m, sid, fid, depth, fd.bound.expr.span);
                            }
                        }
                        Err(e) => self.error(e),
                    }
                }
            }
        }
    }

    /// `f: seq e` in sig `S`: the fact `all s: S | s.f` has contiguous
    /// indices (the bound `seq/Int -> lone e` is the field's declaration);
    /// for `f: A -> (seq e)` every row `a.(s.f)` does.
    fn seq_field_fact(
        &mut self,
        m: ModuleId,
        sid: SigId,
        fid: ir::FieldId,
        depth: usize,
        span: Span,
    ) {
        // With rows (`f: A -> (seq B)`) the rows' set `A` is read with the
        // field's own `this`, as in its declaration.
        let this = if depth == 0 {
            self.new_var("this", 1, span)
        } else {
            self.model.fields[fid.index()].this_var
        };
        let arity = self.model.fields[fid.index()].arity;
        let value = ir::Expr::new(
            ir::ExprKind::Join(
                Box::new(ir::Expr::new(ir::ExprKind::Var(this), 1, span)),
                Box::new(ir::Expr::new(ir::ExprKind::Field(fid), arity, span)),
            ),
            arity - 1,
            span,
        );
        let bound = self.model.fields[fid.index()].decl.bound.clone();
        let contiguous = self.seq_rows_contiguous(value, &bound, depth, span);
        let body = ir::Formula::new(
            ir::FormulaKind::Quant(
                ir::Quant::All,
                vec![ir::QuantDecl {
                    vars: vec![this],
                    disj: false,
                    mult: Mult::One,
                    bound: ir::Expr::new(ir::ExprKind::Sig(sid), 1, span),
                }],
                Box::new(contiguous),
            ),
            span,
        );
        self.model.facts.push(ir::Fact {
            name: None,
            module: m,
            origin: ir::FactOrigin::SigFact(sid),
            body,
            span,
        });
    }

    fn params(
        &mut self,
        cx: &mut Ctx,
        m: ModuleId,
        receiver: &Option<ast::Name>,
        params: &[ast::ParamDecl],
    ) -> R<Vec<(ir::Param, Type)>> {
        let mut out = Vec::new();
        if let Some(r) = receiver {
            let (decl, ty) = match self.lookup_sig(m, r) {
                Ok(s) => (
                    ir::Decl {
                        mult: Mult::One,
                        bound: ir::Expr::new(ir::ExprKind::Sig(s), 1, r.span),
                    },
                    self.sig_type(s),
                ),
                // As in the Analyzer, the receiver is the bound of `this`
                // whatever it names: `pred members.onAdd` with a field
                // `members` binds `this` to a set of its pairs.
                Err(not_sig) => {
                    let bound = ast::DeclBound {
                        mult: None,
                        expr: ast::Expr {
                            kind: ast::ExprKind::Name(r.clone()),
                            span: r.span,
                        },
                    };
                    self.decl_bound(cx, &bound).map_err(|_| not_sig)?
                }
            };
            let v = self.new_var("this", decl.bound.arity, r.span);
            cx.this_var = Some((v, ty.clone()));
            out.push((
                ir::Param {
                    var: v,
                    decl,
                    disj_group: None,
                },
                ty,
            ));
        }
        let mut declared: Vec<(String, Span)> = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let (decl, ty) = self.decl_bound(cx, &p.bound)?;
            let disj_group = (p.disj && p.names.len() > 1).then_some(i as u32);
            let mut vars = Vec::new();
            for n in &p.names {
                if let Some((_, first)) = declared.iter().find(|(x, _)| *x == n.name) {
                    return Err(ResolveError::Duplicate {
                        what: "parameter",
                        name: n.name.clone(),
                        span: n.span,
                        first: *first,
                    });
                }
                declared.push((n.name.clone(), n.span));
                let v = self.new_var(&n.name, decl.bound.arity, n.span);
                out.push((
                    ir::Param {
                        var: v,
                        decl: decl.clone(),
                        disj_group,
                    },
                    ty.clone(),
                ));
                vars.push((n.name.clone(), v));
            }
            for (n, v) in vars {
                cx.vars.push((n, v, ty.clone()));
            }
        }
        Ok(out)
    }

    /// Parameters and result types of funs and preds.
    pub(super) fn resolve_signatures(&mut self) {
        for m in self.post_order() {
            let file = self.module_ast(m);
            for p in 0..self.model.preds.len() {
                if self.pred_info[p].module != m {
                    continue;
                }
                let ast::Paragraph::Pred(d) = &file.paragraphs[self.pred_info[p].paragraph] else {
                    continue;
                };
                let mut cx = Ctx::new(m);
                match self.params(&mut cx, m, &d.receiver, &d.params) {
                    Ok(ps) => {
                        self.pred_info[p].params = Some(
                            ps.iter()
                                .map(|(x, t)| (x.decl.bound.arity, t.clone()))
                                .collect(),
                        );
                        self.model.preds[p].params = ps.into_iter().map(|(x, _)| x).collect();
                    }
                    Err(e) => self.error(e),
                }
            }
            for f in 0..self.model.funs.len() {
                if self.fun_info[f].module != m {
                    continue;
                }
                let ast::Paragraph::Fun(d) = &file.paragraphs[self.fun_info[f].paragraph] else {
                    continue;
                };
                let mut cx = Ctx::new(m);
                let res = self
                    .params(&mut cx, m, &d.receiver, &d.params)
                    .and_then(|ps| {
                        let (result, ty) = self.decl_bound(&mut cx, &d.result)?;
                        Ok((ps, result, ty))
                    });
                match res {
                    Ok((ps, result, ty)) => {
                        self.fun_info[f].params = Some(
                            ps.iter()
                                .map(|(x, t)| (x.decl.bound.arity, t.clone()))
                                .collect(),
                        );
                        self.fun_info[f].result = Some(ty);
                        self.model.funs[f].params = ps.into_iter().map(|(x, _)| x).collect();
                        self.model.funs[f].result = result;
                    }
                    Err(e) => self.error(e),
                }
            }
        }
    }

    /// A context with a callable's parameters in scope.
    fn callable_ctx(
        &self,
        m: ModuleId,
        params: &[ir::Param],
        types: &[(usize, Type)],
        has_receiver: bool,
    ) -> Ctx {
        let mut cx = Ctx::new(m);
        for (i, (p, (_, ty))) in params.iter().zip(types).enumerate() {
            let name = self.model.vars[p.var.index()].name.clone();
            if i == 0 && has_receiver {
                cx.this_var = Some((p.var, ty.clone()));
            } else {
                cx.vars.push((name, p.var, ty.clone()));
            }
        }
        cx
    }

    /// Facts, sig facts, pred/fun/assert bodies (module order), then the
    /// root module's commands.
    pub(super) fn resolve_bodies(&mut self) {
        for mi in 0..self.model.modules.len() {
            let m = ModuleId(mi as u32);
            let file = self.module_ast(m);
            let mut assert_ix = self
                .model
                .asserts
                .iter()
                .enumerate()
                .filter(|(_, a)| a.module == m)
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
                .into_iter();
            for (pi, para) in file.paragraphs.iter().enumerate() {
                match para {
                    ast::Paragraph::Fact(f) => {
                        let mut cx = Ctx::new(m);
                        match self.block(&mut cx, &f.body) {
                            Ok(body) => self.model.facts.push(ir::Fact {
                                name: f.name.as_ref().map(|n| n.name.clone()),
                                module: m,
                                origin: ir::FactOrigin::Paragraph,
                                body,
                                span: f.span,
                            }),
                            Err(e) => self.error(e),
                        }
                    }
                    ast::Paragraph::Sig(d) => {
                        if d.eq {
                            self.sig_eq_facts(m, pi);
                        }
                        let Some(blk) = &d.fact else { continue };
                        let sigs: Vec<SigId> = (0..self.model.sigs.len())
                            .filter(|&s| {
                                self.sig_info[s].module == m
                                    && self.sig_info[s].decl.is_some_and(|(p, _)| p == pi)
                            })
                            .map(|s| SigId(s as u32))
                            .collect();
                        for sid in sigs {
                            let sig_span = self.model.sigs[sid.index()].span;
                            let this = self.new_var("this", 1, sig_span);
                            let mut cx = Ctx::new(m);
                            cx.this_sig = Some((sid, this));
                            cx.this_var = Some((this, self.sig_type(sid)));
                            cx.in_sig_fact = true;
                            match self.block(&mut cx, blk) {
                                Ok(body) => {
                                    let decl = ir::QuantDecl {
                                        vars: vec![this],
                                        disj: false,
                                        mult: Mult::One,
                                        bound: ir::Expr::new(ir::ExprKind::Sig(sid), 1, sig_span),
                                    };
                                    let body = Formula::new(
                                        FormulaKind::Quant(
                                            ir::Quant::All,
                                            vec![decl],
                                            Box::new(body),
                                        ),
                                        blk.span,
                                    );
                                    self.model.facts.push(ir::Fact {
                                        name: None,
                                        module: m,
                                        origin: ir::FactOrigin::SigFact(sid),
                                        body,
                                        span: blk.span,
                                    });
                                }
                                Err(e) => self.error(e),
                            }
                        }
                    }
                    ast::Paragraph::Pred(d) => {
                        let Some(p) = (0..self.pred_info.len()).find(|&p| {
                            self.pred_info[p].module == m && self.pred_info[p].paragraph == pi
                        }) else {
                            continue;
                        };
                        let Some(types) = self.pred_info[p].params.clone() else {
                            continue;
                        };
                        let mut cx = self.callable_ctx(
                            m,
                            &self.model.preds[p].params.clone(),
                            &types,
                            d.receiver.is_some(),
                        );
                        match self.block(&mut cx, &d.body) {
                            Ok(body) => self.model.preds[p].body = body,
                            Err(e) => self.error(e),
                        }
                    }
                    ast::Paragraph::Fun(d) => {
                        let Some(f) = (0..self.fun_info.len()).find(|&f| {
                            self.fun_info[f].module == m && self.fun_info[f].paragraph == pi
                        }) else {
                            continue;
                        };
                        let Some(types) = self.fun_info[f].params.clone() else {
                            continue;
                        };
                        let mut cx = self.callable_ctx(
                            m,
                            &self.model.funs[f].params.clone(),
                            &types,
                            d.receiver.is_some(),
                        );
                        let expected = self.model.funs[f].result.bound.arity;
                        match self.rel(&mut cx, &d.body) {
                            Ok((body, _)) if body.arity != expected => {
                                self.error(ResolveError::FunResultArity {
                                    name: d.name.name.clone(),
                                    declared: expected,
                                    found: body.arity,
                                    span: d.body.span,
                                })
                            }
                            Ok((body, _)) => self.model.funs[f].body = body,
                            Err(e) => self.error(e),
                        }
                    }
                    ast::Paragraph::Assert(a) => {
                        let Some(ai) = assert_ix.next() else { continue };
                        let mut cx = Ctx::new(m);
                        match self.block(&mut cx, &a.body) {
                            Ok(body) => self.model.asserts[ai].body = body,
                            Err(e) => self.error(e),
                        }
                    }
                    ast::Paragraph::Command(c) if mi == 0 => {
                        let index = self.model.commands.len() + 1;
                        match self.command(m, c, index) {
                            Ok(cmd) => self.model.commands.push(cmd),
                            Err(e) => self.error(e),
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// `run f` on a function, as Alloy reads it: some values of the
    /// parameters for which the result satisfies the declared result
    /// (`some p: P | f[p] in mult R`).
    fn run_fun_target(&self, f: ir::FunId, span: Span) -> ir::CommandTarget {
        let fun = &self.model.funs[f.index()];
        let args: Vec<ir::Expr> = fun
            .params
            .iter()
            .map(|p| ir::Expr::new(ir::ExprKind::Var(p.var), p.decl.bound.arity, span))
            .collect();
        let arity = fun.result.bound.arity;
        let call = ir::Expr::new(ir::ExprKind::Call(f, args), arity, span);
        let mut parts = vec![Formula::new(
            FormulaKind::In(Box::new(call.clone()), Box::new(fun.result.bound.clone())),
            span,
        )];
        if fun.result.mult != Mult::Set {
            parts.push(Formula::new(
                FormulaKind::Mult(fun.result.mult, Box::new(call)),
                span,
            ));
        }
        let body = Formula::new(FormulaKind::And(parts), span);
        if fun.params.is_empty() {
            return ir::CommandTarget::Inline(body);
        }
        let decls = ir::param_decls(&fun.params);
        ir::CommandTarget::Inline(Formula::new(
            FormulaKind::Quant(ir::Quant::Some, decls, Box::new(body)),
            span,
        ))
    }

    /// `sig S = A + B`: the fact `S = A + B` for each sig of the paragraph.
    fn sig_eq_facts(&mut self, m: ModuleId, pi: usize) {
        let sigs: Vec<SigId> = (0..self.model.sigs.len())
            .filter(|&s| {
                self.sig_info[s].module == m && self.sig_info[s].decl.is_some_and(|(p, _)| p == pi)
            })
            .map(|s| SigId(s as u32))
            .collect();
        for sid in sigs {
            let SigKind::Subset(parents) = self.model.sigs[sid.index()].kind.clone() else {
                continue;
            };
            let span = self.model.sigs[sid.index()].span;
            let sig = |s: SigId| ir::Expr::new(ir::ExprKind::Sig(s), 1, span);
            let mut union: Option<ir::Expr> = None;
            let ints = self.model.sigs[sid.index()]
                .in_int
                .then(|| ir::Expr::new(ir::ExprKind::IntAtoms, 1, span));
            for part in parents.into_iter().map(sig).chain(ints) {
                union = Some(match union {
                    None => part,
                    Some(u) => {
                        ir::Expr::new(ir::ExprKind::Union(Box::new(u), Box::new(part)), 1, span)
                    }
                });
            }
            let Some(union) = union else { continue };
            self.model.facts.push(ir::Fact {
                name: None,
                module: m,
                origin: ir::FactOrigin::Paragraph,
                body: Formula::new(FormulaKind::Eq(Box::new(sig(sid)), Box::new(union)), span),
                span,
            });
        }
    }

    fn command(&mut self, m: ModuleId, c: &ast::CommandDecl, index: usize) -> R<ir::Command> {
        let (kind, kw) = match c.kind {
            ast::CommandKind::Check => (ir::CommandKind::Check, "check"),
            ast::CommandKind::Run => (ir::CommandKind::Run, "run"),
        };
        let (target, mut name) = match &c.target {
            ast::CommandTarget::Block(n, blk) => {
                let mut cx = Ctx::new(m);
                let f = self.block(&mut cx, blk)?;
                (
                    ir::CommandTarget::Inline(f),
                    n.as_ref()
                        .map_or_else(|| format!("{kw}${index}"), |n| n.name.clone()),
                )
            }
            ast::CommandTarget::Name(n) => (self.command_target(m, kw, n)?, n.last().to_string()),
        };
        if let Some(l) = &c.label {
            name = l.name.clone();
        }
        let mut scope = ir::Scope::default();
        let mut seq_span: Option<Span> = None;
        if let Some(s) = &c.scope {
            scope.overall = s.overall.map(|(n, _)| n);
            let mut seen: Vec<(SigId, Span)> = Vec::new();
            let mut bw_span: Option<Span> = None;
            for ts in &s.sigs {
                let last = ts.name.last();
                if !ts.name.is_qualified() && (last == "Int" || last == "int") {
                    if let Some(first) = bw_span {
                        return Err(ResolveError::ScopeTwice {
                            sig: "Int".into(),
                            span: ts.span,
                            first,
                        });
                    }
                    if ts.count == 0 || ts.count > crate::ir::MAX_BITWIDTH {
                        return Err(ResolveError::BadBitwidth {
                            value: ts.count,
                            span: ts.span,
                        });
                    }
                    bw_span = Some(ts.span);
                    scope.bitwidth = Some(ts.count);
                    continue;
                }
                if !ts.name.is_qualified() && last == "seq" {
                    if let Some(first) = seq_span {
                        return Err(ResolveError::ScopeTwice {
                            sig: "seq".into(),
                            span: ts.span,
                            first,
                        });
                    }
                    seq_span = Some(ts.span);
                    scope.seq = Some(ts.count);
                    continue;
                }
                if !ts.name.is_qualified() && last == "steps" {
                    return Err(ResolveError::Unsupported {
                        what: "a `steps` scope",
                        span: ts.span,
                        hint: "relprove has no temporal steps (Alloy 6); remove this scope",
                    });
                }
                let sid = self.lookup_sig(m, &ts.name)?;
                if let SigKind::Subset(_) = self.model.sigs[sid.index()].kind {
                    return Err(ResolveError::ScopeOnSubset {
                        sig: ts.name.text(),
                        span: ts.span,
                    });
                }
                if let Some((_, first)) = seen.iter().find(|(x, _)| *x == sid) {
                    return Err(ResolveError::ScopeTwice {
                        sig: ts.name.text(),
                        span: ts.span,
                        first: *first,
                    });
                }
                seen.push((sid, ts.span));
                scope.sigs.push(ir::SigScope {
                    sig: sid,
                    count: ts.count,
                    exact: ts.exact,
                    span: ts.span,
                });
            }
        }
        if let (Some(n), Some(span)) = (scope.seq, seq_span) {
            let bitwidth = scope.bitwidth.unwrap_or(4);
            let max = (1u32 << (bitwidth.clamp(1, 31) - 1)) - 1;
            if n > max {
                return Err(ResolveError::SeqTooLong {
                    value: n,
                    bitwidth,
                    max,
                    span,
                });
            }
        }
        let expect = match c.expect {
            None => None,
            Some((v, _)) if v <= 1 => Some(v as u8),
            Some((v, span)) => return Err(ResolveError::BadExpect { value: v, span }),
        };
        Ok(ir::Command {
            name,
            kind,
            target,
            scope,
            expect,
            span: c.span,
        })
    }

    fn command_target(
        &mut self,
        m: ModuleId,
        kw: &'static str,
        n: &ast::Name,
    ) -> R<ir::CommandTarget> {
        // Assertions are not part of the expression namespace: look them up here.
        let mods = if n.is_qualified() {
            let cands = self.lookup_global(m, n);
            let _ = cands?; // validates the qualifier
            let mut q = m;
            for part in &n.parts[..n.parts.len() - 1] {
                if part != "this" {
                    if let Some((id, _)) = self.mods[q.index()].ns.aliases.get(part) {
                        q = *id;
                    }
                }
            }
            let ns = &self.mods[q.index()].ns;
            if ns.asserts.contains_key(n.last())
                || ns.preds.contains_key(n.last())
                || ns.funs.contains_key(n.last())
            {
                vec![q]
            } else {
                self.mods[q.index()].visible.clone()
            }
        } else {
            self.mods[m.index()].visible.clone()
        };
        let last = n.last();
        let asserts: Vec<ir::AssertId> = mods
            .iter()
            .filter_map(|md| self.mods[md.index()].ns.asserts.get(last).map(|(a, _)| *a))
            .collect();
        let preds: Vec<ir::PredId> = mods
            .iter()
            .flat_map(|md| {
                self.mods[md.index()]
                    .ns
                    .preds
                    .get(last)
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        let fun_ids: Vec<ir::FunId> = mods
            .iter()
            .flat_map(|md| {
                self.mods[md.index()]
                    .ns
                    .funs
                    .get(last)
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        let funs = !fun_ids.is_empty();
        let wrong = |found| ResolveError::WrongCommandTarget {
            kind: kw,
            name: n.text(),
            found,
            span: n.span,
        };
        if kw == "check" {
            match asserts.len() {
                1 => return Ok(ir::CommandTarget::Assert(asserts[0])),
                0 if !preds.is_empty() => return Err(wrong("a predicate")),
                0 if funs => return Err(wrong("a function")),
                0 => {}
                _ => {
                    return Err(ResolveError::Ambiguous {
                        name: n.text(),
                        span: n.span,
                        candidates: asserts
                            .iter()
                            .map(|a| format!("assert `{}`", self.model.asserts[a.index()].name))
                            .collect(),
                    })
                }
            }
        } else {
            match preds.len() {
                1 => return Ok(ir::CommandTarget::Pred(preds[0])),
                0 if !asserts.is_empty() => return Err(wrong("an assertion")),
                0 if fun_ids.len() == 1 => return Ok(self.run_fun_target(fun_ids[0], n.span)),
                0 if funs => {
                    return Err(ResolveError::Ambiguous {
                        name: n.text(),
                        span: n.span,
                        candidates: fun_ids
                            .iter()
                            .map(|f| self.describe(&super::env::Cand::Fun(*f)))
                            .collect(),
                    })
                }
                0 => {}
                _ => {
                    return Err(ResolveError::Ambiguous {
                        name: n.text(),
                        span: n.span,
                        candidates: preds
                            .iter()
                            .map(|p| self.describe(&super::env::Cand::Pred(*p)))
                            .collect(),
                    })
                }
            }
        }
        let names: Vec<String> = mods
            .iter()
            .flat_map(|md| {
                let ns = &self.mods[md.index()].ns;
                if kw == "check" {
                    ns.asserts.keys().cloned().collect::<Vec<_>>()
                } else {
                    ns.preds.keys().cloned().collect()
                }
            })
            .collect();
        Err(ResolveError::UnknownCommandTarget {
            kind: if kw == "check" {
                "assertion"
            } else {
                "predicate"
            },
            name: n.text(),
            span: n.span,
            suggestion: suggest(last, names.iter().map(String::as_str)),
        })
    }
}
