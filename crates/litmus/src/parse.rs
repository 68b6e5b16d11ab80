//! Parser for PTX litmus tests in Dat3M's format:
//!
//! ```text
//! PTX MP
//! "optional doc strings"
//! { x=0; y=0; P1:r0=0; }
//!  P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
//!  st.weak x, 1   | ld.weak r0, y  ;
//!  ...
//! exists (P1:r0 == 1 /\ P1:r1 == 0)
//! ```
//!
//! Every error is a [`Diagnostic`] pointing at the offending text;
//! instructions outside the supported set are rejected by name, never
//! skipped.

mod instr;

use std::collections::BTreeMap;

use super::ast::*;
use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};

type PResult<T> = Result<T, Diagnostic>;

fn err(file: FileId, start: usize, end: usize, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(
        Phase::Litmus,
        Span::new(file, start, end.max(start + 1)),
        msg,
    )
}

/// Parse one test. `file` is the test's id in the caller's source map.
pub fn parse(file: FileId, text: &str) -> PResult<Test> {
    let mut p = Parser {
        file,
        text,
        pos: 0,
        ptrs: BTreeMap::new(),
    };
    p.test()
}

struct Parser<'a> {
    file: FileId,
    text: &'a str,
    pos: usize,
    /// GPU_PTX pointer registers: (thread, register) -> location.
    ptrs: BTreeMap<(usize, String), String>,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }
    fn skip_ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }
    fn err_here(&self, msg: impl Into<String>) -> Diagnostic {
        let end = (self.pos + 1).min(self.text.len().max(1));
        err(self.file, self.pos.min(self.text.len()), end, msg)
    }
    /// The next whitespace-delimited word.
    fn word(&mut self) -> Option<(&'a str, usize)> {
        self.skip_ws();
        let r = self.rest();
        let n = r.find(char::is_whitespace).unwrap_or(r.len());
        if n == 0 {
            return None;
        }
        let start = self.pos;
        self.pos += n;
        Some((&self.text[start..start + n], start))
    }

    fn test(&mut self) -> PResult<Test> {
        let (arch, _) = self
            .word()
            .ok_or_else(|| self.err_here("empty litmus file"))?;
        if !matches!(arch, "PTX" | "GPU_PTX" | "X86" | "CMM") {
            return Err(err(
                self.file,
                self.pos - arch.len(),
                self.pos,
                format!("unsupported litmus architecture `{arch}`"),
            )
            .label("expected `PTX`, `GPU_PTX`, `X86` or `CMM`"));
        }
        let (name, ns) = self
            .word()
            .ok_or_else(|| self.err_here("missing test name after `PTX`"))?;
        let name_span = Span::new(self.file, ns, ns + name.len());
        // Doc strings until the init block: the first line starting with `{`
        // (doc strings may contain unbalanced quotes, so they are skipped
        // line by line, not tokenized).
        let mut off = self.pos;
        let mut found = None;
        for line in self.text[self.pos..].split_inclusive('\n') {
            let t = line.trim_start();
            if t.starts_with('{') {
                found = Some(off + (line.len() - t.len()));
                break;
            }
            off += line.len();
        }
        match found {
            Some(b) => self.pos = b + 1,
            None => return Err(self.err_here("missing initial-state block `{ ... }`")),
        }
        let close = match self.rest().find('}') {
            Some(k) => self.pos + k,
            None => return Err(self.err_here("unterminated initial-state block (missing `}`)")),
        };
        let (init_locs, init_regs, ptrs, aliases) = self.init(self.pos, close)?;
        self.ptrs = ptrs;
        self.pos = close + 1;
        // The thread table runs until the condition keyword.
        let table_start = self.pos;
        let cond_start = self.find_condition()?;
        let mut threads = self.table(table_start, cond_start)?;
        if arch == "X86" {
            threads.iter_mut().for_each(|t| t.x86 = true);
        }
        for (t, _, _, span) in &init_regs {
            if *t >= threads.len() {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    *span,
                    format!(
                        "register of thread P{t}, but the test has {} threads",
                        threads.len()
                    ),
                ));
            }
        }
        self.pos = cond_start;
        let cond = self.condition(threads.len())?;
        Ok(Test {
            arch: arch.to_string(),
            name: name.to_string(),
            name_span,
            init_locs,
            init_regs,
            aliases,
            threads,
            cond,
        })
    }

    #[allow(clippy::type_complexity)]
    fn init(
        &self,
        start: usize,
        end: usize,
    ) -> PResult<(
        Vec<(String, i64, Span)>,
        Vec<(usize, String, i64, Span)>,
        BTreeMap<(usize, String), String>,
        Vec<Alias>,
    )> {
        let mut init = InitBlock::default();
        let body = &self.text[start..end];
        let mut off = start;
        for item in body.split(';') {
            let item_start = off + (item.len() - item.trim_start().len());
            off += item.len() + 1;
            let it = item.trim();
            if it.is_empty() {
                continue;
            }
            let span = Span::new(self.file, item_start, item_start + it.len());
            // GPU_PTX register declarations: `0:.reg .s32 r0`,
            // `0:.reg .b64 r1 = x` (a pointer to x), `0:.reg .s32 r0 = 1`.
            if let Some((t, decl)) = it
                .split_once(':')
                .filter(|(_, d)| d.trim_start().starts_with(".reg"))
            {
                init.register(t, decl, span)?;
            } else if let Some((name, decl)) = it.split_once('@') {
                init.alias(name, decl, span)?;
            } else {
                init.assignment(it, span)?;
            }
        }
        Ok((init.locs, init.regs, init.ptrs, init.aliases))
    }

    /// Offset of the condition keyword: the first line (after the table's
    /// first row) starting with `exists`, `~exists` or `forall`.
    fn find_condition(&self) -> PResult<usize> {
        let mut off = self.pos;
        for line in self.text[self.pos..].split_inclusive('\n') {
            let t = line.trim_start();
            let s = off + (line.len() - t.len());
            if t.starts_with("exists")
                || t.starts_with("~exists")
                || t.starts_with("~ exists")
                || t.starts_with("forall")
            {
                return Ok(s);
            }
            off += line.len();
        }
        let end = self.text.trim_end().len();
        Err(err(
            self.file,
            end.saturating_sub(1),
            end,
            "missing final condition (`exists`, `~exists` or `forall`)",
        )
        .label("the test ends here"))
    }

    fn table(&self, start: usize, end: usize) -> PResult<Vec<Thread>> {
        let mut rows: Vec<(usize, &str)> = Vec::new();
        // GPU_PTX: lines after the rows (scope tree, memory map).
        let mut extras: Vec<(usize, &str)> = Vec::new();
        let mut off = start;
        for line in self.text[start..end].split_inclusive('\n') {
            let lstart = off;
            off += line.len();
            if line.trim().is_empty() {
                continue;
            }
            // A row is cells separated by `|`, ended by `;`.
            let body = line.trim_end();
            match body.strip_suffix(';') {
                Some(b) if extras.is_empty() => rows.push((lstart, b)),
                _ => {
                    let lead = line.len() - line.trim_start().len();
                    extras.push((lstart + lead, body.trim_start()));
                }
            }
        }
        let Some(&(hstart, header)) = rows.first() else {
            return Err(err(self.file, start, start + 1, "missing thread table"));
        };
        let mut threads = Vec::new();
        for (i, (cs, cell)) in cells(hstart, header).into_iter().enumerate() {
            let span = Span::new(self.file, cs, cs + cell.len());
            threads.push(self.thread_header(i, cell, span)?);
        }
        for &(rs, row) in &rows[1..] {
            let cs = cells(rs, row);
            if cs.len() > threads.len() {
                let (s, c) = cs[threads.len()];
                return Err(err(
                    self.file,
                    s,
                    s + c.len().max(1),
                    format!(
                        "row has {} columns but the test has {} threads",
                        cs.len(),
                        threads.len()
                    ),
                ));
            }
            for (i, (s, cell)) in cs.into_iter().enumerate() {
                if cell.is_empty() {
                    continue;
                }
                let span = Span::new(self.file, s, s + cell.len());
                let ins = instr::instr(self.file, &self.ptrs, cell, s, span, i)?;
                threads[i].instrs.push(ins);
            }
        }
        for (s, line) in extras {
            let span = Span::new(self.file, s, s + line.len());
            if line.starts_with("ScopeTree") {
                self.scope_tree(line, span, &mut threads)?;
            } else if is_memory_map(line) {
                // `x: shared, y: global`: relprove's PTX models have one
                // memory space, so the map does not change the semantics.
            } else {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    "expected a table row ending with `;`, a `ScopeTree(...)` or a memory map",
                ));
            }
        }
        Ok(threads)
    }

    /// `ScopeTree (grid (cta (warp T0) (warp T1)))`: every `cta`/`block`
    /// is a CTA, every `grid`/`kernel`/`device` a GPU; warps do not matter
    /// to the PTX 6.0 scopes.
    fn scope_tree(&self, line: &str, span: Span, threads: &mut [Thread]) -> PResult<()> {
        let toks: Vec<String> = line
            .replace('(', " ( ")
            .replace(')', " ) ")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let bad = |m: String| Diagnostic::new(Phase::Litmus, span, m);
        let mut placed = vec![false; threads.len()];
        let (mut gpus, mut ctas) = (0u32, 0u32);
        // Stack of (node kind, gpu, cta).
        let mut stack: Vec<(String, Option<u32>, Option<u32>)> = Vec::new();
        // Lisp style: `(KIND child...)`, children are groups or threads.
        let mut i = usize::from(toks.first().map(String::as_str) == Some("ScopeTree"));
        while i < toks.len() {
            let t = &toks[i];
            if t == ")" {
                stack
                    .pop()
                    .ok_or_else(|| bad("unbalanced `)` in the scope tree".into()))?;
            } else if t == "(" {
                let kind = toks.get(i + 1).cloned().unwrap_or_default();
                let (g, c) = stack.last().map_or((None, None), |(_, g, c)| (*g, *c));
                let (g, c) = match kind.as_str() {
                    "device" | "kernel" | "grid" => match g {
                        Some(g) => (Some(g), c),
                        None => {
                            gpus += 1;
                            (Some(gpus - 1), None)
                        }
                    },
                    "cta" | "block" => {
                        ctas += 1;
                        (g, Some(ctas - 1))
                    }
                    "warp" => (g, c),
                    k => return Err(bad(format!("unknown scope-tree level `{k}`"))),
                };
                stack.push((kind, g, c));
                i += 1;
            } else {
                let tid: usize = t
                    .strip_prefix('T')
                    .or_else(|| t.strip_prefix('P'))
                    .and_then(|n| n.parse().ok())
                    .filter(|n| *n < threads.len())
                    .ok_or_else(|| bad(format!("`{t}` is not a thread of this test")))?;
                let (g, c) = stack.last().map_or((None, None), |(_, g, c)| (*g, *c));
                let c = c.unwrap_or_else(|| {
                    ctas += 1;
                    ctas - 1
                });
                threads[tid].gpu = g.unwrap_or(0);
                threads[tid].cta = c;
                placed[tid] = true;
            }
            i += 1;
        }
        if !stack.is_empty() {
            return Err(bad("unbalanced `(` in the scope tree".into()));
        }
        if let Some(t) = placed.iter().position(|p| !p) {
            return Err(bad(format!("thread {t} is not in the scope tree")));
        }
        Ok(())
    }

    fn thread_header(&self, i: usize, cell: &str, span: Span) -> PResult<Thread> {
        let bad = || {
            Diagnostic::new(
                Phase::Litmus,
                span,
                format!("expected a thread header like `P{i}@cta 0,gpu 0`, found `{cell}`"),
            )
        };
        let (name, place) = match cell.split_once('@') {
            Some((n, p)) => (n.trim(), Some(p)),
            None => (cell.trim(), None),
        };
        let id: usize = name
            .strip_prefix('P')
            .or_else(|| name.strip_prefix('T'))
            .and_then(|n| n.parse().ok())
            .ok_or_else(bad)?;
        if id != i {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                format!("thread column {i} is named `{name}`"),
            )
            .label(format!("expected `P{i}`")));
        }
        let (mut cta, mut gpu) = (0, 0);
        // `P0@x86`: an x86-TSO thread of a compound test.
        let x86 = place.is_some_and(|p| p.trim() == "x86");
        let place = place.filter(|_| !x86);
        if let Some(place) = place {
            for part in place.split(',') {
                let mut ws = part.split_whitespace();
                let (Some(k), Some(v), None) = (ws.next(), ws.next(), ws.next()) else {
                    return Err(bad());
                };
                let v: u32 = v.parse().map_err(|_| bad())?;
                match k {
                    "cta" => cta = v,
                    "gpu" => gpu = v,
                    _ => return Err(bad()),
                }
            }
        }
        Ok(Thread {
            id,
            cta,
            gpu,
            x86,
            span,
            instrs: Vec::new(),
        })
    }

    fn condition(&mut self, nthreads: usize) -> PResult<Condition> {
        let start = self.pos;
        let r = self.rest();
        let quant = if r.starts_with("~exists") {
            self.pos += 7;
            Quant::NotExists
        } else if r.starts_with("~ exists") {
            self.pos += 8;
            Quant::NotExists
        } else if r.starts_with("exists") {
            self.pos += 6;
            Quant::Exists
        } else {
            self.pos += 6;
            Quant::Forall
        };
        let toks = tokenize(self.file, self.text, self.pos)?;
        let mut cp = CondParser {
            toks: &toks,
            i: 0,
            file: self.file,
            nthreads,
            end: self.text.len(),
            depth: 0,
        };
        let prop = cp.or()?;
        if let Some(t) = toks.get(cp.i) {
            return Err(Diagnostic::new(
                Phase::Litmus,
                t.1,
                format!("unexpected `{}` in the condition", t.0),
            ));
        }
        let end = toks.last().map_or(self.pos, |t| t.1.end as usize);
        Ok(Condition {
            quant,
            prop,
            span: Span::new(self.file, start, end),
        })
    }
}

