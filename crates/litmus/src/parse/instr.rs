//! One instruction cell of a thread's column, by instruction family:
//! memory accesses (`ld`, `st`, `atom`, `red` and the proxy forms),
//! fences, barriers, register moves and arithmetic, and control flow.

use super::{check_scope, is_ident, is_reg, parse_int, PResult};
use crate::ast::*;
use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};
use std::collections::BTreeMap;

/// Parse the instruction `cell` (at offset `start` of `file`, spanning
/// `span`) of thread `tid`; `ptrs` are the GPU_PTX pointer registers.
pub(super) fn instr(
    file: FileId,
    ptrs: &BTreeMap<(usize, String), String>,
    cell: &str,
    start: usize,
    span: Span,
    tid: usize,
) -> PResult<Instr> {
    let op_len = cell.find(char::is_whitespace).unwrap_or(cell.len());
    let opcode = &cell[..op_len];
    let op_span = Span::new(file, start, start + op_len);
    // Operands, comma separated, with their offsets.
    let mut args: Vec<(&str, Span)> = Vec::new();
    let rest = &cell[op_len..];
    if !rest.trim().is_empty() {
        let mut off = start + op_len;
        for a in rest.split(',') {
            let t = a.trim();
            let s = off + (a.len() - a.trim_start().len());
            args.push((t, Span::new(file, s, s + t.len())));
            off += a.len() + 1;
        }
    }
    if let Some(label) = opcode.strip_suffix(':') {
        if args.is_empty() && is_ident(label) {
            return Ok(Instr {
                kind: InstrKind::Label(label.to_string()),
                span,
            });
        }
    }
    let ins = Cell {
        ptrs,
        tid,
        opcode,
        op_span,
        parts: opcode.split('.').collect(),
        args,
        span,
    };
    let kind = match ins.parts[0] {
        "ld" | "suld" | "tld" | "cold" => ins.load()?,
        "st" | "sust" => ins.store()?,
        "atom" | "red" => ins.rmw()?,
        "fence" => ins.fence()?,
        // x86's MFENCE, for x86 threads of compound tests.
        "mfence" => {
            ins.nargs(&[0])?;
            InstrKind::Fence {
                kind: FenceKind::Sc,
                scope: Some(Scope::Sys),
            }
        }
        "membar" => ins.membar()?,
        "bar" | "barrier" => ins.barrier()?,
        "mov" => ins.mov()?,
        "add" | "sub" | "mul" | "and" | "or" | "xor" => ins.arith()?,
        "goto" | "bra" => {
            ins.nargs(&[1])?;
            InstrKind::Goto(ins.label(0)?)
        }
        "beq" | "bne" => {
            ins.nargs(&[3])?;
            InstrKind::Branch {
                eq: ins.parts[0] == "beq",
                a: ins.operand(0)?,
                b: ins.operand(1)?,
                target: ins.label(2)?,
            }
        }
        "sured" | "suatom" => {
            return Err(ins.unsupported("surface reductions and atomics are not supported"))
        }
        _ => return Err(ins.unsupported("not a PTX instruction relprove's litmus front end knows")),
    };
    Ok(Instr { kind, span })
}

/// An instruction cell split into its opcode's parts and its operands.
struct Cell<'c> {
    ptrs: &'c BTreeMap<(usize, String), String>,
    tid: usize,
    opcode: &'c str,
    op_span: Span,
    /// The opcode split at dots: the instruction and its qualifiers.
    parts: Vec<&'c str>,
    args: Vec<(&'c str, Span)>,
    span: Span,
}

