//! The egg language of relational expressions, and the arity analysis.
//!
//! Terms are s-expressions over Alloy's operators: `(+ a b)` union,
//! `(& a b)` intersection, `(- a b)` difference, `(. a b)` join,
//! `(-> a b)` product, `(++ a b)` override, `(<: s r)` domain restriction,
//! `(:> r s)` range restriction, `(~ r)` converse, `(^ r)` closure,
//! `(* r)` reflexive closure, `iden`, `(none N)` and `(univ N)` (the empty /
//! full relation of arity `N`), and named relations (sigs, fields, unfolded
//! parameterless funs), whose arities live in [`RelAnalysis::names`].
//!
//! Every e-class has one arity (rewrites preserve arity), computed by
//! [`RelAnalysis`]; arity-guarded rules ([`super::rules`]) read it.

use std::collections::BTreeMap;

use egg::{define_language, Analysis, DidMerge, EGraph, Id, Language, RecExpr, Symbol};

define_language! {
    /// Alloy's relational operators (see the module documentation), the
    /// arity argument `Num` of `none`/`univ`, and named relations (`Name`).
    // egg's `define_language!` accepts no attributes on variants, so they
    // cannot carry docs of their own: the module documentation lists them.
    #[allow(missing_docs)]
    pub enum Rel {
        "+" = Union([Id; 2]),
        "&" = Inter([Id; 2]),
        "-" = Diff([Id; 2]),
        "." = Join([Id; 2]),
        "->" = Product([Id; 2]),
        "++" = Override([Id; 2]),
        "<:" = DomR([Id; 2]),
        ":>" = RanR([Id; 2]),
        "~" = Transpose(Id),
        "^" = Closure(Id),
        "*" = RClosure(Id),
        "none" = None(Id),
        "univ" = Univ(Id),
        "iden" = Iden,
        Num(u32),
        Name(Symbol),
    }
}

/// What the analysis knows about an e-class: the arity of its relations, or
/// the number it stands for (the argument of `none`/`univ`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassData {
    /// The arity of the class's relations (`None` for numbers and
    /// ill-formed terms).
    pub arity: Option<usize>,
    /// The number the class stands for, if it is a `Num`.
    pub num: Option<u32>,
}

/// Arity analysis. `names` gives the arity of every named relation.
#[derive(Clone, Debug, Default)]
pub struct RelAnalysis {
    /// The arity of every named relation.
    pub names: BTreeMap<Symbol, usize>,
}

/// The arity of a node given its children's data (`None` when ill-formed).
pub fn node_arity(
    node: &Rel,
    child: impl Fn(Id) -> ClassData,
    names: &BTreeMap<Symbol, usize>,
) -> Option<usize> {
    let a = |id: Id| child(id).arity;
    match node {
        Rel::Union([x, y]) | Rel::Inter([x, y]) | Rel::Diff([x, y]) | Rel::Override([x, y]) => {
            let (ax, ay) = (a(*x)?, a(*y)?);
            (ax == ay).then_some(ax)
        }
        Rel::Join([x, y]) => {
            let (ax, ay) = (a(*x)?, a(*y)?);
            (ax + ay > 2 && ax >= 1 && ay >= 1).then(|| ax + ay - 2)
        }
        Rel::Product([x, y]) => Some(a(*x)? + a(*y)?),
        Rel::DomR([s, r]) => (a(*s)? == 1).then_some(a(*r)?),
        Rel::RanR([r, s]) => (a(*s)? == 1).then_some(a(*r)?),
        Rel::Transpose(x) | Rel::Closure(x) | Rel::RClosure(x) => (a(*x)? == 2).then_some(2),
        Rel::None(n) | Rel::Univ(n) => child(*n).num.map(|n| n as usize).filter(|&n| n > 0),
        Rel::Iden => Some(2),
        Rel::Num(_) => None,
        Rel::Name(s) => names.get(s).copied(),
    }
}

impl Analysis<Rel> for RelAnalysis {
    type Data = ClassData;

    fn make(egraph: &mut EGraph<Rel, Self>, enode: &Rel, _id: Id) -> ClassData {
        let num = match enode {
            Rel::Num(n) => Some(*n),
            _ => None,
        };
        let arity = node_arity(enode, |id| egraph[id].data, &egraph.analysis.names);
        ClassData { arity, num }
    }

    fn merge(&mut self, a: &mut ClassData, b: ClassData) -> DidMerge {
        let mut changed_a = false;
        if a.arity.is_none() && b.arity.is_some() {
            a.arity = b.arity;
            changed_a = true;
        }
        if a.num.is_none() && b.num.is_some() {
            a.num = b.num;
            changed_a = true;
        }
        DidMerge(changed_a, (a.arity != b.arity) || (a.num != b.num))
    }
}

