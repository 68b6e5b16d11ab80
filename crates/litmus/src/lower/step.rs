//! One step of a thread's symbolic execution, by instruction family:
//! memory accesses (load, store, atomic), fences, barriers, register
//! arithmetic, and control flow.

use super::paths::{resolve_loc, EvKind, Event, Limits, Path, Strength};
use crate::ast::*;
use crate::value::{mk_op, Op, Sym};
use relprove_engine::diag::{Diagnostic, Phase, Span};
use std::collections::{BTreeMap, BTreeSet};

/// A thread part-way along one path: where it is, its registers (each a
/// term with the reads it depends on), the reads that control it, and the
/// path so far.
#[derive(Clone)]
pub(super) struct State {
    pub(super) pc: usize,
    pub(super) regs: BTreeMap<String, (Sym, BTreeSet<usize>)>,
    ctrl: BTreeSet<usize>,
    visits: Vec<u32>,
    bars: BTreeMap<i64, usize>,
    pub(super) path: Path,
    /// States forked off by the last step beyond the one it returns.
    pub(super) pending: Vec<State>,
}

pub(super) enum Step {
    Next,
    /// The path exceeded the unrolling bound.
    Cut,
    /// Continue with `st`, and also explore the other state.
    Fork(Box<State>),
}

fn strong_scope(sem: Sem, scope: Option<Scope>, default: Scope) -> Option<Scope> {
    if sem == Sem::Weak {
        None
    } else {
        Some(scope.unwrap_or(default))
    }
}

impl State {
    /// The state before the first instruction of a thread of `len`
    /// instructions whose registers start as `regs`.
    pub(super) fn start(len: usize, regs: BTreeMap<String, (Sym, BTreeSet<usize>)>) -> State {
        State {
            pc: 0,
            regs,
            ctrl: BTreeSet::new(),
            visits: vec![0; len],
            bars: BTreeMap::new(),
            pending: Vec::new(),
            path: Path {
                events: vec![],
                rmw: vec![],
                deps: BTreeSet::new(),
                conds: vec![],
                regs: BTreeMap::new(),
            },
        }
    }

    fn operand(&self, o: &Operand) -> (Sym, BTreeSet<usize>) {
        match o {
            Operand::Imm(v) => (Sym::Const(*v), BTreeSet::new()),
            Operand::Reg(r) => self
                .regs
                .get(r)
                .cloned()
                .unwrap_or((Sym::Const(0), BTreeSet::new())),
        }
    }

    fn push_event(&mut self, ev: Event, data: &BTreeSet<usize>) -> usize {
        let i = self.path.events.len();
        self.path.events.push(ev);
        for &r in data.iter().chain(self.ctrl.iter()) {
            self.path.deps.insert((r, i));
        }
        i
    }

    /// Execute `ins` (at `self.pc`).
    pub(super) fn step(
        &mut self,
        test: &Test,
        ins: &Instr,
        labels: &BTreeMap<String, usize>,
        limits: Limits,
    ) -> Result<Step, Diagnostic> {
        let span = ins.span;
        match &ins.kind {
            InstrKind::Label(_) => {
                self.visits[self.pc] += 1;
                if self.visits[self.pc] > limits.unroll {
                    return Ok(Step::Cut);
                }
            }
            InstrKind::Load {
                proxy,
                sem,
                scope,
                dst,
                loc,
            } => {
                let scope = strong_scope(*sem, *scope, Scope::Sys);
                self.load(Access::new(test, *proxy, *sem, scope, loc, span), dst);
            }
            InstrKind::Store {
                proxy,
                sem,
                scope,
                loc,
                val,
            } => {
                let scope = strong_scope(*sem, *scope, Scope::Sys);
                self.store(Access::new(test, *proxy, *sem, scope, loc, span), val);
            }
            InstrKind::Rmw {
                proxy,
                sem,
                scope,
                op,
                dst,
                loc,
                args,
            } => {
                let scope = Some(scope.unwrap_or(Scope::Gpu));
                let access = Access::new(test, *proxy, *sem, scope, loc, span);
                if let Some(fork) = self.rmw(access, *op, dst.as_ref(), args) {
                    self.pc += 1;
                    return Ok(Step::Fork(fork));
                }
            }
            InstrKind::Fence { kind, scope } => {
                let ev = Event {
                    kind: EvKind::Fence(*kind),
                    proxy: Some(Proxy::Generic),
                    strength: Strength::Relaxed,
                    scope: Some(scope.unwrap_or(Scope::Sys)),
                    span,
                };
                self.push_event(ev, &BTreeSet::new());
            }
            InstrKind::ProxyFence(p) => {
                let ev = Event {
                    kind: EvKind::ProxyFence(*p),
                    proxy: *p,
                    strength: Strength::Relaxed,
                    scope: None,
                    span,
                };
                self.push_event(ev, &BTreeSet::new());
            }
            InstrKind::Barrier {
                arrive,
                inst,
                res,
                quorum,
            } => {
                let bar = BarrierInstr {
                    arrive: *arrive,
                    inst: *inst,
                    res: res.as_ref(),
                    quorum: quorum.as_ref(),
                    span,
                };
                return self.barrier(test, bar);
            }
            InstrKind::Mov { dst, src } => {
                let v = self.operand(src);
                self.regs.insert(dst.clone(), v);
            }
            InstrKind::Arith { op, dst, a, b } => self.arith(*op, dst, a, b),
            InstrKind::Goto(l) => {
                self.pc = labels[l];
                return Ok(Step::Next);
            }
            InstrKind::Branch { eq, a, b, target } => {
                return Ok(self.branch(*eq, a, b, labels[target]));
            }
        }
        self.pc += 1;
        Ok(Step::Next)
    }

