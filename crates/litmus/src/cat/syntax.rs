//! herd's cat language, as herd7 and Dat3M read it: text → [`CatFile`].
//!
//! The grammar is Dat3M's (`Cat.g4`), which herd7's model files also fit:
//! a model name line, an optional quoted title, then `let`, `let rec … and
//! …`, `let f(x, y) = …`, `include "file"`, `show`/`unshow`, and axioms
//! (`acyclic`, `irreflexive`, `empty`, optionally `flag`ged or negated with
//! `~`, named with `as NAME`). Operators, loosest first: `|`, `;`, `\`,
//! `&`, prefix `~` (complement), postfix `*`, `+`, `?`, `^-1` (also `^*`,
//! `^+`), and the binary `*` (cartesian product), tightest. Names may hold
//! `-`, `.` and digits (`po-loc`, `axiom-Coherence`). Comments: `(* … *)`,
//! `/* … */`, `// …`.
//!
//! herd7's programming constructs (`procedure`, `call`, `if`, `match`,
//! `forall`, `enum`, `instructions`, …) are refused with a positioned
//! error: no GPU model of Dat3M or herd uses them.

use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};

/// A name and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// A parsed cat file.
#[derive(Clone, Debug)]
pub struct CatFile {
    /// The model name line (`PTX`, `VULKAN`), if any.
    pub name: Option<Ident>,
    /// The definitions, axioms and includes, in order.
    pub items: Vec<Item>,
}

/// The kind of an axiom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// `acyclic r`: the transitive closure of `r` is irreflexive.
    Acyclic,
    /// `irreflexive r`: no `(e, e)` in `r`.
    Irreflexive,
    /// `empty e`.
    Empty,
}

impl Check {
    /// The keyword.
    pub fn word(self) -> &'static str {
        match self {
            Check::Acyclic => "acyclic",
            Check::Irreflexive => "irreflexive",
            Check::Empty => "empty",
        }
    }
}

/// A top-level item.
#[derive(Clone, Debug)]
pub enum Item {
    /// `let name = body`, or `let name(p, q) = body` (a function: its
    /// calls are expanded where they are written).
    Let {
        /// The name defined.
        name: Ident,
        /// A function's parameters.
        params: Option<Vec<Ident>>,
        /// The definition.
        body: Expr,
    },
    /// `let rec a = e and b = f …`: the least fixed point of the bindings.
    LetRec {
        /// The names and their definitions.
        bindings: Vec<(Ident, Expr)>,
    },
    /// An axiom. `flag` axioms do not constrain executions: they are
    /// reported (herd's flags, e.g. a data race).
    Axiom {
        /// A `flag`.
        flag: bool,
        /// Negated with `~`.
        negated: bool,
        /// Which check.
        check: Check,
        /// The checked expression.
        body: Expr,
        /// `as NAME`.
        name: Option<Ident>,
        /// The whole axiom.
        span: Span,
    },
    /// `include "file.cat"`.
    Include {
        /// The quoted file name.
        path: String,
        /// The whole item.
        span: Span,
    },
    /// `show …` / `unshow …`: display directives, accepted and ignored.
    Show {
        /// The whole item.
        span: Span,
    },
}

/// A cat expression.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is written.
    pub span: Span,
}

/// The binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `|`
    Union,
    /// `;`
    Seq,
    /// `\`
    Diff,
    /// `&`
    Inter,
    /// `*` between two sets
    Cartesian,
}

/// The unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `r+`
    Plus,
    /// `r*`
    Star,
    /// `r?`
    Opt,
    /// `r^-1`
    Inverse,
    /// `~e`
    Complement,
    /// `[S]`, `toid(S)`
    Identity,
    /// `domain(r)`
    Domain,
    /// `range(r)`
    Range,
}

