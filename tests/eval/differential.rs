//! Differential testing of the SAT engine against the brute-force oracle.
//!
//! Each case is a small random model (sig hierarchy, fields with random
//! multiplicities, an optional random fact) and a random `run` or `check`
//! command with a random scope and bitwidth. The engine's verdict must equal
//! the brute-force verdict, and every instance the engine reports must
//! satisfy the command according to the independent evaluator.
//!
//! `RELPROVE_DIFF_CASES` sets the number of cases (default 3000 in release
//! builds, 500 in debug builds).

use crate::eval_support::*;
use proptest::prelude::*;
use relprove_engine::check::{check_command, CheckOptions, Outcome};
use relprove_engine::instance::brute::brute_force;
use relprove_engine::instance::eval::command_satisfied;
use relprove_engine::ir::*;

/// A tiny deterministic generator (xorshift64*), so that a failing case is
/// reproduced by its seed alone.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, so that nearby seeds diverge at once
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

const MULTS: [Mult; 4] = [Mult::Set, Mult::Lone, Mult::One, Mult::Some];

struct Gen {
    b: B,
    rng: Rng,
    /// Unary sigs usable in expressions.
    sigs: Vec<SigId>,
    /// Binary fields between sig atoms.
    rels: Vec<FieldId>,
    /// Fields into Int (`v: lone Int`).
    int_fields: Vec<FieldId>,
    /// Ternary fields (`t: X m -> n Y`).
    ternary: Vec<FieldId>,
    /// `pred p[x: X]` and `fun f[x: X]: set Y`, once generated.
    preds: Vec<PredId>,
    funs: Vec<FunId>,
}

