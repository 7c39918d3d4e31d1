//! The GCC dialect that `lang-c` does not parse, rewritten into forms it does before
//! parsing; offsets in the rewritten text map back to the user's text (so every message
//! and every replay harness still speaks of the original).
//!
//! - `__int128`, `unsigned __int128`, `__int128_t`, `__uint128_t` → the type names
//!   `__boulder_int128` / `__boulder_uint128` (known to the parser and to the translator,
//!   which reports UNKNOWN naming `__int128` where one is used);
//! - `_Alignof(e)`, `__alignof__(e)`, `__alignof(e)` → `…(__typeof__(e))` (also right for
//!   a type name: `typeof` takes both);
//! - `a ?: b` → `a ? __boulder_elvis() : b` (the translator gives the middle operand the
//!   value of the condition, evaluated once);
//! - `__auto_type x = e` → `__typeof__(e) x = e` (`typeof` does not evaluate `e`);
//! - `struct __attribute__((…)) S {…}` → `struct S {…} __attribute__((…))` (GCC gives both
//!   positions the same meaning: a type attribute);
//! - attributes after a label, and `__attribute__((fallthrough))` statements → blanks
//!   (they mean nothing to the program).

/// Text with its edits: `new[i]` came from `old[map(i)]`.
pub struct Rewritten {
    pub text: String,
    /// (offset in the new text where a run starts, offset in the old text it maps to,
    /// whether the run is inserted text — mapped to its anchor).
    runs: Vec<(usize, usize, bool)>,
}

impl Rewritten {
    /// The offset in the original text of an offset in the rewritten one.
    pub fn original(&self, new: usize) -> usize {
        let i = match self.runs.binary_search_by(|r| r.0.cmp(&new)) {
            Ok(i) => i,
            Err(0) => return new,
            Err(i) => i - 1,
        };
        let (start, old, inserted) = self.runs[i];
        if inserted {
            old
        } else {
            old + (new - start)
        }
    }

    /// No edits: the text maps to itself.
    pub fn is_identity(&self) -> bool {
        self.runs.iter().all(|(n, o, ins)| n == o && !ins)
    }
}