    // -----------------------------------------------------------------------
    // Memory accesses

    fn load(&mut self, acc: Access, dst: &str) {
        let strength = match acc.sem {
            Sem::Weak => Strength::Weak,
            Sem::Acquire => Strength::Acquire,
            _ => Strength::Relaxed,
        };
        let ev = Event {
            kind: EvKind::Read {
                loc: acc.loc,
                vloc: acc.vloc,
            },
            proxy: Some(acc.proxy),
            strength,
            scope: acc.scope,
            span: acc.span,
        };
        let i = self.push_event(ev, &BTreeSet::new());
        self.regs
            .insert(dst.to_string(), (Sym::Read(i), BTreeSet::from([i])));
    }

    fn store(&mut self, acc: Access, val: &Operand) {
        let (v, taint) = self.operand(val);
        let strength = match acc.sem {
            Sem::Weak => Strength::Weak,
            Sem::Release => Strength::Release,
            _ => Strength::Relaxed,
        };
        let ev = Event {
            kind: EvKind::Write {
                loc: acc.loc,
                vloc: acc.vloc,
                val: v,
            },
            proxy: Some(acc.proxy),
            strength,
            scope: acc.scope,
            span: acc.span,
        };
        self.push_event(ev, &taint);
    }

    /// An atomic read-modify-write: a read and a write of the same atom.
    /// A `cas` returns its failing branch (the cas only reads) to explore
    /// beside this one.
    fn rmw(
        &mut self,
        acc: Access,
        op: RmwOp,
        dst: Option<&String>,
        args: &[Operand],
    ) -> Option<Box<State>> {
        let (rs, ws) = match acc.sem {
            Sem::AcqRel => (Strength::Acquire, Strength::Release),
            Sem::Acquire => (Strength::Acquire, Strength::Relaxed),
            Sem::Release => (Strength::Relaxed, Strength::Release),
            _ => (Strength::Relaxed, Strength::Relaxed),
        };
        let r = self.push_event(
            Event {
                kind: EvKind::Read {
                    loc: acc.loc.clone(),
                    vloc: acc.vloc.clone(),
                },
                proxy: Some(acc.proxy),
                strength: rs,
                scope: acc.scope,
                span: acc.span,
            },
            &BTreeSet::new(),
        );
        let old = Sym::Read(r);
        let (a, ta) = self.operand(&args[0]);
        let mut data = ta.clone();
        let mut fork = None;
        let new = match op {
            RmwOp::Exch => a,
            RmwOp::Cas => {
                let (b, tb) = self.operand(&args[1]);
                data.extend(tb);
                // The failing branch: the cas only reads.
                let mut fail = self.clone();
                fail.path.conds.push((false, old.clone(), a.clone()));
                if let Some(d) = dst {
                    fail.regs
                        .insert(d.clone(), (old.clone(), BTreeSet::from([r])));
                }
                fail.pc += 1;
                fork = Some(Box::new(fail));
                self.path.conds.push((true, old.clone(), a));
                data.insert(r);
                b
            }
            _ => {
                data.insert(r);
                let o = match op {
                    RmwOp::Add => Op::Add,
                    RmwOp::Sub => Op::Sub,
                    RmwOp::And => Op::And,
                    RmwOp::Or => Op::Or,
                    RmwOp::Xor => Op::Xor,
                    RmwOp::Min => Op::Min,
                    RmwOp::Max => Op::Max,
                    RmwOp::Inc => Op::Inc,
                    _ => Op::Dec,
                };
                mk_op(o, old.clone(), a)
            }
        };
        let w = self.push_event(
            Event {
                kind: EvKind::Write {
                    loc: acc.loc,
                    vloc: acc.vloc,
                    val: new,
                },
                proxy: Some(acc.proxy),
                strength: ws,
                scope: acc.scope,
                span: acc.span,
            },
            &data,
        );
        self.path.rmw.push((r, w));
        if let Some(d) = dst {
            self.regs.insert(d.clone(), (old, BTreeSet::from([r])));
        }
        fork
    }

