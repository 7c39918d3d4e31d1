//! The exact part of `<math.h>` (C11 7.12 with Annex F's IEEE 754 semantics, glibc on
//! x86-64): absolute value, square root, rounding to integers, `fmin`/`fmax`, `copysign`,
//! `modf`, the classification macros (which `<math.h>` expands to gcc builtins) and the
//! constants `INFINITY`, `NAN`, `HUGE_VAL`. Every other math function (`sin`, `exp`,
//! `pow`, …) is UNKNOWN by name: its result is not correctly rounded in glibc, so no
//! exact model exists short of glibc's own code. A program that defines a function of the
//! same name gets its own.

use super::value::Val;
use super::{unsup, Translator, R};
use crate::types::{CType, FloatKind, IntKind};
use lang_c::ast::Expression;
use lang_c::span::Node;
use logic::float::{FloatFormat, IntegralRounding};
use logic::Sort;

/// What a library name computes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum MathFn {
    Fabs,
    Sqrt,
    Round(IntegralRounding),
    Min,
    Max,
    CopySign,
    Modf,
    IsNan,
    IsInf,
    IsInfSign,
    IsFinite,
    IsNormal,
    SignBit,
    /// glibc's `__signbit`/`__signbitf` functions: some nonzero value when set (8, 128 or
    /// 512 depending on the build), unlike gcc's builtin.
    SignBitFunction,
    FpClassify,
    Inf,
    Nan,
}

impl MathFn {
    /// The classification macros and functions: an `int` about a floating operand.
    fn classifies(self) -> bool {
        matches!(
            self,
            MathFn::IsNan
                | MathFn::IsInf
                | MathFn::IsInfSign
                | MathFn::IsFinite
                | MathFn::IsNormal
                | MathFn::SignBit
                | MathFn::SignBitFunction
                | MathFn::FpClassify
        )
    }
}

/// A math function's name split into what it computes and the floating type it works in:
/// `sqrtf` is `Sqrt` on `float`, `__builtin_fabsl` is `Fabs` on `long double`.
fn classify(name: &str) -> Option<(MathFn, FloatKind)> {
    use MathFn::*;
    let base = name.strip_prefix("__builtin_").unwrap_or(name);
    let exact = |s: &str| -> Option<MathFn> {
        Some(match s {
            "fabs" => Fabs,
            "sqrt" => Sqrt,
            "floor" => Round(IntegralRounding::Floor),
            "ceil" => Round(IntegralRounding::Ceil),
            "trunc" => Round(IntegralRounding::Trunc),
            "round" => Round(IntegralRounding::HalfAway),
            // The default rounding mode (Boulder refuses `fesetround` to another).
            "rint" | "nearbyint" | "roundeven" => Round(IntegralRounding::HalfEven),
            "fmin" => Min,
            "fmax" => Max,
            "copysign" => CopySign,
            "modf" => Modf,
            "inf" | "huge_val" => Inf,
            "nan" => Nan,
            _ => return None,
        })
    };
    for (suffix, kind) in [
        ("f", FloatKind::Float),
        ("l", FloatKind::LongDouble),
        ("", FloatKind::Double),
    ] {
        if let Some(stem) = base.strip_suffix(suffix) {
            if let Some(m) = exact(stem) {
                return Some((m, kind));
            }
        }
    }
    // The classification macros: gcc's type-generic builtins (the operand's own type
    // decides: `FloatKind::Double` only stands for "generic" here, see `math_call`)…
    let generic = match name {
        "__builtin_isnan" => Some(IsNan),
        "__builtin_isinf" => Some(IsInf),
        "__builtin_isinf_sign" => Some(IsInfSign),
        "__builtin_isfinite" => Some(IsFinite),
        "__builtin_isnormal" => Some(IsNormal),
        "__builtin_signbit" | "__builtin_signbitf" => Some(SignBit),
        "__builtin_fpclassify" => Some(FpClassify),
        _ => None,
    };
    if let Some(m) = generic {
        return Some((m, FloatKind::Double));
    }
    // …and glibc's functions for compilers without them, which take their declared type
    // (`__isinf` is -1 for -∞, as glibc returns it).
    let (m, kind) = match name {
        "__isnan" => (IsNan, FloatKind::Double),
        "__isnanf" => (IsNan, FloatKind::Float),
        "__isinf" => (IsInfSign, FloatKind::Double),
        "__isinff" => (IsInfSign, FloatKind::Float),
        "__finite" => (IsFinite, FloatKind::Double),
        "__finitef" => (IsFinite, FloatKind::Float),
        "__signbit" => (SignBitFunction, FloatKind::Double),
        "__signbitf" => (SignBitFunction, FloatKind::Float),
        _ => return None,
    };
    Some((m, kind))
}

