//! Lexing and parsing of Alloy source text into the syntax tree ([`ast`]).
//!
//! Entry points: [`parse_file`] for a whole file and [`parse_expr`] for a
//! single expression (tests, tools). Both report every error they find as
//! [`Diagnostic`]s of [`Phase::Syntax`](crate::diag::Phase::Syntax), sorted
//! by position. [`sexp`] prints trees compactly (also via `Display`).
//!
//! Accepted (Alloy 4 syntax): comments `//`, `--`, `/* */`; `module name[P,
//! exactly Q]` (anywhere before or among the opens); `[private] open
//! path[Args] as alias`; sigs (`abstract`, `one/lone/some`, several names,
//! `extends`, `in A + B`, fields with `disj`, `set/one/lone/some`, arrow
//! multiplicities, trailing commas, sig facts); `fact`/`assert` (named or
//! not), `pred`/`fun` with `[...]`, `(...)` or no parameters and the
//! receiver form `pred S.p`; `enum`; commands `[label:] run|check (name |
//! [name] {block}) [for N [but scopes] | for scopes] [expect 0|1]`;
//! all Alloy 4 operators with Alloy's precedence (see [`parser`]),
//! quantifiers `all/some/no/lone/one/sum` with `disj` and several
//! declarations, `{x: A | F}`, `let`, `C => A else B`, `if C then A else B`,
//! `Int[e]`, `int[e]`, `int e`, `@f`, `this`, `disj[a, b]`, integer literals.
//!
//! Rejected with a dedicated error: Alloy 6 `var`, `seq` outside declarations, string literals,
//! top-level `let` macros, `==`, `==>`, `<>`, `;`, `/` and `%` as operators.
//! Expression trees are at most [`parser::MAX_DEPTH`] deep.

pub mod ast;
pub mod error;
pub mod lexer;
pub mod parser;
pub mod sexp;
pub mod token;

use crate::diag::{Diagnostic, FileId};

use error::SyntaxError;

/// Stack for the parser thread: recursion is bounded by
/// [`parser::MAX_DEPTH`], but debug builds use large frames.
const PARSER_STACK: usize = 64 << 20;

/// Run `f` on a thread with a stack large enough for the deepest input the
/// parser accepts (on the current thread if no thread can be started).
fn with_stack<R: Send>(f: impl FnOnce() -> R + Send) -> Option<R> {
    let job = std::sync::Mutex::new(Some(f));
    let take = || job.lock().ok().and_then(|mut g| g.take());
    let spawned = std::thread::scope(|s| {
        let builder = std::thread::Builder::new()
            .name("relprove-parser".into())
            .stack_size(PARSER_STACK);
        match builder.spawn_scoped(s, || take().map(|f| f())) {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => None,
        }
    });
    spawned.or_else(|| take().map(|f| f()))
}

fn not_run() -> Vec<Diagnostic> {
    vec![Diagnostic::without_span(
        crate::diag::Phase::Syntax,
        "the parser could not be started",
    )]
}

/// Parse one Alloy source file.
pub fn parse_file(src: &str, file: FileId) -> Result<ast::File, Vec<Diagnostic>> {
    with_stack(|| {
        let (tokens, lex_errors) = lexer::lex(src, file);
        let dollar_use = tokens.iter().find_map(|t| match &t.kind {
            token::TokenKind::Name(n) if n.contains('$') => Some(t.span),
            _ => None,
        });
        let mut p = parser::Parser::new(tokens, file);
        let mut parsed = p.parse_file();
        parsed.dollar_use = dollar_use;
        finish(parsed, lex_errors, p.errors)
    })
    .unwrap_or_else(|| Err(not_run()))
}

/// Parse a single expression or formula (the whole input must be one).
pub fn parse_expr(src: &str, file: FileId) -> Result<ast::Expr, Vec<Diagnostic>> {
    with_stack(|| parse_expr_here(src, file)).unwrap_or_else(|| Err(not_run()))
}

fn parse_expr_here(src: &str, file: FileId) -> Result<ast::Expr, Vec<Diagnostic>> {
    let (tokens, lex_errors) = lexer::lex(src, file);
    let mut p = parser::Parser::new(tokens, file);
    let mut errors = Vec::new();
    let e = match p.expr() {
        Ok(e) => {
            if let Err(err) = p.expect_eof() {
                errors.push(*err);
            }
            Some(e)
        }
        Err(err) => {
            errors.push(*err);
            None
        }
    };
    match finish(e, lex_errors, errors)? {
        Some(e) => Ok(e),
        None => Err(vec![Diagnostic::without_span(
            crate::diag::Phase::Syntax,
            "no expression",
        )]),
    }
}

fn finish<X>(
    value: X,
    mut errors: Vec<SyntaxError>,
    more: Vec<SyntaxError>,
) -> Result<X, Vec<Diagnostic>> {
    errors.extend(more);
    if errors.is_empty() {
        return Ok(value);
    }
    let mut diags: Vec<Diagnostic> = errors.iter().map(SyntaxError::to_diagnostic).collect();
    diags.sort_by_key(|d| d.span.map(|s| (s.start, s.end)));
    Err(diags)
}
