//! Syntax errors as plain data, and the one function that turns them into
//! [`Diagnostic`]s.

use crate::diag::{Diagnostic, Phase, Span};

/// A syntax error found by the lexer or the parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Where the error is reported (see each kind for what it covers).
    pub span: Span,
}

/// The kinds of syntax error; `SyntaxError::to_diagnostic` renders each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A character that starts no token.
    UnexpectedChar(char),
    /// `/* ...` without `*/`; the span is the opening `/*`.
    UnterminatedComment,
    /// An integer literal that does not fit in 64 bits; holds its text.
    NumberTooLarge(String),
    /// A string literal `"..."` (not supported); the span covers it.
    StringLiteral,
    /// `==`
    DoubleEquals,
    /// `;`
    Semicolon,
    /// A lone `/` (not a comment, not inside a qualified name).
    Slash,
    /// `%`
    Percent,
    /// `==>`
    LongImplies,
    /// `!=` spelled `<>`.
    AngleNotEqual,
    /// Something else was expected here.
    Expected {
        /// What was expected, as a phrase (`a scope (a number)`).
        expected: String,
        /// What was found instead, as `TokenKind::describe` names it.
        found: String,
        /// A hint to show, if any.
        hint: Option<String>,
    },
    /// A bracket was not closed before `found` (`None`: end of file).
    /// When `found` starts the next paragraph, the report points at `open`.
    Unclosed {
        /// The span of the opening bracket.
        open: Span,
        /// The opening bracket (`(`, `[` or `{`).
        open_text: &'static str,
        /// The bracket that would close it.
        close_text: &'static str,
        /// The token found instead of the closing bracket: its span and
        /// description.
        found: Option<(Span, String)>,
        /// Whether `found` starts a paragraph.
        at_paragraph: bool,
        /// A hint to show, if any.
        hint: Option<String>,
    },
    /// `a = b = c`
    ChainedComparison {
        /// The span of the first comparison operator.
        first: Span,
    },
    /// `else` not preceded by `=>`/`implies`.
    ElseWithoutImplies,
    /// `sig A extends B, C`
    MultipleExtends,
    /// `expect N` with `N` other than 0 or 1; holds `N`.
    ExpectOutOfRange(i64),
    /// `open` after a sig, fact, pred, fun, assert or command (Alloy
    /// requires every `open` first); the span is the `open`.
    LateOpen {
        /// The span of the first paragraph.
        first: Span,
    },
    /// A second `module` header in one file; the span is the second header.
    DuplicateModule {
        /// The span of the first header.
        first: Span,
    },
    /// An expression nested deeper than `parser::MAX_DEPTH`.
    TooDeep,
    /// A construct this front end deliberately does not support.
    Unsupported {
        /// The construct, as a phrase (message: "{what} is not supported").
        what: String,
        /// A hint to show (how to do without it).
        hint: String,
    },
    /// A scope that is not a non-negative 32-bit count.
    ScopeTooLarge(i64),
    /// A qualified name where a plain identifier is required.
    QualifiedDeclName(String),
    /// A word Alloy reserves without a use (`exh`, `part` and their long
    /// forms): the Analyzer rejects it as a name.
    ReservedWord(String),
    /// A declared name with `$` (Alloy keeps `$` for the names it makes:
    /// atoms, skolem constants; references may still contain it).
    DollarInDeclName(String),
}

impl SyntaxError {
    /// A syntax error of this kind at `span`.
    pub fn new(kind: ErrorKind, span: Span) -> SyntaxError {
        SyntaxError { kind, span }
    }

