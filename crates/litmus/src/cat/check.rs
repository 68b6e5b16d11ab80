//! A parsed cat model checked against an architecture's vocabulary and
//! written as Alloy: every name resolved (a `let`, a function parameter, a
//! base relation or tag of the [`Vocabulary`]), every expression given its
//! arity (1: a set of events, 2: a relation), functions expanded where they
//! are called, and each `let rec` checked to be monotone.
//!
//! The result is the text of Alloy declarations (one `fun` per `let`, one
//! `pred` per axiom, `cat_consistent` for their conjunction) over the
//! vocabulary's Alloy names. A `let rec` is its least fixed point: a
//! pre-fixed point (a free relation `X` with `F(X) in X`) when every axiom
//! that reads it is anti-monotone in it, else Kleene iteration from the
//! empty relation, unrolled by [`Compiled::text`] for as many steps as there
//! are tuples over the number of events it is asked for (docs/cat.md,
//! "`let rec`").

use std::collections::HashMap;

use relprove_engine::diag::{Diagnostic, Phase, Span};

use super::syntax::{BinOp, CatFile, Check, Expr, ExprKind, Ident, Item, UnOp};

/// The base relations and tags of an architecture, as Alloy expressions
/// over the vocabulary module.
pub trait Vocabulary {
    /// The Alloy expression and arity of a base name, if it is one.
    fn base(&self, name: &str) -> Option<(&'static str, u8)>;
    /// The Alloy expression of all events (`_`).
    fn all(&self) -> &'static str;
    /// The sigs whose atoms are the events, as a union for declarations.
    fn sorts(&self) -> &'static str;
    /// Names the vocabulary refuses with a reason (e.g. a base relation it
    /// cannot tell apart from another).
    fn refused(&self, _name: &str) -> Option<&'static str> {
        None
    }
}

/// An Alloy expression and its arity.
#[derive(Clone, Debug)]
struct Typed {
    text: String,
    arity: u8,
    /// The `let rec` groups its value depends on, with the polarity of each
    /// (only for the values of names: `let`s and function arguments).
    uses: Uses,
}

/// `let rec` group → [`POS`] | [`NEG`]: whether the group's relations
/// occur positively (the value grows with them) or negatively.
type Uses = std::collections::BTreeMap<usize, u8>;
const POS: u8 = 1;
const NEG: u8 = 2;

fn flipped(bits: u8) -> u8 {
    ((bits & POS) << 1) | ((bits & NEG) >> 1)
}

/// What a cat name denotes.
#[derive(Clone, Debug)]
enum Meaning {
    /// An Alloy expression (a `let`'s fun, a base name, an argument).
    Value(Typed),
    /// A function, expanded at each call in the environment it was defined in.
    Function {
        params: Vec<Ident>,
        body: Expr,
        env: Env,
    },
    /// The `i`-th binding of the `let rec` being checked (its iterate).
    Rec(usize),
}

type Env = HashMap<String, Meaning>;

/// One `fun` of the output: a `let`, or one binding of a `let rec`.
#[derive(Clone, Debug)]
enum Def {
    Let {
        fun: String,
        arity: u8,
        body: String,
    },
    /// The bindings of one `let rec` (funs, arities, bodies whose `\0k\0`
    /// marks stand for the current iterate of binding k).
    Rec {
        funs: Vec<String>,
        arities: Vec<u8>,
        bodies: Vec<String>,
        /// Needs its least fixed point exactly (see [`Compiled::text`]).
        exact: bool,
    },
}

/// An axiom of the model.
#[derive(Clone, Debug)]
pub struct Axiom {
    /// Its name (`as NAME`, or `axiom_<k>`), and the Alloy predicate's.
    pub name: String,
    /// The Alloy predicate that holds when the axiom does.
    pub pred: String,
    /// A `flag`: reported, not a constraint on executions.
    pub flag: bool,
    /// Where it is written.
    pub span: Span,
    body: String,
}

/// A cat model checked and ready to be written as Alloy.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The model name line.
    pub name: Option<String>,
    defs: Vec<Def>,
    /// The axioms and flags, in order.
    pub axioms: Vec<Axiom>,
    /// Notes for the user (ignored `show`s), with where.
    pub notes: Vec<(Span, String)>,
    /// The `fun` of each top-level cat name as last defined.
    pub funs: Vec<(String, String)>,
}

