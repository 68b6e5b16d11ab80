//! Reading Dat3M's Vulkan litmus format (its grammar `LitmusVulkan.g4`):
//!
//! ```text
//! VULKAN name
//! "comments"
//! { x=0; P1:r0=0; y aliases x; }
//! { ssw 0 1; }                                  (optional)
//!  P0@sg 0, wg 0, qf 0    | P1@sg 1, wg 0, qf 0 ;
//!  st.av.dv.sc0 x, 1      | ld.vis.dv.sc0 r0, x ;
//! filter (P1:r0 == 1)                           (optional)
//! exists (P1:r0 == 1)                           (or ~exists, forall)
//! ```

use std::collections::{BTreeMap, BTreeSet};

use super::{Cbar, Cmp, Instr, Operand, Question, VTest, VThread};
use crate::ast::{ArithOp, Quant};
use crate::khronos::parse::imply;
use crate::khronos::Attr;
use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};

type PResult<T> = Result<T, Diagnostic>;

/// Whether `text` is a Dat3M Vulkan test: its first word is `VULKAN`
/// (any case Dat3M accepts).
pub fn is_dat3m_vulkan(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    matches!(first, "VULKAN" | "Vulkan" | "vulkan")
}

fn err(file: FileId, start: usize, end: usize, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Phase::Litmus, Span::new(file, start, end), msg)
}

/// Parse the test in `text` (of `file`).
pub fn parse(file: FileId, text: &str) -> PResult<VTest> {
    let whole = Span::new(file, 0, text.len());
    if !is_dat3m_vulkan(text) {
        return Err(Diagnostic::new(
            Phase::Litmus,
            whole,
            "not a Dat3M Vulkan test: the first word must be VULKAN",
        ));
    }
    let head_end = text.find('\n').unwrap_or(text.len());
    let name = text[..head_end]
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .to_string();
    if name.is_empty() {
        return Err(err(
            file,
            0,
            head_end,
            "expected the test's name after VULKAN",
        ));
    }
    let mut t = VTest {
        name,
        file,
        init: BTreeMap::new(),
        init_regs: BTreeMap::new(),
        aliases: BTreeMap::new(),
        ssw: Vec::new(),
        threads: Vec::new(),
        question: Question {
            quant: None,
            filter: None,
            text: String::new(),
        },
        span: whole,
    };
    // The initial state: the first `{ … }` (text before it is comments).
    let Some(open) = text[head_end..].find('{').map(|i| i + head_end) else {
        return Err(Diagnostic::new(
            Phase::Litmus,
            whole,
            "expected the initial state `{ … }`",
        ));
    };
    let close = block_end(file, text, open)?;
    for (at, decl) in items(&text[open + 1..close], open + 1) {
        declaration(&mut t, file, at, decl)?;
    }
    let mut pos = close + 1;
    // An optional `{ ssw a b; … }`.
    let after = skip_ws(text, pos);
    if text[after..].starts_with('{') {
        let close = block_end(file, text, after)?;
        for (at, decl) in items(&text[after + 1..close], after + 1) {
            let ws: Vec<&str> = decl.split_whitespace().collect();
            let id = |w: &str| w.trim_start_matches('P').parse::<u32>().ok();
            match ws.as_slice() {
                ["ssw", a, b] if id(a).is_some() && id(b).is_some() => {
                    t.ssw.push((
                        id(a).unwrap_or(0),
                        id(b).unwrap_or(0),
                        Span::new(file, at, at + decl.len()),
                    ));
                }
                _ => {
                    return Err(err(
                        file,
                        at,
                        at + decl.len(),
                        "expected `ssw THREAD THREAD`",
                    ))
                }
            }
        }
        pos = close + 1;
    }
    // The program: rows ending in `;`, up to the condition.
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut line_start = pos;
    let mut cond_at = text.len();
    for line in text[pos..].split_inclusive('\n') {
        let at = line_start;
        line_start += line.len();
        let body = line.trim();
        if body.is_empty() {
            continue;
        }
        let first = body
            .split(|c: char| c.is_whitespace() || c == '(')
            .next()
            .unwrap_or("");
        if matches!(
            first,
            "exists" | "~exists" | "forall" | "filter" | "~" | "locations"
        ) {
            cond_at = at;
            break;
        }
        rows.push((at, line));
    }
    let Some(&(hat, header)) = rows.first() else {
        return Err(Diagnostic::new(
            Phase::Litmus,
            whole,
            "the test has no thread",
        ));
    };
    threads(&mut t, file, hat, header)?;
    for &(at, row) in &rows[1..] {
        instruction_row(&mut t, file, at, row)?;
    }
    question(&mut t, file, text, cond_at)?;
    check_ssw(&t)?;
    Ok(t)
}

