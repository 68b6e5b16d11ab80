//! From a parsed litmus test to what the hardware harness runs: per thread
//! a straight list of operations over numbered registers and accesses, the
//! thread placement (test CTA of each thread), the locations with their
//! initial values, and the observed variables of the condition.
//!
//! Both the CUDA emitter (`emit`) and the sequential-consistency simulator
//! of the dry run (`sc`) read this form, so the dry run executes exactly
//! the operations the kernels would.

use std::collections::BTreeMap;

use super::error::GpuError;
use crate::ast::{
    ArithOp, FenceKind, InstrKind, Operand, Prop, Proxy, Quant, RmwOp, Scope, Sem, Term, Test,
};
use relprove_engine::diag::Span;

/// A register (index into [`GpuThread::regs`]) or a 32-bit constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    /// A register: index into `GpuThread::regs`.
    Reg(usize),
    /// A 32-bit constant.
    Imm(i32),
}

/// One operation of a thread. `acc` numbers the thread's memory accesses in
/// program order (each gets its own address operand on the GPU).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `ld`: a load of a location into a register.
    Load {
        /// The memory-order qualifier.
        sem: Sem,
        /// The scope qualifier, if written.
        scope: Option<Scope>,
        /// Written `ld.volatile` in the test.
        volatile: bool,
        /// The destination register (index into `GpuThread::regs`).
        dst: usize,
        /// The access's number (index into `GpuThread::access_locs`).
        acc: usize,
    },
    /// `st`: a store of a value to a location.
    Store {
        /// The memory-order qualifier.
        sem: Sem,
        /// The scope qualifier, if written.
        scope: Option<Scope>,
        /// Written `st.volatile` in the test.
        volatile: bool,
        /// The value stored.
        val: Val,
        /// The access's number (index into `GpuThread::access_locs`).
        acc: usize,
    },
    /// `atom` (with a destination) or `red` (without): a read-modify-write.
    Rmw {
        /// The memory-order qualifier.
        sem: Sem,
        /// The scope qualifier, if written.
        scope: Option<Scope>,
        /// The operation.
        op: RmwOp,
        /// The register that receives the old value; `None` for `red`.
        dst: Option<usize>,
        /// The operands after the location (for `cas`: the compared value,
        /// then the new one).
        args: Vec<Val>,
        /// The access's number (index into `GpuThread::access_locs`).
        acc: usize,
    },
    /// A fence: `fence.*`, or `membar.*` (an SC fence).
    Fence {
        /// Its strength.
        kind: FenceKind,
        /// The scope qualifier, if written.
        scope: Option<Scope>,
        /// Written `membar.cta/gl/sys` in the test.
        membar: bool,
    },
    /// `mov`: a register gets a value.
    Mov {
        /// The destination register.
        dst: usize,
        /// The value moved.
        src: Val,
    },
    /// Register arithmetic: `dst = a op b`.
    Arith {
        /// The operation.
        op: ArithOp,
        /// The destination register.
        dst: usize,
        /// The first operand.
        a: Val,
        /// The second operand.
        b: Val,
    },
    /// A label: index into [`GpuThread::labels`].
    Label(usize),
    /// `goto` (no condition) or `beq`/`bne`; only forward jumps.
    Jump {
        /// `None` for `goto`; else `(eq, a, b)`: jump when `a == b` (`eq`,
        /// `beq`) or when `a != b` (`bne`).
        cond: Option<(bool, Val, Val)>,
        /// The target: index into `GpuThread::labels`.
        label: usize,
    },
}

/// One thread of a test in the harness's form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuThread {
    /// `P<id>` of the test.
    pub id: usize,
    /// `@cta N` of the test.
    pub cta: u32,
    /// Index of this thread's CTA among the test's distinct CTAs.
    pub cta_index: usize,
    /// Registers (names of the test) and initial values.
    pub regs: Vec<(String, i32)>,
    /// Its operations, in program order.
    pub ops: Vec<Op>,
    /// Location index of each access, in access order.
    pub access_locs: Vec<usize>,
    /// Its labels, in order of appearance (named by `Op::Label` and
    /// `Op::Jump`).
    pub labels: Vec<String>,
    /// Observed registers of this thread: indices into `regs`; the kernel
    /// writes them to its output slots in this order.
    pub outs: Vec<usize>,
}

