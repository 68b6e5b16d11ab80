//! Threads executed path by path, and the candidate programs (one path
//! per thread) as Khronos tests whose one result line asks the question.
//!
//! A read's value is `Val::Read(e)` (whatever event `e` reads) until an
//! instruction needs the number: a branch, a computation, a stored value,
//! an RMW's operation. Then the path forks, one branch per value the
//! location can hold, each remembering `e = v`. The values a location can
//! hold are its initial value and every value written to it, found by
//! running the threads again until no new value appears. In the Alloy
//! question, "event e reads v" is a statement about `rf`: e reads from a
//! write of v to its location, or from the initial state when v is the
//! initial value (`rf` and `RFINIT` are spirv.als's). A label passed more
//! than `unroll` times cuts the path (as herd and the PTX front end do).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use super::{Instr, Mode, Operand, Options, VTest};
use crate::ast::{ArithOp, Prop, Quant, Term};
use crate::khronos::{Attr, Event, Expect, Level, ResultLine, Test};
use relprove_engine::diag::{Diagnostic, Phase, Span};

/// A thread may take at most this many paths, and a test this many
/// candidate programs.
const MAX_PATHS: usize = 4096;
/// Rounds of value discovery before giving up.
const MAX_ROUNDS: usize = 32;
/// Values one location may hold.
const MAX_VALUES: usize = 64;

/// A register's value on a path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Val {
    Const(i64),
    /// The value read by the path's event with this index.
    Read(usize),
}

/// One event of a path.
#[derive(Clone, Debug)]
struct PathEvent {
    attrs: BTreeSet<Attr>,
    /// The reference as written, and its location.
    var: Option<String>,
    loc: Option<String>,
    written: Option<i64>,
    cbar: Option<super::Cbar>,
    span: Span,
}

/// One path of one thread.
#[derive(Clone, Debug)]
struct Path {
    events: Vec<PathEvent>,
    /// `(event, value)`: what the path assumed its reads return.
    assumed: Vec<(usize, i64)>,
    regs: BTreeMap<String, Val>,
}

#[derive(Clone)]
struct State {
    pc: usize,
    visits: BTreeMap<String, u32>,
    path: Path,
}

/// A candidate program: its Khronos test (one result line: the question
/// for this program).
#[derive(Clone, Debug)]
pub struct Combination {
    /// The program as a Khronos test: the chosen paths' events, and a single
    /// result line that asks the question for them.
    pub test: Test,
}

fn apply(op: ArithOp, a: i64, b: i64) -> i64 {
    match op {
        ArithOp::Add => a.wrapping_add(b),
        ArithOp::Sub => a.wrapping_sub(b),
        ArithOp::Mul => a.wrapping_mul(b),
        ArithOp::And => a & b,
        ArithOp::Or => a | b,
        ArithOp::Xor => a ^ b,
    }
}

