//! A litmus test compiled for operational execution: locations and
//! registers numbered, branch targets resolved, and the thread-local
//! instructions (moves, arithmetic, branches) executed eagerly by
//! [`Program::advance`], so that models only see memory instructions.
//!
//! Unlike the axiomatic runner, nothing is unrolled ahead of time: the
//! models execute the program with concrete register values, and a thread
//! that runs more than [`LOOP_BOUND`] local steps is an error.

use std::collections::BTreeMap;

use crate::ast::{ArithOp, FenceKind, InstrKind, Operand, Proxy, RmwOp, Scope, Sem, Term, Test};
use relprove_engine::diag::Span;

use super::OpError;

/// Local steps one thread may take in one run (loops must terminate).
pub const LOOP_BOUND: u32 = 64;

/// An operand: a register (by number) or an integer constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opnd {
    /// A register of the thread, by number.
    Reg(u8),
    /// An integer constant.
    Imm(i64),
}

/// A memory instruction, as the models see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemOp {
    /// A load (`ld`).
    Load {
        /// Memory-order qualifier.
        sem: Sem,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
        /// The register loaded into.
        dst: u8,
        /// The location read, by number.
        loc: u8,
    },
    /// A store (`st`).
    Store {
        /// Memory-order qualifier.
        sem: Sem,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
        /// The location written, by number.
        loc: u8,
        /// The value stored.
        val: Opnd,
    },
    /// A read-modify-write (`atom` or `red`).
    Rmw {
        /// Memory-order qualifier.
        sem: Sem,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
        /// The operation.
        op: RmwOp,
        /// The register that receives the old value (`None` for `red`).
        dst: Option<u8>,
        /// The location updated, by number.
        loc: u8,
        /// The operands after the location.
        args: Vec<Opnd>,
    },
    /// A fence (`fence`, `membar`, `mfence`).
    Fence {
        /// Fence strength.
        kind: FenceKind,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
    },
}

#[derive(Clone, Debug)]
enum Op {
    Mem(MemOp),
    Mov(u8, Opnd),
    Arith(ArithOp, u8, Opnd, Opnd),
    Nop,
    Jump(usize),
    Branch(bool, Opnd, Opnd, usize),
}

/// One thread's code.
#[derive(Clone, Debug)]
pub struct ThreadProg {
    /// An x86-TSO thread (`P0@x86` or an `X86` test); otherwise PTX.
    pub x86: bool,
    /// The thread's CTA (from the test's thread header).
    pub cta: u32,
    /// The thread's GPU (from the test's thread header).
    pub gpu: u32,
    ops: Vec<(Op, Span)>,
    /// Initial value of each register, by register number.
    pub init_regs: Vec<i64>,
    /// The name of each register, by register number.
    pub reg_names: Vec<String>,
}

impl ThreadProg {
    /// Whether the thread's code has a backward jump (a loop).
    pub fn loops(&self) -> bool {
        self.ops
            .iter()
            .enumerate()
            .any(|(i, (op, _))| matches!(op, Op::Jump(l) | Op::Branch(_, _, _, l) if *l <= i))
    }
}

/// An observed variable of the condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obs {
    /// A register's final value: (thread, register number).
    Reg(usize, u8),
    /// A location's final value, by location number.
    Loc(u8),
    /// An integer constant.
    Const(i64),
}

/// The compiled test.
#[derive(Clone, Debug)]
pub struct Program {
    /// The threads' code, in order.
    pub threads: Vec<ThreadProg>,
    /// The location names; a location's number is its index.
    pub locs: Vec<String>,
    /// Initial value of each location (0 unless the test gives one).
    pub init_mem: Vec<i64>,
    /// Locations in CUDA shared memory (accessed with `ld.shared` /
    /// `st.shared`); the others are global memory.
    pub shared: Vec<bool>,
    /// The condition's variables, in [`crate::ast::Prop::vars`] order.
    pub observed: Vec<Obs>,
    /// The test's name (where errors about the whole test point).
    pub name_span: Span,
}

/// Where a thread stands after its local steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// At the memory instruction with this index.
    Mem(usize),
    /// A local instruction needs a register whose load is not satisfied.
    Blocked,
    /// Past the thread's last instruction.
    Done,
}

impl Program {
    /// The observed variables a state fixes, for [`super::Model::known`]:
    /// constants always, registers where `reg(thread, register)` says,
    /// memory never before a final state.
    pub fn known_outcome(&self, reg: impl Fn(usize, u8) -> Option<i64>) -> Vec<Option<i64>> {
        self.observed
            .iter()
            .map(|o| match o {
                Obs::Const(c) => Some(*c),
                Obs::Reg(t, r) => reg(*t, *r),
                Obs::Loc(_) => None,
            })
            .collect()
    }

