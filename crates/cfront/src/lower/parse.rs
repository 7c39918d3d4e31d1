//! Parsing the rewritten text with lang-c, with errors at the user's file:line:column.

use crate::source::Source;
use crate::FrontError;
use lang_c::ast::TranslationUnit;

/// Longest run of `+` or `-` characters that reaches lang-c's parser. Its PEG grammar
/// backtracks over every way to split such a run into `++`/`+` tokens: time grows by half
/// with each character (30 take a second; fuzzing found 54). No valid C needs more
/// (`++++x` is already invalid: `++x` is not an lvalue).
const MAX_SIGN_RUN: usize = 16;

/// What lang-c's parser would take exponential time to reject, rejected at once (offset,
/// message): runs of signs (above), and brackets that do not pair up. With `{` left open,
/// the grammar retries every enclosing `if`/`else` and block once per way to read the rest
/// (fuzzing found a mutated ssh task taking 3 minutes, 15 s at 53 open braces). gcc rejects
/// both, so no program it accepts is refused here. Literals, comments and line markers are
/// skipped.
fn prescan(text: &str) -> Result<(), (usize, String)> {
    let bytes = text.as_bytes();
    let mut open: Vec<(u8, usize)> = Vec::new();
    let code = ctext::scan::spans(text).filter(|s| s.class == ctext::scan::Class::Code);
    for span in code {
        // A comment, a literal (`"-----"` banners) or a directive between two runs of
        // signs ends the run: they are not one expression.
        let mut run = 0;
        for (i, &b) in bytes.iter().enumerate().take(span.end).skip(span.start) {
            if b == b'+' || b == b'-' {
                run += 1;
                if run > MAX_SIGN_RUN {
                    return Err((
                        i + 1 - run,
                        format!(
                            "more than {MAX_SIGN_RUN} `+`/`-` characters in a row (not a C expression)"
                        ),
                    ));
                }
            } else {
                run = 0;
            }
            match b {
                b'(' | b'[' | b'{' => open.push((b, i)),
                b')' | b']' | b'}' => {
                    let want = match b {
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    match open.pop() {
                        Some((o, _)) if o == want => {}
                        Some((o, _)) => {
                            return Err((
                                i,
                                format!("`{}` does not match the open `{}`", b as char, o as char),
                            ))
                        }
                        None => return Err((i, format!("`{}` closes nothing", b as char))),
                    }
                }
                _ => {}
            }
        }
    }
    match open.pop() {
        Some((o, at)) => Err((at, format!("`{}` is never closed", o as char))),
        None => Ok(()),
    }
}

pub(super) fn parse(
    src: &Source,
    parsed: &crate::dialect::Rewritten,
) -> Result<TranslationUnit, FrontError> {
    prescan(&parsed.text).map_err(|(at, message)| {
        let (line, col) = src.locate(parsed.original(at));
        FrontError::Syntax {
            file: src.path.display().to_string(),
            line: line.unwrap_or(0),
            col,
            message,
        }
    })?;
    let config = lang_c::driver::Config::with_gcc();
    match lang_c::driver::parse_preprocessed(&config, parsed.text.clone()) {
        Ok(p) => Ok(p.unit),
        Err(e) => {
            let (line, col) = src.locate(parsed.original(e.offset));
            let mut expected: Vec<&str> = e
                .expected
                .iter()
                .copied()
                .filter(|s| !s.is_empty())
                .collect();
            expected.sort();
            let word: String = parsed.text[e.offset.min(parsed.text.len())..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let message = if expected.contains(&"<typedef_name>") && !word.is_empty() {
                format!("unknown type name `{word}`")
            } else {
                let shown: Vec<String> =
                    expected.iter().take(8).map(|s| format!("'{s}'")).collect();
                let more = if expected.len() > 8 { ", …" } else { "" };
                format!("expected {}{more}", shown.join(", "))
            };
            Err(FrontError::Syntax {
                file: src.path.display().to_string(),
                line: line.unwrap_or(e.line as u32),
                col,
                message,
            })
        }
    }
}