impl Gen {
    fn build(seed: u64) -> (Gen, CommandId) {
        let mut rng = Rng::new(seed);
        let mut b = B::new();
        let has_kids = rng.chance(1, 2);
        let a = b.sig_full("A", SigKind::TopLevel, has_kids && rng.chance(1, 2), None);
        let mut sigs = vec![a];
        // Sigs under sibling subsigs of A with an exact count: `one sig`s, or
        // plain sigs given `exactly k` in the command's scope (those are
        // collected here and added to the scope below). Their choices come
        // from a separate stream so that every other seed builds the same
        // model as before this shape existed.
        let mut exact_scopes: Vec<(SigId, u32)> = Vec::new();
        if has_kids {
            let a1 = b.sig_full("A1", SigKind::Extends(a), false, None);
            sigs.push(a1);
            if rng.chance(1, 2) {
                let m = [None, Some(Mult::One), Some(Mult::Lone), Some(Mult::Some)][rng.below(4)];
                let a2 = b.sig_full("A2", SigKind::Extends(a), false, m);
                sigs.push(a2);
                let mut side = Rng::new(seed ^ 0x0DD5_1B11_4653_0000);
                if side.chance(1, 3) {
                    // sig A11 extends A1, sig A21 extends A2 (regression shape
                    // of tests/verdicts/26: both once got the same atom).
                    for (parent, name) in [(a1, "A11"), (a2, "A21")] {
                        let one = side.chance(1, 2);
                        let s = b.sig_full(
                            name,
                            SigKind::Extends(parent),
                            false,
                            if one { Some(Mult::One) } else { None },
                        );
                        if !one {
                            // At most what the parent can hold (`one`/`lone sig A2`).
                            let cap =
                                if matches!(b.m.sig(parent).mult, Some(Mult::One | Mult::Lone)) {
                                    1
                                } else {
                                    2
                                };
                            exact_scopes.push((s, 1 + side.below(cap) as u32));
                        }
                        sigs.push(s);
                    }
                }
            }
        }
        if rng.chance(1, 2) {
            let m = [
                None,
                None,
                Some(Mult::One),
                Some(Mult::Lone),
                Some(Mult::Some),
            ][rng.below(5)];
            let bs = b.sig_full("B", SigKind::TopLevel, false, m);
            sigs.push(bs);
        }
        if rng.chance(1, 4) {
            let s = b.sig_full("S", SigKind::Subset(vec![a]), false, None);
            sigs.push(s);
        }
        let mut g = Gen {
            b,
            rng,
            sigs,
            rels: vec![],
            int_fields: vec![],
            ternary: vec![],
            preds: vec![],
            funs: vec![],
        };
        let nfields = 1 + g.rng.below(2);
        for i in 0..nfields {
            let owner = g.pick_sig();
            let target = g.pick_sig();
            let m = g.rng.pick(&MULTS);
            let bound = g.b.s(target);
            let f = g.b.field(owner, &format!("r{i}"), m, bound);
            g.rels.push(f);
        }
        if g.rng.chance(1, 4) {
            let m = g.rng.pick(&[Mult::One, Mult::Lone]);
            let f = g.b.field(a, "v", m, ints());
            g.int_fields.push(f);
        }
        if g.rng.chance(1, 5) {
            // t: X lm -> rm Y
            let (x, y) = (g.pick_sig(), g.pick_sig());
            let (lm, rm) = (g.rng.pick(&MULTS), g.rng.pick(&MULTS));
            let bound = arrow(g.b.s(x), lm, rm, g.b.s(y));
            let f = g.b.field(a, "t", Mult::Set, bound);
            g.ternary.push(f);
        }
        if g.rng.chance(1, 6) {
            // disj d0, d1: set X (one declaration: one shared bound)
            let (owner, x) = (g.pick_sig(), g.pick_sig());
            let bound = g.b.s(x);
            let d0 =
                g.b.field_with(owner, "d0", Mult::Set, true, |_, _| bound.clone());
            let d1 = g.b.field_with(owner, "d1", Mult::Set, true, |_, _| bound);
            g.rels.push(d0);
            g.rels.push(d1);
        }
        if g.rng.chance(1, 2) {
            // pred p[x: X] { F }
            let x = g.b.var("px", 1);
            let s = g.pick_sig();
            let body = g.formula(2, &mut vec![x]);
            let bound = g.b.s(s);
            let p = g.b.pred("p", vec![(x, Mult::One, bound)], body);
            g.preds.push(p);
        }
        if g.rng.chance(1, 2) {
            // fun f[x: X]: set Y { E }
            let x = g.b.var("fx", 1);
            let s = g.pick_sig();
            let body = g.expr(1, 2, &mut vec![x]);
            let bound = g.b.s(s);
            let f = g.b.fun(
                "f",
                vec![(x, Mult::One, bound)],
                Decl {
                    mult: Mult::Set,
                    bound: univ(),
                },
                body,
            );
            g.funs.push(f);
        }
        if g.rng.chance(1, 2) {
            let f = g.formula(2, &mut vec![]);
            g.b.fact(f);
        }
        if g.rng.chance(1, 4) {
            // sig S { ... } { F }: all this: S | F
            let s = g.pick_sig();
            let this = g.b.var("this", 1);
            let body = g.formula(2, &mut vec![this]);
            let bound = g.b.s(s);
            let f = quant(Quant::All, vec![one_of(this, bound)], body);
            g.b.m.facts.push(Fact {
                name: None,
                module: ModuleId(0),
                origin: FactOrigin::SigFact(s),
                body: f,
                span: S,
            });
        }
        let body = g.formula(3, &mut vec![]);
        let overall = 1 + g.rng.below(3) as u32;
        let cmd = if !g.preds.is_empty() && g.rng.chance(1, 5) {
            // run p: the parameter is existentially quantified
            let p = g.preds[0];
            g.b.command("p", CommandKind::Run, CommandTarget::Pred(p), overall)
        } else if g.rng.chance(1, 2) {
            g.b.command("r", CommandKind::Run, CommandTarget::Inline(body), overall)
        } else {
            let a = g.b.assert("a", body);
            g.b.command("c", CommandKind::Check, CommandTarget::Assert(a), overall)
        };
        let c = &mut g.b.m.commands[cmd.index()];
        c.scope.bitwidth = Some(g.rng.pick(&[2, 2, 3]));
        c.scope
            .sigs
            .extend(exact_scopes.iter().map(|&(sig, count)| SigScope {
                sig,
                count,
                exact: true,
                span: S,
            }));
        if g.rng.chance(1, 4) {
            let s = g.sigs[g.rng.below(g.sigs.len())];
            // Only where the scope cannot contradict a `one`/`some` sig or
            // an exactly-scoped one below it (`exactly 0 A` with `one sig A2
            // extends A` is an input error).
            fn constrained(m: &Model, exact: &[(SigId, u32)], s: SigId) -> bool {
                m.sig(s).mult.is_some()
                    || exact.iter().any(|e| e.0 == s)
                    || m.children(s).any(|c| constrained(m, exact, c))
            }
            let constrained = constrained(&g.b.m, &exact_scopes, s);
            if !matches!(g.b.m.sig(s).kind, SigKind::Subset(_)) && !constrained {
                let count = g.rng.below(3) as u32;
                let exact = g.rng.chance(1, 2);
                g.b.m.commands[cmd.index()].scope.sigs.push(SigScope {
                    sig: s,
                    count,
                    exact,
                    span: S,
                });
            }
        }
        (g, cmd)
    }

