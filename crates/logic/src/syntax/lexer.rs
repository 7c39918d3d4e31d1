//! Tokens of Boulder's textual formats, with line and column for error messages.

use crate::sort::Sort;
use std::fmt;

/// A located error in textual input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct SyntaxError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    Ident(String),
    /// A numeral with an optional sort suffix (`5`, `5bv32`, `5int`).
    Num(u128, Option<Sort>),
    Str(String),
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for TokenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenKind::Ident(s) => write!(f, "`{s}`"),
            TokenKind::Num(n, _) => write!(f, "number {n}"),
            TokenKind::Str(_) => write!(f, "string"),
            TokenKind::Punct(p) => write!(f, "`{p}`"),
            TokenKind::Eof => write!(f, "end of input"),
        }
    }
}

/// Punctuation, longest first so that the lexer matches greedily.
const PUNCT: &[&str] = &[
    "<=u", ">=u", "<=s", ">=s", ">>u", ">>s", "->", ":=", "==", "!=", "<=", ">=", "&&", "||", "=>",
    "<<", "<u", ">u", "<s", ">s", "/u", "/s", "%u", "%s", "(", ")", "[", "]", "{", "}", ",", ";",
    ":", ".", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "@", "=",
];

fn ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '\''
}

/// Turns text into tokens. `#` starts a comment to the end of the line when it is not
/// inside a name.
pub struct Lexer;

impl Lexer {
    pub fn tokenize(text: &str) -> Result<Vec<Token>, SyntaxError> {
        let chars: Vec<char> = text.chars().collect();
        let mut toks = Vec::new();
        let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
        let err = |line, col, m: String| SyntaxError {
            line,
            col,
            message: m,
        };
        while i < chars.len() {
            let c = chars[i];
            if c == '\n' {
                i += 1;
                line += 1;
                col = 1;
                continue;
            }
            if c.is_whitespace() {
                i += 1;
                col += 1;
                continue;
            }
            if c == '#' {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            let (tl, tc) = (line, col);
            if ident_start(c) {
                let start = i;
                while i < chars.len() {
                    let d = chars[i];
                    // `.`, `@` and `!` belong to names like `f.x`, `x@3` and `t!7` only
                    // when a name character follows; otherwise they are operators.
                    let joins = (d == '.' || d == '@' || d == '!')
                        && i + 1 < chars.len()
                        && (chars[i + 1].is_ascii_alphanumeric() || chars[i + 1] == '_')
                        && (d != '!' || chars[i + 1].is_ascii_digit())
                        && (d != '@' || chars[i + 1].is_ascii_digit());
                    if ident_char(d) || joins {
                        i += 1;
                    } else {
                        break;
                    }
                }
                let s: String = chars[start..i].iter().collect();
                col += i - start;
                toks.push(Token {
                    kind: TokenKind::Ident(s),
                    line: tl,
                    col: tc,
                });
                continue;
            }
            if c.is_ascii_digit() {
                let start = i;
                let (radix, digits_start) = if c == '0'
                    && i + 1 < chars.len()
                    && (chars[i + 1] == 'x' || chars[i + 1] == 'X')
                {
                    (16, i + 2)
                } else {
                    (10, i)
                };
                i = digits_start;
                while i < chars.len() && chars[i].is_digit(radix) {
                    i += 1;
                }
                let digits: String = chars[digits_start..i].iter().collect();
                let value = u128::from_str_radix(&digits, radix).map_err(|_| {
                    err(
                        tl,
                        tc,
                        format!("numeral `{digits}` does not fit in 128 bits"),
                    )
                })?;
                let mut suffix = None;
                let rest: String = chars[i..chars.len().min(i + 8)].iter().collect();
                if rest.starts_with("bv") {
                    let mut j = i + 2;
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        j += 1;
                    }
                    let w: String = chars[i + 2..j].iter().collect();
                    let w: u32 = w
                        .parse()
                        .map_err(|_| err(tl, tc, "expected a width after `bv`".into()))?;
                    if w == 0 || w > crate::sort::MAX_BV_WIDTH {
                        return Err(err(tl, tc, format!("bit-vector width {w} out of range")));
                    }
                    suffix = Some(Sort::Bv(w));
                    i = j;
                } else if rest.starts_with("int") && !rest[3..].starts_with(ident_char) {
                    suffix = Some(Sort::Int);
                    i += 3;
                }
                if i < chars.len() && ident_char(chars[i]) {
                    return Err(err(tl, tc, "malformed numeral".into()));
                }
                col += i - start;
                toks.push(Token {
                    kind: TokenKind::Num(value, suffix),
                    line: tl,
                    col: tc,
                });
                continue;
            }
            if c == '"' {
                let mut s = String::new();
                i += 1;
                col += 1;
                loop {
                    if i >= chars.len() || chars[i] == '\n' {
                        return Err(err(tl, tc, "unterminated string".into()));
                    }
                    let d = chars[i];
                    i += 1;
                    col += 1;
                    match d {
                        '"' => break,
                        '\\' => {
                            let e = chars.get(i).copied().unwrap_or(' ');
                            i += 1;
                            col += 1;
                            s.push(match e {
                                'n' => '\n',
                                't' => '\t',
                                '\\' => '\\',
                                '"' => '"',
                                other => {
                                    return Err(err(
                                        line,
                                        col - 2,
                                        format!("unknown escape `\\{other}`"),
                                    ))
                                }
                            });
                        }
                        d => s.push(d),
                    }
                }
                toks.push(Token {
                    kind: TokenKind::Str(s),
                    line: tl,
                    col: tc,
                });
                continue;
            }
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            let next_is_name = |len: usize| {
                chars
                    .get(i + len)
                    .is_some_and(|d| ident_char(*d) || *d == '.')
            };
            let p = PUNCT.iter().find(|p| {
                rest.starts_with(**p)
                    // `<u`, `/s`, … are operators only when no name continues after them:
                    // `x < u` compares with a variable `u`.
                    && !(p.len() >= 2
                        && (p.ends_with('u') || p.ends_with('s'))
                        && next_is_name(p.len()))
            });
            match p {
                Some(p) => {
                    i += p.len();
                    col += p.len();
                    toks.push(Token {
                        kind: TokenKind::Punct(p),
                        line: tl,
                        col: tc,
                    });
                }
                None => return Err(err(tl, tc, format!("unexpected character `{c}`"))),
            }
        }
        toks.push(Token {
            kind: TokenKind::Eof,
            line,
            col,
        });
        Ok(toks)
    }
}

/// Quotes a string for the textual formats.
pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
