//! The typed intermediate representation shared by every stage after
//! resolution: bounds/translate (checking), export (Coq, Lean), rewrite (egg)
//! and litmus.
//!
//! A [`Model`] is a fully resolved Alloy model: all opened modules have been
//! loaded and instantiated (module parameters replaced by the sigs passed for
//! them), every name has been bound to an id, and every expression carries its
//! arity. Nothing here refers back to the syntax tree except through spans.
//!
//! Conventions:
//! * Ids index the vectors of [`Model`] (`model.sigs[id.0]`, or `model.sig(id)`).
//! * Vectors are in source order (module load order, then declaration order),
//!   so iterating them is deterministic.
//! * `this` inside a sig's field declarations and sig facts is an ordinary
//!   [`VarId`] recorded on the field / fact.
//! * Predicate and function calls are kept as calls ([`ExprKind::Call`],
//!   [`FormulaKind::Call`]) so that exports can print them by name; the
//!   translator inlines them.

use crate::diag::Span;

pub mod display;
pub mod remap;

macro_rules! id_type {
    ($($name:ident),*) => {$(
        /// A typed index into the matching vector of `Model` (`model.sigs[id.0]`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The id as a `usize` index.
            pub fn index(self) -> usize { self.0 as usize }
        }
    )*};
}
id_type!(ModuleId, SigId, FieldId, VarId, PredId, FunId, AssertId, FactId, CommandId);

/// A resolved model: the root module and everything it opens.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// Module instances, the root first. A module opened twice with the same
    /// arguments is one instance.
    pub modules: Vec<Module>,
    /// The declared sigs of every module instance (built-ins such as `Int` and
    /// `univ` are not sigs here), indexed by `SigId`.
    pub sigs: Vec<Sig>,
    /// The fields of every sig, indexed by `FieldId`.
    pub fields: Vec<Field>,
    /// Every bound variable of the model (quantifier, comprehension, let,
    /// parameter, `this`), each with a unique id.
    pub vars: Vec<Var>,
    /// Every fact, including sig facts (see `FactOrigin`), indexed by `FactId`.
    pub facts: Vec<Fact>,
    /// The predicates, indexed by `PredId`.
    pub preds: Vec<Pred>,
    /// The functions, indexed by `FunId`.
    pub funs: Vec<Fun>,
    /// The assertions, indexed by `AssertId`.
    pub asserts: Vec<Assert>,
    /// The commands of the root module only (Alloy ignores commands of
    /// opened modules).
    pub commands: Vec<Command>,
    /// The module instances read from relprove's own library
    /// (`lib/util/*.als`), not from a copy next to the model: bounds rely
    /// on their exact contents (util/ordering's order becomes exact bounds).
    pub library_modules: Vec<ModuleId>,
}

impl Model {
    /// The module instance with this id.
    pub fn module(&self, id: ModuleId) -> &Module {
        &self.modules[id.index()]
    }
    /// The sig with this id.
    pub fn sig(&self, id: SigId) -> &Sig {
        &self.sigs[id.index()]
    }
    /// The field with this id.
    pub fn field(&self, id: FieldId) -> &Field {
        &self.fields[id.index()]
    }
    /// The bound variable with this id.
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.index()]
    }
    /// The predicate with this id.
    pub fn pred(&self, id: PredId) -> &Pred {
        &self.preds[id.index()]
    }
    /// The function with this id.
    pub fn fun(&self, id: FunId) -> &Fun {
        &self.funs[id.index()]
    }
    /// The assertion with this id.
    pub fn assert(&self, id: AssertId) -> &Assert {
        &self.asserts[id.index()]
    }
    /// Every sig id, in order.
    pub fn sig_ids(&self) -> impl Iterator<Item = SigId> {
        (0..self.sigs.len() as u32).map(SigId)
    }
    /// Every field id, in order.
    pub fn field_ids(&self) -> impl Iterator<Item = FieldId> {
        (0..self.fields.len() as u32).map(FieldId)
    }
    /// Direct children (`extends`) of a sig, in declaration order.
    pub fn children(&self, id: SigId) -> impl Iterator<Item = SigId> + '_ {
        self.sig_ids()
            .filter(move |&s| self.sig(s).parent() == Some(id))
    }
    /// Top-level sigs: no `extends` parent and not a subset sig.
    pub fn top_level_sigs(&self) -> impl Iterator<Item = SigId> + '_ {
        self.sig_ids()
            .filter(move |&s| matches!(self.sig(s).kind, SigKind::TopLevel))
    }
    /// Fields declared in a sig, in declaration order.
    pub fn fields_of(&self, id: SigId) -> impl Iterator<Item = FieldId> + '_ {
        self.field_ids().filter(move |&f| self.field(f).sig == id)
    }
}