/// A term as a tree (the form proof steps are stated in). `node`'s own
/// child ids are meaningless; the children are `children`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Term {
    /// The root's operator (its own child ids are not used).
    pub node: Rel,
    /// The operands, in order.
    pub children: Vec<Term>,
}

impl Term {
    /// A term without children (a name, `iden`, a number).
    pub fn leaf(node: Rel) -> Term {
        Term {
            node,
            children: vec![],
        }
    }

    /// The term `node` applied to `children` (`node`'s own child ids are
    /// reset to 0).
    pub fn new(node: Rel, children: Vec<Term>) -> Term {
        let node = node.map_children(|_| Id::from(0usize));
        Term { node, children }
    }

    /// The tree of the last node of a `RecExpr`.
    pub fn from_rec_expr(e: &RecExpr<Rel>) -> Term {
        fn go(e: &RecExpr<Rel>, id: Id) -> Term {
            let n = &e[id];
            Term::new(n.clone(), n.children().iter().map(|&c| go(e, c)).collect())
        }
        go(e, Id::from(e.as_ref().len() - 1))
    }

    /// The term as an egg `RecExpr` (children before parents, the root
    /// last).
    pub fn to_rec_expr(&self) -> RecExpr<Rel> {
        fn go(t: &Term, out: &mut RecExpr<Rel>) -> Id {
            let ids: Vec<Id> = t.children.iter().map(|c| go(c, out)).collect();
            let mut i = 0;
            let node = t.node.clone().map_children(|_| {
                i += 1;
                ids[i - 1]
            });
            out.add(node)
        }
        let mut out = RecExpr::default();
        go(self, &mut out);
        out
    }

    /// The arity of this term (`None` for numbers and ill-formed terms).
    pub fn arity(&self, names: &BTreeMap<Symbol, usize>) -> Option<usize> {
        let data: Vec<ClassData> = self
            .children
            .iter()
            .map(|c| ClassData {
                arity: c.arity(names),
                num: match c.node {
                    Rel::Num(n) => Some(n),
                    _ => None,
                },
            })
            .collect();
        let mut i = 0;
        let node = self.node.clone().map_children(|_| {
            i += 1;
            Id::from(i - 1)
        });
        node_arity(&node, |id| data[usize::from(id)], names)
    }

    /// The subterm at `path` (child indices from the root).
    pub fn at(&self, path: &[usize]) -> &Term {
        path.iter().fold(self, |t, &i| &t.children[i])
    }

    /// Alloy syntax, fully parenthesised below the root.
    pub fn to_alloy(&self) -> String {
        let c = |i: usize| {
            let t = &self.children[i];
            let plain = t.children.is_empty()
                || matches!(
                    t.node,
                    Rel::Transpose(_) | Rel::Closure(_) | Rel::RClosure(_)
                )
                || (matches!(t.node, Rel::None(_) | Rel::Univ(_))
                    && t.children[0].node == Rel::Num(1));
            if plain {
                t.to_alloy()
            } else {
                format!("({})", t.to_alloy())
            }
        };
        match &self.node {
            Rel::Union(_) => format!("{} + {}", c(0), c(1)),
            Rel::Inter(_) => format!("{} & {}", c(0), c(1)),
            Rel::Diff(_) => format!("{} - {}", c(0), c(1)),
            Rel::Join(_) => format!("{}.{}", c(0), c(1)),
            Rel::Product(_) => format!("{} -> {}", c(0), c(1)),
            Rel::Override(_) => format!("{} ++ {}", c(0), c(1)),
            Rel::DomR(_) => format!("{} <: {}", c(0), c(1)),
            Rel::RanR(_) => format!("{} :> {}", c(0), c(1)),
            Rel::Transpose(_) => format!("~{}", c(0)),
            Rel::Closure(_) => format!("^{}", c(0)),
            Rel::RClosure(_) => format!("*{}", c(0)),
            Rel::None(_) | Rel::Univ(_) => {
                let word = if matches!(self.node, Rel::None(_)) {
                    "none"
                } else {
                    "univ"
                };
                let n = match self.children[0].node {
                    Rel::Num(n) => n,
                    _ => 1,
                };
                vec![word; n as usize].join("->")
            }
            Rel::Iden => "iden".into(),
            Rel::Num(n) => n.to_string(),
            Rel::Name(s) => s.to_string(),
        }
    }
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_alloy())
    }
}
