//! One lowered path combination of a litmus test, as data: the
//! [`LitmusExecution`] that [`super::lower::build_execution`] builds. It has
//! two consumers that cannot drift apart because they read the same value:
//!
//! * the Alloy printer here ([`LitmusExecution::module`], `--emit-alloy`,
//!   and the text path of the checker, kept for a differential test);
//! * the IR builder ([`super::to_ir`]), which adds the same sigs, fields,
//!   functions, facts and command to the memory model resolved once.
//!
//! Its relational expressions ([`Rel`]) and formulas ([`Fml`]) are a small
//! language of names (the generated atoms and relations, or the model's
//! sigs, fields and predicates), joins, unions, differences and products.
//! Parentheses are explicit nodes ([`Rel::Paren`], [`Fml::Paren`]): the
//! printer writes exactly what it is given, the IR builder skips them.

use std::fmt::Write as _;

use super::ast::Term;
use super::value::{val_atom, ObsEval};

/// A relational expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rel {
    /// A generated sig, field or function, or one of the model's.
    Name(String),
    /// The empty relation of an arity (`none`, `none->none`, ...).
    None(usize),
    /// A tuple of one-sig atoms: `a->b->c`.
    Tuple(Vec<String>),
    /// A union of expressions of one arity (empty: `none` of it). With
    /// `balanced`, printed as a balanced tree of parenthesised halves when
    /// long, so that the depth of the parsed expression grows with the
    /// logarithm of its length; else flat.
    Union {
        /// The united expressions.
        items: Vec<Rel>,
        /// Their common arity (that of the `none` printed when `items` is
        /// empty).
        arity: usize,
        /// Print as a balanced tree of parenthesised halves (see above).
        balanced: bool,
    },
    /// `a.b`: the relational join.
    Join(Box<Rel>, Box<Rel>),
    /// `a - b`: the difference.
    Diff(Box<Rel>, Box<Rel>),
    /// `a -> b`, with the right multiplicity (`lone`) or none.
    Arrow(Box<Rel>, Option<&'static str>, Box<Rel>),
    /// `(a)`: explicit parentheses (printed; the IR builder skips them).
    Paren(Box<Rel>),
}

/// A formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fml {
    /// `a = b`.
    Eq(Rel, Rel),
    /// `a != b`.
    Ne(Rel, Rel),
    /// `a in b`: subset.
    In(Rel, Rel),
    /// `one a`.
    One(Rel),
    /// `no a`.
    No(Rel),
    /// `some a`.
    Some(Rel),
    /// `not (f)`.
    Not(Box<Fml>),
    /// Conjuncts joined by `and` (no parentheses of their own).
    And(Vec<Fml>),
    /// Disjuncts joined by `or` (no parentheses of their own).
    Or(Vec<Fml>),
    /// `(f)`: explicit parentheses (printed; the IR builder skips them).
    Paren(Box<Fml>),
    /// A parameterless predicate of the model.
    Pred(String),
    /// `no none`.
    True,
    /// `some none`.
    False,
}

/// Shorthands for building expressions.
impl Rel {
    /// `Rel::Name` of `s`.
    pub fn name(s: impl Into<String>) -> Rel {
        Rel::Name(s.into())
    }
    /// `a.b` (`Rel::Join`).
    pub fn join(a: Rel, b: Rel) -> Rel {
        Rel::Join(Box::new(a), Box::new(b))
    }
    /// `a - b` (`Rel::Diff`).
    pub fn diff(a: Rel, b: Rel) -> Rel {
        Rel::Diff(Box::new(a), Box::new(b))
    }
    /// `(a)` (`Rel::Paren`).
    pub fn paren(a: Rel) -> Rel {
        Rel::Paren(Box::new(a))
    }
    /// `a -> b`, with the right multiplicity `mult` (`lone`) or none
    /// (`Rel::Arrow`).
    pub fn arrow(a: Rel, mult: Option<&'static str>, b: Rel) -> Rel {
        Rel::Arrow(Box::new(a), mult, Box::new(b))
    }
    /// A balanced union of names.
    pub fn union_of(names: &[String]) -> Rel {
        Rel::Union {
            items: names.iter().map(|n| Rel::name(n.clone())).collect(),
            arity: 1,
            balanced: true,
        }
    }
    /// A balanced union of tuples of `arity`.
    pub fn tuples(rows: Vec<Vec<String>>, arity: usize) -> Rel {
        Rel::Union {
            items: rows.into_iter().map(Rel::Tuple).collect(),
            arity,
            balanced: true,
        }
    }
}

/// `sig` declarations, in the order printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SigDecl {
    /// `one sig a, b extends P {}` (nothing when `names` is empty and
    /// `always` is false).
    One {
        /// The atoms declared.
        names: Vec<String>,
        /// The sig they extend.
        parent: String,
        /// Printed even without names (the printer of old did so for the
        /// mixed-proxy scope levels; the IR builder declares nothing).
        always: bool,
    },
    /// `abstract sig N {}`.
    Abstract(String),
    /// `one sig N {\n  f: e,\n  g: e\n}`: a top-level sig with fields.
    OneWithFields {
        /// The sig's name.
        name: String,
        /// Its fields, `(name, expression)`, printed `name: expression`.
        fields: Vec<(String, Rel)>,
    },
}