/// Every path of thread `k`, reads taking values in `domain`; and every
/// (location, value) written on the way, by cut paths too (a spin loop
/// whose every complete path needs a value that only its own unfinished
/// iterations write).
fn thread_paths(
    t: &VTest,
    k: usize,
    domain: &BTreeMap<String, BTreeSet<i64>>,
    unroll: u32,
    seen: &mut BTreeSet<(String, i64, Span)>,
) -> Result<Vec<Path>, Diagnostic> {
    let th = &t.threads[k];
    let labels: BTreeMap<&str, usize> = th
        .instrs
        .iter()
        .enumerate()
        .filter_map(|(i, (ins, _))| match ins {
            Instr::Label(l) => Some((l.as_str(), i)),
            _ => None,
        })
        .collect();
    let jump = |target: &str, span: Span| -> Result<usize, Diagnostic> {
        labels.get(target).copied().ok_or_else(|| {
            Diagnostic::new(
                Phase::Litmus,
                span,
                format!("no label {target} in this thread"),
            )
        })
    };
    let mut regs = BTreeMap::new();
    for ((tid, r), v) in &t.init_regs {
        if *tid == th.id {
            regs.insert(r.clone(), Val::Const(*v));
        }
    }
    let mut todo = vec![State {
        pc: 0,
        visits: BTreeMap::new(),
        path: Path {
            events: Vec::new(),
            assumed: Vec::new(),
            regs,
        },
    }];
    let mut done = Vec::new();
    'states: while let Some(mut s) = todo.pop() {
        loop {
            if done.len() + todo.len() > MAX_PATHS {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    th.instrs.first().map_or(t.span, |i| i.1),
                    format!(
                        "unsupported: thread P{} has more than {MAX_PATHS} paths",
                        th.id
                    ),
                ));
            }
            let Some((ins, span)) = th.instrs.get(s.pc) else {
                done.push(s.path);
                continue 'states;
            };
            let span = *span;
            // The number a value stands for; `None` after forking (the
            // forks, with the value fixed, are queued and this state is
            // dropped).
            let value = |s: &State, v: &Operand, todo: &mut Vec<State>| -> Option<i64> {
                let val = match v {
                    Operand::Const(c) => return Some(*c),
                    Operand::Reg(r) => s.path.regs.get(r).cloned().unwrap_or(Val::Const(0)),
                };
                match val {
                    Val::Const(c) => Some(c),
                    Val::Read(e) => {
                        let loc = s.path.events[e].loc.as_deref().unwrap_or("");
                        for &x in domain.get(loc).into_iter().flatten() {
                            let mut f = s.clone();
                            f.path.assumed.push((e, x));
                            for r in f.path.regs.values_mut() {
                                if *r == Val::Read(e) {
                                    *r = Val::Const(x);
                                }
                            }
                            todo.push(f);
                        }
                        None
                    }
                }
            };
            match ins {
                Instr::Label(l) => {
                    let n = s.visits.entry(l.clone()).or_insert(0);
                    *n += 1;
                    if *n > unroll {
                        // Cut: this path loops more than the bound allows.
                        continue 'states;
                    }
                    s.pc += 1;
                }
                Instr::Goto(l) => s.pc = jump(l, span)?,
                Instr::Branch { cmp, a, b, target } => {
                    let Some(x) = value(&s, a, &mut todo) else {
                        continue 'states;
                    };
                    let Some(y) = value(&s, b, &mut todo) else {
                        continue 'states;
                    };
                    s.pc = if cmp.holds(x, y) {
                        jump(target, span)?
                    } else {
                        s.pc + 1
                    };
                }
                Instr::Local { dst, op, a, b } => {
                    let Some(x) = value(&s, a, &mut todo) else {
                        continue 'states;
                    };
                    let Some(y) = value(&s, b, &mut todo) else {
                        continue 'states;
                    };
                    s.path
                        .regs
                        .insert(dst.clone(), Val::Const(apply(*op, x, y)));
                    s.pc += 1;
                }
                Instr::Event {
                    attrs,
                    reg,
                    loc,
                    value: v,
                    op,
                    cbar,
                } => {
                    let idx = s.path.events.len();
                    let written = if attrs.contains(&Attr::W) {
                        let Some(operand) =
                            value(&s, v.as_ref().unwrap_or(&Operand::Const(0)), &mut todo)
                        else {
                            continue 'states;
                        };
                        match op {
                            // An RMW with an operation writes old op v: the
                            // old value is this event's read, fixed here.
                            Some(op) => {
                                let l = t.location(loc.as_deref().unwrap_or("")).to_string();
                                let mut forks = Vec::new();
                                for &old in domain.get(&l).into_iter().flatten() {
                                    let mut f = s.clone();
                                    f.path.assumed.push((idx, old));
                                    seen.insert((l.clone(), apply(*op, old, operand), span));
                                    f.path.events.push(PathEvent {
                                        attrs: attrs.clone(),
                                        var: loc.clone(),
                                        loc: Some(l.clone()),
                                        written: Some(apply(*op, old, operand)),
                                        cbar: None,
                                        span,
                                    });
                                    if let Some(r) = reg {
                                        f.path.regs.insert(r.clone(), Val::Const(old));
                                    }
                                    f.pc += 1;
                                    forks.push(f);
                                }
                                todo.extend(forks);
                                continue 'states;
                            }
                            None => Some(operand),
                        }
                    } else {
                        None
                    };
                    if let (Some(l), Some(w)) = (loc, written) {
                        seen.insert((t.location(l).to_string(), w, span));
                    }
                    s.path.events.push(PathEvent {
                        attrs: attrs.clone(),
                        var: loc.clone(),
                        loc: loc.as_deref().map(|l| t.location(l).to_string()),
                        written,
                        cbar: *cbar,
                        span,
                    });
                    if let Some(r) = reg {
                        s.path.regs.insert(r.clone(), Val::Read(idx));
                    }
                    s.pc += 1;
                }
            }
        }
    }
    // Deterministic order: as the program reads, first paths first.
    done.reverse();
    Ok(done)
}

