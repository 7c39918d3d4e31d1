//! A union with several members, read through members other than the one last stored
//! (type punning): the stored bytes are reinterpreted as the member read (C11 6.5.2.3:3
//! and its footnote 95, 6.2.6.1), which gcc documents as what it does, little-endian on
//! x86. The front end keeps such a union as one word of `8 * sizeof` bits, every member a
//! slice of it at gcc's offset.
//!
//! One type `union W` of 2 to 4 members: integers of every kind, `float`, `double`,
//! arrays of them, a struct of small integers (`struct WP`), a struct of bit-fields
//! (`struct WB`), an array of two of either, and a bit-field of its own; at most 16 bytes
//! (the front end's widest word). The first two members usually make a classic pair: an
//! integer and a floating member (a float's bits), an integer and a byte array, a struct
//! of shorts and an int, a bit-field struct and an unsigned. Objects: globals (zero,
//! `{v}` for the first member, `{.m = v}` for another, C11 6.7.9:17), an array of three,
//! a member of a struct, main's local and local array, a pointer to one. Integer members
//! are lvalues like any other (so assigned, compound-assigned, incremented and read in
//! expressions, at variable indices in their arrays); statements write one member and
//! read another, assign whole unions, `memset` them (and whole arrays of them), copy
//! struct members and compute with floating members. Every union object's bytes are
//! observed (`Observable::word`), and the layout (`sizeof`, `_Alignof`).
//!
//! Kept out: the address of a member (also an array member decaying to a pointer): the
//! front end has no address inside a word (UNKNOWN). Pointer members, `long double` and
//! unions over 16 bytes: UNKNOWN too. `_Bool` members: a byte other than 0 or 1 is no
//! value of `_Bool` (a trap representation, C11 6.2.6.1:5), and gcc reads the byte as it
//! is; enum members are left out with them (an enum is its compatible integer type, which
//! the integer members cover). Bytes never stored: a local union starts from `memset`, a
//! copy, or an initializer of a scalar or array member, which gcc completes by clearing
//! the whole object first (the padding inside a struct member that an initializer covers
//! whole keeps what the stack had: C11 6.7.9:10 zeroes the padding of static objects
//! only). Floating members read as values obey `float.rs`'s rules (a signalling NaN's
//! bits are read as they are, without arithmetic; a conversion to an integer type is
//! guarded; only a variable is negated): in float programs they are floating lvalues of
//! `float.rs`'s expressions.

use super::float::TARGETS;
use super::{Gen, Observable, TYPES};

