//! The untyped syntax tree of one Alloy source file, exactly as written.
//!
//! Names are unresolved strings (possibly qualified: `hw/Event`); the
//! resolver ([`crate::resolve`]) binds them. Every node carries the span of
//! its source text.

use crate::diag::Span;

/// A (possibly qualified) name: `Event`, `hw/Event`, `util/ordering`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// The `/`-separated parts, at least one.
    pub parts: Vec<String>,
    /// The span of the whole name.
    pub span: Span,
}

impl Name {
    /// The name as written, parts joined with `/`.
    pub fn text(&self) -> String {
        self.parts.join("/")
    }
    /// Whether the name has more than one part (`a/b`).
    pub fn is_qualified(&self) -> bool {
        self.parts.len() > 1
    }
    /// The last part (`Event` in `hw/Event`).
    pub fn last(&self) -> &str {
        self.parts.last().map(String::as_str).unwrap_or("")
    }
}

/// An identifier declared somewhere (never qualified).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    /// The identifier as written.
    pub name: String,
    /// The span of the identifier.
    pub span: Span,
}

/// One parsed file.
#[derive(Clone, Debug)]
pub struct File {
    /// `module name[Param, exactly Param2]`, if present.
    pub header: Option<ModuleHeader>,
    /// The `open` declarations, in source order.
    pub opens: Vec<Open>,
    /// Sigs, facts, preds, funs, asserts, commands, enums and macros, in
    /// source order.
    pub paragraphs: Vec<Paragraph>,
    /// The first `seq e` declaration: Alloy then opens `util/sequniv as
    /// seq` implicitly (the resolver does the same).
    pub seq_use: Option<Span>,
    /// The first name written with a `$` (`A$`, `sig$`): the Analyzer then
    /// declares its meta sigs for every module (the resolver does the same).
    pub dollar_use: Option<Span>,
}

/// `module name[Param, exactly Param2]`: the module header of a file.
#[derive(Clone, Debug)]
pub struct ModuleHeader {
    /// The module's name.
    pub name: Name,
    /// Formal parameters (`exactly` is accepted and recorded).
    pub params: Vec<(Ident, bool)>,
    /// The whole header.
    pub span: Span,
}

/// `[private] open path[Args] [as alias]`.
#[derive(Clone, Debug)]
pub struct Open {
    /// The module path opened (`util/ordering`).
    pub path: Name,
    /// The arguments in `[...]`; empty if none.
    pub args: Vec<Name>,
    /// The alias after `as`, if any.
    pub alias: Option<Ident>,
    /// `private open`: the opened module's names are visible in this
    /// module only, not in the modules that open this one.
    pub private: bool,
    /// The whole declaration.
    pub span: Span,
}

/// A top-level paragraph of a file (everything but the header and opens).
#[derive(Clone, Debug)]
pub enum Paragraph {
    /// A `sig` declaration.
    Sig(SigDecl),
    /// A `fact`.
    Fact(FactDecl),
    /// A `pred`.
    Pred(PredDecl),
    /// A `fun`.
    Fun(FunDecl),
    /// An `assert`.
    Assert(AssertDecl),
    /// A `run` or `check` command.
    Command(CommandDecl),
    /// `enum E { A, B, C }`: sugar for an abstract sig with `one` children.
    Enum(EnumDecl),
    /// `let name[a, b] = e` (or `{ ... }`): a macro, expanded where used.
    Macro(MacroDecl),
}

/// `[private] let name[a, b] = e` (or `{ ... }`): a top-level macro.
#[derive(Clone, Debug)]
pub struct MacroDecl {
    /// The macro's name.
    pub name: Ident,
    /// The parameter names; empty if none.
    pub params: Vec<Ident>,
    /// The body, substituted for the macro at each use.
    pub body: Expr,
    /// `private let`.
    pub private: bool,
    /// The whole declaration.
    pub span: Span,
}