/// A condition's proposition: the text of `text` from byte `from` to its
/// end, over threads `P0`..`P<nthreads-1>` (the grammar of the PTX
/// conditions: `/\`, `\/`, `~`, `==`, `!=`, registers `P1:r0`, locations,
/// integers). Shared with the other Dat3M formats (Vulkan).
pub(crate) fn proposition(file: FileId, text: &str, from: usize, nthreads: usize) -> PResult<Prop> {
    let toks = tokenize(file, text, from)?;
    let mut cp = CondParser {
        toks: &toks,
        i: 0,
        file,
        nthreads,
        end: text.len(),
        depth: 0,
    };
    let prop = cp.or()?;
    if let Some(t) = toks.get(cp.i) {
        return Err(Diagnostic::new(
            Phase::Litmus,
            t.1,
            format!("unexpected `{}` in the condition", t.0),
        ));
    }
    Ok(prop)
}

/// `x: shared, y: global`.
/// The init block's declarations, read one item at a time.
#[derive(Default)]
struct InitBlock {
    locs: Vec<(String, i64, Span)>,
    regs: Vec<(usize, String, i64, Span)>,
    /// GPU_PTX pointer registers: (thread, register) -> location.
    ptrs: BTreeMap<(usize, String), String>,
    aliases: Vec<Alias>,
}

