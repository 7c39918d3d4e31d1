//! Boulder's infix syntax for terms, shared by the textual CFA format and every display
//! of a formula (traces, predicates, DOT labels).
//!
//! ```text
//! x + 1 <u 10 && !(b) => a[i + 1] == 0
//! ite(x <s 0, -x, x)[7:0] == 255bv8
//! forall(k: bv8; k <=u 255)
//! ```
//! Bare numerals take their sort from the context (the other operand, the assigned
//! variable); the printer writes a sort suffix (`5bv32`, `5int`) exactly where the context
//! would not supply one, so printing and parsing are inverse.

mod expr;
mod lexer;
mod print;

pub use expr::{parse_term, Elaborator, Expr, ExprKind, ExprParser, VarScope};
pub use lexer::{quote, Lexer, SyntaxError, Token, TokenKind};
