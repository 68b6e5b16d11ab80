//! The text of a Khronos test → [`Test`].
//!
//! One item per line: a comment (`//`), a directive (`NEWQF`, `NEWWG`,
//! `NEWSG`, `NEWTHREAD [n]`, `SSW a b`, `SLOC x y`), a result line
//! (`SATISFIABLE|NOSOLUTION [NOCHAINS] formula`), or an instruction
//! `tok.tok… [var [= value [value2]]]` (a control barrier takes its
//! instance number instead of a variable). Unlike the generator, which
//! ignores what it does not know, anything else is an error at its
//! position; what the generator only warns about is kept as a warning.

use std::collections::{BTreeMap, BTreeSet};

use super::{Attr, Event, Expect, Level, ResultLine, Test};
use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};

/// The most instructions a test may have: the module states O(n²) pairs
/// for n events (Khronos's generator stops at 100).
pub const MAX_EVENTS: usize = 512;

/// Whether `text` is a Khronos test rather than an NVIDIA mixed-proxy one
/// (both end in `.test`): `Some(true)` when a line starts with one of its
/// directives or result words, `Some(false)` when one starts as a
/// mixed-proxy test does (`.global`, `permit`, `assert`, `dD.bB.tT {`),
/// `None` when neither.
pub fn is_khronos(text: &str) -> Option<bool> {
    for line in text.lines() {
        let l = line.trim();
        if l.is_empty() || l.starts_with("//") {
            continue;
        }
        let word = l.split_whitespace().next().unwrap_or("");
        let khronos = matches!(
            word,
            "NEWQF"
                | "NEWWG"
                | "NEWSG"
                | "NEWTHREAD"
                | "SATISFIABLE"
                | "NOSOLUTION"
                | "SSW"
                | "SLOC"
        );
        if khronos {
            return Some(true);
        }
        let nvidia = l.starts_with('.')
            || l.starts_with("permit")
            || l.starts_with("assert")
            || (l.starts_with('d') && l.contains(".b") && l.ends_with('{'));
        if nvidia {
            return Some(false);
        }
    }
    None
}

fn err(file: FileId, start: usize, end: usize, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Phase::Litmus, Span::new(file, start, end), msg.into())
}

