//! Whether a generated expression is closed: it mentions no variable, so gcc folds it
//! to a constant at compile time (even at -O0).
//!
//! gcc then folds `0.0 - e` into `-e` where it believes `e` cannot be −0 (a converted
//! integer), which gives −0 for `e == 0` where IEEE 754 gives +0. Boulder leaves the sign
//! of a zero sum with a constant zero operand open (`lower/float.rs`), which includes
//! gcc's −0, but the differential's concrete run resolves that open choice to +0: so the
//! floating generator keeps closed operands away from `+` and `-` (`float.rs`).

use super::float::MATH_FUNCTIONS;
use super::Gen;

/// Identifiers that are not variables: keywords of types and `sizeof` (and every
/// `__builtin_…` function).
const NOT_VARIABLES: [&str; 13] = [
    "float", "double", "int", "char", "short", "long", "unsigned", "signed", "_Bool", "sizeof",
    "struct", "union", "void",
];

impl Gen {
    /// Whether `e` (the text of a generated expression) mentions no variable.
    pub(super) fn closed(&self, e: &str) -> bool {
        closed(e, &self.enumerators)
    }
}

/// Whether `e` mentions no variable. Enumerators, struct tags, keywords and function names
/// are constants; so are numbers (decimal and hexadecimal, with their exponents and
/// suffixes) and character constants.
fn closed(e: &str, enumerators: &[String]) -> bool {
    let b = e.as_bytes();
    let mut i = 0;
    let mut after_tag_keyword = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            // A number: digits, letters (hex digits, `x`, exponents, suffixes), the
            // point, and the sign of an exponent (`e` in decimal, `p` in hex).
            let hex = b.get(i + 1).is_some_and(|&x| x == b'x' || x == b'X') && c == b'0';
            i += 1;
            while i < b.len() {
                let x = b[i];
                let exponent = if hex { b"pP" } else { b"eE" };
                let sign = (x == b'+' || x == b'-') && exponent.contains(&b[i - 1]);
                if x.is_ascii_alphanumeric() || x == b'_' || x == b'.' || sign {
                    i += 1;
                } else {
                    break;
                }
            }
        } else if c == b'\'' {
            // A character constant (the generator writes no escapes but `\'`).
            i += 1;
            while i < b.len() && b[i] != b'\'' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &e[start..i];
            let constant = after_tag_keyword
                || NOT_VARIABLES.contains(&word)
                || word.starts_with("__builtin_")
                || MATH_FUNCTIONS.iter().any(|(f, _)| *f == word)
                || enumerators.iter().any(|n| n == word);
            if !constant {
                return false;
            }
            after_tag_keyword = word == "struct" || word == "union";
        } else {
            i += 1;
        }
    }
    true
}

#[test]
fn closed_expressions_are_told_from_open_ones() {
    let e = ["E1".to_string()];
    for closed_one in [
        "floorf((float) 0x1.2d00000000000000p-743f)",
        "((float) (char) (1e-5 + 0x1fp+3 - 'a' * E1))",
        "(sizeof(struct s0) - 2.5e+3f)",
        "fminf(0.5f, -0.0f)",
        "(__builtin_isinf_sign(1.0) + __builtin_fpclassify(0, 1, 4, 3, 2, 2.5f))",
    ] {
        assert!(closed(closed_one, &e), "{closed_one}");
    }
    for open in [
        "(xb & 3)",
        "floorf(f1) - 0.0f",
        "(E1 + s0.in.a)",
        "((double) g2)",
    ] {
        assert!(!closed(open, &e), "{open}");
    }
}