    /// `text` is the test's source, for the `.shared` qualifier (which the
    /// syntax tree does not keep: only op:sorensen distinguishes it).
    pub fn compile(test: &Test, text: &str) -> Result<Program, OpError> {
        let mut shared_locs: Vec<String> = Vec::new();
        let mut locs: Vec<String> = Vec::new();
        let mut init_mem = Vec::new();
        for (x, v, _) in &test.init_locs {
            if !locs.contains(x) {
                locs.push(x.clone());
                init_mem.push(*v);
            }
        }
        let loc = |x: &str, locs: &mut Vec<String>, init: &mut Vec<i64>| -> u8 {
            if let Some(i) = locs.iter().position(|l| l == x) {
                return i as u8;
            }
            locs.push(x.to_string());
            init.push(0);
            (locs.len() - 1) as u8
        };
        let mut threads = Vec::new();
        for th in &test.threads {
            let mut names: Vec<String> = Vec::new();
            let mut reg = |r: &str| -> u8 {
                if let Some(i) = names.iter().position(|n| n == r) {
                    return i as u8;
                }
                names.push(r.to_string());
                (names.len() - 1) as u8
            };
            let labels: BTreeMap<&str, usize> = th
                .instrs
                .iter()
                .enumerate()
                .filter_map(|(i, ins)| match &ins.kind {
                    InstrKind::Label(l) => Some((l.as_str(), i)),
                    _ => None,
                })
                .collect();
            let target = |l: &str, span: Span| -> Result<usize, OpError> {
                labels.get(l).copied().ok_or_else(|| OpError::Unsupported {
                    span,
                    what: format!("jump to undefined label `{l}`"),
                })
            };
            let mut ops = Vec::new();
            for ins in &th.instrs {
                let mut opnd = |o: &Operand| match o {
                    Operand::Reg(r) => Opnd::Reg(reg(r)),
                    Operand::Imm(v) => Opnd::Imm(*v),
                };
                let is_shared = text
                    .get(ins.span.start as usize..ins.span.end as usize)
                    .and_then(|t| t.split_whitespace().next())
                    .is_some_and(|op| op.split('.').any(|q| q == "shared"));
                if let InstrKind::Load { proxy, .. }
                | InstrKind::Store { proxy, .. }
                | InstrKind::Rmw { proxy, .. } = &ins.kind
                {
                    if *proxy != Proxy::Generic {
                        return Err(OpError::Unsupported {
                            span: ins.span,
                            what: format!(
                                "accesses through the {} proxy (PTX 7.5 proxies are axiomatic-only)",
                                proxy.word()
                            ),
                        });
                    }
                }
                let op = match &ins.kind {
                    InstrKind::Load {
                        sem,
                        scope,
                        proxy: _,
                        dst,
                        loc: x,
                    } => Op::Mem(MemOp::Load {
                        sem: *sem,
                        scope: *scope,
                        dst: reg(dst),
                        loc: loc(x, &mut locs, &mut init_mem),
                    }),
                    InstrKind::Store {
                        sem,
                        scope,
                        proxy: _,
                        loc: x,
                        val,
                    } => {
                        let val = opnd(val);
                        Op::Mem(MemOp::Store {
                            sem: *sem,
                            scope: *scope,
                            loc: loc(x, &mut locs, &mut init_mem),
                            val,
                        })
                    }
                    InstrKind::Rmw {
                        sem,
                        scope,
                        proxy: _,
                        op,
                        dst,
                        loc: x,
                        args,
                    } => {
                        let args = args.iter().map(&mut opnd).collect();
                        Op::Mem(MemOp::Rmw {
                            sem: *sem,
                            scope: *scope,
                            op: *op,
                            dst: dst.as_deref().map(&mut reg),
                            loc: loc(x, &mut locs, &mut init_mem),
                            args,
                        })
                    }
                    InstrKind::Fence { kind, scope } => Op::Mem(MemOp::Fence {
                        kind: *kind,
                        scope: *scope,
                    }),
                    InstrKind::ProxyFence(_) => return Err(OpError::Unsupported {
                        span: ins.span,
                        what: "proxy fences (`fence.proxy`) are not part of the operational models"
                            .into(),
                    }),
                    InstrKind::Barrier { .. } => {
                        return Err(OpError::Unsupported {
                            span: ins.span,
                            what: "barriers (`bar`) are not part of the operational models".into(),
                        })
                    }
                    InstrKind::Mov { dst, src } => {
                        let s = opnd(src);
                        Op::Mov(reg(dst), s)
                    }
                    InstrKind::Arith { op, dst, a, b } => {
                        let (a, b) = (opnd(a), opnd(b));
                        Op::Arith(*op, reg(dst), a, b)
                    }
                    InstrKind::Label(_) => Op::Nop,
                    InstrKind::Goto(l) => Op::Jump(target(l, ins.span)?),
                    InstrKind::Branch {
                        eq,
                        a,
                        b,
                        target: l,
                    } => {
                        let (a, b) = (opnd(a), opnd(b));
                        Op::Branch(*eq, a, b, target(l, ins.span)?)
                    }
                };
                if is_shared {
                    if let Op::Mem(
                        MemOp::Load { loc: l, .. }
                        | MemOp::Store { loc: l, .. }
                        | MemOp::Rmw { loc: l, .. },
                    ) = &op
                    {
                        shared_locs.push(locs[*l as usize].clone());
                    }
                }
                ops.push((op, ins.span));
            }
            for (t, r, _, _) in &test.init_regs {
                if *t == th.id {
                    reg(r);
                }
            }
            threads.push((th, ops, names));
        }
        let mut observed = Vec::new();
        for v in test.cond.prop.vars() {
            observed.push(match v {
                Term::Reg(t, r) => {
                    let Some((_, _, names)) = threads.get_mut(t) else {
                        return Err(OpError::Unsupported {
                            span: test.cond.span,
                            what: format!("condition names thread {t}, which does not exist"),
                        });
                    };
                    let i = match names.iter().position(|n| *n == r) {
                        Some(i) => i,
                        None => {
                            names.push(r.clone());
                            names.len() - 1
                        }
                    };
                    Obs::Reg(t, i as u8)
                }
                Term::Loc(x) => Obs::Loc(loc(&x, &mut locs, &mut init_mem)),
                Term::Const(c) => Obs::Const(c),
            });
        }
        if locs.len() > 16 {
            return Err(OpError::TooLarge {
                span: test.name_span,
                what: format!("{} locations (limit 16)", locs.len()),
            });
        }
        if threads.len() > 16 {
            return Err(OpError::TooLarge {
                span: test.name_span,
                what: format!("{} threads (limit 16)", threads.len()),
            });
        }
        let threads = threads
            .into_iter()
            .map(|(th, ops, names)| {
                let mut init_regs = vec![0; names.len()];
                for (t, r, v, _) in &test.init_regs {
                    if *t == th.id {
                        if let Some(i) = names.iter().position(|n| n == r) {
                            init_regs[i] = *v;
                        }
                    }
                }
                ThreadProg {
                    x86: th.x86,
                    cta: th.cta,
                    gpu: th.gpu,
                    ops,
                    init_regs,
                    reg_names: names,
                }
            })
            .collect();
        let shared = locs.iter().map(|l| shared_locs.contains(l)).collect();
        Ok(Program {
            threads,
            shared,
            locs,
            init_mem,
            observed,
            name_span: test.name_span,
        })
    }

