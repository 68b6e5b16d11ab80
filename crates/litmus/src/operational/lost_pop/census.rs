//! Test-only census of LOST-POP's reduced state space (issue 20): where the
//! states of the 4-thread tests come from, and how many distinct states
//! remain when parts that no future can observe are forgotten.
//! `cargo test -p relprove-litmus --lib census -- --ignored --nocapture`.

use std::collections::HashSet;
use std::path::Path;

use super::super::{program::Program, Model};
use super::{LostPop, State};

fn model(path: &Path) -> Option<LostPop> {
    let text = std::fs::read_to_string(path).ok()?;
    let test = crate::parse::parse(relprove_engine::diag::FileId(0), &text).ok()?;
    LostPop::new(Program::compile(&test, &text).ok()?).ok()
}

/// Every state the reduced search visits (persistent transition, else the
/// persistent set, else every enabled transition).
fn states(m: &LostPop) -> Vec<State> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack = vec![m.initial().unwrap()];
    while let Some(s) = stack.pop() {
        if !seen.insert(s.clone()) {
            continue;
        }
        out.push(s.clone());
        if m.outcome(&s).unwrap().is_some() {
            continue;
        }
        let mut en = m.enabled(&s).unwrap();
        if let Some(i) = m.persistent(&s, &en) {
            en = vec![en.swap_remove(i)];
        } else if let Some(set) = m.persistent_set(&s, &en) {
            en = set.iter().map(|&i| en[i].clone()).collect();
        }
        for t in &en {
            stack.push(m.apply(&s, t).unwrap());
        }
    }
    out
}

#[test]
#[ignore]
fn census() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peers/dat3m-ptx/litmus/PTX");
    for f in [
        "Manual/Co-Total-4-threads",
        "Manual/Coherence",
        "Memalloy/IRRWIW3",
        "Memalloy/IRWIW2",
        "Memalloy/IRRWIW1",
    ] {
        let Some(m) = model(&dir.join(format!("{f}.litmus"))) else {
            println!("SKIP {f}");
            continue;
        };
        let all = states(&m);
        let done = all
            .iter()
            .filter(|s| s.threads.iter().all(|t| t.done))
            .count();
        let count = |g: &dyn Fn(&mut State)| {
            all.iter()
                .map(|s| {
                    let mut s = s.clone();
                    g(&mut s);
                    s
                })
                .collect::<HashSet<_>>()
                .len()
        };
        println!("{f}: {} states, {done} with every thread done", all.len());
        for (name, g) in m.census_rules() {
            println!("  {name}: {}", count(&*g));
        }
    }
}

type Rule = Box<dyn Fn(&mut State)>;

impl LostPop {
    /// The observed locations.
    fn clone_parts(&self) -> Vec<u8> {
        self.prog
            .observed
            .iter()
            .filter_map(|o| match o {
                super::Obs::Loc(l) => Some(*l),
                _ => None,
            })
            .collect()
    }
}

