//! Sequential consistency over the harness form of a test: the dry run's
//! stand-in for the GPU. `run_random` executes instances as random
//! interleavings (one operation of one thread per step, a seeded
//! generator: deterministic); `enumerate` explores every interleaving and
//! returns the exact set of SC final states (what a random histogram must
//! stay within).

use std::collections::{BTreeMap, BTreeSet};

use super::prepare::{GpuTest, Obs, Op, Val};
use crate::ast::{ArithOp, RmwOp};

/// A machine state: per thread its program counter and registers, and
/// memory (one word per location).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct State {
    pc: Vec<usize>,
    regs: Vec<Vec<i64>>,
    mem: Vec<i64>,
}

fn initial(t: &GpuTest) -> State {
    State {
        pc: vec![0; t.threads.len()],
        regs: t
            .threads
            .iter()
            .map(|th| th.regs.iter().map(|(_, v)| *v as i64).collect())
            .collect(),
        mem: t.init.iter().map(|&v| v as i64).collect(),
    }
}

/// 32-bit two's complement, as the kernels compute.
fn word(v: i64) -> i64 {
    v as i32 as i64
}

fn rmw(op: RmwOp, old: i64, args: &[i64]) -> i64 {
    let a = args.first().copied().unwrap_or(0);
    word(match op {
        RmwOp::Add => old.wrapping_add(a),
        RmwOp::Sub => old.wrapping_sub(a),
        RmwOp::Exch => a,
        RmwOp::Cas => {
            if old == a {
                args.get(1).copied().unwrap_or(0)
            } else {
                old
            }
        }
        RmwOp::And => old & a,
        RmwOp::Or => old | a,
        RmwOp::Xor => old ^ a,
        RmwOp::Min => old.min(a),
        RmwOp::Max => old.max(a),
        // CUDA atomicInc / atomicDec (unsigned comparisons on 32 bits).
        RmwOp::Inc => {
            if (old as u32) >= (a as u32) {
                0
            } else {
                old + 1
            }
        }
        RmwOp::Dec => {
            if old == 0 || (old as u32) > (a as u32) {
                a
            } else {
                old - 1
            }
        }
    })
}

/// Execute one operation of thread `t` (which has not finished).
fn step(test: &GpuTest, s: &mut State, t: usize) {
    let th = &test.threads[t];
    let op = &th.ops[s.pc[t]];
    s.pc[t] += 1;
    let get = |s: &State, v: Val| match v {
        Val::Reg(r) => s.regs[t][r],
        Val::Imm(c) => c as i64,
    };
    match op {
        Op::Load { dst, acc, .. } => {
            s.regs[t][*dst] = s.mem[th.access_locs[*acc]];
        }
        Op::Store { val, acc, .. } => {
            let v = get(s, *val);
            s.mem[th.access_locs[*acc]] = word(v);
        }
        Op::Rmw {
            op, dst, args, acc, ..
        } => {
            let l = th.access_locs[*acc];
            let old = s.mem[l];
            let args: Vec<i64> = args.iter().map(|a| get(s, *a)).collect();
            s.mem[l] = rmw(*op, old, &args);
            if let Some(d) = dst {
                s.regs[t][*d] = old;
            }
        }
        // Under SC every fence is a no-op.
        Op::Fence { .. } | Op::Label(_) => {}
        Op::Mov { dst, src } => s.regs[t][*dst] = get(s, *src),
        Op::Arith { op, dst, a, b } => {
            let (a, b) = (get(s, *a), get(s, *b));
            s.regs[t][*dst] = word(match op {
                ArithOp::Add => a.wrapping_add(b),
                ArithOp::Sub => a.wrapping_sub(b),
                ArithOp::Mul => a.wrapping_mul(b),
                ArithOp::And => a & b,
                ArithOp::Or => a | b,
                ArithOp::Xor => a ^ b,
            });
        }
        Op::Jump { cond, label } => {
            let taken = match cond {
                None => true,
                Some((eq, a, b)) => (get(s, *a) == get(s, *b)) == *eq,
            };
            if taken {
                // Jumps go forward (checked by `prepare`): this ends.
                if let Some(p) = th.ops.iter().position(|o| *o == Op::Label(*label)) {
                    s.pc[t] = p;
                }
            }
        }
    }
}

fn done(test: &GpuTest, s: &State, t: usize) -> bool {
    s.pc[t] >= test.threads[t].ops.len()
}

/// The observed values (the histogram key) of a final state.
fn observe(test: &GpuTest, s: &State) -> Vec<i64> {
    test.obs
        .iter()
        .map(|o| match o {
            Obs::Reg(t, slot) => s.regs[*t][test.threads[*t].outs[*slot]],
            Obs::Loc(l) => s.mem[*l],
        })
        .collect()
}

/// Every final state reachable under sequential consistency (observed
/// values). Explores the interleavings with a visited set; `limit` bounds
/// the number of distinct states explored (`None` when exceeded).
pub fn enumerate(test: &GpuTest, limit: usize) -> Option<BTreeSet<Vec<i64>>> {
    let mut seen: BTreeSet<State> = BTreeSet::new();
    let mut stack = vec![initial(test)];
    let mut finals = BTreeSet::new();
    while let Some(s) = stack.pop() {
        if !seen.insert(s.clone()) {
            continue;
        }
        if seen.len() > limit {
            return None;
        }
        let mut any = false;
        for t in 0..test.threads.len() {
            if !done(test, &s, t) {
                any = true;
                let mut n = s.clone();
                step(test, &mut n, t);
                stack.push(n);
            }
        }
        if !any {
            finals.insert(observe(test, &s));
        }
    }
    Some(finals)
}

/// SplitMix64: a small, well-mixed, seedable generator (the dry run must be
/// reproducible).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Run `instances` instances, each one random interleaving; the histogram
/// of their final states.
pub fn run_random(test: &GpuTest, instances: u64, rng: &mut SplitMix64) -> BTreeMap<Vec<i64>, u64> {
    let mut hist = BTreeMap::new();
    let start = initial(test);
    let mut live: Vec<usize> = Vec::with_capacity(test.threads.len());
    for _ in 0..instances {
        let mut s = start.clone();
        loop {
            live.clear();
            live.extend((0..test.threads.len()).filter(|&t| !done(test, &s, t)));
            if live.is_empty() {
                break;
            }
            let t = live[rng.below(live.len())];
            step(test, &mut s, t);
        }
        *hist.entry(observe(test, &s)).or_insert(0) += 1;
    }
    hist
}