impl InitBlock {
    /// `T:.reg .TYPE rN{ = value}` (`decl` is what follows `T:`); a value
    /// that is a location name makes a pointer register.
    fn register(&mut self, t: &str, decl: &str, span: Span) -> PResult<()> {
        let tid = t
            .trim()
            .strip_prefix('T')
            .or(t.trim().strip_prefix('P'))
            .unwrap_or(t.trim())
            .parse::<usize>()
            .map_err(|_| {
                Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!("expected a thread number, found `{}`", t.trim()),
                )
            })?;
        let (decl, init) = match decl.split_once('=') {
            Some((d, v)) => (d.trim(), Some(v.trim())),
            None => (decl.trim(), None),
        };
        let ws: Vec<&str> = decl.split_whitespace().collect();
        let [".reg", ty, r] = ws.as_slice() else {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                "expected `T:.reg .TYPE rN` or `T:.reg .TYPE rN = value`",
            ));
        };
        if !ty.starts_with('.') || !is_reg(r) {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                "expected `T:.reg .TYPE rN` or `T:.reg .TYPE rN = value`",
            ));
        }
        match init {
            None => self.regs.push((tid, r.to_string(), 0, span)),
            Some(v) => match parse_int(v) {
                Some(n) => self.regs.push((tid, r.to_string(), n, span)),
                None if is_ident(v) => {
                    self.ptrs.insert((tid, r.to_string()), v.to_string());
                }
                None => {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        span,
                        format!("bad register initial value `{v}`"),
                    ))
                }
            },
        }
        Ok(())
    }

    /// `name @ proxy aliases target` (`decl` is what follows the `@`).
    fn alias(&mut self, name: &str, decl: &str, span: Span) -> PResult<()> {
        let ws: Vec<&str> = decl.split_whitespace().collect();
        let name = name.trim();
        let bad = || {
            Diagnostic::new(
                Phase::Litmus,
                span,
                "expected `NAME @ PROXY aliases LOCATION`",
            )
            .hint("PROXY is one of generic, surface, texture, constant")
        };
        let [proxy, "aliases", target] = ws.as_slice() else {
            return Err(bad());
        };
        let proxy = match *proxy {
            "generic" => Proxy::Generic,
            "surface" => Proxy::Surface,
            "texture" => Proxy::Texture,
            "constant" => Proxy::Constant,
            _ => return Err(bad()),
        };
        if !is_ident(name) || !is_ident(target) {
            return Err(bad());
        }
        let known = self
            .locs
            .iter()
            .any(|(l, _, _): &(String, i64, Span)| l == target)
            || self.aliases.iter().any(|a| a.name == *target);
        if !known {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                format!("alias of `{target}`, which is not declared before it"),
            ));
        }
        if self.locs.iter().any(|(l, _, _)| l == name)
            || self.aliases.iter().any(|a| a.name == name)
        {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                format!("`{name}` is declared twice"),
            ));
        }
        self.aliases.push(Alias {
            name: name.to_string(),
            proxy,
            target: target.to_string(),
            span,
        });
        Ok(())
    }

    /// `location = value` or `P0:r0 = value`.
    fn assignment(&mut self, it: &str, span: Span) -> PResult<()> {
        let Some((lhs, rhs)) = it.split_once('=') else {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                "expected `location = value` or `P0:r0 = value`",
            ));
        };
        let (lhs, rhs) = (lhs.trim(), rhs.trim());
        let value = parse_int(rhs).ok_or_else(|| {
            Diagnostic::new(
                Phase::Litmus,
                span,
                format!("expected an integer initial value, found `{rhs}`"),
            )
            .hint("only integer initial values are supported")
        })?;
        if let Some((t, r)) = lhs.split_once(':') {
            let t = t.trim();
            let tid = t
                .strip_prefix('P')
                .unwrap_or(t)
                .parse::<usize>()
                .map_err(|_| {
                    Diagnostic::new(
                        Phase::Litmus,
                        span,
                        format!("expected a thread name like `P0`, found `{t}`"),
                    )
                })?;
            let r = r.trim();
            if !is_ident(r) {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!("bad register name `{r}`"),
                ));
            }
            self.regs.push((tid, r.to_string(), value, span));
        } else {
            let lhs = lhs.strip_prefix("int ").map(str::trim).unwrap_or(lhs);
            if !is_ident(lhs) {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!("bad location name `{lhs}`"),
                ));
            }
            self.locs.push((lhs.to_string(), value, span));
        }
        Ok(())
    }
}