impl Expr {
    /// A copy with the unqualified names in `map` replaced by their
    /// expressions (macro expansion). As in the Analyzer, where a macro's
    /// arguments are resolved before its body: a binder of the body hides
    /// a parameter of its name, and a binder whose name an argument uses
    /// is renamed, so that the argument keeps its meaning.
    pub fn substitute(&self, map: &[(String, Expr)]) -> Expr {
        if map.is_empty() {
            return self.clone();
        }
        let sub = |e: &Expr| Box::new(e.substitute(map));
        let decls = |ds: &[ParamDecl]| -> (Vec<ParamDecl>, Vec<(String, Expr)>) {
            let mut map = map.to_vec();
            let mut out = Vec::new();
            for d in ds {
                let bound = DeclBound {
                    mult: d.bound.mult,
                    expr: d.bound.expr.substitute(&map),
                };
                let names = d.names.iter().map(|n| bind(n, &mut map)).collect();
                out.push(ParamDecl {
                    names,
                    bound,
                    ..d.clone()
                });
            }
            (out, map)
        };
        let kind = match &self.kind {
            ExprKind::Name(n) if n.parts.len() == 1 => {
                if let Some((_, e)) = map.iter().find(|(x, _)| *x == n.parts[0]) {
                    return e.clone();
                }
                self.kind.clone()
            }
            ExprKind::IntCast(x) => ExprKind::IntCast(sub(x)),
            ExprKind::Unary(op, x) => ExprKind::Unary(*op, sub(x)),
            ExprKind::Binary(op, x, y) => ExprKind::Binary(*op, sub(x), sub(y)),
            ExprKind::Arrow {
                lhs,
                lmult,
                rmult,
                rhs,
            } => ExprKind::Arrow {
                lhs: sub(lhs),
                lmult: *lmult,
                rmult: *rmult,
                rhs: sub(rhs),
            },
            ExprKind::Compare {
                op,
                negated,
                lhs,
                rhs,
            } => ExprKind::Compare {
                op: *op,
                negated: *negated,
                lhs: sub(lhs),
                rhs: sub(rhs),
            },
            ExprKind::BoxJoin(h, args) => {
                ExprKind::BoxJoin(sub(h), args.iter().map(|a| a.substitute(map)).collect())
            }
            ExprKind::Quant { q, decls: ds, body } => {
                let (decls, inner) = decls(ds);
                ExprKind::Quant {
                    q: *q,
                    decls,
                    body: Box::new(body.substitute(&inner)),
                }
            }
            ExprKind::Comprehension { decls: ds, body } => {
                let (decls, inner) = decls(ds);
                ExprKind::Comprehension {
                    decls,
                    body: Box::new(body.substitute(&inner)),
                }
            }
            ExprKind::Let { bindings, body } => {
                let mut inner = map.to_vec();
                let mut out = Vec::new();
                for (n, e) in bindings {
                    let e = e.substitute(&inner);
                    out.push((bind(n, &mut inner), e));
                }
                ExprKind::Let {
                    bindings: out,
                    body: Box::new(body.substitute(&inner)),
                }
            }
            ExprKind::IfThenElse(c, a, b) => ExprKind::IfThenElse(sub(c), sub(a), sub(b)),
            ExprKind::Block(b) => ExprKind::Block(Block {
                items: b.items.iter().map(|e| e.substitute(map)).collect(),
                span: b.span,
            }),
            k => k.clone(),
        };
        Expr {
            kind,
            span: self.span,
        }
    }
}

/// The binder `n` entered during a substitution by `map`: it hides the
/// parameter of its name, and is renamed (deterministically, from its
/// position) when an argument uses its name, so the argument is not
/// captured.
fn bind(n: &Ident, map: &mut Vec<(String, Expr)>) -> Ident {
    map.retain(|(x, _)| *x != n.name);
    if !map.iter().any(|(_, e)| e.mentions(&n.name)) {
        return n.clone();
    }
    let mut fresh = format!("{}#{}", n.name, n.span.start);
    while map.iter().any(|(_, e)| e.mentions(&fresh)) {
        fresh.push('#');
    }
    let renamed = Ident {
        name: fresh,
        span: n.span,
    };
    let var = Expr {
        kind: ExprKind::Name(Name {
            parts: vec![renamed.name.clone()],
            span: n.span,
        }),
        span: n.span,
    };
    map.push((n.name.clone(), var));
    renamed
}

