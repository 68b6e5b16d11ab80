//! The SASS check: did the test survive compilation?
//!
//! Each test thread's region is bracketed by two `%clock` reads
//! (`CS2R`/`S2R`/`S2UR ... SR_CLOCKLO` in SASS). In the kernel's section of
//! `cuobjdump -sass`, every region must hold the thread's global memory
//! accesses in program order, of the right kind (load, store, atomic) and,
//! for strong accesses, of the right scope (`.STRONG.SM` for `.cta`,
//! `.STRONG.GPU`, `.STRONG.SYS`), and a fence (`MEMBAR`/`FENCE`, of at
//! least the fence's scope; `.SC` for `fence.sc`) wherever the test has
//! one between two accesses. Regions are matched to threads one to one.
//! A test that fails is not reported: its outcomes could be the
//! compiler's, not the hardware's.

use std::collections::BTreeMap;

use serde::Serialize;

use super::prepare::{GpuTest, GpuThread, Op};
use crate::ast::{FenceKind, Scope, Sem};

/// One instruction of a SASS listing, as far as the check cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A load (`LDG`, `LD`).
    Load(Strength),
    /// A store (`STG`, `ST`).
    Store(Strength),
    /// An atomic or reduction (`ATOMG`, `ATOM`, `REDG`, `RED`).
    Atomic(Strength),
    /// Scope rank (0 cta, 1 gpu, 2 sys) and whether it is an SC fence.
    Fence(u8, bool),
    /// A clock read (`SR_CLOCKLO`): one end of a test region.
    Clock,
}

/// `.STRONG.<scope>` of an access (scope rank), or weak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// No `.STRONG` qualifier.
    Weak,
    /// `.STRONG.<scope>`, by scope rank (0 cta, 1 gpu, 2 sys).
    Strong(u8),
}

/// The outcome of a test's SASS check (JSON: tagged by `status`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SassStatus {
    /// Every region found and matched.
    Checked,
    /// The check failed: the reasons.
    Failed {
        /// What did not match, one problem per entry.
        problems: Vec<String>,
    },
    /// Not checked (dry run, or no SASS file), with the reason.
    NotChecked {
        /// Why it was not checked.
        reason: String,
    },
}

/// The function sections of a `cuobjdump -sass` listing: name → items.
pub fn parse_listing(text: &str) -> BTreeMap<String, Vec<Item>> {
    let mut out: BTreeMap<String, Vec<Item>> = BTreeMap::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        let l = line.trim();
        if let Some(name) = l.strip_prefix("Function : ") {
            cur = Some(name.trim().to_string());
            out.entry(name.trim().to_string()).or_default();
            continue;
        }
        let Some(name) = &cur else { continue };
        // `/*0110*/   @!P0 LDG.E R7, desc[UR4][R2.64] ;  /* 0x... */`
        let Some(rest) = l.strip_prefix("/*") else {
            continue;
        };
        let Some((addr, ins)) = rest.split_once("*/") else {
            continue;
        };
        if !addr.chars().all(|c| c.is_ascii_hexdigit()) {
            continue;
        }
        let ins = ins.split("/*").next().unwrap_or("").trim();
        if let Some(item) = classify(ins) {
            if let Some(v) = out.get_mut(name) {
                v.push(item);
            }
        }
    }
    out
}

fn scope_rank(s: &str) -> Option<u8> {
    match s {
        "SM" | "CTA" => Some(0),
        "GPU" => Some(1),
        "SYS" => Some(2),
        _ => None,
    }
}

fn strength(parts: &[&str]) -> Strength {
    parts
        .windows(2)
        .find(|w| w[0] == "STRONG")
        .and_then(|w| scope_rank(w[1]))
        .map_or(Strength::Weak, Strength::Strong)
}

/// The item of one SASS instruction (`None`: not a global memory access,
/// fence or clock read).
pub fn classify(ins: &str) -> Option<Item> {
    let mut words = ins.split_whitespace();
    let mut op = words.next()?;
    if op.starts_with('@') {
        op = words.next()?;
    }
    let parts: Vec<&str> = op.split('.').collect();
    let base = parts[0];
    // `CS2R.32 R3, SR_CLOCKLO`, `S2R`, or into a uniform register: `S2UR`.
    if ins.contains("SR_CLOCKLO") && matches!(base, "CS2R" | "S2R" | "S2UR") {
        return Some(Item::Clock);
    }
    match base {
        "LDG" | "LD" => Some(Item::Load(strength(&parts))),
        "STG" | "ST" => Some(Item::Store(strength(&parts))),
        "ATOMG" | "ATOM" | "REDG" | "RED" => Some(Item::Atomic(strength(&parts))),
        "MEMBAR" | "FENCE" => {
            let rank = parts
                .iter()
                .filter_map(|p| scope_rank(p))
                .max()
                .unwrap_or(0);
            Some(Item::Fence(rank, parts.contains(&"SC")))
        }
        _ => None,
    }
}