fn skip_ws(text: &str, mut pos: usize) -> usize {
    while pos < text.len() && text.as_bytes()[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

/// The index of the `}` closing the `{` at `open`.
fn block_end(file: FileId, text: &str, open: usize) -> PResult<usize> {
    text[open..]
        .find('}')
        .map(|i| i + open)
        .ok_or_else(|| err(file, open, open + 1, "this `{` is not closed"))
}

/// The `;`-separated items of a block, trimmed, with their offsets.
fn items(body: &str, at: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut off = at;
    for piece in body.split(';') {
        let t = piece.trim();
        if !t.is_empty() {
            out.push((off + piece.len() - piece.trim_start().len(), t));
        }
        off += piece.len() + 1;
    }
    out
}

fn int(file: FileId, at: usize, w: &str) -> PResult<i64> {
    w.trim().parse().map_err(|_| {
        err(
            file,
            at,
            at + w.len(),
            format!("expected an integer, found `{w}`"),
        )
    })
}

fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_reg(s: &str) -> bool {
    s.len() > 1 && s.starts_with('r') && s[1..].bytes().all(|b| b.is_ascii_digit())
}

/// `x=0`, `P1:r0=0`, `y aliases x`.
fn declaration(t: &mut VTest, file: FileId, at: usize, decl: &str) -> PResult<()> {
    let span_end = at + decl.len();
    if let Some((a, b)) = decl.split_once(" aliases ") {
        let (a, b) = (a.trim(), b.trim());
        if !is_ident(a) || !is_ident(b) {
            return Err(err(file, at, span_end, "expected `NAME aliases LOCATION`"));
        }
        t.aliases.insert(a.to_string(), b.to_string());
        return Ok(());
    }
    let Some((lhs, rhs)) = decl.split_once('=') else {
        return Err(err(
            file,
            at,
            span_end,
            "expected `LOCATION=VALUE`, `Pn:REG=VALUE` or `NAME aliases LOCATION`",
        ));
    };
    let (lhs, rhs) = (lhs.trim(), rhs.trim());
    let rhs_at = at + decl.len() - decl[decl.find('=').unwrap_or(0) + 1..].trim_start().len();
    if rhs.starts_with('&') || (is_ident(rhs) && rhs.parse::<i64>().is_err()) {
        return Err(err(
            file,
            rhs_at,
            span_end,
            "unsupported: pointers (a location as an initial value)",
        ));
    }
    let v = int(file, rhs_at, rhs)?;
    if let Some((th, reg)) = lhs.split_once(':') {
        let id = th.trim().trim_start_matches('P').parse::<u32>();
        match id {
            Ok(id) if is_reg(reg.trim()) => {
                t.init_regs.insert((id, reg.trim().to_string()), v);
            }
            _ => return Err(err(file, at, at + lhs.len(), "expected `Pn:rK`")),
        }
    } else if is_ident(lhs) {
        t.init.insert(lhs.to_string(), v);
    } else {
        return Err(err(
            file,
            at,
            at + lhs.len(),
            format!("`{lhs}` is not a location name"),
        ));
    }
    Ok(())
}

/// The cells of a row (split at `|`, the final `;` removed), with offsets.
fn cells(at: usize, row: &str) -> Vec<(usize, &str)> {
    let body = row.trim_end();
    let body = body.strip_suffix(';').unwrap_or(body);
    let mut out = Vec::new();
    let mut off = at;
    for c in body.split('|') {
        out.push((off + c.len() - c.trim_start().len(), c.trim()));
        off += c.len() + 1;
    }
    out
}

/// `P0@sg 0, wg 0, qf 0 | …;`
fn threads(t: &mut VTest, file: FileId, at: usize, row: &str) -> PResult<()> {
    if !row.trim_end().ends_with(';') {
        return Err(err(
            file,
            at,
            at + row.trim_end().len(),
            "a row ends with `;`",
        ));
    }
    for (k, (cat, cell)) in cells(at, row).into_iter().enumerate() {
        let bad = || {
            err(
                file,
                cat,
                cat + cell.len(),
                "expected a thread header `Pn@sg S, wg W, qf Q`",
            )
        };
        let (th, place) = cell.split_once('@').ok_or_else(bad)?;
        let id: u32 = th
            .trim()
            .strip_prefix('P')
            .and_then(|n| n.parse().ok())
            .ok_or_else(bad)?;
        if id as usize != k {
            return Err(err(
                file,
                cat,
                cat + th.len(),
                format!("expected thread P{k} in column {k}"),
            ));
        }
        let mut ids = [None; 3];
        for part in place.split(',') {
            let ws: Vec<&str> = part.split_whitespace().collect();
            let slot = match ws.first() {
                Some(&"sg") => 0,
                Some(&"wg") => 1,
                Some(&"qf") => 2,
                _ => return Err(bad()),
            };
            let v: u32 = ws.get(1).and_then(|n| n.parse().ok()).ok_or_else(bad)?;
            ids[slot] = Some(v);
        }
        let [Some(sg), Some(wg), Some(qf)] = ids else {
            return Err(bad());
        };
        t.threads.push(VThread {
            id,
            sg,
            wg,
            qf,
            instrs: Vec::new(),
        });
    }
    Ok(())
}

fn instruction_row(t: &mut VTest, file: FileId, at: usize, row: &str) -> PResult<()> {
    if !row.trim_end().ends_with(';') {
        return Err(err(
            file,
            at,
            at + row.trim_end().len(),
            "expected an instruction row ending in `;` (or the condition: exists, ~exists, forall, filter)",
        ));
    }
    let cs = cells(at, row);
    if cs.len() > t.threads.len() {
        let (cat, c) = cs[t.threads.len()];
        return Err(err(
            file,
            cat,
            cat + c.len(),
            format!(
                "this row has more columns than the test's {} threads",
                t.threads.len()
            ),
        ));
    }
    for (k, (cat, cell)) in cs.into_iter().enumerate() {
        if cell.is_empty() {
            continue;
        }
        let i = instruction(file, cat, cell)?;
        t.threads[k]
            .instrs
            .push((i, Span::new(file, cat, cat + cell.len())));
    }
    Ok(())
}

/// Operands `a, b, c` with their offsets.
fn operands(at: usize, text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut off = at;
    for p in text.split(',') {
        let t = p.trim();
        if !t.is_empty() {
            out.push((off + p.len() - p.trim_start().len(), t));
        }
        off += p.len() + 1;
    }
    out
}

fn operand(file: FileId, (at, w): (usize, &str)) -> PResult<Operand> {
    if is_reg(w) {
        Ok(Operand::Reg(w.to_string()))
    } else {
        Ok(Operand::Const(int(file, at, w)?))
    }
}

fn arith(tok: &str) -> Option<ArithOp> {
    Some(match tok {
        "add" => ArithOp::Add,
        "sub" => ArithOp::Sub,
        "mul" => ArithOp::Mul,
        "and" => ArithOp::And,
        "or" => ArithOp::Or,
        "xor" => ArithOp::Xor,
        _ => return None,
    })
}

fn instruction(file: FileId, at: usize, cell: &str) -> PResult<Instr> {
    let whole = || Span::new(file, at, at + cell.len());
    if let Some(label) = cell.strip_suffix(':') {
        return Ok(Instr::Label(label.trim().to_string()));
    }
    let (op, rest) = cell.split_once(char::is_whitespace).unwrap_or((cell, ""));
    let rest_at =
        at + op.len() + (rest.len() - rest.trim_start().len()) + usize::from(!rest.is_empty());
    let ops = operands(rest_at, rest.trim_start());
    let need = |n: usize, form: &str| -> PResult<()> {
        if ops.len() == n {
            Ok(())
        } else {
            Err(Diagnostic::new(
                Phase::Litmus,
                whole(),
                format!("expected `{form}`"),
            ))
        }
    };
    let label = |(a, w): (usize, &str)| -> PResult<String> {
        if w.starts_with("LC") && is_ident(w) {
            Ok(w.to_string())
        } else {
            Err(err(
                file,
                a,
                a + w.len(),
                format!("expected a label LCnn, found `{w}`"),
            ))
        }
    };
    let cmp = match op {
        "beq" => Some(Cmp::Eq),
        "bne" => Some(Cmp::Ne),
        "blt" => Some(Cmp::Lt),
        "ble" => Some(Cmp::Le),
        "bgt" => Some(Cmp::Gt),
        "bge" => Some(Cmp::Ge),
        _ => None,
    };
    if let Some(cmp) = cmp {
        need(3, &format!("{op} VALUE, VALUE, LABEL"))?;
        return Ok(Instr::Branch {
            cmp,
            a: operand(file, ops[0])?,
            b: operand(file, ops[1])?,
            target: label(ops[2])?,
        });
    }
    if op == "goto" {
        need(1, "goto LABEL")?;
        return Ok(Instr::Goto(label(ops[0])?));
    }
    if let Some(a) = arith(op) {
        need(3, &format!("{op} REG, VALUE, VALUE"))?;
        let (dat, dst) = ops[0];
        if !is_reg(dst) {
            return Err(err(file, dat, dat + dst.len(), "expected a register"));
        }
        return Ok(Instr::Local {
            dst: dst.to_string(),
            op: a,
            a: operand(file, ops[1])?,
            b: operand(file, ops[2])?,
        });
    }
    // A memory operation: `opcode.tag.tag… operands`.
    let mut attrs = BTreeSet::new();
    let mut arith_op = None;
    let mut off = at;
    let toks: Vec<&str> = op.split('.').collect();
    let kind = toks[0];
    if !matches!(
        kind,
        "ld" | "st" | "rmw" | "membar" | "cbar" | "avdevice" | "visdevice"
    ) {
        return Err(err(file, at, at + kind.len(), format!("unknown instruction `{kind}`"))
            .hint("Dat3M's Vulkan instructions: ld, st, rmw, membar, cbar, avdevice, visdevice, add/sub/mul/and/or/xor, beq/bne/blt/ble/bgt/bge, goto, labels LCnn:"));
    }
    for tok in &toks {
        let span = (off, off + tok.len());
        off += tok.len() + 1;
        // Dat3M's tag names → the tokens of Khronos's format.
        let khronos: &[&str] = match *tok {
            "sg" => &["scopesg"],
            "wg" => &["scopewg"],
            "qf" => &["scopeqf"],
            "dv" => &["scopedev"],
            "acq_rel" => &["acq", "rel"],
            // A private access is the default.
            "priv" => &[],
            // Not in spirv.als: the spirv.als path refuses them
            // (`khronos::run`), cat models have them.
            "sc2" | "sc3" | "semsc2" | "semsc3" => {
                attrs.insert(match *tok {
                    "sc2" => Attr::Sc2,
                    "sc3" => Attr::Sc3,
                    "semsc2" => Attr::SemSc2,
                    _ => Attr::SemSc3,
                });
                &[]
            }
            other if kind == "rmw" && arith(other).is_some() => {
                arith_op = arith(other);
                &[]
            }
            other => std::slice::from_ref(match Attr::of_token(other) {
                Some(_) => tok,
                None => {
                    return Err(err(
                        file,
                        span.0,
                        span.1,
                        format!("unknown tag `{other}` of `{kind}`"),
                    )
                    .hint("tags: atom, acq, rel, acq_rel, av, vis, nonpriv, sg, wg, qf, dv, sc0, sc1, semsc0, semsc1, semsc2, semsc3, sc2, sc3, semav, semvis"))
                }
            }),
        };
        for k in khronos {
            if let Some(a) = Attr::of_token(k) {
                attrs.extend(a.iter().copied());
            }
        }
    }
    imply(&mut attrs);
    let reg_at = |(a, w): (usize, &str)| -> PResult<String> {
        if is_reg(w) {
            Ok(w.to_string())
        } else {
            Err(err(
                file,
                a,
                a + w.len(),
                format!("expected a register, found `{w}`"),
            ))
        }
    };
    let loc_at = |(a, w): (usize, &str)| -> PResult<String> {
        if is_ident(w) && !is_reg(w) {
            Ok(w.to_string())
        } else {
            Err(err(
                file,
                a,
                a + w.len(),
                format!("expected a location, found `{w}`"),
            ))
        }
    };
    let mut ev = Instr::Event {
        attrs,
        reg: None,
        loc: None,
        value: None,
        op: arith_op,
        cbar: None,
    };
    let Instr::Event {
        reg,
        loc,
        value,
        cbar,
        ..
    } = &mut ev
    else {
        unreachable!("built above")
    };
    match kind {
        "ld" => {
            need(2, "ld.TAGS REG, LOCATION")?;
            *reg = Some(reg_at(ops[0])?);
            *loc = Some(loc_at(ops[1])?);
        }
        "st" => {
            need(2, "st.TAGS LOCATION, VALUE")?;
            *loc = Some(loc_at(ops[0])?);
            *value = Some(operand(file, ops[1])?);
        }
        "rmw" => {
            need(3, "rmw.TAGS REG, LOCATION, VALUE")?;
            *reg = Some(reg_at(ops[0])?);
            *loc = Some(loc_at(ops[1])?);
            *value = Some(operand(file, ops[2])?);
        }
        "cbar" => {
            let num = |(a, w): &(usize, &str)| int(file, *a, w);
            *cbar = Some(match ops.as_slice() {
                [i] => Cbar {
                    instance: num(i)?,
                    id: None,
                    quorum: None,
                },
                [i, id] => Cbar {
                    instance: num(i)?,
                    id: Some(num(id)?),
                    quorum: None,
                },
                [i, id, q] => Cbar {
                    instance: num(i)?,
                    id: Some(num(id)?),
                    quorum: Some(num(q)?),
                },
                _ => {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        whole(),
                        "expected `cbar.TAGS INSTANCE[, ID[, QUORUM]]`",
                    ))
                }
            });
        }
        _ => need(0, &format!("{kind}.TAGS (no operand)"))?,
    }
    Ok(ev)
}

