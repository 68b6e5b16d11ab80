//! The [`Backend`] that decides generated modules with relprove's own
//! pipeline: `resolve::load_source` (the module is resolved as if it lived
//! beside the model, so its `open` finds it) and `check::check_command`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::run::{Backend, Solution};
use crate::check::{check_command, CheckError, CheckOptions, Outcome};
use crate::diag::SourceMap;
use crate::ir::CommandId;
use crate::resolve::{load_source, LoadOptions};

/// relprove's checker as a litmus back end.
#[derive(Clone, Debug, Default)]
pub struct Checker {
    pub check: CheckOptions,
    pub load: LoadOptions,
}

impl Backend for Checker {
    fn solve(&self, path: &Path, source: &str) -> Result<Option<Solution>, String> {
        let mut sources = SourceMap::new();
        let name = path.display().to_string();
        let model = load_source(&name, source, &mut sources, &self.load)
            .map_err(|ds| crate::diag::render(&sources, &ds, false))?;
        let idx = model
            .commands
            .iter()
            .rposition(|c| c.name == super::lower::RUN_NAME)
            .ok_or_else(|| format!("the generated module has no `{}` command", super::lower::RUN_NAME))?;
        let res = check_command(&model, CommandId(idx as u32), &self.check).map_err(|e| match e {
            CheckError::Input(d) => crate::diag::render(&sources, &[d], false),
            CheckError::Internal(m) => format!("internal error: {m}"),
        })?;
        match res.outcome {
            Outcome::Unsat => Ok(None),
            Outcome::Unknown(why) => Err(format!("the checker gave up: {why}")),
            Outcome::Sat(inst) => {
                let label = |a: &u32| inst.universe.label(*a).to_string();
                let mut sigs = BTreeMap::new();
                for (id, ts) in &inst.sigs {
                    let atoms: BTreeSet<String> = ts.iter().map(|t| label(&t[0])).collect();
                    sigs.insert(model.sig(*id).name.clone(), atoms);
                }
                let mut fields = BTreeMap::new();
                for (id, ts) in &inst.fields {
                    let tuples: BTreeSet<Vec<String>> = ts.iter().map(|t| t.iter().map(label).collect()).collect();
                    fields.insert(model.field(*id).name.clone(), tuples);
                }
                Ok(Some(Solution { sigs, fields }))
            }
        }
    }
}
