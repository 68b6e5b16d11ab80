//! Tokens of the Alloy subset.

use crate::diag::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier, possibly qualified (`hw/Event`); the text as written.
    Name(String),
    /// A non-negative integer literal.
    Number(i64),

    // Keywords.
    Abstract,
    All,
    And,
    As,
    Assert,
    But,
    Check,
    Disj,
    Else,
    Enum,
    Exactly,
    Expect,
    Extends,
    Fact,
    For,
    Fun,
    Iden,
    If,
    Iff,
    Implies,
    In,
    /// `Int`
    IntUpper,
    /// `int`
    IntLower,
    Let,
    Lone,
    Module,
    No,
    None,
    Not,
    One,
    Open,
    Or,
    Pred,
    Private,
    Run,
    Set,
    Sig,
    Some,
    Sum,
    Then,
    This,
    Univ,

    // Punctuation and operators.
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Bar,
    Dot,
    At,
    Hash,
    Tilde,
    Caret,
    Star,
    Plus,
    Minus,
    Amp,
    PlusPlus,
    /// `->`
    Arrow,
    /// `<:`
    DomRes,
    /// `:>`
    RanRes,
    Eq,
    Lt,
    Gt,
    /// `=<` or `<=`
    Le,
    Ge,
    /// `=>`
    FatArrow,
    /// `<=>`
    DoubleArrow,
    Bang,
    AndAnd,
    OrOr,
    /// `<<`
    Shl,
    /// `>>`
    Sha,
    /// `>>>`
    Shr,

    Eof,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
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
