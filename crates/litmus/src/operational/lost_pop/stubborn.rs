//! Stubborn sets for LOST-POP (Valmari; Godefroid, LNCS 1032, ch. 4): at a
//! state where every thread is done, so that no request will ever be
//! accepted again, the transitions still possible are the propagations and
//! satisfactions of the requests in the state. A set `S` of them (enabled
//! or not) is *stubborn* when
//! - every enabled member's *dependents* are in `S`: every transition that
//!   may disable it, be disabled by it or not commute with it, in any state
//!   reachable by transitions outside `S` ([`LostPop::dependents`]);
//! - every disabled member has a *necessary enabling set* in `S`: a set of
//!   transitions one of which every path that enables it takes
//!   ([`LostPop::enablers`]).
//!
//! The enabled members of a stubborn set form a persistent set (the proof
//! is in docs/operational.md, "Stubborn sets"), so exploring them alone
//! keeps every reachable final outcome by the argument given there for
//! persistent sets. Both
//! relations are over-approximations read off the state; since no request
//! appears any more, the requests (and the transitions naming them) only
//! ever disappear, so what holds of the current state's requests bounds
//! every later state's.

use rustc_hash::FxHashMap;

use super::{LostPop, Req, ReqId, State, Trans, INIT};

/// The ranks of a state's requests (their places in `s.reqs`), looked up
/// by id in one step instead of a binary search: `ReqId(t, k)` at
/// `slot(t) * 256 + k`, a thread's slot its number (below 16: `prop` is a
/// 16-bit set) and the initial writes' slot 16. Built once per state by
/// the stubborn-set and independence computations, which look up ranks
/// for every transition they meet.
struct Ranks([u8; 17 * 256]);

impl Ranks {
    fn new(s: &State) -> Ranks {
        let mut r = Ranks([u8::MAX; 17 * 256]);
        for (i, (q, _)) in s.reqs.iter().enumerate() {
            if let Some(at) = Self::at(*q) {
                r.0[at] = i as u8;
            }
        }
        r
    }

    fn at(q: ReqId) -> Option<usize> {
        let slot = match q.0 {
            INIT => 16,
            t if t < 16 => t as usize,
            _ => return None,
        };
        Some(slot * 256 + q.1 as usize)
    }

    /// `q`'s rank, if it is in the state.
    fn of(&self, q: ReqId) -> Option<usize> {
        Self::at(q)
            .map(|at| self.0[at])
            .filter(|r| *r != u8::MAX)
            .map(usize::from)
    }
}

/// A transition of a state with at most 64 requests, as a number: a
/// propagation by its request's rank and target, a satisfaction by its
/// two requests' ranks (distinct ranges). Only called on transitions
/// whose requests are in the state.
fn key(ranks: &Ranks, t: &Trans) -> usize {
    let rank = |q: &ReqId| ranks.of(*q).unwrap_or(1 << 20);
    match t {
        Trans::Propagate(q, to) => rank(q) * 16 + *to as usize,
        Trans::Satisfy(r, w) => (1 << 12) + rank(r) * 64 + rank(w),
        Trans::Accept(..) => usize::MAX,
    }
}

/// A set of propagations and satisfactions of one state's requests, as
/// bit sets over the requests' ranks: a propagation `q → T` is bit `T` of
/// `props[q]`, a satisfaction of `r` from `w` bit `w` of `sats[r]`.
struct TransSet {
    props: Vec<u16>,
    sats: Vec<u64>,
}

impl TransSet {
    fn new(n: usize) -> TransSet {
        TransSet {
            props: vec![0; n],
            sats: vec![0; n],
        }
    }

    fn has(&self, ranks: &Ranks, t: &Trans) -> bool {
        match *t {
            Trans::Propagate(q, to) => ranks.of(q).is_some_and(|i| self.props[i] & (1 << to) != 0),
            Trans::Satisfy(r, w) => match (ranks.of(r), ranks.of(w)) {
                (Some(i), Some(j)) => self.sats[i] & (1 << j) != 0,
                _ => false,
            },
            Trans::Accept(..) => false,
        }
    }

    /// Adds `t`; `true` if it was not there. A transition naming a
    /// request not in the state is never added (it can never be taken).
    fn insert(&mut self, ranks: &Ranks, t: &Trans) -> bool {
        let (slot, bit) = match *t {
            Trans::Propagate(q, to) => match ranks.of(q) {
                Some(i) => (&mut self.props[i], 1u64 << to),
                None => return false,
            },
            Trans::Satisfy(r, w) => match (ranks.of(r), ranks.of(w)) {
                (Some(i), Some(j)) => {
                    let fresh = self.sats[i] & (1 << j) == 0;
                    self.sats[i] |= 1 << j;
                    return fresh;
                }
                _ => return false,
            },
            Trans::Accept(..) => return false,
        };
        let fresh = u64::from(*slot) & bit == 0;
        *slot |= bit as u16;
        fresh
    }
}