/// The expression forms.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A name: a `let`, a parameter, a base relation or a tag.
    Name(String),
    /// A function call `f(a, b)`.
    Call(Ident, Vec<Expr>),
    /// A unary operator and its operand.
    Unary(UnOp, Box<Expr>),
    /// A binary operator and its operands.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Name(String),
    Str(String),
    Eq,
    Star,
    Plus,
    Opt,
    /// `^-1`
    Inv,
    /// `^+` / `^*`
    HatPlus,
    HatStar,
    Tilde,
    Amp,
    Bar,
    Semi,
    Backslash,
    LPar,
    RPar,
    LBrack,
    RBrack,
    Comma,
    Eof,
}

fn syntax(file: FileId, start: usize, end: usize, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Phase::Syntax, Span::new(file, start, end), msg)
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.')
}

fn lex(file: FileId, text: &str) -> Result<Vec<(Tok, usize, usize)>, Diagnostic> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let two = |s: &[u8]| b[i..].starts_with(s);
        if two(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if two(b"(*") || two(b"/*") {
            let close: &[u8] = if two(b"(*") { b"*)" } else { b"*/" };
            let start = i;
            i += 2;
            while i < b.len() && !b[i..].starts_with(close) {
                i += 1;
            }
            if i >= b.len() {
                return Err(syntax(file, start, start + 2, "unterminated comment"));
            }
            i += 2;
            continue;
        }
        let start = i;
        let tok = match c {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += 1;
                }
                if i >= b.len() {
                    return Err(syntax(file, start, start + 1, "unterminated string"));
                }
                i += 1;
                out.push((Tok::Str(text[start + 1..i - 1].to_string()), start, i));
                continue;
            }
            b'^' => {
                if two(b"^-1") {
                    i += 3;
                    Tok::Inv
                } else if two(b"^+") {
                    i += 2;
                    Tok::HatPlus
                } else if two(b"^*") {
                    i += 2;
                    Tok::HatStar
                } else {
                    return Err(syntax(file, i, i + 1, "expected `^-1`, `^+` or `^*`"));
                }
            }
            _ if is_name_char(c) => {
                while i < b.len() && is_name_char(b[i]) {
                    i += 1;
                }
                out.push((Tok::Name(text[start..i].to_string()), start, i));
                continue;
            }
            _ => {
                i += 1;
                match c {
                    b'=' => Tok::Eq,
                    b'*' => Tok::Star,
                    b'+' => Tok::Plus,
                    b'?' => Tok::Opt,
                    b'~' => Tok::Tilde,
                    b'&' => Tok::Amp,
                    b'|' => Tok::Bar,
                    b';' => Tok::Semi,
                    b'\\' => Tok::Backslash,
                    b'(' => Tok::LPar,
                    b')' => Tok::RPar,
                    b'[' => Tok::LBrack,
                    b']' => Tok::RBrack,
                    b',' => Tok::Comma,
                    _ => {
                        let ch = text[start..].chars().next().unwrap_or('?');
                        let end = start + ch.len_utf8();
                        return Err(syntax(
                            file,
                            start,
                            end,
                            format!("unexpected character `{ch}`"),
                        ));
                    }
                }
            }
        };
        out.push((tok, start, i));
    }
    out.push((Tok::Eof, b.len(), b.len()));
    Ok(out)
}

/// Words that start a supported item (a name line ends before the first
/// of these or of [`UNSUPPORTED`]).
const ITEM_WORDS: &[&str] = &[
    "let",
    "include",
    "show",
    "unshow",
    "acyclic",
    "irreflexive",
    "empty",
    "flag",
    "catdep",
    "~",
];

/// herd7 words relprove does not support (refused where they start an item).
const UNSUPPORTED: &[&str] = &[
    "procedure",
    "call",
    "enum",
    "forall",
    "instructions",
    "with",
    "if",
    "match",
    "undefined_unless",
];

/// Words that cannot be relation names.
const RESERVED: &[&str] = &[
    "let",
    "rec",
    "and",
    "as",
    "include",
    "show",
    "unshow",
    "acyclic",
    "irreflexive",
    "empty",
    "flag",
    "domain",
    "range",
    "toid",
    "in",
    "begin",
    "end",
];

