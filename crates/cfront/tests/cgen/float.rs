//! Floating point: `float` and `double` globals (scalars and an array, their bit patterns
//! observed), locals from constants and from `__VERIFIER_nondet_float`/`_double`, a
//! pointer to one, arithmetic in both formats and mixed (the usual arithmetic
//! conversions), comparisons, truth values, `?:`, conversions from every integer type and
//! between the formats, conversions to integer types under a guard that keeps them in
//! range (out of range is undefined), compound assignments, `++`/`--`, and the exact part
//! of `<math.h>` with the classification macros (as gcc's builtins, which is what glibc's
//! `<math.h>` expands them to).
//!
//! Implementation-defined corners are kept out of the observed values: `fmin`/`fmax` of
//! two zeros of opposite signs (either zero, C11 F.10.9.2) goes through `+ 0.0`, which
//! makes every zero +0 and changes nothing else but quieting a NaN (which `fmin` has
//! done already), and `fmin`/`fmax` of a NaN is not called (gcc treats the functions
//! as commutative and passes the arguments in the order it likes, and Boulder leaves a
//! computed NaN operand's fate open); `signbit` is compared with 0 on `float` operands (gcc's builtin gives
//! the sign bit in place there, `0x80000000`), and neither `signbit` nor `copysign`'s
//! sign source sees a NaN (Boulder leaves a NaN's sign open where a program looks at it).
//!
//! NaNs' bit patterns are observed exactly, as SSE computes them, which Boulder models.
//! gcc rewrites some expressions even at -O0 in ways that keep every number but not
//! every NaN, so the programs avoid those shapes: a negation is only of a variable, as
//! the operand of a comparison or of `sqrt`/`fmin`/`fmax`, or a whole right-hand side
//! (gcc makes `a - -b` into `a + b`, `-a * -b` into `a * b`, `-a + b` into `b - a`,
//! `-(a * c)` into `a * -c`, `ceil(-a)` into `-floor(a)`, which changes a NaN's sign or
//! which NaN comes out); no explicit `(double)` of a `float` (gcc drops `(float) (double) x`,
//! which quiets a signalling NaN); math functions take the variant of their
//! argument's format (gcc makes `(float) fabs((double) x)` into `fabsf(x)`, which keeps
//! a signalling NaN that the conversion quiets). The compiler's `-fsignaling-nans` keeps
//! `x * 1.0`, `x / 1.0`, `x - 0.0` and `x * -1.0` from being folded (`native`).

use super::{Gen, Observable};

/// A floating lvalue that needs no evaluation (a variable): its name and format.
#[derive(Clone)]
pub(crate) struct FloatVar {
    pub(super) name: String,
    pub(super) double: bool,
}

/// A floating array (4 elements).
#[derive(Clone)]
pub(crate) struct FloatArray {
    pub(super) name: String,
    pub(super) double: bool,
}

/// The math functions a program may call, declared as `<math.h>` declares them (the
/// native side keeps these names when it renames a program's identifiers).
pub const MATH_FUNCTIONS: [(&str, &str); 22] = [
    ("fabs", "double fabs(double);"),
    ("fabsf", "float fabsf(float);"),
    ("sqrt", "double sqrt(double);"),
    ("sqrtf", "float sqrtf(float);"),
    ("floor", "double floor(double);"),
    ("floorf", "float floorf(float);"),
    ("ceil", "double ceil(double);"),
    ("ceilf", "float ceilf(float);"),
    ("round", "double round(double);"),
    ("roundf", "float roundf(float);"),
    ("trunc", "double trunc(double);"),
    ("truncf", "float truncf(float);"),
    ("rint", "double rint(double);"),
    ("rintf", "float rintf(float);"),
    ("nearbyint", "double nearbyint(double);"),
    ("nearbyintf", "float nearbyintf(float);"),
    ("fmin", "double fmin(double, double);"),
    ("fminf", "float fminf(float, float);"),
    ("fmax", "double fmax(double, double);"),
    ("fmaxf", "float fmaxf(float, float);"),
    ("copysign", "double copysign(double, double);"),
    ("copysignf", "float copysignf(float, float);"),
];

/// `modf` and `modff` (they store through a pointer: statements only).
pub const MODF: [(&str, &str); 2] = [
    ("modf", "double modf(double, double *);"),
    ("modff", "float modff(float, float *);"),
];

