//! The objects of `union W` (`union.rs` makes the type) and what programs do with them:
//! globals, main's locals and pointer, integer members as lvalues, statements that write
//! one member and read another, whole-union assignment and `memset`, floating members in
//! expressions, and the globals that receive main's unions at its end (observed).

use super::float::TARGETS;
use super::union::{float_type, Kind, Member, UnionDef, UnionObj};
use super::{Gen, Observable};

impl Gen {
    /// `union W` and its global objects: `gw` (maybe initialized), `gw2` (initialized),
    /// `gwa[3]`, `gwh.u` in a struct, the layout `gwz`.
    pub(super) fn union_globals(
        &mut self,
        head: &mut String,
        globals: &mut String,
        observables: &mut Vec<Observable>,
    ) {
        self.note("union with several members");
        let def = self.union_type(head);
        let all = def.members.clone();
        globals.push_str(
            "unsigned long gwz = sizeof(union W) * 100 + _Alignof(union W) * 10 + (sizeof(union W) > 8);\n",
        );
        observables.push(Observable {
            var: "gwz".into(),
            index: None,
            ty: "unsigned long",
            bits: None,
            word: None,
            expr: None,
        });
        if self.rng.chance(50) {
            let init = self.union_init(&def, &all);
            globals.push_str(&format!("union W gw = {init};\n"));
        } else {
            globals.push_str("union W gw;\n");
        }
        Self::word_observables(&def, "gw", None, observables);
        self.union_objs.push(UnionObj::Var("gw".into()));
        if self.rng.chance(40) {
            let init = self.union_init(&def, &all);
            globals.push_str(&format!("union W gw2 = {init};\n"));
            Self::word_observables(&def, "gw2", None, observables);
            self.union_objs.push(UnionObj::Var("gw2".into()));
        }
        if self.rng.chance(40) {
            self.note("union array");
            if self.rng.chance(50) {
                let (a, b) = (self.union_init(&def, &all), self.union_init(&def, &all));
                globals.push_str(&format!("union W gwa[3] = {{{a}, {b}}};\n"));
            } else {
                globals.push_str("union W gwa[3];\n");
            }
            for i in 0..3 {
                Self::word_observables(&def, "gwa", Some(i), observables);
            }
            self.union_objs.push(UnionObj::Array("gwa".into()));
        }
        if self.rng.chance(30) {
            self.note("union in a struct");
            let ty = self.ty();
            head.push_str(&format!("struct WH {{ {ty} k; union W u; }};\n"));
            if self.rng.chance(50) {
                let (k, u) = (self.constant(), self.union_init(&def, &all));
                globals.push_str(&format!("struct WH gwh = {{{k}, {u}}};\n"));
            } else {
                globals.push_str("struct WH gwh;\n");
            }
            observables.push(Observable {
                var: "gwh.k".into(),
                index: None,
                ty,
                bits: None,
                word: None,
                expr: None,
            });
            Self::word_observables(&def, "gwh.u", None, observables);
            self.union_objs.push(UnionObj::Var("gwh.u".into()));
        }
        self.union_def = Some(def);
    }

    /// main's union `lw` (from `memset`, a copy of a global one, or an initializer that
    /// gcc completes with zeros) and sometimes a pointer `wp` to a union.
    pub(super) fn union_locals(&mut self, body: &mut String) {
        let def = self.union_def.clone().expect("a union");
        if self.rng.chance(70) {
            // Initializers of members with no padding inside (see the module's doc).
            let plain: Vec<Member> = def
                .members
                .iter()
                .filter(|m| !matches!(m.kind, Kind::Pair(_) | Kind::Bits(_) | Kind::BitField(..)))
                .cloned()
                .collect();
            match self.rng.below(3) {
                0 if !plain.is_empty() => {
                    self.note("union local initializer");
                    let init = self.union_init(&def, &plain);
                    body.push_str(&format!("  union W lw = {init};\n"));
                }
                1 => {
                    self.note("union assignment");
                    let src = self.whole_union();
                    body.push_str(&format!("  union W lw = {src};\n"));
                }
                _ => {
                    self.note("union memset");
                    let c = self.rng.below(256);
                    body.push_str(&format!(
                        "  union W lw;\n  __builtin_memset(&lw, {c}, sizeof lw);\n"
                    ));
                }
            }
            self.union_objs.push(UnionObj::Var("lw".into()));
        }
        if self.rng.chance(25) {
            // An array of unions is an array of words: `memset` fills them all.
            self.note("union array memset");
            let c = self.rng.below(256);
            body.push_str(&format!(
                "  union W lwa[3];\n  __builtin_memset(lwa, {c}, sizeof lwa);\n"
            ));
            self.union_objs.push(UnionObj::Array("lwa".into()));
        }
        if self.rng.chance(50) {
            self.note("pointer to a union");
            let target = self.whole_union();
            body.push_str(&format!("  union W *wp = &{target};\n"));
            self.union_objs.push(UnionObj::Ptr("wp".into()));
        }
    }