/// `fun NAME : lt_Val->lt_Val->lt_Val { body }` (an arithmetic table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunDecl {
    /// The function's name.
    pub name: String,
    /// The arity of its body and of its result type (3 for the table of a
    /// binary operation).
    pub arity: usize,
    /// The result type, printed as is (`lt_Val->lt_Val->lt_Val`).
    pub result: Vec<String>,
    /// The body (an arithmetic table: a union of `x->y->z` tuples).
    pub body: Rel,
}

/// `fact NAME { f1 f2 ... }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactDecl {
    /// The fact's name.
    pub name: String,
    /// Its formulas, one per line (together a conjunction).
    pub body: Vec<Fml>,
}

/// The run command's scope: `for n but exactly c K, ..., B Int`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunScope {
    /// The overall bound `n` of `for n`.
    pub overall: usize,
    /// `(sig, count)`, each exact.
    pub exact: Vec<(String, usize)>,
    /// The integer bitwidth when above Alloy's default of 4.
    pub bitwidth: Option<u32>,
}

/// One path combination of a test lowered over a memory model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LitmusExecution {
    /// `module NAME`.
    pub module_name: String,
    /// The comment line after the header.
    pub comment: String,
    /// The memory model's module name (`open NAME`).
    pub open: String,
    /// The sig declarations, in the order printed.
    pub sigs: Vec<SigDecl>,
    /// The function declarations (arithmetic tables).
    pub funs: Vec<FunDecl>,
    /// The facts, in the order printed.
    pub facts: Vec<FactDecl>,
    /// The path conditions and the model's consistency predicate.
    pub base: Vec<Fml>,
    /// The expression (a value atom) of each observed variable.
    pub observed: Vec<(Term, Rel)>,
    /// How to compute each observed variable from a solution.
    pub obs_eval: Vec<ObsEval>,
    /// The run command's scope.
    pub scope: RunScope,
}

/// The name of the run command in every generated module.
pub const RUN_NAME: &str = "lt_run";

impl std::fmt::Display for Rel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rel::Name(n) => f.write_str(n),
            Rel::None(arity) => f.write_str(&vec!["none"; (*arity).max(1)].join("->")),
            Rel::Tuple(atoms) => f.write_str(&atoms.join("->")),
            Rel::Union {
                items,
                arity,
                balanced,
            } => {
                if items.is_empty() {
                    write!(f, "{}", Rel::None(*arity))
                } else if *balanced {
                    write_balanced(f, items)
                } else {
                    write_joined(f, items, " + ")
                }
            }
            Rel::Join(a, b) => write!(f, "{a}.{b}"),
            Rel::Diff(a, b) => write!(f, "{a} - {b}"),
            Rel::Arrow(a, None, b) => write!(f, "{a} -> {b}"),
            Rel::Arrow(a, Some(m), b) => write!(f, "{a} -> {m} {b}"),
            Rel::Paren(a) => write!(f, "({a})"),
        }
    }
}

fn write_joined<T: std::fmt::Display>(
    f: &mut std::fmt::Formatter<'_>,
    items: &[T],
    sep: &str,
) -> std::fmt::Result {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

/// `a + b + ...`, as `(left half) + (right half)` above eight items.
fn write_balanced(f: &mut std::fmt::Formatter<'_>, items: &[Rel]) -> std::fmt::Result {
    if items.len() <= 8 {
        return write_joined(f, items, " + ");
    }
    let (l, r) = items.split_at(items.len() / 2);
    f.write_str("(")?;
    write_balanced(f, l)?;
    f.write_str(") + (")?;
    write_balanced(f, r)?;
    f.write_str(")")
}

impl std::fmt::Display for Fml {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fml::Eq(a, b) => write!(f, "{a} = {b}"),
            Fml::Ne(a, b) => write!(f, "{a} != {b}"),
            Fml::In(a, b) => write!(f, "{a} in {b}"),
            Fml::One(a) => write!(f, "one {a}"),
            Fml::No(a) => write!(f, "no {a}"),
            Fml::Some(a) => write!(f, "some {a}"),
            Fml::Not(a) => write!(f, "not ({a})"),
            Fml::And(xs) => write_joined(f, xs, " and "),
            Fml::Or(xs) => write_joined(f, xs, " or "),
            Fml::Paren(a) => write!(f, "({a})"),
            Fml::Pred(p) => f.write_str(p),
            Fml::True => f.write_str("no none"),
            Fml::False => f.write_str("some none"),
        }
    }
}

impl std::fmt::Display for RunScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut buts: Vec<String> = self
            .exact
            .iter()
            .map(|(k, c)| format!("exactly {c} {k}"))
            .collect();
        if let Some(bits) = self.bitwidth {
            buts.push(format!("{bits} Int"));
        }
        if buts.is_empty() {
            write!(f, "for {}", self.overall)
        } else {
            write!(f, "for {} but {}", self.overall, buts.join(", "))
        }
    }
}

