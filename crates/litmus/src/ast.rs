//! The syntax tree of one PTX litmus test (Dat3M's format).
//!
//! Every node that a user may be told about keeps its [`Span`].

use relprove_engine::diag::Span;

/// One parsed litmus test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// The architecture word of the header (`PTX`).
    pub arch: String,
    /// The test's name (the word after the architecture in the header).
    pub name: String,
    /// Where the test's name is in the source.
    pub name_span: Span,
    /// Initial values of memory locations, in order of appearance.
    pub init_locs: Vec<(String, i64, Span)>,
    /// Initial values of registers: (thread, register, value).
    pub init_regs: Vec<(usize, String, i64, Span)>,
    /// Proxy alias declarations (`y @ surface aliases x`), in order.
    pub aliases: Vec<Alias>,
    /// The thread columns, in order (`P0`, `P1`, ...).
    pub threads: Vec<Thread>,
    /// The final condition (`exists`, `~exists` or `forall`).
    pub cond: Condition,
}

/// One thread column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// `P<id>`.
    pub id: usize,
    /// The CTA the thread runs in (`cta N` of its header, 0 if absent).
    pub cta: u32,
    /// The GPU the thread runs on (`gpu N` of its header, 0 if absent).
    pub gpu: u32,
    /// An x86-TSO thread (`P0@x86`, or every thread of an `X86` test): only
    /// the operational compound model (`op:lost-pop`) runs these.
    pub x86: bool,
    /// The thread's header cell.
    pub span: Span,
    /// The thread's instructions, top to bottom.
    pub instrs: Vec<Instr>,
}

/// Memory-order qualifier of a load, store or read-modify-write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sem {
    /// `.weak` (also the default of an unqualified `ld`/`st`).
    Weak,
    /// `.relaxed` (also `.volatile`, and the default of `atom`/`red`).
    Relaxed,
    /// `.acquire`.
    Acquire,
    /// `.release`.
    Release,
    /// `.acq_rel`.
    AcqRel,
}

/// A memory proxy (PTX 7.5): the path an access takes to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Proxy {
    /// The generic proxy (`ld`, `st`, `atom`, `red`).
    Generic,
    /// The surface proxy (`suld`, `sust`).
    Surface,
    /// The texture proxy (`tld`).
    Texture,
    /// The constant proxy (`cold`).
    Constant,
}

impl Proxy {
    /// The proxy's name as written in tests (`generic`, `surface`, ...).
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
    /// The declared virtual address.
    pub name: String,
    /// The proxy the alias is declared for.
    pub proxy: Proxy,
    /// The location (or earlier alias) it aliases.
    pub target: String,
    /// The declaration in the init block.
    pub span: Span,
}

/// Scope qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    /// `.cta`: the threads of one CTA.
    Cta,
    /// `.gpu` (also `membar.gl`): the threads of one GPU.
    Gpu,
    /// `.sys`: every thread of the system.
    Sys,
}

/// Fence strength (`fence.sc`, `fence.acq_rel`, `fence.acquire`, `fence.release`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FenceKind {
    /// `fence.sc` (also `membar` and x86's `mfence`).
    Sc,
    /// `fence.acq_rel` (also a `fence` that names no strength).
    AcqRel,
    /// `fence.acquire`.
    Acquire,
    /// `fence.release`.
    Release,
}

/// Read-modify-write operation of `atom` / `red`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RmwOp {
    /// `.add`: adds the operand.
    Add,
    /// `.sub`: subtracts the operand.
    Sub,
    /// `.exch`: stores the operand (`atom` only).
    Exch,
    /// `.cas`: stores the second operand if the old value equals the first
    /// (`atom` only).
    Cas,
    /// `.and`: bitwise and.
    And,
    /// `.or`: bitwise or.
    Or,
    /// `.xor`: bitwise exclusive or.
    Xor,
    /// `.min`: the minimum of the old value and the operand.
    Min,
    /// `.max`: the maximum of the old value and the operand.
    Max,
    /// `.inc`: increments, or stores 0 when the old value is at least the
    /// operand.
    Inc,
    /// `.dec`: decrements, or stores the operand when the old value is 0 or
    /// above it.
    Dec,
}

/// Register arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ArithOp {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `mul`.
    Mul,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `xor`.
    Xor,
}

/// A register or an integer constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A register (`r<digits>`).
    Reg(String),
    /// An integer constant (decimal or `0x` hexadecimal).
    Imm(i64),
}

