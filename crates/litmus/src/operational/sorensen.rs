//! Sorensen's operational GPU memory models (seed 001: Sorensen, *Towards
//! Shared Memory Consistency Models for GPUs*, 2013, Ch. 4).
//!
//! The weak model (§4.1 data structures of Fig. 4.1, §4.2 guarded
//! transitions): every thread has its own copy of global and shared memory,
//! each location with the flags of Table 4.1 (B borrowed, LS locally
//! shared, GS globally shared), one FIFO instruction queue per address, and
//! an unordered load pool. Stores drain into the thread's copy; copies
//! reach other threads by the sharing rules, by fences (Merge_Shared /
//! Merge_Global) or by another thread borrowing an unshared value.
//!
//! The strong model (§4.3, Fig. 4.2): one view of global and shared memory
//! per block (so a write is seen by the whole block at once: write
//! atomicity), no load pool (a load reads when it leaves its queue), and a
//! single "shared" flag per global location. §4.3 gives only this prose and
//! the figure; the rules below are the weak model's with those three
//! changes (see docs/operational.md).
//!
//! Litmus mapping: `ld`/`st` (weak, relaxed or volatile) are the thesis's
//! loads and stores; `.shared` marks a shared-memory location; a fence or
//! `membar` at `.cta` scope is `__threadfence_block()` (TFB), at `.gpu` /
//! `.sys` `__threadfence()` (TF). Blocks are CTAs.

use std::collections::VecDeque;

use crate::ast::{Scope, Sem};

use super::program::{describe_op, MemOp, Next, Obs, Opnd, Program};
use super::{Model, OpError};

/// One memory location in one view (Table 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cell {
    data: i64,
    /// B: borrowed by this thread; it need not share it.
    b: bool,
    /// LS: shared within the block (nothing left to share locally). In the
    /// strong model: the one flag, "shared with the other blocks".
    ls: bool,
    /// GS: shared with the other blocks (global memory only).
    gs: bool,
}

const INIT_CELL: Cell = Cell {
    data: 0,
    b: false,
    ls: true,
    gs: true,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Item {
    Load(u8),
    Store(i64),
    /// `__threadfence()`.
    Tf,
    /// `__threadfence_block()`.
    Tfb,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ThreadSt {
    pc: u16,
    regs: Vec<Option<i64>>,
    steps: u32,
    /// SQA/GQA: one instruction queue per address.
    queues: Vec<VecDeque<Item>>,
    /// LP: issued loads not yet performed (address, register); unordered,
    /// kept sorted.
    pool: Vec<(u8, u8)>,
    blocked: bool,
    done: bool,
}

/// A state: each thread's progress, queues and load pool, and the memory views.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    threads: Vec<ThreadSt>,
    /// Memory views: per thread (weak) or per block (strong); each a cell
    /// per location (global or shared, by the location).
    views: Vec<Vec<Cell>>,
}

/// A transition (the guarded rules of §4.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Trans {
    /// "Fire" the thread's next instruction (at `pc`) into its queue(s).
    Fire(u8, u16),
    /// Drain the head of a thread's queue for an address.
    Drain(u8, u8),
    /// Perform a pooled load from the thread's own view.
    LoadLocal(u8, (u8, u8)),
    /// Perform a pooled load by borrowing another thread's unshared value.
    LoadBorrow(u8, (u8, u8), u8),
    /// Share a view's location (the three "share" rules).
    Share(u8, u8),
    /// Drain a fence at the head of every queue of the thread.
    Fence(u8),
}

/// Sorensen's weak model (§4.2) or, with `strong`, the strong one (§4.3),
/// over a compiled test.
pub struct Sorensen {
    prog: Program,
    strong: bool,
    /// Block (CTA) of each thread.
    block: Vec<u32>,
    nblocks: usize,
}