/// A source of included files: the parsed file for a quoted name, relative
/// to the including file.
pub trait Includes {
    /// The parsed file `path`, included at `span`.
    fn include(&mut self, path: &str, span: Span) -> Result<CatFile, Diagnostic>;
}

/// Check `files` in order (the standard definitions, then the model, and
/// what they include) against `vocab`.
pub fn check(
    files: &[&CatFile],
    vocab: &dyn Vocabulary,
    includes: &mut dyn Includes,
) -> Result<Compiled, Diagnostic> {
    let mut c = Checker {
        vocab,
        env: Env::new(),
        defs: Vec::new(),
        axioms: Vec::new(),
        notes: Vec::new(),
        used: HashMap::new(),
        rec: None,
        rec_arities: Vec::new(),
        depth: 0,
        uses: Uses::new(),
        exact: Vec::new(),
    };
    for file in files {
        c.items(file, includes, 0)?;
    }
    let file = files.last().copied();
    let mut funs: Vec<(String, String)> = c
        .env
        .iter()
        .filter_map(|(n, m)| match m {
            Meaning::Value(t) if t.text.starts_with("cat_") => Some((n.clone(), t.text.clone())),
            _ => None,
        })
        .collect();
    funs.sort();
    let mut group = 0;
    for d in &mut c.defs {
        if let Def::Rec { exact, .. } = d {
            *exact = c.exact[group];
            group += 1;
        }
    }
    Ok(Compiled {
        name: file.and_then(|f| f.name.as_ref()).map(|i| i.name.clone()),
        defs: c.defs,
        axioms: c.axioms,
        notes: c.notes,
        funs,
    })
}

struct Checker<'a> {
    vocab: &'a dyn Vocabulary,
    /// The `let rec` groups the expression being checked uses so far.
    uses: Uses,
    /// Per `let rec` group: whether some axiom needs it exactly.
    exact: Vec<bool>,
    env: Env,
    defs: Vec<Def>,
    axioms: Vec<Axiom>,
    notes: Vec<(Span, String)>,
    /// How many funs each Alloy base name has had (for redefinitions).
    used: HashMap<String, usize>,
    /// Inside a `let rec`: the spans of its names.
    rec: Option<Vec<Ident>>,
    /// The kinds assumed for the bindings of that `let rec`.
    rec_arities: Vec<u8>,
    /// Function-call nesting (a recursive function is refused).
    depth: usize,
}

fn err(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Phase::Resolve, span, msg)
}

fn alloy_name(cat: &str) -> String {
    let mut s = String::from("cat_");
    for ch in cat.chars() {
        s.push(if ch.is_ascii_alphanumeric() { ch } else { '_' });
    }
    s
}

fn kind_word(arity: u8) -> &'static str {
    if arity == 1 {
        "a set of events"
    } else {
        "a relation"
    }
}

