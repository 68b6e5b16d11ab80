//! A [`Test`] → the Alloy module that decides its result lines under a cat
//! model of Vulkan (Dat3M's `vulkan.cat`): the program over relprove's
//! candidate executions (`cat/vulkan_exec.als`) instead of spirv.als's.
//!
//! ```text
//! module lt_NAME
//! open cat_model
//! one sig E0, E1, … extends E {}      -- one per instruction
//! one sig E1w extends RmwW {}         -- the write of RMW E1
//! one sig I0, … extends IW {}         -- one initial write per location
//! fact lt_program { Exec.W = E0 + E1w + I0  …  Exec.po = (E0 -> E1) + … }
//! pred lt_line1[X: Exec] { <formula of the line> }
//! run lt_line1 for exactly 1 Exec, exactly N E, exactly K RmwW, exactly L IW
//! ```
//!
//! Every program relation is a constant (relation pinning makes it an
//! exact bound); the solver chooses only `rf`, `RFINIT`, `co` and `SYNC`
//! (the named barriers with a quorum that take part). The
//! events are Dat3M's: a read-modify-write is a read (the instruction's
//! atom, which the result lines' `X.rf` and `X.RFINIT` name) and a write
//! (`E<i>w`), with the tags Dat3M's Vulkan compiler gives each half; each
//! location has one initial write.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::{Attr, Level, Test};

/// The tag fields of `Exec`, each with the attributes of Khronos's format
/// that put an event in it (the Dat3M tag of each attribute).
const TAGS: [(&str, Attr); 26] = [
    ("W", Attr::W),
    ("R", Attr::R),
    ("F", Attr::F),
    ("ATOM", Attr::A),
    ("ACQ", Attr::Acq),
    ("REL", Attr::Rel),
    ("SC0", Attr::Sc0),
    ("SC1", Attr::Sc1),
    ("SEMSC0", Attr::SemSc0),
    ("SEMSC1", Attr::SemSc1),
    ("SG", Attr::ScopeSg),
    ("WG", Attr::ScopeWg),
    ("QF", Attr::ScopeQf),
    ("DV", Attr::ScopeDev),
    ("CBAR", Attr::Cbar),
    ("AVDEVICE", Attr::AvDevice),
    ("VISDEVICE", Attr::VisDevice),
    ("SEMAV", Attr::SemAv),
    ("SEMVIS", Attr::SemVis),
    ("AV", Attr::Av),
    ("VIS", Attr::Vis),
    ("NONPRIV", Attr::NonPriv),
    ("SC2", Attr::Sc2),
    ("SC3", Attr::Sc3),
    ("SEMSC2", Attr::SemSc2),
    ("SEMSC3", Attr::SemSc3),
];

/// The tags both halves of an RMW keep (Dat3M's `commonTags`).
const COMMON: [Attr; 10] = [
    Attr::ScopeSg,
    Attr::ScopeWg,
    Attr::ScopeQf,
    Attr::ScopeDev,
    Attr::NonPriv,
    Attr::A,
    Attr::Sc0,
    Attr::Sc1,
    Attr::Sc2,
    Attr::Sc3,
];

/// One cat event of the test.
struct CatEvent {
    name: String,
    /// Tag field names.
    tags: BTreeSet<&'static str>,
    /// The instruction it comes from.
    instr: usize,
    /// Location class (memory events and initial writes).
    loc: Option<usize>,
    /// Variable (virtual location).
    var: Option<String>,
}

/// The tags of a plain instruction.
fn tags_of(attrs: &BTreeSet<Attr>) -> BTreeSet<&'static str> {
    TAGS.iter()
        .filter(|(_, a)| attrs.contains(a))
        .map(|(t, _)| *t)
        .collect()
}

/// The two halves of an RMW, as Dat3M's Vulkan compiler tags them: both
/// keep the scope, storage class, atomicity and non-privacy; the read
/// takes the acquire side (and the semantics' storage classes when it
/// acquires), the write the release side.
fn rmw_halves(attrs: &BTreeSet<Attr>) -> (BTreeSet<&'static str>, BTreeSet<&'static str>) {
    let common: BTreeSet<Attr> = COMMON
        .iter()
        .copied()
        .filter(|a| attrs.contains(a))
        .collect();
    let sem = [Attr::SemSc0, Attr::SemSc1, Attr::SemSc2, Attr::SemSc3];
    let mut read = common.clone();
    read.insert(Attr::R);
    for a in [Attr::Acq, Attr::Vis, Attr::SemVis] {
        if attrs.contains(&a) {
            read.insert(a);
        }
    }
    if attrs.contains(&Attr::Acq) {
        read.extend(sem.iter().filter(|a| attrs.contains(a)));
    }
    let mut write = common;
    write.insert(Attr::W);
    for a in [Attr::Rel, Attr::Av, Attr::SemAv] {
        if attrs.contains(&a) {
            write.insert(a);
        }
    }
    if attrs.contains(&Attr::Rel) {
        write.extend(sem.iter().filter(|a| attrs.contains(a)));
    }
    let mut r = tags_of(&read);
    let mut w = tags_of(&write);
    r.insert("RMW");
    w.insert("RMW");
    (r, w)
}