fn is_memory_map(line: &str) -> bool {
    line.split(',').all(|item| {
        matches!(item.split_once(':'), Some((x, sp)) if is_ident(x.trim()) && matches!(sp.trim(), "shared" | "global"))
    })
}

/// Scope qualifiers only make sense on strong operations.
fn check_scope(sem: Sem, scope: Option<Scope>, span: Span, opcode: &str) -> PResult<()> {
    if sem == Sem::Weak && scope.is_some() {
        return Err(Diagnostic::new(
            Phase::Litmus,
            span,
            format!("`{opcode}`: a weak access takes no scope"),
        ));
    }
    Ok(())
}

/// Split a row into cells with their start offsets (cells are trimmed).
fn cells(start: usize, row: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut off = start;
    for c in row.split('|') {
        let t = c.trim();
        let s = off + (c.len() - c.trim_start().len());
        out.push((s, t));
        off += c.len() + 1;
    }
    out
}

fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Registers are `r<digits>` (Dat3M's convention).
fn is_reg(s: &str) -> bool {
    s.len() > 1 && s.starts_with('r') && s[1..].chars().all(|c| c.is_ascii_digit())
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x") {
        return i64::from_str_radix(h, 16).ok();
    }
    s.parse().ok()
}

// ---------------------------------------------------------------------------
// Conditions