/// One instance of a module.
#[derive(Clone, Debug)]
pub struct Module {
    /// The name from its `module` header (or the file stem when it has none).
    pub name: String,
    /// Path of the file as given to / found by the loader.
    pub path: std::path::PathBuf,
    /// The prefix Alloy uses for this instance's sig labels in instances
    /// (`""` for the root, otherwise the module name, e.g. `"ptx"`).
    pub label_prefix: String,
    /// Formal parameters and the sig each was instantiated with.
    pub params: Vec<(String, SigId)>,
    /// The sigs passed for parameters declared `exactly` (as in
    /// `module util/ordering[exactly elem]`): Alloy makes their scopes exact.
    pub exact_params: Vec<SigId>,
    /// `open` statements of this module: (alias, the instance opened).
    pub opens: Vec<(String, ModuleId)>,
    /// The module header (an empty span at the start of the file when there is none).
    pub span: Span,
}

/// A declared sig.
#[derive(Clone, Debug)]
pub struct Sig {
    /// The name as declared (`Event`).
    pub name: String,
    /// The label Alloy shows for it and for its atoms (`ptx/Event`, or `Event`
    /// in the root module); atoms are `label$0`, `label$1`, ...
    pub label: String,
    /// The module instance that declares it.
    pub module: ModuleId,
    /// Top-level, `extends` or subset (`in`) sig.
    pub kind: SigKind,
    /// Declared `abstract`.
    pub is_abstract: bool,
    /// `one`/`lone`/`some sig`; `None` for a plain `sig`.
    pub mult: Option<Mult>,
    /// A subset sig with the built-in `Int` among its parents (`sig S in
    /// Int`, `sig S in A + Int`): its atoms may be integer atoms. Only
    /// meaningful with [`SigKind::Subset`].
    pub in_int: bool,
    /// Declared by `enum E { … }` (the enum itself): its util/ordering
    /// orders the members as written, as in the Analyzer.
    pub is_enum: bool,
    /// Where it is declared.
    pub span: Span,
}

impl Sig {
    /// The `extends` parent, if any (`None` for top-level and subset sigs).
    pub fn parent(&self) -> Option<SigId> {
        match self.kind {
            SigKind::Extends(p) => Some(p),
            _ => None,
        }
    }
}

/// How a sig relates to the sig hierarchy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SigKind {
    /// A top-level sig (no `extends`, not a subset sig).
    TopLevel,
    /// `sig S extends P`.
    Extends(SigId),
    /// `sig S in A + B`: a subset of the union of the named sigs.
    Subset(Vec<SigId>),
}

/// Multiplicity keywords (on sigs, declarations, arrows and formulas).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mult {
    /// `set`: any number.
    Set,
    /// `one`: exactly one.
    One,
    /// `lone`: zero or one.
    Lone,
    /// `some`: at least one.
    Some,
}

impl Mult {
    /// The keyword as written in Alloy.
    pub fn keyword(self) -> &'static str {
        match self {
            Mult::Set => "set",
            Mult::One => "one",
            Mult::Lone => "lone",
            Mult::Some => "some",
        }
    }
}

/// A field `f: bound` of sig `S`. The field relation has arity
/// `1 + bound.arity`; its first column is `S`.
#[derive(Clone, Debug)]
pub struct Field {
    /// The field name as declared.
    pub name: String,
    /// The sig that declares it (the relation's first column).
    pub sig: SigId,
    /// The declaration's right-hand side; it may mention `this_var` and other
    /// fields (dependent fields). Meaning: `all this: S | this.f in bound`,
    /// with the multiplicities of `decl`.
    pub decl: Decl,
    /// The `this` variable of the field's declaration (see `decl`).
    pub this_var: VarId,
    /// `disj f, g: ...`: the fields of one declaration (same
    /// [`Field::decl_group`]) have disjoint values for each atom of S.
    pub disj: bool,
    /// Fields declared together (`f, g: e`) share this number (the id of the
    /// declaration's first field); it is what groups `disj` fields, since
    /// their bounds are distinct expressions (each has its own `this`).
    pub decl_group: u32,
    /// `f: disj e`: distinct atoms of S have disjoint values of `f`.
    pub disj_values: bool,
    /// Arity of the whole field relation.
    pub arity: usize,
    /// Where it is declared.
    pub span: Span,
}