/// Integer types a floating value is converted to, with the open interval of values
/// whose integral part each represents, per data model (`long` differs).
pub(super) const TARGETS: [(&str, &str, &str); 12] = [
    ("char", "-129.0", "128.0"),
    ("signed char", "-129.0", "128.0"),
    ("unsigned char", "-1.0", "256.0"),
    ("short", "-32769.0", "32768.0"),
    ("unsigned short", "-1.0", "65536.0"),
    ("int", "-2147483649.0", "2147483648.0"),
    ("unsigned int", "-1.0", "4294967296.0"),
    // The next double below -2^63 is -2^63 - 2048: `x > ` it is `x >= -2^63`.
    (
        "long",
        "(sizeof(long) == 8 ? -9223372036854777856.0 : -2147483649.0)",
        "(sizeof(long) == 8 ? 9223372036854775808.0 : 2147483648.0)",
    ),
    (
        "unsigned long",
        "-1.0",
        "(sizeof(long) == 8 ? 18446744073709551616.0 : 4294967296.0)",
    ),
    (
        "long long",
        "-9223372036854777856.0",
        "9223372036854775808.0",
    ),
    ("unsigned long long", "-1.0", "18446744073709551616.0"),
    ("_Bool", "", ""),
];

/// Constants of both formats: decimal and hexadecimal, subnormal, huge, rounded ones,
/// and the spellings C allows (`1.`, `.5`, exponent signs, upper case).
const DOUBLES: [&str; 24] = [
    "0.0",
    "-0.0",
    "1.0",
    "0.1",
    "2.5",
    "-3.75",
    "1e300",
    "-1e300",
    "1e-310",
    "0x1p-1074",
    "0x1.8p-3",
    "0x1.fffffffffffffp1023",
    "1.7976931348623157e308",
    "2.2250738585072014e-308",
    "9007199254740993.0",
    "0.3333333333333333",
    "1.",
    ".5",
    "1e+2",
    "0X1P-2",
    "0x.8p1",
    "4294967296.0",
    "9223372036854775808.0",
    "123456789.125",
];

const FLOATS: [&str; 22] = [
    "0.0f",
    "-0.0f",
    "1.0f",
    "0.1f",
    "2.5f",
    "-1.5f",
    "1e-40f",
    "1.0e-45f",
    "0x1p-149f",
    "0x1.8p-3f",
    "0x1.fffffep127f",
    "3.4028235e38f",
    "1.17549435e-38f",
    "16777217.0f",
    "123456789.0f",
    "1e10f",
    "0x1.0000011p0f",
    "1.F",
    ".5f",
    "1E-2f",
    "2147483648.0f",
    "0.333333343f",
];

/// Constants whose sums, differences and products stay in range.
const MODERATE: [&str; 12] = [
    "0.1f",
    "0.1",
    "1e-40f",
    "1e-310",
    "3.0",
    "-7.5f",
    "0x1.8p-3",
    "16777217",
    "1e10f",
    "0.3333333333333333",
    "2147483647",
    "-0.0",
];

impl Gen {
    /// A floating constant of the format (sometimes of the other one, or an integer,
    /// which the context converts).
    pub(super) fn float_constant(&mut self, double: bool) -> String {
        self.note("float constant");
        match self.rng.below(10) {
            0 => {
                // Random digits: decimal rounding.
                let mant = self.rng.next_u64() >> self.rng.below(60);
                let frac = self.rng.below(1000);
                // Up to 20 digits before the point: the exponents keep the value in
                // range (a constant out of range violates a constraint, C11 6.4.4:2).
                let exp = if double {
                    self.rng.below(628) as i64 - 340
                } else {
                    self.rng.below(78) as i64 - 60
                };
                let s = if self.rng.chance(30) { "-" } else { "" };
                format!("{s}{mant}.{frac:03}e{exp}{}", if double { "" } else { "f" })
            }
            1 => {
                // Random hex digits: binary rounding (more digits than the format has).
                let mant = self.rng.next_u64();
                let exp = if double {
                    self.rng.below(2080) as i64 - 1080
                } else {
                    self.rng.below(280) as i64 - 155
                };
                format!("0x1.{mant:016x}p{exp}{}", if double { "" } else { "f" })
            }
            2 => {
                // An integer value, rounded to the format.
                let x = self.rng.next_u64() >> self.rng.below(64);
                format!("{x}.0{}", if double { "" } else { "f" })
            }
            3 => {
                let c = if double {
                    *self.rng.pick(&FLOATS)
                } else {
                    *self.rng.pick(&DOUBLES)
                };
                c.to_string()
            }
            _ if double => self.rng.pick(&DOUBLES).to_string(),
            _ => self.rng.pick(&FLOATS).to_string(),
        }
    }