impl LitmusExecution {
    /// The Alloy module: header, sigs, functions and facts, without a
    /// command.
    pub fn module(&self) -> String {
        let mut m = String::new();
        let _ = writeln!(m, "module {}", self.module_name);
        let _ = writeln!(m, "-- {}", self.comment);
        let _ = writeln!(m, "open {}", self.open);
        let _ = writeln!(m);
        for s in &self.sigs {
            match s {
                SigDecl::One {
                    names,
                    parent,
                    always,
                } => {
                    if !names.is_empty() || *always {
                        let _ = writeln!(m, "one sig {} extends {parent} {{}}", names.join(", "));
                    }
                }
                SigDecl::Abstract(n) => {
                    let _ = writeln!(m, "abstract sig {n} {{}}");
                }
                SigDecl::OneWithFields { name, fields } => {
                    let fs: Vec<String> =
                        fields.iter().map(|(n, e)| format!("  {n}: {e}")).collect();
                    let _ = writeln!(m, "one sig {name} {{\n{}\n}}", fs.join(",\n"));
                    let _ = writeln!(m);
                }
            }
        }
        for fun in &self.funs {
            let _ = writeln!(
                m,
                "fun {} : {} {{ {} }}",
                fun.name,
                fun.result.join("->"),
                fun.body
            );
        }
        for (k, fact) in self.facts.iter().enumerate() {
            if k > 0 {
                let _ = writeln!(m);
            }
            let _ = writeln!(m, "fact {} {{", fact.name);
            for f in &fact.body {
                let _ = writeln!(m, "  {f}");
            }
            let _ = writeln!(m, "}}");
        }
        m
    }

    /// The conjunction of [`LitmusExecution::base`], as the run command
    /// states it.
    pub fn base_formula(&self) -> Fml {
        Fml::And(self.base.clone())
    }

    /// The full module with a `run` excluding the given final states
    /// (values of the observed variables, in order).
    pub fn with_run(&self, blocked: &[Vec<i64>]) -> String {
        let mut s = self.module();
        let _ = writeln!(s, "run {RUN_NAME} {{");
        let _ = writeln!(s, "  {}", self.base_formula());
        for st in blocked {
            let _ = writeln!(s, "  {}", self.blocked(st));
        }
        let _ = writeln!(s, "}} {}", self.scope);
        s
    }

    /// The formula excluding one final state.
    pub fn blocked(&self, st: &[i64]) -> Fml {
        let conj: Vec<Fml> = self
            .observed
            .iter()
            .zip(st)
            .map(|((_, e), v)| self.observed_is(e, *v))
            .collect();
        if conj.is_empty() {
            Fml::False
        } else {
            Fml::Not(Box::new(Fml::And(conj)))
        }
    }

    /// `e = value atom of v`.
    pub fn observed_is(&self, e: &Rel, v: i64) -> Fml {
        Fml::Eq(e.clone(), Rel::Name(val_atom(v)))
    }

    /// The condition (`holds`) or its negation, as a run asks for it.
    pub fn condition(&self, prop: &super::ast::Prop, holds: bool) -> Fml {
        let f = self.prop(prop);
        if holds {
            Fml::Paren(Box::new(f))
        } else {
            Fml::Not(Box::new(f))
        }
    }

    /// The full module with a `run` asking for the condition (`holds`) or
    /// its negation on the final state.
    pub fn with_condition(&self, prop: &super::ast::Prop, holds: bool) -> String {
        let mut s = self.module();
        let _ = writeln!(s, "run {RUN_NAME} {{");
        let _ = writeln!(s, "  {}", self.base_formula());
        let _ = writeln!(s, "  {}", self.condition(prop, holds));
        let _ = writeln!(s, "}} {}", self.scope);
        s
    }

    fn term(&self, t: &Term) -> Rel {
        match t {
            Term::Const(c) => Rel::Name(val_atom(*c)),
            t => self
                .observed
                .iter()
                .find(|(v, _)| v == t)
                .map(|(_, e)| e.clone())
                .unwrap_or(Rel::None(1)),
        }
    }

    /// A condition as a formula over the observed expressions.
    pub fn prop(&self, p: &super::ast::Prop) -> Fml {
        use super::ast::Prop;
        let paren = |q: &Prop| Fml::Paren(Box::new(self.prop(q)));
        match p {
            Prop::True => Fml::True,
            Prop::False => Fml::False,
            Prop::Eq(a, b) => Fml::Eq(self.term(a), self.term(b)),
            Prop::Ne(a, b) => Fml::Ne(self.term(a), self.term(b)),
            Prop::Not(q) => Fml::Not(Box::new(self.prop(q))),
            Prop::And(a, b) => Fml::And(vec![paren(a), paren(b)]),
            Prop::Or(a, b) => Fml::Or(vec![paren(a), paren(b)]),
        }
    }
}