/// A declaration bound: `x: mult bound` (variables, parameters, field
/// right-hand sides, fun results).
#[derive(Clone, Debug)]
pub struct Decl {
    /// The leading multiplicity. For a unary bound Alloy's default is `one`;
    /// for a bound of higher arity it is `set`. The resolver fills in the
    /// default, so this is never ambiguous here.
    pub mult: Mult,
    /// May contain `Product` nodes with arrow multiplicities.
    pub bound: Expr,
}

/// A bound variable (see `Model::vars`).
#[derive(Clone, Debug)]
pub struct Var {
    /// The name as written.
    pub name: String,
    /// Arity of the variable's value.
    pub arity: usize,
    /// Where it is declared.
    pub span: Span,
}

/// A fact: a `fact` paragraph or a sig's appended fact block.
#[derive(Clone, Debug)]
pub struct Fact {
    /// `None` for an anonymous `fact { ... }`.
    pub name: Option<String>,
    /// The module instance that declares it.
    pub module: ModuleId,
    /// A `fact` paragraph or a sig fact.
    pub origin: FactOrigin,
    /// The constraint.
    pub body: Formula,
    /// Its declaration.
    pub span: Span,
}

/// Where a fact comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactOrigin {
    /// A `fact` paragraph.
    Paragraph,
    /// The appended block of `sig S {...} { F }`; the body has already been
    /// wrapped as `all this: S | F` (with field names meaning `this.field`).
    SigFact(SigId),
}

/// A parameter of a pred or fun.
#[derive(Clone, Debug)]
pub struct Param {
    /// The parameter's variable.
    pub var: VarId,
    /// Its declared bound.
    pub decl: Decl,
    /// `disj a, b: e`: the parameters of one `disj` declaration share this
    /// number (the declaration's index in the parameter list). It matters
    /// where the parameters are quantified: `run p` and `run f` skolemize
    /// them. A call binds its arguments and checks only their types.
    pub disj_group: Option<u32>,
}

/// The parameters as the declarations of `some params | ...`: one
/// [`QuantDecl`] per parameter, except that the parameters of one `disj`
/// declaration stay together so that their disjointness is not lost.
pub fn param_decls(params: &[Param]) -> Vec<QuantDecl> {
    let mut out: Vec<QuantDecl> = Vec::new();
    let mut last_group = None;
    for p in params {
        match (p.disj_group, out.last_mut()) {
            (Some(g), Some(d)) if last_group == Some(g) => d.vars.push(p.var),
            _ => out.push(QuantDecl {
                vars: vec![p.var],
                disj: p.disj_group.is_some(),
                mult: p.decl.mult,
                bound: p.decl.bound.clone(),
            }),
        }
        last_group = p.disj_group;
    }
    out
}

/// A `pred` declaration.
#[derive(Clone, Debug)]
pub struct Pred {
    /// The name as declared.
    pub name: String,
    /// The module instance that declares it.
    pub module: ModuleId,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The body.
    pub body: Formula,
    /// Its declaration.
    pub span: Span,
}

/// A `fun` declaration.
#[derive(Clone, Debug)]
pub struct Fun {
    /// The name as declared.
    pub name: String,
    /// The module instance that declares it.
    pub module: ModuleId,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The declared result bound (`fun f[...]: mult e`).
    pub result: Decl,
    /// The body: the value returned.
    pub body: Expr,
    /// Its declaration.
    pub span: Span,
}

/// An `assert` declaration.
#[derive(Clone, Debug)]
pub struct Assert {
    /// The name as declared.
    pub name: String,
    /// The module instance that declares it.
    pub module: ModuleId,
    /// The asserted formula.
    pub body: Formula,
    /// Its declaration.
    pub span: Span,
}

