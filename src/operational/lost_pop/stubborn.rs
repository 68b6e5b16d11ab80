//! Stubborn sets for LOST-POP (Valmari; Godefroid, LNCS 1032, §4.3): at a
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
//! The enabled members of a stubborn set form a persistent set (Godefroid,
//! Thm. 4.11), so exploring them alone keeps every reachable final outcome
//! by the argument docs/operational.md gives for persistent sets. Both
//! relations are over-approximations read off the state; since no request
//! appears any more, the requests (and the transitions naming them) only
//! ever disappear, so what holds of the current state's requests bounds
//! every later state's.

use super::{LostPop, Req, ReqId, State, Trans};

impl LostPop {
    /// The enabled members (indices into `enabled`) of the smallest
    /// stubborn set grown from one enabled transition, if smaller than
    /// `enabled`; `None` when a thread is not done or no seed gives fewer.
    pub(super) fn stubborn(&self, s: &State, enabled: &[Trans]) -> Option<Vec<usize>> {
        if enabled.len() < 2 || s.threads.iter().any(|t| !t.done) {
            return None;
        }
        let mut best: Option<Vec<usize>> = None;
        for seed in enabled {
            let bound = best.as_ref().map_or(enabled.len(), Vec::len);
            if let Some(idx) = self.closure(s, enabled, seed, bound) {
                let small = idx.len() == 1;
                best = Some(idx);
                if small {
                    break;
                }
            }
        }
        best
    }

    /// The stubborn closure of `seed`, as the indices of its enabled
    /// members, or `None` once it has `bound` enabled members (no gain) or
    /// meets a disabled transition with no necessary enabling set known.
    fn closure(
        &self,
        s: &State,
        enabled: &[Trans],
        seed: &Trans,
        bound: usize,
    ) -> Option<Vec<usize>> {
        let mut set = vec![seed.clone()];
        let mut idx = Vec::new();
        let mut i = 0;
        while i < set.len() {
            let t = set[i].clone();
            i += 1;
            let more = match enabled.iter().position(|e| *e == t) {
                Some(j) => {
                    idx.push(j);
                    if idx.len() >= bound {
                        return None;
                    }
                    self.dependents(s, &t)
                }
                None => self.enablers(s, &t)?,
            };
            for u in more {
                if !set.contains(&u) {
                    set.push(u);
                }
            }
        }
        idx.sort_unstable();
        Some(idx)
    }

    /// Every transition that may disable the enabled transition `t`, be
    /// disabled by it, or not commute with it, in `s` or any state reached
    /// from `s` without `t` (docs/operational.md, "Stubborn sets", gives
    /// the case analysis).
    fn dependents(&self, s: &State, t: &Trans) -> Vec<Trans> {
        let mut out = Vec::new();
        match *t {
            Trans::Propagate(q, to) => {
                let qr = &s.reqs[&q];
                // The satisfactions that compare its propagation set
                // (A.2.3: same threads), with a partner not at `to` (one
                // at `to` can only meet `q`'s set after this propagation).
                // Its propagations to other threads commute with it (each
                // places `q` at its own target only).
                self.sats_of(s, q, |x| x.prop & (1 << to) == 0, &mut out);
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
                    &mut out,
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
                    self.props_of(s, b, &mut out);
                    if !s.reqs[&b].write {
                        self.sats_of(s, b, |_| true, &mut out);
                    }
                }
            }
            Trans::Satisfy(r, w) => {
                let rr = &s.reqs[&r];
                // Another write for the same read; the propagations that
                // change either side's propagation set (the sets are
                // equal now); they also clear the local constraints out
                // of `w` once it is at every thread.
                self.sats_of(s, r, |_| true, &mut out);
                self.props_of(s, r, &mut out);
                self.props_of(s, w, &mut out);
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
                    &mut out,
                );
            }
            Trans::Accept(..) => unreachable!("no thread accepts once every thread is done"),
        }
        out
    }

    /// A necessary enabling set of the disabled transition `t`: every path
    /// from `s` that enables `t` takes one of them (empty when nothing
    /// does). `None` when none is known (the closure then gives up).
    fn enablers(&self, s: &State, t: &Trans) -> Option<Vec<Trans>> {
        let mut out = Vec::new();
        match *t {
            Trans::Propagate(q, to) => {
                let Some(qr) = s.reqs.get(&q) else {
                    return Some(out); // gone for good
                };
                if qr.prop & (1 << to) != 0 {
                    return Some(out);
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
                    self.sats_of(s, a, |_| true, &mut out);
                }
            }
            Trans::Satisfy(r, w) => {
                let (Some(rr), Some(wr)) = (s.reqs.get(&r), s.reqs.get(&w)) else {
                    return Some(out); // a request gone never comes back
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
                    return Some(out);
                }
                if !Self::edge(s, w, r) {
                    // `w` is at `r`'s thread (the sets are equal): the
                    // constraint `w → r` could only come from propagating
                    // `w` there (A.2.2), or accepting `r`. Never.
                    return Some(out);
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
                    self.sats_of(s, m, |_| true, &mut out);
                }
            }
            Trans::Accept(..) => return None,
        }
        Some(out)
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
