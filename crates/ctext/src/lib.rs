//! C program text below parsing, shared by the front end (`cfront`) and the witness
//! writers and readers (`witness`), which must agree on it:
//!
//! - [`scan`]: the one scanner that tells code from comments, literals and preprocessor
//!   lines (the front end's comment stripping and pre-parse check use it, and so do the
//!   places below);
//! - [`places`]: the places a witness names by line and column (the function around a
//!   line, a loop's or an `if`'s keyword, the start of a statement);
//! - [`svcomp`]: the SV-COMP dialect's names (error functions, input functions and their
//!   C types).
//!
//! It does not parse C (that is `cfront`'s, with lang-c) and knows nothing of CFAs,
//! formulas or witnesses: a leaf crate, so that `witness` does not depend on the front
//! end nor the front end on `witness`.

#![forbid(unsafe_code)]

pub mod places;
pub mod scan;
pub mod svcomp;

pub use places::{Definition, Text};

/// Whether `s` is a C identifier a program may declare: letters, digits and `_`, not
/// starting with a digit, and no keyword (C11 6.4.2.1, 6.4.1).
pub fn is_identifier(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !C_KEYWORDS.contains(&s)
}

/// C11's keywords (6.4.1).
pub const C_KEYWORDS: [&str; 44] = [
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Bool",
    "_Complex",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
];