impl Sorensen {
    /// The model for `prog` (`strong`: the §4.3 model); fails on x86
    /// threads, observed memory values, read-modify-writes and
    /// acquire/release accesses.
    pub fn new(prog: Program, strong: bool) -> Result<Sorensen, OpError> {
        // Blocks are numbered by first appearance of (gpu, cta).
        let mut ids: Vec<(u32, u32)> = Vec::new();
        let mut block = Vec::new();
        for th in &prog.threads {
            if th.x86 {
                return Err(OpError::Unsupported {
                    span: prog.name_span,
                    what: "x86 threads (Sorensen's models are GPU models)".into(),
                });
            }
            let key = (th.gpu, th.cta);
            let b = ids.iter().position(|k| *k == key).unwrap_or_else(|| {
                ids.push(key);
                ids.len() - 1
            });
            block.push(b as u32);
        }
        for o in &prog.observed {
            if matches!(o, Obs::Loc(_)) {
                return Err(OpError::Unsupported {
                    span: prog.name_span,
                    what: "final memory values (each thread has its own view of memory)".into(),
                });
            }
        }
        for t in 0..prog.threads.len() {
            for (op, span) in prog.mem_ops(t) {
                match op {
                    MemOp::Load { sem, .. } | MemOp::Store { sem, .. }
                        if matches!(sem, Sem::Weak | Sem::Relaxed) => {}
                    MemOp::Fence { .. } => {}
                    MemOp::Rmw { .. } => {
                        return Err(OpError::Unsupported {
                            span,
                            what: "read-modify-writes (not in Sorensen's models)".into(),
                        })
                    }
                    _ => {
                        return Err(OpError::Unsupported {
                            span,
                            what: "acquire/release accesses (Sorensen's models have plain loads and stores and fences)".into(),
                        })
                    }
                }
            }
        }
        let nblocks = ids.len();
        Ok(Sorensen {
            prog,
            strong,
            block,
            nblocks,
        })
    }

    fn view_of(&self, t: usize) -> usize {
        if self.strong {
            self.block[t] as usize
        } else {
            t
        }
    }

    fn normalize(&self, s: &mut State) -> Result<(), OpError> {
        for t in 0..s.threads.len() {
            let th = &mut s.threads[t];
            if th.done {
                continue;
            }
            let mut pc = th.pc as usize;
            let next = self.prog.advance(t, &mut pc, &mut th.regs, &mut th.steps)?;
            th.pc = pc as u16;
            th.blocked = next == Next::Blocked;
            if next == Next::Done && th.queues.iter().all(|q| q.is_empty()) && th.pool.is_empty() {
                th.done = true;
            }
        }
        Ok(())
    }

    /// A load of `a` in the pool blocks stores to `a` (lp_not_blocking).
    fn pool_blocks(th: &ThreadSt, a: u8) -> bool {
        th.pool.iter().any(|(l, _)| *l == a)
    }

    /// Merge_Shared / Merge_Global of §4.2 (weak model): copy the
    /// locations of `src` that still need sharing into `dst`.
    fn merge(&self, src: &[Cell], dst: &mut [Cell], same_block: bool) {
        for (a, (sc, dc)) in src.iter().zip(dst.iter_mut()).enumerate() {
            let copy = if self.prog.shared[a] {
                same_block && !sc.ls
            } else {
                !sc.ls || (!sc.gs && !same_block)
            };
            if copy {
                *dc = Cell {
                    data: sc.data,
                    b: false,
                    ls: true,
                    gs: true,
                };
            }
        }
    }
}

impl Model for Sorensen {
    type State = State;
    type Trans = Trans;

    fn initial(&self) -> Result<State, OpError> {
        let n = self.prog.threads.len();
        let nlocs = self.prog.locs.len();
        let cells: Vec<Cell> = self
            .prog
            .init_mem
            .iter()
            .map(|v| Cell {
                data: *v,
                ..INIT_CELL
            })
            .collect();
        let nviews = if self.strong { self.nblocks } else { n };
        let mut s = State {
            threads: self
                .prog
                .threads
                .iter()
                .map(|th| ThreadSt {
                    pc: 0,
                    regs: th.init_regs.iter().map(|v| Some(*v)).collect(),
                    steps: 0,
                    queues: vec![VecDeque::new(); nlocs],
                    pool: Vec::new(),
                    blocked: false,
                    done: false,
                })
                .collect(),
            views: vec![cells; nviews],
        };
        self.normalize(&mut s)?;
        Ok(s)
    }