struct Parser<'a> {
    file: FileId,
    toks: &'a [(Tok, usize, usize)],
    pos: usize,
}

/// Parse the text of a cat file.
pub fn parse(file: FileId, text: &str) -> Result<CatFile, Diagnostic> {
    let toks = lex(file, text)?;
    let mut p = Parser {
        file,
        toks: &toks,
        pos: 0,
    };
    p.file_()
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].0
    }
    fn here(&self) -> Span {
        let (_, s, e) = self.toks[self.pos];
        Span::new(self.file, s, e)
    }
    fn start(&self) -> usize {
        self.toks[self.pos].1
    }
    fn prev_end(&self) -> usize {
        self.toks[self.pos.saturating_sub(1)].2
    }
    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].0.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Name(n) if n == w)
    }
    fn error(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Phase::Syntax, self.here(), msg)
    }
    fn expect(&mut self, t: Tok, what: &str) -> Result<(), Diagnostic> {
        if *self.peek() == t {
            self.bump();
            Ok(())
        } else {
            Err(self.error(format!("expected {what}, found {}", self.describe())))
        }
    }
    fn describe(&self) -> String {
        match self.peek() {
            Tok::Name(n) => format!("`{n}`"),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Eof => "the end of the file".into(),
            t => format!("`{}`", tok_text(t)),
        }
    }
    fn ident(&mut self, what: &str) -> Result<Ident, Diagnostic> {
        match self.peek().clone() {
            Tok::Name(n) if !RESERVED.contains(&n.as_str()) => {
                let span = self.here();
                self.bump();
                Ok(Ident { name: n, span })
            }
            _ => Err(self.error(format!("expected {what}, found {}", self.describe()))),
        }
    }

    fn file_(&mut self) -> Result<CatFile, Diagnostic> {
        // The model name line: names up to the first item keyword, then an
        // optional quoted title.
        let mut name = None;
        while let Tok::Name(n) = self.peek().clone() {
            if ITEM_WORDS.contains(&n.as_str()) || UNSUPPORTED.contains(&n.as_str()) {
                break;
            }
            let span = self.here();
            self.bump();
            name.get_or_insert(Ident { name: n, span });
        }
        if let Tok::Str(_) = self.peek() {
            self.bump();
        }
        let mut items = Vec::new();
        while *self.peek() != Tok::Eof {
            items.push(self.item()?);
        }
        Ok(CatFile { name, items })
    }

    fn item(&mut self) -> Result<Item, Diagnostic> {
        let start = self.start();
        let word = match self.peek() {
            Tok::Name(n) => n.clone(),
            Tok::Tilde => "~".into(),
            _ => {
                return Err(self.error(format!(
                    "expected `let`, an axiom or `include`, found {}",
                    self.describe()
                )))
            }
        };
        if UNSUPPORTED.contains(&word.as_str()) {
            return Err(self
                .error(format!("unsupported: herd's `{word}`"))
                .hint("relprove reads cat's definitions and axioms (let, let rec, functions, include, acyclic/irreflexive/empty, flag); docs/cat.md lists what it supports"));
        }
        match word.as_str() {
            "let" => self.let_(),
            "include" => {
                self.bump();
                match self.bump() {
                    Tok::Str(path) => Ok(Item::Include {
                        path,
                        span: Span::new(self.file, start, self.prev_end()),
                    }),
                    _ => Err(Diagnostic::new(
                        Phase::Syntax,
                        Span::new(self.file, start, self.prev_end()),
                        "expected a quoted file name after `include`",
                    )),
                }
            }
            "show" | "unshow" => {
                self.bump();
                // Names or expressions, separated by commas, each maybe `as N`.
                loop {
                    self.expr()?;
                    if self.is_word("as") {
                        self.bump();
                        self.ident("a name after `as`")?;
                    }
                    if *self.peek() == Tok::Comma {
                        self.bump();
                        continue;
                    }
                    break;
                }
                Ok(Item::Show {
                    span: Span::new(self.file, start, self.prev_end()),
                })
            }
            _ => self.axiom(),
        }
    }

    fn let_(&mut self) -> Result<Item, Diagnostic> {
        self.bump(); // let
        if self.is_word("rec") {
            self.bump();
            let mut bindings = Vec::new();
            loop {
                let name = self.ident("a name after `let rec`")?;
                self.expect(Tok::Eq, "`=`")?;
                let body = self.expr()?;
                bindings.push((name, body));
                if self.is_word("and") {
                    self.bump();
                    continue;
                }
                break;
            }
            return Ok(Item::LetRec { bindings });
        }
        let name = self.ident("a name after `let`")?;
        let params = if *self.peek() == Tok::LPar {
            self.bump();
            let mut ps = vec![self.ident("a parameter name")?];
            while *self.peek() == Tok::Comma {
                self.bump();
                ps.push(self.ident("a parameter name")?);
            }
            self.expect(Tok::RPar, "`)` after the parameters")?;
            Some(ps)
        } else {
            None
        };
        self.expect(Tok::Eq, "`=`")?;
        let body = self.expr()?;
        Ok(Item::Let { name, params, body })
    }

    fn axiom(&mut self) -> Result<Item, Diagnostic> {
        let start = self.start();
        let flag = self.is_word("flag");
        if flag {
            self.bump();
        }
        let negated = *self.peek() == Tok::Tilde;
        if negated {
            self.bump();
        }
        let check = match self.peek() {
            Tok::Name(n) if n == "acyclic" => Check::Acyclic,
            Tok::Name(n) if n == "irreflexive" => Check::Irreflexive,
            Tok::Name(n) if n == "empty" => Check::Empty,
            _ => {
                return Err(self.error(format!(
                    "expected `let`, `include` or an axiom (`acyclic`, `irreflexive`, `empty`), found {}",
                    self.describe()
                )))
            }
        };
        self.bump();
        let body = self.expr()?;
        let name = if self.is_word("as") {
            self.bump();
            Some(self.ident("a name after `as`")?)
        } else {
            None
        };
        Ok(Item::Axiom {
            flag,
            negated,
            check,
            body,
            name,
            span: Span::new(self.file, start, self.prev_end()),
        })
    }

    /// An expression whose operators bind at least as tightly as `min`
    /// (1 `|`, 2 `;`, 3 `\`, 4 `&`, 5 prefix `~`, 6 postfix, 7 binary `*`).
    pub fn expr(&mut self) -> Result<Expr, Diagnostic> {
        self.expr_bp(1)
    }

    fn expr_bp(&mut self, min: u8) -> Result<Expr, Diagnostic> {
        let start = self.start();
        let mut lhs = if *self.peek() == Tok::Tilde {
            self.bump();
            let e = self.expr_bp(5)?;
            self.mk(start, ExprKind::Unary(UnOp::Complement, Box::new(e)))
        } else {
            self.primary()?
        };
        loop {
            let (op, bp) = match self.peek() {
                Tok::Bar => (Some(BinOp::Union), 1),
                Tok::Semi => (Some(BinOp::Seq), 2),
                Tok::Backslash => (Some(BinOp::Diff), 3),
                Tok::Amp => (Some(BinOp::Inter), 4),
                Tok::Star if self.starts_primary(1) => (Some(BinOp::Cartesian), 7),
                Tok::Star | Tok::Plus | Tok::Opt | Tok::Inv | Tok::HatPlus | Tok::HatStar => {
                    (None, 6)
                }
                _ => break,
            };
            if bp < min {
                break;
            }
            match op {
                None => {
                    let u = match self.bump() {
                        Tok::Star | Tok::HatStar => UnOp::Star,
                        Tok::Plus | Tok::HatPlus => UnOp::Plus,
                        Tok::Opt => UnOp::Opt,
                        _ => UnOp::Inverse,
                    };
                    lhs = self.mk(start, ExprKind::Unary(u, Box::new(lhs)));
                }
                Some(op) => {
                    self.bump();
                    // `\` is left-associative; the others are associative.
                    let rhs = self.expr_bp(bp + 1)?;
                    lhs = self.mk(start, ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)));
                }
            }
        }
        Ok(lhs)
    }

    /// Whether the token `k` ahead starts an operand (so that `*` before
    /// it is the cartesian product, not the reflexive-transitive closure
    /// ending an item: `let r = s*` then `let …` or `~empty …`).
    fn starts_primary(&self, k: usize) -> bool {
        let name = |n: &str| !RESERVED.contains(&n) || matches!(n, "domain" | "range" | "toid");
        match self.peek_at(k) {
            Tok::Name(n) => name(n),
            Tok::LPar | Tok::LBrack => true,
            Tok::Tilde => match self.peek_at(k + 1) {
                Tok::Name(n) => name(n),
                _ => true,
            },
            _ => false,
        }
    }

    fn mk(&self, start: usize, kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: Span::new(self.file, start, self.prev_end()),
        }
    }

    fn primary(&mut self) -> Result<Expr, Diagnostic> {
        let start = self.start();
        match self.peek().clone() {
            Tok::LPar => {
                self.bump();
                let e = self.expr()?;
                self.expect(Tok::RPar, "`)`")?;
                Ok(Expr {
                    kind: e.kind,
                    span: Span::new(self.file, start, self.prev_end()),
                })
            }
            Tok::LBrack => {
                self.bump();
                let e = self.expr()?;
                self.expect(Tok::RBrack, "`]`")?;
                Ok(self.mk(start, ExprKind::Unary(UnOp::Identity, Box::new(e))))
            }
            Tok::Name(n) if matches!(n.as_str(), "domain" | "range" | "toid") => {
                self.bump();
                self.expect(Tok::LPar, &format!("`(` after `{n}`"))?;
                let e = self.expr()?;
                self.expect(Tok::RPar, "`)`")?;
                let op = match n.as_str() {
                    "domain" => UnOp::Domain,
                    "range" => UnOp::Range,
                    _ => UnOp::Identity,
                };
                Ok(self.mk(start, ExprKind::Unary(op, Box::new(e))))
            }
            Tok::Name(n) if !RESERVED.contains(&n.as_str()) => {
                let id = self.ident("a name")?;
                if *self.peek() == Tok::LPar {
                    self.bump();
                    let mut args = vec![self.expr()?];
                    while *self.peek() == Tok::Comma {
                        self.bump();
                        args.push(self.expr()?);
                    }
                    self.expect(Tok::RPar, "`)` after the arguments")?;
                    return Ok(self.mk(start, ExprKind::Call(id, args)));
                }
                Ok(Expr {
                    kind: ExprKind::Name(n),
                    span: id.span,
                })
            }
            _ => Err(self.error(format!("expected an expression, found {}", self.describe()))),
        }
    }
}

