//! LOST-POP (seed 002: Goens et al., *Compound Memory Models*, PLDI 2023,
//! §4-5 and Appendix A), with the x86-TSO and PTX thread subsystems of §5
//! and their composition (§4.6): each thread has its own architecture.
//!
//! State (App. A.1): the active requests (reads and writes; each with its
//! thread, the set of threads it has propagated to, its scope), the
//! scope-labelled `order` relation between active requests, the
//! predecessors of each thread (§4.3), and per thread its program counter
//! and registers. Fences are not requests that propagate (§4.5, "fences do
//! not propagate"); they are recorded in their thread and act only through
//! the order constraints they impose on later requests (the LOST principle).
//!
//! Transitions (App. A.2): accept a request at its thread (A.2.1), propagate
//! a request to a thread (A.2.2), satisfy a read with a write (A.2.3).
//! Initial values are fully-propagated initial writes (App. A.4).
//!
//! Decisions beyond the seed's text are marked `CHOICE:` and listed in
//! docs/operational.md.

use crate::ast::{FenceKind, Scope, Sem};

use super::program::{describe_op, rmw_value, MemOp, Next, Obs, Opnd, Program};
use super::vecmap::VecMap;
use super::{Model, OpError};

#[cfg(test)]
mod census;
mod stubborn;

/// The thread number of the initial writes.
const INIT: u8 = u8::MAX;

/// The largest raw position (see [`Pos`]): a search path on which one
/// thread accepts more requests is reported. With the visited set
/// comparing positions by rank, a path that long needs as many distinct
/// states on it (the Dat3M loop tests take at most 600 states in all);
/// with sleep sets, whose visited set keeps raw states, a loop whose
/// requests stay in the state ends here.
const MAX_POS: Pos = 2048;

/// A position in a thread's sequence of requests and fences. Raw
/// positions only grow along a search path (a looping thread's live
/// requests are never renamed in the state); the visited set hashes a
/// looping thread's positions by their rank among its live ones
/// ([`LostPop::canonical_state`]).
type Pos = u16;

/// A request: `(thread, k)`, `k` counting the requests (and fences) its
/// thread accepted before it, so that ids do not depend on the interleaving
/// (an initial write is `(INIT, location)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReqId(u8, Pos);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Req {
    write: bool,
    loc: u8,
    /// A write's value.
    val: i64,
    /// A read's destination register.
    dst: Option<u8>,
    /// A read that is the first half of a read-modify-write: the
    /// instruction, for the write half.
    rmw: Option<u16>,
    /// PTX: semantics at least acquire / at least release.
    acq: bool,
    rel: bool,
    /// The threads of the request's scope (PTX weak: its own thread;
    /// x86: every thread).
    scope: u16,
    /// The threads it has propagated to.
    prop: u16,
}

/// An order constraint `a → b`: an observation (system scope; App. A.2.1
/// rule 1 and A.2.2) and/or an architecture-enforced order at a scope
/// (A.2.1 rule 2, §4.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Edge {
    obs: bool,
    local: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ThreadSt {
    pc: u16,
    steps: u32,
    next_k: Pos,
    /// Waiting for its read-modify-write's read.
    rmw_pending: bool,
    /// Local instructions wait for a register (a load not yet satisfied).
    blocked: bool,
    done: bool,
}

/// An accepted fence: its position `k`, what it orders (§5: release ⇒
/// R+pred → W and W → W; acquire ⇒ R → R/W; sc ⇒ everything; x86's
/// MFENCE is `sc`), and its scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Fence {
    k: Pos,
    rel: bool,
    acq: bool,
    sc: bool,
    scope: u16,
}

impl Fence {
    fn new(k: Pos, kind: FenceKind, scope: u16) -> Fence {
        Fence {
            k,
            rel: matches!(kind, FenceKind::Release | FenceKind::AcqRel | FenceKind::Sc),
            acq: matches!(kind, FenceKind::Acquire | FenceKind::AcqRel | FenceKind::Sc),
            sc: kind == FenceKind::Sc,
            scope,
        }
    }
}

/// A LOST-POP state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    threads: Vec<ThreadSt>,
    /// Every thread's registers, thread after thread (thread `t`'s are
    /// `LostPop::regs(t)`): one vector instead of one per thread, so that
    /// cloning a state (once per transition) allocates less.
    regs: Vec<Option<i64>>,
    /// Accepted fences, by thread then position `k`.
    fences: Vec<(u8, Fence)>,
    reqs: VecMap<ReqId, Req>,
    /// Keyed `(to, from)`, so that a request's incoming constraints are
    /// adjacent.
    order: VecMap<(ReqId, ReqId), Edge>,
    /// Predecessor writes of a thread (§4.3): `(w, t, via)`, `via` the
    /// position of the read of `t` that made `w` a predecessor (one entry
    /// per read: positions are not bounded, see [`Pos`]).
    preds: VecMap<(ReqId, u8, Pos), ()>,
}

/// A transition (App. A.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Trans {
    /// Thread accepts its next memory instruction (at `pc`).
    Accept(u8, u16),
    /// Request propagates to a thread.
    Propagate(ReqId, u8),
    /// A read is satisfied by a write.
    Satisfy(ReqId, ReqId),
}

/// The LOST-POP model over a compiled test.
pub struct LostPop {
    prog: Program,
    all: u16,
    /// Per thread: its cta and gpu scopes as thread sets.
    cta: Vec<u16>,
    gpu: Vec<u16>,
    observes_memory: bool,
    /// Per location: the threads with a read-modify-write of it (see
    /// [`Model::persistent`]).
    rmw_threads: Vec<u16>,
    /// Thread `t`'s registers are `regs[reg_base[t]..reg_base[t + 1]]`.
    reg_base: Vec<usize>,
    /// The threads whose code loops (see [`LostPop::rebase`]).
    loops: u16,
}

impl LostPop {
    /// The model for `prog`; fails on a thread with more than 128 registers.
    pub fn new(prog: Program) -> Result<LostPop, OpError> {
        let n = prog.threads.len();
        let all = if n >= 16 { u16::MAX } else { (1u16 << n) - 1 };
        let set =
            |f: &dyn Fn(usize) -> bool| (0..n).filter(|&u| f(u)).fold(0u16, |m, u| m | (1 << u));
        let th = &prog.threads;
        // x86 is unscoped (§5): every x86 request is at system scope. PTX
        // scopes contain the PTX threads of the same CTA / GPU.
        let cta = (0..n)
            .map(|t| {
                if th[t].x86 {
                    all
                } else {
                    set(&|u| !th[u].x86 && th[u].gpu == th[t].gpu && th[u].cta == th[t].cta)
                }
            })
            .collect();
        let gpu = (0..n)
            .map(|t| {
                if th[t].x86 {
                    all
                } else {
                    set(&|u| !th[u].x86 && th[u].gpu == th[t].gpu)
                }
            })
            .collect();
        let observes_memory = prog.observed.iter().any(|o| matches!(o, Obs::Loc(_)));
        let mut rmw_threads = vec![0u16; prog.locs.len()];
        for (t, _) in th.iter().enumerate() {
            for (op, _) in prog.mem_ops(t) {
                if let MemOp::Rmw { loc, .. } = op {
                    rmw_threads[*loc as usize] |= 1 << t;
                }
            }
        }
        let mut reg_base = vec![0];
        for th in th.iter() {
            if th.init_regs.len() > 128 {
                return Err(OpError::TooLarge {
                    span: prog.name_span,
                    what: "a thread with more than 128 registers".to_string(),
                });
            }
            reg_base.push(reg_base.last().copied().unwrap_or(0) + th.init_regs.len());
        }
        let loops = set(&|t| th[t].loops());
        Ok(LostPop {
            loops,
            reg_base,
            prog,
            all,
            cta,
            gpu,
            observes_memory,
            rmw_threads,
        })
    }