    /// The memory instruction at `pc` of thread `t`.
    pub fn mem_op(&self, t: usize, pc: usize) -> (&MemOp, Span) {
        match &self.threads[t].ops[pc] {
            (Op::Mem(m), s) => (m, *s),
            _ => unreachable!("advance stops only at memory instructions"),
        }
    }

    /// The memory instruction at `pc` of thread `t`, if it is one.
    pub fn mem_op_at(&self, t: usize, pc: usize) -> Option<(&MemOp, Span)> {
        match self.threads[t].ops.get(pc) {
            Some((Op::Mem(m), s)) => Some((m, *s)),
            _ => None,
        }
    }

    /// Every memory instruction of thread `t`.
    pub fn mem_ops(&self, t: usize) -> impl Iterator<Item = (&MemOp, Span)> {
        self.threads[t].ops.iter().filter_map(|(o, s)| match o {
            Op::Mem(m) => Some((m, *s)),
            _ => None,
        })
    }

    /// Run thread `t`'s local instructions from `pc` until a memory
    /// instruction, the end, or a register that is not known yet (`None`).
    pub fn advance(
        &self,
        t: usize,
        pc: &mut usize,
        regs: &mut [Option<i64>],
        steps: &mut u32,
    ) -> Result<Next, OpError> {
        let th = &self.threads[t];
        loop {
            let Some((op, span)) = th.ops.get(*pc) else {
                return Ok(Next::Done);
            };
            let val = |o: &Opnd| match o {
                Opnd::Imm(v) => Some(*v),
                Opnd::Reg(r) => regs[*r as usize],
            };
            match op {
                Op::Mem(_) => return Ok(Next::Mem(*pc)),
                Op::Nop => *pc += 1,
                Op::Mov(d, s) => {
                    let Some(v) = val(s) else {
                        return Ok(Next::Blocked);
                    };
                    regs[*d as usize] = Some(v);
                    *pc += 1;
                }
                Op::Arith(f, d, a, b) => {
                    let (Some(a), Some(b)) = (val(a), val(b)) else {
                        return Ok(Next::Blocked);
                    };
                    regs[*d as usize] = Some(arith(*f, a, b));
                    *pc += 1;
                }
                Op::Jump(l) | Op::Branch(_, _, _, l) => {
                    let taken = match op {
                        Op::Branch(eq, a, b, _) => {
                            let (Some(a), Some(b)) = (val(a), val(b)) else {
                                return Ok(Next::Blocked);
                            };
                            (a == b) == *eq
                        }
                        _ => true,
                    };
                    *steps += 1;
                    if *steps > LOOP_BOUND {
                        return Err(OpError::LoopBound {
                            span: *span,
                            bound: LOOP_BOUND,
                        });
                    }
                    *pc = if taken { *l } else { *pc + 1 };
                }
            }
        }
    }
}