impl Cell<'_> {
    // -----------------------------------------------------------------------
    // Errors and operands

    fn unsupported(&self, what: &str) -> Diagnostic {
        Diagnostic::new(
            Phase::Litmus,
            self.op_span,
            format!("unsupported instruction `{}`", self.opcode),
        )
        .label(what.to_string())
    }

    fn bad_q(&self, q: &str) -> Diagnostic {
        Diagnostic::new(
            Phase::Litmus,
            self.op_span,
            format!("unsupported qualifier `.{q}` in `{}`", self.opcode),
        )
    }

    fn nargs(&self, n: &[usize]) -> PResult<()> {
        if n.contains(&self.args.len()) {
            Ok(())
        } else {
            let want = n
                .iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(" or ");
            Err(Diagnostic::new(
                Phase::Litmus,
                self.span,
                format!(
                    "`{}` takes {want} operands, found {}",
                    self.opcode,
                    self.args.len()
                ),
            ))
        }
    }

    fn reg(&self, i: usize) -> PResult<String> {
        let (a, s) = self.args[i];
        if is_reg(a) {
            Ok(a.to_string())
        } else {
            Err(Diagnostic::new(
                Phase::Litmus,
                s,
                format!("expected a register, found `{a}`"),
            ))
        }
    }

    fn loc(&self, i: usize) -> PResult<String> {
        let (a, s) = self.args[i];
        let tid = self.tid;
        // `[x]`, and GPU_PTX's `[r1]` with r1 declared `= x`.
        let a = match a
            .strip_prefix('[')
            .and_then(|b| b.strip_suffix(']'))
            .map(str::trim)
        {
            Some(inner) if is_reg(inner) => match self.ptrs.get(&(tid, inner.to_string())) {
                Some(x) => x.as_str(),
                None => {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        s,
                        format!("`{inner}` is not a pointer register of thread {tid}"),
                    )
                    .hint("declare it in the init block, e.g. `0:.reg .b64 r1 = x;`"))
                }
            },
            Some(inner) => inner,
            None => a,
        };
        if is_ident(a) && !is_reg(a) {
            Ok(a.to_string())
        } else if a.starts_with('[') {
            Err(Diagnostic::new(
                Phase::Litmus,
                s,
                format!("unsupported address operand `{a}`"),
            )
            .hint("addresses must be location names"))
        } else {
            Err(Diagnostic::new(
                Phase::Litmus,
                s,
                format!("expected a memory location, found `{a}`"),
            ))
        }
    }

    fn operand(&self, i: usize) -> PResult<Operand> {
        let (a, s) = self.args[i];
        if is_reg(a) {
            Ok(Operand::Reg(a.to_string()))
        } else if let Some(v) = parse_int(a) {
            Ok(Operand::Imm(v))
        } else {
            Err(Diagnostic::new(
                Phase::Litmus,
                s,
                format!("expected a register or an integer, found `{a}`"),
            ))
        }
    }

    fn label(&self, i: usize) -> PResult<String> {
        let (a, s) = self.args[i];
        if is_ident(a) {
            Ok(a.to_string())
        } else {
            Err(Diagnostic::new(
                Phase::Litmus,
                s,
                format!("expected a label, found `{a}`"),
            ))
        }
    }

    /// Qualifier decoding shared by ld/st/atom/red.
    fn sem_scope(&self, allow_op: bool) -> PResult<(Option<Sem>, Option<Scope>, Option<RmwOp>)> {
        let (mut sem, mut scope, mut op) = (None, None, None);
        for &q in &self.parts[1..] {
            match q {
                "weak" => sem = Some(Sem::Weak),
                "relaxed" => sem = Some(Sem::Relaxed),
                "acquire" => sem = Some(Sem::Acquire),
                "release" => sem = Some(Sem::Release),
                "acq_rel" => sem = Some(Sem::AcqRel),
                "volatile" => {
                    sem = Some(Sem::Relaxed);
                    scope = Some(Scope::Sys);
                }
                "cta" => scope = Some(Scope::Cta),
                "gpu" => scope = Some(Scope::Gpu),
                "sys" => scope = Some(Scope::Sys),
                // State spaces, types and cache operators do not change
                // the semantics here (legacy `ld.cg` etc. are weak).
                // `.shared` (the CTA's shared memory) only matters to
                // op:sorensen, which reads it off the instruction text.
                "global" | "shared" | "u32" | "s32" | "b32" | "u64" | "s64" | "b64" | "ca"
                | "cg" | "cs" | "lu" | "cv" | "wb" | "wt" => {}
                "add" if allow_op => op = Some(RmwOp::Add),
                "sub" if allow_op => op = Some(RmwOp::Sub),
                "exch" if allow_op => op = Some(RmwOp::Exch),
                "cas" if allow_op => op = Some(RmwOp::Cas),
                "and" if allow_op => op = Some(RmwOp::And),
                "or" if allow_op => op = Some(RmwOp::Or),
                "xor" if allow_op => op = Some(RmwOp::Xor),
                "min" if allow_op => op = Some(RmwOp::Min),
                "max" if allow_op => op = Some(RmwOp::Max),
                "inc" if allow_op => op = Some(RmwOp::Inc),
                "dec" if allow_op => op = Some(RmwOp::Dec),
                q => return Err(self.bad_q(q)),
            }
        }
        Ok((sem, scope, op))
    }

    // -----------------------------------------------------------------------
    // Memory accesses

    /// `ld` and the proxy loads `suld`, `tld`, `cold`.
    fn load(&self) -> PResult<InstrKind> {
        let proxy = match self.parts[0] {
            "suld" => Proxy::Surface,
            "tld" => Proxy::Texture,
            "cold" => Proxy::Constant,
            _ => Proxy::Generic,
        };
        self.nargs(&[2])?;
        let (sem, scope, _) = self.sem_scope(false)?;
        if proxy == Proxy::Generic && sem.is_none() && parse_int(self.args[1].0).is_some() {
            // `ld r, N`: load of a constant into a register.
            return Ok(InstrKind::Mov {
                dst: self.reg(0)?,
                src: self.operand(1)?,
            });
        }
        let sem = sem.unwrap_or(Sem::Weak);
        if matches!(sem, Sem::Release | Sem::AcqRel) {
            return Err(self.unsupported("a load cannot have release semantics"));
        }
        check_scope(sem, scope, self.op_span, self.opcode)?;
        Ok(InstrKind::Load {
            proxy,
            sem,
            scope,
            dst: self.reg(0)?,
            loc: self.loc(1)?,
        })
    }

    /// `st` and the surface store `sust`.
    fn store(&self) -> PResult<InstrKind> {
        let proxy = if self.parts[0] == "sust" {
            Proxy::Surface
        } else {
            Proxy::Generic
        };
        self.nargs(&[2])?;
        let (sem, scope, _) = self.sem_scope(false)?;
        let sem = sem.unwrap_or(Sem::Weak);
        if matches!(sem, Sem::Acquire | Sem::AcqRel) {
            return Err(self.unsupported("a store cannot have acquire semantics"));
        }
        check_scope(sem, scope, self.op_span, self.opcode)?;
        Ok(InstrKind::Store {
            proxy,
            sem,
            scope,
            loc: self.loc(0)?,
            val: self.operand(1)?,
        })
    }

    /// `atom` (with a result register) and `red` (without).
    fn rmw(&self) -> PResult<InstrKind> {
        let (sem, scope, op) = self.sem_scope(true)?;
        let op =
            op.ok_or_else(|| self.unsupported("missing operation (e.g. `.add`, `.exch`, `.cas`)"))?;
        let sem = sem.unwrap_or(Sem::Relaxed);
        if sem == Sem::Weak {
            return Err(self.bad_q("weak"));
        }
        let is_atom = self.parts[0] == "atom";
        if !is_atom && matches!(op, RmwOp::Exch | RmwOp::Cas) {
            return Err(self.unsupported("`red` has no result; exch/cas need `atom`"));
        }
        let extra = if op == RmwOp::Cas { 2 } else { 1 };
        let first = usize::from(is_atom);
        self.nargs(&[first + 1 + extra])?;
        let dst = if is_atom { Some(self.reg(0)?) } else { None };
        let l = self.loc(first)?;
        let mut a = Vec::new();
        for i in first + 1..self.args.len() {
            a.push(self.operand(i)?);
        }
        Ok(InstrKind::Rmw {
            proxy: Proxy::Generic,
            sem,
            scope,
            op,
            dst,
            loc: l,
            args: a,
        })
    }

    // -----------------------------------------------------------------------
    // Fences and barriers

    /// `fence{.sem}{.scope}` and `fence.proxy.P`.
    fn fence(&self) -> PResult<InstrKind> {
        self.nargs(&[0])?;
        if self.parts.get(1) == Some(&"proxy") {
            let proxy = match &self.parts[2..] {
                ["alias"] => None,
                ["generic"] => Some(Proxy::Generic),
                ["surface"] => Some(Proxy::Surface),
                ["texture"] => Some(Proxy::Texture),
                ["constant"] => Some(Proxy::Constant),
                [q, ..] => return Err(self.bad_q(q)),
                [] => {
                    return Err(self.unsupported(
                        "`fence.proxy` needs a proxy (.alias, .surface, .texture, .constant)",
                    ))
                }
            };
            return Ok(InstrKind::ProxyFence(proxy));
        }
        let (mut kind, mut scope) = (None, None);
        for &q in &self.parts[1..] {
            match q {
                "sc" => kind = Some(FenceKind::Sc),
                "acq_rel" => kind = Some(FenceKind::AcqRel),
                "acquire" => kind = Some(FenceKind::Acquire),
                "release" => kind = Some(FenceKind::Release),
                "cta" => scope = Some(Scope::Cta),
                "gpu" => scope = Some(Scope::Gpu),
                "sys" => scope = Some(Scope::Sys),
                q => return Err(self.bad_q(q)),
            }
        }
        Ok(InstrKind::Fence {
            kind: kind.unwrap_or(FenceKind::AcqRel),
            scope,
        })
    }

    /// The legacy `membar.{cta,gl,sys}` (an SC fence).
    fn membar(&self) -> PResult<InstrKind> {
        self.nargs(&[0])?;
        let scope = match &self.parts[1..] {
            ["cta"] => Scope::Cta,
            ["gl"] | ["gpu"] => Scope::Gpu,
            ["sys"] => Scope::Sys,
            [q, ..] => return Err(self.bad_q(q)),
            [] => return Err(self.unsupported("`membar` needs a scope (.cta, .gl, .sys)")),
        };
        Ok(InstrKind::Fence {
            kind: FenceKind::Sc,
            scope: Some(scope),
        })
    }

    /// `bar{.cta}.sync` / `.arrive INSTANCE{, ID{, COUNT}}`.
    fn barrier(&self) -> PResult<InstrKind> {
        let mut arrive = None;
        for &q in &self.parts[1..] {
            match q {
                "cta" => {}
                "sync" => arrive = Some(false),
                "arrive" => arrive = Some(true),
                q => return Err(self.bad_q(q)),
            }
        }
        let arrive = arrive.ok_or_else(|| self.unsupported("expected `.sync` or `.arrive`"))?;
        if self.args.is_empty() {
            return Err(Diagnostic::new(
                Phase::Litmus,
                self.span,
                format!("`{}` needs a barrier id", self.opcode),
            ));
        }
        self.nargs(&[1, 2, 3])?;
        let inst = match self.operand(0)? {
            Operand::Imm(v) => v,
            Operand::Reg(_) => {
                return Err(Diagnostic::new(Phase::Litmus, self.args[0].1, "expected a constant barrier instance, found a register")
                    .hint("Dat3M's form is `bar.cta.sync INSTANCE{, ID{, COUNT}}`; ID and COUNT may be registers"))
            }
        };
        let res = if self.args.len() > 1 {
            Some(self.operand(1)?)
        } else {
            None
        };
        let quorum = if self.args.len() > 2 {
            Some(self.operand(2)?)
        } else {
            None
        };
        Ok(InstrKind::Barrier {
            arrive,
            inst,
            res,
            quorum,
        })
    }

    // -----------------------------------------------------------------------
    // Registers

    fn mov(&self) -> PResult<InstrKind> {
        for &q in &self.parts[1..] {
            if !matches!(q, "u32" | "s32" | "b32" | "u64" | "s64" | "b64") {
                return Err(self.bad_q(q));
            }
        }
        self.nargs(&[2])?;
        Ok(InstrKind::Mov {
            dst: self.reg(0)?,
            src: self.operand(1)?,
        })
    }

    fn arith(&self) -> PResult<InstrKind> {
        let op = match self.parts[0] {
            "add" => ArithOp::Add,
            "sub" => ArithOp::Sub,
            "mul" => ArithOp::Mul,
            "and" => ArithOp::And,
            "or" => ArithOp::Or,
            _ => ArithOp::Xor,
        };
        for &q in &self.parts[1..] {
            if !matches!(q, "u32" | "s32" | "b32" | "u64" | "s64" | "b64" | "lo") {
                return Err(self.bad_q(q));
            }
        }
        self.nargs(&[3])?;
        Ok(InstrKind::Arith {
            op,
            dst: self.reg(0)?,
            a: self.operand(1)?,
            b: self.operand(2)?,
        })
    }
}