    fn has_var(&self, vars: &[VarId], arity: usize) -> bool {
        vars.iter().any(|v| self.b.m.var(*v).arity == arity)
    }

    fn pick_var(&mut self, vars: &[VarId], arity: usize) -> Expr {
        let vs: Vec<VarId> = vars
            .iter()
            .copied()
            .filter(|v| self.b.m.var(*v).arity == arity)
            .collect();
        let v = vs[self.rng.below(vs.len())];
        self.b.v(v)
    }

    fn pick_sig(&mut self) -> SigId {
        let i = self.rng.below(self.sigs.len());
        self.sigs[i]
    }

    fn expr(&mut self, arity: usize, depth: usize, vars: &mut Vec<VarId>) -> Expr {
        let leaf = depth == 0 || self.rng.chance(1, 3);
        if arity == 1 {
            if leaf {
                return match self.rng.below(8) {
                    0..=2 => {
                        let s = self.pick_sig();
                        self.b.s(s)
                    }
                    3 | 4 if self.has_var(vars, 1) => self.pick_var(vars, 1),
                    5 => none(1),
                    6 => univ(),
                    _ => {
                        let s = self.pick_sig();
                        self.b.s(s)
                    }
                };
            }
            match self.rng.below(10) {
                0 => union(self.expr(1, depth - 1, vars), self.expr(1, depth - 1, vars)),
                1 => inter(self.expr(1, depth - 1, vars), self.expr(1, depth - 1, vars)),
                2 => diff(self.expr(1, depth - 1, vars), self.expr(1, depth - 1, vars)),
                3 | 4 => join(self.expr(1, depth - 1, vars), self.expr(2, depth - 1, vars)),
                5 => join(self.expr(2, depth - 1, vars), self.expr(1, depth - 1, vars)),
                6 => {
                    let x = self.b.var("x", 1);
                    let bound = self.expr(1, depth - 1, vars);
                    vars.push(x);
                    let body = self.formula(depth - 1, vars);
                    vars.pop();
                    compr(vec![one_of(x, bound)], body)
                }
                7 => {
                    let c = self.formula(depth - 1, vars);
                    ite(
                        c,
                        self.expr(1, depth - 1, vars),
                        self.expr(1, depth - 1, vars),
                    )
                }
                8 if !self.funs.is_empty() && self.rng.chance(1, 2) => {
                    let f = self.funs[0];
                    call(f, 1, vec![self.expr(1, depth - 1, vars)])
                }
                8 if !self.int_fields.is_empty() => {
                    // x.v as a set of integer atoms, or an integer as an atom
                    let f = self.int_fields[0];
                    if self.rng.chance(1, 2) {
                        join(self.expr(1, depth - 1, vars), self.b.f(f))
                    } else {
                        int_atom(self.int(depth - 1, vars))
                    }
                }
                _ => {
                    let l = self.b.var("l", 1);
                    let val = self.expr(1, depth - 1, vars);
                    vars.push(l);
                    let body = self.expr(1, depth - 1, vars);
                    vars.pop();
                    elet(l, val, body)
                }
            }
        } else {
            if leaf {
                return match self.rng.below(7) {
                    6 if self.has_var(vars, 2) => self.pick_var(vars, 2),
                    0..=3 => {
                        let f = self.rels[self.rng.below(self.rels.len())];
                        self.b.f(f)
                    }
                    4 => iden(),
                    _ => {
                        let (x, y) = (self.pick_sig(), self.pick_sig());
                        prod(self.b.s(x), self.b.s(y))
                    }
                };
            }
            match self.rng.below(11) {
                0 => union(self.expr(2, depth - 1, vars), self.expr(2, depth - 1, vars)),
                1 => inter(self.expr(2, depth - 1, vars), self.expr(2, depth - 1, vars)),
                2 => diff(self.expr(2, depth - 1, vars), self.expr(2, depth - 1, vars)),
                3 => join(self.expr(2, depth - 1, vars), self.expr(2, depth - 1, vars)),
                4 => tr(self.expr(2, depth - 1, vars)),
                5 => clo(self.expr(2, depth - 1, vars)),
                6 => rclo(self.expr(2, depth - 1, vars)),
                7 => over(self.expr(2, depth - 1, vars), self.expr(2, depth - 1, vars)),
                8 => domr(self.expr(1, depth - 1, vars), self.expr(2, depth - 1, vars)),
                9 => ranr(self.expr(2, depth - 1, vars), self.expr(1, depth - 1, vars)),
                _ if !self.ternary.is_empty() && self.rng.chance(1, 2) => {
                    let t = self.ternary[0];
                    join(self.expr(1, depth - 1, vars), self.b.f(t))
                }
                _ => prod(self.expr(1, depth - 1, vars), self.expr(1, depth - 1, vars)),
            }
        }
    }

