//! Places in C program text, found by reading the text through the scanner: the function
//! around a line, a loop's keyword, an `if`'s keyword, whether a statement starts at a
//! position. Witnesses name places by line and column of the program the user wrote
//! (lines and columns count characters from 1); a CFA knows only where its statements
//! came from.

use crate::scan::{classes, Class};

/// A program's text as characters with their classes, where each line starts, and which
/// function each line lies in: built once, then asked for many places (a witness names
/// many).
pub struct Text {
    chars: Vec<char>,
    class: Vec<Class>,
    line_starts: Vec<usize>,
    /// Per line (from 0): the function whose body is open at the end of the line, as an
    /// index into `functions`.
    line_function: Vec<Option<usize>>,
    functions: Vec<String>,
    /// Per function of `functions`: where its definition lies.
    definitions: Vec<Definition>,
}

/// Where a function's definition lies in the text (positions in characters): what a
/// witness's function contract is placed at, and what a validator wraps to check it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The first character of the declaration (its specifiers).
    pub start: usize,
    /// The first character of the function's name.
    pub name: usize,
    /// The `(` that opens the parameters.
    pub params_open: usize,
    /// The `{` and the `}` of the body.
    pub body_open: usize,
    pub body_close: usize,
}

impl Text {
    pub fn new(text: &str) -> Text {
        let by_byte = classes(text);
        let (chars, class): (Vec<char>, Vec<Class>) =
            text.char_indices().map(|(i, c)| (c, by_byte[i])).unzip();
        let line_starts = std::iter::once(0)
            .chain(
                chars
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == '\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let mut t = Text {
            chars,
            class,
            line_starts,
            line_function: Vec::new(),
            functions: Vec::new(),
            definitions: Vec::new(),
        };
        t.find_functions();
        t
    }

    /// The characters of the text.
    pub fn chars(&self) -> &[char] {
        &self.chars
    }

    fn is_code(&self, pos: usize) -> bool {
        self.class[pos] == Class::Code
    }

    /// The position (in characters) of `line`:`col` (1-based), if the line has that column.
    pub fn position(&self, line: u32, col: u32) -> Option<usize> {
        let start = *self.line_starts.get((line as usize).checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line as usize)
            .map_or(self.chars.len(), |next| next - 1);
        let at = start + (col as usize).checked_sub(1)?;
        (at < end).then_some(at)
    }