/// The words of a line with their offsets in the file.
fn words(line: &str, at: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((at + s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((at + s, &line[s..]));
    }
    out
}

/// An integer operand.
fn int(file: FileId, at: usize, w: &str, what: &str) -> Result<i64, Diagnostic> {
    w.parse::<i64>().map_err(|_| {
        err(
            file,
            at,
            at + w.len(),
            format!("{what}: `{w}` is not an integer"),
        )
    })
}

/// Parse the test in `text` (file `file`, named `name`).
pub fn parse(file: FileId, name: &str, text: &str) -> Result<Test, Diagnostic> {
    let mut p = Parser {
        file,
        test: Test {
            name: name.to_string(),
            file,
            events: Vec::new(),
            breaks: Default::default(),
            ssw: Vec::new(),
            sloc: Vec::new(),
            results: Vec::new(),
            warnings: Vec::new(),
        },
        thread: 0,
        threads: BTreeMap::new(),
    };
    let mut at = 0;
    for (k, raw) in text.split_inclusive('\n').enumerate() {
        let line = raw.trim_end_matches(['\n', '\r']);
        p.line(k + 1, line, at)?;
        at += raw.len();
    }
    p.finish(at)
}

struct Parser {
    file: FileId,
    test: Test,
    /// The current thread number.
    thread: u32,
    /// Thread number → where it was started (threads with instructions).
    threads: BTreeMap<u32, Span>,
}

impl Parser {
    fn line(&mut self, number: usize, line: &str, at: usize) -> Result<(), Diagnostic> {
        let ws = words(line, at);
        let Some(&(w0, first)) = ws.first() else {
            return Ok(());
        };
        if first.starts_with("//") {
            return Ok(());
        }
        let span = Span::new(self.file, w0, at + line.trim_end().len());
        match first {
            "SATISFIABLE" | "NOSOLUTION" => self.result(number, line, at, &ws, span),
            "SSW" => self.ssw(&ws, span),
            "SLOC" => self.sloc(&ws, span),
            "NEWQF" | "NEWWG" | "NEWSG" | "NEWTHREAD" => self.new_group(&ws, span),
            _ => self.instruction(&ws, span),
        }
    }

    fn result(
        &mut self,
        number: usize,
        line: &str,
        at: usize,
        ws: &[(usize, &str)],
        span: Span,
    ) -> Result<(), Diagnostic> {
        let expect = if ws[0].1 == "SATISFIABLE" {
            Expect::Satisfiable
        } else {
            Expect::NoSolution
        };
        let nochains = ws.get(1).is_some_and(|w| w.1 == "NOCHAINS");
        let from = match (nochains, ws.get(1)) {
            (true, _) => ws[1].0 + "NOCHAINS".len(),
            (false, _) => ws[0].0 + ws[0].1.len(),
        };
        let rest = &line[from - at..];
        let lead = rest.len() - rest.trim_start().len();
        let formula = rest.trim().to_string();
        let start = from + lead;
        if !formula.is_empty() {
            check_formula(self.file, start, &formula)?;
        }
        self.test.results.push(ResultLine {
            expect,
            nochains,
            formula_span: Span::new(self.file, start, start + formula.len()),
            formula,
            span,
            line: number,
        });
        Ok(())
    }

    fn ssw(&mut self, ws: &[(usize, &str)], span: Span) -> Result<(), Diagnostic> {
        if ws.len() != 3 {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                "`SSW` takes two thread numbers: `SSW a b` (thread a system-synchronizes-with thread b)",
            ));
        }
        let a = self.thread_number(ws[1])?;
        let b = self.thread_number(ws[2])?;
        self.test.ssw.push((a, b, span));
        Ok(())
    }

    fn thread_number(&self, (at, w): (usize, &str)) -> Result<u32, Diagnostic> {
        w.parse::<u32>().map_err(|_| {
            err(
                self.file,
                at,
                at + w.len(),
                format!("`{w}` is not a thread number"),
            )
        })
    }

    fn sloc(&mut self, ws: &[(usize, &str)], span: Span) -> Result<(), Diagnostic> {
        if ws.len() != 3 {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                "`SLOC` takes two variables: `SLOC x y` (x and y are one location)",
            ));
        }
        self.test
            .sloc
            .push((ws[1].1.to_string(), ws[2].1.to_string(), span));
        Ok(())
    }

    fn new_group(&mut self, ws: &[(usize, &str)], span: Span) -> Result<(), Diagnostic> {
        let level = Level::ALL
            .into_iter()
            .find(|l| l.directive() == ws[0].1)
            .unwrap_or(Level::Thread);
        let numbered = level == Level::Thread && ws.len() == 2;
        if ws.len() > 1 && !numbered {
            let (at, w) = ws[ws.len() - 1];
            return Err(err(
                self.file,
                ws[1].0,
                at + w.len(),
                format!(
                    "`{}` takes {}",
                    ws[0].1,
                    if level == Level::Thread {
                        "at most a thread number"
                    } else {
                        "no operand"
                    }
                ),
            ));
        }
        // A group ends where the next begins; before the first
        // instruction there is nothing to end.
        let n = self.test.events.len();
        let breaks = &mut self.test.breaks[level.index()];
        if n > 0 && breaks.last() != Some(&n) {
            breaks.push(n);
        }
        if level == Level::Thread {
            self.thread = if numbered {
                self.thread_number(ws[1])?
            } else {
                self.thread
                    .checked_add(1)
                    .ok_or_else(|| Diagnostic::new(Phase::Litmus, span, "too many threads"))?
            };
            if let Some(first) = self.threads.get(&self.thread) {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!(
                        "thread {} already has instructions: a thread cannot be continued",
                        self.thread
                    ),
                )
                .note(*first, "it starts here"));
            }
        }
        Ok(())
    }

    fn instruction(&mut self, ws: &[(usize, &str)], span: Span) -> Result<(), Diagnostic> {
        let file = self.file;
        let (op_at, op) = ws[0];
        let mut attrs = BTreeSet::new();
        let mut off = op_at;
        for tok in op.split('.') {
            let Some(more) = Attr::of_token(tok) else {
                return Err(err(
                    file,
                    off,
                    off + tok.len(),
                    format!("unknown instruction token `{tok}`"),
                )
                .hint(format!("an instruction is `tok.tok… [var [= value [value2]]]` with tokens {}; directives are NEWQF, NEWWG, NEWSG, NEWTHREAD, SSW, SLOC, SATISFIABLE, NOSOLUTION", Attr::TOKENS)));
            };
            attrs.extend(more.iter().copied());
            off += tok.len() + 1;
        }
        imply(&mut attrs);
        let mut ev = Event {
            attrs,
            var: None,
            read: None,
            written: None,
            cbar_instance: None,
            quorum: None,
            thread: self.thread,
            span,
        };
        let operands = &ws[1..];
        if ev.has(Attr::Cbar) {
            match operands {
                [] => {}
                [(at, w)] => {
                    ev.cbar_instance = Some(int(file, *at, w, "a control barrier's instance")?)
                }
                [_, (at, w), ..] => {
                    return Err(err(
                        file,
                        *at,
                        at + w.len(),
                        "a control barrier takes one operand, its instance number",
                    ))
                }
            }
        } else if ev.has(Attr::R) || ev.has(Attr::W) {
            self.access(&mut ev, operands)?;
        } else if let Some((at, w)) = operands.first() {
            return Err(err(
                file,
                *at,
                at + w.len(),
                format!(
                    "`{op}` is neither a load, a store nor a control barrier: it takes no operand"
                ),
            ));
        }
        if self.test.events.len() == MAX_EVENTS {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                format!("unsupported: more than {MAX_EVENTS} instructions in one test"),
            ));
        }
        self.warn(&ev);
        self.threads.entry(self.thread).or_insert(span);
        self.test.events.push(ev);
        Ok(())
    }

    /// `var [= value [value2]]`, also written `var=value`.
    fn access(&mut self, ev: &mut Event, operands: &[(usize, &str)]) -> Result<(), Diagnostic> {
        let file = self.file;
        let Some(&(start, _)) = operands.first() else {
            return Err(Diagnostic::new(
                Phase::Litmus,
                ev.span,
                "a load or store needs a variable: `ld.sc0 x = 1`",
            ));
        };
        let (last_at, last) = operands[operands.len() - 1];
        let end = last_at + last.len();
        // Re-split the operands' text at `=`.
        let text: String = {
            let mut s = String::new();
            let mut pos = start;
            for (at, w) in operands {
                s.extend(std::iter::repeat_n(' ', at - pos));
                s.push_str(w);
                pos = at + w.len();
            }
            s
        };
        let (var_text, values) = match text.find('=') {
            Some(k) => (&text[..k], Some(k + 1)),
            None => (&text[..], None),
        };
        let var = var_text.trim();
        let var_at = start + (var_text.len() - var_text.trim_start().len());
        if var.is_empty() || var.contains(char::is_whitespace) {
            return Err(err(
                file,
                start,
                end,
                "expected `var [= value [value2]]`: one variable name, then `=` and the values",
            ));
        }
        if !var.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(err(
                file,
                var_at,
                var_at + var.len(),
                format!("`{var}` is not a variable name (letters, digits and `_`)"),
            ));
        }
        ev.var = Some(var.to_string());
        let mut vals = Vec::new();
        if let Some(k) = values {
            for (at, w) in words(&text[k..], start + k) {
                vals.push((at, w.len(), int(file, at, w, "a value")?));
            }
            if vals.is_empty() {
                return Err(err(file, start + k - 1, start + k, "`=` needs a value"));
            }
        }
        let rmw = ev.has(Attr::R) && ev.has(Attr::W);
        match vals.as_slice() {
            [] => {}
            [(_, _, v)] if rmw => ev.read = Some(*v),
            [(_, _, v)] if ev.has(Attr::W) => ev.written = Some(*v),
            [(_, _, v)] => ev.read = Some(*v),
            [(_, _, r), (at, len, w)] => {
                if !(rmw && ev.has(Attr::A)) {
                    return Err(err(
                        file,
                        *at,
                        at + len,
                        "a second value is what an atomic read-modify-write writes (`rmw x = 1 2`); this instruction is not one",
                    ));
                }
                ev.read = Some(*r);
                ev.written = Some(*w);
            }
            [_, _, (at, len, _), ..] => {
                return Err(err(
                    file,
                    *at,
                    at + len,
                    "at most two values (read, then written)",
                ))
            }
        }
        Ok(())
    }

    /// The generator's warnings: legal, but what they describe makes every
    /// execution inconsistent or was not meant.
    fn warn(&mut self, ev: &Event) {
        let any = |xs: &[Attr]| xs.iter().any(|a| ev.has(*a));
        let mut w = |m: &str| self.test.warnings.push((ev.span, format!("warning: {m}")));
        if any(&[Attr::A, Attr::F, Attr::Cbar, Attr::Av, Attr::Vis])
            && !any(&[Attr::ScopeSg, Attr::ScopeWg, Attr::ScopeQf, Attr::ScopeDev])
        {
            w("an atomic, barrier, availability or visibility operation without a scope");
        }
        if any(&[Attr::R, Attr::W]) && !any(&[Attr::Sc0, Attr::Sc1]) {
            w("a load or store without a storage class (sc0, sc1)");
        }
        if ev.has(Attr::Cbar) && ev.cbar_instance.is_none() {
            w("a control barrier without an instance number");
        }
        if ev.has(Attr::F) && !any(&[Attr::Acq, Attr::Rel]) {
            w("a memory barrier without acq or rel");
        }
        if any(&[Attr::SemSc0, Attr::SemSc1]) && !any(&[Attr::Acq, Attr::Rel]) {
            w("semsc0/semsc1 (storage classes of the semantics) without acq or rel");
        }
        if ev.has(Attr::SemAv) && !ev.has(Attr::Rel) {
            w("semav (availability in the semantics) without rel");
        }
        if ev.has(Attr::SemVis) && !ev.has(Attr::Acq) {
            w("semvis (visibility in the semantics) without acq");
        }
    }

    fn finish(self, end: usize) -> Result<Test, Diagnostic> {
        let test = self.test;
        let whole = Span::new(self.file, 0, end);
        if test.events.is_empty() {
            return Err(Diagnostic::new(
                Phase::Litmus,
                whole,
                "the test has no instruction",
            ));
        }
        if test.results.is_empty() {
            return Err(Diagnostic::new(
                Phase::Litmus,
                whole,
                "the test has no result line (`SATISFIABLE consistent[X]` or `NOSOLUTION …`)",
            ));
        }
        let threads: BTreeSet<u32> = test.events.iter().map(|e| e.thread).collect();
        for (a, b, span) in &test.ssw {
            for t in [a, b] {
                if !threads.contains(t) {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        *span,
                        format!("thread {t} has no instruction"),
                    ));
                }
            }
        }
        let vars: BTreeSet<&str> = test
            .events
            .iter()
            .filter_map(|e| e.var.as_deref())
            .collect();
        for (a, b, span) in &test.sloc {
            for v in [a, b] {
                if !vars.contains(v.as_str()) {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        *span,
                        format!("no instruction accesses `{v}`"),
                    ));
                }
            }
        }
        Ok(test)
    }
}