impl Expr {
    /// Whether the unqualified name `x` occurs in `self` (free or bound:
    /// a cautious answer is enough for renaming).
    fn mentions(&self, x: &str) -> bool {
        let decls = |ds: &[ParamDecl]| {
            ds.iter()
                .any(|d| d.bound.expr.mentions(x) || d.names.iter().any(|n| n.name == x))
        };
        match &self.kind {
            ExprKind::Name(n) | ExprKind::AtName(n) => n.parts.len() == 1 && n.parts[0] == x,
            ExprKind::This
            | ExprKind::Univ
            | ExprKind::Iden
            | ExprKind::None
            | ExprKind::IntSet
            | ExprKind::IntLit(_) => false,
            ExprKind::IntCast(e) | ExprKind::Unary(_, e) => e.mentions(x),
            ExprKind::Binary(_, a, b)
            | ExprKind::Arrow { lhs: a, rhs: b, .. }
            | ExprKind::Compare { lhs: a, rhs: b, .. } => a.mentions(x) || b.mentions(x),
            ExprKind::BoxJoin(h, args) => h.mentions(x) || args.iter().any(|a| a.mentions(x)),
            ExprKind::Quant {
                decls: ds, body, ..
            }
            | ExprKind::Comprehension { decls: ds, body } => decls(ds) || body.mentions(x),
            ExprKind::Let { bindings, body } => {
                bindings.iter().any(|(n, e)| n.name == x || e.mentions(x)) || body.mentions(x)
            }
            ExprKind::IfThenElse(c, a, b) => c.mentions(x) || a.mentions(x) || b.mentions(x),
            ExprKind::Block(b) => b.items.iter().any(|e| e.mentions(x)),
        }
    }
}

/// `[private] [abstract] [one|lone|some] sig A, B [extends P | in Q] { fields }
/// [{ fact }]`.
#[derive(Clone, Debug)]
pub struct SigDecl {
    /// Several names in one declaration: `sig A, B extends C {}`.
    pub names: Vec<Ident>,
    /// `abstract sig`.
    pub is_abstract: bool,
    /// `one/lone/some sig`.
    pub mult: Option<SigMult>,
    /// `extends` or `in` parent(s), if any.
    pub ext: Option<SigExt>,
    /// `sig S = A + B`: a subset sig (`ext` is `In`) equal to the union.
    pub eq: bool,
    /// The fields of the `{ ... }` field block.
    pub fields: Vec<FieldDecl>,
    /// The appended fact block `{ ... }` after the field block, if any.
    pub fact: Option<Block>,
    /// `private sig`: not visible from other modules.
    pub private: bool,
    /// The whole declaration.
    pub span: Span,
}

/// The multiplicity keyword before `sig`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SigMult {
    /// `one sig`
    One,
    /// `lone sig`
    Lone,
    /// `some sig`
    Some,
}

/// The parent part of a sig declaration.
#[derive(Clone, Debug)]
pub enum SigExt {
    /// `extends P`.
    Extends(Name),
    /// `in A + B + C`.
    In(Vec<Name>),
}

/// `[disj] f, g: [disj] bound` inside a sig's field block.
#[derive(Clone, Debug)]
pub struct FieldDecl {
    /// The declared field names.
    pub names: Vec<Ident>,
    /// `disj` before the names.
    pub disj: bool,
    /// `disj` after the colon (distinct values per atom); Alloy accepts it.
    pub disj_bound: bool,
    /// The field's type: `[mult] expr`.
    pub bound: DeclBound,
    /// `private f: ...`: not visible from other modules.
    pub private: bool,
    /// The whole declaration.
    pub span: Span,
}

/// The right-hand side of a declaration: `[mult] expr` where `expr` may
/// contain arrow multiplicities.
#[derive(Clone, Debug)]
pub struct DeclBound {
    /// `set/one/lone/some` before the expression, if written.
    pub mult: Option<MultKw>,
    /// The bounding expression.
    pub expr: Expr,
}

/// A multiplicity keyword before a declaration's bound or around `->`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultKw {
    /// `set`
    Set,
    /// `one`
    One,
    /// `lone`
    Lone,
    /// `some`
    Some,
}

/// `fact [name] { ... }`.
#[derive(Clone, Debug)]
pub struct FactDecl {
    /// The fact's name, if given.
    pub name: Option<Ident>,
    /// The formulas of the fact.
    pub body: Block,
    /// The whole paragraph.
    pub span: Span,
}