/// Every constant of the test: initial values, operands, the condition's
/// and the filter's numbers.
fn constants(t: &VTest) -> BTreeSet<i64> {
    fn prop(p: &Prop, out: &mut BTreeSet<i64>) {
        match p {
            Prop::True | Prop::False => {}
            Prop::Eq(a, b) | Prop::Ne(a, b) => {
                for x in [a, b] {
                    if let Term::Const(c) = x {
                        out.insert(*c);
                    }
                }
            }
            Prop::Not(q) => prop(q, out),
            Prop::And(q, r) | Prop::Or(q, r) => {
                prop(q, out);
                prop(r, out);
            }
        }
    }
    let mut out: BTreeSet<i64> = t.init.values().copied().collect();
    out.insert(0);
    out.extend(t.init_regs.values().copied());
    let mut op = |o: &Operand| {
        if let Operand::Const(c) = o {
            out.insert(*c);
        }
    };
    for th in &t.threads {
        for (ins, _) in &th.instrs {
            match ins {
                Instr::Event { value: Some(v), .. } => op(v),
                Instr::Local { a, b, .. } | Instr::Branch { a, b, .. } => {
                    op(a);
                    op(b);
                }
                _ => {}
            }
        }
    }
    if let Some((_, p)) = &t.question.quant {
        prop(p, &mut out);
    }
    if let Some(p) = &t.question.filter {
        prop(p, &mut out);
    }
    out
}

/// Every thread's paths, with the values of every location settled.
///
/// A read may return any constant of the test (a value that no write
/// produces is ruled out by the question's `rf` statements: "out of thin
/// air" values are possible exactly when the model allows the cycle that
/// justifies them) and any value a write can produce. Values computed
/// from values (`rmw.add`, `st x, r` after `add`) are found round by
/// round: a value made by a chain of k writes appears by round k, and an
/// execution within the unrolling bound has at most `writes` writes.
fn all_paths(
    t: &VTest,
    unroll: u32,
    deadline: Option<Instant>,
) -> Result<Option<Vec<Vec<Path>>>, Diagnostic> {
    let consts = constants(t);
    let mut domain: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let mut writes = 0usize;
    for th in &t.threads {
        for (ins, _) in &th.instrs {
            if let Instr::Event {
                loc: Some(l),
                attrs,
                ..
            } = ins
            {
                domain
                    .entry(t.location(l).to_string())
                    .or_default()
                    .extend(consts.iter().copied());
                if attrs.contains(&Attr::W) {
                    writes += unroll.max(1) as usize;
                }
            }
        }
    }
    let rounds = writes.min(MAX_ROUNDS) + 1;
    let mut paths = Vec::new();
    for _ in 0..rounds {
        if deadline.is_some_and(|d| Instant::now() > d) {
            return Ok(None);
        }
        let mut seen = BTreeSet::new();
        paths = (0..t.threads.len())
            .map(|k| thread_paths(t, k, &domain, unroll, &mut seen))
            .collect::<Result<_, _>>()?;
        let mut grew = false;
        for (l, w, span) in seen {
            let d = domain.entry(l.clone()).or_default();
            grew |= d.insert(w);
            if d.len() > MAX_VALUES {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!("unsupported: location {l} may hold more than {MAX_VALUES} values"),
                ));
            }
        }
        if !grew {
            return Ok(Some(paths));
        }
    }
    if writes > MAX_ROUNDS {
        return Err(Diagnostic::new(
            Phase::Litmus,
            t.span,
            format!(
                "unsupported: the values of the locations do not settle in {MAX_ROUNDS} rounds"
            ),
        ));
    }
    Ok(Some(paths))
}

/// One candidate program laid out as Khronos's tests are: threads grouped
/// by queue family, workgroup and subgroup.
struct Layout<'a> {
    /// (thread id, its path), in the order of the events.
    threads: Vec<(u32, &'a Path)>,
    /// Index of each thread's first event.
    first: Vec<usize>,
}