    /// The globals `gwl` and `gwla` that receive main's local unions at its end
    /// (observed).
    pub(super) fn union_sinks(
        &mut self,
        globals: &mut String,
        body: &mut String,
        observables: &mut Vec<Observable>,
    ) {
        let def = self.union_def.clone().expect("a union");
        if self
            .union_objs
            .iter()
            .any(|o| matches!(o, UnionObj::Var(v) if v == "lw"))
        {
            self.note("union assignment");
            globals.push_str("union W gwl;\n");
            body.push_str("  gwl = lw;\n");
            Self::word_observables(&def, "gwl", None, observables);
        }
        if self
            .union_objs
            .iter()
            .any(|o| matches!(o, UnionObj::Array(a) if a == "lwa"))
        {
            globals.push_str("union W gwla[3];\n");
            for i in 0..3 {
                body.push_str(&format!("  gwla[{i}] = lwa[{i}];\n"));
                Self::word_observables(&def, "gwla", Some(i), observables);
            }
        }
    }

    /// An index into an array of unions (3 elements).
    fn union_index(&mut self) -> String {
        format!("(({}) & 3) % 3", self.simple())
    }

    /// A whole union object (an lvalue of type `union W`).
    fn whole_union(&mut self) -> String {
        match self.rng.pick(&self.union_objs).clone() {
            UnionObj::Var(v) => v,
            UnionObj::Array(a) => format!("{a}[{}]", self.union_index()),
            UnionObj::Ptr(p) => format!("(*{p})"),
        }
    }

    /// A union object's prefix for its members: `gw.`, `gwa[i].`, `wp->`.
    fn union_base(&mut self) -> String {
        match self.rng.pick(&self.union_objs).clone() {
            UnionObj::Var(v) => format!("{v}."),
            UnionObj::Array(a) => format!("{a}[{}].", self.union_index()),
            UnionObj::Ptr(p) => format!("{p}->"),
        }
    }

    /// A member of `m` (under `base`) that is an integer lvalue.
    fn int_member(&mut self, def: &UnionDef, base: &str, m: &Member) -> String {
        let name = &m.name;
        match &m.kind {
            Kind::Int(_) => format!("{base}{name}"),
            Kind::BitField(..) => {
                self.note("union bit-field member");
                format!("{base}{name}")
            }
            Kind::IntArray(_, n) => {
                self.note("union array member");
                format!("{base}{name}[({}) & {}]", self.simple(), n - 1)
            }
            Kind::Pair(n) => {
                self.note("union struct member");
                let (f, _) = self.rng.pick(&def.pair).clone();
                match n {
                    Some(n) => format!("{base}{name}[({}) & {}].{f}", self.simple(), n - 1),
                    None => format!("{base}{name}.{f}"),
                }
            }
            Kind::Bits(n) => {
                self.note("union bit-field struct member");
                let b = self.rng.pick(&def.bits).clone();
                match n {
                    // A bit-field at a variable offset in the word.
                    Some(n) => format!("{base}{name}[({}) & {}].{b}", self.simple(), n - 1),
                    None => format!("{base}{name}.{b}"),
                }
            }
            Kind::Float(_) | Kind::FloatArray(..) => unreachable!("an integer member"),
        }
    }

    /// A floating member of `m` (under `base`) and whether it is a `double`.
    fn float_member(&mut self, base: &str, m: &Member) -> (String, bool) {
        match &m.kind {
            Kind::Float(d) => (format!("{base}{}", m.name), *d),
            Kind::FloatArray(d, n) => {
                self.note("union array member");
                (
                    format!("{base}{}[({}) & {}]", m.name, self.simple(), n - 1),
                    *d,
                )
            }
            _ => unreachable!("a floating member"),
        }
    }

