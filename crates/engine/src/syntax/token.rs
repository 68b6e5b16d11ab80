//! Tokens of the Alloy subset.

use crate::diag::Span;

/// The kind of a token: a keyword, an operator or punctuation, a name or a
/// number literal, or the end of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier, possibly qualified (`hw/Event`); the text as written.
    Name(String),
    /// A non-negative integer literal.
    Number(i64),

    // Keywords.
    /// `abstract`
    Abstract,
    /// `all`
    All,
    /// `and`
    And,
    /// `as`
    As,
    /// `assert`
    Assert,
    /// `but`
    But,
    /// `check`
    Check,
    /// `disj` (also spelled `disjoint`).
    Disj,
    /// `else`
    Else,
    /// `enum`
    Enum,
    /// `exactly`
    Exactly,
    /// `expect`
    Expect,
    /// `extends`
    Extends,
    /// `fact`
    Fact,
    /// `for`
    For,
    /// `fun`
    Fun,
    /// `iden`
    Iden,
    /// `if`
    If,
    /// `iff`
    Iff,
    /// `implies`
    Implies,
    /// `in`
    In,
    /// `Int`
    IntUpper,
    /// `int`
    IntLower,
    /// `let`
    Let,
    /// `lone`
    Lone,
    /// `module`
    Module,
    /// `no`
    No,
    /// `none`
    None,
    /// `not`
    Not,
    /// `one`
    One,
    /// `open`
    Open,
    /// `or`
    Or,
    /// `pred`
    Pred,
    /// `private`
    Private,
    /// `run`
    Run,
    /// `set`
    Set,
    /// `sig`
    Sig,
    /// `some`
    Some,
    /// `sum`
    Sum,
    /// `then` of `if c then a else b`. Not reserved: the lexer yields a
    /// name, which the parser accepts there.
    Then,
    /// `this`
    This,
    /// `univ`
    Univ,

    // Punctuation and operators.
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `|`, separating declarations from a body.
    Bar,
    /// `.`, relational join.
    Dot,
    /// `@`, before a field name.
    At,
    /// `#`, cardinality.
    Hash,
    /// `~`, transpose.
    Tilde,
    /// `^`, transitive closure.
    Caret,
    /// `*`, reflexive-transitive closure.
    Star,
    /// `+`, union.
    Plus,
    /// `-`, difference or negation.
    Minus,
    /// `&`, intersection.
    Amp,
    /// `++`, override.
    PlusPlus,
    /// `->`
    Arrow,
    /// `<:`
    DomRes,
    /// `:>`
    RanRes,
    /// `=`
    Eq,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `=<` or `<=`
    Le,
    /// `>=`
    Ge,
    /// `=>`
    FatArrow,
    /// `<=>`
    DoubleArrow,
    /// `!`
    Bang,
    /// `&&`
    AndAnd,
    /// `||`
    OrOr,
    /// `<<`
    Shl,
    /// `>>`
    Sha,
    /// `>>>`
    Shr,

    /// The end of the input; always the last token.
    Eof,
}

/// A token and the span of its source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where the token is in the source.
    pub span: Span,
}

/// The keyword for a word, if it is one.
pub fn keyword(word: &str) -> Option<TokenKind> {
    use TokenKind::*;
    Option::Some(match word {
        "abstract" => Abstract,
        "all" => All,
        "and" => And,
        "as" => As,
        "assert" => Assert,
        "but" => But,
        "check" => Check,
        "disj" | "disjoint" => Disj,
        "else" => Else,
        "enum" => Enum,
        "exactly" => Exactly,
        "expect" => Expect,
        "extends" => Extends,
        "fact" => Fact,
        "for" => For,
        "fun" => Fun,
        "iden" => Iden,
        "if" => If,
        "iff" => Iff,
        "implies" => Implies,
        "in" => In,
        "Int" => IntUpper,
        "int" => IntLower,
        "let" => Let,
        "lone" => Lone,
        "module" => Module,
        "no" => No,
        "none" => None,
        "not" => Not,
        "one" => One,
        "open" => Open,
        "or" => Or,
        "pred" => Pred,
        "private" => Private,
        "run" => Run,
        "set" => Set,
        "sig" => Sig,
        "some" => Some,
        "sum" => Sum,
        "this" => This,
        "univ" => Univ,
        _ => return Option::None,
    })
}

impl TokenKind {
    /// The source spelling of a fixed token (keywords and punctuation).
    pub fn text(&self) -> &'static str {
        use TokenKind::*;
        match self {
            Name(_) => "name",
            Number(_) => "number",
            Abstract => "abstract",
            All => "all",
            And => "and",
            As => "as",
            Assert => "assert",
            But => "but",
            Check => "check",
            Disj => "disj",
            Else => "else",
            Enum => "enum",
            Exactly => "exactly",
            Expect => "expect",
            Extends => "extends",
            Fact => "fact",
            For => "for",
            Fun => "fun",
            Iden => "iden",
            If => "if",
            Iff => "iff",
            Implies => "implies",
            In => "in",
            IntUpper => "Int",
            IntLower => "int",
            Let => "let",
            Lone => "lone",
            Module => "module",
            No => "no",
            None => "none",
            Not => "not",
            One => "one",
            Open => "open",
            Or => "or",
            Pred => "pred",
            Private => "private",
            Run => "run",
            Set => "set",
            Sig => "sig",
            Some => "some",
            Sum => "sum",
            Then => "then",
            This => "this",
            Univ => "univ",
            LParen => "(",
            RParen => ")",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            Comma => ",",
            Colon => ":",
            Bar => "|",
            Dot => ".",
            At => "@",
            Hash => "#",
            Tilde => "~",
            Caret => "^",
            Star => "*",
            Plus => "+",
            Minus => "-",
            Amp => "&",
            PlusPlus => "++",
            Arrow => "->",
            DomRes => "<:",
            RanRes => ":>",
            Eq => "=",
            Lt => "<",
            Gt => ">",
            Le => "=<",
            Ge => ">=",
            FatArrow => "=>",
            DoubleArrow => "<=>",
            Bang => "!",
            AndAnd => "&&",
            OrOr => "||",
            Shl => "<<",
            Sha => ">>",
            Shr => ">>>",
            Eof => "end of file",
        }
    }

    /// Whether this is a keyword that `keyword` recognises (`then` is not).
    pub fn is_keyword(&self) -> bool {
        keyword(self.text()).as_ref() == Option::Some(self)
    }

    /// How the token is named in "found ..." messages.
    pub fn describe(&self) -> String {
        match self {
            TokenKind::Name(n) => format!("name `{n}`"),
            TokenKind::Number(n) => format!("number `{n}`"),
            TokenKind::Eof => "end of file".to_string(),
            k if k.is_keyword() => format!("keyword `{}`", k.text()),
            k => format!("`{}`", k.text()),
        }
    }
}
