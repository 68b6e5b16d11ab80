//! NVIDIA's mixed-proxy test format (NVlabs/mixedproxy `tests/*.test`),
//! expanded into Dat3M-format litmus tests.
//!
//! A `.test` file declares locations (`.global x;`, `.global y physically
//! aliases x;`, `.surfref s virtually aliases x;`, `.texref`, `.constref`),
//! threads `dD.bB.tT { instr; ... }` (device D, block = CTA B), and one
//! outcome line `permit (COND) as NAME;` or `assert (COND) as NAME;`. A load
//! may carry a constraint `ld.acquire.gpu r0, [flag] == 1` (only executions
//! where it reads 1 count). With a `$$` line the file is a template: every
//! later non-empty row `a | b | ...` gives one test, `$i` replaced by cell
//! `i`.
//!
//! `permit (P)` claims that some execution satisfying the load constraints
//! `C` ends with `P`: the test `exists (C /\ P)`. `assert (P)` claims that
//! every such execution ends with `P`: `~exists (C /\ ~(P))`. Either way the
//! file's claim is that the generated test validates (`Ok`).

use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};

/// One test generated from a `.test` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// `STEM` or `STEM_ROW` (row counted from 1).
    pub name: String,
    /// The Dat3M-format litmus text.
    pub text: String,
}

fn err(file: FileId, off: usize, len: usize, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Phase::Litmus, Span::new(file, off, off + len), msg.into())
}

