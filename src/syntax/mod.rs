//! Lexing and parsing of Alloy source text into the syntax tree ([`ast`]).

pub mod ast;
