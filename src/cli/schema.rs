//! `relprove schema NAME`: the JSON Schema of a subcommand's
//! `--format json` output, derived (schemars) from the very types the
//! output is serialized from. The committed copies are
//! docs/json/NAME.schema.json (a test regenerates and compares them);
//! docs/json.md describes the fields.

use schemars::{schema_for, Schema};

use super::exit::Exit;
use super::output::{outln, OnClose, Stdout};
use clap::Args;

/// The subcommands whose JSON output has a schema, by file name.
pub const NAMES: [&str; 11] = [
    "check",
    "check-all",
    "compare",
    "diff",
    "cubes",
    "cubes-emit",
    "litmus",
    "litmus-khronos",
    "litmus-vulkan",
    "op-litmus",
    "prove",
];

/// The schema of `name`'s JSON output (`None`: not one of [`NAMES`]).
pub fn schema(name: &str) -> Option<Schema> {
    Some(match name {
        "check" => schema_for!(super::check::JsonDoc),
        // one schema per line (JSON lines)
        "check-all" => schema_for!(super::enumerate::JsonLine),
        "compare" => schema_for!(super::compare::Doc),
        "diff" => schema_for!(super::diff::Doc),
        "cubes" => schema_for!(super::cubes::JsonResult),
        "cubes-emit" => schema_for!(relprove_engine::check::cubes::Manifest),
        "litmus" => schema_for!(relprove_litmus::output::JsonDoc),
        "litmus-khronos" => schema_for!(super::khronos::Doc),
        "litmus-vulkan" => schema_for!(super::vulkan::Doc),
        "prove" => schema_for!(super::prove::ProveJson),
        "op-litmus" => schema_for!(super::op_litmus::Doc),
        _ => return None,
    })
}

/// The arguments of `relprove schema`.
#[derive(Args)]
pub struct SchemaArgs {
    /// The subcommand: check, check-all (`check --all`, one JSON line),
    /// compare, cubes, cubes-emit, litmus, op-litmus (`litmus --model
    /// op:NAME`) or prove.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(NAMES))]
    pub name: String,
}

/// `relprove schema NAME`: print the schema.
pub fn command(a: SchemaArgs) -> Exit {
    let out = &mut Stdout::new(OnClose::Exit);
    match schema(&a.name).map(|s| serde_json::to_string_pretty(&s)) {
        Some(Ok(text)) => {
            outln!(out, "{text}");
            out.exit_code(Exit::Ok)
        }
        _ => Exit::Internal,
    }
}