impl LostPop {
    /// The enabled members (indices into `enabled`) of the smallest
    /// stubborn set found, if smaller than `enabled`; `None` when a thread
    /// is not done, the state has more than 64 requests, or no seed gives
    /// fewer. Seeds are tried in order, each followed by a descent: the
    /// closure of a member `b` of `seed`'s closure lies inside it, so an
    /// enabled member not tried yet is tried next, until a closure has no
    /// untried member or stops being smaller. (Any seed's stubborn set
    /// would be sound; this finds small ones without trying every seed.)
    pub(super) fn stubborn(&self, s: &State, enabled: &[Trans]) -> Option<Vec<usize>> {
        if enabled.len() < 2 || s.threads.iter().any(|t| !t.done) || s.reqs.len() > 64 {
            return None;
        }
        let ranks = Ranks::new(s);
        let mut en = TransSet::new(s.reqs.len());
        for t in enabled {
            en.insert(&ranks, t);
        }
        let mut best: Option<Vec<usize>> = None;
        // Each transition's dependents (or enablers) once for all seeds.
        let mut memo = FxHashMap::default();
        let mut tried = vec![false; enabled.len()];
        for start in 0..enabled.len() {
            let mut cur = start;
            while !tried[cur] {
                tried[cur] = true;
                let bound = best.as_ref().map_or(enabled.len(), Vec::len);
                let Some(idx) =
                    self.closure(s, &ranks, enabled, &en, &enabled[cur], bound, &mut memo)
                else {
                    break;
                };
                if idx.len() == 1 {
                    return Some(idx);
                }
                // An untried member, else `cur` again (tried: the descent ends).
                cur = idx.iter().copied().find(|&j| !tried[j]).unwrap_or(cur);
                best = Some(idx);
            }
        }
        best
    }

    /// The sleep sets' independence relation ([`Model::independent`]): at
    /// a state where every thread is done, a candidate that is not among
    /// the dependents of the enabled transition `t` neither disables `t`
    /// nor is disabled by it, and commutes with it, at `s` (the dependents
    /// cover that, and more: every state reached without `t`). Elsewhere
    /// (a thread not done, more than 64 requests) no candidate is called
    /// independent.
    ///
    /// [`Model::independent`]: super::super::Model::independent
    pub(super) fn independent_of(
        &self,
        s: &State,
        t: &Trans,
        candidates: &[Trans],
        out: &mut Vec<Trans>,
    ) {
        if s.threads.iter().any(|t| !t.done) || s.reqs.len() > 64 {
            return;
        }
        let mut deps = Vec::new();
        self.dependents(s, t, &mut deps);
        // A few candidates (the sleep set and the transitions taken
        // before): a scan of the list beats building a set.
        out.extend(
            candidates
                .iter()
                .filter(|u| *u != t && !deps.contains(u))
                .cloned(),
        );
    }

    /// The stubborn closure of `seed`, as the indices of its enabled
    /// members, or `None` once it has `bound` enabled members (no gain) or
    /// meets a disabled transition with no necessary enabling set known.
    /// `en`: the enabled transitions as a set; `memo`: the dependents of
    /// enabled transitions and enablers of disabled ones found so far
    /// (`None`: none known), by [`key`].
    #[allow(clippy::too_many_arguments)]
    fn closure(
        &self,
        s: &State,
        ranks: &Ranks,
        enabled: &[Trans],
        en: &TransSet,
        seed: &Trans,
        bound: usize,
        memo: &mut FxHashMap<usize, Option<Vec<Trans>>>,
    ) -> Option<Vec<usize>> {
        let mut set = TransSet::new(s.reqs.len());
        set.insert(ranks, seed);
        let mut work = vec![seed.clone()];
        let mut members = 0;
        while let Some(t) = work.pop() {
            let on = en.has(ranks, &t);
            if on {
                members += 1;
                if members >= bound {
                    return None;
                }
            }
            let next = memo.entry(key(ranks, &t)).or_insert_with(|| {
                let mut out = Vec::new();
                let known = if on {
                    self.dependents(s, &t, &mut out);
                    true
                } else {
                    self.enablers(s, &t, &mut out).is_some()
                };
                // Once, for every closure that meets `t`: the case
                // analysis names many transitions twice.
                out.sort_unstable_by_key(|u| key(ranks, u));
                out.dedup();
                known.then_some(out)
            });
            for u in next.as_ref()? {
                if set.insert(ranks, u) {
                    work.push(u.clone());
                }
            }
        }
        let idx: Vec<usize> = (0..enabled.len())
            .filter(|&j| set.has(ranks, &enabled[j]))
            .collect();
        Some(idx)
    }