impl Layout<'_> {
    fn event(&self, k: usize, local: usize) -> usize {
        self.first[k] + local
    }
}

/// The candidate programs of `t` and, for each, the question in Alloy.
/// Programs whose question is false whatever the execution are left out.
/// `races` is the model's formula for "the execution has a data race"
/// ([`crate::khronos::VulkanModel::races`]).
pub fn combinations(
    t: &VTest,
    how: Options,
    races: &str,
    deadline: Option<Instant>,
) -> Result<Option<Vec<Combination>>, Diagnostic> {
    if how.mode == Mode::Condition && t.question.quant.is_none() {
        return Err(Diagnostic::new(
            Phase::Litmus,
            t.span,
            "the test has a filter and no condition: decide it with --check races",
        ));
    }
    let Some(paths) = all_paths(t, how.unroll, deadline)? else {
        return Ok(None);
    };
    // Threads in the hierarchy's order.
    let mut order: Vec<usize> = (0..t.threads.len()).collect();
    order.sort_by_key(|&k| {
        let th = &t.threads[k];
        (th.qf, th.wg, th.sg, th.id)
    });
    let mut out = Vec::new();
    let mut pick = vec![0usize; order.len()];
    if paths.iter().any(|p| p.is_empty()) {
        // A thread with no path within the bound: no program.
        return Ok(Some(out));
    }
    loop {
        let chosen: Vec<(u32, &Path)> = order
            .iter()
            .zip(&pick)
            .map(|(&k, &i)| (t.threads[k].id, &paths[k][i]))
            .collect();
        if deadline.is_some_and(|d| Instant::now() > d) {
            return Ok(None);
        }
        if let Some(c) = combination(t, how, races, &chosen)? {
            out.push(c);
            if out.len() > MAX_PATHS {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    t.span,
                    format!("unsupported: more than {MAX_PATHS} candidate programs"),
                ));
            }
        }
        // Next choice (the last thread varies fastest).
        let mut j = order.len();
        loop {
            if j == 0 {
                return Ok(Some(out));
            }
            j -= 1;
            pick[j] += 1;
            if pick[j] < paths[order[j]].len() {
                break;
            }
            pick[j] = 0;
        }
    }
}

/// A formula, folded: `None` is true.
enum F {
    False,
    True,
    Text(String),
}

fn and(a: F, b: F) -> F {
    match (a, b) {
        (F::False, _) | (_, F::False) => F::False,
        (F::True, x) | (x, F::True) => x,
        (F::Text(a), F::Text(b)) => F::Text(format!("({a} and {b})")),
    }
}

fn or(a: F, b: F) -> F {
    match (a, b) {
        (F::True, _) | (_, F::True) => F::True,
        (F::False, x) | (x, F::False) => x,
        (F::Text(a), F::Text(b)) => F::Text(format!("({a} or {b})")),
    }
}

fn not(a: F) -> F {
    match a {
        F::True => F::False,
        F::False => F::True,
        F::Text(a) => F::Text(format!("(not {a})")),
    }
}

/// The question's statements for one candidate program.
struct Stater<'a> {
    t: &'a VTest,
    layout: Layout<'a>,
    /// Global events: (location, written value, is a write).
    events: Vec<(Option<String>, Option<i64>, bool)>,
}