/// `[private] pred [Recv.]name[params] { ... }`. Alloy also allows
/// `pred name(params)`; both forms are accepted.
#[derive(Clone, Debug)]
pub struct PredDecl {
    /// `pred Sig.name` receiver form; the receiver becomes a parameter `this`.
    pub receiver: Option<Name>,
    /// The predicate's name.
    pub name: Ident,
    /// The declared parameters.
    pub params: Vec<ParamDecl>,
    /// The formulas of the body.
    pub body: Block,
    /// `private pred`: not visible from other modules.
    pub private: bool,
    /// The whole paragraph.
    pub span: Span,
}

/// `[private] fun [Recv.]name[params]: result { expr }`.
#[derive(Clone, Debug)]
pub struct FunDecl {
    /// `fun Sig.name` receiver form, as for `PredDecl::receiver`.
    pub receiver: Option<Name>,
    /// The function's name.
    pub name: Ident,
    /// The declared parameters.
    pub params: Vec<ParamDecl>,
    /// The declared result type after `:`.
    pub result: DeclBound,
    /// The body expression.
    pub body: Expr,
    /// `private fun`: not visible from other modules.
    pub private: bool,
    /// The whole paragraph.
    pub span: Span,
}

/// `[disj] a, b: bound` in a parameter list, quantifier or comprehension.
#[derive(Clone, Debug)]
pub struct ParamDecl {
    /// The declared names.
    pub names: Vec<Ident>,
    /// `disj` before the names.
    pub disj: bool,
    /// The names' bound.
    pub bound: DeclBound,
    /// The whole declaration.
    pub span: Span,
}

/// `assert [name] { ... }`.
#[derive(Clone, Debug)]
pub struct AssertDecl {
    /// Alloy allows anonymous asserts (`assert { ... }`).
    pub name: Option<Ident>,
    /// The formulas of the assertion.
    pub body: Block,
    /// The whole paragraph.
    pub span: Span,
}

/// `enum E { A, B, C }`.
#[derive(Clone, Debug)]
pub struct EnumDecl {
    /// The enum's name.
    pub name: Ident,
    /// The members, in order.
    pub members: Vec<Ident>,
    /// The whole paragraph.
    pub span: Span,
}

/// Which command: `check` or `run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// `check`: look for a counterexample.
    Check,
    /// `run`: look for an instance.
    Run,
}

/// `[label:] check|run (Name | Block) [for ...] [expect N]`.
#[derive(Clone, Debug)]
pub struct CommandDecl {
    /// `label: run ...` (Alloy 4 style command labels).
    pub label: Option<Ident>,
    /// `check` or `run`.
    pub kind: CommandKind,
    /// What is checked or run.
    pub target: CommandTarget,
    /// The `for ...` scope, if given.
    pub scope: Option<ScopeDecl>,
    /// `expect 0` or `expect 1` and its span, if given.
    pub expect: Option<(u32, Span)>,
    /// The whole command.
    pub span: Span,
}

/// What a command checks or runs.
#[derive(Clone, Debug)]
pub enum CommandTarget {
    /// A named assert or pred (`check A`, `run p`).
    Name(Name),
    /// `run name { ... }` gives the block a name; `run { ... }` does not.
    Block(Option<Ident>, Block),
}

/// `for N [but] typescope, typescope` or `for typescope, ...`.
#[derive(Clone, Debug)]
pub struct ScopeDecl {
    /// `for N`: the default scope and its span, if given.
    pub overall: Option<(u32, Span)>,
    /// The per-signature scopes.
    pub sigs: Vec<TypeScope>,
    /// The whole scope, from `for`.
    pub span: Span,
}

/// `[exactly] N Name` (Name may be `Int`/`int` for the bitwidth, or `seq`).
#[derive(Clone, Debug)]
pub struct TypeScope {
    /// `exactly`.
    pub exact: bool,
    /// The scope `N`.
    pub count: u32,
    /// The sig (or `Int`, `int`, `seq`) the scope applies to.
    pub name: Name,
    /// The whole type scope.
    pub span: Span,
}

/// `{ F G ... }`: a conjunction of the formulas (an empty block is `true`).
#[derive(Clone, Debug)]
pub struct Block {
    /// The formulas, in order.
    pub items: Vec<Expr>,
    /// The span from `{` to `}`.
    pub span: Span,
}

/// Alloy does not separate formulas from expressions syntactically (`a.b` and
/// `a in b` share precedence levels); the resolver classifies each node.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What kind of node this is.
    pub kind: ExprKind,
    /// The span of the node's source text.
    pub span: Span,
}

