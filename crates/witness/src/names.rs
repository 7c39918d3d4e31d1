//! The names traces and witnesses give CFA variables: the C names the front end recorded
//! in their declarations (`cfa::CName`). A CFA not made from C (a `.cfa` file) has none;
//! there a variable whose name is an identifier goes by it.

use cfa::{CName, Cfa};
use logic::VarId;

/// The C name the front end recorded for `v`.
pub fn c_name(cfa: &Cfa, v: VarId) -> Option<&CName> {
    cfa.var_decl(v)?.c_name.as_ref()
}

/// What a witness may call `v`: its C lvalue, not that of a renamed copy (which C's name
/// would confuse with the variable it shadows).
pub fn witness_name(cfa: &Cfa, v: VarId) -> Option<String> {
    match c_name(cfa, v) {
        Some(c) => c.witness_lvalue().map(str::to_string),
        None => own_name(cfa, v),
    }
}

/// What a trace calls `v`: its C lvalue, a renamed copy's too (a trace says what happened
/// to it; a reader sees which by the line).
pub fn trace_name(cfa: &Cfa, v: VarId) -> Option<String> {
    match c_name(cfa, v) {
        Some(c) => Some(c.lvalue.clone()),
        None => own_name(cfa, v),
    }
}

/// A variable of a CFA not made from C, by its own name if that is an identifier.
fn own_name(cfa: &Cfa, v: VarId) -> Option<String> {
    let name = cfa.terms.var_name(v);
    ctext::is_identifier(&name).then(|| name.to_string())
}
