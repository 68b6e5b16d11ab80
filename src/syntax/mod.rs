//! Lexing and parsing of Alloy source text into the syntax tree ([`ast`]).
//!
//! Entry points: [`parse_file`] for a whole file and [`parse_expr`] for a
//! single expression (tests, tools). Both report every error they find as
//! [`Diagnostic`]s of [`Phase::Syntax`](crate::diag::Phase::Syntax), sorted
//! by position.

pub mod ast;
pub mod error;
pub mod lexer;
pub mod parser;
pub mod sexp;
pub mod token;

use crate::diag::{Diagnostic, FileId};

use error::SyntaxError;

/// Parse one Alloy source file.
pub fn parse_file(src: &str, file: FileId) -> Result<ast::File, Vec<Diagnostic>> {
    let (tokens, lex_errors) = lexer::lex(src, file);
    let mut p = parser::Parser::new(tokens, file);
    let parsed = p.parse_file();
    finish(parsed, lex_errors, p.errors)
}

/// Parse a single expression or formula (the whole input must be one).
pub fn parse_expr(src: &str, file: FileId) -> Result<ast::Expr, Vec<Diagnostic>> {
    let (tokens, lex_errors) = lexer::lex(src, file);
    let mut p = parser::Parser::new(tokens, file);
    let mut errors = Vec::new();
    let e = match p.expr() {
        Ok(e) => {
            if let Err(err) = p.expect_eof() {
                errors.push(err);
            }
            Some(e)
        }
        Err(err) => {
            errors.push(err);
            None
        }
    };
    match finish(e, lex_errors, errors)? {
        Some(e) => Ok(e),
        None => Err(vec![Diagnostic::without_span(crate::diag::Phase::Syntax, "no expression")]),
    }
}

fn finish<X>(value: X, mut errors: Vec<SyntaxError>, more: Vec<SyntaxError>) -> Result<X, Vec<Diagnostic>> {
    errors.extend(more);
    if errors.is_empty() {
        return Ok(value);
    }
    let mut diags: Vec<Diagnostic> = errors.iter().map(SyntaxError::to_diagnostic).collect();
    diags.sort_by_key(|d| d.span.map(|s| (s.start, s.end)));
    Err(diags)
}