/// The shape of an expression node.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A name, unresolved (a sig, field, variable, pred, fun, ...).
    Name(Name),
    /// `@f`: a field name without the implicit `this.` of sig facts.
    AtName(Name),
    /// `this`
    This,
    /// `univ`
    Univ,
    /// `iden`
    Iden,
    /// `none`
    None,
    /// `Int` (also `int` used as a set).
    IntSet,
    /// An integer literal.
    IntLit(i64),
    /// `Int[e]` / `int[e]` / `int e` conversions.
    IntCast(Box<Expr>),
    /// A prefix operator applied to an operand.
    Unary(UnOp, Box<Expr>),
    /// An infix operator (other than arrows and comparisons).
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a m1 -> m2 b`.
    Arrow {
        /// The left operand.
        lhs: Box<Expr>,
        /// The multiplicity before `->`, if any.
        lmult: Option<MultKw>,
        /// The multiplicity after `->`, if any.
        rmult: Option<MultKw>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// `a [not] in b`, `a [not] = b`, `<`, ... (`negated` for `not in`, `!=`,
    /// `not =`, `!<` ...).
    Compare {
        /// The comparison operator.
        op: CmpOp,
        /// Whether the comparison is negated (`not in`, `!=`, ...).
        negated: bool,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// `e[a, b]`: box join (or call when `e` names a pred/fun).
    BoxJoin(Box<Expr>, Vec<Expr>),
    /// `all/some/no/lone/one/sum x: e | body`.
    Quant {
        /// The quantifier.
        q: QuantKw,
        /// The bound variables.
        decls: Vec<ParamDecl>,
        /// The quantified formula (or, for `sum`, integer expression).
        body: Box<Expr>,
    },
    /// `{x: A | F}`.
    Comprehension {
        /// The bound variables.
        decls: Vec<ParamDecl>,
        /// The formula that the tuples satisfy.
        body: Box<Expr>,
    },
    /// `let x = e, y = f | body` (the body may also be a block).
    Let {
        /// The names and the expressions bound to them, in order.
        bindings: Vec<(Ident, Expr)>,
        /// The body, in which the names are bound.
        body: Box<Expr>,
    },
    /// `if c then a else b` and `c => a else b`.
    IfThenElse(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `{ F G }` used as a formula.
    Block(Block),
}

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `!`, `not`.
    Not,
    /// `no e`.
    No,
    /// `some e`, `lone e`, `one e`, `set e` (the last only in decls).
    Mult(MultKw),
    /// `#e`.
    Card,
    /// `~e`.
    Transpose,
    /// `^e`.
    Closure,
    /// `*e`.
    ReflexiveClosure,
    /// unary minus on integers (`-1` literal is folded by the parser).
    Neg,
    /// `seq e` in a declaration: a sequence of `e` (`seq/Int -> lone e`
    /// whose indices are `0 .. n-1`).
    Seq,
}

/// An infix operator (`ExprKind::Binary`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `a || b`, `a or b`
    Or,
    /// `a && b`, `a and b`
    And,
    /// `a => b`, `a implies b` (without `else`)
    Implies,
    /// `a <=> b`, `a iff b`
    Iff,
    /// `a + b`, union
    Union,
    /// `a - b`, difference
    Diff,
    /// `a & b`, intersection
    Intersection,
    /// `a.b`, relational join
    Join,
    /// `a ++ b`, override
    Override,
    /// `a <: b`, domain restriction
    DomainRestrict,
    /// `a :> b`, range restriction
    RangeRestrict,
    /// integer `fun/add` etc. are calls; these are the operators Alloy
    /// spells as symbols on integers: `<<`, `>>`, `>>>` shifts.
    Shl,
    /// `>>`, arithmetic (sign-extending) right shift.
    Sha,
    /// `>>>`, logical (zero-filling) right shift.
    Shr,
}

/// A comparison operator (`ExprKind::Compare`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `a in b`, subset
    In,
    /// `a = b`
    Eq,
    /// `a < b`
    Lt,
    /// `a > b`
    Gt,
    /// `a =< b` (also `<=`)
    Le,
    /// `a >= b`
    Ge,
}

/// A quantifier keyword (`ExprKind::Quant`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuantKw {
    /// `all`
    All,
    /// `some`
    Some,
    /// `no`
    No,
    /// `lone`
    Lone,
    /// `one`
    One,
    /// `sum`, an integer sum over the bindings
    Sum,
}