/// Expand a `.test` file (`stem` names the generated tests).
pub fn expand(file: FileId, stem: &str, text: &str) -> Result<Vec<Generated>, Diagnostic> {
    let (template, rows) = match text.find("\n$$") {
        Some(k) => (&text[..k + 1], Some(k + 3)),
        None => (text, None),
    };
    let Some(rows_at) = rows else {
        return Ok(vec![Generated {
            name: sanitize(stem),
            text: translate(file, 0, stem, template, None)?,
        }]);
    };
    let mut out = Vec::new();
    let mut off = rows_at;
    let mut row = 0;
    for line in text[rows_at..].split_inclusive('\n') {
        let at = off;
        off += line.len();
        if line.trim().is_empty() {
            continue;
        }
        row += 1;
        let cells: Vec<&str> = line.trim_end_matches(['\n', '\r']).split('|').collect();
        let mut t = template.to_string();
        // `$10` before `$1`.
        for (i, c) in cells.iter().enumerate().rev() {
            t = t.replace(&format!("${i}"), c.trim());
        }
        if let Some(k) = t.find('$') {
            let end = t[k + 1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(t.len(), |e| k + 1 + e);
            return Err(err(
                file,
                at,
                line.trim_end().len(),
                format!(
                    "row {row} has {} cells, but the template uses `{}`",
                    cells.len(),
                    &t[k..end]
                ),
            ));
        }
        let name = format!("{}_{row}", sanitize(stem));
        let text = translate(file, at, &name, &t, Some(line.trim_end().len()))?;
        out.push(Generated { name, text });
    }
    Ok(out)
}

fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

struct ThreadText {
    gpu: u32,
    cta: u32,
    instrs: Vec<String>,
    /// Registers whose value is constrained: (register, value).
    constraints: Vec<(String, i64)>,
}

/// Translate one instantiated template. Errors point at `at` (the row, when
/// `row_len` is given) or at the offending line of the file.
fn translate(
    file: FileId,
    at: usize,
    name: &str,
    t: &str,
    row_len: Option<usize>,
) -> Result<String, Diagnostic> {
    // Where an error in the instantiated text is reported: the row of a
    // template, or the line itself in a plain file.
    let here = |line_off: usize, len: usize, msg: String| match row_len {
        Some(l) => err(file, at, l, format!("{msg} (in this row's instance)")),
        None => err(file, line_off, len, msg),
    };
    let mut decls = Vec::new();
    let mut threads: Vec<ThreadText> = Vec::new();
    let mut outcome: Option<(bool, String)> = None;
    let mut cur: Option<ThreadText> = None;
    let mut off = 0;
    for raw in t.split_inclusive('\n') {
        let line_off = off;
        off += raw.len();
        let line = raw.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let len = line.len();
        if let Some(th) = cur.as_mut() {
            if line == "}" {
                threads.push(cur.take().expect("inside a thread"));
                continue;
            }
            for ins in line.split(';') {
                let ins = ins.trim();
                if ins.is_empty() {
                    continue;
                }
                match ins.split_once("==") {
                    Some((i, v)) => {
                        let v: i64 = v.trim().parse().map_err(|_| {
                            here(
                                line_off,
                                len,
                                format!("expected an integer after `==`, found `{}`", v.trim()),
                            )
                        })?;
                        let reg = i
                            .split_whitespace()
                            .nth(1)
                            .map(|r| r.trim_end_matches(','))
                            .unwrap_or("");
                        th.constraints.push((reg.to_string(), v));
                        th.instrs.push(i.trim().to_string());
                    }
                    None => th.instrs.push(ins.to_string()),
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix('.') {
            let body = rest.trim_end_matches(';').trim();
            let ws: Vec<&str> = body.split_whitespace().collect();
            let decl = match ws.as_slice() {
                ["global", x] => format!("{x}=0;"),
                ["global", y, "physically", "aliases", x] => format!("{y} @ generic aliases {x};"),
                [kind @ ("surfref" | "texref" | "constref"), y, "virtually", "aliases", x] => {
                    let proxy = match *kind {
                        "surfref" => "surface",
                        "texref" => "texture",
                        _ => "constant",
                    };
                    format!("{y} @ {proxy} aliases {x};")
                }
                _ => {
                    return Err(here(
                        line_off,
                        len,
                        format!("unsupported declaration `{line}`"),
                    ))
                }
            };
            decls.push(decl);
            continue;
        }
        if let Some(head) = line.strip_suffix('{') {
            let head = head.trim();
            let parts: Vec<&str> = head.split('.').collect();
            let num = |p: &str, c: char| p.strip_prefix(c).and_then(|n| n.parse::<u32>().ok());
            let (Some(gpu), Some(cta), Some(_)) = (
                parts.first().and_then(|p| num(p, 'd')),
                parts.get(1).and_then(|p| num(p, 'b')),
                parts.get(2).and_then(|p| num(p, 't')),
            ) else {
                return Err(here(
                    line_off,
                    len,
                    format!("expected a thread header `dD.bB.tT {{`, found `{line}`"),
                ));
            };
            cur = Some(ThreadText {
                gpu,
                cta,
                instrs: vec![],
                constraints: vec![],
            });
            continue;
        }
        let kw = if line.starts_with("permit") {
            Some(true)
        } else if line.starts_with("assert") {
            Some(false)
        } else {
            None
        };
        if let Some(permit) = kw {
            let open = line.find('(');
            let close = line.rfind(')');
            let (Some(a), Some(b)) = (open, close) else {
                return Err(here(
                    line_off,
                    len,
                    "expected `permit (COND) as NAME;` or `assert (COND) as NAME;`".into(),
                ));
            };
            outcome = Some((permit, line[a + 1..b].to_string()));
            continue;
        }
        return Err(here(line_off, len, format!("unexpected line `{line}`")));
    }
    if cur.is_some() {
        return Err(err(
            file,
            at,
            row_len.unwrap_or(0),
            "a thread block is not closed with `}`",
        ));
    }
    let Some((permit, cond)) = outcome else {
        return Err(err(
            file,
            at,
            row_len.unwrap_or(0),
            "missing `permit (...)` or `assert (...)` line",
        ));
    };
    if threads.is_empty() {
        return Err(err(file, at, row_len.unwrap_or(0), "no thread blocks"));
    }
    // A register of the outcome belongs to the thread that uses it.
    let owner = |r: &str| {
        threads.iter().position(|th| {
            th.instrs.iter().any(|i| {
                i.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .any(|w| w == r)
            })
        })
    };
    let mut cond_text = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| -> Result<(), Diagnostic> {
        if word.is_empty() {
            return Ok(());
        }
        if word.starts_with('r') && word[1..].chars().all(|c| c.is_ascii_digit()) && word.len() > 1
        {
            let t = owner(word).ok_or_else(|| {
                err(
                    file,
                    at,
                    row_len.unwrap_or(0),
                    format!("register `{word}` of the outcome is not used by any thread"),
                )
            })?;
            out.push_str(&format!("P{t}:{word}"));
        } else {
            out.push_str(word);
        }
        word.clear();
        Ok(())
    };
    let cs: Vec<char> = cond.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            i += 1;
            continue;
        }
        flush(&mut word, &mut cond_text)?;
        let two: String = cs[i..(i + 2).min(cs.len())].iter().collect();
        match two.as_str() {
            "&&" => {
                cond_text.push_str(" /\\ ");
                i += 2;
            }
            "||" => {
                cond_text.push_str(" \\/ ");
                i += 2;
            }
            "==" | "!=" => {
                cond_text.push_str(&format!(" {two} "));
                i += 2;
            }
            _ => {
                if c == '!' {
                    cond_text.push('~');
                } else {
                    cond_text.push(c);
                }
                i += 1;
            }
        }
    }
    flush(&mut word, &mut cond_text)?;
    let mut constraints = Vec::new();
    for (k, th) in threads.iter().enumerate() {
        for (r, v) in &th.constraints {
            constraints.push(format!("P{k}:{r} == {v}"));
        }
    }
    let mut prop = constraints.join(" /\\ ");
    let (quant, body) = if permit {
        ("exists", format!("({})", cond_text.trim()))
    } else {
        ("~exists", format!("~({})", cond_text.trim()))
    };
    if prop.is_empty() {
        prop = body;
    } else {
        prop = format!("{prop} /\\ {body}");
    }
    // The Dat3M table: one column per thread.
    let rows = threads.iter().map(|t| t.instrs.len()).max().unwrap_or(0);
    let mut s = format!("PTX {name}\n{{\n");
    for d in &decls {
        s.push_str(d);
        s.push('\n');
    }
    s.push_str("}\n");
    let head: Vec<String> = threads
        .iter()
        .enumerate()
        .map(|(k, t)| format!("P{k}@cta {},gpu {}", t.cta, t.gpu))
        .collect();
    s.push_str(&format!(" {} ;\n", head.join(" | ")));
    for r in 0..rows {
        let cells: Vec<&str> = threads
            .iter()
            .map(|t| t.instrs.get(r).map_or("", String::as_str))
            .collect();
        s.push_str(&format!(" {} ;\n", cells.join(" | ")));
    }
    s.push_str(&format!("{quant} ({prop})\n"));
    Ok(s)
}