    fn scope_mask(&self, t: usize, sem: Sem, scope: Option<Scope>, default: Scope) -> u16 {
        if self.prog.threads[t].x86 {
            return self.all;
        }
        // §5: "weak accesses are scoped only to their own threads".
        if sem == Sem::Weak {
            return 1 << t;
        }
        match scope.unwrap_or(default) {
            Scope::Cta => self.cta[t],
            Scope::Gpu => self.gpu[t],
            Scope::Sys => self.all,
        }
    }

    fn x86(&self, t: u8) -> bool {
        self.prog.threads[t as usize].x86
    }

    /// Run every thread's local instructions and accept its fences, so
    /// that a state's threads all stand at a request (or are done).
    fn normalize(&self, s: &mut State) -> Result<(), OpError> {
        for t in 0..s.threads.len() {
            loop {
                let th = &mut s.threads[t];
                if th.rmw_pending || th.done {
                    break;
                }
                let mut pc = th.pc as usize;
                let regs = &mut s.regs[self.reg_base[t]..self.reg_base[t + 1]];
                // At most 128 registers (checked in `new`).
                let pending = Self::pending(regs);
                let next = self.prog.advance(t, &mut pc, regs, &mut th.steps)?;
                th.pc = pc as u16;
                if self.loops & (1 << t) != 0 {
                    // The loop bound counts jumps between two memory
                    // instructions only, so that a loop that accesses
                    // memory runs as long as the interleaving makes it
                    // (its states repeat: see `rebase`); a purely local
                    // loop still ends at the bound.
                    th.steps = 0;
                }
                let overwritten = pending & !Self::pending(regs);
                for r in (0..128u8).filter(|r| overwritten & (1 << r) != 0) {
                    Self::overwrite(s, t as u8, r);
                }
                let th = &mut s.threads[t];
                th.blocked = next == Next::Blocked;
                match next {
                    Next::Done => th.done = true,
                    Next::Blocked => {}
                    Next::Mem(pc) => {
                        if let (MemOp::Fence { kind, scope }, _) = self.prog.mem_op(t, pc) {
                            // Fences only constrain later requests (§4.3).
                            let mask = self.scope_mask(t, Sem::Relaxed, *scope, Scope::Sys);
                            let k = th.next_k;
                            th.pc += 1;
                            let at = s.fences.partition_point(|(u, _)| *u as usize <= t);
                            s.fences.insert(at, (t as u8, Fence::new(k, *kind, mask)));
                            s.threads[t].next_k = self.next_pos(s, t, k, 1)?;
                            continue;
                        }
                    }
                }
                break;
            }
        }
        Ok(())
    }

    /// The registers not known (a load into them pending), as a bit set.
    fn pending(regs: &[Option<i64>]) -> u128 {
        regs.iter()
            .enumerate()
            .filter(|(_, v)| v.is_none())
            .fold(0, |m, (r, _)| m | (1 << r))
    }