/// What a member of `union W` is.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    Int(&'static str),
    /// `double` when true.
    Float(bool),
    /// Element type and length (a power of two: indices are masked).
    IntArray(&'static str, u64),
    FloatArray(bool, u64),
    /// `struct WP`, or an array of two of them.
    Pair(Option<u64>),
    /// `struct WB`, or an array of two of them.
    Bits(Option<u64>),
    /// A bit-field of the union itself: declared type and width.
    BitField(&'static str, u32),
}

#[derive(Clone, Debug)]
pub(crate) struct Member {
    name: String,
    kind: Kind,
}

impl Member {
    fn floating(&self) -> bool {
        matches!(self.kind, Kind::Float(_) | Kind::FloatArray(..))
    }
}

/// `union W` and the structs its members are.
#[derive(Clone)]
pub(crate) struct UnionDef {
    members: Vec<Member>,
    /// `struct WP`'s fields.
    pair: Vec<(String, &'static str)>,
    /// `struct WB`'s named bit-fields.
    bits: Vec<String>,
    /// The size in LP64 (ILP32's is never larger).
    size: u64,
}

/// An object of type `union W`: how its members are reached.
#[derive(Clone)]
pub(crate) enum UnionObj {
    /// A variable or a struct's member (`gw`, `gwh.u`, `lw`).
    Var(String),
    /// An array of three (`gwa`).
    Array(String),
    /// A pointer to one (`wp`).
    Ptr(String),
}

/// Integer types of `struct WP`'s fields (small ones: a struct of shorts is the classic).
const PAIR_TYPES: [&str; 7] = [
    "short",
    "unsigned short",
    "unsigned short",
    "char",
    "unsigned char",
    "int",
    "unsigned int",
];

/// Declared types of bit-fields that are members of the union, and the widest width
/// taken (`long long` ones of 33 to 63 bits gcc computes in a type of its own, which the
/// front end leaves UNKNOWN).
const BIT_TYPES: [(&str, u32); 6] = [
    ("unsigned int", 32),
    ("int", 32),
    ("unsigned short", 16),
    ("unsigned char", 8),
    ("unsigned long long", 32),
    ("long long", 32),
];

/// Size (and alignment) of a scalar type in LP64.
fn size_of(ty: &str) -> u64 {
    match ty {
        "char" | "signed char" | "unsigned char" => 1,
        "short" | "unsigned short" => 2,
        "int" | "unsigned int" | "float" => 4,
        _ => 8,
    }
}

fn float_type(double: bool) -> &'static str {
    if double {
        "double"
    } else {
        "float"
    }
}

impl UnionDef {
    /// `struct WP`'s size and alignment in LP64.
    fn pair_layout(&self) -> (u64, u64) {
        let (mut off, mut align) = (0u64, 1u64);
        for (_, ty) in &self.pair {
            let s = size_of(ty);
            off = off.next_multiple_of(s) + s;
            align = align.max(s);
        }
        (off.next_multiple_of(align), align)
    }

    /// A member's size and alignment in LP64.
    fn layout(&self, k: &Kind) -> (u64, u64) {
        match k {
            Kind::Int(ty) | Kind::BitField(ty, _) => (size_of(ty), size_of(ty)),
            Kind::Float(d) => (size_of(float_type(*d)), size_of(float_type(*d))),
            Kind::IntArray(ty, n) => (size_of(ty) * n, size_of(ty)),
            Kind::FloatArray(d, n) => {
                let s = size_of(float_type(*d));
                (s * n, s)
            }
            Kind::Pair(n) => {
                let (s, a) = self.pair_layout();
                (s * n.unwrap_or(1), a)
            }
            // Named and unnamed `int` bit-fields of at most 32 bits in all.
            Kind::Bits(n) => (4 * n.unwrap_or(1), 4),
        }
    }

    fn union_size(&self, members: &[Member]) -> u64 {
        let (size, align) = members.iter().fold((0, 1), |(s, a), m| {
            let (ms, ma) = self.layout(&m.kind);
            (s.max(ms), a.max(ma))
        });
        size.next_multiple_of(align)
    }
}

impl Gen {
    fn member_kind(&mut self, theme_int: bool) -> Kind {
        match self.rng.below(if theme_int { 3 } else { 9 }) {
            0 | 1 => {
                let ty = *self.rng.pick(&TYPES);
                Kind::Int(ty.0)
            }
            2 => {
                let (ty, w) = *self.rng.pick(&BIT_TYPES);
                Kind::BitField(ty, 1 + self.rng.below(w as u64) as u32)
            }
            3 => Kind::Float(self.rng.chance(50)),
            4 | 5 => {
                let ty = *self.rng.pick(&[
                    "unsigned char",
                    "char",
                    "signed char",
                    "short",
                    "unsigned short",
                    "int",
                    "unsigned int",
                    "long long",
                ]);
                let n = *self.rng.pick(&[2, 4, 8, 16]);
                Kind::IntArray(ty, n)
            }
            6 => Kind::FloatArray(self.rng.chance(50), *self.rng.pick(&[2, 4])),
            7 => Kind::Pair(if self.rng.chance(25) { Some(2) } else { None }),
            _ => Kind::Bits(if self.rng.chance(25) { Some(2) } else { None }),
        }
    }

    /// `union W` (and `struct WP`, `struct WB` where members are of them) into `head`:
    /// a classic pair of members, 0 to 2 more, in a random order, 16 bytes at most.
    fn union_type(&mut self, head: &mut String) -> UnionDef {
        let mut def = UnionDef {
            members: Vec::new(),
            pair: (0..2 + self.rng.below(3))
                .map(|k| (format!("p{k}"), *self.rng.pick(&PAIR_TYPES)))
                .collect(),
            bits: Vec::new(),
            size: 0,
        };
        // Two shorts (or a short and a char…) make the classic struct; a long long
        // sometimes (its alignment is 4 in ILP32's structs, 8 in LP64's).
        if self.rng.chance(15) {
            def.pair.push(("p9".into(), "long long"));
        }
        let theme = self.rng.below(5);
        let mut kinds = match theme {
            0 => {
                // A float's bits as an integer of its size, or as two halves.
                self.note("union: float and integer");
                let d = self.rng.chance(50);
                let other = match (d, self.rng.below(3)) {
                    (true, 0) => Kind::Int("unsigned long long"),
                    (true, 1) => Kind::Int("long long"),
                    (true, _) => Kind::IntArray("unsigned int", 2),
                    (false, 0) => Kind::Int("unsigned int"),
                    (false, 1) => Kind::Int("int"),
                    (false, _) => Kind::IntArray("unsigned short", 2),
                };
                vec![Kind::Float(d), other]
            }
            1 => {
                self.note("union: integer and bytes");
                let ty = *self.rng.pick(&[
                    "unsigned int",
                    "int",
                    "unsigned long long",
                    "long",
                    "unsigned short",
                ]);
                let n = size_of(ty).max(2);
                let b = *self.rng.pick(&["unsigned char", "char", "signed char"]);
                vec![Kind::Int(ty), Kind::IntArray(b, n)]
            }
            2 => {
                self.note("union: struct and integer");
                def.pair = vec![
                    ("lo".into(), *self.rng.pick(&["unsigned short", "short"])),
                    ("hi".into(), *self.rng.pick(&["unsigned short", "short"])),
                ];
                let ty = *self.rng.pick(&["unsigned int", "int"]);
                vec![Kind::Pair(None), Kind::Int(ty)]
            }
            3 => {
                self.note("union: bit-fields and integer");
                let ty = *self.rng.pick(&["unsigned int", "int", "unsigned short"]);
                vec![Kind::Bits(None), Kind::Int(ty)]
            }
            _ => {
                let a = self.member_kind(false);
                let b = self.member_kind(true);
                vec![a, b]
            }
        };
        for _ in 0..self.rng.below(3) {
            let k = self.member_kind(false);
            kinds.push(k);
        }
        // A random order: the first member is the one `{v}` initializes.
        for i in (1..kinds.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            kinds.swap(i, j);
        }
        for k in kinds {
            let m = Member {
                name: format!("m{}", def.members.len()),
                kind: k,
            };
            let mut with = def.members.clone();
            with.push(m.clone());
            if def.union_size(&with) <= 16 {
                def.members.push(m);
            }
        }
        if def.members.len() < 2 {
            def.members.push(Member {
                name: format!("m{}", def.members.len()),
                kind: Kind::Int("unsigned int"),
            });
        }
        def.size = def.union_size(&def.members);
        if def.members.iter().any(|m| matches!(m.kind, Kind::Pair(_))) {
            head.push_str("struct WP {");
            for (f, ty) in &def.pair {
                head.push_str(&format!(" {ty} {f};"));
            }
            head.push_str(" };\n");
        }
        if def.members.iter().any(|m| matches!(m.kind, Kind::Bits(_))) {
            // `int` bit-fields, 32 bits in all (one unit: the struct is 4 bytes),
            // sometimes unnamed padding between them.
            head.push_str("struct WB {");
            let mut left = 32u64;
            for k in 0..2 + self.rng.below(3) {
                if left == 0 {
                    break;
                }
                let w = 1 + self.rng.below(left.min(20));
                left -= w;
                if k > 0 && self.rng.chance(15) {
                    head.push_str(&format!(" unsigned : {w};"));
                    continue;
                }
                let ty = if self.rng.chance(30) {
                    "int"
                } else {
                    "unsigned int"
                };
                let name = format!("b{k}");
                head.push_str(&format!(" {ty} {name} : {w};"));
                def.bits.push(name);
            }
            head.push_str(" };\n");
        }
        head.push_str("union W {");
        for m in &def.members {
            let decl = match &m.kind {
                Kind::Int(ty) => format!("{ty} {}", m.name),
                Kind::Float(d) => format!("{} {}", float_type(*d), m.name),
                Kind::IntArray(ty, n) => format!("{ty} {}[{n}]", m.name),
                Kind::FloatArray(d, n) => format!("{} {}[{n}]", float_type(*d), m.name),
                Kind::Pair(None) => format!("struct WP {}", m.name),
                Kind::Pair(Some(n)) => format!("struct WP {}[{n}]", m.name),
                Kind::Bits(None) => format!("struct WB {}", m.name),
                Kind::Bits(Some(n)) => format!("struct WB {}[{n}]", m.name),
                Kind::BitField(ty, w) => format!("{ty} {} : {w}", m.name),
            };
            head.push_str(&format!(" {decl};"));
        }
        head.push_str(" };\n");
        def
    }

    /// An initializer of a member (the text after `=` or `.m =`).
    fn member_init(&mut self, def: &UnionDef, m: &Member) -> String {
        let list = |g: &mut Gen, n: u64, f: &mut dyn FnMut(&mut Gen) -> String| {
            let vals: Vec<String> = (0..1 + g.rng.below(n)).map(|_| f(g)).collect();
            format!("{{{}}}", vals.join(", "))
        };
        match &m.kind {
            Kind::Int(_) | Kind::BitField(..) => self.constant(),
            Kind::Float(d) => self.float_constant(*d),
            Kind::IntArray(_, n) => list(self, *n, &mut |g| g.constant()),
            Kind::FloatArray(d, n) => {
                let d = *d;
                list(self, *n, &mut |g| g.float_constant(d))
            }
            Kind::Pair(None) => list(self, def.pair.len() as u64, &mut |g| g.constant()),
            Kind::Pair(Some(n)) => {
                let fields = def.pair.len() as u64;
                list(self, *n, &mut |g| list(g, fields, &mut |g| g.constant()))
            }
            Kind::Bits(None) => list(self, def.bits.len() as u64, &mut |g| g.constant()),
            Kind::Bits(Some(n)) => {
                let fields = def.bits.len() as u64;
                list(self, *n, &mut |g| list(g, fields, &mut |g| g.constant()))
            }
        }
    }

    /// `{v}` (the first member) or `{.m = v}` (a member of `members`, C11 6.7.9:17).
    fn union_init(&mut self, def: &UnionDef, members: &[Member]) -> String {
        let m = self.rng.pick(members).clone();
        let v = self.member_init(def, &m);
        if m.name == def.members[0].name && self.rng.chance(50) {
            self.note("union initializer");
            format!("{{{v}}}")
        } else {
            self.note("union designated initializer");
            format!("{{.{} = {v}}}", m.name)
        }
    }

    /// Observables of a union object's bytes (C expression `expr`, CFA variable `var`).
    fn word_observables(
        def: &UnionDef,
        var: &str,
        index: Option<u64>,
        observables: &mut Vec<Observable>,
    ) {
        for k in 0..def.size.div_ceil(8) as u32 {
            observables.push(Observable {
                var: var.into(),
                index,
                ty: "unsigned long long",
                bits: None,
                word: Some(k),
                expr: None,
            });
        }
    }

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