/// An observed variable of the condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obs {
    /// Thread index, output slot.
    Reg(usize, usize),
    /// Location index (its final value).
    Loc(usize),
}

/// A test ready for the harness.
#[derive(Clone, Debug)]
pub struct GpuTest {
    /// The test's name (it keys the results).
    pub name: String,
    /// A C identifier unique within one harness (`lt<k>_<name>`).
    pub ident: String,
    /// The test file, as given.
    pub file: String,
    /// The memory locations: the initialised ones in order of appearance,
    /// then the others as accesses and the condition meet them.
    pub locs: Vec<String>,
    /// The initial value of each of `locs` (0 unless initialised).
    pub init: Vec<i32>,
    /// The threads, in the order of the test.
    pub threads: Vec<GpuThread>,
    /// Number of distinct CTAs.
    pub ctas: usize,
    /// Observed variables, in the order of `Prop::vars` (the histogram key).
    pub vars: Vec<Term>,
    /// Where each of `vars` is read after a run.
    pub obs: Vec<Obs>,
    /// The condition's quantifier.
    pub quant: Quant,
    /// The condition's proposition.
    pub prop: Prop,
}

impl GpuTest {
    /// The observed variables as herd writes them (`1:r0`, `x`).
    pub fn var_names(&self) -> Vec<String> {
        self.vars.iter().map(|t| t.to_string()).collect()
    }

    /// Whether the condition's proposition holds in a state (values of
    /// `vars`, in order).
    pub fn holds(&self, state: &[i64]) -> bool {
        self.prop.eval(&|t: &Term| {
            self.vars
                .iter()
                .position(|v| v == t)
                .map_or(0, |i| state[i])
        })
    }

    /// The most accesses of any thread (address operands per thread).
    pub fn max_accesses(&self) -> usize {
        self.threads
            .iter()
            .map(|t| t.access_locs.len())
            .max()
            .unwrap_or(0)
    }

    /// The most observed registers of any thread.
    pub fn max_outs(&self) -> usize {
        self.threads.iter().map(|t| t.outs.len()).max().unwrap_or(0)
    }
}

/// Threads of one test the harness places (the warps of one CTA bound it).
pub const MAX_THREADS: usize = 32;