    /// Thread `t`'s registers.
    fn regs<'s>(&self, s: &'s State, t: usize) -> &'s [Option<i64>] {
        &s.regs[self.reg_base[t]..self.reg_base[t + 1]]
    }

    fn reg_mut<'s>(&self, s: &'s mut State, t: usize, r: u8) -> &'s mut Option<i64> {
        &mut s.regs[self.reg_base[t] + r as usize]
    }

    /// Thread `t` writes register `d` (a local instruction, or accepting a
    /// load into it) while an earlier read into `d` is still unsatisfied:
    /// that read no longer writes the register, so that register writes
    /// take effect in program order whichever is satisfied first.
    fn overwrite(s: &mut State, t: u8, d: u8) {
        let older: Vec<ReqId> = s
            .reqs
            .iter()
            .filter(|(id, q)| id.0 == t && !q.write && q.dst == Some(d))
            .map(|(id, _)| *id)
            .collect();
        for id in older {
            if let Some(q) = s.reqs.get_mut(&id) {
                q.dst = None;
            }
        }
    }

    fn too_many(&self, t: usize) -> OpError {
        let what = if self.loops & (1 << t) != 0 {
            format!(
                "thread P{t} has more than 60 requests in the state at once \
                 (a loop runs ahead of its requests, which stay in the state)"
            )
        } else {
            format!("thread P{t} issues more than 60 requests")
        };
        OpError::TooLarge {
            span: self.prog.name_span,
            what,
        }
    }

    /// Thread `t`'s next position after `k`, its next request or fence
    /// taking `step` positions. A loop-free thread has at most 61
    /// positions. A looping thread's positions grow along a search path
    /// (up to [`MAX_POS`]); what is limited is how many of them are live
    /// at once ([`LostPop::positions`]: its requests in the state, the
    /// reads that made its predecessors, its fences among them): at most
    /// 60, so that a loop that runs ahead while its requests stay in the
    /// state is reported instead of growing the state without end.
    fn next_pos(&self, s: &State, t: usize, k: Pos, step: Pos) -> Result<Pos, OpError> {
        let next = k + step;
        let over = if self.loops & (1 << t) == 0 {
            next >= 62
        } else {
            self.positions(s, t as u8).len() + step as usize > 60
        };
        if over {
            return Err(self.too_many(t));
        }
        if next > MAX_POS {
            return Err(OpError::TooLarge {
                span: self.prog.name_span,
                what: format!(
                    "thread P{t} accepts more than {MAX_POS} requests on one search path"
                ),
            });
        }
        Ok(next)
    }

    /// Thread `t`'s live positions, sorted: its requests in the state, the
    /// reads (`via`) that made its predecessors, its fences, and the write
    /// half of a pending read-modify-write (the position after its read).
    fn positions(&self, s: &State, t: u8) -> Vec<Pos> {
        let mut p: Vec<Pos> = s
            .reqs
            .iter()
            .filter(|(id, _)| id.0 == t)
            .flat_map(|(id, q)| [Some(id.1), q.rmw.map(|_| id.1 + 1)])
            .flatten()
            .chain(
                s.preds
                    .iter()
                    .filter(|((_, pt, _), _)| *pt == t)
                    .map(|((_, _, via), _)| *via),
            )
            .chain(s.fences.iter().filter(|(u, _)| *u == t).map(|(_, f)| f.k))
            .collect();
        p.sort_unstable();
        p.dedup();
        p
    }

    /// Fences of thread `t` strictly between positions `a` and `b`.
    fn fences_between<'s>(
        &self,
        s: &'s State,
        t: u8,
        a: Pos,
        b: Pos,
    ) -> impl Iterator<Item = &'s Fence> {
        s.fences
            .iter()
            .filter(move |(u, f)| *u == t && a < f.k && f.k < b)
            .map(|(_, f)| f)
    }

    /// The architecture's order condition (App. A.2.1 rule 2) between two
    /// requests of thread `t`, `a` accepted before `b`: the scope (thread
    /// set) of the constraint `a → b`, 0 for none.
    fn order(&self, s: &State, t: u8, ka: Pos, a: &Req, kb: Pos, b: &Req) -> u16 {
        if self.x86(t) {
            // App. A.5.1 / §5: R+pred → R/W and W → W (preserved program
            // order); MFENCE adds W → R.
            return if !a.write || b.write || self.fences_between(s, t, ka, kb).any(|f| f.sc) {
                self.all
            } else {
                0
            };
        }
        // App. A.5.2: the scope intersection `a.scope ∧ b.scope`.
        let meet = if b.rel {
            b.scope
        } else if a.acq {
            a.scope
        } else {
            a.scope & b.scope
        };
        // (2) same-address reads. CHOICE: at system scope, whatever the
        // requests' scopes (a weak read's scope is its own thread, §5, which
        // would make the constraint void and allow CoRR; coherence is not
        // scoped, seed 000 Fig. 9a).
        let mut m = if !a.write && !b.write && a.loc == b.loc {
            self.all
        } else {
            0
        };
        // (3) a ≥ acquire; (4) b ≥ acquire after a read; (5) b ≥ release;
        // (6) a ≥ release before a write.
        if a.acq || (b.acq && !a.write) || b.rel || (a.rel && b.write) {
            m |= meet;
        }
        // (1) fences: release ⇒ R+pred → W and W → W; acquire ⇒ R → R/W;
        // sc additionally W → R (§5).
        for f in self.fences_between(s, t, ka, kb) {
            if (f.rel && b.write) || (f.acq && !a.write) || f.sc {
                m |= f.scope;
            }
        }
        m
    }

    /// The order condition from a predecessor write `w` of thread `t` (made
    /// one by the read at position `via`) to `t`'s request `b`: the "+pred"
    /// orders of §4.3. 0 for none.
    fn order_pred(&self, s: &State, t: u8, w: ReqId, via: Pos, kb: Pos, b: &Req) -> u16 {
        if kb <= via {
            return 0;
        }
        if self.x86(t) {
            return self.all; // R+pred → R/W
        }
        let mut m = 0;
        if b.rel {
            m |= b.scope; // (5): "r is a predecessor at r'.thread"
        }
        for f in self.fences_between(s, t, via, kb) {
            if (f.rel && b.write) || f.sc {
                m |= f.scope;
            }
        }
        // The scopes must match: the predecessor's thread is inside.
        if w.0 != INIT && m & (1 << w.0) == 0 {
            return 0;
        }
        m
    }

    /// §4.3/§4.4: make write `w` a predecessor of thread `t` because of
    /// `t`'s read `r` (at `via`), if the architecture's scope rule allows
    /// it, and order it before `t`'s later requests.
    fn mark_pred(&self, s: &mut State, w: ReqId, t: u8, via: Pos) -> Result<(), OpError> {
        if w.0 == INIT || w.0 == t {
            return Ok(());
        }
        if !self.x86(t) {
            // PTX: only if {w.thread, r.thread} ⊆ w.scope ∧ r.scope.
            let (wr, rr) = (&s.reqs[&w], &s.reqs[&ReqId(t, via)]);
            let meet = if rr.rel {
                rr.scope
            } else if wr.acq {
                wr.scope
            } else {
                wr.scope & rr.scope
            };
            let need = (1u16 << w.0) | (1u16 << t);
            if meet & need != need {
                return Ok(());
            }
        }
        if s.preds.contains_key(&(w, t, via)) {
            return Ok(());
        }
        if self.loops & (1 << t) != 0 {
            // Of two reads that made `w` a predecessor of `t`, the older
            // orders `w` before everything the younger does (the "+pred"
            // orders of `order_pred` only grow with more fences between),
            // and both have already ordered `w` before the thread's
            // requests after them: keep only the oldest, so that a thread
            // spinning on reads of `w`'s location while `w` stays in the
            // state does not pile up predecessor entries.
            let oldest = s
                .preds
                .iter_from(&(w, t, 0))
                .take_while(|((w2, t2, _), _)| *w2 == w && *t2 == t)
                .map(|((_, _, v), _)| *v)
                .next();
            match oldest {
                Some(v) if v < via => return Ok(()),
                Some(v) => {
                    s.preds.remove(&(w, t, v));
                }
                None => {}
            }
        }
        s.preds.insert((w, t, via), ());
        let later: Vec<(ReqId, Req)> = s
            .reqs
            .iter()
            .filter(|(id, _)| id.0 == t && id.1 > via)
            .map(|(id, r)| (*id, r.clone()))
            .collect();
        for (id, r) in later {
            let m = self.order_pred(s, t, w, via, id.1, &r);
            if m != 0 {
                s.order.entry_or_default((id, w)).local |= m;
            }
        }
        Ok(())
    }

    /// A.2.1: add request `r` (already built) at its thread.
    fn accept_req(&self, s: &mut State, id: ReqId, r: Req) -> Result<(), OpError> {
        let t = id.0;
        let others: Vec<(ReqId, Req)> = s.reqs.iter().map(|(i, q)| (*i, q.clone())).collect();
        s.reqs.insert(id, r.clone());
        for (a, q) in &others {
            // (1) Same-address observations, at system scope, with the
            // requests already at `t` (§4.1: "accepted to that thread";
            // Fig. 14: initial writes get ordered because they are at
            // every thread).
            if q.loc == r.loc && (q.write || r.write) && q.prop & (1 << t) != 0 {
                s.order.entry_or_default((id, *a)).obs = true;
                // CHOICE: a write already at the reading thread becomes a
                // predecessor (as when it propagates there, A.2.2).
                if q.write && !r.write {
                    self.mark_pred(s, *a, t, id.1)?;
                }
            }
            // (2) The architecture's order condition within the thread.
            if a.0 == t {
                let m = self.order(s, t, a.1, q, id.1, &r);
                if m != 0 {
                    s.order.entry_or_default((id, *a)).local |= m;
                }
            }
        }
        // (2) ... and from the thread's predecessors.
        let preds: Vec<(ReqId, Pos)> = s
            .preds
            .iter()
            .filter(|((_, pt, _), _)| *pt == t)
            .map(|((w, _, via), _)| (*w, *via))
            .collect();
        for (w, via) in preds {
            let m = self.order_pred(s, t, w, via, id.1, &r);
            if m != 0 {
                s.order.entry_or_default((id, w)).local |= m;
            }
        }
        Ok(())
    }

    /// Whether some constraint blocks `r` from propagating to `to` (A.2.2).
    fn blocked(&self, s: &State, id: ReqId, to: u8) -> bool {
        self.blocked_at(s, id) & (1 << to) != 0
    }

    /// The threads some constraint blocks request `id` from propagating
    /// to (A.2.2), as a set: [`LostPop::blocked`] for every target at once.
    fn blocked_at(&self, s: &State, id: ReqId) -> u16 {
        let mut m = 0u16;
        for (a, e) in Self::into_req(s, id) {
            let q = &s.reqs[&a];
            if e.local != 0 && q.prop & e.local != e.local {
                return u16::MAX;
            }
            if e.obs {
                if a.0 == id.0 {
                    // (a) same thread: at system scope.
                    if q.prop != self.all {
                        return u16::MAX;
                    }
                } else {
                    // (b) another thread: it must be at `to` first.
                    m |= !q.prop;
                }
            }
        }
        m
    }

    /// Forgets a looping thread's fences that can order nothing any more,
    /// so that the states of a loop repeat. Positions are only ever
    /// compared, within one thread, with live ones (a request's, the `via`
    /// of a predecessor, a new request's), and a fence orders only requests
    /// on both sides of it, so a fence older than every live position is
    /// dead, and of two identical fences with no live position between
    /// them the older is redundant (every pair of live or future positions
    /// has both or neither between). A thread with nothing live (no active
    /// request, no predecessor made by one of its reads) starts counting
    /// from 0 again: no enabled transition names one of its requests, so
    /// this renames nothing a transition refers to. Live requests are
    /// never renamed in the state (transitions name requests by raw id, so
    /// that the debug diamond checks compare the right requests); the
    /// visited set compares positions by rank instead
    /// ([`LostPop::canonical_state`]). Loop-free threads are left as they
    /// are.
    fn rebase(&self, s: &mut State) {
        for t in 0..s.threads.len() {
            let tu = t as u8;
            if self.loops & (1 << t) == 0 || s.threads[t].next_k == 0 {
                continue;
            }
            let mut live: Vec<Pos> = s
                .reqs
                .iter()
                .filter(|(id, _)| id.0 == tu)
                .map(|(id, _)| id.1)
                .chain(
                    s.preds
                        .iter()
                        .filter(|((_, pt, _), _)| *pt == tu)
                        .map(|((_, _, via), _)| *via),
                )
                .collect();
            if live.is_empty() {
                s.threads[t].next_k = 0;
                s.fences.retain(|(u, _)| *u != tu);
                continue;
            }
            live.sort_unstable();
            let gap = |k: Pos| live.partition_point(|p| *p < k);
            let mine: Vec<Fence> = s
                .fences
                .iter()
                .filter(|(u, _)| *u == tu)
                .map(|(_, f)| *f)
                .collect();
            let dead = |f: &Fence| {
                gap(f.k) == 0
                    || mine.iter().any(|g| {
                        g.k > f.k
                            && gap(g.k) == gap(f.k)
                            && (g.rel, g.acq, g.sc, g.scope) == (f.rel, f.acq, f.sc, f.scope)
                    })
            };
            if mine.iter().any(dead) {
                s.fences.retain(|(u, f)| *u != tu || !dead(f));
            }
        }
    }

    /// The state as the visited set sees it: every looping thread's
    /// positions (its requests' ids in `reqs`, `order` and `preds`, the
    /// `via`s of its predecessors, its fences, `next_k`) replaced by their
    /// rank among its live positions ([`LostPop::positions`]). Two states
    /// with the same ranks are the same up to an order-preserving renaming
    /// of each looping thread's positions, under which every rule of the
    /// model is invariant (positions are only compared, and only within
    /// one thread; request ids sort by thread first; a new request's
    /// position is above every live one, a read-modify-write's write half
    /// right after its read), so they have the same reachable outcomes
    /// (docs/operational.md, "Loops").
    fn canonical_state<'a>(&self, s: &'a State) -> std::borrow::Cow<'a, State> {
        let Some(ranks) = self.ranks(s) else {
            return std::borrow::Cow::Borrowed(s);
        };
        let c = Self::renamed(s, &ranks);
        #[cfg(debug_assertions)]
        self.check_equivariant(s, &c, &ranks);
        std::borrow::Cow::Owned(c)
    }

    /// Per thread, the sorted live positions of a looping thread that are
    /// not already `0, 1, …, next_k − 1` (`None` for the others); `None`
    /// when no thread needs renaming.
    fn ranks(&self, s: &State) -> Option<Vec<Option<Vec<Pos>>>> {
        if self.loops == 0 {
            return None;
        }
        let ranks: Vec<Option<Vec<Pos>>> = (0..s.threads.len())
            .map(|t| {
                if self.loops & (1 << t) == 0 {
                    return None;
                }
                let p = self.positions(s, t as u8);
                let dense = s.threads[t].next_k as usize == p.len()
                    && p.iter().enumerate().all(|(i, k)| *k as usize == i);
                (!dense).then_some(p)
            })
            .collect();
        ranks.iter().any(Option::is_some).then_some(ranks)
    }

    /// Position `k` of thread `t` renamed to its rank.
    fn rank(ranks: &[Option<Vec<Pos>>], t: u8, k: Pos) -> Pos {
        match ranks.get(t as usize) {
            Some(Some(p)) => p.partition_point(|x| *x < k) as Pos,
            _ => k, // a thread not renamed, or an initial write
        }
    }

    fn rename_id(ranks: &[Option<Vec<Pos>>], id: ReqId) -> ReqId {
        ReqId(id.0, Self::rank(ranks, id.0, id.1))
    }

    /// `s` with every position renamed to its rank (see [`LostPop::ranks`]).
    fn renamed(s: &State, ranks: &[Option<Vec<Pos>>]) -> State {
        let rel = |id: ReqId| Self::rename_id(ranks, id);
        let mut c = s.clone();
        c.reqs.map_keys(rel);
        c.order.map_keys(|(b, a)| (rel(b), rel(a)));
        c.preds
            .map_keys(|(w, t, via)| (rel(w), t, Self::rank(ranks, t, via)));
        for (t, f) in &mut c.fences {
            f.k = Self::rank(ranks, *t, f.k);
        }
        for (t, th) in c.threads.iter_mut().enumerate() {
            if let Some(Some(p)) = ranks.get(t) {
                th.next_k = p.len() as Pos;
            }
        }
        c
    }

    /// Debug builds: the equivariance that merging `s` with its renamed
    /// copy `c` rests on (docs/operational.md, "Loops"), checked at every
    /// state whose positions are renamed: the same enabled transitions up
    /// to the renaming, in the same order; the same outcome and known
    /// values; and each transition leads to states with the same
    /// canonical form, or to the same error (the raw position limit can
    /// only be hit on the side with larger positions).
    #[cfg(debug_assertions)]
    fn check_equivariant(&self, s: &State, c: &State, ranks: &[Option<Vec<Pos>>]) {
        let canon = |x: &State| match self.ranks(x) {
            Some(r) => Self::renamed(x, &r),
            None => x.clone(),
        };
        let rename = |t: &Trans| match *t {
            Trans::Accept(..) => t.clone(),
            Trans::Propagate(id, to) => Trans::Propagate(Self::rename_id(ranks, id), to),
            Trans::Satisfy(r, w) => {
                Trans::Satisfy(Self::rename_id(ranks, r), Self::rename_id(ranks, w))
            }
        };
        let (es, ec) = (self.enabled(s), self.enabled(c));
        let (Ok(es), Ok(ec)) = (es, ec) else {
            return;
        };
        let mapped: Vec<Trans> = es.iter().map(rename).collect();
        assert_eq!(mapped, ec, "enabled transitions differ under renaming");
        assert_eq!(self.outcome(s), self.outcome(c), "outcome under renaming");
        assert_eq!(self.known(s), self.known(c), "known values under renaming");
        for (t, u) in es.iter().zip(&ec) {
            match (self.apply(s, t), self.apply(c, u)) {
                (Ok(a), Ok(b)) => assert!(
                    canon(&a) == canon(&b),
                    "{} leads to different states under renaming",
                    self.describe(t)
                ),
                (Err(a), Err(b)) => assert_eq!(a, b),
                (Err(OpError::TooLarge { .. }), Ok(_)) => {}
                (a, b) => panic!(
                    "{}: {:?} against {:?} under renaming",
                    self.describe(t),
                    a.err(),
                    b.err()
                ),
            }
        }
    }

    /// Forget what can no longer influence any transition, so that states
    /// differing only in dead history are one state:
    /// - an architectural constraint from a request that has propagated to
    ///   every thread blocks nothing (A.2.2 (a)), nor does such a
    ///   predecessor, nor a predecessor of a thread that is done;
    /// - a write at every thread that another such write to the same
    ///   address follows, with every constraint into and out of it
    ///   duplicated by that write, can neither be read (A.2.3 (5)) nor be
    ///   coherence-last.
    fn collect(&self, s: &mut State) {
        let all = self.all;
        let full: Vec<ReqId> = s
            .reqs
            .iter()
            .filter(|(_, q)| q.prop == all)
            .map(|(i, _)| *i)
            .collect();
        s.order.retain(|(_, a), e| {
            if full.contains(a) {
                e.local = 0;
            }
            e.obs || e.local != 0
        });
        // A done thread's predecessor entries order nothing more: they
        // only order the thread's later accepts (there are none) and make
        // a repeated `mark_pred` a no-op, whose constraints are already
        // there (docs/operational.md, "Garbage collection").
        let done: u16 = s
            .threads
            .iter()
            .enumerate()
            .filter(|(_, t)| t.done)
            .fold(0, |m, (t, _)| m | (1 << t));
        s.preds
            .retain(|(w, t, _), _| !full.contains(w) && done & (1 << t) == 0);
        // One at a time: removing one may keep another alive. Only the
        // first dead write is needed, so the search stops there.
        let mut writes: Vec<(ReqId, u8)> = full
            .iter()
            .map(|w| (*w, &s.reqs[w]))
            .filter(|(_, q)| q.write)
            .map(|(w, q)| (w, q.loc))
            .collect();
        while let Some(i) = writes.iter().position(|&(w, loc)| {
            writes.iter().any(|&(w2, loc2)| {
                w2 != w && loc2 == loc && Self::edge(s, w, w2) && Self::superseded(s, w, w2)
            })
        }) {
            let (w, _) = writes.remove(i);
            s.reqs.remove(&w);
            s.order.retain(|(b, a), _| *a != w && *b != w);
        }
    }

    /// Every constraint into and out of write `w` is duplicated by `w2`
    /// (see [`LostPop::collect`]).
    fn superseded(s: &State, w: ReqId, w2: ReqId) -> bool {
        s.order.iter().all(|((b, a), _)| {
            (*a != w || *b == w2 || Self::edge(s, w2, *b))
                && (*b != w || *a == w2 || Self::edge(s, *a, w2))
        })
    }

    fn edge(s: &State, a: ReqId, b: ReqId) -> bool {
        s.order.contains_key(&(b, a))
    }

    /// The constraints `a → b` into `b`, as `(a, edge)`: one contiguous
    /// run of `order`, keyed `(to, from)`.
    fn into_req(s: &State, b: ReqId) -> impl Iterator<Item = (ReqId, &Edge)> {
        s.order
            .iter_from(&(b, ReqId(0, 0)))
            .take_while(move |((to, _), _)| *to == b)
            .map(|((_, a), e)| (*a, e))
    }

    /// A.2.2: propagate request `id` to thread `to` (enabled).
    fn propagate(&self, s: &mut State, id: ReqId, to: u8) -> Result<(), OpError> {
        let q = s.reqs.get_mut(&id).expect("enabled");
        q.prop |= 1 << to;
        let q = q.clone();
        // Placed before the requests of `to` that have not reached `id`'s
        // thread (same address, one a write), unless already ordered.
        let targets: Vec<ReqId> = s
            .reqs
            .iter()
            .filter(|(b, bq)| {
                b.0 == to
                    && **b != id
                    && bq.loc == q.loc
                    && (q.write || bq.write)
                    && (id.0 == INIT || bq.prop & (1 << id.0) == 0)
            })
            .map(|(b, _)| *b)
            .collect();
        for b in targets {
            if !Self::edge(s, id, b) && !Self::edge(s, b, id) {
                s.order.entry_or_default((b, id)).obs = true;
            }
        }
        if q.write {
            // A write ordered before a read of `to` becomes a predecessor
            // of `to` (§4.3, A.2.2).
            let reads: Vec<Pos> = s
                .reqs
                .iter()
                .filter(|(b, bq)| b.0 == to && !bq.write && Self::edge(s, id, **b))
                .map(|(b, _)| b.1)
                .collect();
            for via in reads {
                self.mark_pred(s, id, to, via)?;
            }
        }
        Ok(())
    }

    /// A.2.3: satisfy read `r` with write `w`, if allowed (`false`: not
    /// enabled; `s` is then garbage).
    fn satisfy(&self, s: &mut State, r: ReqId, w: ReqId) -> Result<bool, OpError> {
        if !self.can_satisfy(s, r, w) {
            return Ok(false);
        }
        let rq = s.reqs.remove(&r).expect("checked");
        let v = s.reqs[&w].val;
        s.order.retain(|(a, b), _| *a != r && *b != r);
        let t = r.0 as usize;
        if let Some(d) = rq.dst {
            *self.reg_mut(s, t, d) = Some(v);
        }
        let Some(pc) = rq.rmw else {
            return Ok(true);
        };
        // CHOICE (atomicity; the seed defines no read-modify-write): the
        // read reads the coherence-last write once both are at every
        // thread, and its write is accepted and propagated to every thread
        // in the same step, so no write can come between the two.
        let (op, _) = self.prog.mem_op(t, pc as usize);
        let MemOp::Rmw {
            sem, op, args, loc, ..
        } = op
        else {
            unreachable!("rmw requests come from rmw instructions")
        };
        let regs = self.regs(s, t);
        let args: Vec<i64> = args
            .iter()
            .map(|o| match o {
                Opnd::Imm(v) => *v,
                Opnd::Reg(x) => regs[*x as usize].unwrap_or(0),
            })
            .collect();
        s.threads[t].rmw_pending = false;
        if let Some(nv) = rmw_value(*op, v, &args) {
            let wreq = Req {
                write: true,
                loc: *loc,
                val: nv,
                dst: None,
                rmw: None,
                acq: false,
                rel: matches!(sem, Sem::Release | Sem::AcqRel),
                scope: rq.scope,
                prop: 1 << t,
            };
            let wid = ReqId(r.0, r.1 + 1);
            self.accept_req(s, wid, wreq)?;
            for to in 0..s.threads.len() as u8 {
                if s.reqs[&wid].prop & (1 << to) == 0 {
                    if self.blocked(s, wid, to) {
                        return Ok(false);
                    }
                    self.propagate(s, wid, to)?;
                }
            }
        }
        Ok(true)
    }

    fn satisfiable(&self, s: &State, r: ReqId, w: ReqId) -> Result<bool, OpError> {
        if s.reqs[&r].rmw.is_none() {
            return Ok(self.can_satisfy(s, r, w));
        }
        self.satisfy(&mut s.clone(), r, w)
    }

    /// A.2.3 conditions for satisfying read `r` with write `w`.
    fn can_satisfy(&self, s: &State, r: ReqId, w: ReqId) -> bool {
        let (rq, wq) = (&s.reqs[&r], &s.reqs[&w]);
        if rq.write || !wq.write || rq.loc != wq.loc || rq.prop != wq.prop {
            return false;
        }
        if !Self::edge(s, w, r) {
            return false;
        }
        // (5) nothing to the same address in between.
        let between = Self::into_req(s, r)
            .any(|(m, _)| m != w && s.reqs[&m].loc == rq.loc && Self::edge(s, w, m));
        if between {
            return false;
        }
        if rq.rmw.is_some() {
            // See `satisfy`: at every thread, and coherence-last.
            if rq.prop != self.all {
                return false;
            }
            let before = self.co_before(s, w);
            if s.reqs
                .iter()
                .any(|(m, q)| *m != w && q.write && q.loc == rq.loc && !before.contains(m))
            {
                return false;
            }
        }
        true
    }

    /// Satisfying read `r` with write `w` (enabled) is persistent
    /// (docs/operational.md): `r` is no read-modify-write and has reached
    /// every thread, its thread has no older unsatisfied read, and every
    /// other write to the address ordered before `r` has `w` between it and
    /// `r` by observations, with `w` not ordered before it. Then no
    /// constraint into `r` can appear any more (they come from requests at
    /// `r`'s thread, by propagation to it, which `r`'s reaching every thread
    /// rules out, or through predecessors made by an older read), so no
    /// other write can ever satisfy `r`, nothing can come between `w` and
    /// `r` (constraints out of a write at every thread are observations,
    /// made only when a request is accepted), `w` stays (no write can
    /// supersede it while `r` needs it), and `r` blocks nothing (its
    /// architectural constraints are gone, its observations tie it to
    /// writes of its address only).
    fn settled(&self, s: &State, r: ReqId, w: ReqId) -> bool {
        let rq = &s.reqs[&r];
        if rq.rmw.is_some() || rq.prop != self.all {
            return false;
        }
        let older_read = s
            .reqs
            .iter()
            .any(|(id, q)| id.0 == r.0 && id.1 < r.1 && !q.write);
        if older_read {
            return false;
        }
        let obs = |a: ReqId, b: ReqId| s.order.get(&(b, a)).is_some_and(|e| e.obs);
        Self::into_req(s, r).all(|(w2, _)| {
            let q = &s.reqs[&w2];
            w2 == w
                || !q.write
                || q.loc != rq.loc
                || (obs(w2, w) && obs(w, r) && !Self::edge(s, w, w2))
        })
    }

    /// The same-address writes ordered (transitively, through writes)
    /// before `w`.
    fn co_before(&self, s: &State, w: ReqId) -> Vec<ReqId> {
        let loc = s.reqs[&w].loc;
        let mut seen = vec![w];
        let mut i = 0;
        while i < seen.len() {
            let x = seen[i];
            for (a, _) in Self::into_req(s, x) {
                if !seen.contains(&a) {
                    let q = &s.reqs[&a];
                    if q.write && q.loc == loc {
                        seen.push(a);
                    }
                }
            }
            i += 1;
        }
        seen.remove(0);
        seen
    }

    /// The values read `r` may still read, once every thread is done: the
    /// writes to its location in the state, except those that can never
    /// satisfy it (docs/operational.md, "Value sets"): a write without a
    /// constraint into `r` that can never get one (it comes only from an
    /// accept, or from propagating the write to `r`'s thread, by placement
    /// when `r` has not reached the write's thread or through a
    /// predecessor made by an older same-address read of `r`'s thread),
    /// and a write at every thread with another write between it and `r`
    /// by observations (one stays between for good).
    fn readable(&self, s: &State, r: ReqId) -> Vec<i64> {
        let rq = &s.reqs[&r];
        let loc = rq.loc;
        let older_same_loc_read = s
            .reqs
            .iter()
            .any(|(id, q)| id.0 == r.0 && id.1 < r.1 && !q.write && q.loc == loc);
        let obs = |a: ReqId, b: ReqId| s.order.get(&(b, a)).is_some_and(|e| e.obs);
        s.reqs
            .iter()
            .filter(|(w, q)| {
                if !q.write || q.loc != loc {
                    return false;
                }
                if !Self::edge(s, **w, r)
                    && (q.prop & (1 << r.0) != 0
                        || (rq.prop & (1 << w.0) != 0 && !older_same_loc_read))
                {
                    return false;
                }
                let shadowed = q.prop == self.all
                    && Self::into_req(s, r).any(|(m, _)| {
                        m != **w
                            && s.reqs[&m].write
                            && s.reqs[&m].loc == loc
                            && obs(**w, m)
                            && obs(m, r)
                    });
                !shadowed
            })
            .map(|(_, q)| q.val)
            .collect()
    }

    fn name(id: ReqId) -> String {
        if id.0 == INIT {
            format!("init#{}", id.1)
        } else {
            format!("P{}.{}", id.0, id.1)
        }
    }
}