    // -----------------------------------------------------------------------
    // Barriers

    /// A `bar.sync`/`bar.arrive`. A resource id read from memory forks the
    /// thread on which of the test's constant ids it equals.
    fn barrier(&mut self, test: &Test, bar: BarrierInstr) -> Result<Step, Diagnostic> {
        let k = self.bars.entry(bar.inst).or_insert(0);
        let use_k = *k;
        *k += 1;
        let quorum = match bar.quorum {
            None => None,
            Some(q) => match self.operand(q).0 {
                Sym::Const(v) => Some(v),
                _ => {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        bar.span,
                        "unsupported: a barrier thread count that depends on a read value",
                    ))
                }
            },
        };
        let mk = |res: Option<Sym>| Event {
            kind: EvKind::Barrier {
                arrive_only: bar.arrive,
                inst: bar.inst,
                use_k,
                res,
                quorum,
            },
            proxy: None,
            strength: Strength::Relaxed,
            scope: Some(Scope::Cta),
            span: bar.span,
        };
        let none = BTreeSet::new();
        let res = bar.res.map(|r| self.operand(r).0);
        if let Some(sym @ (Sym::Read(_) | Sym::Op(..))) = &res {
            // A resource id read from memory: fork on which of the
            // test's constant ids it equals (a branch on the read
            // value), plus one path where it equals none of them.
            let mut ids = BTreeSet::new();
            for th in &test.threads {
                for ins in &th.instrs {
                    if let InstrKind::Barrier {
                        res: Some(Operand::Imm(v)),
                        ..
                    } = &ins.kind
                    {
                        ids.insert(*v);
                    }
                }
            }
            let mut other = self.clone();
            for v in &ids {
                other.path.conds.push((false, sym.clone(), Sym::Const(*v)));
            }
            other.push_event(mk(Some(sym.clone())), &none);
            other.pc += 1;
            let mut forks: Vec<State> = Vec::new();
            for v in &ids {
                let mut f = self.clone();
                f.path.conds.push((true, sym.clone(), Sym::Const(*v)));
                f.push_event(mk(Some(Sym::Const(*v))), &none);
                f.pc += 1;
                forks.push(f);
            }
            *self = other;
            self.pending.extend(forks);
            return Ok(Step::Next);
        }
        self.push_event(mk(res), &none);
        self.pc += 1;
        Ok(Step::Next)
    }

    // -----------------------------------------------------------------------
    // Registers and control flow

    fn arith(&mut self, op: ArithOp, dst: &str, a: &Operand, b: &Operand) {
        let (a, mut ta) = self.operand(a);
        let (b, tb) = self.operand(b);
        ta.extend(tb);
        let o = match op {
            ArithOp::Add => Op::Add,
            ArithOp::Sub => Op::Sub,
            ArithOp::Mul => Op::Mul,
            ArithOp::And => Op::And,
            ArithOp::Or => Op::Or,
            ArithOp::Xor => Op::Xor,
        };
        self.regs.insert(dst.to_string(), (mk_op(o, a, b), ta));
    }

    /// A conditional branch to instruction `target`: decided when both
    /// sides are constants, else a fork with the condition recorded (and
    /// the compared reads controlling everything after it).
    fn branch(&mut self, eq: bool, a: &Operand, b: &Operand, target: usize) -> Step {
        let (a, ta) = self.operand(a);
        let (b, tb) = self.operand(b);
        if let (Sym::Const(x), Sym::Const(y)) = (&a, &b) {
            if (x == y) == eq {
                self.pc = target;
                return Step::Next;
            }
        } else {
            self.ctrl.extend(ta);
            self.ctrl.extend(tb);
            let mut taken = self.clone();
            taken.path.conds.push((eq, a.clone(), b.clone()));
            taken.pc = target;
            self.path.conds.push((!eq, a, b));
            self.pc += 1;
            return Step::Fork(Box::new(taken));
        }
        self.pc += 1;
        Step::Next
    }
}

/// A memory access's operands, its location resolved (physical location
/// and the virtual address named) and its scope decided.
struct Access {
    proxy: Proxy,
    sem: Sem,
    scope: Option<Scope>,
    loc: String,
    vloc: String,
    span: Span,
}

impl Access {
    fn new(
        test: &Test,
        proxy: Proxy,
        sem: Sem,
        scope: Option<Scope>,
        name: &str,
        span: Span,
    ) -> Access {
        let (loc, vloc) = resolve_loc(test, name);
        Access {
            proxy,
            sem,
            scope,
            loc,
            vloc,
            span,
        }
    }
}

/// A barrier instruction's operands.
struct BarrierInstr<'a> {
    arrive: bool,
    inst: i64,
    res: Option<&'a Operand>,
    quorum: Option<&'a Operand>,
    span: Span,
}