/// Parse a result line's formula (at `start` in the file) as the body of
/// a predicate, where several formulas side by side are a conjunction:
/// a syntax error is reported here, at its place in the test. (Names are
/// resolved with the model, in the test's module.)
fn check_formula(file: FileId, start: usize, formula: &str) -> Result<(), Diagnostic> {
    // Spaces up to the formula, so that spans are the file's offsets; the
    // character before it, whitespace in the file, opens the block.
    let text = format!("{}{{{formula}}}", " ".repeat(start - 1));
    let end = (start + formula.len()) as u32;
    relprove_engine::syntax::parse_expr(&text, file)
        .map(|_| ())
        .map_err(|mut ds| {
            // (the closing brace is not in the file: an error there is
            // reported at the formula's end)
            let mut d = ds.swap_remove(0);
            if let Some(s) = d.span.as_mut() {
                if s.start >= end {
                    d.message = d.message.replace("found `}`", "found the end of the line");
                }
                s.end = s.end.min(end);
                s.start = s.start.min(s.end);
            }
            d
        })
}

/// The attributes that others imply, as the generator adds them: an
/// acquire or release control barrier is also a memory barrier; an atomic
/// write is an availability operation, an atomic read a visibility one;
/// those and atomics take part in inter-thread ordering (non-private).
pub(super) fn imply(attrs: &mut BTreeSet<Attr>) {
    let has = |a: &BTreeSet<Attr>, x: Attr| a.contains(&x);
    if has(attrs, Attr::Cbar) && (has(attrs, Attr::Acq) || has(attrs, Attr::Rel)) {
        attrs.insert(Attr::F);
    }
    if has(attrs, Attr::A) && has(attrs, Attr::W) {
        attrs.insert(Attr::Av);
    }
    if has(attrs, Attr::A) && has(attrs, Attr::R) {
        attrs.insert(Attr::Vis);
    }
    if has(attrs, Attr::Av) || has(attrs, Attr::Vis) || has(attrs, Attr::A) {
        attrs.insert(Attr::NonPriv);
    }
}