/// Functions of `<math.h>` that Boulder does not model, named in the UNKNOWN reason.
const UNMODELLED: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "logb",
    "pow",
    "cbrt",
    "hypot",
    "fmod",
    "remainder",
    "remquo",
    "fma",
    "fdim",
    "erf",
    "erfc",
    "lgamma",
    "tgamma",
    "frexp",
    "ldexp",
    "scalbn",
    "scalbln",
    "ilogb",
    "nextafter",
    "nexttoward",
    "lround",
    "llround",
    "lrint",
    "llrint",
];

/// The return type of a modelled math function, where it is not declared (builtins).
pub(crate) fn math_return_type(name: &str) -> Option<CType> {
    let (m, kind) = classify(name)?;
    Some(if m.classifies() {
        CType::int()
    } else {
        CType::Float(kind)
    })
}

impl<'a> Translator<'a> {
    /// A call of a math function: `None` for names that are not math functions and where
    /// the program defines its own.
    pub fn libm_builtin(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        at: usize,
    ) -> Option<R<Val>> {
        if self.functions.contains_key(name) {
            return None;
        }
        if name == "fesetround" || name == "fegetround" {
            return Some(self.rounding_mode(name, args, at));
        }
        let Some((m, kind)) = classify(name) else {
            let base = name.strip_prefix("__builtin_").unwrap_or(name);
            let stem = base
                .strip_suffix('f')
                .or_else(|| base.strip_suffix('l'))
                .filter(|s| UNMODELLED.contains(s))
                .unwrap_or(base);
            if UNMODELLED.contains(&stem) {
                return Some(unsup(
                    format!("the math function `{name}` (not modelled exactly)"),
                    at,
                ));
            }
            return None;
        };
        Some(self.math_call(name, m, kind, args, at))
    }