    /// One pass over the code: a function's body is the outermost `{ … }` after a header
    /// whose first `(` at the outermost level follows the function's name.
    fn find_functions(&mut self) {
        let mut depth = 0usize;
        let mut current: Option<usize> = None;
        // The first `(` at the outermost level since the declaration began: the name
        // before it, where that name starts, and where the `(` is.
        let mut last_call: Option<(String, usize, usize)> = None;
        // The identifier being read, or the last one when only whitespace followed it,
        // and where it starts.
        let mut ident = String::new();
        let mut ident_at = 0;
        let mut word_done = false;
        // Where the declaration being read at the outermost level began.
        let mut decl_start: Option<usize> = None;
        for (pos, &c) in self.chars.iter().enumerate() {
            if c == '\n' {
                self.line_function
                    .push(if depth > 0 { current } else { None });
            }
            match self.class[pos] {
                // A comment or a directive separates tokens like whitespace.
                Class::Comment | Class::Directive => {
                    word_done = true;
                    continue;
                }
                Class::Literal => {
                    ident.clear();
                    word_done = false;
                    continue;
                }
                Class::Code => {}
            }
            if depth == 0 && decl_start.is_none() && !c.is_whitespace() {
                decl_start = Some(pos);
            }
            if c.is_ascii_alphanumeric() || c == '_' {
                if word_done {
                    ident.clear();
                    word_done = false;
                }
                if ident.is_empty() {
                    ident_at = pos;
                }
                ident.push(c);
                continue;
            }
            if depth == 0 && c == '(' && !ident.is_empty() && last_call.is_none() {
                last_call = Some((ident.clone(), ident_at, pos));
            }
            if c.is_whitespace() {
                word_done = true;
            } else {
                ident.clear();
                word_done = false;
            }
            match c {
                '{' => {
                    if depth == 0 {
                        current = last_call.take().map(|(name, at, open)| {
                            self.functions.push(name);
                            self.definitions.push(Definition {
                                start: decl_start.unwrap_or(at),
                                name: at,
                                params_open: open,
                                body_open: pos,
                                body_close: pos,
                            });
                            self.functions.len() - 1
                        });
                    }
                    depth += 1;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        if let Some(f) = current {
                            self.definitions[f].body_close = pos;
                        }
                        current = None;
                        last_call = None;
                        decl_start = None;
                    }
                }
                ';' if depth == 0 => {
                    last_call = None;
                    decl_start = None;
                }
                _ => {}
            }
        }
        self.line_function
            .push(if depth > 0 { current } else { None });
    }

    /// Where the function `name` is defined: `None` unless the text defines it exactly
    /// once and outside every conditional directive (`#if`, `#ifdef`, `#ifndef`), where the
    /// compiler surely sees that definition and no other.
    pub fn definition(&self, name: &str) -> Option<Definition> {
        let mut found = self
            .functions
            .iter()
            .enumerate()
            .filter(|(_, g)| *g == name);
        let (f, _) = found.next()?;
        let d = self.definitions[f];
        (found.next().is_none() && !self.in_conditional(d.start)).then_some(d)
    }

    /// Whether `pos` lies between a conditional directive and its `#endif`.
    fn in_conditional(&self, pos: usize) -> bool {
        let mut depth = 0usize;
        for &start in self.line_starts.iter().take_while(|s| **s < pos) {
            let Some(hash) = (start..self.chars.len())
                .take_while(|p| self.chars[*p] != '\n')
                .find(|p| !self.chars[*p].is_whitespace())
            else {
                continue;
            };
            if self.chars[hash] != '#' || self.class[hash] != Class::Directive {
                continue;
            }
            let word: String = self.chars[hash + 1..]
                .iter()
                .skip_while(|c| **c == ' ' || **c == '\t')
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            match word.as_str() {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "endif" => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        depth > 0
    }

    /// The line and column (1-based) of a position.
    pub fn line_col(&self, pos: usize) -> (u32, u32) {
        let line = self.line_starts.partition_point(|s| *s <= pos);
        let col = pos - self.line_starts[line - 1] + 1;
        (line as u32, col as u32)
    }

    /// Where the bracket opened at `open` (`(`, `[` or `{`) closes, counting brackets in
    /// code only.
    pub fn matching(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for p in (open..self.chars.len()).filter(|p| self.is_code(*p)) {
            match self.chars[p] {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(p);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The text between two positions with comments blanked (directives and line breaks
    /// too, as spaces): a piece of code to copy onto one line.
    pub fn code_between(&self, from: usize, to: usize) -> String {
        (from..to)
            .map(|p| match self.class[p] {
                Class::Code | Class::Literal if self.chars[p] != '\n' => self.chars[p],
                _ => ' ',
            })
            .collect()
    }

    /// The function whose body encloses (the end of) `line`; `None` outside every
    /// function.
    pub fn enclosing_function(&self, line: u32) -> Option<&str> {
        let f = (*self.line_function.get((line as usize).checked_sub(1)?)?)?;
        Some(&self.functions[f])
    }

    /// The code of `line` before column `col`, with comments and literals as spaces.
    fn code_before(&self, line: u32, col: u32) -> Option<String> {
        let start = *self.line_starts.get((line as usize).checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line as usize)
            .map_or(self.chars.len(), |next| next - 1);
        let end = end.min(start + col.saturating_sub(1) as usize);
        Some(
            (start..end)
                .map(|p| if self.is_code(p) { self.chars[p] } else { ' ' })
                .collect(),
        )
    }

    /// The column (1-based) of the `while`/`for` keyword before `col` on `line`.
    pub fn loop_keyword_column(&self, line: u32, col: u32) -> Option<u32> {
        let before = self.code_before(line, col)?;
        ["while", "for"]
            .iter()
            .filter_map(|kw| {
                before.rmatch_indices(kw).find_map(|(i, _)| {
                    let prev_ok = !before[..i].chars().next_back().is_some_and(is_ident);
                    let next_ok = !before[i + kw.len()..].chars().next().is_some_and(is_ident);
                    (prev_ok && next_ok).then(|| before[..i].chars().count() as u32 + 1)
                })
            })
            .max()
    }

    /// The column (1-based) of the `if` whose condition starts at `line`:`col`: only `if`,
    /// `(` and whitespace (or comments) lie between them (a condition elsewhere, `c ? a :
    /// b` say, has none).
    pub fn if_column(&self, line: u32, col: u32) -> Option<u32> {
        let before = self.code_before(line, col)?;
        let rest = before
            .trim_end()
            .strip_suffix('(')?
            .trim_end()
            .strip_suffix("if")?;
        (!rest.chars().next_back().is_some_and(is_ident)).then(|| rest.chars().count() as u32 + 1)
    }

    /// Whether a statement of a block starts at `line`:`col` (1-based): a token starts
    /// there and the code before it ends a statement or a label (`;`, `{`, `}`, `:`). A
    /// statement written as the body of an `if`, `else`, loop or `do` is not one: a check
    /// put before it would leave the body. `Some(position)` (in characters) where the
    /// statement begins after its labels, else `None`.
    pub fn statement_start(&self, line: u32, col: u32) -> Option<usize> {
        let chars = &self.chars;
        let start = self.position(line, col)?;
        if chars[start].is_whitespace() || !self.is_code(start) {
            return None;
        }
        let before = (0..start)
            .rev()
            .find(|&p| self.is_code(p) && !chars[p].is_whitespace())
            .map(|p| chars[p])?;
        if !matches!(before, ';' | '{' | '}' | ':') || self.in_parentheses(start) {
            return None;
        }
        // Past the labels (`L:`, `default:`): a `goto` to them passes the check too.
        let mut pos = start;
        loop {
            let ident: String = chars[pos..].iter().take_while(|c| is_ident(**c)).collect();
            if ident.is_empty() || ident.starts_with(|c: char| c.is_ascii_digit()) {
                break;
            }
            let mut after = pos + ident.chars().count();
            while chars.get(after).is_some_and(|c| c.is_whitespace()) {
                after += 1;
            }
            if chars.get(after) != Some(&':') || chars.get(after + 1) == Some(&':') {
                break;
            }
            if ident == "case" {
                return None;
            }
            pos = after + 1;
            while chars.get(pos).is_some_and(|c| c.is_whitespace()) {
                pos += 1;
            }
        }
        Some(pos)
    }

    /// Where the loop condition starting at `start` ends: at the `)` that closes the
    /// `while (`/`for (…;` before it, or at the `;` ending a `for` condition (brackets in
    /// literals and comments not counted).
    pub fn condition_end(&self, start: usize) -> Option<usize> {
        let chars = &self.chars;
        let opener = (0..start)
            .rev()
            .find(|&p| self.is_code(p) && !chars[p].is_whitespace())
            .map(|p| chars[p])?;
        let mut depth = 0i32;
        for i in (start..chars.len()).filter(|&p| self.is_code(p)) {
            match chars[i] {
                '(' | '[' => depth += 1,
                ')' | ']' if depth > 0 => depth -= 1,
                ')' if opener == '(' => return Some(i),
                ';' if depth == 0 && opener == ';' => return Some(i),
                _ => {}
            }
        }
        None
    }

    /// Whether `pos` lies inside parentheses opened since the last brace (a `for` header).
    fn in_parentheses(&self, pos: usize) -> bool {
        let mut depth = 0usize;
        for p in (0..pos).rev().filter(|&p| self.is_code(p)) {
            match self.chars[p] {
                ')' => depth += 1,
                '(' if depth == 0 => return true,
                '(' => depth -= 1,
                '{' | '}' if depth == 0 => return false,
                _ => {}
            }
        }
        false
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_function_around_a_line_is_found() {
        let text = "int g(int a) { return a; }\n/* f( */ int main(void) {\n  int x = g(1);\n  while (x) {\n    x--; }\n}\nstruct s { int y; };\n";
        let t = Text::new(text);
        assert_eq!(t.enclosing_function(1), None);
        assert_eq!(t.enclosing_function(4), Some("main"));
        assert_eq!(t.enclosing_function(5), Some("main"));
        assert_eq!(t.enclosing_function(7), None);
        assert_eq!(t.enclosing_function(99), None);
        // A directive's braces and a literal's parentheses are not code.
        let t = Text::new("#define B {\nint f(void) {\n  g(\"h(\");\n}\n");
        assert_eq!(t.enclosing_function(3), Some("f"));
    }

    #[test]
    fn a_definition_is_found_with_its_header_and_body() {
        let text = "int g;\n/* c */ static int\nf(int a /* ) */, int b) { if (a) { b++; } return b; }\nint h(void);\n";
        let t = Text::new(text);
        let d = t.definition("f").unwrap();
        let chars: Vec<char> = text.chars().collect();
        assert_eq!(t.line_col(d.start), (2, 9));
        assert_eq!(t.line_col(d.name), (3, 1));
        assert_eq!(chars[d.params_open], '(');
        assert_eq!(t.matching(d.params_open), Some(d.body_open - 2));
        assert_eq!((chars[d.body_open], chars[d.body_close]), ('{', '}'));
        assert_eq!(t.matching(d.body_open), Some(d.body_close));
        assert_eq!(t.code_between(d.start, d.params_open), "static int f");
        assert_eq!(t.definition("h"), None);
        assert_eq!(t.definition("g"), None);
        // Under a conditional directive, or defined twice, no definition is sure.
        let t = Text::new("#if 0\nint f(void) { return 0; }\n#else\nint f(void) { return 1; }\n#endif\nint g(void) { return 2; }\n");
        assert_eq!(t.definition("f"), None);
        assert!(t.definition("g").is_some());
    }

    #[test]
    fn the_loop_keyword_is_found_before_the_condition() {
        let text = "int main() {\n  for (i = 0; i < n; i++) while (x) {}\n}\n";
        let t = Text::new(text);
        assert_eq!(t.loop_keyword_column(2, 15), Some(3));
        assert_eq!(t.loop_keyword_column(2, 34), Some(27));
        assert_eq!(Text::new("  forward(x);").loop_keyword_column(1, 10), None);
        assert_eq!(Text::new("/* for */ (x);").loop_keyword_column(1, 12), None);
        let t = Text::new("  while (s[i] != ')' /* ) */) x++;");
        assert_eq!(t.condition_end(9), Some(28));
        let t = Text::new("for (i = 0; i < n; i++)");
        assert_eq!(t.condition_end(12), Some(17));
    }

    #[test]
    fn statements_of_blocks_start_after_labels_and_not_in_bodies() {
        let text = "int main() {\n  x = 1; y = 2;\n  L: z = 3; // c\n  if (x) w = 4;\n  /* a */ v = 5;\n# 7 \"p.c\"\n  u = 6;\n  for (i = 0; i < n; i++) {}\n}\n";
        let t = Text::new(text);
        let pos = |l: u32, c: u32| t.statement_start(l, c);
        let at = |l: u32, c: u32| {
            let p = pos(l, c).unwrap();
            text.chars().skip(p).take(5).collect::<String>()
        };
        assert_eq!(at(2, 3), "x = 1");
        assert_eq!(at(2, 10), "y = 2");
        assert_eq!(at(3, 3), "z = 3");
        assert_eq!(pos(4, 10), None);
        assert_eq!(at(5, 11), "v = 5");
        assert_eq!(at(7, 3), "u = 6");
        assert_eq!(pos(8, 15), None);
        assert_eq!(pos(2, 4), None);
        let line = |s: &str, c| Text::new(s).if_column(1, c);
        assert_eq!(line("  if ( x > 0) y = 1;", 8), Some(3));
        assert_eq!(line("  y = (c) ? 1 : 2;", 8), None);
        assert_eq!(line("  elif (c)", 9), None);
    }
}
