//! The values of a lowered litmus test: symbolic terms over the values
//! that reads return ([`Sym`], with the operators of RMWs and arithmetic,
//! [`Op`]), the Alloy atom naming a value ([`val_atom`]), and how an
//! observed variable's final value is read off a solution ([`ObsEval`]).
//! Data shared by the lowering (`lower`) and the execution it builds
//! (`execution`).

use std::collections::BTreeSet;

/// A value: a constant, the value read by event `i` of the same path, or
/// an operation on two values.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sym {
    /// A constant.
    Const(i64),
    /// The value read by event `i` of the same path.
    Read(usize),
    /// An operation on two values.
    Op(Op, Box<Sym>, Box<Sym>),
}

/// The arithmetic of litmus instructions (on 64-bit values, wrapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Op {
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a * b`
    Mul,
    /// bitwise and
    And,
    /// bitwise or
    Or,
    /// bitwise exclusive or
    Xor,
    /// the smaller
    Min,
    /// the larger
    Max,
    /// CUDA atomicInc: `old >= b ? 0 : old + 1`.
    Inc,
    /// CUDA atomicDec: `old == 0 || old > b ? b : old - 1`.
    Dec,
}

impl Op {
    /// `a op b`.
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            Op::Add => a.wrapping_add(b),
            Op::Sub => a.wrapping_sub(b),
            Op::Mul => a.wrapping_mul(b),
            Op::And => a & b,
            Op::Or => a | b,
            Op::Xor => a ^ b,
            Op::Min => a.min(b),
            Op::Max => a.max(b),
            Op::Inc => {
                if a >= b {
                    0
                } else {
                    a + 1
                }
            }
            Op::Dec => {
                if a == 0 || a > b {
                    b
                } else {
                    a - 1
                }
            }
        }
    }
    pub(super) fn name(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::And => "and",
            Op::Or => "or",
            Op::Xor => "xor",
            Op::Min => "min",
            Op::Max => "max",
            Op::Inc => "inc",
            Op::Dec => "dec",
        }
    }
}

/// `a op b`, folded when both are constants.
pub(super) fn mk_op(op: Op, a: Sym, b: Sym) -> Sym {
    match (&a, &b) {
        (Sym::Const(x), Sym::Const(y)) => Sym::Const(op.apply(*x, *y)),
        _ => Sym::Op(op, Box::new(a), Box::new(b)),
    }
}

impl Sym {
    /// Evaluate with the given read values.
    pub fn eval(&self, read: &dyn Fn(usize) -> i64) -> i64 {
        match self {
            Sym::Const(c) => *c,
            Sym::Read(i) => read(*i),
            Sym::Op(op, a, b) => op.apply(a.eval(read), b.eval(read)),
        }
    }
    /// The read events the value depends on.
    pub fn reads(&self, out: &mut BTreeSet<usize>) {
        match self {
            Sym::Const(_) => {}
            Sym::Read(i) => {
                out.insert(*i);
            }
            Sym::Op(_, a, b) => {
                a.reads(out);
                b.reads(out);
            }
        }
    }
    pub(super) fn ops(&self, out: &mut BTreeSet<Op>) {
        if let Sym::Op(op, a, b) = self {
            out.insert(*op);
            a.ops(out);
            b.ops(out);
        }
    }
}

/// How an observed variable's final value is read off a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObsEval {
    /// A register of thread `t`: a term over that thread's read values.
    Reg(usize, Sym),
    /// A location with writes: the value of the write `lt_fin` picks.
    Loc(String),
    /// A location nobody writes: its initial value.
    Const(i64),
}

/// Alloy name of a value atom.
pub fn val_atom(v: i64) -> String {
    if v < 0 {
        format!("lt_vm{}", v.unsigned_abs())
    } else {
        format!("lt_v{v}")
    }
}
