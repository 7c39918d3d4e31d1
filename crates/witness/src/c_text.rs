//! Places in C program text, found by reading the text (comments and literals skipped):
//! the function around a line, a loop's keyword, whether a statement starts at a position.
//! Witnesses name places by line and column of the program the user wrote; the CFA
//! knows only where its statements came from.

/// The function whose body encloses `line` of the program `text`: the identifier before
/// the `(` of the header whose `{` opens the outermost block around the line. Comments
/// and literals are skipped; a line outside every function gives `None`.
pub fn enclosing_function(text: &str, line: u32) -> Option<String> {
    let mut depth = 0usize;
    let mut current: Option<String> = None;
    let mut last_call: Option<String> = None;
    // The identifier being read, or the last one when only whitespace followed it.
    let mut ident = String::new();
    let mut word_done = false;
    let mut at_line = 1u32;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            at_line += 1;
            if at_line > line {
                break;
            }
        }
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        at_line += 1;
                        break;
                    }
                }
                if at_line > line {
                    break;
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                for d in chars.by_ref() {
                    if d == '\n' {
                        at_line += 1;
                    }
                    if prev == '*' && d == '/' {
                        break;
                    }
                    prev = d;
                }
            }
            '"' | '\'' => {
                let mut escaped = false;
                for d in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == c || d == '\n' {
                        break;
                    }
                }
            }
            _ => {}
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            if word_done {
                ident.clear();
                word_done = false;
            }
            ident.push(c);
            continue;
        }
        if depth == 0 && c == '(' && !ident.is_empty() && last_call.is_none() {
            last_call = Some(ident.clone());
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
                    current = last_call.take();
                }
                depth += 1;
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    current = None;
                    last_call = None;
                }
            }
            ';' if depth == 0 => last_call = None,
            _ => {}
        }
    }
    if depth > 0 {
        current
    } else {
        None
    }
}

/// The column (1-based) of the `while`/`for` keyword before `col` on `line` of `text`.
pub fn keyword_column(text: &str, line: u32, col: u32) -> Option<u32> {
    let l = text.lines().nth(line.checked_sub(1)? as usize)?;
    let before: String = l.chars().take(col.saturating_sub(1) as usize).collect();
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
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

/// The column (1-based) of the `if` whose condition starts at `line`:`col`: only `if`, `(`
/// and whitespace lie between them (a condition elsewhere, `c ? a : b` say, has none).
pub fn if_column(text: &str, line: u32, col: u32) -> Option<u32> {
    let l = text.lines().nth(line.checked_sub(1)? as usize)?;
    let before: String = l.chars().take(col.saturating_sub(1) as usize).collect();
    let rest = before
        .trim_end()
        .strip_suffix('(')?
        .trim_end()
        .strip_suffix("if")?;
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    (!rest.chars().next_back().is_some_and(is_ident)).then(|| rest.chars().count() as u32 + 1)
}

/// A program's text as characters, with where each line starts: built once, then asked
/// for positions (a witness names places by line and column; a text has many).
pub struct Text {
    pub chars: Vec<char>,
    line_starts: Vec<usize>,
}

impl Text {
    pub fn new(text: &str) -> Text {
        let chars: Vec<char> = text.chars().collect();
        let line_starts = std::iter::once(0)
            .chain(
                chars
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == '\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        Text { chars, line_starts }
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

    /// Whether a statement of a block starts at `line`:`col` (1-based): a token starts
    /// there and the text before it, past whitespace, comments and line markers, ends a
    /// statement or a label (`;`, `{`, `}`, `:`). A statement written as the body of an
    /// `if`, `else`, loop or `do` is not one: a check put before it would leave the body.
    /// `Some(position)` (in characters) where the statement begins after its labels, else
    /// `None`.
    pub fn statement_start(&self, line: u32, col: u32) -> Option<usize> {
        let chars = &self.chars;
        let start = self.position(line, col)?;
        if chars[start].is_whitespace() {
            return None;
        }
        let before = previous_token(chars, start)?;
        if !matches!(before, ';' | '{' | '}' | ':') || in_parentheses(chars, start) {
            return None;
        }
        // Past the labels (`L:`, `default:`): a `goto` to them passes the check too.
        let mut pos = start;
        loop {
            let ident: String = chars[pos..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .collect();
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
}

/// Whether `pos` lies inside parentheses opened since the last brace (a `for` header).
fn in_parentheses(chars: &[char], pos: usize) -> bool {
    let mut depth = 0usize;
    for c in chars[..pos].iter().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth == 0 => return true,
            '(' => depth -= 1,
            '{' | '}' if depth == 0 => return false,
            _ => {}
        }
    }
    false
}

/// The last character before `pos` that is not whitespace, in a comment or on a
/// preprocessor line.
fn previous_token(chars: &[char], pos: usize) -> Option<char> {
    // Line by line backwards: a `//` comment or a `#` line is skipped as a whole.
    let mut end = pos;
    loop {
        let line_start = chars[..end]
            .iter()
            .rposition(|c| *c == '\n')
            .map_or(0, |n| n + 1);
        let mut line: Vec<char> = chars[line_start..end].to_vec();
        if line.iter().find(|c| !c.is_whitespace()) == Some(&'#') {
            line.clear();
        }
        if let Some(c) = line.windows(2).position(|w| w == ['/', '/']) {
            line.truncate(c);
        }
        // Block comments ending on this line: strip from `/*` to `*/` (one line at a time;
        // a comment over several lines is rare before a statement).
        while let Some(close) = line.windows(2).rposition(|w| w == ['*', '/']) {
            match line[..close].windows(2).rposition(|w| w == ['/', '*']) {
                Some(open) => {
                    line.drain(open..close + 2);
                }
                None => return None,
            }
        }
        if let Some(c) = line.iter().rev().find(|c| !c.is_whitespace()) {
            return Some(*c);
        }
        if line_start == 0 {
            return None;
        }
        end = line_start - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_function_around_a_line_is_found() {
        let text = "int g(int a) { return a; }\n/* f( */ int main(void) {\n  int x = g(1);\n  while (x) {\n    x--; }\n}\nstruct s { int y; };\n";
        assert_eq!(enclosing_function(text, 1), None);
        assert_eq!(enclosing_function(text, 4).as_deref(), Some("main"));
        assert_eq!(enclosing_function(text, 5).as_deref(), Some("main"));
        assert_eq!(enclosing_function(text, 7), None);
    }

    #[test]
    fn the_loop_keyword_is_found_before_the_condition() {
        let text = "int main() {\n  for (i = 0; i < n; i++) while (x) {}\n}\n";
        assert_eq!(keyword_column(text, 2, 15), Some(3));
        assert_eq!(keyword_column(text, 2, 34), Some(27));
        assert_eq!(keyword_column("  forward(x);", 1, 10), None);
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
        assert_eq!(if_column("  if ( x > 0) y = 1;", 1, 8), Some(3));
        assert_eq!(if_column("  y = (c) ? 1 : 2;", 1, 8), None);
        assert_eq!(if_column("  elif (c)", 1, 9), None);
    }
}
