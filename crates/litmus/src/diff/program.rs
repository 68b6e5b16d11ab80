//! A shared execution read off an instance of the difference module, and
//! the litmus test it becomes: its program, and the final state (every
//! read's value, every written location's last value) that singles out
//! the execution's reads-from and last writes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use relprove_engine::instance::Instance;
use relprove_engine::ir::{Model, ModuleId};

use super::vocab::{RELATIONS, SETS};

/// The shared execution of an instance: the events `0..n` (the atoms
/// `lt_e0`…), and the value of every set and relation of the vocabulary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Execution {
    /// The number of events.
    pub n: usize,
    /// Every set of [`SETS`], by name.
    pub sets: BTreeMap<&'static str, BTreeSet<usize>>,
    /// Every relation of [`RELATIONS`], by name.
    pub relations: BTreeMap<&'static str, BTreeSet<(usize, usize)>>,
}

/// A litmus test emitted for an execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emitted {
    /// The test in Dat3M's PTX format.
    pub text: String,
    /// The formula (over the shared vocabulary) that holds exactly for the
    /// executions with this program and this outcome.
    pub pin: String,
    /// Threads, locations, and events that carry a scope or a strength
    /// other than weak, for minimisation and reports.
    pub threads: usize,
    /// See `threads`.
    pub locations: usize,
}

impl Execution {
    /// Read the shared execution of `inst` (an instance of a module from
    /// [`super::module::module_text`] with `n` events).
    pub fn read(model: &Model, inst: &Instance, n: usize) -> Result<Execution, String> {
        let root = ModuleId(0);
        let index = event_index(model, inst)?;
        if index.len() != n {
            return Err(format!(
                "{} shared events in the instance, {n} expected",
                index.len()
            ));
        }
        let at = |a| {
            index
                .get(&a)
                .copied()
                .ok_or("a shared relation leaves the events")
        };
        let mut sets = BTreeMap::new();
        for (name, _) in SETS {
            let id = model
                .sig_ids()
                .find(|&s| model.sig(s).module == root && model.sig(s).name == *name)
                .ok_or_else(|| format!("no sig {name}"))?;
            let mut v = BTreeSet::new();
            for t in inst.sigs.get(&id).into_iter().flatten() {
                v.insert(at(t[0])?);
            }
            sets.insert(*name, v);
        }
        let mut relations = BTreeMap::new();
        for (name, _) in RELATIONS {
            let id = model
                .field_ids()
                .find(|&f| {
                    model.field(f).name == *name && model.sig(model.field(f).sig).module == root
                })
                .ok_or_else(|| format!("no field {name}"))?;
            let mut v = BTreeSet::new();
            for t in inst.fields.get(&id).into_iter().flatten() {
                v.insert((at(t[0])?, at(t[1])?));
            }
            relations.insert(*name, v);
        }
        Ok(Execution { n, sets, relations })
    }

    /// The memory accesses that are not weak.
    pub fn strong_accesses(&self) -> usize {
        (0..self.n)
            .filter(|&e| (self.is("lt_R", e) || self.is("lt_W", e)) && !self.is("lt_Weak", e))
            .count()
    }

    fn is(&self, set: &str, e: usize) -> bool {
        self.sets.get(set).is_some_and(|s| s.contains(&e))
    }

    fn rel(&self, r: &str, a: usize, b: usize) -> bool {
        self.relations.get(r).is_some_and(|s| s.contains(&(a, b)))
    }

    /// The threads, each its events in program order, threads in the
    /// order of their first event.
    pub fn threads(&self) -> Vec<Vec<usize>> {
        let mut threads: Vec<Vec<usize>> = Vec::new();
        for e in 0..self.n {
            if (0..self.n).any(|p| self.rel("lt_po", p, e)) {
                continue;
            }
            let mut t: Vec<usize> = (0..self.n)
                .filter(|&x| x == e || self.rel("lt_po", e, x))
                .collect();
            t.sort_by_key(|&x| (0..self.n).filter(|&p| self.rel("lt_po", p, x)).count());
            threads.push(t);
        }
        threads
    }