fn tokenize(file: FileId, text: &str, from: usize) -> PResult<Vec<(String, Span)>> {
    let b = text.as_bytes();
    let mut i = from;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let two = if i + 1 < b.len() { &text[i..i + 2] } else { "" };
        let len = if matches!(two, "/\\" | "\\/" | "==" | "!=" | "&&" | "||") {
            2
        } else if matches!(c, b'(' | b')' | b'~' | b'=' | b':' | b'!') {
            1
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            j - i
        } else {
            return Err(err(
                file,
                i,
                i + 1,
                format!("unexpected character `{}` in the condition", c as char),
            ));
        };
        out.push((text[i..i + len].to_string(), Span::new(file, i, i + len)));
        i += len;
    }
    Ok(out)
}

struct CondParser<'t> {
    toks: &'t [(String, Span)],
    i: usize,
    file: FileId,
    nthreads: usize,
    end: usize,
    /// Open `~` and `(` around the current token.
    depth: u32,
}

/// The deepest nesting of `~` and parentheses a condition may have (the
/// Alloy parser's nesting limit is the same): every later phase recurses
/// over the condition, and 60,000 `~` overflowed the stack (issue 34).
const MAX_COND_DEPTH: u32 = 200;

/// A run of `/\` (or `\/`) operands as one tree: nested to the left as
/// written up to 32 operands, balanced beyond, so that its height grows
/// with the logarithm of its length (as the Alloy parser does).
fn chain(mut ps: Vec<Prop>, op: fn(Box<Prop>, Box<Prop>) -> Prop) -> Prop {
    if ps.len() <= 32 {
        let mut it = ps.into_iter();
        let first = it.next().expect("a chain has an operand");
        return it.fold(first, |acc, p| op(Box::new(acc), Box::new(p)));
    }
    let right = ps.split_off(ps.len() / 2);
    op(Box::new(chain(ps, op)), Box::new(chain(right, op)))
}