    fn math_call(
        &mut self,
        name: &str,
        m: MathFn,
        kind: FloatKind,
        args: &[Node<Expression>],
        at: usize,
    ) -> R<Val> {
        let t = self.terms.clone();
        if matches!(m, MathFn::Inf | MathFn::Nan) {
            let f = self.float_format(kind, at)?;
            let bits = match m {
                MathFn::Inf => f.inf_bits(),
                _ => self.nan_constant(args, f, at)?,
            };
            return Ok(Val::Float(t.fp_bits(bits, f), f));
        }
        let arg = |s: &mut Self, i: usize| -> R<Val> {
            match args.get(i) {
                Some(a) => s.rvalue(a),
                None => unsup("a math function called with too few arguments", at),
            }
        };
        // Type-generic builtins take the operand's type; glibc's functions their
        // declared one.
        if m.classifies() {
            let operand = if m == MathFn::FpClassify { 5 } else { 0 };
            let v = arg(self, operand)?;
            let builtin = name.starts_with("__builtin_");
            let (x, f) = match v {
                Val::Float(x, f) if builtin => (x, f),
                other => {
                    let f = self.float_format(kind, at)?;
                    (self.float_of(other, f, at)?, f)
                }
            };
            return self.classification(m, x, f, args, at);
        }
        let f = self.float_format(kind, at)?;
        let x = arg(self, 0)?;
        let x = self.float_of(x, f, at)?;
        let r = match m {
            MathFn::Fabs => t.fp_abs(x, f),
            MathFn::Sqrt => t.fp_sqrt(x, f),
            MathFn::Round(mode) => t.fp_round_integral(x, mode, f),
            MathFn::CopySign => {
                let y = arg(self, 1)?;
                let y = self.float_of(y, f, at)?;
                // The sign of a NaN `y` is whatever gcc's code left there.
                let y = self.nan_sign_unknown(y, f);
                t.fp_copysign(x, y, f)
            }
            MathFn::Min | MathFn::Max => {
                let y = arg(self, 1)?;
                let y = self.float_of(y, f, at)?;
                let r = t.fp_min_max(x, y, m == MathFn::Max, f);
                // A signalling NaN operand: glibc on x86-64 propagates it (as arithmetic
                // would), i386's glibc ignores it like a quiet one — and gcc's folds
                // (`(float)(double)x` to `x`, `x * 1.0f` to `x`) decide whether a NaN that
                // came from a signalling input is still signalling when fmin sees it, where
                // Boulder's operations have quieted it. So a NaN operand computed at run
                // time gives either result; a constant one (`NAN`) is what it says.
                let maybe_signalling = |v| {
                    if t.as_bv_const(v).is_some() {
                        t.fp_is_signalling(v, f)
                    } else {
                        t.fp_is_nan(v, f)
                    }
                };
                let any_signalling = t.or2(maybe_signalling(x), maybe_signalling(y));
                let r = if t.is_false(any_signalling) {
                    r
                } else {
                    let ignored = t.fp_min_max(
                        t.ite(t.fp_is_nan(x, f), t.fp_quiet(x, f), x),
                        t.ite(t.fp_is_nan(y, f), t.fp_quiet(y, f), y),
                        m == MathFn::Max,
                        f,
                    );
                    let propagated = t.fp_propagate_nan(&[x, y], f, ignored);
                    let pick = self.temp(Sort::Bool);
                    self.emit_havoc(pick);
                    t.ite(any_signalling, t.ite(pick, propagated, ignored), r)
                };
                // Two zeros of opposite signs: C11 F.10.9.2 leaves the sign to the
                // implementation (and gcc's constant folding and glibc disagree), so
                // either operand.
                let zeros = t.and(&[
                    t.fp_is_zero(x, f),
                    t.fp_is_zero(y, f),
                    t.xor(t.fp_sign(x, f), t.fp_sign(y, f)),
                ]);
                if t.is_false(zeros) {
                    r
                } else {
                    let pick = self.temp(Sort::Bool);
                    self.emit_havoc(pick);
                    t.ite(zeros, t.ite(pick, x, y), r)
                }
            }
            MathFn::Modf => {
                // C11 7.12.6.12: the integral part through the pointer, the fraction
                // with the argument's sign returned (±0 for integers and infinities).
                let Some(p) = args.get(1) else {
                    return unsup("modf without its pointer argument", at);
                };
                let p = self.pointer_value(p)?;
                let place = self.deref_place(&p, at)?;
                // The argument is read before the store: `modf(x, &x)`.
                let x = {
                    let snapshot = self.temp(Sort::Bv(f.width()));
                    self.emit_assign(snapshot, x);
                    snapshot
                };
                let ip = t.fp_round_integral(x, IntegralRounding::Trunc, f);
                let stored = self.convert(Val::Float(ip, f), &self.place_type(&place), at)?;
                self.store_place(&place, stored, at)?;
                let frac = t.fp_sub(x, ip, f);
                let frac = t.ite(t.fp_is_inf(x, f), t.fp_bits(0, f), frac);
                let frac = t.fp_copysign(frac, x, f);
                t.ite(t.fp_is_nan(x, f), t.fp_quiet(x, f), frac)
            }
            _ => unreachable!("handled above"),
        };
        Ok(Val::Float(r, f))
    }