impl Stater<'_> {
    /// "Event `e` (global) reads `v`."
    fn reads(&self, e: usize, v: i64) -> F {
        let loc = self.events[e].0.clone().unwrap_or_default();
        let writes: Vec<String> = self
            .events
            .iter()
            .enumerate()
            .filter(|(i, (l, w, is_w))| {
                *i != e && *is_w && l.as_deref() == Some(&loc) && *w == Some(v)
            })
            .map(|(i, _)| format!("E{i}"))
            .collect();
        let init = self.t.init.get(&loc).copied().unwrap_or(0) == v;
        match (writes.is_empty(), init) {
            (true, true) => F::Text(format!("E{e} in X.RFINIT")),
            (true, false) => F::False,
            (false, true) => F::Text(format!("(X.rf).E{e} in ({})", writes.join(" + "))),
            (false, false) => F::Text(format!("E{e} in ({}).(X.rf)", writes.join(" + "))),
        }
    }

    /// The values event `e` may read.
    fn candidates(&self, e: usize) -> BTreeSet<i64> {
        let loc = self.events[e].0.clone().unwrap_or_default();
        let mut vs: BTreeSet<i64> = self
            .events
            .iter()
            .enumerate()
            .filter(|(i, (l, _, is_w))| *i != e && *is_w && l.as_deref() == Some(&loc))
            .filter_map(|(_, (_, w, _))| *w)
            .collect();
        vs.insert(self.t.init.get(&loc).copied().unwrap_or(0));
        vs
    }

    /// A term's value: a number, or what a global event reads.
    fn term(&self, term: &Term, span: Span) -> Result<Val, Diagnostic> {
        match term {
            Term::Const(c) => Ok(Val::Const(*c)),
            Term::Reg(tid, r) => {
                let k = self
                    .layout
                    .threads
                    .iter()
                    .position(|(id, _)| *id as usize == *tid)
                    .unwrap_or(0);
                let path = self.layout.threads[k].1;
                Ok(match path.regs.get(r) {
                    Some(Val::Const(c)) => Val::Const(*c),
                    Some(Val::Read(e)) => Val::Read(self.layout.event(k, *e)),
                    None => Val::Const(
                        self.t
                            .init_regs
                            .get(&(*tid as u32, r.clone()))
                            .copied()
                            .unwrap_or(0),
                    ),
                })
            }
            Term::Loc(x) => {
                let l = self.t.location(x);
                let ws: Vec<i64> = self
                    .events
                    .iter()
                    .filter(|(el, _, w)| *w && el.as_deref() == Some(l))
                    .filter_map(|(_, v, _)| *v)
                    .collect();
                match ws.as_slice() {
                    [] => Ok(Val::Const(self.t.initial(x))),
                    [v] => Ok(Val::Const(*v)),
                    _ => Err(Diagnostic::new(
                        Phase::Litmus,
                        span,
                        format!("unsupported: the final value of {x}, which is written more than once (spirv.als orders the writes to a location only partially)"),
                    )),
                }
            }
        }
    }

    fn eq(&self, a: Val, b: Val) -> F {
        match (a, b) {
            (Val::Const(x), Val::Const(y)) => {
                if x == y {
                    F::True
                } else {
                    F::False
                }
            }
            (Val::Read(e), Val::Const(v)) | (Val::Const(v), Val::Read(e)) => self.reads(e, v),
            (Val::Read(e), Val::Read(g)) => {
                let both: Vec<i64> = self
                    .candidates(e)
                    .intersection(&self.candidates(g))
                    .copied()
                    .collect();
                both.into_iter().fold(F::False, |acc, v| {
                    or(acc, and(self.reads(e, v), self.reads(g, v)))
                })
            }
        }
    }

    fn prop(&self, p: &Prop, span: Span) -> Result<F, Diagnostic> {
        Ok(match p {
            Prop::True => F::True,
            Prop::False => F::False,
            Prop::Eq(a, b) => self.eq(self.term(a, span)?, self.term(b, span)?),
            Prop::Ne(a, b) => not(self.eq(self.term(a, span)?, self.term(b, span)?)),
            Prop::Not(q) => not(self.prop(q, span)?),
            Prop::And(q, r) => and(self.prop(q, span)?, self.prop(r, span)?),
            Prop::Or(q, r) => or(self.prop(q, span)?, self.prop(r, span)?),
        })
    }
}