impl CondParser<'_> {
    fn peek(&self) -> Option<&str> {
        self.toks.get(self.i).map(|t| t.0.as_str())
    }
    fn here(&self) -> Span {
        self.toks.get(self.i).map_or(
            Span::new(self.file, self.end.saturating_sub(1), self.end),
            |t| t.1,
        )
    }
    fn or(&mut self) -> PResult<Prop> {
        let mut ps = vec![self.and()?];
        while matches!(self.peek(), Some("\\/" | "||")) {
            self.i += 1;
            ps.push(self.and()?);
        }
        Ok(chain(ps, Prop::Or))
    }
    fn and(&mut self) -> PResult<Prop> {
        let mut ps = vec![self.not()?];
        while matches!(self.peek(), Some("/\\" | "&&")) {
            self.i += 1;
            ps.push(self.not()?);
        }
        Ok(chain(ps, Prop::And))
    }
    /// One level deeper (`~`, `(`), refused past [`MAX_COND_DEPTH`].
    fn deeper(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_COND_DEPTH {
            return Err(Diagnostic::new(
                Phase::Litmus,
                self.here(),
                format!("condition nested too deeply (more than {MAX_COND_DEPTH} levels of `~` and parentheses)"),
            ));
        }
        Ok(())
    }
    fn not(&mut self) -> PResult<Prop> {
        if matches!(self.peek(), Some("~" | "!" | "not")) {
            self.i += 1;
            self.deeper()?;
            let p = Prop::Not(Box::new(self.not()?));
            self.depth -= 1;
            return Ok(p);
        }
        match self.peek() {
            Some("(") => {
                self.i += 1;
                self.deeper()?;
                let p = self.or()?;
                self.depth -= 1;
                if self.peek() != Some(")") {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        self.here(),
                        "expected `)` in the condition",
                    ));
                }
                self.i += 1;
                Ok(p)
            }
            Some("true") => {
                self.i += 1;
                Ok(Prop::True)
            }
            Some("false") => {
                self.i += 1;
                Ok(Prop::False)
            }
            _ => {
                let a = self.term()?;
                let op = self.peek().map(str::to_string);
                let p = match op.as_deref() {
                    Some("==" | "=") => {
                        self.i += 1;
                        Prop::Eq(a, self.term()?)
                    }
                    Some("!=") => {
                        self.i += 1;
                        Prop::Ne(a, self.term()?)
                    }
                    _ => {
                        return Err(Diagnostic::new(
                            Phase::Litmus,
                            self.here(),
                            "expected `==` or `!=` in the condition",
                        ))
                    }
                };
                Ok(p)
            }
        }
    }
    fn term(&mut self) -> PResult<Term> {
        let Some((tok, span)) = self.toks.get(self.i).cloned() else {
            return Err(Diagnostic::new(
                Phase::Litmus,
                self.here(),
                "unexpected end of the condition",
            ));
        };
        self.i += 1;
        if self.peek() == Some(":") {
            self.i += 1;
            let tid = tok
                .strip_prefix('P')
                .unwrap_or(&tok)
                .parse::<usize>()
                .map_err(|_| {
                    Diagnostic::new(
                        Phase::Litmus,
                        span,
                        format!("expected a thread name like `P0`, found `{tok}`"),
                    )
                })?;
            if tid >= self.nthreads {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!("no thread P{tid} in this test"),
                ));
            }
            let Some((r, rs)) = self.toks.get(self.i).cloned() else {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    self.here(),
                    "expected a register after `:`",
                ));
            };
            self.i += 1;
            if !is_reg(&r) {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    rs,
                    format!("expected a register, found `{r}`"),
                ));
            }
            return Ok(Term::Reg(tid, r));
        }
        if let Some(v) = parse_int(&tok) {
            return Ok(Term::Const(v));
        }
        if is_ident(&tok) {
            return Ok(Term::Loc(tok));
        }
        Err(Diagnostic::new(
            Phase::Litmus,
            span,
            format!("expected a register, location or integer, found `{tok}`"),
        ))
    }
}