/// `filter P`, then `exists P` / `~exists P` / `forall P` (a
/// `locations [...]` line is skipped).
fn question(t: &mut VTest, file: FileId, text: &str, from: usize) -> PResult<()> {
    let n = t.threads.len();
    let mut pos = skip_ws(text, from);
    t.question.text = text[pos..].split_whitespace().collect::<Vec<_>>().join(" ");
    if text[pos..].starts_with("locations") {
        let end = text[pos..]
            .find(']')
            .map(|i| i + pos + 1)
            .ok_or_else(|| err(file, pos, pos + 9, "expected `locations [ … ]`"))?;
        pos = skip_ws(text, end);
        t.question.text = text[pos..].split_whitespace().collect::<Vec<_>>().join(" ");
    }
    // Where the next keyword starts (the filter's text ends there).
    let keyword_at = |from: usize| {
        ["~exists", "~ exists", "exists", "forall"]
            .iter()
            .filter_map(|k| text[from..].find(k).map(|i| i + from))
            .min()
    };
    if text[pos..].starts_with("filter") {
        let start = pos + "filter".len();
        let end = keyword_at(start).unwrap_or(text.len());
        let sub = &text[..end];
        t.question.filter = Some(crate::parse::proposition(file, sub, start, n)?);
        pos = skip_ws(text, end);
    }
    if pos >= text.len() {
        if t.question.filter.is_none() {
            return Err(Diagnostic::new(
                Phase::Litmus,
                t.span,
                "the test has no condition (exists, ~exists, forall or filter)",
            ));
        }
        return Ok(());
    }
    let r = &text[pos..];
    let (quant, len) = if r.starts_with("~exists") {
        (Quant::NotExists, 7)
    } else if r.starts_with("~ exists") {
        (Quant::NotExists, 8)
    } else if r.starts_with("exists") {
        (Quant::Exists, 6)
    } else if r.starts_with("forall") {
        (Quant::Forall, 6)
    } else {
        let w = r.split_whitespace().next().unwrap_or("");
        return Err(err(
            file,
            pos,
            pos + w.len(),
            format!("expected exists, ~exists, forall or filter, found `{w}`"),
        ));
    };
    let prop = crate::parse::proposition(file, text, pos + len, n)?;
    t.question.quant = Some((quant, prop));
    Ok(())
}

fn check_ssw(t: &VTest) -> PResult<()> {
    for (a, b, span) in &t.ssw {
        for x in [a, b] {
            if *x as usize >= t.threads.len() {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    *span,
                    format!("no thread P{x} in this test"),
                ));
            }
        }
    }
    Ok(())
}