    fn int(&mut self, depth: usize, vars: &mut Vec<VarId>) -> IntExpr {
        if depth == 0 || self.rng.chance(1, 2) {
            return match self.rng.below(4) {
                0 => lit(self.rng.below(4) as i64 - 1),
                1 if !self.int_fields.is_empty() => {
                    let f = self.int_fields[0];
                    sum(join(self.expr(1, 0, vars), self.b.f(f)))
                }
                _ => {
                    let a = self.rng.below(2) + 1;
                    card(self.expr(a, depth.saturating_sub(1), vars))
                }
            };
        }
        match self.rng.below(5) {
            0 => add(self.int(depth - 1, vars), self.int(depth - 1, vars)),
            1 => sub(self.int(depth - 1, vars), self.int(depth - 1, vars)),
            2 => mul(self.int(depth - 1, vars), self.int(depth - 1, vars)),
            3 => div(self.int(depth - 1, vars), self.int(depth - 1, vars)),
            _ => rem(self.int(depth - 1, vars), self.int(depth - 1, vars)),
        }
    }

    fn formula(&mut self, depth: usize, vars: &mut Vec<VarId>) -> Formula {
        let d = depth.saturating_sub(1);
        let choice = if depth == 0 {
            self.rng.below(5)
        } else {
            self.rng.below(14)
        };
        match choice {
            0 => {
                let a = self.rng.below(2) + 1;
                is_in(self.expr(a, d, vars), self.expr(a, d, vars))
            }
            1 => {
                let a = self.rng.below(2) + 1;
                eq(self.expr(a, d, vars), self.expr(a, d, vars))
            }
            2 => {
                let a = self.rng.below(2) + 1;
                let e = self.expr(a, d, vars);
                match self.rng.below(4) {
                    0 => some(e),
                    1 => no(e),
                    2 => one(e),
                    _ => lone(e),
                }
            }
            3 => {
                let op = self.rng.pick(&[
                    IntCmp::Eq,
                    IntCmp::Ne,
                    IntCmp::Lt,
                    IntCmp::Le,
                    IntCmp::Gt,
                    IntCmp::Ge,
                ]);
                icmp(op, self.int(d, vars), self.int(d, vars))
            }
            4 => {
                // r in A m -> n B
                let r = self.expr(2, d, vars);
                let (x, y) = (self.pick_sig(), self.pick_sig());
                let (lm, rm) = (self.rng.pick(&MULTS), self.rng.pick(&MULTS));
                is_in(r, arrow(self.b.s(x), lm, rm, self.b.s(y)))
            }
            5 => not(self.formula(d, vars)),
            6 => and(vec![self.formula(d, vars), self.formula(d, vars)]),
            7 => or(vec![self.formula(d, vars), self.formula(d, vars)]),
            8 => implies(self.formula(d, vars), self.formula(d, vars)),
            9 => iff(self.formula(d, vars), self.formula(d, vars)),
            10 => fite(
                self.formula(d, vars),
                self.formula(d, vars),
                self.formula(d, vars),
            ),
            11 if !self.preds.is_empty() && self.rng.chance(1, 2) => {
                let p = self.preds[0];
                pcall(p, vec![self.expr(1, d, vars)])
            }
            11 if self.rng.chance(1, 2) => {
                // Q x: X, y: x.r | F  (the second bound depends on x)
                let q =
                    self.rng
                        .pick(&[Quant::All, Quant::Some, Quant::No, Quant::Lone, Quant::One]);
                let x = self.b.var("dx", 1);
                let y = self.b.var("dy", 1);
                let bx_ = self.expr(1, d.min(1), vars);
                let r = self.rels[self.rng.below(self.rels.len())];
                let by = join(self.b.v(x), self.b.f(r));
                vars.push(x);
                vars.push(y);
                let body = self.formula(d, vars);
                vars.truncate(vars.len() - 2);
                quant(q, vec![one_of(x, bx_), one_of(y, by)], body)
            }
            11 => {
                let l = self.b.var("l", 2);
                let val = self.expr(2, d, vars);
                vars.push(l);
                let body = self.formula(d, vars);
                vars.pop();
                flet(l, val, body)
            }
            _ => {
                let q =
                    self.rng
                        .pick(&[Quant::All, Quant::Some, Quant::No, Quant::Lone, Quant::One]);
                let nv = 1 + self.rng.below(2);
                let xs: Vec<VarId> = (0..nv).map(|i| self.b.var(&format!("q{i}"), 1)).collect();
                let disj = nv > 1 && self.rng.chance(1, 2);
                let bound = self.expr(1, d.min(1), vars);
                // `lone`/`set` declarations would be higher-order, which
                // Alloy (and the engine) only accept when skolemizable.
                let mult = Mult::One;
                vars.extend(xs.iter().copied());
                let body = self.formula(d, vars);
                vars.truncate(vars.len() - nv);
                quant(q, vec![decl(xs, disj, mult, bound)], body)
            }
        }
    }
}