/// A `run` or `check` command of the root module.
#[derive(Clone, Debug)]
pub struct Command {
    /// The command's label: the assertion/predicate name, the name given to
    /// an inline block (`run sanity {...}`), or Alloy's `run$1`/`check$1`.
    pub name: String,
    /// `run` or `check`.
    pub kind: CommandKind,
    /// What is run or checked.
    pub target: CommandTarget,
    /// The `for ...` clause.
    pub scope: Scope,
    /// `expect 1` = an instance/counterexample is expected, `expect 0` = none.
    pub expect: Option<u8>,
    /// The command's source.
    pub span: Span,
}

/// The two kinds of command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// `check`: look for a counterexample to the target.
    Check,
    /// `run`: look for an instance of the target.
    Run,
}

/// What a command runs or checks.
#[derive(Clone, Debug)]
pub enum CommandTarget {
    /// A named assertion (`check A`).
    Assert(AssertId),
    /// A named predicate (`run p`).
    Pred(PredId),
    /// `run { F }` / `check { F }` with an inline block (already resolved).
    Inline(Formula),
}

/// The largest integer bitwidth relprove supports (`for ... 16 Int`): the
/// bounds hold one atom per integer, 2^bitwidth of them.
pub const MAX_BITWIDTH: u32 = 16;

/// `for N but M S, exactly K T` plus bitwidth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    /// `for N`; `None` means Alloy's default (3).
    pub overall: Option<u32>,
    /// `for ... N Int` / `N int`: the bitwidth; `None` = default (4).
    pub bitwidth: Option<u32>,
    /// `for ... N seq`: the longest sequence; `None` = Alloy's default (the
    /// overall scope, else 4, at most the largest integer).
    pub seq: Option<u32>,
    /// Per-sig scopes (`but M S`, `exactly K T`).
    pub sigs: Vec<SigScope>,
}

impl Scope {
    /// The longest sequence (`seq/Int` is `0 .. maxseq-1`), as the Alloy
    /// Analyzer computes it: `for N seq` if given, else the overall scope,
    /// else 4; never above the largest integer of the bitwidth.
    pub fn maxseq(&self) -> u32 {
        let bw = self.bitwidth.unwrap_or(4).clamp(1, 31);
        let max_int = (1u32 << (bw - 1)) - 1;
        self.seq.or(self.overall).unwrap_or(4).min(max_int)
    }
}

/// The scope of one sig in a command's `for` clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigScope {
    /// The sig scoped.
    pub sig: SigId,
    /// The number of atoms.
    pub count: u32,
    /// `exactly`: the sig has exactly `count` atoms, not at most.
    pub exact: bool,
    /// Where the scope is written.
    pub span: Span,
}

/// A relational expression. `arity` is 0 never: integer-valued terms are
/// [`IntExpr`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Number of columns of its value (at least 1).
    pub arity: usize,
    /// Where it is written.
    pub span: Span,
}

