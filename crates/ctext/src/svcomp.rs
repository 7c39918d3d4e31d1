//! SV-COMP conventions shared by the front end and the harness generator (`witness`): the
//! error functions and the nondeterministic input functions with their C return types.

/// The input name of `main`'s `argc`: its value comes from the command line, and the
/// replay passes that many arguments (`replay.rs`), not through the harness.
pub const ARGC_INPUT: &str = "main:argc";

/// Functions whose call violates `unreach-call`.
pub const ERROR_FUNCTIONS: [&str; 2] = ["reach_error", "__VERIFIER_error"];

/// `__VERIFIER_nondet_<suffix>` and the C type it returns.
pub const NONDET_FUNCTIONS: [(&str, &str); 26] = [
    ("bool", "_Bool"),
    ("_Bool", "_Bool"),
    ("char", "char"),
    ("schar", "signed char"),
    ("uchar", "unsigned char"),
    ("unsigned_char", "unsigned char"),
    ("u8", "unsigned char"),
    ("short", "short"),
    ("s16", "short"),
    ("ushort", "unsigned short"),
    ("unsigned_short", "unsigned short"),
    ("u16", "unsigned short"),
    ("int", "int"),
    ("s32", "int"),
    ("uint", "unsigned int"),
    ("unsigned", "unsigned int"),
    ("unsigned_int", "unsigned int"),
    ("u32", "unsigned int"),
    ("long", "long"),
    ("ulong", "unsigned long"),
    ("unsigned_long", "unsigned long"),
    ("longlong", "long long"),
    ("long_long", "long long"),
    ("ulonglong", "unsigned long long"),
    ("unsigned_long_long", "unsigned long long"),
    ("size_t", "unsigned long"),
];

/// `__VERIFIER_nondet_<suffix>` for the floating types (binary32, binary64).
pub const FLOAT_NONDET_FUNCTIONS: [(&str, &str); 2] = [("float", "float"), ("double", "double")];

/// The C return type of an integer input function, e.g. `int` for
/// `__VERIFIER_nondet_int`.
pub fn nondet_c_type(function: &str) -> Option<&'static str> {
    let suffix = function.strip_prefix("__VERIFIER_nondet_")?;
    NONDET_FUNCTIONS
        .iter()
        .chain(FLOAT_NONDET_FUNCTIONS.iter())
        .find(|(s, _)| *s == suffix)
        .map(|(_, t)| *t)
        .or(match suffix {
            "s64" | "loff_t" => Some("long long"),
            "u64" | "sector_t" => Some("unsigned long long"),
            _ => None,
        })
}

/// The C type that a scanf conversion (`d`, `hhu`, `lld`, …) stores.
pub fn scanf_c_type(conversion: &str) -> Option<&'static str> {
    if conversion.ends_with(['f', 'F', 'e', 'E', 'g', 'G', 'a', 'A']) {
        return match conversion.len() {
            1 => Some("float"),
            2 if conversion.starts_with('l') => Some("double"),
            _ => None,
        };
    }
    let signed = conversion.ends_with('d') || conversion.ends_with('i');
    let len = conversion.trim_end_matches(|c: char| c.is_ascii_alphabetic() && !"hl".contains(c));
    Some(match (len, signed) {
        ("hh", true) => "signed char",
        ("hh", false) => "unsigned char",
        ("h", true) => "short",
        ("h", false) => "unsigned short",
        ("", true) => "int",
        ("", false) => "unsigned int",
        ("l", true) => "long",
        ("l", false) => "unsigned long",
        ("ll", true) => "long long",
        ("ll", false) => "unsigned long long",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn types() {
        assert_eq!(
            nondet_c_type("__VERIFIER_nondet_uint"),
            Some("unsigned int")
        );
        assert_eq!(nondet_c_type("__VERIFIER_nondet_pointer"), None);
        assert_eq!(scanf_c_type("hhu"), Some("unsigned char"));
        assert_eq!(scanf_c_type("lld"), Some("long long"));
        assert_eq!(scanf_c_type("x"), Some("unsigned int"));
    }
}
