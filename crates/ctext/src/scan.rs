//! The one scanner of C text: which bytes are code, and which are comments, string or
//! character literals, or preprocessor lines. Every reader of raw C text in Boulder (the
//! front end's comment stripping and its pre-parse check, the places a witness names)
//! asks it, so they all agree on what a comment is.
//!
//! It follows translation phases 2 and 3 (C11 5.1.1.2) as far as a reader of the text
//! needs: a comment is `/* … */` or `// …` up to the end of the line; a backslash before a
//! newline continues a `//` comment or a directive onto the next line; a directive is a
//! line whose first token, past whitespace and comments, is `#` (C11 6.10); a literal runs
//! to its closing quote, past escapes, or, unterminated, up to the end of its line.

/// What a run of bytes of C text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Tokens and the whitespace between them.
    Code,
    /// `/* … */` or `// …` (without the line's newline).
    Comment,
    /// A string or character literal, quotes included.
    Literal,
    /// A preprocessor line, `#` to the end of the line (without its newline); line markers
    /// (`# 12 "file.c"`) included.
    Directive,
}

/// A run `start..end` (byte offsets) of one class. Its bounds are ASCII positions, so
/// they are `char` boundaries of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub class: Class,
}

/// The spans of `text`, in order, covering it without gaps.
pub fn spans(text: &str) -> Spans<'_> {
    Spans {
        b: text.as_bytes(),
        i: 0,
        line_start: true,
    }
}

/// Iterator of [`spans`].
pub struct Spans<'a> {
    b: &'a [u8],
    i: usize,
    /// Only whitespace and comments since the last newline of code: a `#` starts a
    /// directive.
    line_start: bool,
}

impl Spans<'_> {
    /// The end of the line from `i` on (the offset of its newline, or the end of the
    /// text), a backslash-newline continuing it.
    fn line_end(&self, mut i: usize) -> usize {
        let b = self.b;
        while i < b.len() && b[i] != b'\n' {
            i += if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
        }
        i.min(b.len())
    }

    /// The end of the literal opened by the quote at `i`.
    fn literal_end(&self, i: usize) -> usize {
        let b = self.b;
        let quote = b[i];
        let mut j = i + 1;
        while j < b.len() && b[j] != quote && b[j] != b'\n' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        if j < b.len() && b[j] == quote {
            j + 1
        } else {
            j.min(b.len())
        }
    }

    /// Whether a comment, a literal or (at the start of a line) a directive opens at `i`.
    fn opens(&self, i: usize, line_start: bool) -> bool {
        let b = self.b;
        match b[i] {
            b'"' | b'\'' => true,
            b'/' => matches!(b.get(i + 1), Some(b'/' | b'*')),
            b'#' => line_start,
            _ => false,
        }
    }
}

impl Iterator for Spans<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        let b = self.b;
        let start = self.i;
        if start >= b.len() {
            return None;
        }
        let (end, class) = match b[start] {
            b'#' if self.line_start => (self.line_end(start), Class::Directive),
            b'/' if b.get(start + 1) == Some(&b'/') => (self.line_end(start), Class::Comment),
            b'/' if b.get(start + 1) == Some(&b'*') => {
                let end = b[start + 2..]
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(b.len(), |p| start + 2 + p + 2);
                (end, Class::Comment)
            }
            b'"' | b'\'' => {
                self.line_start = false;
                (self.literal_end(start), Class::Literal)
            }
            _ => {
                let mut i = start;
                let mut line_start = self.line_start;
                while i < b.len() && !(i > start && self.opens(i, line_start)) {
                    match b[i] {
                        b'\n' => line_start = true,
                        c if c.is_ascii_whitespace() => {}
                        _ => line_start = false,
                    }
                    i += 1;
                }
                self.line_start = line_start;
                (i, Class::Code)
            }
        };
        self.i = end;
        Some(Span { start, end, class })
    }
}

/// The class of every byte of `text`.
pub fn classes(text: &str) -> Vec<Class> {
    let mut out = Vec::with_capacity(text.len());
    for s in spans(text) {
        out.resize(s.end, s.class);
    }
    out
}

/// `text` with every comment and directive blanked: spaces, newlines kept, so lines and
/// columns stay (a comment is one space in phase 3; the parser sees no directive).
pub fn blank_comments_and_directives(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for s in spans(text) {
        let part = &text[s.start..s.end];
        match s.class {
            Class::Code | Class::Literal => out.push_str(part),
            // Byte for byte, so that offsets stay too.
            Class::Comment | Class::Directive => {
                out.extend(part.bytes().map(|c| if c == b'\n' { '\n' } else { ' ' }))
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn classes_of(text: &str) -> String {
        classes(text)
            .iter()
            .map(|c| match c {
                Class::Code => 'c',
                Class::Comment => 'm',
                Class::Literal => 'l',
                Class::Directive => 'd',
            })
            .collect()
    }

    #[test]
    fn comments_literals_and_directives_are_told_apart() {
        assert_eq!(classes_of("a/b"), "ccc");
        assert_eq!(classes_of("a//b\nc"), "cmmmcc");
        assert_eq!(classes_of("a/*b*/c"), "cmmmmmc");
        assert_eq!(classes_of("\"/*\"x"), "llllc");
        assert_eq!(classes_of("'\\''x"), "llllc");
        assert_eq!(classes_of("#x\ny"), "ddcc");
        assert_eq!(classes_of(" /**/ #x\n"), "cmmmmcddc");
        assert_eq!(classes_of("a #x"), "cccc");
        assert_eq!(classes_of("#a\\\nb\nc"), "dddddcc");
        assert_eq!(classes_of("\"ab\ncd"), "lllccc");
        assert_eq!(classes_of("/* open"), "mmmmmmm");
    }

    #[test]
    fn blanking_keeps_lines_and_columns() {
        let text = "# 1 \"p.c\"\nint x; /* a\nb */ int y; // c\n\"//\"";
        let out = blank_comments_and_directives(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(out, "         \nint x;     \n     int y;     \n\"//\"");
    }

    proptest! {
        /// Spans cover the text in order without gaps, on any text (a scanner that lost
        /// or repeated a byte would shift every later column).
        #[test]
        fn spans_cover_the_text(text in "[a-z #/*\"'\\\\\n]{0,40}") {
            let mut at = 0;
            for s in spans(&text) {
                prop_assert_eq!(s.start, at);
                prop_assert!(s.end > s.start);
                at = s.end;
            }
            prop_assert_eq!(at, text.len());
            prop_assert_eq!(blank_comments_and_directives(&text).len(), text.len());
        }
    }
}