impl Model for LostPop {
    type State = State;
    type Trans = Trans;

    fn initial(&self) -> Result<State, OpError> {
        let mut reqs = VecMap::new();
        for (l, v) in self.prog.init_mem.iter().enumerate() {
            reqs.insert(
                ReqId(INIT, l as Pos),
                Req {
                    write: true,
                    loc: l as u8,
                    val: *v,
                    dst: None,
                    rmw: None,
                    acq: false,
                    rel: false,
                    scope: self.all,
                    prop: self.all,
                },
            );
        }
        let threads = self
            .prog
            .threads
            .iter()
            .map(|_| ThreadSt {
                pc: 0,
                steps: 0,
                next_k: 0,
                rmw_pending: false,
                blocked: false,
                done: false,
            })
            .collect();
        let regs = self
            .prog
            .threads
            .iter()
            .flat_map(|th| th.init_regs.iter().map(|v| Some(*v)))
            .collect();
        let mut s = State {
            threads,
            regs,
            fences: Vec::new(),
            reqs,
            order: VecMap::new(),
            preds: VecMap::new(),
        };
        self.normalize(&mut s)?;
        Ok(s)
    }

    fn enabled(&self, s: &State) -> Result<Vec<Trans>, OpError> {
        let mut out = Vec::new();
        for (t, th) in s.threads.iter().enumerate() {
            if th.done || th.blocked || th.rmw_pending {
                continue;
            }
            let (op, _) = self.prog.mem_op(t, th.pc as usize);
            let regs = self.regs(s, t);
            let known = |o: &Opnd| match o {
                Opnd::Imm(_) => true,
                Opnd::Reg(r) => regs[*r as usize].is_some(),
            };
            // CHOICE: a request whose value depends on an unsatisfied read
            // waits (dependencies are not otherwise modelled, App. A.2.1).
            let ready = match op {
                MemOp::Store { val, .. } => known(val),
                MemOp::Rmw { args, .. } => args.iter().all(known),
                _ => true,
            };
            if ready {
                out.push(Trans::Accept(t as u8, th.pc));
            }
        }
        for (r, q) in s.reqs.iter() {
            if q.write {
                continue;
            }
            for (w, wq) in s.reqs.iter() {
                // `prop` equal: the cheapest condition of A.2.3 first.
                if wq.write
                    && wq.loc == q.loc
                    && wq.prop == q.prop
                    && self.satisfiable(s, *r, *w)?
                {
                    out.push(Trans::Satisfy(*r, *w));
                }
            }
        }
        for (id, q) in s.reqs.iter() {
            if q.prop == self.all {
                continue;
            }
            let blocked = self.blocked_at(s, *id);
            for to in 0..s.threads.len() as u8 {
                if (q.prop | blocked) & (1 << to) == 0 {
                    out.push(Trans::Propagate(*id, to));
                }
            }
        }
        Ok(out)
    }