    /// Every transition that may disable the enabled transition `t`, be
    /// disabled by it, or not commute with it, in `s` or any state reached
    /// from `s` without `t` (docs/operational.md, "Stubborn sets", gives
    /// the case analysis).
    fn dependents(&self, s: &State, t: &Trans, out: &mut Vec<Trans>) {
        match *t {
            Trans::Propagate(q, to) => {
                let qr = &s.reqs[&q];
                // The satisfactions that compare its propagation set
                // (A.2.3: same threads), with a partner not at `to` (one
                // at `to` can only meet `q`'s set after this propagation).
                // Its propagations to other threads commute with it (each
                // places `q` at its own target only).
                self.sats_of(s, q, |x| x.prop & (1 << to) == 0, out);
                // Requests placed before `q` at its thread (A.2.2) block
                // it; so do predecessors made by an older read of its
                // thread (§4.3): writes placed before that read.
                let older = self.older_read_locs(s, q);
                self.props_to(
                    s,
                    q.0,
                    |x, xr| {
                        (xr.loc == qr.loc && (xr.write || qr.write) && qr.prop & (1 << x.0) == 0)
                            || (xr.write && older & loc_bit(xr.loc) != 0)
                    },
                    out,
                );
                // `q` is placed before the target's same-address requests
                // that have not reached `q`'s thread (one of the two a
                // write): that blocks their propagations and may come
                // between a write and their satisfaction. A write so
                // placed before a read becomes a predecessor of the target
                // (§4.3), ordered before the target's requests younger
                // than the read, whatever their address.
                let placed = |bq: &Req| {
                    bq.loc == qr.loc && (bq.write || qr.write) && bq.prop & (1 << q.0) == 0
                };
                let via = s
                    .reqs
                    .iter()
                    .filter(|(b, bq)| b.0 == to && qr.write && !bq.write && placed(bq))
                    .map(|(b, _)| b.1)
                    .min();
                let at_target: Vec<ReqId> = s
                    .reqs
                    .iter()
                    .filter(|(b, bq)| b.0 == to && (placed(bq) || via.is_some_and(|v| b.1 > v)))
                    .map(|(b, _)| *b)
                    .collect();
                for b in at_target {
                    self.props_of(s, b, out);
                    if !s.reqs[&b].write {
                        self.sats_of(s, b, |_| true, out);
                    }
                }
            }
            Trans::Satisfy(r, w) => {
                let rr = &s.reqs[&r];
                // Another write for the same read; the propagations that
                // change either side's propagation set (the sets are
                // equal now); they also clear the local constraints out
                // of `w` once it is at every thread.
                self.sats_of(s, r, |_| true, out);
                self.props_of(s, r, out);
                self.props_of(s, w, out);
                // Whatever may come between `w` and `r`: a write placed
                // before `r` at its thread, or a predecessor made by an
                // older read of the thread.
                let older = self.older_read_locs(s, r);
                self.props_to(
                    s,
                    r.0,
                    |x, xr| {
                        xr.write
                            && ((xr.loc == rr.loc && rr.prop & (1 << x.0) == 0)
                                || older & loc_bit(xr.loc) != 0)
                    },
                    out,
                );
            }
            Trans::Accept(..) => unreachable!("no thread accepts once every thread is done"),
        }
    }