/// One differential case; `Ok(true)` when decided, `Ok(false)` when out of
/// the oracle's reach.
fn case(seed: u64) -> Result<bool, String> {
    let (g, cmd) = Gen::build(seed);
    let m = &g.b.m;
    let oracle = brute_force(m, cmd, 4096);
    let res = check_command(m, cmd, &CheckOptions::default())
        .map_err(|e| format!("seed {seed}: engine error {e:?}"))?;
    if let Outcome::Sat(inst) = &res.outcome {
        match command_satisfied(m, cmd, inst) {
            Ok(true) => {}
            other => {
                return Err(format!(
                    "seed {seed}: engine instance does not satisfy the command ({other:?})\n{m:#?}"
                ))
            }
        }
    }
    let Some(expected) = oracle else {
        return Ok(false);
    };
    let engine = match res.outcome {
        Outcome::Sat(_) => true,
        Outcome::Unsat => false,
        Outcome::Unknown(why) => return Err(format!("seed {seed}: engine unknown: {why}")),
    };
    if engine != expected.is_some() {
        return Err(format!(
            "seed {seed}: engine says {}, brute force says {}; witness: {:?}\nmodel: {m:#?}",
            engine,
            expected.is_some(),
            expected
        ));
    }
    Ok(true)
}

/// Number of cases: `RELPROVE_DIFF_CASES`, else 3000 in release builds (CI)
/// and 500 in debug builds.
fn cases() -> u32 {
    let default = if cfg!(debug_assertions) { 500 } else { 3000 };
    std::env::var("RELPROVE_DIFF_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

proptest! {
    // A fixed RNG seed: the same cases on every run (CI must not flake).
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED_A110F),
        ..ProptestConfig::default()
    })]
    #[test]
    fn engine_agrees_with_brute_force(seed in any::<u64>()) {
        if let Err(e) = case(seed) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// Most generated cases must be within the oracle's reach, or the property
/// above says little.
#[test]
fn oracle_decides_most_cases() {
    let n = 200;
    let decided = (0..n).filter(|&s| case(s).unwrap_or(true)).count();
    assert!(
        decided * 10 >= n as usize * 6,
        "only {decided} of {n} cases decided"
    );
}

#[test]
fn generator_is_deterministic_and_varied() {
    let (g1, _) = Gen::build(7);
    let (g2, _) = Gen::build(7);
    assert_eq!(
        format!("{:?}", g1.b.m.commands),
        format!("{:?}", g2.b.m.commands)
    );
    let shapes: std::collections::BTreeSet<usize> =
        (0..50).map(|s| Gen::build(s).0.b.m.sigs.len()).collect();
    assert!(shapes.len() >= 3, "{shapes:?}");
}

/// Print one case (`SEED=n cargo test --test eval differential::dump_seed -- --ignored --nocapture`).
#[test]
#[ignore]
fn dump_seed() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (g, cmd) = Gen::build(seed);
    eprintln!("{:#?}", g.b.m);
    eprintln!("{:?}", case(seed));
    let _ = cmd;
}

