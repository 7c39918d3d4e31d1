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

pub use places::Text;
