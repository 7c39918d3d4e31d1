//! Floating-point inputs as C text: exact hexadecimal constants (C11 6.4.4.2, the form
//! `printf("%a")` writes), so that a value in a witness or a harness comment denotes
//! exactly the bit pattern the counterexample holds, and back.

use logic::float::FloatFormat;

/// The C type of a floating input of `width` bits.
pub fn format_of_type(c_type: &str) -> Option<FloatFormat> {
    match c_type {
        "float" => Some(FloatFormat::Single),
        "double" => Some(FloatFormat::Double),
        _ => None,
    }
}

/// `bits` (a binary32 or binary64 pattern) as a C expression of its type: a hexadecimal
/// constant for numbers (`0x1.8p+1`, `-0x1p-149f`), gcc's builtins for infinities and
/// NaNs (`__builtin_nan("0x5")` is the quiet NaN with payload 5, `__builtin_nans` the
/// signalling one), so that every pattern is stated exactly.
pub fn c_float(bits: u128, f: FloatFormat) -> String {
    let x = match f {
        FloatFormat::Single => f32::from_bits(bits as u32) as f64,
        FloatFormat::Double => f64::from_bits(bits as u64),
    };
    let suffix = if f == FloatFormat::Single { "f" } else { "" };
    let builtin = if f == FloatFormat::Single { "f" } else { "" };
    if x.is_nan() {
        let sign = if bits >> (f.width() - 1) & 1 == 1 {
            "-"
        } else {
            ""
        };
        let payload = bits & (f.quiet_bit() - 1);
        let kind = if bits & f.quiet_bit() != 0 {
            "nan"
        } else {
            "nans"
        };
        let payload = if payload == 0 {
            String::new()
        } else {
            format!("{payload:#x}")
        };
        return format!("{sign}__builtin_{kind}{builtin}(\"{payload}\")");
    }
    if x.is_infinite() {
        let sign = if x < 0.0 { "-" } else { "" };
        return format!("{sign}__builtin_inf{builtin}()");
    }
    format!("{}{suffix}", hex(x))
}

/// A finite double as `[-]0x1.hhhp±e` (normal) or `[-]0x0.hhhp-1022` (subnormal, zero).
fn hex(x: f64) -> String {
    let b = x.to_bits();
    let sign = if b >> 63 == 1 { "-" } else { "" };
    let e = ((b >> 52) & 0x7ff) as i64;
    let frac = b & ((1u64 << 52) - 1);
    let (lead, exp) = if e == 0 {
        (0, if frac == 0 { 0 } else { -1022 })
    } else {
        (1, e - 1023)
    };
    let digits = format!("{frac:013x}");
    let digits = digits.trim_end_matches('0');
    let dot = if digits.is_empty() { "" } else { "." };
    format!("{sign}0x{lead}{dot}{digits}p{exp:+}")
}

/// `bits` as text that glibc's `strtod`/`strtof` (so `scanf("%f")`) reads back exactly:
/// hexadecimal for numbers, `inf`, and `nan(0x…)` with the payload (always quiet: `strtod`
/// makes no signalling NaNs).
pub fn strtod_text(bits: u128, f: FloatFormat) -> String {
    let negative = bits >> (f.width() - 1) & 1 == 1;
    let sign = if negative { "-" } else { "" };
    let magnitude = bits & !(1u128 << (f.width() - 1));
    if magnitude > f.inf_bits() {
        let payload = magnitude & (f.quiet_bit() - 1);
        return format!("{sign}nan({payload:#x})");
    }
    if magnitude == f.inf_bits() {
        return format!("{sign}inf");
    }
    c_float(bits, f).trim_end_matches('f').to_string()
}

