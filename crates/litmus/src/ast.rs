//! The syntax tree of one PTX litmus test (Dat3M's format).
//!
//! Every node that a user may be told about keeps its [`Span`].

use relprove_engine::diag::Span;

/// One parsed litmus test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// The architecture word of the header (`PTX`).
    pub arch: String,
    pub name: String,
    pub name_span: Span,
    /// Initial values of memory locations, in order of appearance.
    pub init_locs: Vec<(String, i64, Span)>,
    /// Initial values of registers: (thread, register, value).
    pub init_regs: Vec<(usize, String, i64, Span)>,
    /// Proxy alias declarations (`y @ surface aliases x`), in order.
    pub aliases: Vec<Alias>,
    pub threads: Vec<Thread>,
    pub cond: Condition,
}

/// One thread column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// `P<id>`.
    pub id: usize,
    pub cta: u32,
    pub gpu: u32,
    /// An x86-TSO thread (`P0@x86`, or every thread of an `X86` test): only
    /// the operational compound model (`op:lost-pop`) runs these.
    pub x86: bool,
    pub span: Span,
    pub instrs: Vec<Instr>,
}

/// Memory-order qualifier of a load, store or read-modify-write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sem {
    Weak,
    Relaxed,
    Acquire,
    Release,
    AcqRel,
}

/// A memory proxy (PTX 7.5): the path an access takes to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Proxy {
    Generic,
    Surface,
    Texture,
    Constant,
}

impl Proxy {
    pub fn word(self) -> &'static str {
        match self {
            Proxy::Generic => "generic",
            Proxy::Surface => "surface",
            Proxy::Texture => "texture",
            Proxy::Constant => "constant",
        }
    }
}

/// `name @ proxy aliases target`: a virtual address `name` for the physical
/// location of `target`. A `generic` alias is a virtual address of its own;
/// a surface/texture/constant alias shares the generic (virtual) address of
/// its target (Dat3M's reading of the declaration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    pub name: String,
    pub proxy: Proxy,
    pub target: String,
    pub span: Span,
}

/// Scope qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    Cta,
    Gpu,
    Sys,
}

/// Fence strength (`fence.sc`, `fence.acq_rel`, `fence.acquire`, `fence.release`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FenceKind {
    Sc,
    AcqRel,
    Acquire,
    Release,
}

/// Read-modify-write operation of `atom` / `red`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RmwOp {
    Add,
    Sub,
    Exch,
    Cas,
    And,
    Or,
    Xor,
    Min,
    Max,
    Inc,
    Dec,
}

/// Register arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

/// A register or an integer constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    Reg(String),
    Imm(i64),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instr {
    pub kind: InstrKind,
    /// The whole instruction text.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstrKind {
    /// `ld{.sem}{.scope} r, x` (generic proxy); `suld`, `tld`, `cold` are
    /// loads through the surface, texture and constant proxies.
    /// `ld.volatile` is `Relaxed`/`Sys`.
    Load {
        proxy: Proxy,
        sem: Sem,
        scope: Option<Scope>,
        dst: String,
        loc: String,
    },
    /// `st{.sem}{.scope} x, v`; `sust` stores through the surface proxy.
    Store {
        proxy: Proxy,
        sem: Sem,
        scope: Option<Scope>,
        loc: String,
        val: Operand,
    },
    /// `atom{.sem}{.scope}.op r, x, a{, b}` (`dst = None` for `red`).
    Rmw {
        proxy: Proxy,
        sem: Sem,
        scope: Option<Scope>,
        op: RmwOp,
        dst: Option<String>,
        loc: String,
        args: Vec<Operand>,
    },
    /// `fence.kind{.scope}`; `membar.s` is `fence.sc.s`.
    Fence {
        kind: FenceKind,
        scope: Option<Scope>,
    },
    /// `fence.proxy.P` (`Some(P)`) or `fence.proxy.alias` (`None`).
    ProxyFence(Option<Proxy>),
    /// `bar{.cta}.sync I{, id{, count}}` (`arrive = false`) or
    /// `bar{.cta}.arrive ...`, read as Dat3M does: `I` names the barrier
    /// instance; with `id` it is a named barrier on resource `id` (a
    /// register or constant), with `count` it completes as soon as `count`
    /// threads have arrived.
    Barrier {
        arrive: bool,
        inst: i64,
        res: Option<Operand>,
        quorum: Option<Operand>,
    },
    /// `mov r, v` and `ld r, N` (load of a constant).
    Mov {
        dst: String,
        src: Operand,
    },
    /// `add r, a, b` etc.
    Arith {
        op: ArithOp,
        dst: String,
        a: Operand,
        b: Operand,
    },
    Label(String),
    Goto(String),
    /// `beq a, b, L` (`eq = true`) / `bne a, b, L`.
    Branch {
        eq: bool,
        a: Operand,
        b: Operand,
        target: String,
    },
}