/// The Khronos test of one candidate program, or `None` when its question
/// cannot hold.
fn combination(
    t: &VTest,
    how: Options,
    races: &str,
    chosen: &[(u32, &Path)],
) -> Result<Option<Combination>, Diagnostic> {
    let mut first = Vec::new();
    let mut n = 0;
    for (_, p) in chosen {
        first.push(n);
        n += p.events.len();
    }
    let layout = Layout {
        threads: chosen.to_vec(),
        first,
    };
    let mut events = Vec::new();
    let mut evs = Vec::new();
    let mut breaks: [Vec<usize>; 4] = Default::default();
    let mut prev: Option<(u32, u32, u32, u32)> = None;
    // A control barrier synchronizes the invocations of one workgroup
    // (Dat3M's barriers have workgroup execution scope): the same instance
    // number in two workgroups is two instances.
    let mut instances: BTreeMap<(u32, u32, i64, Option<i64>), i64> = BTreeMap::new();
    for (id, p) in chosen {
        let th = t
            .threads
            .iter()
            .find(|th| th.id == *id)
            .unwrap_or(&t.threads[0]);
        if p.events.is_empty() {
            continue;
        }
        let key = (th.qf, th.wg, th.sg, th.id);
        if let Some(pk) = prev {
            let at = evs.len();
            if pk.0 != key.0 {
                breaks[Level::QueueFamily as usize].push(at);
            }
            if (pk.0, pk.1) != (key.0, key.1) {
                breaks[Level::Workgroup as usize].push(at);
            }
            if (pk.0, pk.1, pk.2) != (key.0, key.1, key.2) {
                breaks[Level::Subgroup as usize].push(at);
            }
            breaks[Level::Thread as usize].push(at);
        }
        prev = Some(key);
        for e in &p.events {
            events.push((e.loc.clone(), e.written, e.attrs.contains(&Attr::W)));
            evs.push(Event {
                attrs: e.attrs.clone(),
                var: e.var.clone(),
                read: None,
                written: e.written,
                cbar_instance: e.cbar.map(|c| {
                    let next = instances.len() as i64;
                    *instances
                        .entry((th.qf, th.wg, c.instance, c.id))
                        .or_insert(next)
                }),
                quorum: e.cbar.and_then(|c| c.quorum).map(|q| q.max(0) as usize),
                thread: *id,
                span: e.span,
            });
        }
    }
    if evs.is_empty() {
        return Ok(None);
    }
    // A named barrier whose quorum more barriers of its group would have to
    // reach than the program has blocks its threads: the program has no
    // complete execution (Dat3M counts only those).
    for e in &evs {
        if let (Some(q), Some(i)) = (e.quorum, e.cbar_instance) {
            let arrive = evs.iter().filter(|x| x.cbar_instance == Some(i)).count();
            if arrive < q {
                return Ok(None);
            }
        }
    }
    let st = Stater { t, layout, events };
    // What the paths assumed their reads return.
    let mut f = F::True;
    for (k, (_, p)) in chosen.iter().enumerate() {
        for &(e, v) in &p.assumed {
            f = and(f, st.reads(st.layout.event(k, e), v));
        }
    }
    let q = &t.question;
    let cond_span = t.span;
    if let Some(filter) = &q.filter {
        f = and(f, st.prop(filter, cond_span)?);
    }
    f = match how.mode {
        Mode::Races => and(f, F::Text(races.into())),
        Mode::Condition => {
            let (quant, prop) = q.quant.as_ref().expect("checked by combinations");
            let c = st.prop(prop, cond_span)?;
            match quant {
                Quant::Exists | Quant::NotExists => and(f, c),
                Quant::Forall => and(f, not(c)),
            }
        }
    };
    let formula = match f {
        F::False => return Ok(None),
        F::True => "consistent[X]".to_string(),
        F::Text(s) => format!("consistent[X]\n  {s}"),
    };
    // Same reference: `y aliases x` makes y and x one location.
    let used: BTreeSet<&str> = evs.iter().filter_map(|e| e.var.as_deref()).collect();
    let sloc = t
        .aliases
        .iter()
        .filter(|(a, b)| used.contains(a.as_str()) && used.contains(b.as_str()))
        .map(|(a, b)| (a.clone(), b.clone(), t.span))
        .collect();
    let ids: BTreeSet<u32> = evs.iter().map(|e| e.thread).collect();
    let ssw = t
        .ssw
        .iter()
        .filter(|(a, b, _)| ids.contains(a) && ids.contains(b))
        .cloned()
        .collect();
    let test = Test {
        name: t.name.clone(),
        file: t.file,
        events: evs,
        breaks,
        ssw,
        sloc,
        results: vec![ResultLine {
            expect: Expect::Satisfiable,
            nochains: how.nochains,
            formula,
            formula_span: cond_span,
            span: cond_span,
            line: 1,
        }],
        warnings: Vec::new(),
    };
    Ok(Some(Combination { test }))
}
