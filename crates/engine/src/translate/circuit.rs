//! Hash-consed boolean circuits with constant folding, and their Tseitin
//! (Plaisted–Greenbaum) encoding to CNF.
//!
//! A [`Lit`] is a node index times two plus a negation bit; node 0 is the
//! constant `true`, so `Lit::TRUE` is 0 and `Lit::FALSE` is 1. Nodes are
//! either inputs (primary variables) or n-ary AND gates over a sorted,
//! duplicate-free list of literals; OR is AND under De Morgan. Structurally
//! identical gates are created once.

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use crate::budget::{Budget, Exhausted};
use crate::cnf::Cnf;

/// A literal: a node index times two plus a negation bit (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub u32);

impl Lit {
    /// The constant `true` (node 0).
    pub const TRUE: Lit = Lit(0);
    /// The constant `false` (node 0, negated).
    pub const FALSE: Lit = Lit(1);
    /// The node this literal refers to.
    pub fn node(self) -> u32 {
        self.0 >> 1
    }
    /// Whether the literal is negated.
    pub fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }
    /// Whether the literal is one of the constants `TRUE` and `FALSE`.
    pub fn is_const(self) -> bool {
        self.0 < 2
    }
    /// The constant literal for `b`.
    pub fn from_bool(b: bool) -> Lit {
        if b {
            Lit::TRUE
        } else {
            Lit::FALSE
        }
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

#[derive(Clone, Copy, Debug)]
enum Node {
    Const,
    Input,
    /// Children are `kids[start..start+len]`.
    And {
        start: u32,
        len: u32,
    },
}

/// A boolean circuit under construction.
pub struct Circuit {
    nodes: Vec<Node>,
    kids: Vec<Lit>,
    and2: FxHashMap<(Lit, Lit), Lit>,
    andn: FxHashMap<Box<[Lit]>, Lit>,
    inputs: u32,
    scratch: Vec<Lit>,
    /// The command's limits, ticked once per gate.
    budget: Budget,
    /// Set when a tick found the budget exhausted: gate constructors cannot
    /// fail, so they record it, stop building, and the next
    /// [`Circuit::check`] of the caller reports it.
    stopped: Option<Exhausted>,
}

impl Default for Circuit {
    fn default() -> Self {
        Circuit::new()
    }
}

impl Circuit {
    /// An empty circuit with no budget limits.
    pub fn new() -> Circuit {
        Circuit::with_budget(Budget::unlimited())
    }

    /// A circuit whose construction stops when `budget` is exhausted.
    pub fn with_budget(budget: Budget) -> Circuit {
        Circuit {
            nodes: vec![Node::Const],
            kids: Vec::new(),
            and2: FxHashMap::default(),
            andn: FxHashMap::default(),
            inputs: 0,
            scratch: Vec::new(),
            budget,
            stopped: None,
        }
    }

    /// The command's limits this circuit ticks.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// One unit of work of a caller's loop: `Err` once the budget is
    /// exhausted (here or in a gate built since the last call).
    #[inline]
    pub fn check(&self) -> Result<(), Exhausted> {
        if let Some(e) = &self.stopped {
            return Err(e.clone());
        }
        self.budget.tick()
    }

    /// Whether construction was stopped by the budget (results built since
    /// are meaningless and must be discarded).
    pub fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// A fresh primary variable.
    pub fn input(&mut self) -> Lit {
        self.nodes.push(Node::Input);
        self.inputs += 1;
        Lit(((self.nodes.len() - 1) as u32) << 1)
    }

    /// Number of primary variables created.
    pub fn num_inputs(&self) -> u32 {
        self.inputs
    }
    /// Number of AND gates created.
    pub fn num_gates(&self) -> usize {
        self.nodes.len() - 1 - self.inputs as usize
    }

    /// Whether `l` (or its negation) is a primary variable.
    pub fn is_input(&self, l: Lit) -> bool {
        matches!(self.nodes[l.node() as usize], Node::Input)
    }

    /// The inputs (primary variables) that the literals `lits` depend on,
    /// as node numbers in increasing order.
    pub fn support(&self, lits: &[Lit]) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<u32> = lits.iter().map(|l| l.node()).collect();
        let mut out = Vec::new();
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n as usize], true) {
                continue;
            }
            match self.nodes[n as usize] {
                Node::Input => out.push(n),
                Node::And { start, len } => stack.extend(
                    self.kids[start as usize..(start + len) as usize]
                        .iter()
                        .map(|k| k.node()),
                ),
                _ => {}
            }
        }
        out.sort_unstable();
        out
    }

    fn gate_kids(&self, l: Lit) -> Option<&[Lit]> {
        match self.nodes[l.node() as usize] {
            Node::And { start, len } => Some(&self.kids[start as usize..(start + len) as usize]),
            _ => None,
        }
    }

    /// Conjunction of two literals, folded and hash-consed.
    pub fn and2(&mut self, a: Lit, b: Lit) -> Lit {
        if a == Lit::FALSE || b == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if b == Lit::TRUE {
            return a;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&g) = self.and2.get(&key) {
            return g;
        }
        let g = self.new_gate(&[key.0, key.1]);
        self.and2.insert(key, g);
        g
    }

    /// Disjunction of two literals (an AND under De Morgan).
    pub fn or2(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and2(!a, !b)
    }

    fn new_gate(&mut self, kids: &[Lit]) -> Lit {
        if self.stopped.is_none() {
            if let Err(e) = self.budget.tick() {
                self.stopped = Some(e);
            }
            if self.nodes.len().is_multiple_of(4096) {
                let p = &self.budget.progress;
                p.gates.store(
                    self.nodes.len() as u64,
                    std::sync::atomic::Ordering::Relaxed,
                );
            }
        }
        if self.stopped.is_some() {
            // Stop growing: the caller will see `check` fail and discard
            // everything built from here on.
            return Lit::FALSE;
        }
        let start = self.kids.len() as u32;
        self.kids.extend_from_slice(kids);
        self.nodes.push(Node::And {
            start,
            len: kids.len() as u32,
        });
        Lit(((self.nodes.len() - 1) as u32) << 1)
    }

    /// Conjunction of any number of literals.
    pub fn and(&mut self, lits: &[Lit]) -> Lit {
        match lits.len() {
            0 => return Lit::TRUE,
            1 => return lits[0],
            2 => return self.and2(lits[0], lits[1]),
            _ => {}
        }
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        for &l in lits {
            if l == Lit::FALSE {
                self.scratch = v;
                return Lit::FALSE;
            }
            if l != Lit::TRUE {
                v.push(l);
            }
        }
        v.sort_unstable();
        v.dedup();
        // x and !x are adjacent after sorting.
        if v.windows(2).any(|w| w[0] == !w[1]) {
            self.scratch = v;
            return Lit::FALSE;
        }
        let r = match v.len() {
            0 => Lit::TRUE,
            1 => v[0],
            2 => self.and2(v[0], v[1]),
            _ => {
                if let Some(&g) = self.andn.get(v.as_slice()) {
                    g
                } else {
                    let g = self.new_gate(&v);
                    self.andn.insert(v.clone().into_boxed_slice(), g);
                    g
                }
            }
        };
        self.scratch = v;
        r
    }

    /// Disjunction of any number of literals.
    pub fn or(&mut self, lits: &[Lit]) -> Lit {
        let neg: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        !self.and(&neg)
    }

    /// `a => b`.
    pub fn implies(&mut self, a: Lit, b: Lit) -> Lit {
        self.or2(!a, b)
    }

    /// `a <=> b`.
    pub fn iff(&mut self, a: Lit, b: Lit) -> Lit {
        if a == b {
            return Lit::TRUE;
        }
        if a == !b {
            return Lit::FALSE;
        }
        let x = self.and2(a, b);
        let y = self.and2(!a, !b);
        self.or2(x, y)
    }

    /// Exclusive or of two literals.
    pub fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        !self.iff(a, b)
    }

    /// If-then-else: `t` when `c` holds, else `e`.
    pub fn ite(&mut self, c: Lit, t: Lit, e: Lit) -> Lit {
        if c == Lit::TRUE || t == e {
            return t;
        }
        if c == Lit::FALSE {
            return e;
        }
        let x = self.and2(c, t);
        let y = self.and2(!c, e);
        self.or2(x, y)
    }

    /// At most one of `lits` is true (pairwise for small sets, a ladder
    /// otherwise).
    pub fn at_most_one(&mut self, lits: &[Lit]) -> Lit {
        let lits: Vec<Lit> = lits.iter().copied().filter(|&l| l != Lit::FALSE).collect();
        if lits.len() <= 1 {
            return Lit::TRUE;
        }
        let mut conj = Vec::new();
        if lits.len() <= 6 {
            for i in 0..lits.len() {
                for j in i + 1..lits.len() {
                    let both = self.and2(lits[i], lits[j]);
                    conj.push(!both);
                }
            }
        } else {
            // seen_i = some of lits[0..=i]
            let mut seen = lits[0];
            for &l in &lits[1..] {
                if self.stopped.is_some() {
                    return Lit::FALSE;
                }
                let both = self.and2(seen, l);
                conj.push(!both);
                seen = self.or2(seen, l);
            }
        }
        self.and(&conj)
    }

    /// Exactly one of `lits` is true.
    pub fn exactly_one(&mut self, lits: &[Lit]) -> Lit {
        let some = self.or(lits);
        let amo = self.at_most_one(lits);
        self.and2(some, amo)
    }

    /// At most `k` of `lits` are true (sequential counter).
    pub fn at_most(&mut self, lits: &[Lit], k: usize) -> Lit {
        let lits: Vec<Lit> = lits.iter().copied().filter(|&l| l != Lit::FALSE).collect();
        if lits.len() <= k {
            return Lit::TRUE;
        }
        if k == 0 {
            let any = self.or(&lits);
            return !any;
        }
        // cnt[j] = at least j+1 of the literals seen so far are true, j < k+1
        let mut cnt = vec![Lit::FALSE; k + 1];
        for &l in &lits {
            if self.stopped.is_some() {
                return Lit::FALSE;
            }
            for j in (0..=k).rev() {
                let below = if j == 0 { Lit::TRUE } else { cnt[j - 1] };
                let inc = self.and2(below, l);
                cnt[j] = self.or2(cnt[j], inc);
            }
        }
        !cnt[k]
    }

    /// At least `k` of `lits` are true.
    pub fn at_least(&mut self, lits: &[Lit], k: usize) -> Lit {
        if k == 0 {
            return Lit::TRUE;
        }
        let neg: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        // at least k true <=> at most n-k false
        if lits.len() < k {
            return Lit::FALSE;
        }
        self.at_most(&neg, lits.len() - k)
    }

    /// Evaluate a literal under an assignment of the inputs (`input_val`
    /// gets the node index of an input).
    pub fn eval(&self, l: Lit, input_val: &dyn Fn(u32) -> bool) -> bool {
        let mut memo: HashMap<u32, bool> = HashMap::new();
        self.eval_memo(l, input_val, &mut memo)
    }

    fn eval_memo(
        &self,
        l: Lit,
        input_val: &dyn Fn(u32) -> bool,
        memo: &mut HashMap<u32, bool>,
    ) -> bool {
        let n = l.node();
        let v = if let Some(&v) = memo.get(&n) {
            v
        } else {
            let v = match self.nodes[n as usize] {
                Node::Const => true,
                Node::Input => input_val(n),
                Node::And { .. } => {
                    let kids: Vec<Lit> = self.gate_kids(l).unwrap().to_vec();
                    kids.iter().all(|&k| self.eval_memo(k, input_val, memo))
                }
            };
            memo.insert(n, v);
            v
        };
        v != l.is_neg()
    }

    /// Tseitin-encode the assertion that every literal of `roots` is true.
    /// Inputs are numbered first (`var_of_input`), gates get variables on
    /// demand, and each gate is encoded only in the polarities in which it
    /// occurs (Plaisted–Greenbaum).
    ///
    /// Stops with the circuit's budget; the CNF's size is published in its
    /// progress record as it grows.
    pub fn to_cnf(&self, roots: &[Lit]) -> Result<(Cnf, Vec<i32>), Exhausted> {
        if let Some(e) = &self.stopped {
            return Err(e.clone());
        }
        let progress = &self.budget.progress;
        let publish = |cnf: &Cnf, next: i32| {
            use std::sync::atomic::Ordering::Relaxed;
            progress.clauses.store(cnf.num_clauses as u64, Relaxed);
            progress.variables.store(next as u64, Relaxed);
        };
        // DIMACS variable of every node (0 = none yet).
        let mut var = vec![0i32; self.nodes.len()];
        let mut next = 0i32;
        for (i, n) in self.nodes.iter().enumerate() {
            if matches!(n, Node::Input) {
                next += 1;
                var[i] = next;
            }
        }
        let mut cnf = Cnf {
            num_vars: 0,
            clauses: Vec::new(),
            num_clauses: 0,
        };
        // polarity bits done: 1 = positive encoded, 2 = negative encoded
        let mut done = vec![0u8; self.nodes.len()];
        let mut stack: Vec<Lit> = Vec::new();
        let mut has_false = false;
        // Top-level conjunctions are split into units.
        let mut units: Vec<Lit> = Vec::new();
        let mut pend: Vec<Lit> = roots.to_vec();
        while let Some(r) = pend.pop() {
            if r == Lit::TRUE {
                continue;
            }
            if r == Lit::FALSE {
                has_false = true;
                continue;
            }
            if !r.is_neg() {
                if let Some(k) = self.gate_kids(r) {
                    pend.extend_from_slice(k);
                    continue;
                }
            }
            units.push(r);
        }
        if has_false {
            cnf.add(&[]);
        }
        let lit_of = |var: &mut Vec<i32>, next: &mut i32, l: Lit| -> i32 {
            let n = l.node() as usize;
            if var[n] == 0 {
                *next += 1;
                var[n] = *next;
            }
            if l.is_neg() {
                -var[n]
            } else {
                var[n]
            }
        };
        let mut clause: Vec<i32> = Vec::new();
        for &u in &units {
            // u is an input literal or a negated gate (a disjunction).
            if u.is_neg() {
                if let Some(k) = self.gate_kids(u) {
                    clause.clear();
                    for &c in k {
                        clause.push(lit_of(&mut var, &mut next, !c));
                        stack.push(!c);
                    }
                    cnf.add(&clause);
                    continue;
                }
            }
            let x = lit_of(&mut var, &mut next, u);
            cnf.add(&[x]);
        }
        // Encode gates needed in the given polarity: a literal `l` that
        // appears in a clause must be implied-by-its-definition in that
        // polarity: for positive gate g=AND(k): g -> k_i; for negated: AND(k) -> g.
        while let Some(l) = stack.pop() {
            if let Err(e) = self.budget.tick() {
                publish(&cnf, next);
                return Err(e);
            }
            if cnf.num_clauses & 0xffff == 0 {
                publish(&cnf, next);
            }
            let n = l.node() as usize;
            let Some(k) = self.gate_kids(l) else { continue };
            let bit = if l.is_neg() { 2 } else { 1 };
            if done[n] & bit != 0 {
                continue;
            }
            done[n] |= bit;
            let g = lit_of(&mut var, &mut next, Lit(l.0 & !1));
            if !l.is_neg() {
                for &c in k {
                    let cl = lit_of(&mut var, &mut next, c);
                    cnf.add(&[-g, cl]);
                    stack.push(c);
                }
            } else {
                clause.clear();
                clause.push(g);
                for &c in k {
                    clause.push(-lit_of(&mut var, &mut next, c));
                    stack.push(!c);
                }
                cnf.add(&clause);
            }
        }
        cnf.num_vars = next as u32;
        publish(&cnf, next);
        Ok((cnf, var))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding() {
        let mut c = Circuit::new();
        let a = c.input();
        let b = c.input();
        assert_eq!(c.and2(a, Lit::TRUE), a);
        assert_eq!(c.and2(a, Lit::FALSE), Lit::FALSE);
        assert_eq!(c.and2(a, !a), Lit::FALSE);
        assert_eq!(c.or2(a, !a), Lit::TRUE);
        assert_eq!(c.and(&[a, Lit::TRUE, a]), a);
        assert_eq!(c.and(&[a, b, !a]), Lit::FALSE);
        assert_eq!(c.and(&[]), Lit::TRUE);
        assert_eq!(c.or(&[]), Lit::FALSE);
        assert_eq!(c.iff(a, a), Lit::TRUE);
        assert_eq!(c.ite(Lit::TRUE, a, b), a);
        assert_eq!(c.num_gates(), 0);
    }

    #[test]
    fn sharing() {
        let mut c = Circuit::new();
        let a = c.input();
        let b = c.input();
        let d = c.input();
        let g1 = c.and2(a, b);
        let g2 = c.and2(b, a);
        assert_eq!(g1, g2);
        let h1 = c.and(&[a, b, d]);
        let h2 = c.and(&[d, a, b, a]);
        assert_eq!(h1, h2);
        assert_eq!(c.or2(a, b), c.or2(b, a));
        assert_eq!(c.num_gates(), 3);
    }

    fn all_models(n: u32, cnf: &Cnf) -> Vec<Vec<bool>> {
        // brute-force models of a CNF projected to the first n variables
        let total = cnf.num_vars;
        let mut out = Vec::new();
        for m in 0u64..(1u64 << total) {
            let val = |v: i32| ((m >> (v.unsigned_abs() - 1)) & 1 == 1) == (v > 0);
            if cnf.clause_iter().all(|cl| cl.iter().any(|&l| val(l))) {
                out.push((0..n).map(|i| (m >> i) & 1 == 1).collect());
            }
        }
        out
    }

    #[test]
    fn cnf_equisatisfiable_with_circuit() {
        // For a few formulas over 3 inputs, the projection of the CNF's
        // models onto the inputs equals the satisfying assignments.
        let mut c = Circuit::new();
        let a = c.input();
        let b = c.input();
        let d = c.input();
        let x = c.xor(a, b);
        let y = c.ite(d, x, !a);
        let z = c.at_most(&[a, b, d], 1);
        let w = c.or2(y, z);
        let all3 = c.and(&[a, b, d]);
        let f = c.and2(w, !all3);
        for root in [x, y, z, w, f, !f, !w] {
            let (cnf, _) = c.to_cnf(&[root]).unwrap();
            let mut got: Vec<Vec<bool>> = all_models(3, &cnf);
            got.sort();
            got.dedup();
            let mut want = Vec::new();
            for m in 0..8u32 {
                let v = move |n: u32| (m >> (n - 1)) & 1 == 1;
                if c.eval(root, &v) {
                    want.push((0..3).map(|i| (m >> i) & 1 == 1).collect::<Vec<bool>>());
                }
            }
            want.sort();
            assert_eq!(got, want);
        }
    }

    #[test]
    fn cardinality() {
        let mut c = Circuit::new();
        let xs: Vec<Lit> = (0..5).map(|_| c.input()).collect();
        for k in 0..6 {
            let am = c.at_most(&xs, k);
            let al = c.at_least(&xs, k);
            for m in 0..32u32 {
                let v = move |n: u32| (m >> (n - 1)) & 1 == 1;
                let ones = m.count_ones() as usize;
                assert_eq!(c.eval(am, &v), ones <= k);
                assert_eq!(c.eval(al, &v), ones >= k);
            }
        }
        let e1 = c.exactly_one(&xs);
        let a1 = c.at_most_one(&xs);
        for m in 0..32u32 {
            let v = move |n: u32| (m >> (n - 1)) & 1 == 1;
            assert_eq!(c.eval(e1, &v), m.count_ones() == 1);
            assert_eq!(c.eval(a1, &v), m.count_ones() <= 1);
        }
    }
}