/// `exists`, `~exists` or `forall`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Quant {
    Exists,
    NotExists,
    Forall,
}

impl Quant {
    pub fn keyword(self) -> &'static str {
        match self {
            Quant::Exists => "exists",
            Quant::NotExists => "~exists",
            Quant::Forall => "forall",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub quant: Quant,
    pub prop: Prop,
    pub span: Span,
}

/// A term of a condition: a final register value, a final memory value or a
/// constant.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Term {
    Reg(usize, String),
    Loc(String),
    Const(i64),
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Term::Reg(t, r) => write!(f, "{t}:{r}"),
            Term::Loc(x) => write!(f, "{x}"),
            Term::Const(c) => write!(f, "{c}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prop {
    True,
    False,
    Eq(Term, Term),
    Ne(Term, Term),
    Not(Box<Prop>),
    And(Box<Prop>, Box<Prop>),
    Or(Box<Prop>, Box<Prop>),
}

impl Prop {
    /// The observed variables (registers and locations), in first-use order,
    /// without duplicates.
    pub fn vars(&self) -> Vec<Term> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out
    }
    fn collect(&self, out: &mut Vec<Term>) {
        let mut add = |t: &Term| {
            if !matches!(t, Term::Const(_)) && !out.contains(t) {
                out.push(t.clone());
            }
        };
        match self {
            Prop::True | Prop::False => {}
            Prop::Eq(a, b) | Prop::Ne(a, b) => {
                add(a);
                add(b);
            }
            Prop::Not(p) => p.collect(out),
            Prop::And(p, q) | Prop::Or(p, q) => {
                p.collect(out);
                q.collect(out);
            }
        }
    }

    /// Evaluate under a valuation of the observed variables.
    pub fn eval(&self, val: &dyn Fn(&Term) -> i64) -> bool {
        let v = |t: &Term| match t {
            Term::Const(c) => *c,
            t => val(t),
        };
        match self {
            Prop::True => true,
            Prop::False => false,
            Prop::Eq(a, b) => v(a) == v(b),
            Prop::Ne(a, b) => v(a) != v(b),
            Prop::Not(p) => !p.eval(val),
            Prop::And(p, q) => p.eval(val) && q.eval(val),
            Prop::Or(p, q) => p.eval(val) || q.eval(val),
        }
    }
}

impl Prop {
    /// Three-valued evaluation over a partial valuation (`None`: not known
    /// yet): `Some(b)` when every completion of the valuation gives `b`.
    /// Operational models use it to stop exploring a branch whose side of
    /// the condition is already decided.
    pub fn eval_partial(&self, val: &dyn Fn(&Term) -> Option<i64>) -> Option<bool> {
        let v = |t: &Term| match t {
            Term::Const(c) => Some(*c),
            t => val(t),
        };
        match self {
            Prop::True => Some(true),
            Prop::False => Some(false),
            Prop::Eq(a, b) => Some(v(a)? == v(b)?),
            Prop::Ne(a, b) => Some(v(a)? != v(b)?),
            Prop::Not(p) => p.eval_partial(val).map(|b| !b),
            Prop::And(p, q) => match (p.eval_partial(val), q.eval_partial(val)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            Prop::Or(p, q) => match (p.eval_partial(val), q.eval_partial(val)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
        }
    }
}

impl std::fmt::Display for Prop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Prop::True => write!(f, "true"),
            Prop::False => write!(f, "false"),
            Prop::Eq(a, b) => write!(f, "{a}={b}"),
            Prop::Ne(a, b) => write!(f, "{a}!={b}"),
            Prop::Not(p) => write!(f, "not ({p})"),
            Prop::And(p, q) => write!(f, "{} /\\ {}", Paren(p), Paren(q)),
            Prop::Or(p, q) => write!(f, "{} \\/ {}", Paren(p), Paren(q)),
        }
    }
}

struct Paren<'a>(&'a Prop);
impl std::fmt::Display for Paren<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Prop::And(..) | Prop::Or(..) => write!(f, "({})", self.0),
            p => write!(f, "{p}"),
        }
    }
}