impl Checker<'_> {
    fn fresh(&mut self, cat: &str) -> String {
        let base = alloy_name(cat);
        let n = self.used.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 {
            base
        } else {
            format!("{base}_{n}")
        }
    }

    fn items(
        &mut self,
        file: &CatFile,
        includes: &mut dyn Includes,
        level: usize,
    ) -> Result<(), Diagnostic> {
        for item in &file.items {
            match item {
                Item::Include { path, span } => {
                    if level >= 16 {
                        return Err(err(*span, "includes nested more than 16 deep (a cycle?)"));
                    }
                    let inner = includes.include(path, *span)?;
                    self.items(&inner, includes, level + 1)?;
                }
                Item::Show { span } => self.notes.push((
                    *span,
                    "`show`/`unshow` only changes herd's pictures: ignored".into(),
                )),
                Item::Let {
                    name,
                    params: None,
                    body,
                } => {
                    self.uses.clear();
                    let t = self.expr(body, true)?;
                    let uses = std::mem::take(&mut self.uses);
                    let fun = self.fresh(&name.name);
                    self.defs.push(Def::Let {
                        fun: fun.clone(),
                        arity: t.arity,
                        body: t.text,
                    });
                    self.env.insert(
                        name.name.clone(),
                        Meaning::Value(Typed {
                            text: fun,
                            arity: t.arity,
                            uses,
                        }),
                    );
                }
                Item::Let {
                    name,
                    params: Some(params),
                    body,
                } => {
                    let meaning = Meaning::Function {
                        params: params.clone(),
                        body: body.clone(),
                        env: self.env.clone(),
                    };
                    self.env.insert(name.name.clone(), meaning);
                }
                Item::LetRec { bindings } => self.let_rec(bindings)?,
                Item::Axiom {
                    flag,
                    negated,
                    check,
                    body,
                    name,
                    span,
                } => {
                    self.uses.clear();
                    let t = self.expr(body, true)?;
                    // An axiom (empty, irreflexive, acyclic) only gets harder
                    // to satisfy as its expression grows: a group used only
                    // positively may be over-approximated (any pre-fixed
                    // point has the same consistent executions). A negated
                    // axiom, a negative use or a flag (reported, so its value
                    // must be exact) needs the least fixed point itself.
                    for (g, bits) in std::mem::take(&mut self.uses) {
                        let bits = if *negated { flipped(bits) } else { bits };
                        if *flag || bits & NEG != 0 {
                            self.exact[g] = true;
                        }
                    }
                    let f = axiom_formula(*check, &t, self.vocab.all(), body.span)?;
                    let f = if *negated { format!("not ({f})") } else { f };
                    let k = self.axioms.len();
                    let label = name
                        .as_ref()
                        .map(|n| n.name.clone())
                        .unwrap_or_else(|| format!("axiom_{}", k + 1));
                    let pred = format!("{}_{}", alloy_name(&label), k + 1);
                    self.axioms.push(Axiom {
                        name: label,
                        pred,
                        flag: *flag,
                        span: *span,
                        body: f,
                    });
                }
            }
        }
        Ok(())
    }

    fn let_rec(&mut self, bindings: &[(Ident, Expr)]) -> Result<(), Diagnostic> {
        let names: Vec<Ident> = bindings.iter().map(|(n, _)| n.clone()).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.name == n.name) {
                return Err(err(
                    n.span,
                    format!("`{}` is bound twice in this `let rec`", n.name),
                ));
            }
        }
        let saved: Vec<Option<Meaning>> = names
            .iter()
            .enumerate()
            .map(|(i, n)| self.env.insert(n.name.clone(), Meaning::Rec(i)))
            .collect();
        self.rec = Some(names.clone());
        let group = self.exact.len();
        self.exact.push(false);
        // The bindings' kinds (set or relation): the first assignment, all
        // relations first, under which every body checks and has the kind
        // assumed for it; else the error of the all-relations one.
        let k = bindings.len().min(8);
        let mut first_error = None;
        let mut found = None;
        for mask in 0u32..(1 << k) {
            self.rec_arities = (0..bindings.len())
                .map(|b| if b < k && mask & (1 << b) != 0 { 1 } else { 2 })
                .collect();
            self.uses.clear();
            let checked: Result<Vec<Typed>, Diagnostic> = bindings
                .iter()
                .map(|(_, body)| self.expr(body, true))
                .collect();
            match checked {
                Ok(ts)
                    if ts
                        .iter()
                        .map(|t| t.arity)
                        .eq(self.rec_arities.iter().copied()) =>
                {
                    found = Some(ts);
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        let Some(ts) = found else {
            self.rec = None;
            return Err(first_error.unwrap_or_else(|| {
                err(names[0].span, "no kind (set or relation) of this `let rec`'s names makes its definitions agree with them")
            }));
        };
        let bodies: Vec<String> = ts.iter().map(|t| t.text.clone()).collect();
        let arities: Vec<u8> = ts.iter().map(|t| t.arity).collect();
        self.rec = None;
        for (n, old) in names.iter().zip(saved) {
            match old {
                Some(m) => self.env.insert(n.name.clone(), m),
                None => self.env.remove(&n.name),
            };
        }
        let mut uses = std::mem::take(&mut self.uses);
        uses.insert(group, POS);
        let funs: Vec<String> = names.iter().map(|n| self.fresh(&n.name)).collect();
        for ((n, f), a) in names.iter().zip(&funs).zip(&arities) {
            self.env.insert(
                n.name.clone(),
                Meaning::Value(Typed {
                    text: f.clone(),
                    arity: *a,
                    uses: uses.clone(),
                }),
            );
        }
        self.defs.push(Def::Rec {
            funs,
            arities,
            bodies,
            exact: false,
        });
        Ok(())
    }

    /// The Alloy form of `e`; `positive` is false under an odd number of
    /// complements and right-hand sides of `\` (where a `let rec` name
    /// would make the definition non-monotone).
    fn expr(&mut self, e: &Expr, positive: bool) -> Result<Typed, Diagnostic> {
        let all = self.vocab.all();
        // A union of the dependency relations (computed once: it is also
        // the guard of its match arm).
        let deps = match &e.kind {
            ExprKind::Binary(BinOp::Union, ..) => self.dependency_union(e),
            _ => None,
        };
        Ok(match &e.kind {
            ExprKind::Name(n) => self.name(n, e.span, positive)?,
            ExprKind::Call(f, args) => self.call(f, args, e.span, positive)?,
            ExprKind::Unary(op, x) => {
                let negative = matches!(op, UnOp::Complement);
                let t = self.expr(x, positive != negative)?;
                let need = |want: u8, what: &str| -> Result<(), Diagnostic> {
                    if t.arity != want {
                        Err(err(
                            x.span,
                            format!(
                                "{what} needs {}, but this is {}",
                                kind_word(want),
                                kind_word(t.arity)
                            ),
                        ))
                    } else {
                        Ok(())
                    }
                };
                let x = &t.text;
                match op {
                    UnOp::Plus => {
                        need(2, "`+`")?;
                        rel(format!("^({x})"))
                    }
                    UnOp::Star => {
                        need(2, "`*`")?;
                        rel(format!("(^({x}) + (({all}) <: iden))"))
                    }
                    UnOp::Opt => {
                        need(2, "`?`")?;
                        rel(format!("(({x}) + (({all}) <: iden))"))
                    }
                    UnOp::Inverse => {
                        need(2, "`^-1`")?;
                        rel(format!("~({x})"))
                    }
                    UnOp::Complement => {
                        if t.arity == 1 {
                            set(format!("(({all}) - ({x}))"))
                        } else {
                            rel(format!("((({all}) -> ({all})) - ({x}))"))
                        }
                    }
                    UnOp::Identity => {
                        need(1, "`[...]`")?;
                        rel(format!("(({x}) <: iden)"))
                    }
                    UnOp::Domain => {
                        need(2, "`domain`")?;
                        set(format!("(({x}).univ)"))
                    }
                    UnOp::Range => {
                        need(2, "`range`")?;
                        set(format!("(univ.({x}))"))
                    }
                }
            }
            ExprKind::Binary(BinOp::Union, ..) if deps.is_some() => {
                let (mut text, rest) = deps.unwrap_or_default();
                for x in rest {
                    let t = self.expr(x, positive)?;
                    if t.arity != 2 {
                        return Err(err(x.span, format!("the operands of this `|` differ: dependencies are a relation, this is {}", kind_word(t.arity))));
                    }
                    text = format!("({text} + ({}))", t.text);
                }
                rel(text)
            }
            ExprKind::Binary(op, a, b) => {
                let ta = self.expr(a, positive)?;
                let tb = self.expr(
                    b,
                    if *op == BinOp::Diff {
                        !positive
                    } else {
                        positive
                    },
                )?;
                let (x, y) = (&ta.text, &tb.text);
                match op {
                    BinOp::Cartesian => {
                        for (t, s) in [(&ta, a), (&tb, b)] {
                            if t.arity != 1 {
                                return Err(err(
                                    s.span,
                                    format!("`*` between two expressions is the cartesian product of two sets, but this is {}", kind_word(t.arity)),
                                ));
                            }
                        }
                        rel(format!("(({x}) -> ({y}))"))
                    }
                    BinOp::Seq => {
                        for (t, s) in [(&ta, a), (&tb, b)] {
                            if t.arity != 2 {
                                return Err(err(
                                    s.span,
                                    format!("`;` composes relations, but this is {} (write `[S]` for the identity on a set)", kind_word(t.arity)),
                                ));
                            }
                        }
                        rel(format!("(({x}) . ({y}))"))
                    }
                    BinOp::Union | BinOp::Inter | BinOp::Diff => {
                        if ta.arity != tb.arity {
                            return Err(err(
                                e.span,
                                format!(
                                    "the two sides of `{}` differ: the left is {}, the right {}",
                                    match op {
                                        BinOp::Union => "|",
                                        BinOp::Inter => "&",
                                        _ => "\\",
                                    },
                                    kind_word(ta.arity),
                                    kind_word(tb.arity)
                                ),
                            ));
                        }
                        let sym = match op {
                            BinOp::Union => "+",
                            BinOp::Inter => "&",
                            _ => "-",
                        };
                        Typed {
                            text: format!("(({x}) {sym} ({y}))"),
                            arity: ta.arity,
                            uses: Uses::new(),
                        }
                    }
                }
            }
        })
    }

    /// A union whose operands include the base relations `data` and `ctrl`
    /// (and maybe `addr`): the vocabulary's `dep` and the other operands.
    /// Dat3M's models use the dependencies only as this union, which the
    /// litmus lowering records as one relation.
    fn dependency_union<'e>(&self, e: &'e Expr) -> Option<(String, Vec<&'e Expr>)> {
        fn flatten<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
            match &e.kind {
                ExprKind::Binary(BinOp::Union, a, b) => {
                    flatten(a, out);
                    flatten(b, out);
                }
                _ => out.push(e),
            }
        }
        let mut ops = Vec::new();
        flatten(e, &mut ops);
        let is_base = |x: &Expr, n: &str| {
            matches!(&x.kind, ExprKind::Name(m) if m == n) && !self.env.contains_key(n)
        };
        let has = |n: &str| ops.iter().any(|x| is_base(x, n));
        if !(has("data") && has("ctrl")) {
            return None;
        }
        let (dep, _) = self.vocab.base("dep")?;
        let rest = ops
            .into_iter()
            .filter(|x| !["addr", "data", "ctrl"].iter().any(|n| is_base(x, n)))
            .collect();
        Some((dep.to_string(), rest))
    }

    fn name(&mut self, n: &str, span: Span, positive: bool) -> Result<Typed, Diagnostic> {
        match self.env.get(n) {
            Some(Meaning::Value(t)) => {
                for (g, bits) in &t.uses {
                    let bits = if positive { *bits } else { flipped(*bits) };
                    *self.uses.entry(*g).or_insert(0) |= bits;
                }
                if !positive && t.text.contains('\u{0}') {
                    return Err(err(
                        span,
                        format!("this `let rec` is not monotone: `{n}` stands for an expression of its recursive names and occurs under a complement `~` or on the right of `\\`"),
                    ));
                }
                return Ok(t.clone());
            }
            Some(Meaning::Function { .. }) => {
                return Err(err(
                    span,
                    format!("`{n}` is a function: call it with arguments, `{n}(...)`"),
                ))
            }
            Some(Meaning::Rec(i)) => {
                let i = *i;
                if !positive {
                    return Err(err(
                        span,
                        format!("this `let rec` is not monotone: `{n}` occurs under a complement `~` or on the right of `\\`, so its least fixed point need not exist"),
                    ));
                }
                return Ok(Typed {
                    text: format!("\u{0}{i}\u{0}"),
                    arity: self.rec_arities.get(i).copied().unwrap_or(2),
                    uses: Uses::new(),
                });
            }
            None => {}
        }
        if let Some(why) = self.vocab.refused(n) {
            return Err(err(span, format!("unsupported base relation `{n}`: {why}")));
        }
        match (n, self.vocab.base(n)) {
            ("_", _) => Ok(set(self.vocab.all().to_string())),
            ("0", _) => Ok(rel("none->none".to_string())),
            (_, Some((text, arity))) => Ok(Typed {
                text: text.to_string(),
                arity,
                uses: Uses::new(),
            }),
            (_, None) => Err(err(span, format!("unknown name `{n}`: not defined by a `let` before it, nor a base relation or tag of this architecture")).hint("docs/cat.md lists each architecture's base relations and tags")),
        }
    }

    fn call(
        &mut self,
        f: &Ident,
        args: &[Expr],
        span: Span,
        positive: bool,
    ) -> Result<Typed, Diagnostic> {
        let Some(Meaning::Function { params, body, env }) = self.env.get(&f.name).cloned() else {
            return Err(err(
                f.span,
                format!(
                    "`{}` is not a function defined by `let {}(...) = ...`",
                    f.name, f.name
                ),
            ));
        };
        if params.len() != args.len() {
            return Err(err(
                span,
                format!(
                    "`{}` takes {} argument(s), given {}",
                    f.name,
                    params.len(),
                    args.len()
                ),
            ));
        }
        if self.depth > 64 {
            return Err(err(
                span,
                format!(
                    "calls of `{}` nest more than 64 deep (cat functions cannot be recursive)",
                    f.name
                ),
            ));
        }
        let mut inner = env.clone();
        for (p, a) in params.iter().zip(args) {
            // The argument's uses of `let rec` groups, relative to itself:
            // recorded where the body uses the parameter.
            let outer = std::mem::take(&mut self.uses);
            let mut t = self.expr(a, positive)?;
            let uses = std::mem::replace(&mut self.uses, outer);
            t.uses = uses
                .into_iter()
                .map(|(g, b)| (g, if positive { b } else { flipped(b) }))
                .collect();
            inner.insert(p.name.clone(), Meaning::Value(t));
        }
        let outer = std::mem::replace(&mut self.env, inner);
        self.depth += 1;
        let r = self.expr(&body, positive);
        self.depth -= 1;
        self.env = outer;
        r
    }
}

