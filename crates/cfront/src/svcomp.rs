//! The SV-COMP conventions as the front end's types: error functions and nondeterministic
//! input functions with their C types (the table is `ctext::svcomp`, which the harness
//! generator in `witness` reads too).

use crate::types::IntKind;

pub use ctext::svcomp::ERROR_FUNCTIONS;

/// The integer kind of a C type name as the SV-COMP tables write it.
pub fn c_type_kind(name: &str) -> Option<IntKind> {
    use IntKind::*;
    Some(match name {
        "_Bool" => Bool,
        "char" => Char,
        "signed char" => SChar,
        "unsigned char" => UChar,
        "short" => Short,
        "unsigned short" => UShort,
        "int" => Int,
        "unsigned int" => UInt,
        "long" => Long,
        "unsigned long" => ULong,
        "long long" => LongLong,
        "unsigned long long" => ULongLong,
        _ => return None,
    })
}

/// The return type of `__VERIFIER_nondet_<name>`; `None` for names that are not integer
/// input functions.
pub fn nondet_type(function: &str) -> Option<IntKind> {
    c_type_kind(ctext::svcomp::nondet_c_type(function)?)
}

/// The floating format `__VERIFIER_nondet_float` and `__VERIFIER_nondet_double` return.
pub fn nondet_float_type(function: &str) -> Option<logic::float::FloatFormat> {
    match ctext::svcomp::nondet_c_type(function)? {
        "float" => Some(logic::float::FloatFormat::Single),
        "double" => Some(logic::float::FloatFormat::Double),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_names() {
        use super::*;
        assert_eq!(nondet_type("__VERIFIER_nondet_int"), Some(IntKind::Int));
        assert_eq!(nondet_type("__VERIFIER_nondet_u32"), Some(IntKind::UInt));
        assert_eq!(nondet_type("__VERIFIER_nondet_pointer"), None);
        assert_eq!(nondet_type("printf"), None);
    }
}