    fn float_type(double: bool) -> &'static str {
        if double {
            "double"
        } else {
            "float"
        }
    }

    /// Floating globals: 1 to 3 scalars (zero, a constant, or a constant expression) and
    /// sometimes an array, all observed by their bit patterns.
    pub(super) fn float_globals(
        &mut self,
        head: &mut String,
        globals: &mut String,
        observables: &mut Vec<Observable>,
    ) {
        self.note("float program");
        for (_, decl) in MATH_FUNCTIONS.iter().chain(&MODF) {
            head.push_str(decl);
            head.push('\n');
        }
        for k in 0..1 + self.rng.below(3) {
            let double = self.rng.chance(50);
            let ty = Self::float_type(double);
            let name = format!("gf{k}");
            match self.rng.below(4) {
                0 => globals.push_str(&format!("{ty} {name};\n")),
                1 => {
                    // A constant expression, folded by the compiler.
                    // Of moderate constants: a constant expression must stay in range
                    // (C11 6.6:4).
                    self.note("float constant expression");
                    let a = *self.rng.pick(&MODERATE);
                    let b = *self.rng.pick(&MODERATE);
                    let op = *self.rng.pick(&["+", "-", "*"]);
                    globals.push_str(&format!("{ty} {name} = {a} {op} {b};\n"));
                }
                _ => {
                    let c = self.float_constant(double);
                    globals.push_str(&format!("{ty} {name} = {c};\n"));
                }
            }
            observables.push(Observable {
                var: name.clone(),
                index: None,
                ty,
                bits: None,
                word: None,
                expr: None,
            });
            self.floats.push(FloatVar { name, double });
        }
        if self.rng.chance(40) {
            self.note("float array");
            let double = self.rng.chance(50);
            let ty = Self::float_type(double);
            if self.rng.chance(50) {
                let vals: Vec<String> = (0..4).map(|_| self.float_constant(double)).collect();
                globals.push_str(&format!("{ty} gfa[4] = {{{}}};\n", vals.join(", ")));
            } else {
                globals.push_str(&format!("{ty} gfa[4];\n"));
            }
            for i in 0..4 {
                observables.push(Observable {
                    var: "gfa".into(),
                    index: Some(i),
                    ty,
                    bits: None,
                    word: None,
                    expr: None,
                });
            }
            self.float_arrays.push(FloatArray {
                name: "gfa".into(),
                double,
            });
        }
    }

    /// main's floating locals: inputs, initialised ones, a pointer to a floating
    /// variable. Each local is also a global `gfl<k>` at the end (`float_sinks`), so
    /// that its bits are observed.
    pub(super) fn float_locals(&mut self, body: &mut String) {
        for k in 0..1 + self.rng.below(3) {
            let double = self.rng.chance(50);
            let ty = Self::float_type(double);
            let name = format!("fx{k}");
            self.note("float nondet");
            body.push_str(&format!("  {ty} {name} = __VERIFIER_nondet_{ty}();\n"));
            self.floats.push(FloatVar { name, double });
        }
        for k in 0..self.rng.below(3) {
            let double = self.rng.chance(50);
            let ty = Self::float_type(double);
            let name = format!("fy{k}");
            let e = if self.rng.chance(30) {
                self.float_constant(double)
            } else {
                self.float_operand(3).0
            };
            body.push_str(&format!("  {ty} {name} = {e};\n"));
            self.floats.push(FloatVar { name, double });
        }
        if self.rng.chance(30) {
            let v = self.rng.pick(&self.floats).clone();
            self.note("float pointer");
            let ty = Self::float_type(v.double);
            body.push_str(&format!("  {ty} *fq = &{};\n", v.name));
            self.float_ptrs.push(FloatVar {
                name: "fq".into(),
                double: v.double,
            });
        }
    }

    /// Globals for main's floating locals (declared in `globals`), and the statements
    /// that copy the locals into them at the end of main.
    pub(super) fn float_sinks(
        &mut self,
        globals: &mut String,
        body: &mut String,
        observables: &mut Vec<Observable>,
    ) {
        let locals: Vec<FloatVar> = self
            .floats
            .iter()
            .filter(|v| !v.name.starts_with('g'))
            .cloned()
            .collect();
        for (k, v) in locals.iter().enumerate() {
            let ty = Self::float_type(v.double);
            let name = format!("gfl{k}");
            globals.push_str(&format!("{ty} {name};\n"));
            body.push_str(&format!("  {name} = {};\n", v.name));
            observables.push(Observable {
                var: name,
                index: None,
                ty,
                bits: None,
                word: None,
                expr: None,
            });
        }
    }

    /// A floating lvalue: a variable, an array element, through the pointer.
    fn flvalue(&mut self) -> Option<(String, bool)> {
        self.flvalue_where().map(|(l, double, _)| (l, double))
    }

    /// A floating lvalue, whether it is a `double`, and whether it is a union's member.
    fn flvalue_where(&mut self) -> Option<(String, bool, bool)> {
        if !self.float_arrays.is_empty() && self.rng.chance(20) {
            let a = self.rng.pick(&self.float_arrays).clone();
            self.note("float array element");
            let l = format!("{}[({}) & 3]", a.name, self.simple());
            return Some((l, a.double, false));
        }
        // A floating member of a union: its bits may be any, a signalling NaN's too.
        if !self.union_objs.is_empty() && self.rng.chance(15) {
            if let Some((l, double)) = self.union_float_lvalue() {
                self.note("union floating member in float expressions");
                return Some((l, double, true));
            }
        }
        if !self.float_ptrs.is_empty() && self.rng.chance(20) {
            let p = self.rng.pick(&self.float_ptrs).clone();
            self.note("float through a pointer");
            return Some((format!("*{}", p.name), p.double, false));
        }
        if self.floats.is_empty() {
            return None;
        }
        let v = self.rng.pick(&self.floats).clone();
        Some((v.name, v.double, false))
    }

    /// An integer operand converted to floating: `(T) e` for an integer type `T`.
    fn int_operand(&mut self) -> String {
        let ty = self.ty();
        format!("(({ty}) {})", self.expr(1))
    }

    /// A side-effect-free floating expression and whether it is a `double`.
    pub(super) fn fexpr(&mut self, depth: u32) -> (String, bool) {
        if depth == 0 || self.rng.chance(20) {
            return match self.rng.below(10) {
                0..=5 => match self.flvalue() {
                    Some(l) => l,
                    None => {
                        let d = self.rng.chance(50);
                        self.typed_constant(d)
                    }
                },
                6 | 7 => {
                    let d = self.rng.chance(50);
                    self.typed_constant(d)
                }
                _ => {
                    self.note("int to float");
                    let d = self.rng.chance(50);
                    let e = self.int_operand();
                    (format!("(({}) {e})", Self::float_type(d)), d)
                }
            };
        }
        let d = depth - 1;
        match self.rng.below(16) {
            0..=3 => {
                let (a, da) = self.fexpr(d);
                let (b, db) = self.fexpr(d);
                let op = self.float_operator(&a, &b);
                if da != db {
                    self.note("float mixed arithmetic");
                } else {
                    self.note("float arithmetic");
                }
                (format!("({a} {op} {b})"), da || db)
            }
            4 => {
                // An integer operand: converted to the floating one's type.
                self.note("float and int arithmetic");
                let (a, da) = self.fexpr(d);
                let b = self.int_operand();
                let op = self.float_operator(&a, &b);
                if self.rng.chance(50) {
                    (format!("({a} {op} {b})"), da)
                } else {
                    (format!("({b} {op} {a})"), da)
                }
            }
            6 => {
                self.note("float ?:");
                let c = if self.rng.chance(50) {
                    self.expr(1)
                } else {
                    self.fexpr(1).0
                };
                let (a, da) = self.fexpr(d);
                let (b, db) = self.fexpr(d);
                (format!("({c} ? {a} : {b})"), da || db)
            }
            5 | 7 => {
                // No explicit `(double)` of a float: gcc drops `(float) (double) x`
                // (see the module's doc).
                self.note("float conversion");
                let (a, da) = self.fexpr(d);
                let to = da && self.rng.chance(30);
                (format!("(({}) {a})", Self::float_type(to)), to)
            }
            8..=11 => self.math_call(d),
            _ => {
                let (a, da) = self.fexpr(d);
                let (b, db) = self.fexpr(d);
                let op = self.float_operator(&a, &b);
                self.note("float arithmetic");
                (format!("({a} {op} {b})"), da || db)
            }
        }
    }

    /// An arithmetic operator for operands `a` and `b`: `+` and `-` only when neither is
    /// closed (gcc folds `0.0 - e` into `-e`, whose zero has the other sign: `closed.rs`).
    fn float_operator(&mut self, a: &str, b: &str) -> &'static str {
        const ALL: [&str; 4] = ["+", "-", "*", "/"];
        const PRODUCTS: [&str; 2] = ["*", "/"];
        // As `Rng::pick` draws: one number below the count of the operators allowed.
        let ops: &[&'static str] = if self.closed(a) || self.closed(b) {
            &PRODUCTS
        } else {
            &ALL
        };
        ops[self.rng.below(ops.len() as u64) as usize]
    }

    /// A floating expression, sometimes a negated variable: the operand of a call or a
    /// comparison, or a whole right-hand side, where gcc does not fold the negation into
    /// the operation around it (`a - -b` is `a + b` to gcc, and it moves the negation of a
    /// product into a constant factor: see the module's doc).
    fn float_operand(&mut self, d: u32) -> (String, bool) {
        let (a, da) = self.fexpr(d);
        let variable = a.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
        if variable && !a.starts_with(|c: char| c.is_ascii_digit()) && self.rng.chance(50) {
            self.note("float negation");
            return (format!("(-({a}))"), da);
        }
        (a, da)
    }

    /// A floating constant and whether it is a `double` (a `float` one ends in `f`).
    fn typed_constant(&mut self, double: bool) -> (String, bool) {
        let c = self.float_constant(double);
        let double = !c.ends_with(['f', 'F']);
        (c, double)
    }

    /// A call of an exact math function.
    fn math_call(&mut self, d: u32) -> (String, bool) {
        let (name, _) = *self.rng.pick(&MATH_FUNCTIONS);
        self.note(match name.trim_end_matches('f') {
            "fabs" | "copysign" => "fabs copysign",
            "sqrt" => "sqrt",
            "fmin" | "fmax" => "fmin fmax",
            _ => "floor ceil round trunc rint",
        });
        // The variant of the argument's format: gcc makes `(float) fabs(x)` of a float
        // `x` into `fabsf(x)` (see the module's doc).
        // Not a negation into an odd function: gcc moves it out (`ceilf(-x)` is
        // `-floorf(x)` to gcc) into the operation around the call.
        let (a, double) = if name.starts_with("sqrt") || name.starts_with("fm") {
            self.float_operand(d)
        } else {
            self.fexpr(d)
        };
        let name = if double {
            name.trim_end_matches('f')
        } else if name.ends_with('f') {
            name
        } else {
            MATH_FUNCTIONS
                .iter()
                .find(|(f, _)| f.len() == name.len() + 1 && f.starts_with(name))
                .map_or(name, |(f, _)| f)
        };
        if name.starts_with("fm") {
            let (b, _) = self.float_operand(d);
            // Either zero for two zeros of opposite signs: `+ 0` makes both +0. A NaN
            // operand computed at run time may be propagated or ignored in Boulder's
            // model (whether it is still signalling depends on gcc's folds, `libm.rs`),
            // and gcc orders the arguments as it likes: a NaN operand gives 0.5 instead.
            let (zero, half) = if double {
                ("0.0", "0.5")
            } else {
                ("0.0f", "0.5f")
            };
            return (
                format!(
                    "(__builtin_isnan({a}) || __builtin_isnan({b}) ? {half} : {name}({a}, {b}) + {zero})"
                ),
                double,
            );
        }
        if name.starts_with("copysign") {
            // A NaN's sign is open in Boulder (IEEE 754 §6.3; gcc does not keep it): the
            // sign source is never one.
            let (b, _) = self.float_operand(d);
            let one = if double { "1.0" } else { "1.0f" };
            return (
                format!("{name}({a}, __builtin_isnan({b}) ? {one} : {b})"),
                double,
            );
        }
        (format!("{name}({a})"), double)
    }

    /// An integer expression about floating values: a comparison, a truth value, a
    /// conversion to an integer type in range, a classification.
    pub(super) fn float_int_expr(&mut self, depth: u32) -> String {
        let d = depth.saturating_sub(1);
        match self.rng.below(12) {
            0..=3 => {
                self.note("float comparison");
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                let (a, _) = self.float_operand(d);
                let b = if self.rng.chance(20) {
                    self.int_operand()
                } else {
                    self.float_operand(d).0
                };
                format!("({a} {op} {b})")
            }
            4 => {
                self.note("float truth value");
                let (a, _) = self.fexpr(d);
                match self.rng.below(4) {
                    0 => format!("(!{a})"),
                    1 => format!("({a} && {})", self.expr(d)),
                    2 => format!("({} || {a})", self.expr(d)),
                    _ => format!("({a} || {})", self.fexpr(d).0),
                }
            }
            5..=7 => {
                self.note("float to int");
                let (ty, lo, hi) = *self.rng.pick(&TARGETS);
                let (a, _) = self.fexpr(d.min(2));
                if ty == "_Bool" {
                    return format!("((_Bool) {a})");
                }
                format!("(({a}) > {lo} && ({a}) < {hi} ? ({ty}) ({a}) : 7)")
            }
            _ => {
                self.note("float classification");
                let (a, double) = self.fexpr(d);
                match self.rng.below(6) {
                    0 => format!("__builtin_isnan({a})"),
                    1 => format!("__builtin_isinf_sign({a})"),
                    2 => format!("__builtin_isfinite({a})"),
                    3 => format!("__builtin_isnormal({a})"),
                    // A NaN's sign is open in Boulder (IEEE 754 §6.3): not asked.
                    4 if double => format!("(__builtin_isnan({a}) ? 0 : __builtin_signbit({a}))"),
                    4 => format!("(__builtin_isnan({a}) ? 0 : __builtin_signbit({a}) != 0)"),
                    _ => format!("__builtin_fpclassify(0, 1, 4, 3, 2, {a})"),
                }
            }
        }
    }

    /// A statement on floating values: assignment, compound assignment, `++`/`--`,
    /// `modf`, a new input.
    pub(super) fn float_statement(&mut self, out: &mut String, ind: usize) {
        let Some((v, double, in_union)) = self.flvalue_where() else {
            return;
        };
        self.float_statement_on(out, ind, &v, double);
        if in_union {
            // A computed NaN's payload is open in Boulder (IEEE 754 §6.2.3), and a union's
            // word shows it to integer reads and to the observed bytes: a NaN stored into
            // a member is replaced at once.
            let half = if double { "0.5" } else { "0.5f" };
            Self::line(
                out,
                ind,
                &format!("if (__builtin_isnan({v})) {v} = {half};"),
            );
        }
    }

    /// A statement on the floating lvalue `v`.
    fn float_statement_on(&mut self, out: &mut String, ind: usize, v: &str, double: bool) {
        match self.rng.below(8) {
            0 | 1 => {
                self.note("float compound assignment");
                let op = *self.rng.pick(&["+=", "-=", "*=", "/="]);
                let rhs = if self.rng.chance(25) {
                    self.int_operand()
                } else {
                    self.fexpr(3).0
                };
                Self::line(out, ind, &format!("{v} {op} {rhs};"));
            }
            2 => {
                self.note("float ++/--");
                let op = *self.rng.pick(&["++", "--"]);
                if self.rng.chance(50) {
                    Self::line(out, ind, &format!("({v}){op};"));
                } else {
                    Self::line(out, ind, &format!("{op}{v};"));
                }
            }
            3 if !self.in_helper => {
                // A plain variable of the same format receives the integral part.
                let same: Vec<String> = self
                    .floats
                    .iter()
                    .filter(|f| f.double == double)
                    .map(|f| f.name.clone())
                    .collect();
                if same.is_empty() {
                    return;
                }
                let ip = self.rng.pick(&same).clone();
                if ip == v {
                    return;
                }
                self.note("modf");
                let f = if double { "modf" } else { "modff" };
                let (a, _) = self.fexpr(2);
                Self::line(out, ind, &format!("{v} = {f}({a}, &{ip});"));
            }
            4 if !self.in_helper => {
                self.note("float nondet");
                let ty = Self::float_type(double);
                Self::line(out, ind, &format!("{v} = __VERIFIER_nondet_{ty}();"));
            }
            _ => {
                self.note("float assignment");
                let (e, _) = self.float_operand(4);
                Self::line(out, ind, &format!("{v} = {e};"));
            }
        }
    }
}