    /// A necessary enabling set of the disabled transition `t`: every path
    /// from `s` that enables `t` takes one of them (empty when nothing
    /// does). `None` when none is known (the closure then gives up).
    fn enablers(&self, s: &State, t: &Trans, out: &mut Vec<Trans>) -> Option<()> {
        match *t {
            Trans::Propagate(q, to) => {
                let Some(qr) = s.reqs.get(&q) else {
                    return Some(()); // gone for good
                };
                if qr.prop & (1 << to) != 0 {
                    return Some(());
                }
                // One constraint `a → q` that blocks it: it stops blocking
                // only when `a` reaches a thread it lacks (the one it
                // lacks first, below: every one is needed), or, a read,
                // is satisfied (and so removed). A write is collected
                // only once at every thread; a constraint is dropped only
                // with its ends, or, a local one, when its source is at
                // every thread.
                let (a, need) = Self::into_req(s, q).find_map(|(a, e)| {
                    let ar = &s.reqs[&a];
                    let need = if e.local != 0 && ar.prop & e.local != e.local {
                        e.local & !ar.prop
                    } else if e.obs && a.0 == q.0 && ar.prop != self.all {
                        self.all & !ar.prop
                    } else if e.obs && a.0 != q.0 && ar.prop & (1 << to) == 0 {
                        1 << to
                    } else {
                        0
                    };
                    (need != 0).then_some((a, need))
                })?;
                out.push(Trans::Propagate(a, need.trailing_zeros() as u8));
                if !s.reqs[&a].write {
                    self.sats_of(s, a, |_| true, out);
                }
            }
            Trans::Satisfy(r, w) => {
                let (Some(rr), Some(wr)) = (s.reqs.get(&r), s.reqs.get(&w)) else {
                    return Some(()); // a request gone never comes back
                };
                if rr.prop != wr.prop {
                    // Propagation sets only grow: the side that lacks a
                    // thread the other has must reach it.
                    let (x, lack) = if rr.prop & !wr.prop != 0 {
                        (w, rr.prop & !wr.prop)
                    } else {
                        (r, wr.prop & !rr.prop)
                    };
                    out.push(Trans::Propagate(x, lack.trailing_zeros() as u8));
                    return Some(());
                }
                if !Self::edge(s, w, r) {
                    // `w` is at `r`'s thread (the sets are equal): the
                    // constraint `w → r` could only come from propagating
                    // `w` there (A.2.2), or accepting `r`. Never.
                    return Some(());
                }
                // A request `m` between: it must go (a read satisfied; a
                // write collected, once at every thread), or a constraint
                // around it be dropped (a local one, once its source is at
                // every thread).
                let m = Self::into_req(s, r)
                    .map(|(m, _)| m)
                    .find(|m| *m != w && s.reqs[m].loc == rr.loc && Self::edge(s, w, *m))?;
                let mr = &s.reqs[&m];
                let local_only = |a: ReqId, b: ReqId| s.order.get(&(b, a)).is_some_and(|e| !e.obs);
                if mr.write || local_only(m, r) {
                    if mr.prop == self.all {
                        // Only garbage collection could remove it.
                        return None;
                    }
                    out.push(Trans::Propagate(m, (!mr.prop).trailing_zeros() as u8));
                }
                if local_only(w, m) && wr.prop != self.all {
                    out.push(Trans::Propagate(w, (!wr.prop).trailing_zeros() as u8));
                }
                if !mr.write {
                    self.sats_of(s, m, |_| true, out);
                }
            }
            Trans::Accept(..) => return None,
        }
        Some(())
    }

    /// The addresses of the unsatisfied reads of `q`'s thread older than
    /// `q`, as a bit set (all bits past 127 addresses).
    fn older_read_locs(&self, s: &State, q: ReqId) -> u128 {
        s.reqs
            .iter()
            .filter(|(id, r)| id.0 == q.0 && id.1 < q.1 && !r.write)
            .fold(0, |m, (_, r)| m | loc_bit(r.loc))
    }

    /// Every propagation of `q` still possible.
    fn props_of(&self, s: &State, q: ReqId, out: &mut Vec<Trans>) {
        let prop = s.reqs[&q].prop;
        for to in 0..s.threads.len() as u8 {
            if prop & (1 << to) == 0 {
                out.push(Trans::Propagate(q, to));
            }
        }
    }

    /// Every propagation to thread `to` of a request satisfying `f`.
    fn props_to(&self, s: &State, to: u8, f: impl Fn(ReqId, &Req) -> bool, out: &mut Vec<Trans>) {
        for (x, xr) in s.reqs.iter() {
            if xr.prop & (1 << to) == 0 && f(*x, xr) {
                out.push(Trans::Propagate(*x, to));
            }
        }
    }

    /// Every satisfaction naming `q`: of it (a read) or from it (a
    /// write), with a partner satisfying `f`.
    fn sats_of(&self, s: &State, q: ReqId, f: impl Fn(&Req) -> bool, out: &mut Vec<Trans>) {
        let qr = &s.reqs[&q];
        for (x, xr) in s.reqs.iter() {
            if xr.loc == qr.loc && xr.write != qr.write && f(xr) {
                out.push(if qr.write {
                    Trans::Satisfy(*x, q)
                } else {
                    Trans::Satisfy(q, *x)
                });
            }
        }
    }
}

/// Address `l` as a bit: addresses past 127 share every bit (a
/// conservative set: it only adds dependents).
fn loc_bit(l: u8) -> u128 {
    1u128.checked_shl(l as u32).unwrap_or(u128::MAX)
}