    /// Classes of `r` (an equivalence on the elements of `items`), in order
    /// of first element; the class number of each element.
    fn classes(&self, r: &str, items: &[usize]) -> BTreeMap<usize, usize> {
        let mut class = BTreeMap::new();
        let mut firsts: Vec<usize> = Vec::new();
        for &x in items {
            let c = match firsts.iter().position(|&f| f == x || self.rel(r, f, x)) {
                Some(c) => c,
                None => {
                    firsts.push(x);
                    firsts.len() - 1
                }
            };
            class.insert(x, c);
        }
        class
    }

    fn scope(&self, e: usize) -> Result<&'static str, String> {
        [("lt_Scta", "cta"), ("lt_Sgpu", "gpu"), ("lt_Ssys", "sys")]
            .iter()
            .find(|(s, _)| self.is(s, e))
            .map(|(_, w)| *w)
            .ok_or_else(|| format!("event {e} is strong but has no scope"))
    }

    /// The instruction of read `e` into register `r` from location `x`:
    /// a load, or with `rmw` (its write, which writes `v`) an exchange.
    fn read_instruction(
        &self,
        e: usize,
        rmw: Option<usize>,
        r: &str,
        x: &str,
        v: usize,
    ) -> Result<String, String> {
        Ok(if let Some(w) = rmw {
            let sem = match (self.is("lt_Acq", e), self.is("lt_Rel", w)) {
                (true, true) => "acq_rel",
                (true, false) => "acquire",
                (false, true) => "release",
                (false, false) => "relaxed",
            };
            format!("atom.{sem}.{}.exch {r}, {x}, {v}", self.scope(e)?)
        } else if self.is("lt_Weak", e) {
            format!("ld.weak {r}, {x}")
        } else if self.is("lt_Acq", e) {
            format!("ld.acquire.{} {r}, {x}", self.scope(e)?)
        } else {
            format!("ld.relaxed.{} {r}, {x}", self.scope(e)?)
        })
    }

    /// The instruction of write `e` of `v` to location `x`.
    fn write_instruction(&self, e: usize, x: &str, v: usize) -> Result<String, String> {
        Ok(if self.is("lt_Weak", e) {
            format!("st.weak {x}, {v}")
        } else if self.is("lt_Rel", e) {
            format!("st.release.{} {x}, {v}", self.scope(e)?)
        } else {
            format!("st.relaxed.{} {x}, {v}", self.scope(e)?)
        })
    }

    /// The instruction of fence `e`.
    fn fence_instruction(&self, e: usize) -> Result<String, String> {
        let kind = [
            ("lt_Fsc", "sc"),
            ("lt_Facqrel", "acq_rel"),
            ("lt_Facq", "acquire"),
            ("lt_Frel", "release"),
        ]
        .iter()
        .find(|(s, _)| self.is(s, e))
        .map(|(_, k)| *k)
        .ok_or_else(|| format!("event {e} is neither an access nor a fence"))?;
        Ok(format!("fence.{kind}.{}", self.scope(e)?))
    }

    /// The co-maximal write chosen as each written location's final one:
    /// the first, in event order.
    fn final_writes(&self, loc_of: &BTreeMap<usize, usize>) -> BTreeMap<usize, usize> {
        let mut fin = BTreeMap::new();
        for w in 0..self.n {
            if self.is("lt_W", w) && !(0..self.n).any(|x| self.rel("lt_co", w, x)) {
                fin.entry(loc_of[&w]).or_insert(w);
            }
        }
        fin
    }

    /// The litmus test of this execution, named `name`.
    pub fn litmus(&self, name: &str, comment: &str) -> Result<Emitted, String> {
        let threads = self.threads();
        let mem: Vec<usize> = (0..self.n)
            .filter(|&e| self.is("lt_R", e) || self.is("lt_W", e))
            .collect();
        let loc_of = self.classes("lt_loc", &mem);
        let nlocs = loc_of.values().max().map_or(0, |m| m + 1);
        let loc_name = |c: usize| match c {
            0..=3 => ["x", "y", "z", "w"][c].to_string(),
            _ => format!("l{c}"),
        };
        let starts: Vec<usize> = threads.iter().map(|t| t[0]).collect();
        let gpu = self.classes("lt_sgpu", &starts);
        let cta = self.classes("lt_scta", &starts);
        let writes: Vec<usize> = (0..self.n).filter(|&e| self.is("lt_W", e)).collect();
        let value = |w: usize| writes.iter().position(|&x| x == w).map_or(0, |p| p + 1);
        let mut cells: Vec<Vec<String>> = Vec::new();
        let mut observed: Vec<String> = Vec::new();
        for (t, events) in threads.iter().enumerate() {
            let mut col = Vec::new();
            let mut reg = 0;
            let mut skip = BTreeSet::new();
            let mut regs: BTreeMap<usize, String> = BTreeMap::new();
            let mut labels = 0;
            for (k, &e) in events.iter().enumerate() {
                if skip.contains(&e) {
                    continue;
                }
                // A control dependency starts here: a branch on the read's
                // register to the next line (both ways lead on).
                for &r in &events[..k] {
                    let starts = self.rel("lt_dep", r, e)
                        && (k == 0 || !self.rel("lt_dep", r, events[k - 1]));
                    if starts {
                        let reg = regs
                            .get(&r)
                            .ok_or("a dependency from a read not yet written")?;
                        col.push(format!("bne {reg}, 0, LC{t}{labels}"));
                        col.push(format!("LC{t}{labels}:"));
                        labels += 1;
                    }
                }
                let ins = if self.is("lt_R", e) {
                    let r = format!("r{reg}");
                    regs.insert(e, r.clone());
                    reg += 1;
                    let src = (0..self.n).find(|&w| self.rel("lt_rf", w, e));
                    observed.push(format!("P{t}:{r} == {}", src.map_or(0, value)));
                    let rmw = (0..self.n).find(|&w| self.rel("lt_rmw", e, w));
                    skip.extend(rmw);
                    let x = loc_name(loc_of[&e]);
                    self.read_instruction(e, rmw, &r, &x, rmw.map_or(0, value))?
                } else if self.is("lt_W", e) {
                    self.write_instruction(e, &loc_name(loc_of[&e]), value(e))?
                } else {
                    self.fence_instruction(e)?
                };
                col.push(ins);
            }
            cells.push(col);
        }
        let fin = self.final_writes(&loc_of);
        for (&l, &w) in &fin {
            observed.push(format!("{} == {}", loc_name(l), value(w)));
        }
        if observed.is_empty() {
            return Err(
                "the execution has no read and no write: no final state tells it apart".into(),
            );
        }
        // The table: one column per thread, padded.
        let heads: Vec<String> = threads
            .iter()
            .enumerate()
            .map(|(t, ev)| format!("P{t}@cta {},gpu {}", cta[&ev[0]], gpu[&ev[0]]))
            .collect();
        let rows = cells.iter().map(Vec::len).max().unwrap_or(0);
        let width: Vec<usize> = (0..threads.len())
            .map(|t| {
                cells[t]
                    .iter()
                    .map(String::len)
                    .chain([heads[t].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |items: Vec<&str>| {
            let parts: Vec<String> = items
                .iter()
                .enumerate()
                .map(|(t, s)| format!(" {s:<w$} ", w = width[t]))
                .collect();
            format!("{};", parts.join("|"))
        };
        let mut text = String::new();
        let _ = writeln!(text, "PTX {name}\n\"{comment}\"\n{{");
        let init: Vec<String> = (0..nlocs).map(|l| format!("{}=0;", loc_name(l))).collect();
        let _ = writeln!(text, "{}\n}}", init.join(" "));
        let _ = writeln!(text, "{}", line(heads.iter().map(String::as_str).collect()));
        for r in 0..rows {
            let _ = writeln!(
                text,
                "{}",
                line(
                    cells
                        .iter()
                        .map(|c| c.get(r).map_or("", String::as_str))
                        .collect()
                )
            );
        }
        let _ = writeln!(text, "exists\n({})", observed.join(" /\\ "));
        Ok(Emitted {
            text,
            pin: self.pin(&fin),
            threads: threads.len(),
            locations: nlocs,
        })
    }

    /// This program and outcome: the sets and relations the test pins
    /// (everything but `co` and the fence-SC order, which no final state
    /// shows) and each final write being co-maximal.
    fn pin(&self, fin: &BTreeMap<usize, usize>) -> String {
        let mut parts = Vec::new();
        for (name, v) in &self.sets {
            let e: Vec<String> = v.iter().map(|i| format!("lt_e{i}")).collect();
            parts.push(format!(
                "{name} = {}",
                if e.is_empty() {
                    "none".into()
                } else {
                    e.join(" + ")
                }
            ));
        }
        for (name, v) in &self.relations {
            if *name == "lt_co" || *name == "lt_sc" {
                continue;
            }
            let e: Vec<String> = v.iter().map(|(i, j)| format!("lt_e{i}->lt_e{j}")).collect();
            parts.push(format!(
                "{name} = {}",
                if e.is_empty() {
                    "none -> none".into()
                } else {
                    e.join(" + ")
                }
            ));
        }
        for w in fin.values() {
            parts.push(format!("no lt_e{w}.lt_co"));
        }
        parts.join(" and ")
    }
}

/// The witness fields `names` of side `side` (`'b'`) in `inst`, over the
/// shared events' indices (through the bijection `lt_<side>`); a name the
/// model lacks is left out.
pub fn read_witnesses(
    model: &Model,
    inst: &Instance,
    side: char,
    names: &[&str],
) -> Result<Vec<super::learn::WitnessField>, String> {
    let root = ModuleId(0);
    let index = event_index(model, inst)?;
    let bij_name = format!("lt_{side}");
    let bij = model
        .field_ids()
        .find(|&f| model.field(f).name == bij_name && model.sig(model.field(f).sig).module == root)
        .ok_or_else(|| format!("no field {bij_name}"))?;
    // model atom -> shared index
    let mut of = BTreeMap::new();
    for t in inst.fields.get(&bij).into_iter().flatten() {
        let i = index
            .get(&t[0])
            .ok_or("the bijection leaves the shared events")?;
        of.insert(t[1], *i);
    }
    let mut out = Vec::new();
    for name in names {
        let Some(f) = super::learn::side_field(model, side, name) else {
            continue;
        };
        let mut tuples = Vec::new();
        for t in inst.fields.get(&f).into_iter().flatten() {
            if t.len() != 2 {
                return Err(format!("witness field {name} is not binary"));
            }
            let (Some(&x), Some(&y)) = (of.get(&t[0]), of.get(&t[1])) else {
                return Err(format!("witness field {name} leaves the events"));
            };
            tuples.push((x, y));
        }
        out.push((name.to_string(), tuples));
    }
    Ok(out)
}

/// The shared events' atoms in `inst` and their indices (`lt_e<i>` of the
/// query's own module).
fn event_index(
    model: &Model,
    inst: &Instance,
) -> Result<BTreeMap<relprove_engine::instance::Atom, usize>, String> {
    let root = ModuleId(0);
    let mut index = BTreeMap::new();
    for id in model.sig_ids() {
        let sig = model.sig(id);
        if sig.module != root {
            continue;
        }
        if let Some(i) = sig
            .name
            .strip_prefix("lt_e")
            .and_then(|d| d.parse::<usize>().ok())
        {
            let atoms = inst.sigs.get(&id).ok_or("an event sig has no value")?;
            let t = atoms.iter().next().ok_or("an event sig is empty")?;
            index.insert(t[0], i);
        }
    }
    Ok(index)
}