/// A replacement of `old[start..end]` by `with`.
struct Edit {
    start: usize,
    end: usize,
    with: String,
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Byte ranges of identifiers and punctuation, skipping string and character literals.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'"' || c == b'\'' {
            let q = c;
            let start = i;
            i += 1;
            while i < b.len() && b[i] != q {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            // An escape before a multi-byte character ends the literal inside it.
            while !text.is_char_boundary(i) {
                i += 1;
            }
            out.push((start, i));
        } else if is_ident(c) {
            let start = i;
            while i < b.len() && is_ident(b[i]) {
                i += 1;
            }
            out.push((start, i));
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else {
            // One character (several bytes for non-ASCII: a token never splits one).
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push((i, i + len));
            i += len;
        }
    }
    out
}

/// Index of the token closing the parenthesis (or brace) opened at token `open`.
fn matching(text: &str, toks: &[(usize, usize)], open: usize) -> Option<usize> {
    let (o, c) = match &text[toks[open].0..toks[open].1] {
        "(" => ("(", ")"),
        "{" => ("{", "}"),
        _ => return None,
    };
    let mut depth = 0;
    for (k, t) in toks.iter().enumerate().skip(open) {
        let s = &text[t.0..t.1];
        if s == o {
            depth += 1;
        } else if s == c {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

pub fn rewrite(text: &str) -> Rewritten {
    let toks = tokens(text);
    let tok = |k: usize| -> &str { toks.get(k).map_or("", |t| &text[t.0..t.1]) };
    let mut edits: Vec<Edit> = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        let t = tok(k);
        match t {
            "__int128" | "__int128_t" | "__uint128_t" => {
                let unsigned = t == "__uint128_t"
                    || (k > 0 && tok(k - 1) == "unsigned")
                    || tok(k + 1) == "unsigned";
                let mut start = toks[k].0;
                let mut end = toks[k].1;
                if k > 0 && matches!(tok(k - 1), "unsigned" | "signed") {
                    start = toks[k - 1].0;
                }
                if matches!(tok(k + 1), "unsigned" | "signed") {
                    end = toks[k + 1].1;
                    k += 1;
                }
                let name = if unsigned {
                    "__boulder_uint128"
                } else {
                    "__boulder_int128"
                };
                edits.push(Edit {
                    start,
                    end,
                    with: name.into(),
                });
            }
            "_Alignof" | "__alignof__" | "__alignof" if tok(k + 1) == "(" => {
                if let Some(close) = matching(text, &toks, k + 1) {
                    // Already a typeof: nothing to do.
                    if !tok(k + 2).contains("typeof") {
                        edits.push(Edit {
                            start: toks[k + 1].1,
                            end: toks[k + 1].1,
                            with: "__typeof__(".into(),
                        });
                        edits.push(Edit {
                            start: toks[close].0,
                            end: toks[close].0,
                            with: ")".into(),
                        });
                    }
                }
            }
            "?" if tok(k + 1) == ":" => {
                edits.push(Edit {
                    start: toks[k].1,
                    end: toks[k + 1].0,
                    with: " __boulder_elvis() ".into(),
                });
            }
            // `__auto_type x = e;`: the initializer runs to `,` or `;` at depth 0.
            "__auto_type" if tok(k + 2) == "=" => {
                let from = k + 3;
                let mut depth = 0i32;
                let mut to = from;
                while to < toks.len() {
                    match tok(to) {
                        "(" | "[" | "{" => depth += 1,
                        ")" | "]" | "}" => depth -= 1,
                        "," | ";" if depth == 0 => break,
                        _ => {}
                    }
                    to += 1;
                }
                if to > from && to < toks.len() {
                    let init = &text[toks[from].0..toks[to - 1].1];
                    edits.push(Edit {
                        start: toks[k].0,
                        end: toks[k].1,
                        with: format!("__typeof__({init})"),
                    });
                }
            }
            "struct" | "union" | "enum"
                if tok(k + 1) == "__attribute__" || tok(k + 1) == "__attribute" =>
            {
                // struct __attribute__((…)) S { … }  →  struct S { … } __attribute__((…))
                let attr_open = k + 2;
                if let Some(attr_close) = (tok(attr_open) == "(")
                    .then(|| matching(text, &toks, attr_open))
                    .flatten()
                {
                    let mut body = attr_close + 1;
                    if is_ident(text.as_bytes()[toks.get(body).map_or(0, |t| t.0)]) {
                        body += 1;
                    }
                    if tok(body) == "{" {
                        if let Some(close) = matching(text, &toks, body) {
                            let attr = text[toks[k + 1].0..toks[attr_close].1].to_string();
                            edits.push(Edit {
                                start: toks[k + 1].0,
                                end: toks[attr_close].1,
                                with: String::new(),
                            });
                            edits.push(Edit {
                                start: toks[close].1,
                                end: toks[close].1,
                                with: format!(" {attr}"),
                            });
                            k = attr_close;
                        }
                    }
                }
            }
            "__attribute__" | "__attribute" => {
                let after_colon = k > 0 && tok(k - 1) == ":" && !(k > 1 && tok(k - 2) == "?");
                let open = k + 1;
                if let Some(close) = (tok(open) == "(")
                    .then(|| matching(text, &toks, open))
                    .flatten()
                {
                    let inner = &text[toks[open].1..toks[close].0];
                    let fallthrough = inner.contains("fallthrough") && tok(close + 1) == ";";
                    if after_colon || fallthrough {
                        edits.push(Edit {
                            start: toks[k].0,
                            end: toks[close].1,
                            with: String::new(),
                        });
                        k = close;
                    }
                }
            }
            _ => {}
        }
        k += 1;
    }
    apply(text, edits)
}

/// Declares the type names the rewrite introduces (at the very start; they map to
/// offset 0).
const PRELUDE: &str = "typedef struct __boulder_i128 __boulder_int128; typedef struct __boulder_u128 __boulder_uint128;\n";

fn apply(text: &str, mut edits: Vec<Edit>) -> Rewritten {
    if edits
        .iter()
        .any(|e| e.with.contains("__boulder_") && e.with.contains("int128"))
    {
        edits.push(Edit {
            start: 0,
            end: 0,
            with: PRELUDE.into(),
        });
    }
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len() + 64);
    let mut runs = vec![(0usize, 0usize, false)];
    let mut at = 0;
    for e in edits {
        if e.start < at {
            continue;
        }
        out.push_str(&text[at..e.start]);
        if !e.with.is_empty() {
            runs.push((out.len(), e.start, true));
            out.push_str(&e.with);
        }
        at = e.end;
        runs.push((out.len(), at, false));
    }
    out.push_str(&text[at..]);
    Rewritten { text: out, runs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_map_back_to_the_original() {
        let src = "int a = _Alignof(x); unsigned __int128 b; int c = y ?: 3;";
        let r = rewrite(src);
        assert_eq!(
            r.text,
            format!("{PRELUDE}int a = _Alignof(__typeof__(x)); __boulder_uint128 b; int c = y ? __boulder_elvis() : 3;")
        );
        let c = r.text.find("int c").unwrap();
        assert_eq!(r.original(c), src.find("int c").unwrap());
        let b = r.text.find(" b;").unwrap();
        assert_eq!(r.original(b), src.find(" b;").unwrap());
    }

    #[test]
    fn struct_attributes_move_behind_the_body() {
        let r = rewrite("struct __attribute__((packed)) S { char c; int i; } s;");
        assert_eq!(
            r.text,
            "struct  S { char c; int i; } __attribute__((packed)) s;"
        );
    }

    #[test]
    fn label_attributes_and_fallthrough_are_blanked() {
        let r = rewrite(
            "l: __attribute__((unused)) ; case 1: x++; __attribute__((fallthrough)); c ? a : b;",
        );
        assert_eq!(r.text, "l:  ; case 1: x++; ; c ? a : b;");
    }

    #[test]
    fn non_ascii_text_is_tokenised_by_characters() {
        // Found by fuzzing (c_front): a byte-wise token split a UTF-8 character.
        for text in [
            "int x = 1 \u{e9}\u{20ac}; ?: __int128",
            "char *s = \"\\\u{e9}\"; int \u{1F600};",
        ] {
            let r = rewrite(text);
            let _ = r.original(r.text.len());
        }
    }

    #[test]
    fn strings_are_left_alone() {
        let src = "char *s = \"?: __int128 _Alignof(x)\";";
        assert!(rewrite(src).is_identity());
        assert_eq!(rewrite(src).text, src);
    }
}
