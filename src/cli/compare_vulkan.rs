//! `relprove compare` on Dat3M's Vulkan tests (`VULKAN name …`): each
//! test decided under both models (Khronos's spirv.als, a cat model of
//! Vulkan such as Dat3M's vulkan.cat), and where the verdicts differ.
//!
//! A Vulkan test's answer is its condition's verdict, not a set of final
//! states: a difference says which model allows the behaviour the
//! condition describes. A test with only a `filter` is compared on race
//! freedom.

use super::exit::Exit;
use std::path::{Path, PathBuf};

use relprove_engine::diag::{Diagnostic, SourceMap};
use relprove_litmus::ast::Quant;
use relprove_litmus::khronos::dat3m::{self, Mode, Options, VTest, Verdict};
use relprove_litmus::khronos::VulkanModel;
use relprove_litmus::operational::compare::{Relation, Row, Skipped};

/// How the verdicts of A and B on `t` relate: which model allows more.
fn relation(t: &VTest, mode: Mode, a: &Verdict, b: &Verdict) -> Relation {
    let (Some(pa), Some(pb)) = (a.pass(), b.pass()) else {
        return Relation::Same;
    };
    if pa == pb {
        return Relation::Same;
    }
    // Whether a PASS means the model allows the behaviour the test asks
    // about (an `exists` that is Ok) or forbids it (`~exists`, `forall`,
    // race freedom).
    let pass_allows = mode == Mode::Condition
        && matches!(t.question.quant.as_ref().map(|q| q.0), Some(Quant::Exists));
    if pa == pass_allows {
        // A allows it, B does not.
        Relation::BStronger
    } else {
        Relation::AStronger
    }
}

/// What the differing verdict means, for the row's `only_a`/`only_b`.
fn behaviour(t: &VTest, mode: Mode) -> String {
    match mode {
        Mode::Races => "a data race".to_string(),
        Mode::Condition => match t.question.quant.as_ref().map(|q| q.0) {
            Some(Quant::Exists) => format!("an execution with {}", t.question.text),
            _ => format!("an execution against {}", t.question.text),
        },
    }
}

/// Compare the two Vulkan models on `files`.
pub fn run(req: &super::compare::Request, files: &[PathBuf]) -> Exit {
    let mut sources = SourceMap::new();
    let fail = |d: Diagnostic, sm: &SourceMap| {
        super::report::error(sm, d, false);
        Exit::Input
    };
    let mut models = Vec::new();
    for spec in &req.models {
        match super::vulkan::load_model(&mut sources, Path::new(spec)) {
            Ok(m) => models.push(m),
            Err(d) => return fail(d, &sources),
        }
    }
    let expect = match &req.expect_diff {
        None => Default::default(),
        Some(p) => match super::args::side_file(
            &mut sources,
            p,
            relprove_litmus::operational::compare::parse_expect_diff,
        ) {
            Ok(e) => e,
            Err(exit) => return exit,
        },
    };
    let start = std::time::Instant::now();
    let mut parsed = Vec::new();
    for f in files {
        let r = relprove_engine::diag::read_source(f)
            .map_err(|e| {
                Diagnostic::without_span(
                    relprove_engine::diag::Phase::Io,
                    format!("cannot read {}: {e}", f.display()),
                )
            })
            .and_then(|text| {
                let id = sources.add(f.display().to_string(), f, text.clone());
                dat3m::parse(id, &text)
            });
        parsed.push(r);
    }
    let tests: Vec<&VTest> = parsed.iter().flatten().collect();
    let mode_of = |t: &VTest| {
        if t.question.quant.is_some() {
            Mode::Condition
        } else {
            Mode::Races
        }
    };
    let opts = relprove_engine::check::CheckOptions {
        timeout: req.timeout,
        max_memory: req.max_memory,
        ..Default::default()
    };
    let load = Default::default();
    // One result per test and side, in the order of `tests`.
    let decide = |m: &VulkanModel| {
        let mut out: Vec<Option<Result<dat3m::Decided, Diagnostic>>> =
            tests.iter().map(|_| None).collect();
        for mode in [Mode::Condition, Mode::Races] {
            let at: Vec<usize> = (0..tests.len())
                .filter(|&k| mode_of(tests[k]) == mode)
                .collect();
            let these: Vec<&VTest> = at.iter().map(|&k| tests[k]).collect();
            let how = Options {
                mode,
                nochains: false,
                unroll: 2,
                witnesses: false,
            };
            for (k, r) in at
                .into_iter()
                .zip(dat3m::decide_all(&these, m, how, &opts, &load, req.jobs))
            {
                out[k] = Some(r);
            }
        }
        out
    };
    let results: Vec<_> = models.iter().map(decide).collect();
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    let mut input_errors = 0;
    let mut decided = results[0].iter().zip(&results[1]);
    for (f, p) in files.iter().zip(&parsed) {
        let t = match p {
            Ok(t) => t,
            // A test outside the reader's fragment is skipped and listed
            // (it is neither model's); anything else is an input error.
            Err(d) if d.message.starts_with("unsupported") => {
                skipped.push(Skipped {
                    file: f.display().to_string(),
                    side: "A and B",
                    reason: d.message.clone(),
                });
                continue;
            }
            Err(d) => {
                input_errors += 1;
                super::report::error(&sources, d.clone(), false);
                continue;
            }
        };
        let Some((Some(a), Some(b))) = decided.next() else {
            continue;
        };
        match (a, b) {
            (Ok(a), Ok(b)) if a.verdict.pass().is_some() && b.verdict.pass().is_some() => {
                let mode = mode_of(t);
                let relation = relation(t, mode, &a.verdict, &b.verdict);
                let what = behaviour(t, mode);
                rows.push(Row {
                    test: t.name.clone(),
                    file: f.display().to_string(),
                    a: a.verdict.word().to_string(),
                    b: b.verdict.word().to_string(),
                    relation,
                    only_a: match relation {
                        Relation::BStronger => vec![what.clone()],
                        _ => Vec::new(),
                    },
                    only_b: match relation {
                        Relation::AStronger => vec![what],
                        _ => Vec::new(),
                    },
                });
            }
            _ => {
                for (side, r) in [("A", a), ("B", b)] {
                    let reason = match r {
                        Err(d) => {
                            if !d.message.starts_with("unsupported") {
                                input_errors += 1;
                                super::report::error(&sources, d.clone(), false);
                            }
                            d.message.clone()
                        }
                        Ok(d) => match &d.verdict {
                            Verdict::Unknown(why) => format!("unknown: {why}"),
                            _ => continue,
                        },
                    };
                    skipped.push(Skipped {
                        file: f.display().to_string(),
                        side,
                        reason,
                    });
                }
            }
        }
    }
    super::compare::finish(
        req,
        &rows,
        &skipped,
        &expect,
        files.len(),
        start,
        input_errors,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_means_allowed_only_for_exists() {
        let text = "VULKAN t\n{\n}\n P0@sg 0, wg 0, qf 0 ;\n st.sc0 x, 1 ;\nexists (x == 1)\n";
        let t = dat3m::parse(relprove_engine::diag::FileId(0), text).unwrap();
        let ok = Verdict::Validated(true);
        let no = Verdict::Validated(false);
        assert_eq!(relation(&t, Mode::Condition, &ok, &no), Relation::BStronger);
        assert_eq!(relation(&t, Mode::Condition, &no, &ok), Relation::AStronger);
        assert_eq!(relation(&t, Mode::Races, &ok, &no), Relation::AStronger);
        assert_eq!(relation(&t, Mode::Condition, &ok, &ok), Relation::Same);
    }
}