    fn enabled(&self, s: &State) -> Result<Vec<Trans>, OpError> {
        let mut out = Vec::new();
        let n = s.threads.len();
        for (t, th) in s.threads.iter().enumerate() {
            let tt = t as u8;
            // Fire the next instruction.
            if !th.done && !th.blocked {
                if let Some((op, _)) = self.prog.mem_op_at(t, th.pc as usize) {
                    let ready = match op {
                        MemOp::Store {
                            val: Opnd::Reg(r), ..
                        } => th.regs[*r as usize].is_some(),
                        _ => true,
                    };
                    if ready {
                        out.push(Trans::Fire(tt, th.pc));
                    }
                }
            }
            // Drain queue heads (loads and stores).
            for (a, q) in th.queues.iter().enumerate() {
                match q.front() {
                    Some(Item::Store(_)) if !Self::pool_blocks(th, a as u8) => {
                        out.push(Trans::Drain(tt, a as u8))
                    }
                    Some(Item::Load(_)) => out.push(Trans::Drain(tt, a as u8)),
                    _ => {}
                }
            }
            // Fences: at the head of every queue, and the pool empty.
            let head = th.queues.first().and_then(|q| q.front().copied());
            if matches!(head, Some(Item::Tf | Item::Tfb))
                && th.queues.iter().all(|q| q.front().copied() == head)
                && th.pool.is_empty()
            {
                out.push(Trans::Fence(tt));
            }
            // Pooled loads (weak model only; the pool stays empty in the
            // strong one).
            let mut seen = Vec::new();
            for &(a, r) in &th.pool {
                if seen.contains(&(a, r)) {
                    continue;
                }
                seen.push((a, r));
                out.push(Trans::LoadLocal(tt, (a, r)));
                let own = s.views[t][a as usize];
                if own.b {
                    continue;
                }
                for t1 in 0..n {
                    let c = s.views[t1][a as usize];
                    let same = self.block[t1] == self.block[t];
                    let ok = if self.prog.shared[a as usize] {
                        same && t1 != t && !c.ls
                    } else if !same {
                        !c.gs
                    } else {
                        t1 != t && !c.ls
                    };
                    if ok {
                        out.push(Trans::LoadBorrow(tt, (a, r), t1 as u8));
                    }
                }
            }
        }
        // Sharing.
        for (v, cells) in s.views.iter().enumerate() {
            for (a, c) in cells.iter().enumerate() {
                let can = if self.strong {
                    !self.prog.shared[a] && !c.ls
                } else if self.prog.shared[a] {
                    !c.ls && !c.b
                } else {
                    !c.gs
                };
                if can {
                    out.push(Trans::Share(v as u8, a as u8));
                }
            }
        }
        Ok(out)
    }

    fn apply(&self, s: &State, tr: &Trans) -> Result<State, OpError> {
        let mut s = s.clone();
        match *tr {
            Trans::Fire(t, pc) => {
                let tu = t as usize;
                let pc = pc as usize;
                let (op, _) = self.prog.mem_op(tu, pc);
                let th = &mut s.threads[tu];
                match op {
                    MemOp::Load { dst, loc, .. } => {
                        th.regs[*dst as usize] = None;
                        th.queues[*loc as usize].push_back(Item::Load(*dst));
                    }
                    MemOp::Store { loc, val, .. } => {
                        let v = match val {
                            Opnd::Imm(v) => *v,
                            Opnd::Reg(r) => th.regs[*r as usize].unwrap_or(0),
                        };
                        th.queues[*loc as usize].push_back(Item::Store(v));
                    }
                    MemOp::Fence { scope, .. } => {
                        let item = if *scope == Some(Scope::Cta) {
                            Item::Tfb
                        } else {
                            Item::Tf
                        };
                        th.queues.iter_mut().for_each(|q| q.push_back(item));
                    }
                    MemOp::Rmw { .. } => unreachable!("rejected in new()"),
                }
                th.pc += 1;
            }
            Trans::Drain(t, a) => {
                let tu = t as usize;
                let item = s.threads[tu].queues[a as usize]
                    .pop_front()
                    .expect("enabled");
                let v = self.view_of(tu);
                match item {
                    Item::Store(d) => {
                        let c = &mut s.views[v][a as usize];
                        c.data = d;
                        c.b = false;
                        c.ls = false;
                        if !self.prog.shared[a as usize] && !self.strong {
                            c.gs = false;
                        }
                        if self.strong && self.prog.shared[a as usize] {
                            // A block's shared memory has no other copy.
                            c.ls = true;
                        }
                    }
                    Item::Load(r) => {
                        if self.strong {
                            s.threads[tu].regs[r as usize] = Some(s.views[v][a as usize].data);
                        } else {
                            let p = &mut s.threads[tu].pool;
                            p.push((a, r));
                            p.sort();
                        }
                    }
                    Item::Tf | Item::Tfb => unreachable!("fences drain together"),
                }
            }
            Trans::LoadLocal(t, (a, r)) => {
                let tu = t as usize;
                let d = s.views[tu][a as usize].data;
                let th = &mut s.threads[tu];
                th.regs[r as usize] = Some(d);
                let i = th.pool.iter().position(|x| *x == (a, r)).expect("enabled");
                th.pool.remove(i);
            }
            Trans::LoadBorrow(t, (a, r), t1) => {
                let tu = t as usize;
                let d = s.views[t1 as usize][a as usize].data;
                s.views[tu][a as usize] = Cell {
                    data: d,
                    b: true,
                    ls: true,
                    gs: true,
                };
                let th = &mut s.threads[tu];
                th.regs[r as usize] = Some(d);
                let i = th.pool.iter().position(|x| *x == (a, r)).expect("enabled");
                th.pool.remove(i);
            }
            Trans::Share(v, a) => {
                let (vu, au) = (v as usize, a as usize);
                let c = s.views[vu][au];
                let fresh = Cell {
                    data: c.data,
                    b: false,
                    ls: true,
                    gs: true,
                };
                for (v2, cells) in s.views.iter_mut().enumerate() {
                    if v2 == vu {
                        continue;
                    }
                    let to = if self.strong {
                        true
                    } else if self.prog.shared[au] {
                        self.block[v2] == self.block[vu]
                    } else if c.ls {
                        // "share a partially shared datum": other blocks.
                        self.block[v2] != self.block[vu]
                    } else {
                        true
                    };
                    if to {
                        cells[au] = fresh;
                    }
                }
                let own = &mut s.views[vu][au];
                own.ls = true;
                own.gs = true;
            }
            Trans::Fence(t) => {
                let tu = t as usize;
                let th = &mut s.threads[tu];
                let kind = th.queues[0].front().copied();
                th.queues.iter_mut().for_each(|q| {
                    q.pop_front();
                });
                let global = kind == Some(Item::Tf);
                if self.strong {
                    // One view per block: only TF has work left, sharing
                    // the block's global writes with every other block.
                    if global {
                        let b = self.block[tu] as usize;
                        for a in 0..self.prog.locs.len() {
                            if !self.prog.shared[a] && !s.views[b][a].ls {
                                self.share_strong(&mut s, b, a);
                            }
                        }
                    }
                } else {
                    let src = s.views[tu].clone();
                    for t2 in 0..s.threads.len() {
                        let same = self.block[t2] == self.block[tu];
                        if t2 == tu || !(same || global) {
                            continue;
                        }
                        self.merge(&src, &mut s.views[t2], same);
                    }
                    for (a, c) in s.views[tu].iter_mut().enumerate() {
                        c.ls = true;
                        if global && !self.prog.shared[a] {
                            c.gs = true;
                        }
                    }
                }
            }
        }
        self.normalize(&mut s)?;
        Ok(s)
    }

