//! Barrier synchronisation on one combination of paths.

use super::paths::{EvKind, Path};
use crate::ast::*;
use crate::value::Sym;
use std::collections::BTreeMap;

/// A barrier synchronisation edge: (thread, event) to (thread, event).
pub type BarEdge = ((usize, usize), (usize, usize));

/// Barrier synchronisation on one combination of paths, read as Dat3M
/// reads PTX barriers (`bar.cta.sync I{, id{, count}}`):
///
/// * the barriers of one CTA with the same instance `I` (and the same use
///   of it in their thread) form a group; a named barrier (with `id`)
///   synchronises only with group members whose id has the same value;
/// * without a count, a barrier completes when every thread of the CTA
///   that has a matching barrier instruction reaches it on its path;
///   otherwise it blocks its thread;
/// * with a count `q`, a barrier completes when at least `q` matching
///   barriers are reached; then a set `S` of at least `q` of them
///   *synchronise* (every choice of `S` is a candidate execution) and
///   each member of `S` is ordered before every other matching barrier;
/// * a `bar.arrive` never waits: it is ordered before the matching
///   `bar.sync`s, nothing is ordered before it.
///
/// Returns `None` when some barrier of the combination cannot complete
/// (the execution hangs: no final state, a liveness violation), else the
/// alternatives for the synchronisation edges.
pub fn barrier_variants(test: &Test, combo: &[&Path]) -> Option<Vec<Vec<BarEdge>>> {
    #[derive(Clone)]
    struct Member {
        ev: (usize, usize),
        arrive: bool,
        res: Option<Sym>,
        quorum: Option<i64>,
    }
    let same_res = |a: &Option<Sym>, b: &Option<Sym>| match (a, b) {
        (None, None) => true,
        (Some(Sym::Const(x)), Some(Sym::Const(y))) => x == y,
        _ => false,
    };
    let mut groups: BTreeMap<(u32, u32, i64, usize), Vec<Member>> = BTreeMap::new();
    for th in &test.threads {
        for (i, e) in combo[th.id].events.iter().enumerate() {
            if let EvKind::Barrier {
                arrive_only,
                inst,
                use_k,
                res,
                quorum,
            } = &e.kind
            {
                groups
                    .entry((th.gpu, th.cta, *inst, *use_k))
                    .or_default()
                    .push(Member {
                        ev: (th.id, i),
                        arrive: *arrive_only,
                        res: res.clone(),
                        quorum: *quorum,
                    });
            }
        }
    }
    let mut fixed: Vec<BarEdge> = Vec::new();
    // Per quorum class: its members and the least number that synchronise.
    let mut quorum_classes: Vec<(Vec<Member>, i64)> = Vec::new();
    for ((gpu, cta, inst, _), members) in &groups {
        for m in members {
            let class: Vec<&Member> = members
                .iter()
                .filter(|o| same_res(&m.res, &o.res) || o.ev == m.ev)
                .collect();
            match m.quorum {
                None => {
                    // Every thread of the CTA with a matching barrier
                    // instruction must reach the group (a member whose id
                    // turns out different does not block).
                    for th in &test.threads {
                        if (th.gpu, th.cta) != (*gpu, *cta)
                            || members.iter().any(|o| o.ev.0 == th.id)
                        {
                            continue;
                        }
                        let matching = th.instrs.iter().any(|ins| match &ins.kind {
                            InstrKind::Barrier { inst: i2, res, .. } if i2 == inst => {
                                match (&m.res, res) {
                                    (None, None) => true,
                                    (Some(Sym::Const(x)), Some(Operand::Imm(y))) => x == y,
                                    (Some(_), Some(_)) => true,
                                    _ => false,
                                }
                            }
                            _ => false,
                        });
                        if matching {
                            return None;
                        }
                    }
                    for o in &class {
                        if o.ev.0 != m.ev.0 && !o.arrive {
                            fixed.push((m.ev, o.ev));
                        }
                    }
                }
                Some(q) => {
                    if (class.len() as i64) < q {
                        return None;
                    }
                    let first = class.iter().map(|o| o.ev).min();
                    if first == Some(m.ev) {
                        quorum_classes.push((class.into_iter().cloned().collect(), q));
                    }
                }
            }
        }
    }
    let mut variants = vec![fixed];
    for (class, q) in quorum_classes {
        let n = class.len();
        let mut next = Vec::new();
        for mask in 0u32..(1u32 << n.min(16)) {
            if (mask.count_ones() as i64) < q {
                continue;
            }
            let mut edges = Vec::new();
            for (a, ma) in class.iter().enumerate() {
                if mask & (1 << a) == 0 {
                    continue;
                }
                for mb in &class {
                    if mb.ev.0 != ma.ev.0 && !mb.arrive {
                        edges.push((ma.ev, mb.ev));
                    }
                }
            }
            for v in &variants {
                let mut v2 = v.clone();
                v2.extend(edges.iter().copied());
                next.push(v2);
            }
        }
        variants = next;
    }
    for v in &mut variants {
        v.sort();
        v.dedup();
    }
    variants.sort();
    variants.dedup();
    Some(variants)
}
