//! The Alloy names of the lowering's atoms (events, locations, threads,
//! scopes, proxies, values) and small builders of its formulas.

use super::binding::{Binding, ScopeTree};
use crate::ast::{Proxy, Scope, Thread};
use crate::execution::{Fml, Rel};
use crate::value::{val_atom, Sym};
use std::collections::BTreeMap;

/// Alloy name of event `i` of thread `t`.
pub fn ev_name(t: usize, i: usize) -> String {
    format!("lt_e{t}_{i}")
}

/// Alloy name of location `x`.
pub fn vaddr_name(x: &str) -> String {
    format!("lt_va_{}", sanitize(x))
}

pub(super) fn mixed_proxy_atom(p: Proxy) -> &'static str {
    match p {
        Proxy::Generic => "GenericProxy",
        Proxy::Surface => "SurfaceProxy",
        Proxy::Texture => "TextureProxy",
        Proxy::Constant => "ConstantProxy",
    }
}

pub(super) fn proxy_atom(p: Proxy) -> &'static str {
    match p {
        Proxy::Generic => "GEN",
        Proxy::Surface => "SUR",
        Proxy::Texture => "TEX",
        Proxy::Constant => "CON",
    }
}

/// Alloy name of the (physical) location `x`: an address atom.
pub fn loc_name(x: &str) -> String {
    format!("lt_loc_{x}")
}

pub(super) fn thread_name(t: usize) -> String {
    format!("lt_T{t}")
}

/// `lt_V.<field>`, parenthesised (`(lt_V.lt_val)`).
pub(super) fn lt_v(field: &str) -> Rel {
    Rel::paren(Rel::join(Rel::name("lt_V"), Rel::name(field)))
}

/// The value of event `n`: `n.(lt_V.lt_val)`.
pub(super) fn val_of(n: &str) -> Rel {
    Rel::join(Rel::name(n), lt_v("lt_val"))
}

pub(super) fn sym_rel(s: &Sym, t: usize) -> Rel {
    match s {
        Sym::Const(c) => Rel::Name(val_atom(*c)),
        Sym::Read(i) => val_of(&ev_name(t, *i)),
        Sym::Op(op, a, b) => Rel::join(
            Rel::paren(sym_rel(b, t)),
            Rel::paren(Rel::join(
                Rel::paren(sym_rel(a, t)),
                Rel::Name(format!("lt_op_{}", op.name())),
            )),
        ),
    }
}

pub(super) fn scope_atom(b: &Binding, sc: Option<Scope>, th: &Thread) -> String {
    match sc {
        None => thread_name(th.id),
        Some(Scope::Cta) => format!("lt_cta{}_{}", th.gpu, th.cta),
        Some(Scope::Gpu) => format!("lt_gpu{}", th.gpu),
        Some(Scope::Sys) => sys_atom(b).to_string(),
    }
}

pub(super) fn sys_atom(b: &Binding) -> &'static str {
    match b.scope_tree {
        ScopeTree::SubField => "lt_sys",
        ScopeTree::Levels => "System",
    }
}

pub(super) fn pair(a: impl Into<String>, b: impl Into<String>) -> Vec<String> {
    vec![a.into(), b.into()]
}

/// `rel = rows` (a binary relation pinned to its tuples).
pub(super) fn pinned(rel: &str, rows: Vec<Vec<String>>) -> Fml {
    Fml::Eq(Rel::name(rel), Rel::tuples(rows, 2))
}

/// `sig = atoms`.
pub(super) fn pinned_set(sig: &str, atoms: &[String]) -> Fml {
    Fml::Eq(Rel::name(sig), Rel::union_of(atoms))
}

/// Count one event of sig `sig` in it and all its ancestors.
pub(super) fn count_kind(kinds: &mut BTreeMap<String, usize>, b: &Binding, sig: &str) {
    let mut cur = sig;
    loop {
        *kinds.entry(cur.to_string()).or_default() += 1;
        match b.hierarchy.iter().find(|(c, _)| *c == cur) {
            Some((_, p)) => cur = p,
            None => break,
        }
    }
}

pub(super) fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