    fn outcome(&self, s: &State) -> Result<Option<Vec<i64>>, OpError> {
        if s.threads.iter().any(|t| !t.done) {
            return Ok(None);
        }
        Ok(Some(
            self.prog
                .observed
                .iter()
                .map(|o| match o {
                    Obs::Const(c) => *c,
                    Obs::Reg(t, r) => s.threads[*t].regs[*r as usize].unwrap_or(0),
                    Obs::Loc(_) => 0, // rejected in new()
                })
                .collect(),
        ))
    }

    /// A thread is done only when its queues and pool are empty: its
    /// registers are final then.
    fn known(&self, s: &State) -> Vec<Option<i64>> {
        self.prog.known_outcome(|t, r| {
            let th = &s.threads[t];
            th.done.then(|| th.regs[r as usize].unwrap_or(0))
        })
    }

    fn describe(&self, t: &Trans) -> String {
        let loc = |a: &u8| self.prog.locs[*a as usize].clone();
        match t {
            Trans::Fire(th, pc) => {
                let (op, _) = self.prog.mem_op(*th as usize, *pc as usize);
                format!("fire P{th}: {}", describe_op(&self.prog, op))
            }
            Trans::Drain(th, a) => format!("drain P{th} queue {}", loc(a)),
            Trans::LoadLocal(th, (a, r)) => format!(
                "P{th} loads {} into {} from its own memory",
                loc(a),
                self.prog.threads[*th as usize].reg_names[*r as usize]
            ),
            Trans::LoadBorrow(th, (a, r), t1) => format!(
                "P{th} loads {} into {} borrowing P{t1}'s value",
                loc(a),
                self.prog.threads[*th as usize].reg_names[*r as usize]
            ),
            Trans::Share(v, a) => {
                if self.strong {
                    format!("block {v} shares {}", loc(a))
                } else {
                    format!("P{v} shares {}", loc(a))
                }
            }
            Trans::Fence(th) => format!("P{th} drains its fence"),
        }
    }
}

impl Sorensen {
    /// Strong model: block `b`'s value of global `a` reaches every block.
    fn share_strong(&self, s: &mut State, b: usize, a: usize) {
        let d = s.views[b][a].data;
        for (v2, cells) in s.views.iter_mut().enumerate() {
            if v2 != b {
                cells[a] = Cell {
                    data: d,
                    ..INIT_CELL
                };
            }
        }
        s.views[b][a].ls = true;
    }
}