    /// `isnan`, `isinf`, `isfinite`, `isnormal`, `signbit`, `fpclassify` (C11 7.12.3):
    /// `int` results as gcc's builtins give them (`signbit`: 0 or 1 here; C only asks
    /// for nonzero, and glibc's macro gives gcc's builtin, which is 0 or 1 at -O0 on
    /// doubles too).
    fn classification(
        &mut self,
        m: MathFn,
        x: logic::Term,
        f: FloatFormat,
        args: &[Node<Expression>],
        at: usize,
    ) -> R<Val> {
        let t = self.terms.clone();
        let k = IntKind::Int;
        let of_cond = |s: &Self, c| Val::Int(t.ite(c, s.bv(1, k), s.bv(0, k)), k);
        Ok(match m {
            MathFn::IsNan => of_cond(self, t.fp_is_nan(x, f)),
            MathFn::IsInf => of_cond(self, t.fp_is_inf(x, f)),
            MathFn::IsFinite => of_cond(self, t.fp_is_finite(x, f)),
            MathFn::IsNormal => {
                let normal = t.and(&[
                    t.fp_is_finite(x, f),
                    t.not(t.fp_is_zero(x, f)),
                    t.not(t.fp_is_subnormal(x, f)),
                ]);
                of_cond(self, normal)
            }
            // gcc's builtin gives the sign bit in place for a float (`INT_MIN`) and 0 or 1
            // for a double (at -O0, as replays compile). A NaN's sign is unknown.
            MathFn::SignBit => {
                let x = self.nan_sign_unknown(x, f);
                let set = match f {
                    FloatFormat::Single => self.bv(i32::MIN as i128, k),
                    FloatFormat::Double => self.bv(1, k),
                };
                Val::Int(t.ite(t.fp_sign(x, f), set, self.bv(0, k)), k)
            }
            MathFn::SignBitFunction => {
                let x = self.nan_sign_unknown(x, f);
                let any = self.temp(Sort::Bv(32));
                self.emit_havoc(any);
                let nonzero = t.ite(t.eq(any, self.bv(0, k)), self.bv(1, k), any);
                Val::Int(t.ite(t.fp_sign(x, f), nonzero, self.bv(0, k)), k)
            }
            MathFn::IsInfSign => {
                let v = t.ite(
                    t.fp_is_inf(x, f),
                    t.ite(t.fp_sign(x, f), self.bv(-1, k), self.bv(1, k)),
                    self.bv(0, k),
                );
                Val::Int(v, k)
            }
            MathFn::FpClassify => {
                // `__builtin_fpclassify(nan, inf, normal, subnormal, zero, x)`.
                let mut codes = Vec::with_capacity(5);
                for i in 0..5 {
                    let Some(a) = args.get(i) else {
                        return unsup("__builtin_fpclassify with too few arguments", at);
                    };
                    let v = self.rvalue(a)?;
                    let (c, ck) = self.integer(v, at)?;
                    codes.push(self.convert_int(c, ck, k));
                }
                let v = t.ite(
                    t.fp_is_nan(x, f),
                    codes[0],
                    t.ite(
                        t.fp_is_inf(x, f),
                        codes[1],
                        t.ite(
                            t.fp_is_zero(x, f),
                            codes[4],
                            t.ite(t.fp_is_subnormal(x, f), codes[3], codes[2]),
                        ),
                    ),
                );
                Val::Int(v, k)
            }
            _ => unreachable!("a classification"),
        })
    }

    /// `x` with a nondeterministic sign where it is a NaN. IEEE 754 §6.3 leaves a NaN
    /// result's sign unspecified, and gcc at -O0 already reorders the operands of `+` and
    /// `*` and folds negations (`a - -b` to `a + b`), so which NaN an operation returns,
    /// with which sign, is not what the source says. Boulder's operations return x86's
    /// NaN for the source's operand order; where a program observes a NaN's sign
    /// (`signbit`, `copysign`), it observes any sign instead, so no verdict depends on it.
    fn nan_sign_unknown(&mut self, x: logic::Term, f: FloatFormat) -> logic::Term {
        let t = self.terms.clone();
        if t.is_false(t.fp_is_nan(x, f)) {
            return x;
        }
        let sign = self.temp(Sort::Bool);
        self.emit_havoc(sign);
        let flipped = t.fp_neg(x, f);
        t.ite(t.and2(t.fp_is_nan(x, f), sign), flipped, x)
    }

    /// `fegetround()` is `FE_TONEAREST` (0 on x86); `fesetround(FE_TONEAREST)` changes
    /// nothing. Another mode is UNKNOWN: every operation is modelled round-to-nearest.
    fn rounding_mode(&mut self, name: &str, args: &[Node<Expression>], at: usize) -> R<Val> {
        let k = IntKind::Int;
        if name == "fesetround" {
            let Some(a) = args.first() else {
                return unsup("fesetround without an argument", at);
            };
            match self.probe(|s| s.const_int(a)) {
                Some(Ok(0)) => {}
                _ => return unsup("a rounding mode other than to-nearest (fesetround)", at),
            }
        }
        Ok(Val::Int(self.bv(0, k), k))
    }

    /// `nan("")`: the quiet NaN with payload zero. Other payload strings are
    /// implementation-defined (C11 7.12.11.2); only the empty one is modelled.
    fn nan_constant(&mut self, args: &[Node<Expression>], f: FloatFormat, at: usize) -> R<u128> {
        match args.first().map(|a| &a.node) {
            Some(Expression::StringLiteral(s))
                if super::literal::string_bytes(&s.node)
                    .is_some_and(|b| b.iter().all(|c| *c == 0)) =>
            {
                Ok(f.inf_bits() | f.quiet_bit())
            }
            _ => unsup("nan() with a payload string", at),
        }
    }
}
