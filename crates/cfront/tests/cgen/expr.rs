//! Constants, lvalues and side-effect-free expressions.

use super::{Gen, TYPES};

impl Gen {
    pub(super) fn note(&mut self, c: &'static str) {
        *self.constructs.entry(c).or_default() += 1;
    }

    pub(super) fn fresh(&mut self, base: &str) -> String {
        self.fresh += 1;
        format!("{base}{}", self.fresh)
    }

    pub(super) fn ty(&mut self) -> &'static str {
        self.rng.pick(&TYPES).0
    }

    pub(super) fn constant(&mut self) -> String {
        match self.rng.below(10) {
            0 => "0".into(),
            1 => "1".into(),
            2 => "-1".into(),
            3 => format!("0x{:x}", self.rng.next_u64() & 0xffff_ffff),
            4 => format!("{}u", self.rng.below(300)),
            5 => format!("{}LL", self.rng.next_u64() as i64 >> self.rng.below(63)),
            6 => "'a'".into(),
            7 if !self.enumerators.is_empty() => {
                self.note("enum constant");
                self.rng.pick(&self.enumerators).clone()
            }
            8 => {
                self.note("sizeof");
                match self.rng.below(4) {
                    0 => format!("sizeof({})", self.ty()),
                    1 if !self.arrays.is_empty() => {
                        let a = self.rng.pick(&self.arrays).name.clone();
                        format!("sizeof {a}")
                    }
                    2 if !self.structs.is_empty() => {
                        let s = self.rng.pick(&self.structs).name.clone();
                        format!("sizeof(struct {s})")
                    }
                    _ => "sizeof(long)".into(),
                }
            }
            _ => format!("{}", self.rng.below(1000) as i64 - 500),
        }
    }

    /// An lvalue of integer type (its text), reading or writing scalars, array
    /// elements, struct fields, and objects through pointers.
    pub(super) fn lvalue(&mut self) -> String {
        for _ in 0..4 {
            match self.rng.below(6) {
                0 if !self.arrays.is_empty() => {
                    let a = self.rng.pick(&self.arrays).clone();
                    let idx: Vec<String> = a
                        .dims
                        .iter()
                        .map(|d| format!("[({}) & {}]", self.simple(), d - 1))
                        .collect();
                    self.note(if a.dims.len() == 2 {
                        "2-D array"
                    } else {
                        "array"
                    });
                    return format!("{}{}", a.name, idx.concat());
                }
                1 if !self.struct_vars.is_empty() => {
                    let sv = self.rng.pick(&self.struct_vars).clone();
                    self.note("struct field");
                    return self.field(&sv.name, sv.def);
                }
                4 if (self.union_def.is_some() || self.first.is_some()) && self.rng.chance(50) => {
                    // Inside a union's word (`union.rs`), or in a struct that
                    // first-member pointers view (`first_member.rs`).
                    let l = if self.first.is_none()
                        || (self.union_def.is_some() && self.rng.chance(50))
                    {
                        self.union_lvalue()
                    } else {
                        self.first_member_lvalue()
                    };
                    if let Some(l) = l {
                        return l;
                    }
                }
                3 if !self.bit_vars.is_empty() => {
                    if let Some(b) = self.bitfield_lvalue() {
                        return b;
                    }
                }
                2 if !self.pointers.is_empty() => {
                    let p = self.rng.pick(&self.pointers).clone();
                    if p.len > 1 {
                        self.note("pointer into array");
                        if self.rng.chance(50) {
                            return format!("{}[({}) & {}]", p.name, self.simple(), p.len - 1);
                        }
                        return format!("*({} + (({}) & {}))", p.name, self.simple(), p.len - 1);
                    }
                    self.note("pointer dereference");
                    return format!("*{}", p.name);
                }
                _ if !self.scalars.is_empty() => {
                    return self.rng.pick(&self.scalars).name.clone();
                }
                _ => {}
            }
        }
        self.scalars
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_else(|| "g0".into())
    }

    /// A field path of a struct variable, down to an integer.
    pub(super) fn field(&mut self, base: &str, def: usize) -> String {
        let d = self.structs[def].clone();
        if let Some(n) = d.nested {
            if self.rng.chance(40) {
                self.note("nested struct");
                return self.field(&format!("{base}.in"), n);
            }
        }
        let (f, _, arr) = self.rng.pick(&d.fields).clone();
        if arr {
            format!("{base}.{f}[({}) & 1]", self.simple())
        } else {
            format!("{base}.{f}")
        }
    }

    /// A small side-effect-free expression (for indices).
    pub(super) fn simple(&mut self) -> String {
        if !self.scalars.is_empty() && self.rng.chance(70) {
            self.rng.pick(&self.scalars).name.clone()
        } else {
            format!("{}", self.rng.below(8))
        }
    }

    /// A side-effect-free integer expression.
    pub(super) fn expr(&mut self, depth: u32) -> String {
        if depth == 0 || self.rng.chance(20) {
            return if self.rng.chance(65) {
                self.lvalue()
            } else {
                self.constant()
            };
        }
        let d = depth - 1;
        match self.rng.below(16) {
            0..=2 => {
                let op = *self.rng.pick(&["+", "-", "*", "&", "|", "^"]);
                format!("({} {op} {})", self.expr(d), self.expr(d))
            }
            3 => {
                let op = *self.rng.pick(&["/", "%"]);
                format!("({} {op} (({}) & 7 | 1))", self.expr(d), self.expr(d))
            }
            4 => {
                self.note("shift");
                let op = *self.rng.pick(&["<<", ">>"]);
                format!("({} {op} (({}) & 7))", self.expr(d), self.expr(d))
            }
            5 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("({} {op} {})", self.expr(d), self.expr(d))
            }
            6 => {
                self.note("&& ||");
                let op = *self.rng.pick(&["&&", "||"]);
                format!("({} {op} {})", self.expr(d), self.expr(d))
            }
            7 => {
                let op = *self.rng.pick(&["-", "~", "!"]);
                format!("({op}({}))", self.expr(d))
            }
            8 => {
                self.note("cast");
                format!("(({}) {})", self.ty(), self.expr(d))
            }
            9 => {
                self.note("?:");
                format!("({} ? {} : {})", self.expr(d), self.expr(d), self.expr(d))
            }
            10 => {
                self.note("comma");
                format!("({}, {})", self.expr(d), self.expr(d))
            }
            11 => {
                self.note("cast");
                format!("(_Bool) {}", self.expr(d))
            }
            12 if !self.fn_ptrs.is_empty() => self.fn_ptr_comparison(),
            13 if !self.floats.is_empty() => self.float_int_expr(d),
            // A union's member read, floating ones under `float.rs`'s guards.
            14 if !self.union_objs.is_empty() => match self.union_expr() {
                Some(e) => e,
                None => self.lvalue(),
            },
            _ => format!("({} + {})", self.expr(d), self.expr(d)),
        }
    }

    pub(super) fn cond(&mut self) -> String {
        self.expr(2)
    }
}