    /// An integer lvalue inside a union (`gw.m1`, `wp->m0[i]`, `gwa[j].m2.lo`), or the
    /// integer beside the union in `struct WH`.
    pub(super) fn union_lvalue(&mut self) -> Option<String> {
        let def = self.union_def.clone()?;
        if self.union_objs.is_empty() {
            return None;
        }
        let ints: Vec<Member> = def
            .members
            .iter()
            .filter(|m| !m.floating())
            .cloned()
            .collect();
        if ints.is_empty() {
            return None;
        }
        if self.rng.chance(10)
            && self
                .union_objs
                .iter()
                .any(|o| matches!(o, UnionObj::Var(v) if v == "gwh.u"))
        {
            return Some("gwh.k".into());
        }
        self.note("union member access");
        let base = self.union_base();
        let m = self.rng.pick(&ints).clone();
        Some(self.int_member(&def, &base, &m))
    }

    /// A floating lvalue inside a union, and whether it is a `double`.
    pub(super) fn union_float_lvalue(&mut self) -> Option<(String, bool)> {
        let def = self.union_def.clone()?;
        let floats: Vec<Member> = def
            .members
            .iter()
            .filter(|m| m.floating())
            .cloned()
            .collect();
        if floats.is_empty() || self.union_objs.is_empty() {
            return None;
        }
        let base = self.union_base();
        let m = self.rng.pick(&floats).clone();
        Some(self.float_member(&base, &m))
    }