    /// The user-facing diagnostic (phase [`Phase::Syntax`]).
    pub fn to_diagnostic(&self) -> Diagnostic {
        use ErrorKind::*;
        let d = |msg: String| Diagnostic::new(Phase::Syntax, self.span, msg);
        match &self.kind {
            UnexpectedChar(c) => {
                let base = d(format!("unexpected character `{}`", c.escape_debug())).label("not part of any Alloy token");
                match c {
                    '$' | '?' | '\\' | '`' => base,
                    '\'' => base.hint("a prime `'` may only follow a name, as in `e'`"),
                    _ if !c.is_ascii() => base.hint("names are ASCII letters, digits, `_`, `'` and `\"`"),
                    _ => base,
                }
            }
            UnterminatedComment => d("unterminated block comment".into())
                .label("this `/*` is never closed")
                .hint("close the comment with `*/`"),
            NumberTooLarge(t) => d(format!("integer literal `{t}` is too large")).label("does not fit in 64 bits"),
            StringLiteral => d("string literals are not supported".into())
                .label("string literal")
                .hint("relprove accepts the Alloy 4 subset without strings; give facts and commands identifier names"),
            DoubleEquals => d("`==` is not an Alloy operator".into()).label("here").hint("equality is written `=`"),
            Semicolon => d("unexpected `;`".into())
                .label("Alloy does not separate formulas with `;`")
                .hint("put formulas on separate lines inside `{ ... }`, or join them with `and`"),
            Slash => d("unexpected `/`".into())
                .label("not a comment and not inside a qualified name")
                .hint("integer division is `div[a, b]`; qualified names are written without spaces (`m/Sig`)"),
            Percent => d("unexpected `%`".into()).label("not an Alloy operator").hint("the integer remainder is `rem[a, b]`"),
            LongImplies => d("`==>` is not an Alloy operator".into())
                .label("here")
                .hint("implication is written `=>` or `implies`"),
            AngleNotEqual => d("`<>` is not an Alloy operator".into()).label("here").hint("inequality is written `!=` or `not =`"),
            Expected { expected, found, hint } => {
                let diag = d(format!("expected {expected}, found {found}")).label(format!("expected {expected}"));
                match hint {
                    Some(h) => diag.hint(h.clone()),
                    None => diag,
                }
            }
            Unclosed { open, open_text, close_text, found, at_paragraph, hint } => {
                let diag = match found {
                    None => Diagnostic::new(Phase::Syntax, *open, format!("unclosed `{open_text}`"))
                        .label(format!("this `{open_text}` is never closed"))
                        .hint(format!("add `{close_text}` at the end of the construct it starts")),
                    Some((span, _)) if *at_paragraph => Diagnostic::new(Phase::Syntax, *open, format!("unclosed `{open_text}`"))
                        .label(format!("this `{open_text}` is never closed"))
                        .note(*span, format!("the next paragraph starts here; expected `{close_text}` before it")),
                    Some((span, what)) => Diagnostic::new(Phase::Syntax, *span, format!("expected `{close_text}`, found {what}"))
                        .label(format!("expected `{close_text}` before this"))
                        .note(*open, format!("to close this `{open_text}`")),
                };
                match hint {
                    Some(h) => diag.hint(h.clone()),
                    None => diag,
                }
            }
            ChainedComparison { first } => d("comparison operators do not chain".into())
                .label("second comparison")
                .note(*first, "first comparison")
                .hint("write `a = b and b = c`; if you meant an implication, use `=>` (`->` is the arrow product)"),
            ElseWithoutImplies => d("`else` without a preceding `=>` or `implies`".into())
                .label("this `else` has no condition")
                .hint("write `C => A else B` or `if C then A else B`"),
            MultipleExtends => d("a sig extends at most one parent".into())
                .label("second parent")
                .hint("for a subset of several sigs use `in A + B`"),
            ExpectOutOfRange(n) => d(format!("`expect {n}` is not allowed"))
                .label("expected 0 or 1")
                .hint("`expect 1` means an instance/counterexample is expected, `expect 0` that none is"),
            LateOpen { first } => d("`open` must come before any sig, fact, pred, fun, assert or command".into())
                .label("too late")
                .note(*first, "the first paragraph is here")
                .hint("move the `open` to the top of the file (the Alloy Analyzer requires it too)"),
            DuplicateModule { first } => d("a file has at most one `module` header".into())
                .label("second header")
                .note(*first, "first header here"),
            TooDeep => d("expression nested too deeply".into())
                .label("nesting limit reached here")
                .hint("split the expression with `let` or auxiliary `fun`s"),
            Unsupported { what, hint } => d(format!("{what} is not supported")).label("unsupported").hint(hint.clone()),
            ScopeTooLarge(n) => d(format!("scope `{n}` is too large")).label("must be below 2^31"),
            QualifiedDeclName(n) => d(format!("a declared name cannot be qualified: `{n}`"))
                .label("declaration")
                .hint("declare the name without a `path/` prefix"),
            DollarInDeclName(n) => d(format!("a declared name cannot contain `$`: `{n}`"))
                .label("declaration")
                .hint("Alloy keeps `$` for the names it makes (atoms, skolem constants): rename it"),
            ReservedWord(w) => d(format!("`{w}` is a reserved word in Alloy"))
                .label("reserved word")
                .hint("the Alloy Analyzer rejects it as a name: choose another one"),
        }
    }
}
