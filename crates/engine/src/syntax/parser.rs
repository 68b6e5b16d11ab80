//! Recursive-descent parser with precedence climbing for expressions.
//!
//! Operator precedence, loosest first (Alloy 4): `let`/quantifiers (their
//! body extends as far right as possible) < `||` < `<=>` < `=>` (right
//! associative, optional `else`) < `&&` < `!` < comparisons (`in = < > =<
//! >=`, negated with `!`/`not`; they do not chain) < `no/some/lone/one/set e`
//! < `<< >> >>>` < `+ -` < `#` < `++` < `&` < `->` (with multiplicities) <
//! `<:` < `:>` < `e[...]` and `.` (left to right) < `~ ^ *`.
//!
//! Errors inside a paragraph abandon that paragraph; parsing resumes at the
//! next keyword that starts a paragraph, so one run reports several errors.

use crate::diag::{FileId, Span};

use super::ast::*;
use super::error::{ErrorKind, SyntaxError};
use super::token::{Token, TokenKind as T};

/// Maximum height of an expression tree (nested parentheses, operators,
/// quantifiers, and chains like `a + b + c`). Later phases may recurse over
/// expressions without further checks.
pub const MAX_DEPTH: u32 = 200;
/// Stop after this many errors.
const MAX_ERRORS: usize = 30;

/// Errors are boxed: they are rare, and small `Result`s keep the recursive
/// descent's stack frames small.
type PResult<X> = Result<X, Box<SyntaxError>>;

/// The binding power of Alloy's infix integer operators `fun/add` etc.
fn int_infix(name: &str) -> Option<u8> {
    match name {
        "fun/add" | "fun/sub" => Some(PLUS),
        "fun/mul" | "fun/div" | "fun/rem" => Some(MUL),
        _ => None,
    }
}

/// `e` wrapped in an integer cast, spanning from `start`.
fn un_cast(start: Span, e: Expr) -> Expr {
    let span = start.to(e.span);
    Expr {
        kind: ExprKind::IntCast(Box::new(e)),
        span,
    }
}

fn err(kind: ErrorKind, span: Span) -> Box<SyntaxError> {
    Box::new(SyntaxError::new(kind, span))
}

/// The name of the builtin predicate `disj` (a keyword, so no user name
/// can be spelled this way).
fn builtin_disj(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Name(Name {
            parts: vec!["disj".to_string()],
            span,
        }),
        span,
    }
}

/// `e` split into the builtin `disj` and its arguments when it is `disj`
/// or `disj[…]`, else `e` back.
fn builtin_disj_args(e: Expr) -> Result<(Expr, Vec<Expr>), Expr> {
    let is_disj = |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if n.parts == ["disj"]);
    match e.kind {
        ExprKind::Name(_) if is_disj(&e) => Ok((e, Vec::new())),
        ExprKind::BoxJoin(h, args) if is_disj(&h) => Ok((*h, args)),
        kind => Err(Expr { kind, span: e.span }),
    }
}

/// Runs of one associative operator up to this many operands are nested
/// to the left, as written (`(a + b) + c`), and count towards
/// [`MAX_DEPTH`] like any operator; longer runs (real models have facts
/// of hundreds of conjuncts) become balanced trees, of height below this,
/// so that no phase's recursion grows with a flat chain's length.
const LEFT_NESTED_RUN: usize = 32;

/// The associative infix operators (`or`, `and`, `+`, `&`) that bind at
/// least as tightly as `min`, with their binding power.
fn assoc_op(tok: &T, min: u8) -> Option<(BinOp, u8)> {
    match tok {
        T::Or | T::OrOr if min <= OR => Some((BinOp::Or, OR)),
        T::And | T::AndAnd if min <= AND => Some((BinOp::And, AND)),
        T::Plus if min <= PLUS => Some((BinOp::Union, PLUS)),
        T::Amp if min <= INTERSECT => Some((BinOp::Intersection, INTERSECT)),
        _ => None,
    }
}

/// The tree of the run `first op rest[0] op rest[1] ...`: left-nested up to
/// [`LEFT_NESTED_RUN`] operands, balanced beyond.
fn build_run(op: BinOp, first: Expr, rest: Vec<Expr>) -> Expr {
    fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
        let span = l.span.to(r.span);
        Expr {
            kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
            span,
        }
    }
    fn balanced(op: BinOp, first: Expr, mut rest: Vec<Expr>) -> Expr {
        // Halves of `n` operands: `first` and `rest[..n/2 - 1]`, then the others.
        let n = rest.len() + 1;
        let mut right = rest.split_off((n / 2).saturating_sub(1)).into_iter();
        match right.next() {
            Some(second) => bin(
                op,
                balanced(op, first, rest),
                balanced(op, second, right.collect()),
            ),
            None => first,
        }
    }
    if rest.len() >= LEFT_NESTED_RUN {
        return balanced(op, first, rest);
    }
    rest.into_iter().fold(first, |l, r| bin(op, l, r))
}

// Binding powers, loosest first.
const OR: u8 = 1;
const IFF: u8 = 2;
const IMPLIES: u8 = 3;
const AND: u8 = 4;
const CMP: u8 = 6;
const SHIFT: u8 = 8;
const PLUS: u8 = 9;
/// Alloy's `fun/mul`, `fun/div`, `fun/rem` (between `+` and `++`).
const MUL: u8 = 10;
const OVERRIDE: u8 = 11;
const INTERSECT: u8 = 12;
const ARROW: u8 = 13;
const DOMRES: u8 = 14;
const RANRES: u8 = 15;
const JOIN: u8 = 16;
const UNARY: u8 = 17;

/// The parser state over the token list of one file.
pub struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    file: FileId,
    /// The errors found so far (`parse_file` stops at `MAX_ERRORS`).
    pub errors: Vec<SyntaxError>,
    depth: u32,
    /// The first `seq e` declaration seen (see [`File::seq_use`]).
    seq_use: Option<Span>,
    /// Where the first paragraph other than `module`/`open` starts.
    first_paragraph: Option<Span>,
}

fn is_cmp(k: &T) -> bool {
    matches!(k, T::In | T::Eq | T::Lt | T::Gt | T::Le | T::Ge)
}

fn mult_kw(k: &T) -> Option<MultKw> {
    match k {
        T::Set => Some(MultKw::Set),
        T::One => Some(MultKw::One),
        T::Lone => Some(MultKw::Lone),
        T::Some => Some(MultKw::Some),
        _ => None,
    }
}

fn can_start_expr(k: &T) -> bool {
    matches!(
        k,
        T::Name(_)
            | T::Number(_)
            | T::At
            | T::This
            | T::Univ
            | T::Iden
            | T::None
            | T::IntUpper
            | T::IntLower
            | T::LParen
            | T::LBrace
            | T::Bang
            | T::Not
            | T::No
            | T::Some
            | T::Lone
            | T::One
            | T::Set
            | T::All
            | T::Sum
            | T::Hash
            | T::Tilde
            | T::Caret
            | T::Star
            | T::Minus
            | T::Let
            | T::If
            | T::Disj
    )
}

/// Tokens that only occur between two operands.
fn is_binary_op(k: &T) -> bool {
    matches!(
        k,
        T::Or
            | T::OrOr
            | T::Iff
            | T::DoubleArrow
            | T::Implies
            | T::FatArrow
            | T::And
            | T::AndAnd
            | T::In
            | T::Eq
            | T::Lt
            | T::Gt
            | T::Le
            | T::Ge
            | T::Shl
            | T::Sha
            | T::Shr
            | T::Plus
            | T::PlusPlus
            | T::Amp
            | T::Arrow
            | T::DomRes
            | T::RanRes
            | T::Dot
    )
}