fn arith(f: ArithOp, a: i64, b: i64) -> i64 {
    match f {
        ArithOp::Add => a.wrapping_add(b),
        ArithOp::Sub => a.wrapping_sub(b),
        ArithOp::Mul => a.wrapping_mul(b),
        ArithOp::And => a & b,
        ArithOp::Or => a | b,
        ArithOp::Xor => a ^ b,
    }
}

/// The value a read-modify-write stores after reading `old`; `None` when
/// it stores nothing (a failed `cas`).
pub fn rmw_value(op: RmwOp, old: i64, args: &[i64]) -> Option<i64> {
    let a = args.first().copied().unwrap_or(0);
    Some(match op {
        RmwOp::Add => old.wrapping_add(a),
        RmwOp::Sub => old.wrapping_sub(a),
        RmwOp::Exch => a,
        RmwOp::Cas => {
            if old != a {
                return None;
            }
            args.get(1).copied().unwrap_or(0)
        }
        RmwOp::And => old & a,
        RmwOp::Or => old | a,
        RmwOp::Xor => old ^ a,
        RmwOp::Min => old.min(a),
        RmwOp::Max => old.max(a),
        // PTX: inc wraps to 0 at the bound, dec wraps to the bound at 0.
        RmwOp::Inc => {
            if old >= a {
                0
            } else {
                old + 1
            }
        }
        RmwOp::Dec => {
            if old == 0 || old > a {
                a
            } else {
                old - 1
            }
        }
    })
}

/// A memory instruction in words (`st.release.gpu y, 1`).
pub fn describe_op(prog: &Program, op: &MemOp) -> String {
    let sem = |s: &Sem| match s {
        Sem::Weak => "weak",
        Sem::Relaxed => "relaxed",
        Sem::Acquire => "acquire",
        Sem::Release => "release",
        Sem::AcqRel => "acq_rel",
    };
    let sc = |s: &Option<Scope>| match s {
        None => String::new(),
        Some(Scope::Cta) => ".cta".into(),
        Some(Scope::Gpu) => ".gpu".into(),
        Some(Scope::Sys) => ".sys".into(),
    };
    let loc = |l: &u8| prog.locs[*l as usize].clone();
    let opnd = |o: &Opnd| match o {
        Opnd::Imm(v) => v.to_string(),
        Opnd::Reg(r) => format!("r#{r}"),
    };
    match op {
        MemOp::Load {
            sem: s,
            scope,
            loc: l,
            ..
        } => format!("ld.{}{} {}", sem(s), sc(scope), loc(l)),
        MemOp::Store {
            sem: s,
            scope,
            loc: l,
            val,
        } => format!("st.{}{} {}, {}", sem(s), sc(scope), loc(l), opnd(val)),
        MemOp::Rmw {
            sem: s,
            scope,
            op,
            loc: l,
            ..
        } => format!("atom.{}{}.{op:?} {}", sem(s), sc(scope), loc(l)).to_lowercase(),
        MemOp::Fence { kind, scope } => format!("fence.{kind:?}{}", sc(scope)).to_lowercase(),
    }
}