/// The bit pattern of a finite hexadecimal constant that [`c_float`] wrote (or any
/// exactly representable one); `None` for other text.
pub fn parse_c_float(text: &str, f: FloatFormat) -> Option<u128> {
    let t = text.trim();
    if let Some(bits) = parse_builtin(t, f) {
        return Some(bits);
    }
    let t = t.strip_suffix(['f', 'F']).unwrap_or(t);
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let t = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X"))?;
    let (mantissa, exp) = t.split_once(['p', 'P'])?;
    let exp: i64 = exp.parse().ok()?;
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.len() + frac.len() > 30 {
        return None;
    }
    let mut sig: u128 = 0;
    for ch in int.chars().chain(frac.chars()) {
        sig = sig << 4 | ch.to_digit(16)? as u128;
    }
    let store = logic::TermStore::new();
    // Saturating: an exponent near i64::MIN (any text may say one) is as far outside
    // every format's range as fp_from_scaled's clamp.
    let t = store.fp_from_scaled(sig, exp.saturating_sub(4 * frac.len() as i64), f);
    let (bits, _) = store.as_bv_const(t)?;
    Some(if negative {
        bits | 1u128 << (f.width() - 1)
    } else {
        bits
    })
}

/// `[-]__builtin_inf[f]()`, `[-]__builtin_nan[f]("…")`, `[-]__builtin_nans[f]("…")`.
fn parse_builtin(t: &str, f: FloatFormat) -> Option<u128> {
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t),
    };
    let sign = if negative {
        1u128 << (f.width() - 1)
    } else {
        0
    };
    let t = t.strip_prefix("__builtin_")?;
    let (name, arg) = t.split_once('(')?;
    let arg = arg.strip_suffix(')')?.trim();
    let payload = || -> Option<u128> {
        let s = arg.strip_prefix('"')?.strip_suffix('"')?;
        if s.is_empty() {
            return Some(0);
        }
        let hex = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
        u128::from_str_radix(hex, 16)
            .ok()
            .filter(|p| *p < f.quiet_bit())
    };
    Some(match name {
        "inf" | "inff" if arg.is_empty() => sign | f.inf_bits(),
        "nan" | "nanf" => sign | f.inf_bits() | f.quiet_bit() | payload()?,
        "nans" | "nansf" => sign | f.inf_bits() | payload().filter(|p| *p != 0)?,
        _ => return None,
    })
}

/// Whether `text` is a floating constant [`c_float`] may have written.
pub fn is_c_float(text: &str) -> bool {
    parse_c_float(text, FloatFormat::Double).is_some()
        || parse_c_float(text, FloatFormat::Single).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for x in [
            1.5f64,
            -0.0,
            0.1,
            5e-324,
            2.2250738585072014e-308,
            1e300,
            -3.75,
        ] {
            let s = c_float(x.to_bits() as u128, FloatFormat::Double);
            assert_eq!(
                parse_c_float(&s, FloatFormat::Double),
                Some(x.to_bits() as u128),
                "{s}"
            );
        }
        for x in [1.5f32, 1e-45, -0.1, 3.4e38] {
            let s = c_float(x.to_bits() as u128, FloatFormat::Single);
            assert!(s.ends_with('f'));
            assert_eq!(
                parse_c_float(&s, FloatFormat::Single),
                Some(x.to_bits() as u128),
                "{s}"
            );
        }
        assert_eq!(
            c_float(3.0f64.to_bits() as u128, FloatFormat::Double),
            "0x1.8p+1"
        );
        assert_eq!(
            c_float(f64::INFINITY.to_bits() as u128, FloatFormat::Double),
            "__builtin_inf()"
        );
        for bits in [
            0x7fc00000u128,
            0xffc00005,
            0x7f800001,
            0xff800000,
            0xff812345,
        ] {
            let s = c_float(bits, FloatFormat::Single);
            assert_eq!(parse_c_float(&s, FloatFormat::Single), Some(bits), "{s}");
        }
        assert_eq!(
            c_float(0xffc00000, FloatFormat::Single),
            "-__builtin_nanf(\"\")"
        );
        assert_eq!(
            c_float(0x7f800001, FloatFormat::Single),
            "__builtin_nansf(\"0x1\")"
        );
    }
}
