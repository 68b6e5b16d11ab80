//! Presentation: one file per subcommand that prints. Library modules
//! return values; only this module and `main.rs` write to the terminal.

pub mod check;