impl LostPop {
    fn census_rules(&self) -> Vec<(&'static str, Rule)> {
        let all = self.all;
        let observed: Vec<super::Obs> = self.prog.observed.clone();
        let reg_obs = move |t: usize, r: usize| {
            observed
                .iter()
                .any(|o| matches!(o, super::Obs::Reg(u, x) if *u == t && *x as usize == r))
        };
        let reg_obs2 = reg_obs.clone();
        let base = self.reg_base.clone();
        let nlocs = self.prog.locs.len();
        let observes = self.observes_memory;
        let preds = |s: &mut State| {
            let done: Vec<bool> = s.threads.iter().map(|t| t.done).collect();
            s.preds.retain(|(_, t, _), _| !done[*t as usize]);
        };
        let regs = move |s: &mut State| {
            for t in 0..s.threads.len() {
                if !s.threads[t].done {
                    continue;
                }
                for r in 0..base[t + 1] - base[t] {
                    if !reg_obs(t, r) && s.regs[base[t] + r].is_some() {
                        s.regs[base[t] + r] = Some(0);
                    }
                }
            }
            let done: Vec<bool> = s.threads.iter().map(|t| t.done).collect();
            s.reqs.retain(|id, q| {
                if let Some(d) = q.dst {
                    if done[id.0 as usize] && !reg_obs2(id.0 as usize, d as usize) {
                        q.dst = None;
                    }
                }
                true
            });
        };
        let counters = |s: &mut State| {
            for t in s.threads.iter_mut().filter(|t| t.done) {
                t.pc = 0;
                t.steps = 0;
                t.next_k = 0;
            }
        };
        let dead = move |s: &mut State| {
            if observes || s.threads.iter().any(|t| !t.done) {
                return;
            }
            for l in 0..nlocs as u8 {
                let of_l: Vec<super::ReqId> = s
                    .reqs
                    .iter()
                    .filter(|(_, q)| q.loc == l)
                    .map(|(i, _)| *i)
                    .collect();
                if s.reqs.values().any(|q| q.loc == l && !q.write) {
                    continue;
                }
                let escapes = s
                    .order
                    .iter()
                    .any(|((b, a), _)| of_l.contains(a) && !of_l.contains(b));
                if escapes {
                    continue;
                }
                s.reqs.retain(|i, _| !of_l.contains(i));
                s.order
                    .retain(|(b, a), _| !of_l.contains(a) && !of_l.contains(b));
                s.preds.retain(|(w, _, _), _| !of_l.contains(w));
            }
        };
        let unread_prop = move |s: &mut State| {
            if s.threads.iter().any(|t| !t.done) {
                return;
            }
            let read: Vec<u8> = s
                .reqs
                .values()
                .filter(|q| !q.write)
                .map(|q| q.loc)
                .collect();
            s.reqs.retain(|_, q| {
                if q.write && !read.contains(&q.loc) {
                    q.prop = all;
                }
                true
            });
        };
        let me = self.clone_parts();
        // The writes of a location no read needs, replaced by one write of
        // their final value when every write that may end last agrees
        // (`complete`: only once each is at every thread).
        let collapse = move |complete: bool| {
            let me = me.clone();
            move |s: &mut State| {
                if s.threads.iter().any(|t| !t.done) {
                    return;
                }
                for l in 0..nlocs as u8 {
                    let of_l: Vec<super::ReqId> = s
                        .reqs
                        .iter()
                        .filter(|(_, q)| q.loc == l)
                        .map(|(i, _)| *i)
                        .collect();
                    if s.reqs
                        .values()
                        .any(|q| q.loc == l && (!q.write || (complete && q.prop != all)))
                    {
                        continue;
                    }
                    if of_l == [super::ReqId(super::INIT, super::Pos::from(l))] {
                        continue;
                    }
                    let escapes = s
                        .order
                        .iter()
                        .any(|((b, a), _)| of_l.contains(a) && !of_l.contains(b));
                    if escapes {
                        continue;
                    }
                    let maxima: Vec<i64> = of_l
                        .iter()
                        .filter(|w| !of_l.iter().any(|w2| s.order.contains_key(&(*w2, **w))))
                        .map(|w| s.reqs[w].val)
                        .collect();
                    if maxima.iter().any(|v| *v != maxima[0]) && me.contains(&l) {
                        continue;
                    }
                    let v = if me.contains(&l) { maxima[0] } else { 0 };
                    s.reqs.retain(|i, _| !of_l.contains(i));
                    s.order
                        .retain(|(b, a), _| !of_l.contains(a) && !of_l.contains(b));
                    s.preds.retain(|(w, _, _), _| !of_l.contains(w));
                    s.reqs.insert(
                        super::ReqId(super::INIT, super::Pos::from(l)),
                        super::Req {
                            write: true,
                            loc: l,
                            val: v,
                            dst: None,
                            rmw: None,
                            acq: false,
                            rel: false,
                            scope: all,
                            prop: all,
                        },
                    );
                }
            }
        };
        vec![
            ("preds of done threads", Box::new(preds)),
            ("unobserved registers of done threads", Box::new(regs)),
            ("done threads' counters", Box::new(counters)),
            ("dead locations", Box::new(dead)),
            (
                "(bound) writes of unread locations at every thread",
                Box::new(unread_prop),
            ),
            ("unread locations collapsed", Box::new(collapse(false))),
            (
                "unread locations collapsed once complete",
                Box::new(collapse(true)),
            ),
        ]
    }
}
