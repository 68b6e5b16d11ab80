//! The value domain: the finite set of values a test's executions can
//! produce.

use super::paths::{EvKind, Path};
use crate::ast::*;
use crate::value::Sym;
use relprove_engine::diag::{Diagnostic, Phase};
use std::collections::{BTreeMap, BTreeSet};

/// The finite set of values any execution can produce: initial values,
/// constants, and the closure of the written values under the program's
/// operations, iterated once per write (a value reaches a read through an
/// rf/data-flow chain that visits each write at most once, given no
/// thin-air cycles).
pub fn value_domain(test: &Test, all: &[Vec<Path>]) -> Result<BTreeSet<i64>, Diagnostic> {
    const MAX: usize = 32;
    let init = |x: &str| {
        test.init_locs
            .iter()
            .find(|(l, _, _)| l == x)
            .map_or(0, |(_, v, _)| *v)
    };
    let mut locs: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let mut writes = 0usize;
    for ps in all {
        for p in ps {
            for e in &p.events {
                if let EvKind::Read { loc, .. } | EvKind::Write { loc, .. } = &e.kind {
                    locs.entry(loc.clone())
                        .or_insert_with(|| BTreeSet::from([init(loc)]));
                }
                if matches!(e.kind, EvKind::Write { .. }) {
                    writes += 1;
                }
            }
        }
    }
    fn vals(
        s: &Sym,
        p: &Path,
        locs: &BTreeMap<String, BTreeSet<i64>>,
        out: &mut BTreeSet<i64>,
    ) -> BTreeSet<i64> {
        let r = match s {
            Sym::Const(c) => BTreeSet::from([*c]),
            Sym::Read(i) => match &p.events[*i].kind {
                EvKind::Read { loc, .. } => locs[loc].clone(),
                _ => BTreeSet::new(),
            },
            Sym::Op(op, a, b) => {
                let (a, b) = (vals(a, p, locs, out), vals(b, p, locs, out));
                a.iter()
                    .flat_map(|x| b.iter().map(move |y| op.apply(*x, *y)))
                    .collect()
            }
        };
        out.extend(r.iter().copied());
        r
    }
    let too_many = || {
        Diagnostic::new(
            Phase::Litmus,
            test.name_span,
            format!("unsupported: the test's values do not fit a domain of {MAX} values"),
        )
    };
    for _ in 0..=writes {
        let mut next = locs.clone();
        let mut scratch = BTreeSet::new();
        for ps in all {
            for p in ps {
                for e in &p.events {
                    if let EvKind::Write { loc, val, .. } = &e.kind {
                        let v = vals(val, p, &locs, &mut scratch);
                        next.get_mut(loc).unwrap().extend(v);
                    }
                }
            }
        }
        if next.values().any(|s| s.len() > MAX) {
            return Err(too_many());
        }
        if next == locs {
            break;
        }
        locs = next;
    }
    let mut dom: BTreeSet<i64> = locs.values().flatten().copied().collect();
    dom.extend(test.init_locs.iter().map(|(_, v, _)| *v));
    dom.extend(test.init_regs.iter().map(|(_, _, v, _)| *v));
    dom.insert(0);
    for ps in all {
        for p in ps {
            let mut out = BTreeSet::new();
            for (_, a, b) in &p.conds {
                vals(a, p, &locs, &mut out);
                vals(b, p, &locs, &mut out);
            }
            for s in p.regs.values() {
                vals(s, p, &locs, &mut out);
            }
            for e in &p.events {
                if let EvKind::Write { val, .. } = &e.kind {
                    vals(val, p, &locs, &mut out);
                }
            }
            dom.extend(out);
        }
    }
    fn consts(p: &Prop, out: &mut BTreeSet<i64>) {
        match p {
            Prop::Eq(a, b) | Prop::Ne(a, b) => {
                for t in [a, b] {
                    if let Term::Const(c) = t {
                        out.insert(*c);
                    }
                }
            }
            Prop::Not(p) => consts(p, out),
            Prop::And(p, q) | Prop::Or(p, q) => {
                consts(p, out);
                consts(q, out);
            }
            Prop::True | Prop::False => {}
        }
    }
    consts(&test.cond.prop, &mut dom);
    if dom.len() > MAX {
        return Err(too_many());
    }
    Ok(dom)
}