fn set(text: String) -> Typed {
    Typed {
        text,
        arity: 1,
        uses: Uses::new(),
    }
}

fn rel(text: String) -> Typed {
    Typed {
        text,
        arity: 2,
        uses: Uses::new(),
    }
}

fn axiom_formula(check: Check, t: &Typed, all: &str, span: Span) -> Result<String, Diagnostic> {
    let x = &t.text;
    match check {
        Check::Empty => Ok(format!("no ({x})")),
        Check::Acyclic | Check::Irreflexive if t.arity != 2 => Err(err(
            span,
            format!(
                "`{}` needs a relation, but this is a set of events",
                check.word()
            ),
        )),
        Check::Acyclic => Ok(format!("no (^({x}) & (({all}) <: iden))")),
        Check::Irreflexive => Ok(format!("no (({x}) & (({all}) <: iden))")),
    }
}

impl Compiled {
    /// The Alloy declarations: each `let` a `fun`, each `let rec` unrolled
    /// for `events` events (its least fixed point is reached within
    /// `events^arity` Kleene steps), each axiom a `pred`, and
    /// `cat_consistent`, the conjunction of the axioms that are not flags.
    pub fn text(&self, events: usize, sorts: &str) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        for d in &self.defs {
            match d {
                Def::Let { fun, arity, body } => {
                    let _ = writeln!(out, "fun {fun} : {} {{\n  {body}\n}}\n", decl(*arity));
                }
                Def::Rec {
                    funs,
                    arities,
                    bodies,
                    exact: false,
                } => {
                    // Used only where a larger relation makes every axiom
                    // harder: any pre-fixed point (F(X) in X) decides the
                    // same executions as the least one, which is the least
                    // pre-fixed point (Knaster-Tarski).
                    let holder = format!("{}_bound", funs[0]);
                    let _ = writeln!(out, "-- `let rec {}`: a pre-fixed point (every axiom using it is anti-monotone in it)", funs.join(" and "));
                    let fields: Vec<String> = funs
                        .iter()
                        .zip(arities)
                        .map(|(f, a)| {
                            let ty = if *a == 1 {
                                sorts.to_string()
                            } else {
                                format!("({sorts}) -> ({sorts})")
                            };
                            format!("  {f}_x: {ty}")
                        })
                        .collect();
                    let _ = writeln!(out, "one sig {holder} {{\n{}\n}}", fields.join(",\n"));
                    let var = |k: usize| format!("{holder}.{}_x", funs[k]);
                    let _ = writeln!(out, "fact {holder}_closed {{");
                    for (k, b) in bodies.iter().enumerate() {
                        let _ = writeln!(out, "  {} in {}", substitute(b, var), var(k));
                    }
                    let _ = writeln!(out, "}}");
                    for (k, fun) in funs.iter().enumerate() {
                        let _ =
                            writeln!(out, "fun {fun} : {} {{ {} }}\n", decl(arities[k]), var(k));
                    }
                }
                Def::Rec {
                    funs,
                    arities,
                    bodies,
                    exact: true,
                } => {
                    // Kleene iteration from the empty relation: iterate k
                    // of binding j is the field `{fun_j}_k` of a one sig,
                    // fixed by a fact to the binding's body over the
                    // iterates k-1 — flat (no nesting, no chain of calls),
                    // each iterate a relation the solver sees once.
                    let steps = arities
                        .iter()
                        .map(|a| events.saturating_pow(u32::from(*a)))
                        .sum::<usize>()
                        .max(1);
                    let holder = format!("{}_iterates", funs[0]);
                    let var = |k: usize, step: usize| {
                        if step == 0 {
                            (if arities[k] == 1 {
                                "none"
                            } else {
                                "none->none"
                            })
                            .to_string()
                        } else {
                            format!("{holder}.{}_k{step}", funs[k])
                        }
                    };
                    let _ = writeln!(
                        out,
                        "-- the least fixed point of `let rec {}`, by {steps} Kleene steps",
                        funs.join(" and ")
                    );
                    let _ = writeln!(out, "one sig {holder} {{");
                    let mut fields = Vec::new();
                    for step in 1..=steps {
                        for (k, f) in funs.iter().enumerate() {
                            let ty = if arities[k] == 1 {
                                sorts.to_string()
                            } else {
                                format!("({sorts}) -> ({sorts})")
                            };
                            fields.push(format!("  {f}_k{step}: {ty}"));
                        }
                    }
                    let _ = writeln!(out, "{}\n}}", fields.join(",\n"));
                    let _ = writeln!(out, "fact {holder}_steps {{");
                    for step in 1..=steps {
                        for (k, b) in bodies.iter().enumerate() {
                            let body = substitute(b, |i| var(i, step - 1));
                            let _ = writeln!(out, "  {} = {body}", var(k, step));
                        }
                    }
                    let _ = writeln!(out, "}}");
                    for (k, fun) in funs.iter().enumerate() {
                        let _ = writeln!(
                            out,
                            "fun {fun} : {} {{ {} }}\n",
                            decl(arities[k]),
                            var(k, steps)
                        );
                    }
                }
            }
        }
        for a in &self.axioms {
            let _ = writeln!(
                out,
                "-- {}{}\npred {} {{\n  {}\n}}\n",
                if a.flag { "flag " } else { "" },
                a.name,
                a.pred,
                a.body
            );
        }
        let conj: Vec<&str> = self
            .axioms
            .iter()
            .filter(|a| !a.flag)
            .map(|a| a.pred.as_str())
            .collect();
        let _ = writeln!(
            out,
            "pred cat_consistent {{\n  {}\n}}",
            if conj.is_empty() {
                "no none".to_string()
            } else {
                conj.join("\n  ")
            }
        );
        out
    }

    /// Whether the model has a `let rec` that is unrolled (its text
    /// depends on the number of events).
    pub fn has_rec(&self) -> bool {
        self.defs
            .iter()
            .any(|d| matches!(d, Def::Rec { exact: true, .. }))
    }
}

fn decl(arity: u8) -> &'static str {
    if arity == 1 {
        "set univ"
    } else {
        "univ->univ"
    }
}

/// `text` with each `\0k\0` mark replaced by `var(k)`.
fn substitute(text: &str, var: impl Fn(usize) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut parts = text.split('\u{0}');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    while let (Some(k), Some(rest)) = (parts.next(), parts.next()) {
        out.push_str(&var(k.parse().unwrap_or(0)));
        out.push_str(rest);
    }
    out
}