fn starts_paragraph(k: &T) -> bool {
    matches!(
        k,
        T::Sig
            | T::Abstract
            | T::Fact
            | T::Pred
            | T::Fun
            | T::Assert
            | T::Run
            | T::Check
            | T::Open
            | T::Module
            | T::Enum
            | T::Private
    )
}

fn split_name(text: &str, span: Span) -> Name {
    Name {
        parts: text.split('/').map(str::to_string).collect(),
        span,
    }
}

impl Parser {
    /// A parser over `tokens`, which must end with `Eof`.
    pub fn new(tokens: Vec<Token>, file: FileId) -> Parser {
        debug_assert!(matches!(tokens.last(), Some(Token { kind: T::Eof, .. })));
        Parser {
            tokens,
            pos: 0,
            file,
            errors: Vec::new(),
            depth: 0,
            seq_use: None,
            first_paragraph: None,
        }
    }

    // ----- token helpers -------------------------------------------------

    fn peek(&self) -> &T {
        &self.tokens[self.pos].kind
    }

    fn peek_at(&self, k: usize) -> &T {
        let i = (self.pos + k).min(self.tokens.len() - 1);
        &self.tokens[i].kind
    }

    fn span(&self) -> Span {
        self.tokens[self.pos].span
    }

    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            Span::new(self.file, 0, 0)
        } else {
            self.tokens[self.pos - 1].span
        }
    }

    fn bump(&mut self) -> Token {
        let t = self.tokens[self.pos].clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        t
    }

    fn at(&self, k: &T) -> bool {
        self.peek() == k
    }

    fn eat(&mut self, k: &T) -> bool {
        if self.at(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// An "expected ..., found ..." error at the current token.
    fn expected(&self, what: &str, hint: Option<String>) -> Box<SyntaxError> {
        let found = self.peek();
        if *found == T::Else {
            return err(ErrorKind::ElseWithoutImplies, self.span());
        }
        let hint = hint.or_else(|| self.generic_hint(what));
        // At the end of the file, point just after the last token.
        let span = if *found == T::Eof && self.pos > 0 {
            let prev = self.prev_span();
            Span {
                start: prev.end,
                end: prev.end,
                ..prev
            }
        } else {
            self.span()
        };
        err(
            ErrorKind::Expected {
                expected: what.to_string(),
                found: found.describe(),
                hint,
            },
            span,
        )
    }

    fn generic_hint(&self, what: &str) -> Option<String> {
        let found = self.peek();
        if what.contains("name") && found.is_keyword() {
            return Some(format!(
                "`{}` is a reserved word and cannot be used as a name",
                found.text()
            ));
        }
        if starts_paragraph(found) && (what.contains("expression") || what.contains("formula")) {
            return Some("a closing `}` or `]` may be missing before this paragraph".to_string());
        }
        if *found == T::Eof {
            return Some("the file ends in the middle of a declaration".to_string());
        }
        self.found_hint()
    }

    fn expect(&mut self, k: T, what: &str, hint: Option<&str>) -> PResult<Span> {
        if self.at(&k) {
            Ok(self.bump().span)
        } else {
            Err(self.expected(what, hint.map(str::to_string)))
        }
    }

    /// Consume the closing bracket for `open` (a `(`, `[` or `{` token).
    fn expect_close(&mut self, open: Span, open_kind: T) -> PResult<Span> {
        let close = match open_kind {
            T::LParen => T::RParen,
            T::LBracket => T::RBracket,
            _ => T::RBrace,
        };
        if self.at(&close) {
            return Ok(self.bump().span);
        }
        Err(self.unclosed(open, open_kind))
    }

    /// The error for a bracket `open` not closed before the current token.
    fn unclosed(&self, open: Span, open_kind: T) -> Box<SyntaxError> {
        let (open_text, close) = match open_kind {
            T::LParen => ("(", T::RParen),
            T::LBracket => ("[", T::RBracket),
            _ => ("{", T::RBrace),
        };
        let found = if self.at(&T::Eof) {
            None
        } else {
            Some((self.span(), self.peek().describe()))
        };
        if *self.peek() == T::Else {
            return err(ErrorKind::ElseWithoutImplies, self.span());
        }
        let at_paragraph = starts_paragraph(self.peek());
        let hint = if close == T::RBrace && self.at(&T::Comma) {
            Some("formulas in a block are separated by line breaks or `and`, not `,`".to_string())
        } else {
            self.found_hint()
        };
        err(
            ErrorKind::Unclosed {
                open,
                open_text,
                close_text: close.text(),
                found,
                at_paragraph,
                hint,
            },
            open,
        )
    }

    /// A hint about the current token when it cannot continue anything.
    fn found_hint(&self) -> Option<String> {
        match self.peek() {
            T::Then => Some("`then` belongs to `if C then A else B`".to_string()),
            k if is_binary_op(k) => Some(format!("`{}` needs an expression on its left", k.text())),
            _ => None,
        }
    }

    /// A declared identifier (unqualified, not a keyword).
    fn decl_ident(&mut self, what: &str) -> PResult<Ident> {
        match self.peek().clone() {
            T::Name(s) => {
                let span = self.bump().span;
                if s.contains('/') {
                    return Err(err(ErrorKind::QualifiedDeclName(s), span));
                }
                if s.contains('$') {
                    return Err(err(ErrorKind::DollarInDeclName(s), span));
                }
                Ok(Ident { name: s, span })
            }
            _ => Err(self.expected(what, None)),
        }
    }

    /// A reference to a sig or module (possibly qualified); `Int`, `int`,
    /// `univ` and `seq` are accepted as names here.
    fn ref_name(&mut self, what: &str) -> PResult<Name> {
        let span = self.span();
        let text = match self.peek() {
            T::Name(s) => s.clone(),
            T::IntUpper => "Int".to_string(),
            T::IntLower => "int".to_string(),
            T::Univ => "univ".to_string(),
            _ => return Err(self.expected(what, None)),
        };
        self.bump();
        Ok(split_name(&text, span))
    }

    /// Can a declaration list (`[disj] x, y: ...`) start `k` tokens ahead?
    fn is_decl_start(&self, mut k: usize) -> bool {
        if *self.peek_at(k) == T::Disj {
            k += 1;
        }
        loop {
            match self.peek_at(k) {
                T::Name(s) if !s.contains('/') => {}
                _ => return false,
            }
            match self.peek_at(k + 1) {
                T::Colon => return true,
                T::Comma => k += 2,
                _ => return false,
            }
        }
    }

    // ----- file and paragraphs --------------------------------------------

    /// Parse a whole file, recovering after a failed paragraph; the errors
    /// are left in `errors`.
    pub fn parse_file(&mut self) -> File {
        let mut file = File {
            header: None,
            opens: Vec::new(),
            paragraphs: Vec::new(),
            seq_use: None,
            dollar_use: None,
        };
        while !self.at(&T::Eof) {
            let start = self.pos;
            if let Err(e) = self.paragraph(&mut file) {
                self.errors.push(*e);
                if self.errors.len() >= MAX_ERRORS {
                    break;
                }
                self.recover(start);
            }
        }
        file.seq_use = self.seq_use;
        file
    }

    /// Skip to the next token that can start a paragraph.
    fn recover(&mut self, start: usize) {
        if self.pos == start {
            self.bump();
        }
        loop {
            let k = self.peek();
            if *k == T::Eof || starts_paragraph(k) {
                return;
            }
            if matches!(k, T::One | T::Lone | T::Some)
                && matches!(self.peek_at(1), T::Sig | T::Abstract)
            {
                return;
            }
            self.bump();
        }
    }

    fn paragraph(&mut self, file: &mut File) -> PResult<()> {
        let start = self.span();
        let private = self.eat(&T::Private);
        if !matches!(self.peek(), T::Open | T::Module) {
            self.first_paragraph.get_or_insert(start);
        }
        match self.peek().clone() {
            T::Module if !private => {
                let h = self.module_header()?;
                if let Some(first) = &file.header {
                    return Err(err(
                        ErrorKind::DuplicateModule { first: first.span },
                        h.span,
                    ));
                }
                file.header = Some(h);
            }
            T::Open => {
                if let Some(first) = self.first_paragraph {
                    return Err(err(ErrorKind::LateOpen { first }, start));
                }
                let mut o = self.open(start)?;
                o.private = private;
                file.opens.push(o);
            }
            T::Sig | T::Abstract | T::One | T::Lone | T::Some => {
                let s = self.sig(private, start)?;
                file.paragraphs.push(Paragraph::Sig(s));
            }
            T::Fact if !private => {
                self.bump();
                let name = if matches!(self.peek(), T::Name(_)) {
                    Some(self.decl_ident("a fact name")?)
                } else {
                    None
                };
                let body = self.block("`{` to start the fact's body", None)?;
                let span = start.to(body.span);
                file.paragraphs
                    .push(Paragraph::Fact(FactDecl { name, body, span }));
            }
            T::Assert if !private => {
                self.bump();
                let name = if matches!(self.peek(), T::Name(_)) {
                    Some(self.decl_ident("an assertion name")?)
                } else {
                    None
                };
                let body = self.block("`{` to start the assertion's body", None)?;
                let span = start.to(body.span);
                file.paragraphs
                    .push(Paragraph::Assert(AssertDecl { name, body, span }));
            }
            T::Pred => {
                let mut p = self.pred(start)?;
                p.private = private;
                file.paragraphs.push(Paragraph::Pred(p));
            }
            T::Fun => {
                let mut f = self.fun(start)?;
                f.private = private;
                file.paragraphs.push(Paragraph::Fun(f));
            }
            T::Enum => {
                let e = self.enum_decl(start)?;
                file.paragraphs.push(Paragraph::Enum(e));
            }
            T::Run | T::Check if !private => {
                let c = self.command(None, start)?;
                file.paragraphs.push(Paragraph::Command(c));
            }
            T::Name(_)
                if !private
                    && *self.peek_at(1) == T::Colon
                    && matches!(self.peek_at(2), T::Run | T::Check) =>
            {
                let label = self.decl_ident("a command label")?;
                self.bump(); // `:`
                let c = self.command(Some(label), start)?;
                file.paragraphs.push(Paragraph::Command(c));
            }
            T::Let => {
                let d = self.macro_decl(private, start)?;
                file.paragraphs.push(Paragraph::Macro(d));
            }
            T::Name(n) if n == "var" => {
                return Err(err(
                    ErrorKind::Unsupported {
                        what: "`var` (Alloy 6 mutable sigs and fields)".into(),
                        hint: "relprove accepts the static Alloy 4 subset; remove `var`".into(),
                    },
                    self.span(),
                ))
            }
            _ => {
                let what = if private {
                    "`sig`, `pred`, `fun`, `enum` or `open` after `private`"
                } else {
                    "a paragraph (`sig`, `fact`, `pred`, `fun`, `assert`, `run`, `check`, `open`)"
                };
                let hint = if matches!(self.peek(), T::Name(_)) && *self.peek_at(1) == T::Colon {
                    Some("a label `name:` must be followed by `run` or `check`".to_string())
                } else if can_start_expr(self.peek()) && !matches!(self.peek(), T::LBrace) {
                    Some("formulas must be inside a `fact`, `pred` or `assert` body".to_string())
                } else if *self.peek() == T::RBrace {
                    Some("this `}` has no matching `{`".to_string())
                } else {
                    None
                };
                return Err(self.expected(what, hint));
            }
        }
        Ok(())
    }

    /// `let name [a, b] = expr` or `let name [a, b] { block }`.
    fn macro_decl(&mut self, private: bool, start: Span) -> PResult<MacroDecl> {
        self.bump(); // `let`
        let name = self.decl_ident("a macro name after `let`")?;
        let mut params = Vec::new();
        if matches!(self.peek(), T::LBracket | T::LParen) {
            let open_kind = self.peek().clone();
            let open = self.bump().span;
            let close = if open_kind == T::LBracket {
                T::RBracket
            } else {
                T::RParen
            };
            if !self.at(&close) {
                loop {
                    params.push(self.decl_ident("a macro parameter name")?);
                    if !self.eat(&T::Comma) {
                        break;
                    }
                }
            }
            self.expect_close(open, open_kind)?;
        }
        let body = if self.at(&T::LBrace) {
            let open = self.bump().span;
            let b = self.block_rest(open)?;
            let span = b.span;
            Expr {
                kind: ExprKind::Block(b),
                span,
            }
        } else {
            self.expect(
                T::Eq,
                "`=` after the macro's name",
                Some("a macro is written `let name[x] = expr`"),
            )?;
            if !can_start_expr(self.peek()) {
                return Err(self.expected("an expression after `=`", None));
            }
            self.expr()?
        };
        let span = start.to(body.span);
        Ok(MacroDecl {
            name,
            params,
            body,
            private,
            span,
        })
    }

    fn module_header(&mut self) -> PResult<ModuleHeader> {
        let start = self.bump().span;
        let name = match self.peek() {
            T::Name(_) => self.ref_name("a module name")?,
            _ => return Err(self.expected("a module name", None)),
        };
        let mut params = Vec::new();
        let mut end = name.span;
        if self.at(&T::LBracket) {
            let open = self.bump().span;
            loop {
                let exact = self.eat(&T::Exactly);
                params.push((self.decl_ident("a module parameter name")?, exact));
                if !self.eat(&T::Comma) {
                    break;
                }
            }
            end = self.expect_close(open, T::LBracket)?;
        }
        Ok(ModuleHeader {
            name,
            params,
            span: start.to(end),
        })
    }

    fn open(&mut self, start: Span) -> PResult<Open> {
        self.bump();
        let path = match self.peek() {
            T::Name(_) => self.ref_name("a module path")?,
            _ => {
                return Err(self.expected(
                    "a module path after `open`",
                    Some("write `open util/ordering[Sig]` or `open file as alias`".into()),
                ))
            }
        };
        let mut end = path.span;
        let mut args = Vec::new();
        if self.at(&T::LBracket) {
            let open = self.bump().span;
            loop {
                args.push(self.ref_name("a sig name as module argument")?);
                if !self.eat(&T::Comma) {
                    break;
                }
            }
            end = self.expect_close(open, T::LBracket)?;
        }
        let mut alias = None;
        if self.eat(&T::As) {
            let a = self.decl_ident("an alias name after `as`")?;
            end = a.span;
            alias = Some(a);
        }
        Ok(Open {
            path,
            args,
            alias,
            private: false,
            span: start.to(end),
        })
    }

    fn sig(&mut self, private: bool, start: Span) -> PResult<SigDecl> {
        let mut is_abstract = false;
        let mut mult = None;
        loop {
            let m = match self.peek() {
                T::Abstract => {
                    is_abstract = true;
                    self.bump();
                    continue;
                }
                T::One => SigMult::One,
                T::Lone => SigMult::Lone,
                T::Some => SigMult::Some,
                _ => break,
            };
            if mult.is_some() {
                return Err(self.expected(
                    "`sig`",
                    Some("a sig has at most one multiplicity (`one`, `lone` or `some`)".into()),
                ));
            }
            mult = Some(m);
            self.bump();
        }
        self.expect(T::Sig, "`sig`", None)?;
        let mut names = vec![self.decl_ident("a sig name")?];
        while self.eat(&T::Comma) {
            names.push(self.decl_ident("a sig name after `,`")?);
        }
        let mut eq = false;
        let ext = match self.peek() {
            T::Extends => {
                self.bump();
                let parent = self.ref_name("a parent sig name after `extends`")?;
                if self.at(&T::Comma) || self.at(&T::Plus) {
                    let s = self.span();
                    return Err(err(ErrorKind::MultipleExtends, s));
                }
                Some(SigExt::Extends(parent))
            }
            T::In | T::Eq => {
                eq = self.bump().kind == T::Eq;
                let mut parents = vec![self.ref_name("a sig name after `in`")?];
                while self.eat(&T::Plus) {
                    parents.push(self.ref_name("a sig name after `+`")?);
                }
                if matches!(self.peek(), T::Amp | T::Minus | T::Dot | T::Arrow) {
                    return Err(self.expected(
                        "`{`",
                        Some("a subset sig is `in` a union of sigs: `sig S in A + B {}`".into()),
                    ));
                }
                Some(SigExt::In(parents))
            }
            _ => None,
        };
        let open = self.expect(
            T::LBrace,
            "`{` to start the sig's fields",
            Some("a sig without fields is written `sig A {}`"),
        )?;
        let mut fields = Vec::new();
        // Alloy accepts a comma before the first field, too.
        self.eat(&T::Comma);
        loop {
            if self.at(&T::RBrace) {
                break;
            }
            if self.at(&T::Eof) {
                return Err(self.unclosed(open, T::LBrace));
            }
            fields.push(self.field()?);
            if self.eat(&T::Comma) {
                continue;
            }
            if !self.at(&T::RBrace) {
                let hint = match self.peek() {
                    T::Name(_) => Some("separate field declarations with `,`".to_string()),
                    _ => None,
                };
                if self.at(&T::Eof) {
                    return Err(self.unclosed(open, T::LBrace));
                }
                return Err(self.expected("`,` or `}` after a field declaration", hint));
            }
        }
        let mut end = self.bump().span;
        let fact = if self.at(&T::LBrace) {
            let b = self.block("a sig fact", None)?;
            end = b.span;
            Some(b)
        } else {
            None
        };
        Ok(SigDecl {
            names,
            is_abstract,
            mult,
            ext,
            eq,
            fields,
            fact,
            private,
            span: start.to(end),
        })
    }

    fn field(&mut self) -> PResult<FieldDecl> {
        let start = self.span();
        let private = self.eat(&T::Private);
        if matches!(self.peek(), T::Name(n) if n == "var") && matches!(self.peek_at(1), T::Name(_))
        {
            return Err(err(
                ErrorKind::Unsupported {
                    what: "`var` (Alloy 6 mutable fields)".into(),
                    hint: "relprove accepts the static Alloy 4 subset; remove `var`".into(),
                },
                self.span(),
            ));
        }
        let disj = self.eat(&T::Disj);
        let mut names = vec![self.decl_ident("a field name")?];
        while self.eat(&T::Comma) {
            names.push(self.decl_ident("a field name after `,`")?);
        }
        self.expect(
            T::Colon,
            "`:` after the field name",
            Some("a field is declared `name: Type`, e.g. `next: lone Node`"),
        )?;
        let disj_bound = self.eat(&T::Disj);
        let bound = self.decl_bound()?;
        let span = start.to(bound.expr.span);
        Ok(FieldDecl {
            names,
            disj,
            disj_bound,
            bound,
            private,
            span,
        })
    }

    /// `[set|one|lone|some] expr`.
    fn decl_bound(&mut self) -> PResult<DeclBound> {
        let mult = match mult_kw(self.peek()) {
            Some(m) => {
                self.bump();
                Some(m)
            }
            _ => None,
        };
        if matches!(self.peek(), T::Name(n) if n == "seq") && can_start_expr(self.peek_at(1)) {
            // `seq e`: Alloy's grammar puts it just above comparisons.
            let start = self.span();
            self.bump();
            let inner = self.bp(CMP + 1)?;
            let span = start.to(inner.span);
            self.seq_use.get_or_insert(start);
            let expr = Expr {
                kind: ExprKind::Unary(UnOp::Seq, Box::new(inner)),
                span,
            };
            return Ok(DeclBound { mult, expr });
        }
        if !can_start_expr(self.peek()) {
            return Err(self.expected("a type expression", None));
        }
        // A bound is a relational expression: stop before comparisons and
        // logical operators so that `all x: A => F` is reported at the `=>`.
        let expr = self.bp(CMP + 1)?;
        Ok(DeclBound { mult, expr })
    }

    /// `[disj] a, b: [disj] bound`.
    fn param_decl(&mut self) -> PResult<ParamDecl> {
        let start = self.span();
        let disj = self.eat(&T::Disj);
        let mut names = vec![self.decl_ident("a variable name")?];
        while self.eat(&T::Comma) {
            names.push(self.decl_ident("a variable name after `,`")?);
        }
        self.expect(
            T::Colon,
            "`:` after the variable names",
            Some("every variable needs a bound: `x: Sig` (`all x: Sig | ...`, `pred p[x: Sig]`)"),
        )?;
        if self.at(&T::Disj) {
            // Alloy allows `x: disj e` only on fields (distinct atoms have
            // disjoint values); for variables it is an error there too.
            return Err(err(
                ErrorKind::Unsupported {
                    what: "`disj` after `:` outside a field declaration".into(),
                    hint: "write `disj x, y: e` to make variables disjoint".into(),
                },
                self.span(),
            ));
        }
        let bound = self.decl_bound()?;
        let span = start.to(bound.expr.span);
        Ok(ParamDecl {
            names,
            disj,
            bound,
            span,
        })
    }

    /// Comma-separated declarations (at least one).
    fn param_decls(&mut self) -> PResult<Vec<ParamDecl>> {
        // Alloy accepts a comma before the first declaration, too.
        if self.at(&T::Comma) && self.is_decl_start(1) {
            self.bump();
        }
        let mut decls = vec![self.param_decl()?];
        while self.eat(&T::Comma) {
            if matches!(self.peek(), T::RBracket | T::RParen | T::Bar) {
                return Err(self.expected(
                    "a variable name after `,`",
                    Some("remove the trailing `,`".into()),
                ));
            }
            decls.push(self.param_decl()?);
        }
        Ok(decls)
    }

    /// `[decls]` or `(decls)`, possibly empty; none at all is also fine.
    fn params(&mut self) -> PResult<Vec<ParamDecl>> {
        let open_kind = self.peek().clone();
        if !matches!(open_kind, T::LBracket | T::LParen) {
            return Ok(Vec::new());
        }
        let open = self.bump().span;
        let close = if open_kind == T::LBracket {
            T::RBracket
        } else {
            T::RParen
        };
        if self.at(&close) {
            self.bump();
            return Ok(Vec::new());
        }
        let decls = self.param_decls()?;
        self.expect_close(open, open_kind)?;
        Ok(decls)
    }

    /// `[Recv.]name` after `pred`/`fun`.
    fn callable_name(&mut self, what: &str) -> PResult<(Option<Name>, Ident)> {
        let first = match self.peek() {
            T::Name(_) => self.ref_name(what)?,
            _ => return Err(self.expected(what, None)),
        };
        if self.eat(&T::Dot) {
            let name = self.decl_ident(what)?;
            return Ok((Some(first), name));
        }
        if first.is_qualified() {
            return Err(err(ErrorKind::QualifiedDeclName(first.text()), first.span));
        }
        Ok((
            None,
            Ident {
                name: first.text(),
                span: first.span,
            },
        ))
    }

    fn pred(&mut self, start: Span) -> PResult<PredDecl> {
        self.bump();
        let (receiver, name) = self.callable_name("a predicate name")?;
        let params = self.params()?;
        let body = self.block(
            "`{` to start the predicate's body",
            Some("a predicate's body is a block: `pred p[x: A] { ... }`"),
        )?;
        let span = start.to(body.span);
        Ok(PredDecl {
            receiver,
            name,
            params,
            body,
            private: false,
            span,
        })
    }

    fn fun(&mut self, start: Span) -> PResult<FunDecl> {
        self.bump();
        let (receiver, name) = self.callable_name("a function name")?;
        let params = self.params()?;
        self.expect(
            T::Colon,
            "`:` and the result type",
            Some("a fun declares its result type: `fun f[x: A]: B { ... }`; use `pred` for a formula"),
        )?;
        let result = self.decl_bound()?;
        let open = self.expect(T::LBrace, "`{` to start the function's body", None)?;
        if self.at(&T::RBrace) {
            return Err(self.expected("an expression (a fun body cannot be empty)", None));
        }
        let body = self.expr()?;
        let end = self.expect_close(open, T::LBrace).map_err(|mut e| {
            if let ErrorKind::Unclosed { found: Some(_), at_paragraph: false, hint, .. } = &mut e.kind {
                if hint.is_none() {
                    *hint = Some("a fun body is a single expression; combine parts with operators such as `+` or `&`".into());
                }
            }
            e
        })?;
        Ok(FunDecl {
            receiver,
            name,
            params,
            result,
            body,
            private: false,
            span: start.to(end),
        })
    }

    fn enum_decl(&mut self, start: Span) -> PResult<EnumDecl> {
        self.bump();
        let name = self.decl_ident("an enum name")?;
        let open = self.expect(T::LBrace, "`{` to list the enum's members", None)?;
        let mut members = Vec::new();
        if !self.at(&T::RBrace) {
            loop {
                members.push(self.decl_ident("an enum member name")?);
                if !self.eat(&T::Comma) {
                    break;
                }
            }
        }
        if matches!(self.peek(), T::Name(_)) {
            return Err(self.expected("`,` or `}`", Some("separate enum members with `,`".into())));
        }
        let end = self.expect_close(open, T::LBrace)?;
        Ok(EnumDecl {
            name,
            members,
            span: start.to(end),
        })
    }

    fn command(&mut self, label: Option<Ident>, start: Span) -> PResult<CommandDecl> {
        let kw = self.bump();
        let kind = if kw.kind == T::Run {
            CommandKind::Run
        } else {
            CommandKind::Check
        };
        let mut end;
        let target = match self.peek().clone() {
            T::Name(_) if *self.peek_at(1) == T::LBrace => {
                let name = self.decl_ident("a command name")?;
                let b = self.block("a block", None)?;
                end = b.span;
                CommandTarget::Block(Some(name), b)
            }
            T::Name(_) => {
                let n = self.ref_name("a name")?;
                end = n.span;
                CommandTarget::Name(n)
            }
            T::LBrace => {
                let b = self.block("a block", None)?;
                end = b.span;
                CommandTarget::Block(None, b)
            }
            _ => {
                let what = if kind == CommandKind::Run {
                    "a predicate name or a `{ ... }` block after `run`"
                } else {
                    "an assertion name or a `{ ... }` block after `check`"
                };
                return Err(self.expected(
                    what,
                    Some("write `run p for 3`, `check a for 3` or `run { ... } for 3`".into()),
                ));
            }
        };
        let scope = if self.at(&T::For) {
            let s = self.scope()?;
            end = s.span;
            Some(s)
        } else {
            None
        };
        let mut expect = None;
        if self.eat(&T::Expect) {
            match *self.peek() {
                T::Number(n) => {
                    let sp = self.bump().span;
                    if n > 1 {
                        return Err(err(ErrorKind::ExpectOutOfRange(n), sp));
                    }
                    expect = Some((n as u32, sp));
                    end = sp;
                }
                _ => return Err(self.expected("`0` or `1` after `expect`", None)),
            }
        }
        Ok(CommandDecl {
            label,
            kind,
            target,
            scope,
            expect,
            span: start.to(end),
        })
    }

    fn count(&mut self) -> PResult<(u32, Span)> {
        match *self.peek() {
            T::Number(n) => {
                let sp = self.bump().span;
                if n > i32::MAX as i64 {
                    return Err(err(ErrorKind::ScopeTooLarge(n), sp));
                }
                Ok((n as u32, sp))
            }
            _ => Err(self.expected("a scope (a number)", None)),
        }
    }

    fn scope(&mut self) -> PResult<ScopeDecl> {
        let start = self.bump().span; // `for`
        let mut overall = None;
        let mut sigs = Vec::new();
        let mut end = start;
        // (`for 5` then a labelled command `L: check ...`: the name is the
        // next paragraph's label, not a sig scoped 5)
        let name_follows = |p: &Parser| {
            matches!(p.peek_at(1), T::Name(_) | T::IntUpper | T::IntLower)
                && *p.peek_at(2) != T::Colon
        };
        let typescopes_needed = if matches!(self.peek(), T::Number(_)) && !name_follows(self) {
            let c = self.count()?;
            end = c.1;
            overall = Some(c);
            self.eat(&T::But)
        } else if matches!(self.peek(), T::Number(_) | T::Exactly) {
            true
        } else {
            return Err(self.expected(
                "a scope after `for`",
                Some("write `for 3`, `for 3 but 2 Sig` or `for 2 A, exactly 3 B`".into()),
            ));
        };
        if typescopes_needed {
            loop {
                let ts = self.typescope()?;
                end = ts.span;
                sigs.push(ts);
                if !self.eat(&T::Comma) {
                    if matches!(self.peek(), T::Number(_) | T::Exactly) {
                        return Err(self.expected(
                            "`,` between scopes",
                            Some("scopes are separated by commas: `for 3 but 2 A, 3 B`".into()),
                        ));
                    }
                    break;
                }
            }
        }
        Ok(ScopeDecl {
            overall,
            sigs,
            span: start.to(end),
        })
    }

    fn typescope(&mut self) -> PResult<TypeScope> {
        let start = self.span();
        let exact = self.eat(&T::Exactly);
        let (count, _) = self.count()?;
        let name = match self.peek() {
            T::Name(_) | T::IntUpper | T::IntLower => self.ref_name("a sig name")?,
            _ => {
                return Err(self.expected(
                    "a sig name after the scope",
                    Some("a per-sig scope is written `3 Sig` or `exactly 3 Sig`".into()),
                ))
            }
        };
        Ok(TypeScope {
            exact,
            count,
            span: start.to(name.span),
            name,
        })
    }

    /// `{ F G ... }`.
    fn block(&mut self, what: &str, hint: Option<&str>) -> PResult<Block> {
        let open = self.expect(T::LBrace, what, hint)?;
        self.block_rest(open)
    }

    fn block_rest(&mut self, open: Span) -> PResult<Block> {
        let mut items = Vec::new();
        loop {
            if self.at(&T::RBrace) {
                let end = self.bump().span;
                return Ok(Block {
                    items,
                    span: open.to(end),
                });
            }
            if is_binary_op(self.peek()) && items.is_empty() {
                return Err(self.expected("a formula", None));
            }
            if !can_start_expr(self.peek()) {
                return Err(self.unclosed(open, T::LBrace));
            }
            items.push(self.expr()?);
        }
    }

    // ----- expressions -----------------------------------------------------

    /// Require the end of the input (after [`Parser::expr`]).
    pub fn expect_eof(&mut self) -> PResult<()> {
        if self.at(&T::Eof) {
            Ok(())
        } else {
            Err(self.expected("the end of the input", None))
        }
    }

    /// Parse one expression or formula at the current position.
    pub fn expr(&mut self) -> PResult<Expr> {
        self.bp(0)
    }

    /// `depth` bounds the height of the tree being built: it grows by one
    /// per nested call and per operator applied in a loop (so long chains
    /// like `a + b + ...` count too), and is restored on return.
    fn bp(&mut self, min: u8) -> PResult<Expr> {
        let saved = self.depth;
        let r = self.grow().and_then(|()| self.bp_inner(min));
        self.depth = saved;
        r
    }

    /// The right operand of the infix operator just consumed.
    fn rhs(&mut self, bp: u8) -> PResult<Expr> {
        if !can_start_expr(self.peek()) {
            let op = &self.tokens[self.pos.saturating_sub(1)].kind;
            return Err(self.expected(&format!("an expression after `{}`", op.text()), None));
        }
        self.bp(bp)
    }

    fn grow(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(err(ErrorKind::TooDeep, self.span()))
        } else {
            Ok(())
        }
    }

    fn bp_inner(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.prefix()?;
        let mut last_cmp: Option<Span> = None;
        // A run of one associative operator (`a + b + c`): `lhs` is its
        // first operand, `run` holds the others; see `build_run`.
        let mut run: Vec<Expr> = Vec::new();
        let mut run_op = BinOp::Or;
        loop {
            let tok = self.peek().clone();
            if let Some((op, prec)) = assoc_op(&tok, min) {
                self.bump();
                let rhs = self.rhs(prec + 1)?;
                if !run.is_empty() && run_op != op {
                    lhs = build_run(run_op, lhs, std::mem::take(&mut run));
                }
                run_op = op;
                run.push(rhs);
                last_cmp = None;
                // Only the left-nested part of a run adds to the height.
                if run.len() < LEFT_NESTED_RUN {
                    self.grow()?;
                }
                continue;
            }
            if !run.is_empty() {
                lhs = build_run(run_op, lhs, std::mem::take(&mut run));
            }
            let bin = |op: BinOp, l: Expr, r: Expr| {
                let span = l.span.to(r.span);
                Expr {
                    kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
                    span,
                }
            };
            match tok {
                T::Iff | T::DoubleArrow if min <= IFF => {
                    self.bump();
                    let rhs = self.rhs(IFF + 1)?;
                    lhs = bin(BinOp::Iff, lhs, rhs);
                }
                T::Implies | T::FatArrow if min <= IMPLIES => {
                    self.bump();
                    let then = self.rhs(IMPLIES)?;
                    if self.eat(&T::Else) {
                        let els = self.rhs(IMPLIES)?;
                        let span = lhs.span.to(els.span);
                        lhs = Expr {
                            kind: ExprKind::IfThenElse(
                                Box::new(lhs),
                                Box::new(then),
                                Box::new(els),
                            ),
                            span,
                        };
                    } else {
                        lhs = bin(BinOp::Implies, lhs, then);
                    }
                }
                ref k
                    if min <= CMP
                        && (is_cmp(k)
                            || (matches!(k, T::Bang | T::Not) && is_cmp(self.peek_at(1)))) =>
                {
                    let op_start = self.span();
                    let negated = matches!(k, T::Bang | T::Not);
                    if negated {
                        self.bump();
                    }
                    let op_tok = self.bump();
                    let op_span = op_start.to(op_tok.span);
                    if let Some(first) = last_cmp {
                        return Err(err(ErrorKind::ChainedComparison { first }, op_span));
                    }
                    let op = match op_tok.kind {
                        T::In => CmpOp::In,
                        T::Eq => CmpOp::Eq,
                        T::Lt => CmpOp::Lt,
                        T::Gt => CmpOp::Gt,
                        T::Le => CmpOp::Le,
                        _ => CmpOp::Ge,
                    };
                    let rhs = self.rhs(CMP + 1)?;
                    let span = lhs.span.to(rhs.span);
                    lhs = Expr {
                        kind: ExprKind::Compare {
                            op,
                            negated,
                            lhs: Box::new(lhs),
                            rhs: Box::new(rhs),
                        },
                        span,
                    };
                    last_cmp = Some(op_span);
                    self.grow()?;
                    continue;
                }
                T::Shl | T::Sha | T::Shr if min <= SHIFT => {
                    self.bump();
                    let op = match tok {
                        T::Shl => BinOp::Shl,
                        T::Sha => BinOp::Sha,
                        _ => BinOp::Shr,
                    };
                    let rhs = self.rhs(SHIFT + 1)?;
                    lhs = bin(op, lhs, rhs);
                }
                T::Minus if min <= PLUS => {
                    self.bump();
                    let rhs = self.rhs(PLUS + 1)?;
                    lhs = bin(BinOp::Diff, lhs, rhs);
                }
                // Alloy's library writes integer arithmetic as infix
                // `fun/add`, `fun/sub` (at the level of `+`) and `fun/mul`,
                // `fun/div`, `fun/rem` (just below it): the call `fun/add[a, b]`.
                T::Name(ref op) if min <= MUL && int_infix(op).is_some_and(|p| min <= p) => {
                    let level = int_infix(op).unwrap_or(MUL);
                    let op_tok = self.bump();
                    let rhs = self.rhs(level + 1)?;
                    let span = lhs.span.to(rhs.span);
                    let parts = op.split('/').map(str::to_string).collect();
                    let head = Expr {
                        kind: ExprKind::Name(Name {
                            parts,
                            span: op_tok.span,
                        }),
                        span: op_tok.span,
                    };
                    lhs = Expr {
                        kind: ExprKind::BoxJoin(Box::new(head), vec![lhs, rhs]),
                        span,
                    };
                }
                T::PlusPlus if min <= OVERRIDE => {
                    self.bump();
                    let rhs = self.rhs(OVERRIDE + 1)?;
                    lhs = bin(BinOp::Override, lhs, rhs);
                }
                ref k
                    if min <= ARROW
                        && (*k == T::Arrow
                            || (mult_kw(k).is_some() && *self.peek_at(1) == T::Arrow)) =>
                {
                    let lmult = mult_kw(k);
                    if lmult.is_some() {
                        self.bump();
                    }
                    self.bump(); // `->`
                    let rmult = mult_kw(self.peek());
                    if rmult.is_some() {
                        self.bump();
                    }
                    // Arrows associate to the right, as in Alloy: `A -> B
                    // one -> C` is `A -> (B one -> C)`, which matters for
                    // the multiplicities.
                    let rhs = self.rhs(ARROW)?;
                    let span = lhs.span.to(rhs.span);
                    lhs = Expr {
                        kind: ExprKind::Arrow {
                            lhs: Box::new(lhs),
                            lmult,
                            rmult,
                            rhs: Box::new(rhs),
                        },
                        span,
                    };
                }
                T::DomRes if min <= DOMRES => {
                    self.bump();
                    let rhs = self.rhs(DOMRES + 1)?;
                    lhs = bin(BinOp::DomainRestrict, lhs, rhs);
                }
                T::RanRes if min <= RANRES => {
                    self.bump();
                    let rhs = self.rhs(RANRES + 1)?;
                    lhs = bin(BinOp::RangeRestrict, lhs, rhs);
                }
                T::Dot if min <= JOIN => {
                    self.bump();
                    // `a.disj` is the builtin `disj[a]`, and a join onto a
                    // builtin `disj` call adds an argument: `b.(a.disj)` is
                    // `disj[a, b]` (the Analyzer's parser does the same).
                    // `a.int` and `a.sum` are the casts `int[a]`, `sum[a]`.
                    if matches!(self.peek(), T::IntLower | T::Sum)
                        && *self.peek_at(1) != T::LBracket
                    {
                        let end = self.bump().span;
                        let span = lhs.span.to(end);
                        lhs = Expr {
                            kind: ExprKind::IntCast(Box::new(lhs)),
                            span,
                        };
                        last_cmp = None;
                        self.grow()?;
                        continue;
                    }
                    let rhs = if *self.peek() == T::Disj && *self.peek_at(1) != T::LBracket {
                        let span = self.bump().span;
                        builtin_disj(span)
                    } else {
                        self.rhs(UNARY)?
                    };
                    lhs = match builtin_disj_args(rhs) {
                        Ok((head, mut args)) => {
                            let span = lhs.span.to(head.span);
                            args.push(lhs);
                            Expr {
                                kind: ExprKind::BoxJoin(Box::new(head), args),
                                span,
                            }
                        }
                        Err(rhs) => bin(BinOp::Join, lhs, rhs),
                    };
                }
                T::LBracket if min <= JOIN => {
                    let open = self.bump().span;
                    let mut args = Vec::new();
                    if !self.at(&T::RBracket) {
                        loop {
                            if !can_start_expr(self.peek()) {
                                return Err(self.expected("an argument expression", None));
                            }
                            args.push(self.expr()?);
                            if !self.eat(&T::Comma) {
                                break;
                            }
                        }
                    }
                    let end = self.expect_close(open, T::LBracket)?;
                    let span = lhs.span.to(end);
                    lhs = Expr {
                        kind: ExprKind::BoxJoin(Box::new(lhs), args),
                        span,
                    };
                }
                _ => break,
            }
            last_cmp = None;
            self.grow()?;
        }
        if !run.is_empty() {
            lhs = build_run(run_op, lhs, run);
        }
        Ok(lhs)
    }

    fn prefix(&mut self) -> PResult<Expr> {
        let start = self.span();
        let un = |op: UnOp, e: Expr| {
            let span = start.to(e.span);
            Expr {
                kind: ExprKind::Unary(op, Box::new(e)),
                span,
            }
        };
        match self.peek().clone() {
            T::Bang | T::Not => {
                self.bump();
                let e = self.operand(CMP)?;
                Ok(un(UnOp::Not, e))
            }
            T::All => self.quantifier(QuantKw::All),
            // `seq e` inside a declaration's bound (`f: A -> (seq B)`); the
            // resolver refuses it anywhere else.
            T::Name(n) if n == "seq" && can_start_expr(self.peek_at(1)) => {
                self.bump();
                self.seq_use.get_or_insert(start);
                let inner = self.bp(CMP + 1)?;
                Ok(un(UnOp::Seq, inner))
            }
            T::Sum if !self.is_decl_start(1) => {
                // `sum e` and `sum[e]`: Alloy's integer cast of a set of Int
                // atoms (the sum of its elements), the same as `int e`.
                self.bump();
                if self.at(&T::LBracket) {
                    let open = self.bump().span;
                    if !can_start_expr(self.peek()) {
                        return Err(self.expected("an expression to sum", None));
                    }
                    let e = self.expr()?;
                    let end = self.expect_close(open, T::LBracket)?;
                    return Ok(Expr {
                        kind: ExprKind::IntCast(Box::new(e)),
                        span: start.to(end),
                    });
                }
                if !can_start_expr(self.peek()) {
                    return Err(self.expected(
                        "variable declarations or an expression after `sum`",
                        Some("write `sum x: S | intexpr` or `sum e`".to_string()),
                    ));
                }
                let e = self.operand(OVERRIDE)?;
                Ok(un_cast(start, e))
            }
            T::Sum => self.quantifier(QuantKw::Sum),
            T::No | T::Some | T::Lone | T::One if self.is_decl_start(1) => {
                let q = match self.peek() {
                    T::No => QuantKw::No,
                    T::Some => QuantKw::Some,
                    T::Lone => QuantKw::Lone,
                    _ => QuantKw::One,
                };
                self.quantifier(q)
            }
            T::No => {
                self.bump();
                let e = self.operand(SHIFT)?;
                Ok(un(UnOp::No, e))
            }
            ref k if mult_kw(k).is_some() => {
                let m = mult_kw(k).unwrap_or(MultKw::Some);
                self.bump();
                let e = self.operand(SHIFT)?;
                Ok(un(UnOp::Mult(m), e))
            }
            T::Hash => {
                self.bump();
                let e = self.operand(OVERRIDE)?;
                Ok(un(UnOp::Card, e))
            }
            T::Tilde | T::Caret | T::Star => {
                let op = match self.bump().kind {
                    T::Tilde => UnOp::Transpose,
                    T::Caret => UnOp::Closure,
                    _ => UnOp::ReflexiveClosure,
                };
                let e = self.operand(UNARY)?;
                Ok(un(op, e))
            }
            T::Minus => {
                self.bump();
                if let T::Number(n) = *self.peek() {
                    let end = self.bump().span;
                    return Ok(Expr {
                        kind: ExprKind::IntLit(-n),
                        span: start.to(end),
                    });
                }
                let e = self.operand(UNARY)?;
                Ok(un(UnOp::Neg, e))
            }
            T::Let => self.let_expr(),
            T::If => self.if_expr(),
            _ => self.primary(),
        }
    }

    /// The operand of a prefix operator, parsed at binding power `bp`.
    fn operand(&mut self, bp: u8) -> PResult<Expr> {
        if !can_start_expr(self.peek()) {
            let op = self.tokens[self.pos.saturating_sub(1)].kind.text();
            let hint =
                if matches!(self.peek(), T::Bar) && matches!(op, "some" | "no" | "lone" | "one") {
                    Some(format!(
                        "a quantifier declares its variables: `{op} x: Sig | formula`"
                    ))
                } else {
                    None
                };
            return Err(self.expected(&format!("an expression after `{op}`"), hint));
        }
        self.bp(bp)
    }

    fn quantifier(&mut self, q: QuantKw) -> PResult<Expr> {
        let start = self.bump().span;
        if !self.is_decl_start(0) {
            let kw = match q {
                QuantKw::All => "all",
                QuantKw::Sum => "sum",
                QuantKw::Some => "some",
                QuantKw::No => "no",
                QuantKw::Lone => "lone",
                QuantKw::One => "one",
            };
            return Err(self.expected(
                &format!("variable declarations after `{kw}`"),
                Some(format!("a quantifier is written `{kw} x: Sig | formula`")),
            ));
        }
        let decls = self.param_decls()?;
        let body = self.quant_body(false)?;
        let span = start.to(body.span);
        Ok(Expr {
            kind: ExprKind::Quant {
                q,
                decls,
                body: Box::new(body),
            },
            span,
        })
    }

    /// `| F` or `{ F G }` after declarations.
    fn quant_body(&mut self, is_let: bool) -> PResult<Expr> {
        if self.eat(&T::Bar) {
            if !can_start_expr(self.peek()) {
                return Err(self.expected("a formula after `|`", None));
            }
            return self.expr();
        }
        if self.at(&T::LBrace) {
            let b = self.block("`{`", None)?;
            let span = b.span;
            return Ok(Expr {
                kind: ExprKind::Block(b),
                span,
            });
        }
        if is_let {
            return Err(self.expected(
                "`|` or `{` after the let bindings",
                Some("a let is written `let x = e | body` or `let x = e { body }`".to_string()),
            ));
        }
        let hint = if matches!(self.peek(), T::Arrow | T::FatArrow | T::Implies) {
            "the body of a quantifier follows `|`: `all x: A | F`"
        } else {
            "the declarations end with `|` before the body: `all x: A | F`"
        };
        Err(self.expected("`|` or `{` after the declarations", Some(hint.to_string())))
    }

    fn let_expr(&mut self) -> PResult<Expr> {
        let start = self.bump().span;
        let mut bindings = Vec::new();
        loop {
            let name = self.decl_ident("a name to bind after `let`")?;
            self.expect(
                T::Eq,
                "`=` after the let-bound name",
                Some("a let binding is written `let x = expr | body`"),
            )?;
            if !can_start_expr(self.peek()) {
                return Err(self.expected("an expression after `=`", None));
            }
            let e = self.expr()?;
            bindings.push((name, e));
            if !self.eat(&T::Comma) {
                break;
            }
        }
        let body = self.quant_body(true)?;
        let span = start.to(body.span);
        Ok(Expr {
            kind: ExprKind::Let {
                bindings,
                body: Box::new(body),
            },
            span,
        })
    }

    fn if_expr(&mut self) -> PResult<Expr> {
        self.bump();
        let start = self.prev_span();
        let c = self.operand(0)?;
        // `then` is not reserved in Alloy (models use it as a name): it is
        // read as a keyword only here.
        if matches!(self.peek(), T::Name(n) if n == "then") {
            self.bump();
        } else {
            self.expect(
                T::Then,
                "`then` after the condition",
                Some("write `if C then A else B`"),
            )?;
        }
        let a = self.operand(0)?;
        self.expect(
            T::Else,
            "`else`",
            Some("`if C then A` needs an `else` branch; for a formula without one use `C => A`"),
        )?;
        let b = self.operand(0)?;
        let span = start.to(b.span);
        Ok(Expr {
            kind: ExprKind::IfThenElse(Box::new(c), Box::new(a), Box::new(b)),
            span,
        })
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.span();
        let leaf = |kind: ExprKind| Ok(Expr { kind, span: start });
        match self.peek().clone() {
            T::Name(s) => {
                self.bump();
                leaf(ExprKind::Name(split_name(&s, start)))
            }
            T::At => {
                self.bump();
                match self.peek().clone() {
                    T::Name(s) => {
                        let sp = self.bump().span;
                        Ok(Expr {
                            kind: ExprKind::AtName(split_name(&s, sp)),
                            span: start.to(sp),
                        })
                    }
                    _ => Err(self.expected("a field name after `@`", None)),
                }
            }
            T::This => {
                self.bump();
                leaf(ExprKind::This)
            }
            T::Univ => {
                self.bump();
                leaf(ExprKind::Univ)
            }
            T::Iden => {
                self.bump();
                leaf(ExprKind::Iden)
            }
            T::None => {
                self.bump();
                leaf(ExprKind::None)
            }
            T::Number(n) => {
                self.bump();
                leaf(ExprKind::IntLit(n))
            }
            T::IntUpper | T::IntLower => {
                self.bump();
                if self.at(&T::LBracket) {
                    let open = self.bump().span;
                    if !can_start_expr(self.peek()) {
                        return Err(self.expected("an expression to convert", None));
                    }
                    let e = self.expr()?;
                    let end = self.expect_close(open, T::LBracket)?;
                    return Ok(Expr {
                        kind: ExprKind::IntCast(Box::new(e)),
                        span: start.to(end),
                    });
                }
                // `int e`: the prefix form of the cast (at the level of `#`).
                // Not before `{`, so that `fun f: int { ... }` keeps `int` as a type.
                if self.tokens[self.pos - 1].kind == T::IntLower
                    && can_start_expr(self.peek())
                    && !self.at(&T::LBrace)
                {
                    let e = self.operand(OVERRIDE)?;
                    let span = start.to(e.span);
                    return Ok(Expr {
                        kind: ExprKind::IntCast(Box::new(e)),
                        span,
                    });
                }
                leaf(ExprKind::IntSet)
            }
            T::Disj if *self.peek_at(1) == T::LBracket => {
                self.bump();
                Ok(builtin_disj(start))
            }
            T::LParen => {
                let open = self.bump().span;
                if !can_start_expr(self.peek()) {
                    return Err(self.expected("an expression after `(`", None));
                }
                let mut e = self.expr()?;
                let end = self.expect_close(open, T::LParen)?;
                e.span = open.to(end);
                Ok(e)
            }
            T::LBrace => {
                let open = self.bump().span;
                if self.is_decl_start(0) {
                    let decls = self.param_decls()?;
                    // `{x: A}` (no body: every binding) and `{x: A { F }}`
                    // are comprehensions too.
                    if self.at(&T::RBrace) || self.at(&T::LBrace) {
                        let body = if self.at(&T::LBrace) {
                            let inner = self.bump().span;
                            self.block_rest(inner)?
                        } else {
                            Block {
                                items: Vec::new(),
                                span: self.span(),
                            }
                        };
                        let end = self.expect_close(open, T::LBrace)?;
                        let bspan = body.span;
                        return Ok(Expr {
                            kind: ExprKind::Comprehension {
                                decls,
                                body: Box::new(Expr {
                                    kind: ExprKind::Block(body),
                                    span: bspan,
                                }),
                            },
                            span: open.to(end),
                        });
                    }
                    self.expect(
                        T::Bar,
                        "`|` after the declarations",
                        Some("a set comprehension is written `{x: A | F}`"),
                    )?;
                    if !can_start_expr(self.peek()) {
                        return Err(self.expected("a formula after `|`", None));
                    }
                    let body = self.expr()?;
                    let end = self.expect_close(open, T::LBrace)?;
                    return Ok(Expr {
                        kind: ExprKind::Comprehension {
                            decls,
                            body: Box::new(body),
                        },
                        span: open.to(end),
                    });
                }
                let b = self.block_rest(open)?;
                let span = b.span;
                Ok(Expr {
                    kind: ExprKind::Block(b),
                    span,
                })
            }
            T::Sum => Err(err(
                ErrorKind::Unsupported {
                    what: "`sum` without declarations".into(),
                    hint: "write `sum x: S | intexpr`".into(),
                },
                start,
            )),
            _ => {
                let hint = match self.peek() {
                    T::FatArrow
                    | T::Implies
                    | T::And
                    | T::AndAnd
                    | T::Or
                    | T::OrOr
                    | T::Iff
                    | T::DoubleArrow
                    | T::In
                    | T::Eq
                    | T::Plus
                    | T::Amp
                    | T::Dot
                    | T::Arrow => Some("this operator needs an expression on its left".to_string()),
                    _ => None,
                };
                Err(self.expected("an expression", hint))
            }
        }
    }
}
