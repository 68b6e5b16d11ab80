//! Source text to tokens.
//!
//! Comments (`//`, `--`, `/* */`) and whitespace are skipped. A name may be
//! qualified (`util/ordering`, `hw/Event`): a `/` directly followed by a
//! letter continues the name. Some common mistakes (`==`, `;`) are reported
//! and replaced by what was probably meant, so parsing can go on and report
//! further errors.

use crate::diag::{FileId, Span};

use super::error::{ErrorKind, SyntaxError};
use super::token::{keyword, Token, TokenKind};

/// Split `src` (the text of file `file`) into tokens, ending with `Eof`,
/// and collect the lexical errors found on the way.
pub fn lex(src: &str, file: FileId) -> (Vec<Token>, Vec<SyntaxError>) {
    let mut lx = Lexer {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        file,
        tokens: Vec::new(),
        errors: Vec::new(),
    };
    lx.run();
    (lx.tokens, lx.errors)
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    file: FileId,
    tokens: Vec<Token>,
    errors: Vec<SyntaxError>,
}

/// Alloy's names are Java identifiers: letters (any script), `_` and `$`,
/// then also digits (and relprove keeps Alloy 4's `'` and `"`).
fn is_ident_start_char(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == '$'
}

fn is_ident_continue_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$' || c == '\'' || c == '"'
}

impl<'a> Lexer<'a> {
    fn peek(&self, k: usize) -> u8 {
        self.bytes.get(self.pos + k).copied().unwrap_or(0)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        let span = self.span(start, self.pos);
        self.tokens.push(Token { kind, span });
    }

    fn error(&mut self, kind: ErrorKind, start: usize, end: usize) {
        let span = self.span(start, end);
        self.errors.push(SyntaxError::new(kind, span));
    }