fn tok_text(t: &Tok) -> &'static str {
    match t {
        Tok::Eq => "=",
        Tok::Star => "*",
        Tok::Plus => "+",
        Tok::Opt => "?",
        Tok::Inv => "^-1",
        Tok::HatPlus => "^+",
        Tok::HatStar => "^*",
        Tok::Tilde => "~",
        Tok::Amp => "&",
        Tok::Bar => "|",
        Tok::Semi => ";",
        Tok::Backslash => "\\",
        Tok::LPar => "(",
        Tok::RPar => ")",
        Tok::LBrack => "[",
        Tok::RBrack => "]",
        Tok::Comma => ",",
        Tok::Name(_) | Tok::Str(_) | Tok::Eof => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expression of `let a = TEXT`, fully parenthesised.
    fn shape(text: &str) -> String {
        fn show(e: &Expr) -> String {
            match &e.kind {
                ExprKind::Name(n) => n.clone(),
                ExprKind::Call(f, args) => {
                    format!(
                        "{}({})",
                        f.name,
                        args.iter().map(show).collect::<Vec<_>>().join(",")
                    )
                }
                ExprKind::Unary(op, x) => match op {
                    UnOp::Complement => format!("~{}", show(x)),
                    UnOp::Identity => format!("[{}]", show(x)),
                    UnOp::Domain => format!("domain({})", show(x)),
                    UnOp::Range => format!("range({})", show(x)),
                    UnOp::Plus => format!("{}+", show(x)),
                    UnOp::Star => format!("{}*", show(x)),
                    UnOp::Opt => format!("{}?", show(x)),
                    UnOp::Inverse => format!("{}^-1", show(x)),
                },
                ExprKind::Binary(op, a, b) => {
                    let s = match op {
                        BinOp::Union => "|",
                        BinOp::Seq => ";",
                        BinOp::Diff => "\\",
                        BinOp::Inter => "&",
                        BinOp::Cartesian => "*",
                    };
                    format!("({} {s} {})", show(a), show(b))
                }
            }
        }
        let f = parse(FileId(0), &format!("M\nlet a = {text}")).unwrap();
        match &f.items[0] {
            Item::Let { body, .. } => show(body),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn precedence_is_dat3m_s() {
        // `|` < `;` < `\` < `&` < `~` < postfix < binary `*`
        assert_eq!(shape("a | b ; c"), "(a | (b ; c))");
        assert_eq!(shape("a ; b \\ c"), "(a ; (b \\ c))");
        assert_eq!(shape("a \\ b & c"), "(a \\ (b & c))");
        assert_eq!(shape("a \\ b \\ c"), "((a \\ b) \\ c)");
        assert_eq!(shape("~a & b"), "(~a & b)");
        assert_eq!(shape("~r+"), "~r+");
        assert_eq!(shape("W * W & loc"), "((W * W) & loc)");
        assert_eq!(
            shape("(rf & lo)^-1 ; (W * W) & lo"),
            "((rf & lo)^-1 ; ((W * W) & lo))"
        );
        assert_eq!(shape("[R];po*;[W]"), "(([R] ; po*) ; [W])");
        assert_eq!(shape("po-loc? | rf^+"), "(po-loc? | rf+)");
        assert_eq!(shape("imm(r; s) | domain(x)"), "(imm((r ; s)) | domain(x))");
    }

    #[test]
    fn names_line_comments_and_items() {
        let f = parse(
            FileId(0),
            "PTX \"title\"\n(* c *) // d\n/* e */ let rec x = po and y = x\nflag ~empty x as f\nshow po\n",
        )
        .unwrap();
        assert_eq!(f.name.unwrap().name, "PTX");
        assert!(matches!(&f.items[0], Item::LetRec { bindings } if bindings.len() == 2));
        assert!(matches!(
            &f.items[1],
            Item::Axiom {
                flag: true,
                negated: true,
                check: Check::Empty,
                name: Some(_),
                ..
            }
        ));
        assert!(matches!(&f.items[2], Item::Show { .. }));
    }

    #[test]
    fn errors_are_positioned() {
        let e = parse(FileId(0), "M\nlet a = (po\n").unwrap_err();
        assert!(e.message.contains("expected `)`"), "{}", e.message);
        assert_eq!(e.span.map(|s| s.start), Some(14)); // the end of the file
        let e = parse(FileId(0), "M\nlet = po").unwrap_err();
        assert!(
            e.message.contains("expected a name after `let`"),
            "{}",
            e.message
        );
        let e = parse(FileId(0), "M\nlet a = po # b").unwrap_err();
        assert!(
            e.message.contains("unexpected character `#`"),
            "{}",
            e.message
        );
    }
}