/// The forms of a relational expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    /// A sig, as a unary set.
    Sig(SigId),
    /// A field, as its whole relation.
    Field(FieldId),
    /// A bound variable.
    Var(VarId),
    /// All atoms (integers included).
    Univ,
    /// Identity over all atoms.
    Iden,
    /// The empty set of the expression's arity.
    None,
    /// `Int`: the set of integer atoms.
    IntAtoms,
    /// `seq/Int`: the integer atoms `0 .. maxseq-1` of the command's
    /// sequence bound (`for N seq`; see [`Scope::seq`]).
    SeqIdx,
    /// `a + b`, union.
    Union(Box<Expr>, Box<Expr>),
    /// `a & b`, intersection.
    Intersection(Box<Expr>, Box<Expr>),
    /// `a - b`, difference.
    Difference(Box<Expr>, Box<Expr>),
    /// `a.b` (also the result of box join `b[a]`).
    Join(Box<Expr>, Box<Expr>),
    /// `a m1 -> m2 b`; both multiplicities are `Set` for a plain arrow.
    /// Non-`Set` multiplicities are constraints and are meaningful only on the
    /// right of `in` / in declarations.
    Product {
        /// Left operand.
        lhs: Box<Expr>,
        /// Multiplicity on the left of the arrow.
        lmult: Mult,
        /// Multiplicity on the right of the arrow.
        rmult: Mult,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `a ++ b`.
    Override(Box<Expr>, Box<Expr>),
    /// `s <: r`.
    DomainRestrict(Box<Expr>, Box<Expr>),
    /// `r :> s`.
    RangeRestrict(Box<Expr>, Box<Expr>),
    /// `~r` (binary only).
    Transpose(Box<Expr>),
    /// `^r` (binary only).
    Closure(Box<Expr>),
    /// `*r` (binary only): `^r + iden`.
    ReflexiveClosure(Box<Expr>),
    /// `{x: A, y: B | F}`.
    Comprehension {
        /// The bound variables and their bounds.
        decls: Vec<QuantDecl>,
        /// The condition on each tuple.
        body: Box<Formula>,
    },
    /// A function call, arguments in parameter order (a bare `f` with no
    /// parameters is a call with no arguments).
    Call(FunId, Vec<Expr>),
    /// `F => a else b`.
    IfThenElse(Box<Formula>, Box<Expr>, Box<Expr>),
    /// `let x = e | body`: the variable, its value, the body.
    Let(VarId, Box<Expr>, Box<Expr>),
    /// An integer used as a set (`Int[e]`, or an integer where a set is
    /// expected): the singleton integer atom, or empty when out of range.
    IntToAtom(Box<IntExpr>),
}

/// `disj x, y: mult bound` in a quantifier or comprehension.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QuantDecl {
    /// The variables declared together.
    pub vars: Vec<VarId>,
    /// `disj`: the variables take distinct values.
    pub disj: bool,
    /// The multiplicity (`one` for an ordinary quantified variable).
    pub mult: Mult,
    /// The bound the variables range over.
    pub bound: Expr,
}

/// An integer-valued expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntExpr {
    /// What the expression is.
    pub kind: IntExprKind,
    /// Where it is written.
    pub span: Span,
}

/// The forms of an integer expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntExprKind {
    /// An integer literal.
    Lit(i64),
    /// `#e`.
    Card(Box<Expr>),
    /// The sum of the integer atoms in a set (`sum e`, or an `Int`-valued
    /// set used as a number, e.g. `r.value = 0`).
    Sum(Box<Expr>),
    /// `plus[a, b]`.
    Add(Box<IntExpr>, Box<IntExpr>),
    /// `minus[a, b]`.
    Sub(Box<IntExpr>, Box<IntExpr>),
    /// `mul[a, b]`.
    Mul(Box<IntExpr>, Box<IntExpr>),
    /// `div[a, b]`.
    Div(Box<IntExpr>, Box<IntExpr>),
    /// `rem[a, b]`.
    Rem(Box<IntExpr>, Box<IntExpr>),
    /// `-a`, negation.
    Neg(Box<IntExpr>),
    /// `a << b`, `a >> b`, `a >>> b` on the command's bitwidth.
    Shift(Shift, Box<IntExpr>, Box<IntExpr>),
    /// `F => a else b`.
    IfThenElse(Box<Formula>, Box<IntExpr>, Box<IntExpr>),
    /// `let x = e | body`: the variable, its value, the body.
    Let(VarId, Box<Expr>, Box<IntExpr>),
    /// `sum x: A, y: B | e`: the sum of `e` over every binding (each
    /// declaration `one`, as Alloy requires).
    SumOver(Vec<QuantDecl>, Box<IntExpr>),
}

/// Alloy's shifts, as Kodkod computes them: only the low `ceil(log2(bw))`
/// bits of the shift amount count, and bits shifted past the bitwidth are
/// lost (see [`shift`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shift {
    /// `<<`
    Left,
    /// `>>`: the sign bit fills.
    RightArithmetic,
    /// `>>>`: zeros fill.
    RightLogical,
}

impl Shift {
    /// The operator as written in Alloy.
    pub fn symbol(self) -> &'static str {
        match self {
            Shift::Left => "<<",
            Shift::RightArithmetic => ">>",
            Shift::RightLogical => ">>>",
        }
    }
}