    /// Accepting a thread's next instruction (A.2.1) is persistent, unless
    /// it is a store to a location another thread reads-modifies-writes.
    /// Why (docs/operational.md, "Partial-order reduction"): only the
    /// thread itself moves its program counter, and the registers a ready
    /// request needs are known and stay so, so no transition disables it;
    /// the accept adds one request, constraints *into* it and a
    /// predecessor entry of its thread, and nothing else reads those until
    /// the request moves itself, except a same-address request `q`
    /// propagating to the thread, which orders `q` before it exactly as the
    /// accept after the propagation would (the observation of A.2.1 (1)
    /// and the placement of A.2.2 coincide for a request at its own thread
    /// only). The exception: a new write to `x` makes another thread's
    /// read-modify-write of `x` wait (its read must see the
    /// coherence-last write, CHOICE 2), so that accept does not commute
    /// with satisfying it.
    ///
    /// Failing an accept, satisfying a read is persistent when the read can
    /// never be satisfied otherwise and nothing can come between
    /// ([`LostPop::settled`]).
    fn persistent(&self, s: &State, enabled: &[Trans]) -> Option<usize> {
        let accept = enabled.iter().position(|tr| match *tr {
            Trans::Accept(t, pc) => match self.prog.mem_op(t as usize, pc as usize).0 {
                MemOp::Store { loc, .. } => self.rmw_threads[*loc as usize] & !(1 << t) == 0,
                _ => true,
            },
            _ => false,
        });
        accept.or_else(|| {
            enabled.iter().position(|tr| match *tr {
                Trans::Satisfy(r, w) => self.settled(s, r, w),
                _ => false,
            })
        })
    }