    fn run(&mut self) {
        use TokenKind::*;
        // A byte-order mark (written by some editors) is not text.
        if self.src.starts_with('\u{feff}') {
            self.pos = '\u{feff}'.len_utf8();
        }
        while self.pos < self.bytes.len() {
            let start = self.pos;
            let b = self.bytes[self.pos];
            if b.is_ascii_whitespace() {
                self.pos += 1;
                continue;
            }
            // Comments.
            if (b == b'/' && self.peek(1) == b'/') || (b == b'-' && self.peek(1) == b'-') {
                while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
                    self.pos += 1;
                }
                continue;
            }
            if b == b'/' && self.peek(1) == b'*' {
                self.pos += 2;
                loop {
                    if self.pos >= self.bytes.len() {
                        self.error(ErrorKind::UnterminatedComment, start, start + 2);
                        break;
                    }
                    if self.bytes[self.pos] == b'*' && self.peek(1) == b'/' {
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                }
                continue;
            }
            if self.ident_start_at(self.pos) {
                self.name(start);
                continue;
            }
            if b.is_ascii_digit() {
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
                let text = &self.src[start..self.pos];
                match text.parse::<i64>() {
                    Ok(n) => self.push(Number(n), start),
                    Err(_) => {
                        self.error(ErrorKind::NumberTooLarge(text.to_string()), start, self.pos);
                        self.push(Number(0), start);
                    }
                }
                continue;
            }
            if b == b'"' {
                self.pos += 1;
                while self.pos < self.bytes.len()
                    && self.bytes[self.pos] != b'"'
                    && self.bytes[self.pos] != b'\n'
                {
                    self.pos += 1;
                }
                if self.peek(0) == b'"' {
                    self.pos += 1;
                }
                self.error(ErrorKind::StringLiteral, start, self.pos);
                continue;
            }
            let three = [b, self.peek(1), self.peek(2)];
            let (kind, len) = match three {
                [b'=', b'=', b'>'] => {
                    self.error(ErrorKind::LongImplies, start, start + 3);
                    (FatArrow, 3)
                }
                [b'<', b'=', b'>'] => (DoubleArrow, 3),
                [b'>', b'>', b'>'] => (Shr, 3),
                [b'-', b'>', _] => (Arrow, 2),
                [b'<', b':', _] => (DomRes, 2),
                [b':', b'>', _] => (RanRes, 2),
                [b'=', b'>', _] => (FatArrow, 2),
                [b'=', b'<', _] => (Le, 2),
                [b'<', b'=', _] => (Le, 2),
                [b'>', b'=', _] => (Ge, 2),
                [b'<', b'<', _] => (Shl, 2),
                [b'>', b'>', _] => (Sha, 2),
                [b'&', b'&', _] => (AndAnd, 2),
                [b'|', b'|', _] => (OrOr, 2),
                [b'+', b'+', _] => (PlusPlus, 2),
                [b'=', b'=', _] => {
                    self.error(ErrorKind::DoubleEquals, start, start + 2);
                    (Eq, 2)
                }
                [b'<', b'>', _] => {
                    // `<>`: report, then continue as `!=`.
                    self.error(ErrorKind::AngleNotEqual, start, start + 2);
                    self.tokens.push(Token {
                        kind: Bang,
                        span: self.span(start, start + 2),
                    });
                    (Eq, 2)
                }
                [b'(', ..] => (LParen, 1),
                [b')', ..] => (RParen, 1),
                [b'[', ..] => (LBracket, 1),
                [b']', ..] => (RBracket, 1),
                [b'{', ..] => (LBrace, 1),
                [b'}', ..] => (RBrace, 1),
                [b',', ..] => (Comma, 1),
                [b':', ..] => (Colon, 1),
                [b'|', ..] => (Bar, 1),
                [b'.', ..] => (Dot, 1),
                [b'@', ..] => (At, 1),
                [b'#', ..] => (Hash, 1),
                [b'~', ..] => (Tilde, 1),
                [b'^', ..] => (Caret, 1),
                [b'*', ..] => (Star, 1),
                [b'+', ..] => (Plus, 1),
                [b'-', ..] => (Minus, 1),
                [b'&', ..] => (Amp, 1),
                [b'=', ..] => (Eq, 1),
                [b'<', ..] => (Lt, 1),
                [b'>', ..] => (Gt, 1),
                [b'!', ..] => (Bang, 1),
                [b';', ..] => {
                    self.pos += 1;
                    self.error(ErrorKind::Semicolon, start, self.pos);
                    continue;
                }
                [b'/', ..] => {
                    // Reported; read as `+` so that parsing goes on.
                    self.error(ErrorKind::Slash, start, start + 1);
                    (Plus, 1)
                }
                [b'%', ..] => {
                    // Reported; read as `+` so that parsing goes on.
                    self.error(ErrorKind::Percent, start, start + 1);
                    (Plus, 1)
                }
                _ => {
                    let c = self.src[start..].chars().next().unwrap_or('\u{fffd}');
                    self.pos += c.len_utf8().max(1);
                    self.error(ErrorKind::UnexpectedChar(c), start, self.pos);
                    continue;
                }
            };
            self.pos += len;
            self.push(kind, start);
        }
        let end = self.bytes.len();
        self.tokens.push(Token {
            kind: TokenKind::Eof,
            span: self.span(end, end),
        });
    }

    /// A name, possibly qualified, or a keyword.
    fn char_at(&self, pos: usize) -> Option<char> {
        self.src.get(pos..).and_then(|s| s.chars().next())
    }

    fn ident_start_at(&self, pos: usize) -> bool {
        self.char_at(pos).is_some_and(is_ident_start_char)
    }

    fn name(&mut self, start: usize) {
        loop {
            while let Some(c) = self
                .char_at(self.pos)
                .filter(|&c| is_ident_continue_char(c))
            {
                self.pos += c.len_utf8();
            }
            if self.peek(0) == b'/' && self.ident_start_at(self.pos + 1) {
                self.pos += 1;
                continue;
            }
            break;
        }
        let text = &self.src[start..self.pos];
        // Alloy's lexer reserves these for a syntax it never accepts.
        if matches!(text, "exh" | "exhaustive" | "part" | "partition") {
            self.error(ErrorKind::ReservedWord(text.to_string()), start, self.pos);
        }
        let kind = keyword(text).unwrap_or_else(|| TokenKind::Name(text.to_string()));
        self.push(kind, start);
    }
}