/// The value of `a <op> b` at bitwidth `bw` (a and b already in range):
/// the reference semantics the evaluator uses and the translator's circuit
/// implements (Kodkod's `TwosComplementInt.shl/shr/sha`).
pub fn shift(op: Shift, a: i64, b: i64, bw: u32) -> i64 {
    let bw = bw.clamp(1, 63);
    // bits of the amount that count: ceil(log2(bw)); none at bitwidth 1
    let amount_bits = 32 - (bw - 1).leading_zeros();
    let s = (b as u64 & ((1u64 << amount_bits) - 1)) as u32;
    let mask = (1u64 << bw) - 1;
    let ua = a as u64 & mask;
    let r = if s >= bw {
        match op {
            Shift::RightArithmetic if a < 0 => mask,
            _ => 0,
        }
    } else {
        match op {
            Shift::Left => (ua << s) & mask,
            Shift::RightLogical => ua >> s,
            Shift::RightArithmetic => {
                let fill = if a < 0 { mask & !(mask >> s) } else { 0 };
                (ua >> s) | fill
            }
        }
    };
    // back to two's complement at bw bits
    if r >> (bw - 1) & 1 == 1 {
        (r | !mask) as i64
    } else {
        r as i64
    }
}

/// A formula (a boolean constraint).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Formula {
    /// What the formula is.
    pub kind: FormulaKind,
    /// Where it is written.
    pub span: Span,
}

/// The forms of a formula.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FormulaKind {
    /// Always true.
    True,
    /// Always false.
    False,
    /// `a in b` (b may carry arrow multiplicities).
    In(Box<Expr>, Box<Expr>),
    /// `a = b`.
    Eq(Box<Expr>, Box<Expr>),
    /// `no/some/lone/one e` (`Set` is not used here).
    Mult(Mult, Box<Expr>),
    /// An integer comparison (`a < b`, `a = b`, ...).
    IntCmp(IntCmp, Box<IntExpr>, Box<IntExpr>),
    /// `!F`, negation.
    Not(Box<Formula>),
    /// `F && G && ...` (also a block `{ F G }`).
    And(Vec<Formula>),
    /// `F || G || ...`.
    Or(Vec<Formula>),
    /// `F => G`.
    Implies(Box<Formula>, Box<Formula>),
    /// `F <=> G`.
    Iff(Box<Formula>, Box<Formula>),
    /// `C => F else G`.
    IfThenElse(Box<Formula>, Box<Formula>, Box<Formula>),
    /// `all/some/no/lone/one x: A | F`.
    Quant(Quant, Vec<QuantDecl>, Box<Formula>),
    /// A predicate call, arguments in parameter order.
    Call(PredId, Vec<Expr>),
    /// `let x = e | F`: the variable, its value, the body.
    Let(VarId, Box<Expr>, Box<Formula>),
}

/// Quantifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quant {
    /// `all`.
    All,
    /// `some`.
    Some,
    /// `no`.
    No,
    /// `lone`.
    Lone,
    /// `one`.
    One,
}

/// Integer comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntCmp {
    /// `=`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `=<` (less than or equal).
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl Expr {
    /// Whether a declaration bound carries arrow multiplicities
    /// (`A -> lone B`), which are constraints, not part of its value.
    pub fn has_arrow_mults(&self) -> bool {
        match &self.kind {
            ExprKind::Product {
                lhs,
                lmult,
                rmult,
                rhs,
            } => {
                *lmult != Mult::Set
                    || *rmult != Mult::Set
                    || lhs.has_arrow_mults()
                    || rhs.has_arrow_mults()
            }
            _ => false,
        }
    }

    /// `lhs lmult -> rmult rhs`, of the summed arity.
    pub fn product(lhs: Expr, lmult: Mult, rmult: Mult, rhs: Expr, span: Span) -> Expr {
        let arity = lhs.arity + rhs.arity;
        let kind = ExprKind::Product {
            lhs: Box::new(lhs),
            lmult,
            rmult,
            rhs: Box::new(rhs),
        };
        Expr::new(kind, arity, span)
    }

    /// An expression of the given kind, arity and span.
    pub fn new(kind: ExprKind, arity: usize, span: Span) -> Expr {
        Expr { kind, arity, span }
    }
}

impl Formula {
    /// A formula of the given kind and span.
    pub fn new(kind: FormulaKind, span: Span) -> Formula {
        Formula { kind, span }
    }
}
