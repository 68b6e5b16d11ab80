//! The call graph of funs and preds: recursion is rejected, because every
//! later stage inlines calls.

use super::error::ResolveError;
use super::Resolver;
use crate::ir::{Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, QuantDecl};

/// A fun or pred, as a node of the call graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Callable {
    Fun(u32),
    Pred(u32),
}

#[derive(Default)]
struct Calls(Vec<Callable>);

impl Calls {
    fn add(&mut self, c: Callable) {
        if !self.0.contains(&c) {
            self.0.push(c);
        }
    }
    fn decls(&mut self, ds: &[QuantDecl]) {
        for d in ds {
            self.expr(&d.bound);
        }
    }
    fn decl(&mut self, d: &Decl) {
        self.expr(&d.bound);
    }
    fn expr(&mut self, e: &Expr) {
        use ExprKind::*;
        match &e.kind {
            Sig(_) | Field(_) | Var(_) | Univ | Iden | None | IntAtoms | SeqIdx => {}
            Union(a, b)
            | Intersection(a, b)
            | Difference(a, b)
            | Join(a, b)
            | Override(a, b)
            | DomainRestrict(a, b)
            | RangeRestrict(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Product { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            Transpose(a) | Closure(a) | ReflexiveClosure(a) => self.expr(a),
            Comprehension { decls, body } => {
                self.decls(decls);
                self.formula(body);
            }
            Call(f, args) => {
                self.add(Callable::Fun(f.0));
                args.iter().for_each(|a| self.expr(a));
            }
            IfThenElse(c, a, b) => {
                self.formula(c);
                self.expr(a);
                self.expr(b);
            }
            Let(_, v, b) => {
                self.expr(v);
                self.expr(b);
            }
            IntToAtom(i) => self.int(i),
        }
    }
    fn int(&mut self, i: &IntExpr) {
        use IntExprKind::*;
        match &i.kind {
            Lit(_) => {}
            Card(e) | Sum(e) => self.expr(e),
            Add(a, b) | Sub(a, b) | Mul(a, b) | Div(a, b) | Rem(a, b) => {
                self.int(a);
                self.int(b);
            }
            Neg(a) => self.int(a),
            Shift(_, a, b) => {
                self.int(a);
                self.int(b);
            }
            IfThenElse(c, a, b) => {
                self.formula(c);
                self.int(a);
                self.int(b);
            }
            Let(_, v, b) => {
                self.expr(v);
                self.int(b);
            }
            SumOver(ds, b) => {
                self.decls(ds);
                self.int(b);
            }
        }
    }
    fn formula(&mut self, f: &Formula) {
        use FormulaKind::*;
        match &f.kind {
            True | False => {}
            In(a, b) | Eq(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Mult(_, e) => self.expr(e),
            IntCmp(_, a, b) => {
                self.int(a);
                self.int(b);
            }
            Not(g) => self.formula(g),
            And(gs) | Or(gs) => gs.iter().for_each(|g| self.formula(g)),
            Implies(a, b) | Iff(a, b) => {
                self.formula(a);
                self.formula(b);
            }
            IfThenElse(c, a, b) => {
                self.formula(c);
                self.formula(a);
                self.formula(b);
            }
            Quant(_, ds, body) => {
                self.decls(ds);
                self.formula(body);
            }
            Call(p, args) => {
                self.add(Callable::Pred(p.0));
                args.iter().for_each(|a| self.expr(a));
            }
            Let(_, v, b) => {
                self.expr(v);
                self.formula(b);
            }
        }
    }
}

impl Resolver<'_> {
    fn callees(&self, c: Callable) -> Vec<Callable> {
        let mut calls = Calls::default();
        match c {
            Callable::Fun(i) => {
                let f = &self.model.funs[i as usize];
                f.params.iter().for_each(|p| calls.decl(&p.decl));
                calls.decl(&f.result);
                calls.expr(&f.body);
            }
            Callable::Pred(i) => {
                let p = &self.model.preds[i as usize];
                p.params.iter().for_each(|p| calls.decl(&p.decl));
                calls.formula(&p.body);
            }
        }
        calls.0
    }

    fn callable_name(&self, c: Callable) -> String {
        match c {
            Callable::Fun(i) => self.model.funs[i as usize].name.clone(),
            Callable::Pred(i) => self.model.preds[i as usize].name.clone(),
        }
    }

    /// Report every fun/pred that can reach itself through calls.
    ///
    /// Linear in the size of the call graph for a model without
    /// recursion: strongly connected components (Tarjan) find the funs and
    /// preds on a cycle, and only those are searched for the path that
    /// the message shows (a search that stays inside the component, with
    /// visited flags and parent links instead of copied paths). The old
    /// per-node search with copied paths was cubic in a chain of calls.
    pub(super) fn check_recursion(&mut self) {
        let nfuns = self.model.funs.len();
        let nodes: Vec<Callable> = (0..nfuns as u32)
            .map(Callable::Fun)
            .chain((0..self.model.preds.len() as u32).map(Callable::Pred))
            .collect();
        let index = |c: Callable| match c {
            Callable::Fun(i) => i as usize,
            Callable::Pred(i) => nfuns + i as usize,
        };
        let edges: Vec<Vec<usize>> = nodes
            .iter()
            .map(|&n| self.callees(n).into_iter().map(index).collect())
            .collect();
        let comp = components(&edges);
        let mut size = vec![0usize; nodes.len()];
        for &c in &comp {
            size[c] += 1;
        }
        let cyclic = |i: usize| size[comp[i]] > 1 || edges[i].contains(&i);
        let mut reported = vec![false; nodes.len()];
        for (i, &start) in nodes.iter().enumerate() {
            if !cyclic(i) || reported[i] {
                continue;
            }
            // Depth-first search for a path back to `start`, in the order
            // of the original search (last callee first), within the
            // component. `links[k]` = (node, index of its parent entry).
            let mut links: Vec<(usize, usize)> = vec![(i, usize::MAX)];
            let mut stack: Vec<usize> = Vec::new();
            for &c in &edges[i] {
                links.push((c, 0));
                stack.push(links.len() - 1);
            }
            let mut seen = vec![false; nodes.len()];
            while let Some(e) = stack.pop() {
                let cur = links[e].0;
                if comp[cur] != comp[i] {
                    continue;
                }
                if cur == i {
                    let mut path = Vec::new();
                    let mut k = e;
                    while k != usize::MAX {
                        path.push(links[k].0);
                        k = links[k].1;
                    }
                    path.reverse();
                    if !path.iter().any(|&c| reported[c]) {
                        for &c in &path {
                            reported[c] = true;
                        }
                        let chain: Vec<String> = path
                            .iter()
                            .map(|&c| format!("`{}`", self.callable_name(nodes[c])))
                            .collect();
                        let span = match start {
                            Callable::Fun(f) => self.model.funs[f as usize].span,
                            Callable::Pred(p) => self.model.preds[p as usize].span,
                        };
                        self.error(ResolveError::Recursive {
                            name: self.callable_name(start),
                            chain: chain.join(" calls "),
                            span,
                        });
                    }
                    break;
                }
                if seen[cur] {
                    continue;
                }
                seen[cur] = true;
                for &next in &edges[cur] {
                    links.push((next, e));
                    stack.push(links.len() - 1);
                }
            }
        }
    }
}

/// The strongly connected component of every node (Tarjan's algorithm,
/// iterative: call chains can be thousands deep).
fn components(edges: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next_index = 0;
    let mut next_comp = 0;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        // (node, next edge to look at)
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut ei)) = work.last_mut() {
            if *ei < edges[v].len() {
                let w = edges[v][*ei];
                *ei += 1;
                if index[w] == NONE {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(u, _)) = work.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = next_comp;
                        if w == v {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
    }
    comp
}