/// Run many seeds and summarise every disagreement instead of stopping at
/// the first (`RELPROVE_DIFF_CASES=n cargo test --test eval
/// differential::survey -- --ignored --nocapture`).
#[test]
#[ignore]
fn survey() {
    let (mut decided, mut skipped, mut failed) = (0, 0, Vec::new());
    for seed in 0..u64::from(cases()) {
        match case(seed) {
            Ok(true) => decided += 1,
            Ok(false) => skipped += 1,
            Err(e) => failed.push(e.lines().next().unwrap_or("").to_string()),
        }
    }
    for f in &failed {
        eprintln!("{f}");
    }
    eprintln!(
        "decided {decided}, out of reach {skipped}, failed {}",
        failed.len()
    );
}

/// Seeds that once disagreed (kept as regression tests). 990 and
/// 11592544904353234116: `exactly N A` on an abstract sig with one child:
/// the engine let A keep atoms outside its only child (fixed in the engine).
#[test]
fn regression_seeds() {
    for seed in [990u64, 11_592_544_904_353_234_116] {
        if let Err(e) = case(seed) {
            panic!("{e}");
        }
    }
}

/// The generator produces exact sigs (`one sig`, `exactly k`) under sibling
/// subsigs of A, and the oracle decides such cases (the shape of
/// tests/verdicts/26, where the engine once gave two `one sig`s in sibling
/// subtrees the same atom and answered "no instance").
#[test]
fn sibling_subtree_exact_sigs() {
    let (mut seen, mut decided) = (0, 0);
    for seed in 0..400u64 {
        let (g, cmd) = Gen::build(seed);
        let Some(s) = g.b.m.sig_ids().find(|&s| g.b.m.sig(s).label == "A21") else {
            continue;
        };
        seen += 1;
        let scoped = g.b.m.commands[cmd.index()]
            .scope
            .sigs
            .iter()
            .any(|x| x.sig == s && x.exact);
        assert!(
            g.b.m.sig(s).mult == Some(Mult::One) || scoped,
            "seed {seed}: A21 is neither one nor exactly scoped"
        );
        match case(seed) {
            Ok(true) => decided += 1,
            Ok(false) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert!(
        seen >= 10 && decided * 2 >= seen,
        "{seen} such models, {decided} decided"
    );
}