/// What one litmus instruction requires of the region.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Need {
    /// 0 load, 1 store, 2 atomic; the scope rank of a strong access.
    Access(u8, Option<u8>, String),
    /// Scope rank, SC.
    Fence(u8, bool, String),
}

fn rank(scope: Option<Scope>, default: u8) -> u8 {
    match scope {
        Some(Scope::Cta) => 0,
        Some(Scope::Gpu) => 1,
        Some(Scope::Sys) => 2,
        None => default,
    }
}

fn needs(th: &GpuThread) -> Vec<Need> {
    let mut out = Vec::new();
    for op in &th.ops {
        match op {
            Op::Load {
                sem,
                scope,
                volatile,
                ..
            } => out.push(Need::Access(
                0,
                (*volatile || *sem != Sem::Weak).then(|| rank(*scope, 2)),
                "load".into(),
            )),
            Op::Store {
                sem,
                scope,
                volatile,
                ..
            } => out.push(Need::Access(
                1,
                (*volatile || *sem != Sem::Weak).then(|| rank(*scope, 2)),
                "store".into(),
            )),
            // `atom` without scope is `.gpu`.
            Op::Rmw { scope, .. } => {
                out.push(Need::Access(2, Some(rank(*scope, 1)), "atomic".into()))
            }
            Op::Fence { kind, scope, .. } => out.push(Need::Fence(
                rank(*scope, 2),
                *kind == FenceKind::Sc,
                "fence".into(),
            )),
            _ => {}
        }
    }
    out
}

/// How a SASS region differs from the thread it should implement (thread
/// ids and 1-based access numbers as in the test).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RegionMismatch {
    /// Not as many global accesses in the region as in the thread.
    AccessCount {
        thread: usize,
        got: usize,
        want: usize,
    },
    /// Access `index` is of another kind (load, store, atomic).
    AccessKind {
        thread: usize,
        index: usize,
        got: &'static str,
        want: &'static str,
    },
    /// Access `index` is weaker or of a narrower scope.
    AccessStrength {
        thread: usize,
        index: usize,
        kind: &'static str,
    },
    /// The fence after access `after` is missing or weaker.
    Fence { thread: usize, after: usize },
}

impl std::fmt::Display for RegionMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            RegionMismatch::AccessCount { thread, got, want } => write!(
                f,
                "P{thread}: {got} global accesses in the SASS region, {want} in the test"
            ),
            RegionMismatch::AccessKind {
                thread,
                index,
                got,
                want,
            } => write!(
                f,
                "P{thread}: access {index} is a {got} in the SASS, a {want} in the test"
            ),
            RegionMismatch::AccessStrength {
                thread,
                index,
                kind,
            } => write!(
                f,
                "P{thread}: access {index} ({kind}) lost its strength or scope in the SASS"
            ),
            RegionMismatch::Fence { thread, after } => write!(
                f,
                "P{thread}: the fence after access {after} is missing from the SASS (or weaker)"
            ),
        }
    }
}

