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
    pub span: Span,
}

impl Name {
    pub fn text(&self) -> String {
        self.parts.join("/")
    }
    pub fn is_qualified(&self) -> bool {
        self.parts.len() > 1
    }
    pub fn last(&self) -> &str {
        self.parts.last().map(String::as_str).unwrap_or("")
    }
}

/// An identifier declared somewhere (never qualified).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// One parsed file.
#[derive(Clone, Debug)]
pub struct File {
    /// `module name[Param, exactly Param2]`, if present.
    pub header: Option<ModuleHeader>,
    pub opens: Vec<Open>,
    pub paragraphs: Vec<Paragraph>,
    /// The first `seq e` declaration: Alloy then opens `util/sequniv as
    /// seq` implicitly (the resolver does the same).
    pub seq_use: Option<Span>,
    /// The first name written with a `$` (`A$`, `sig$`): the Analyzer then
    /// declares its meta sigs for every module (the resolver does the same).
    pub dollar_use: Option<Span>,
}

#[derive(Clone, Debug)]
pub struct ModuleHeader {
    pub name: Name,
    /// Formal parameters (`exactly` is accepted and recorded).
    pub params: Vec<(Ident, bool)>,
    pub span: Span,
}

/// `[private] open path[Args] [as alias]`.
#[derive(Clone, Debug)]
pub struct Open {
    pub path: Name,
    pub args: Vec<Name>,
    pub alias: Option<Ident>,
    /// `private open`: the opened module's names are visible in this
    /// module only, not in the modules that open this one.
    pub private: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Paragraph {
    Sig(SigDecl),
    Fact(FactDecl),
    Pred(PredDecl),
    Fun(FunDecl),
    Assert(AssertDecl),
    Command(CommandDecl),
    /// `enum E { A, B, C }`: sugar for an abstract sig with `one` children.
    Enum(EnumDecl),
    /// `let name[a, b] = e` (or `{ ... }`): a macro, expanded where used.
    Macro(MacroDecl),
}

#[derive(Clone, Debug)]
pub struct MacroDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Expr,
    pub private: bool,
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

#[derive(Clone, Debug)]
pub struct SigDecl {
    /// Several names in one declaration: `sig A, B extends C {}`.
    pub names: Vec<Ident>,
    pub is_abstract: bool,
    /// `one/lone/some sig`.
    pub mult: Option<SigMult>,
    pub ext: Option<SigExt>,
    /// `sig S = A + B`: a subset sig (`ext` is `In`) equal to the union.
    pub eq: bool,
    pub fields: Vec<FieldDecl>,
    /// The appended fact block `{ ... }` after the field block, if any.
    pub fact: Option<Block>,
    pub private: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SigMult {
    One,
    Lone,
    Some,
}

#[derive(Clone, Debug)]
pub enum SigExt {
    Extends(Name),
    /// `in A + B + C`.
    In(Vec<Name>),
}

/// `[disj] f, g: [disj] bound` inside a sig's field block.
#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub names: Vec<Ident>,
    /// `disj` before the names.
    pub disj: bool,
    /// `disj` after the colon (distinct values per atom); Alloy accepts it.
    pub disj_bound: bool,
    pub bound: DeclBound,
    /// `private f: ...`: not visible from other modules.
    pub private: bool,
    pub span: Span,
}

/// The right-hand side of a declaration: `[mult] expr` where `expr` may
/// contain arrow multiplicities.
#[derive(Clone, Debug)]
pub struct DeclBound {
    /// `set/one/lone/some` before the expression, if written.
    pub mult: Option<MultKw>,
    pub expr: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultKw {
    Set,
    One,
    Lone,
    Some,
}

#[derive(Clone, Debug)]
pub struct FactDecl {
    pub name: Option<Ident>,
    pub body: Block,
    pub span: Span,
}

/// `[private] pred [Recv.]name[params] { ... }`. Alloy also allows
/// `pred name(params)`; both forms are accepted.
#[derive(Clone, Debug)]
pub struct PredDecl {
    /// `pred Sig.name` receiver form; the receiver becomes a parameter `this`.
    pub receiver: Option<Name>,
    pub name: Ident,
    pub params: Vec<ParamDecl>,
    pub body: Block,
    /// `private pred`: not visible from other modules.
    pub private: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FunDecl {
    pub receiver: Option<Name>,
    pub name: Ident,
    pub params: Vec<ParamDecl>,
    pub result: DeclBound,
    pub body: Expr,
    /// `private fun`: not visible from other modules.
    pub private: bool,
    pub span: Span,
}

/// `[disj] a, b: bound` in a parameter list, quantifier or comprehension.
#[derive(Clone, Debug)]
pub struct ParamDecl {
    pub names: Vec<Ident>,
    pub disj: bool,
    pub bound: DeclBound,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct AssertDecl {
    /// Alloy allows anonymous asserts (`assert { ... }`).
    pub name: Option<Ident>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct EnumDecl {
    pub name: Ident,
    pub members: Vec<Ident>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    Check,
    Run,
}

/// `[label:] check|run (Name | Block) [for ...] [expect N]`.
#[derive(Clone, Debug)]
pub struct CommandDecl {
    /// `label: run ...` (Alloy 4 style command labels).
    pub label: Option<Ident>,
    pub kind: CommandKind,
    pub target: CommandTarget,
    pub scope: Option<ScopeDecl>,
    pub expect: Option<(u32, Span)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum CommandTarget {
    Name(Name),
    /// `run name { ... }` gives the block a name; `run { ... }` does not.
    Block(Option<Ident>, Block),
}

/// `for N [but] typescope, typescope` or `for typescope, ...`.
#[derive(Clone, Debug)]
pub struct ScopeDecl {
    pub overall: Option<(u32, Span)>,
    pub sigs: Vec<TypeScope>,
    pub span: Span,
}

/// `[exactly] N Name` (Name may be `Int`/`int` for the bitwidth, or `seq`).
#[derive(Clone, Debug)]
pub struct TypeScope {
    pub exact: bool,
    pub count: u32,
    pub name: Name,
    pub span: Span,
}

/// `{ F G ... }`: a conjunction of the formulas (an empty block is `true`).
#[derive(Clone, Debug)]
pub struct Block {
    pub items: Vec<Expr>,
    pub span: Span,
}

/// Alloy does not separate formulas from expressions syntactically (`a.b` and
/// `a in b` share precedence levels); the resolver classifies each node.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Name(Name),
    /// `@f`: a field name without the implicit `this.` of sig facts.
    AtName(Name),
    This,
    Univ,
    Iden,
    None,
    /// `Int` (also `int` used as a set).
    IntSet,
    IntLit(i64),
    /// `Int[e]` / `int[e]` / `int e` conversions.
    IntCast(Box<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a m1 -> m2 b`.
    Arrow {
        lhs: Box<Expr>,
        lmult: Option<MultKw>,
        rmult: Option<MultKw>,
        rhs: Box<Expr>,
    },
    /// `a [not] in b`, `a [not] = b`, `<`, ... (`negated` for `not in`, `!=`,
    /// `not =`, `!<` ...).
    Compare {
        op: CmpOp,
        negated: bool,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `e[a, b]`: box join (or call when `e` names a pred/fun).
    BoxJoin(Box<Expr>, Vec<Expr>),
    /// `all/some/no/lone/one/sum x: e | body`.
    Quant {
        q: QuantKw,
        decls: Vec<ParamDecl>,
        body: Box<Expr>,
    },
    /// `{x: A | F}`.
    Comprehension {
        decls: Vec<ParamDecl>,
        body: Box<Expr>,
    },
    /// `let x = e, y = f | body` (the body may also be a block).
    Let {
        bindings: Vec<(Ident, Expr)>,
        body: Box<Expr>,
    },
    /// `if c then a else b` and `c => a else b`.
    IfThenElse(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `{ F G }` used as a formula.
    Block(Block),
}

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Or,
    And,
    Implies,
    Iff,
    Union,
    Diff,
    Intersection,
    Join,
    Override,
    DomainRestrict,
    RangeRestrict,
    /// integer `fun/add` etc. are calls; these are the operators Alloy
    /// spells as symbols on integers: `<<`, `>>`, `>>>` shifts.
    Shl,
    Sha,
    Shr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    In,
    Eq,
    Lt,
    Gt,
    Le,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuantKw {
    All,
    Some,
    No,
    Lone,
    One,
    Sum,
}
