//! Parsing the rewritten text with lang-c, with errors at the user's file:line:column.

use crate::source::Source;
use crate::FrontError;
use lang_c::ast::TranslationUnit;

/// Longest run of `+` or `-` characters that reaches lang-c's parser. Its PEG grammar
/// backtracks over every way to split such a run into `++`/`+` tokens: time grows by half
/// with each character (30 take a second; fuzzing found 54). No valid C needs more
/// (`++++x` is already invalid: `++x` is not an lvalue).
const MAX_SIGN_RUN: usize = 16;

pub(super) fn parse(
    src: &Source,
    parsed: &crate::dialect::Rewritten,
) -> Result<TranslationUnit, FrontError> {
    let bytes = parsed.text.as_bytes();
    let mut run = 0;
    let mut quote: Option<u8> = None;
    let mut escaped = false;
    for (i, b) in bytes.iter().enumerate() {
        // String and character literals (`"-----"` banners) are not expressions.
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if *b == b'\\' {
                escaped = true;
            } else if *b == q || *b == b'\n' {
                quote = None;
            }
            continue;
        }
        if *b == b'"' || *b == b'\'' {
            quote = Some(*b);
            run = 0;
            continue;
        }
        if *b == b'+' || *b == b'-' {
            run += 1;
            if run > MAX_SIGN_RUN {
                let start = i + 1 - run;
                let (line, col) = src.locate(parsed.original(start));
                return Err(FrontError::Syntax {
                    file: src.path.display().to_string(),
                    line: line.unwrap_or(0),
                    col,
                    message: format!(
                        "more than {MAX_SIGN_RUN} `+`/`-` characters in a row (not a C expression)"
                    ),
                });
            }
        } else {
            run = 0;
        }
    }
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