/// `a + b + …`, or `none`.
fn set<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let xs: Vec<&str> = items.into_iter().collect();
    if xs.is_empty() {
        "none".into()
    } else {
        xs.join(" + ")
    }
}

/// `(a -> b) + …`, or `none -> none`.
fn pairs(items: &[(&str, &str)]) -> String {
    if items.is_empty() {
        return "none -> none".into();
    }
    items
        .iter()
        .map(|(a, b)| format!("({a} -> {b})"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The location classes of the test's variables: `SLOC` pairs (Dat3M's
/// aliases) join two variables into one location.
fn locations(test: &Test) -> BTreeMap<String, usize> {
    let vars: BTreeSet<&str> = test
        .events
        .iter()
        .filter_map(|e| e.var.as_deref())
        .collect();
    let mut class: BTreeMap<String, usize> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.to_string(), i))
        .collect();
    // Merge until stable (few variables).
    loop {
        let mut changed = false;
        for (a, b, _) in &test.sloc {
            let (Some(&ca), Some(&cb)) = (class.get(a), class.get(b)) else {
                continue;
            };
            if ca != cb {
                let (keep, drop) = (ca.min(cb), ca.max(cb));
                for c in class.values_mut() {
                    if *c == drop {
                        *c = keep;
                    }
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Renumber densely, in order of first variable.
    let mut dense = BTreeMap::new();
    for c in class.values() {
        let next = dense.len();
        dense.entry(*c).or_insert(next);
    }
    class.into_iter().map(|(v, c)| (v, dense[&c])).collect()
}

/// How many cat events the execution of `test` has: its instructions,
/// the writes of its RMWs and an initial write per location.
pub fn events(test: &Test) -> usize {
    let rmws = test
        .events
        .iter()
        .filter(|e| e.has(Attr::R) && e.has(Attr::W))
        .count();
    let locs = locations(test).values().collect::<BTreeSet<_>>().len();
    test.events.len() + rmws + locs
}

/// The Alloy module of `test` over the cat model module `open`: one `run`
/// per result line, named by [`super::run_name`].
pub fn module(test: &Test, open: &str) -> String {
    let n = test.events.len();
    let locs = locations(test);
    let mut evs: Vec<CatEvent> = Vec::new();
    let mut halves = Vec::new();
    for (i, e) in test.events.iter().enumerate() {
        let loc = e.var.as_ref().and_then(|v| locs.get(v).copied());
        if e.has(Attr::R) && e.has(Attr::W) {
            let (r, w) = rmw_halves(&e.attrs);
            evs.push(CatEvent {
                name: format!("E{i}"),
                tags: r,
                instr: i,
                loc,
                var: e.var.clone(),
            });
            evs.push(CatEvent {
                name: format!("E{i}w"),
                tags: w,
                instr: i,
                loc,
                var: e.var.clone(),
            });
            halves.push(format!("E{i}w"));
        } else {
            evs.push(CatEvent {
                name: format!("E{i}"),
                tags: tags_of(&e.attrs),
                instr: i,
                loc,
                var: e.var.clone(),
            });
        }
    }
    let nlocs = locs.values().max().map_or(0, |m| m + 1);
    let inits: Vec<String> = (0..nlocs).map(|k| format!("I{k}")).collect();

    let mut m = super::module::header(test, "Vulkan litmus test over a cat model:", open);
    let names: Vec<String> = (0..n).map(|i| format!("E{i}")).collect();
    let _ = writeln!(m, "one sig {} extends E {{}}", names.join(", "));
    if !halves.is_empty() {
        let _ = writeln!(m, "one sig {} extends RmwW {{}}", halves.join(", "));
    }
    if !inits.is_empty() {
        let _ = writeln!(m, "one sig {} extends IW {{}}", inits.join(", "));
    }
    let _ = writeln!(m);
    let _ = writeln!(m, "fact lt_program {{");
    // Tags: the instructions' events, and the initial writes in W.
    for (field, _) in TAGS {
        let mut members: Vec<&str> = evs
            .iter()
            .filter(|e| e.tags.contains(field))
            .map(|e| e.name.as_str())
            .collect();
        if field == "W" {
            members.extend(inits.iter().map(String::as_str));
        }
        state(&mut m, field, &set(members));
    }
    {
        let field = "RMW";
        let members: Vec<&str> = evs
            .iter()
            .filter(|e| e.tags.contains(field))
            .map(|e| e.name.as_str())
            .collect();
        state(&mut m, field, &set(members));
    }
    let thread = |e: &CatEvent| test.group(Level::Thread, e.instr);
    let related = |f: &dyn Fn(&CatEvent, &CatEvent) -> bool| -> String {
        let mut ps = Vec::new();
        for a in &evs {
            for b in &evs {
                if f(a, b) {
                    ps.push((a.name.as_str(), b.name.as_str()));
                }
            }
        }
        pairs(&ps)
    };
    // Program order: the events of a thread in order (an RMW's read just
    // before its write).
    let index: BTreeMap<&str, usize> = evs
        .iter()
        .enumerate()
        .map(|(k, e)| (e.name.as_str(), k))
        .collect();
    state(
        &mut m,
        "po",
        &related(&|a, b| thread(a) == thread(b) && index[a.name.as_str()] < index[b.name.as_str()]),
    );
    state(&mut m, "sthd", &related(&|a, b| thread(a) == thread(b)));
    for (field, level) in [
        ("ssg", Level::Subgroup),
        ("swg", Level::Workgroup),
        ("sqf", Level::QueueFamily),
    ] {
        state(
            &mut m,
            field,
            &related(&|a, b| test.group(level, a.instr) == test.group(level, b.instr)),
        );
    }
    // Locations: the memory events and the initial write of each.
    let mut loc_pairs: Vec<(String, String)> = Vec::new();
    let mut vloc_pairs: Vec<(String, String)> = Vec::new();
    let located: Vec<(String, usize, Option<&str>)> = evs
        .iter()
        .filter_map(|e| e.loc.map(|l| (e.name.clone(), l, e.var.as_deref())))
        .chain(inits.iter().enumerate().map(|(k, i)| (i.clone(), k, None)))
        .collect();
    for (a, la, va) in &located {
        for (b, lb, vb) in &located {
            if la == lb {
                loc_pairs.push((a.clone(), b.clone()));
                if a == b || (va.is_some() && va == vb) {
                    vloc_pairs.push((a.clone(), b.clone()));
                }
            }
        }
    }
    let as_refs = |v: &[(String, String)]| -> String {
        let r: Vec<(&str, &str)> = v.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        pairs(&r)
    };
    state(&mut m, "loc", &as_refs(&loc_pairs));
    state(&mut m, "vloc", &as_refs(&vloc_pairs));
    // System-synchronizes-with: every event of thread a to every event of
    // thread b.
    let ssw: BTreeSet<(u32, u32)> = test.ssw.iter().map(|(a, b, _)| (*a, *b)).collect();
    state(
        &mut m,
        "ssw",
        &related(&|a, b| ssw.contains(&(test.events[a.instr].thread, test.events[b.instr].thread))),
    );
    // Control barriers of one instance (one workgroup's, one id's), itself
    // included; a named barrier with a quorum synchronizes only if it takes
    // part (`SYNC`, chosen by the solver: Dat3M's `sync`), with every
    // barrier of its group.
    let barrier = |a: &CatEvent| {
        let e = &test.events[a.instr];
        a.tags.contains("CBAR") && e.cbar_instance.is_some()
    };
    let same = |a: &CatEvent, b: &CatEvent| {
        test.events[a.instr].cbar_instance == test.events[b.instr].cbar_instance
    };
    let quorum = |a: &CatEvent| test.events[a.instr].quorum;
    state(
        &mut m,
        "syncbar",
        &related(&|a, b| barrier(a) && barrier(b) && same(a, b) && quorum(a).is_none()),
    );
    state(
        &mut m,
        "qgroup",
        &related(&|a, b| barrier(a) && barrier(b) && same(a, b) && quorum(a).is_some()),
    );
    let named: Vec<&CatEvent> = evs
        .iter()
        .filter(|e| barrier(e) && quorum(e).is_some())
        .collect();
    if named.is_empty() {
        let _ = writeln!(m, "  no SYNC");
    } else {
        let _ = writeln!(
            m,
            "  Exec.SYNC in {}",
            set(named.iter().map(|e| e.name.as_str()))
        );
    }
    // At least `quorum` barriers of each group take part: every set of
    // n - quorum + 1 of its n barriers has one that does.
    let mut groups: BTreeMap<i64, Vec<&str>> = BTreeMap::new();
    for e in &named {
        if let Some(i) = test.events[e.instr].cbar_instance {
            groups.entry(i).or_default().push(e.name.as_str());
        }
    }
    for (i, members) in &groups {
        let q = named
            .iter()
            .filter(|e| test.events[e.instr].cbar_instance == Some(*i))
            .filter_map(|e| quorum(e))
            .max()
            .unwrap_or(0);
        let n = members.len();
        if q == 0 || q > n {
            continue;
        }
        for subset in subsets(members, n - q + 1) {
            let _ = writeln!(m, "  some Exec.SYNC & ({})", subset.join(" + "));
        }
    }
    let amo: Vec<(String, String)> = halves
        .iter()
        .map(|h| (h.trim_end_matches('w').to_string(), h.clone()))
        .collect();
    state(&mut m, "amo", &as_refs(&amo));
    let wr: Vec<(String, String)> = test
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.has(Attr::W))
        .map(|(i, e)| {
            let target = if e.has(Attr::R) {
                format!("E{i}w")
            } else {
                format!("E{i}")
            };
            (format!("E{i}"), target)
        })
        .collect();
    state(&mut m, "wr", &as_refs(&wr));
    let _ = writeln!(m, "}}");
    let scope = format!(
        "exactly 1 Exec, exactly {n} E, exactly {} RmwW, exactly {} IW",
        halves.len(),
        inits.len()
    );
    super::module::result_lines(&mut m, test, &scope, |_| None);
    m
}

/// The subsets of `items` with `k` elements, in order.
fn subsets<'a>(items: &[&'a str], k: usize) -> Vec<Vec<&'a str>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut out: Vec<Vec<&str>> = subsets(&items[1..], k - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, items[0]);
            rest
        })
        .collect();
    out.extend(subsets(&items[1..], k));
    out
}