/// Check one region against one thread; the problem if it does not match.
fn check_region(region: &[Item], th: &GpuThread) -> Result<(), RegionMismatch> {
    let needs = needs(th);
    // Accesses: same count, order, kinds and scopes.
    let got: Vec<(u8, Strength)> = region
        .iter()
        .filter_map(|i| match i {
            Item::Load(s) => Some((0, *s)),
            Item::Store(s) => Some((1, *s)),
            Item::Atomic(s) => Some((2, *s)),
            _ => None,
        })
        .collect();
    let want: Vec<(u8, Option<u8>)> = needs
        .iter()
        .filter_map(|n| match n {
            Need::Access(k, s, _) => Some((*k, *s)),
            _ => None,
        })
        .collect();
    let kind = |k: u8| ["load", "store", "atomic"][k as usize];
    if got.len() != want.len() {
        return Err(RegionMismatch::AccessCount {
            thread: th.id,
            got: got.len(),
            want: want.len(),
        });
    }
    for (i, ((gk, gs), (wk, ws))) in got.iter().zip(&want).enumerate() {
        if gk != wk {
            return Err(RegionMismatch::AccessKind {
                thread: th.id,
                index: i + 1,
                got: kind(*gk),
                want: kind(*wk),
            });
        }
        if let Some(w) = ws {
            match gs {
                Strength::Strong(g) if g >= w => {}
                _ => {
                    return Err(RegionMismatch::AccessStrength {
                        thread: th.id,
                        index: i + 1,
                        kind: kind(*wk),
                    })
                }
            }
        }
    }
    // Fences: each between the same accesses.
    let gap_fences = |items: &[Item]| -> Vec<Vec<(u8, bool)>> {
        let mut gaps = vec![Vec::new()];
        for it in items {
            match it {
                Item::Fence(r, sc) => gaps.last_mut().map_or((), |g| g.push((*r, *sc))),
                Item::Load(_) | Item::Store(_) | Item::Atomic(_) => gaps.push(Vec::new()),
                Item::Clock => {}
            }
        }
        gaps
    };
    let got_gaps = gap_fences(region);
    let mut gap = 0;
    for n in &needs {
        match n {
            Need::Access(..) => gap += 1,
            Need::Fence(r, sc, _) => {
                let ok = got_gaps
                    .get(gap)
                    .is_some_and(|fs| fs.iter().any(|(gr, gsc)| gr >= r && (*gsc || !sc)));
                if !ok {
                    return Err(RegionMismatch::Fence {
                        thread: th.id,
                        after: gap,
                    });
                }
            }
        }
    }
    Ok(())
}

/// Check a test's kernel in a SASS listing.
pub fn check_test(listing: &BTreeMap<String, Vec<Item>>, test: &GpuTest) -> SassStatus {
    let kernel = format!("{}_kernel", test.ident);
    let Some(items) = listing.get(&kernel) else {
        return SassStatus::Failed {
            problems: vec![format!("no function {kernel} in the SASS listing")],
        };
    };
    // Regions: between clock reads, in pairs.
    let clocks: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, i)| **i == Item::Clock)
        .map(|(k, _)| k)
        .collect();
    if clocks.len() != 2 * test.threads.len() {
        return SassStatus::Failed {
            problems: vec![format!(
                "{} %clock markers in {kernel}, expected {} (two per thread)",
                clocks.len(),
                2 * test.threads.len()
            )],
        };
    }
    let regions: Vec<&[Item]> = clocks.chunks(2).map(|c| &items[c[0] + 1..c[1]]).collect();
    // Match regions to threads one to one (a maximum bipartite matching:
    // threads with the same code have interchangeable regions).
    let ok: Vec<Vec<bool>> = test
        .threads
        .iter()
        .map(|th| {
            regions
                .iter()
                .map(|r| check_region(r, th).is_ok())
                .collect()
        })
        .collect();
    let mut owner_of_region = vec![usize::MAX; regions.len()];
    for t in 0..ok.len() {
        let mut seen = vec![false; regions.len()];
        augment(&ok, t, &mut seen, &mut owner_of_region);
    }
    let matched: Vec<bool> = (0..ok.len())
        .map(|t| owner_of_region.contains(&t))
        .collect();
    if matched.iter().all(|m| *m) {
        return SassStatus::Checked;
    }
    // Each thread left over, against a region left over: why they differ.
    let mut free = (0..regions.len()).filter(|r| owner_of_region[*r] == usize::MAX);
    let problems = test
        .threads
        .iter()
        .zip(&matched)
        .filter(|(_, m)| !**m)
        .map(|(th, _)| {
            free.next()
                .and_then(|r| check_region(regions[r], th).err())
                .map(|m| m.to_string())
                .unwrap_or_else(|| format!("P{}: no region matches", th.id))
        })
        .collect();
    SassStatus::Failed { problems }
}

/// Kuhn's augmenting path from thread `t`.
fn augment(ok: &[Vec<bool>], t: usize, seen: &mut [bool], owner: &mut [usize]) -> bool {
    for r in 0..seen.len() {
        if ok[t][r] && !seen[r] {
            seen[r] = true;
            if owner[r] == usize::MAX || augment(ok, owner[r], seen, owner) {
                owner[r] = t;
                return true;
            }
        }
    }
    false
}