/// Turn a parsed test into the harness form. `text` is the test file's
/// text (spans index into it: `ld.volatile` and `membar` are read back from
/// it so that the kernel carries the instruction as written); `index`
/// makes the C identifier unique within one harness.
pub fn prepare(test: &Test, text: &str, file: &str, index: usize) -> Result<GpuTest, GpuError> {
    let unsupported = |span: Span, what: String| GpuError::Unsupported { span, what };
    if test.threads.len() > MAX_THREADS {
        return Err(unsupported(
            test.name_span,
            format!(
                "{} threads (the harness places at most {MAX_THREADS})",
                test.threads.len()
            ),
        ));
    }
    let mut locs: Vec<String> = Vec::new();
    let mut init: Vec<i32> = Vec::new();
    let small = |v: i64, span: Span| {
        i32::try_from(v).map_err(|_| GpuError::Unsupported {
            span,
            what: format!("value {v} does not fit the kernels' 32-bit words"),
        })
    };
    for (x, v, span) in &test.init_locs {
        if !locs.contains(x) {
            locs.push(x.clone());
            init.push(small(*v, *span)?);
        }
    }
    let loc_index = |x: &str, locs: &mut Vec<String>, init: &mut Vec<i32>| -> usize {
        match locs.iter().position(|l| l == x) {
            Some(i) => i,
            None => {
                locs.push(x.to_string());
                init.push(0);
                locs.len() - 1
            }
        }
    };
    let mut cta_ids: Vec<u32> = Vec::new();
    let mut threads = Vec::new();
    for th in &test.threads {
        if th.gpu != 0 {
            return Err(unsupported(
                th.span,
                format!("P{} on gpu {} (the harness runs on one GPU)", th.id, th.gpu),
            ));
        }
        let cta_index = match cta_ids.iter().position(|c| *c == th.cta) {
            Some(i) => i,
            None => {
                cta_ids.push(th.cta);
                cta_ids.len() - 1
            }
        };
        let mut regs: Vec<(String, i32)> = Vec::new();
        for (t, r, v, span) in &test.init_regs {
            if *t == th.id && !regs.iter().any(|(n, _)| n == r) {
                regs.push((r.clone(), small(*v, *span)?));
            }
        }
        let reg = |r: &str, regs: &mut Vec<(String, i32)>| -> usize {
            match regs.iter().position(|(n, _)| n == r) {
                Some(i) => i,
                None => {
                    regs.push((r.to_string(), 0));
                    regs.len() - 1
                }
            }
        };
        // Labels first, so that jumps can be checked to go forward.
        let mut labels: Vec<String> = Vec::new();
        let mut label_pos: BTreeMap<String, usize> = BTreeMap::new();
        for (k, ins) in th.instrs.iter().enumerate() {
            if let InstrKind::Label(l) = &ins.kind {
                if label_pos.insert(l.clone(), k).is_some() {
                    return Err(unsupported(ins.span, format!("label {l} defined twice")));
                }
                labels.push(l.clone());
            }
        }
        let mut ops = Vec::new();
        let mut access_locs = Vec::new();
        for (k, ins) in th.instrs.iter().enumerate() {
            let val = |o: &Operand, regs: &mut Vec<(String, i32)>| -> Result<Val, GpuError> {
                Ok(match o {
                    Operand::Reg(r) => Val::Reg(reg(r, regs)),
                    Operand::Imm(v) => Val::Imm(small(*v, ins.span)?),
                })
            };
            let snippet = text
                .get(ins.span.start as usize..ins.span.end as usize)
                .unwrap_or("")
                .trim_start();
            let mut access = |x: &str, access_locs: &mut Vec<usize>| -> usize {
                access_locs.push(loc_index(x, &mut locs, &mut init));
                access_locs.len() - 1
            };
            let op = match &ins.kind {
                InstrKind::Load {
                    sem,
                    scope,
                    proxy: Proxy::Generic,
                    dst,
                    loc,
                } => Op::Load {
                    sem: *sem,
                    scope: *scope,
                    volatile: snippet.starts_with("ld.volatile"),
                    dst: reg(dst, &mut regs),
                    acc: access(loc, &mut access_locs),
                },
                InstrKind::Store {
                    sem,
                    scope,
                    proxy: Proxy::Generic,
                    loc,
                    val: v,
                } => Op::Store {
                    sem: *sem,
                    scope: *scope,
                    volatile: snippet.starts_with("st.volatile"),
                    val: val(v, &mut regs)?,
                    acc: access(loc, &mut access_locs),
                },
                InstrKind::Rmw {
                    sem,
                    scope,
                    proxy: Proxy::Generic,
                    op,
                    dst,
                    loc,
                    args,
                } => {
                    if *op == RmwOp::Sub {
                        return Err(unsupported(
                            ins.span,
                            "atom/red .sub (PTX has no such instruction)".into(),
                        ));
                    }
                    if dst.is_none() && matches!(op, RmwOp::Exch | RmwOp::Cas) {
                        return Err(unsupported(
                            ins.span,
                            "red.exch/red.cas (PTX has no such instruction)".into(),
                        ));
                    }
                    let args = args
                        .iter()
                        .map(|a| val(a, &mut regs))
                        .collect::<Result<Vec<_>, _>>()?;
                    Op::Rmw {
                        sem: *sem,
                        scope: *scope,
                        op: *op,
                        dst: dst.as_ref().map(|d| reg(d, &mut regs)),
                        args,
                        acc: access(loc, &mut access_locs),
                    }
                }
                InstrKind::Fence { kind, scope } => Op::Fence {
                    kind: *kind,
                    scope: *scope,
                    membar: snippet.starts_with("membar"),
                },
                InstrKind::Barrier { .. } => {
                    return Err(unsupported(
                        ins.span,
                        "barriers (bar.sync waits for every thread of the block, and the \
                         harness packs many instances and stress threads into one block)"
                            .into(),
                    ))
                }
                InstrKind::Mov { dst, src } => {
                    let src = val(src, &mut regs)?;
                    Op::Mov {
                        dst: reg(dst, &mut regs),
                        src,
                    }
                }
                InstrKind::Arith { op, dst, a, b } => {
                    let a = val(a, &mut regs)?;
                    let b = val(b, &mut regs)?;
                    Op::Arith {
                        op: *op,
                        dst: reg(dst, &mut regs),
                        a,
                        b,
                    }
                }
                InstrKind::Label(l) => {
                    Op::Label(labels.iter().position(|x| x == l).unwrap_or_default())
                }
                InstrKind::Goto(l) | InstrKind::Branch { target: l, .. } => {
                    let Some(&at) = label_pos.get(l) else {
                        return Err(unsupported(
                            ins.span,
                            format!("jump to undefined label {l}"),
                        ));
                    };
                    if at <= k {
                        return Err(unsupported(
                            ins.span,
                            format!(
                                "backward jump to {l} (a loop: the harness runs only \
                                 straight-line or forward-branching code, so that every \
                                 kernel ends)"
                            ),
                        ));
                    }
                    let cond = match &ins.kind {
                        InstrKind::Branch { eq, a, b, .. } => {
                            Some((*eq, val(a, &mut regs)?, val(b, &mut regs)?))
                        }
                        _ => None,
                    };
                    Op::Jump {
                        cond,
                        label: labels.iter().position(|x| x == l).unwrap_or_default(),
                    }
                }
                #[allow(unreachable_patterns)]
                _ => {
                    // Instruction kinds added to the litmus front end later
                    // are refused until the harness knows them.
                    return Err(unsupported(ins.span, format!("instruction `{snippet}`")));
                }
            };
            ops.push(op);
        }
        threads.push(GpuThread {
            id: th.id,
            cta: th.cta,
            cta_index,
            regs,
            ops,
            access_locs,
            labels,
            outs: Vec::new(),
        });
    }
    let vars = test.cond.prop.vars();
    let mut obs = Vec::new();
    for v in &vars {
        match v {
            Term::Reg(t, r) => {
                let Some(ti) = threads.iter().position(|th| th.id == *t) else {
                    return Err(unsupported(
                        test.cond.span,
                        format!("the condition reads {t}:{r} but there is no thread P{t}"),
                    ));
                };
                let th = &mut threads[ti];
                let ri = match th.regs.iter().position(|(n, _)| n == r) {
                    Some(i) => i,
                    None => {
                        th.regs.push((r.clone(), 0));
                        th.regs.len() - 1
                    }
                };
                th.outs.push(ri);
                obs.push(Obs::Reg(ti, th.outs.len() - 1));
            }
            Term::Loc(x) => {
                let i = loc_index(x, &mut locs, &mut init);
                obs.push(Obs::Loc(i));
            }
            Term::Const(_) => {}
        }
    }
    Ok(GpuTest {
        name: test.name.clone(),
        ident: format!("lt{index}_{}", c_ident(&test.name)),
        file: file.to_string(),
        locs,
        init,
        threads,
        ctas: cta_ids.len(),
        vars,
        obs,
        quant: test.cond.quant,
        prop: test.cond.prop.clone(),
    })
}

/// A C identifier fragment: ASCII alphanumerics, everything else `_`.
pub fn c_ident(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