/// One instruction of a thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instr {
    /// What the instruction is.
    pub kind: InstrKind,
    /// The whole instruction text.
    pub span: Span,
}

/// The instructions of the supported PTX subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstrKind {
    /// `ld{.sem}{.scope} r, x` (generic proxy); `suld`, `tld`, `cold` are
    /// loads through the surface, texture and constant proxies.
    /// `ld.volatile` is `Relaxed`/`Sys`.
    Load {
        /// The proxy the load goes through.
        proxy: Proxy,
        /// Memory-order qualifier.
        sem: Sem,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
        /// The register loaded into.
        dst: String,
        /// The location read.
        loc: String,
    },
    /// `st{.sem}{.scope} x, v`; `sust` stores through the surface proxy.
    Store {
        /// The proxy the store goes through.
        proxy: Proxy,
        /// Memory-order qualifier.
        sem: Sem,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
        /// The location written.
        loc: String,
        /// The value stored.
        val: Operand,
    },
    /// `atom{.sem}{.scope}.op r, x, a{, b}` (`dst = None` for `red`).
    Rmw {
        /// The proxy the access goes through (`atom`/`red` are generic).
        proxy: Proxy,
        /// Memory-order qualifier (never `Weak`).
        sem: Sem,
        /// Scope qualifier, if written.
        scope: Option<Scope>,
        /// The operation.
        op: RmwOp,
        /// The register that receives the old value (`None` for `red`).
        dst: Option<String>,
        /// The location updated.
        loc: String,
        /// The operands after the location (two for `cas`, one otherwise).
        args: Vec<Operand>,
    },
    /// `fence.kind{.scope}`; `membar.s` is `fence.sc.s`.
    Fence {
        /// Fence strength.
        kind: FenceKind,
        /// Scope qualifier, if written.
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
        /// `true` for `.arrive` (does not wait), `false` for `.sync`.
        arrive: bool,
        /// The barrier instance `I`.
        inst: i64,
        /// The barrier resource `id`, if given.
        res: Option<Operand>,
        /// The thread count `count`, if given.
        quorum: Option<Operand>,
    },
    /// `mov r, v` and `ld r, N` (load of a constant).
    Mov {
        /// The register written.
        dst: String,
        /// The value moved.
        src: Operand,
    },
    /// `add r, a, b` etc.
    Arith {
        /// The operation.
        op: ArithOp,
        /// The register written.
        dst: String,
        /// First operand.
        a: Operand,
        /// Second operand.
        b: Operand,
    },
    /// `L:`: a branch target.
    Label(String),
    /// `goto L` / `bra L`: an unconditional jump.
    Goto(String),
    /// `beq a, b, L` (`eq = true`) / `bne a, b, L`.
    Branch {
        /// `true` for `beq`, `false` for `bne`.
        eq: bool,
        /// First operand compared.
        a: Operand,
        /// Second operand compared.
        b: Operand,
        /// The label jumped to when the comparison holds.
        target: String,
    },
}

/// `exists`, `~exists` or `forall`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Quant {
    /// `exists`: some execution satisfies the proposition.
    Exists,
    /// `~exists`: no execution satisfies the proposition.
    NotExists,
    /// `forall`: every execution satisfies the proposition.
    Forall,
}

impl Quant {
    /// The quantifier as written in tests.
    pub fn keyword(self) -> &'static str {
        match self {
            Quant::Exists => "exists",
            Quant::NotExists => "~exists",
            Quant::Forall => "forall",
        }
    }
}

/// The final condition of a test: a quantifier over a proposition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The quantifier.
    pub quant: Quant,
    /// The proposition over final values.
    pub prop: Prop,
    /// The condition's text.
    pub span: Span,
}

/// A term of a condition: a final register value, a final memory value or a
/// constant.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Term {
    /// `P1:r0`: a register of a thread (thread index, register name).
    Reg(usize, String),
    /// `x`: a memory location.
    Loc(String),
    /// An integer constant.
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

/// A proposition of a condition over final values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prop {
    /// `true`.
    True,
    /// `false`.
    False,
    /// `a == b` (or `a = b`).
    Eq(Term, Term),
    /// `a != b`.
    Ne(Term, Term),
    /// `~p` (or `!p`, `not p`).
    Not(Box<Prop>),
    /// `p /\ q` (or `p && q`).
    And(Box<Prop>, Box<Prop>),
    /// `p \/ q` (or `p || q`).
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