    /// At a state where every thread is done: the enabled members of a
    /// stubborn set (crates/litmus/src/operational/lost_pop/stubborn.rs).
    fn persistent_set(&self, s: &State, enabled: &[Trans]) -> Option<Vec<usize>> {
        self.stubborn(s, enabled)
    }

    /// At a state where every thread is done: the candidates that are not
    /// dependents of `t` (crates/litmus/src/operational/lost_pop/stubborn.rs); elsewhere
    /// none.
    fn independent(&self, s: &State, t: &Trans, candidates: &[Trans], out: &mut Vec<Trans>) {
        self.independent_of(s, t, candidates, out);
    }

    fn is_enabled(&self, s: &State, t: &Trans) -> Result<bool, OpError> {
        Ok(match t {
            Trans::Accept(..) => self.enabled(s)?.contains(t),
            Trans::Satisfy(r, w) => {
                s.reqs.get(r).is_some_and(|q| !q.write)
                    && s.reqs.get(w).is_some_and(|q| q.write)
                    && self.satisfiable(s, *r, *w)?
            }
            Trans::Propagate(id, to) => s
                .reqs
                .get(id)
                .is_some_and(|q| q.prop & (1 << to) == 0 && !self.blocked(s, *id, *to)),
        })
    }

    fn apply(&self, s: &State, tr: &Trans) -> Result<State, OpError> {
        let mut s = s.clone();
        match *tr {
            Trans::Accept(t, pc) => {
                let tu = t as usize;
                let (op, _) = self.prog.mem_op(tu, pc as usize);
                let k = s.threads[tu].next_k;
                let val = |o: &Opnd, regs: &[Option<i64>]| match o {
                    Opnd::Imm(v) => *v,
                    Opnd::Reg(r) => regs[*r as usize].unwrap_or(0),
                };
                let (req, step) = match op {
                    MemOp::Load {
                        sem,
                        scope,
                        dst,
                        loc,
                    } => (
                        Req {
                            write: false,
                            loc: *loc,
                            val: 0,
                            dst: Some(*dst),
                            rmw: None,
                            acq: matches!(sem, Sem::Acquire | Sem::AcqRel),
                            rel: false,
                            scope: self.scope_mask(tu, *sem, *scope, Scope::Sys),
                            prop: 1 << t,
                        },
                        1,
                    ),
                    MemOp::Store {
                        sem,
                        scope,
                        loc,
                        val: v,
                    } => (
                        Req {
                            write: true,
                            loc: *loc,
                            val: val(v, self.regs(&s, tu)),
                            dst: None,
                            rmw: None,
                            acq: false,
                            rel: matches!(sem, Sem::Release | Sem::AcqRel),
                            scope: self.scope_mask(tu, *sem, *scope, Scope::Sys),
                            prop: 1 << t,
                        },
                        1,
                    ),
                    MemOp::Rmw {
                        sem,
                        scope,
                        dst,
                        loc,
                        ..
                    } => (
                        Req {
                            write: false,
                            loc: *loc,
                            val: 0,
                            dst: *dst,
                            rmw: Some(pc),
                            acq: matches!(sem, Sem::Acquire | Sem::AcqRel),
                            rel: false,
                            scope: self.scope_mask(tu, *sem, *scope, Scope::Gpu),
                            prop: 1 << t,
                        },
                        2,
                    ),
                    MemOp::Fence { .. } => unreachable!("fences are accepted by normalize"),
                };
                if let Some(d) = req.dst {
                    Self::overwrite(&mut s, t, d);
                }
                let next = self.next_pos(&s, tu, k, step)?;
                let th = &mut s.threads[tu];
                th.next_k = next;
                th.pc += 1;
                th.rmw_pending = req.rmw.is_some();
                if let Some(d) = req.dst {
                    *self.reg_mut(&mut s, tu, d) = None;
                }
                self.accept_req(&mut s, ReqId(t, k), req)?;
            }
            Trans::Propagate(id, to) => self.propagate(&mut s, id, to)?,
            Trans::Satisfy(r, w) => {
                if !self.satisfy(&mut s, r, w)? {
                    unreachable!("applied only when enabled");
                }
            }
        }
        self.normalize(&mut s)?;
        self.collect(&mut s);
        self.rebase(&mut s);
        Ok(s)
    }