    /// An integer expression reading a floating member: a guarded conversion (out of
    /// range is undefined, C11 6.3.1.4:1), a classification, a comparison.
    fn float_read(&mut self, a: &str, double: bool) -> String {
        self.note("union floating member read");
        match self.rng.below(6) {
            0..=2 => {
                let (ty, lo, hi) = *self.rng.pick(&TARGETS);
                if ty == "_Bool" {
                    return format!("((_Bool) {a})");
                }
                format!("(({a}) > {lo} && ({a}) < {hi} ? ({ty}) ({a}) : 7)")
            }
            3 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("({a} {op} {})", self.float_constant(double))
            }
            4 => format!("__builtin_isnan({a})"),
            _ => match self.rng.below(4) {
                0 => format!("__builtin_isinf_sign({a})"),
                1 => format!("__builtin_fpclassify(0, 1, 4, 3, 2, {a})"),
                // gcc's builtin on a float gives the sign bit in place (`float.rs`).
                2 => format!("(__builtin_signbit({a}) != 0)"),
                _ => format!("__builtin_isnormal({a})"),
            },
        }
    }

    /// An integer expression over a union: a member's value, or a floating member's read.
    pub(super) fn union_expr(&mut self) -> Option<String> {
        if self.rng.chance(30) {
            if let Some((a, d)) = self.union_float_lvalue() {
                return Some(self.float_read(&a, d));
            }
        }
        self.union_lvalue()
    }

    /// A floating value for a floating member: a constant, or an integer converted.
    fn float_value(&mut self, double: bool) -> String {
        if self.rng.chance(50) {
            self.float_constant(double)
        } else {
            format!("(({}) ({}))", float_type(double), self.expr(2))
        }
    }

    /// A statement over unions: a member written and another read (type punning), a
    /// whole union assigned or `memset`, a struct member copied, arithmetic on a
    /// floating member, a compound assignment or `++` on an integer member.
    pub(super) fn union_statement(&mut self, out: &mut String, ind: usize) {
        let Some(def) = self.union_def.clone() else {
            return;
        };
        if self.union_objs.is_empty() {
            return;
        }
        match self.rng.below(11) {
            0..=3 => {
                // The same object written through one member, read through another.
                self.note("union type punning");
                let base = self.union_base();
                let floats: Vec<Member> = def
                    .members
                    .iter()
                    .filter(|m| m.floating())
                    .cloned()
                    .collect();
                let w = if !floats.is_empty() && self.rng.chance(40) {
                    self.rng.pick(&floats).clone()
                } else {
                    self.rng.pick(&def.members).clone()
                };
                let r = self.rng.pick(&def.members).clone();
                let written = if w.floating() {
                    let (l, d) = self.float_member(&base, &w);
                    self.note("union floating member written");
                    format!("{l} = {};", self.float_value(d))
                } else {
                    let l = self.int_member(&def, &base, &w);
                    format!("{l} = {};", self.expr(3))
                };
                Self::line(out, ind, &written);
                let read = if r.floating() {
                    let (l, d) = self.float_member(&base, &r);
                    self.float_read(&l, d)
                } else {
                    let l = self.int_member(&def, &base, &r);
                    if self.rng.chance(50) {
                        l
                    } else {
                        format!("({l} {} {})", self.rng.pick(&["+", "^", "-"]), self.expr(2))
                    }
                };
                let t = self.plain_target();
                Self::line(out, ind, &format!("{t} = {read};"));
            }
            4 => {
                let (a, b) = (self.whole_union(), self.whole_union());
                if a != b {
                    self.note("union assignment");
                    Self::line(out, ind, &format!("{a} = {b};"));
                }
            }
            5 if self.rng.chance(25) => {
                let arrays: Vec<String> = self
                    .union_objs
                    .iter()
                    .filter_map(|o| match o {
                        UnionObj::Array(a) => Some(a.clone()),
                        _ => None,
                    })
                    .collect();
                if !arrays.is_empty() {
                    let a = self.rng.pick(&arrays).clone();
                    self.note("union array memset");
                    let c = self.rng.below(256);
                    Self::line(
                        out,
                        ind,
                        &format!("__builtin_memset({a}, {c}, sizeof {a});"),
                    );
                }
            }
            5 => {
                self.note("union memset");
                let c = if self.rng.chance(70) {
                    self.rng.below(256).to_string()
                } else {
                    self.expr(2)
                };
                let u = self.whole_union();
                Self::line(
                    out,
                    ind,
                    &format!("__builtin_memset(&{u}, {c}, sizeof {u});"),
                );
            }
            6 => {
                // A struct member (or an element of an array of them) copied between
                // unions: the bytes of the struct, padding included.
                let structs: Vec<Member> = def
                    .members
                    .iter()
                    .filter(|m| matches!(m.kind, Kind::Pair(_) | Kind::Bits(_)))
                    .cloned()
                    .collect();
                if structs.is_empty() {
                    return;
                }
                let m = self.rng.pick(&structs).clone();
                let (a, b) = (self.union_base(), self.union_base());
                let sub = |g: &mut Gen| match m.kind {
                    Kind::Pair(Some(n)) | Kind::Bits(Some(n)) => {
                        format!("[({}) & {}]", g.simple(), n - 1)
                    }
                    _ => String::new(),
                };
                let (sa, sb) = (sub(self), sub(self));
                self.note("union struct member copy");
                Self::line(out, ind, &format!("{a}{}{sa} = {b}{}{sb};", m.name, m.name));
            }
            7 => {
                let Some((l, d)) = self.union_float_lvalue() else {
                    return;
                };
                self.note("union floating member arithmetic");
                if self.rng.chance(25) {
                    let op = *self.rng.pick(&["++", "--"]);
                    Self::line(out, ind, &format!("{l}{op};"));
                } else {
                    let op = *self.rng.pick(&["+=", "-=", "*=", "/="]);
                    Self::line(out, ind, &format!("{l} {op} {};", self.float_value(d)));
                }
            }
            8 => {
                let Some(l) = self.union_lvalue() else {
                    return;
                };
                self.note("union member ++/--");
                let op = *self.rng.pick(&["++", "--"]);
                if self.rng.chance(50) {
                    Self::line(out, ind, &format!("{l}{op};"));
                } else {
                    Self::line(out, ind, &format!("{op}{l};"));
                }
            }
            _ => {
                let Some(l) = self.union_lvalue() else {
                    return;
                };
                self.note("union member compound assignment");
                let op = *self
                    .rng
                    .pick(&["+=", "-=", "*=", "&=", "|=", "^=", "<<=", ">>="]);
                let rhs = if op.len() == 3 {
                    format!("({}) & 7", self.expr(2))
                } else {
                    self.expr(3)
                };
                Self::line(out, ind, &format!("{l} {op} {rhs};"));
            }
        }
    }
}