/// `field = Exec -> (value)`, or `no field`: both forms relation pinning
/// (`bounds::pin`) turns into exact bounds, so the program's relations
/// are constants for the translator.
fn state(out: &mut String, field: &str, value: &str) {
    if value == "none" || value == "none -> none" {
        let _ = writeln!(out, "  no {field}");
    } else {
        let _ = writeln!(out, "  {field} = Exec -> ({value})");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_rmw_is_split_as_dat3m_splits_it() {
        // rmw.atom.acq_rel.wg.sc0.semsc0.semsc1
        let attrs: BTreeSet<Attr> = [
            Attr::R,
            Attr::W,
            Attr::A,
            Attr::Acq,
            Attr::Rel,
            Attr::ScopeWg,
            Attr::Sc0,
            Attr::SemSc0,
            Attr::SemSc1,
            Attr::Av,
            Attr::Vis,
            Attr::NonPriv,
        ]
        .into();
        let (r, w) = rmw_halves(&attrs);
        let r: Vec<&str> = r.into_iter().collect();
        let w: Vec<&str> = w.into_iter().collect();
        assert_eq!(
            r,
            ["ACQ", "ATOM", "NONPRIV", "R", "RMW", "SC0", "SEMSC0", "SEMSC1", "VIS", "WG"]
        );
        assert_eq!(
            w,
            ["ATOM", "AV", "NONPRIV", "REL", "RMW", "SC0", "SEMSC0", "SEMSC1", "W", "WG"]
        );
        // A relaxed RMW keeps no semantics storage class on either half.
        let relaxed: BTreeSet<Attr> = [Attr::R, Attr::W, Attr::A, Attr::SemSc0].into();
        let (r, w) = rmw_halves(&relaxed);
        assert!(!r.contains("SEMSC0") && !w.contains("SEMSC0"));
    }

    #[test]
    fn subsets_of_a_size() {
        let all = ["a", "b", "c"];
        assert_eq!(
            subsets(&all, 2),
            vec![vec!["a", "b"], vec!["a", "c"], vec!["b", "c"]]
        );
        assert_eq!(subsets(&all, 0), vec![Vec::<&str>::new()]);
        assert!(subsets(&all, 4).is_empty());
    }
}