    fn outcome(&self, s: &State) -> Result<Option<Vec<i64>>, OpError> {
        if s.threads.iter().any(|t| !t.done) || s.reqs.values().any(|q| !q.write) {
            return Ok(None);
        }
        if self.observes_memory && s.reqs.values().any(|q| q.prop != self.all) {
            return Ok(None);
        }
        let mut out = Vec::new();
        for o in &self.prog.observed {
            out.push(match o {
                Obs::Const(c) => *c,
                Obs::Reg(t, r) => self.regs(s, *t)[*r as usize].unwrap_or(0),
                Obs::Loc(l) => {
                    // The coherence-last write: every other write to `l`
                    // is ordered before it.
                    let writes: Vec<ReqId> = s
                        .reqs
                        .iter()
                        .filter(|(_, q)| q.loc == *l)
                        .map(|(i, _)| *i)
                        .collect();
                    let lasts: Vec<&ReqId> = writes
                        .iter()
                        .filter(|w| self.co_before(s, **w).len() + 1 == writes.len())
                        .collect();
                    if lasts.len() > 1 {
                        // Each of them is ordered after every other write:
                        // the observations placed them in a cycle (A.2.2
                        // places a request before a thread's requests that
                        // are not *directly* ordered with it, so three
                        // writes can close one), and "the last write" is
                        // undefined: say so rather than pick one
                        // (docs/operational.md, "Cyclic observations").
                        return Err(OpError::Unsupported {
                            span: self.prog.name_span,
                            what: format!(
                                "the writes to `{}` are ordered in a cycle in a final state, so its final value is undefined",
                                self.prog.locs[*l as usize]
                            ),
                        });
                    }
                    match lasts.first() {
                        Some(w) => s.reqs[*w].val,
                        None => {
                            return Err(OpError::Unsupported {
                                span: self.prog.name_span,
                                what: format!(
                                    "writes to `{}` are not totally ordered in a final state",
                                    self.prog.locs[*l as usize]
                                ),
                            })
                        }
                    }
                }
            });
        }
        Ok(Some(out))
    }

