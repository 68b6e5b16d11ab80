//! Presentation: one file per subcommand that prints. Library modules
//! return values; only this module and `main.rs` write to the terminal.

pub mod args;
pub mod check;
pub mod compare;
pub mod compare_vulkan;
pub mod cubes;
pub mod diff;
pub mod enumerate;
pub mod exit;
pub mod export;
pub mod gpu;
pub mod graph;
pub mod khronos;
pub mod litmus;
pub mod op_litmus;
pub mod output;
pub mod present;
pub mod prove;
pub mod report;
pub mod schema;
pub mod vulkan;

/// The formats of the subcommands that print no graphs.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TextOrJson {
    Text,
    Json,
}
