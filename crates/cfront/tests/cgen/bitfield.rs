//! A struct of bit-fields: random declared types and widths, unnamed and zero-width
//! padding, ordinary members between them, sometimes packed. Its named members are
//! lvalues like any other (stores truncate, loads promote), its layout is observed
//! (`sizeof`, `_Alignof`, the offset of its last member), and `memset`, struct copies and
//! initializers (positional and designated) go over it.

use super::{Gen, Observable};

/// Declared types of bit-fields: C type, width, signedness.
const TYPES: [(&str, u32, bool); 11] = [
    ("char", 8, true),
    ("signed char", 8, true),
    ("unsigned char", 8, false),
    ("short", 16, true),
    ("unsigned short", 16, false),
    ("int", 32, true),
    ("unsigned int", 32, false),
    ("long", 32, true),
    ("unsigned long", 32, false),
    ("long long", 64, true),
    ("unsigned long long", 64, false),
];

/// A named bit-field of the struct.
#[derive(Clone)]
pub(crate) struct BitMember {
    pub(super) name: String,
    pub(super) width: u32,
    pub(super) signed: bool,
}

impl Gen {
    /// `struct B` and its globals `gb` (and `gb2`, initialised) into `head`/`globals`; their
    /// named members as observables; `gbl` the layout as a number.
    pub(super) fn bitfield_struct(
        &mut self,
        head: &mut String,
        globals: &mut String,
        observables: &mut Vec<Observable>,
    ) {
        self.note("bit-field");
        let packed = self.rng.chance(20);
        let mut members = String::new();
        let mut named = Vec::new();
        for k in 0..2 + self.rng.below(6) {
            let r = self.rng.below(10);
            if r == 0 {
                members.push_str(&format!(
                    "  {} o{k};\n",
                    self.rng.pick(&["char", "short", "int"])
                ));
                continue;
            }
            // `long` is 32 bits in ILP32: widths up to 32 fit in both models.
            let (ty, tw, signed) = if r == 1 {
                ("_Bool", 1, false)
            } else if r == 2 && !self.enumerators.is_empty() {
                let negative = self.enumerators.len() == 4 && head.contains("E0 = -3");
                ("enum E", 32, negative)
            } else {
                *self.rng.pick(&TYPES)
            };
            // Widths: 1 to 32 (gcc computes 33 to 63 bits in a type of its own), or all 64.
            let width = if tw == 64 && self.rng.chance(20) {
                64
            } else {
                1 + self.rng.below(tw.min(32) as u64) as u32
            };
            if self.rng.chance(15) {
                self.note("bit-field padding");
                let w = if self.rng.chance(50) { 0 } else { width };
                members.push_str(&format!("  {ty} : {w};\n"));
                continue;
            }
            let name = format!("b{k}");
            members.push_str(&format!("  {ty} {name} : {width};\n"));
            named.push(BitMember {
                name,
                width,
                signed,
            });
        }
        if named.is_empty() {
            members.push_str("  unsigned b9 : 3;\n");
            named.push(BitMember {
                name: "b9".into(),
                width: 3,
                signed: false,
            });
        }
        members.push_str("  char tail;\n");
        let attr = if packed {
            self.note("bit-field packed");
            // `__packed__`: the batch compiler renames identifiers that do not start with `__`.
            " __attribute__((__packed__))"
        } else {
            ""
        };
        head.push_str(&format!("struct{attr} B {{\n{members}}};\n"));
        globals.push_str("struct B gb;\n");
        globals.push_str(
            "unsigned long gbl = sizeof(struct B) * 10000 + _Alignof(struct B) * 100 + __builtin_offsetof(struct B, tail);\n",
        );
        observables.push(Observable {
            var: "gbl".into(),
            index: None,
            ty: "unsigned long",
            bits: None,
            word: None,
            expr: None,
        });
        let mut vars = vec!["gb".to_string()];
        if self.rng.chance(50) {
            self.note("bit-field initializer");
            let vals: Vec<String> = named.iter().map(|_| self.constant()).collect();
            let init = if self.rng.chance(50) {
                vals.join(", ")
            } else {
                named
                    .iter()
                    .zip(&vals)
                    .rev()
                    .map(|(m, v)| format!(".{} = {v}", m.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            globals.push_str(&format!("struct B gb2 = {{ {init} }};\n"));
            vars.push("gb2".into());
        }
        for v in &vars {
            for m in &named {
                observables.push(Observable {
                    var: format!("{v}.{}", m.name),
                    index: None,
                    ty: if m.signed { "int" } else { "unsigned int" },
                    bits: Some(m.width),
                    word: None,
                    expr: None,
                });
            }
        }
        self.bit_vars = vars;
        self.bit_members = named;
    }

    /// A named bit-field of a bit-field struct variable, as an lvalue.
    pub(super) fn bitfield_lvalue(&mut self) -> Option<String> {
        if self.bit_vars.is_empty() {
            return None;
        }
        self.note("bit-field access");
        let v = self.rng.pick(&self.bit_vars).clone();
        let m = self.rng.pick(&self.bit_members).clone();
        Some(format!("{v}.{}", m.name))
    }

    /// Whole-struct statements over the bit-field structs: copy, memset.
    pub(super) fn bitfield_statement(&mut self, out: &mut String, ind: usize) {
        if self.bit_vars.is_empty() {
            return;
        }
        let a = self.rng.pick(&self.bit_vars).clone();
        let b = self.rng.pick(&self.bit_vars).clone();
        if self.rng.chance(50) {
            self.note("bit-field struct copy");
            Self::line(out, ind, &format!("{a} = {b};"));
        } else {
            self.note("bit-field memset");
            let byte = self.rng.below(256);
            Self::line(
                out,
                ind,
                &format!("__builtin_memset(&{a}, {byte}, sizeof {a});"),
            );
        }
    }
}