    /// A register is final once its thread is done and no read of the
    /// thread that writes it is still unsatisfied; final memory is known
    /// only in a final state.
    fn known(&self, s: &State) -> Vec<Option<i64>> {
        self.prog.known_outcome(|t, r| {
            let th = &s.threads[t];
            let pending = s
                .reqs
                .iter()
                .any(|(id, q)| id.0 as usize == t && !q.write && q.dst == Some(r));
            (th.done && !pending).then(|| self.regs(s, t)[r as usize].unwrap_or(0))
        })
    }

    fn canonical<'a>(&self, s: &'a State) -> std::borrow::Cow<'a, State> {
        self.canonical_state(s)
    }

    fn renames(&self) -> bool {
        self.loops != 0
    }

    /// [`LostPop::known`], and once every thread is done: no write is
    /// accepted any more (nor is a read-modify-write pending), so a
    /// pending read can only take the value of a write to its location
    /// that is in the state now, and a location's final value is that of
    /// one of its writes in the state now (the coherence-last one of a
    /// final state; writes only leave the state). docs/operational.md,
    /// "Value sets".
    fn possible(&self, s: &State) -> Vec<Option<Vec<i64>>> {
        let mut out: Vec<Option<Vec<i64>>> = self
            .known(s)
            .into_iter()
            .map(|v| v.map(|x| vec![x]))
            .collect();
        if s.threads.iter().any(|t| !t.done) {
            return out;
        }
        let values = |at: &dyn Fn(u8) -> bool| {
            let mut v: Vec<i64> = s
                .reqs
                .values()
                .filter(|q| q.write && at(q.loc))
                .map(|q| q.val)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        for (k, o) in self.prog.observed.iter().enumerate() {
            if out.get(k).is_some_and(Option::is_some) {
                continue;
            }
            let set = match o {
                // The thread is done: the register is written by its
                // pending read into it (one at most: accepting a load
                // into it took the register from older ones).
                Obs::Reg(t, r) => {
                    let mut v: Vec<i64> = s
                        .reqs
                        .iter()
                        .filter(|(id, q)| id.0 as usize == *t && !q.write && q.dst == Some(*r))
                        .flat_map(|(id, _)| self.readable(s, *id))
                        .collect();
                    v.sort_unstable();
                    v.dedup();
                    v
                }
                Obs::Loc(l) => values(&|x| x == *l),
                Obs::Const(c) => vec![*c],
            };
            if let Some(slot) = out.get_mut(k) {
                *slot = Some(set);
            }
        }
        out
    }

    fn describe(&self, t: &Trans) -> String {
        match t {
            Trans::Accept(th, pc) => {
                let (op, _) = self.prog.mem_op(*th as usize, *pc as usize);
                format!("accept P{th}: {}", describe_op(&self.prog, op))
            }
            Trans::Propagate(id, to) => format!("propagate {} to P{to}", Self::name(*id)),
            Trans::Satisfy(r, w) => {
                format!("satisfy {} from {}", Self::name(*r), Self::name(*w))
            }
        }
    }
}
