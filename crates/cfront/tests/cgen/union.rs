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
    pub(super) name: String,
    pub(super) kind: Kind,
}

impl Member {
    pub(super) fn floating(&self) -> bool {
        matches!(self.kind, Kind::Float(_) | Kind::FloatArray(..))
    }
}

/// `union W` and the structs its members are.
#[derive(Clone)]
pub(crate) struct UnionDef {
    pub(super) members: Vec<Member>,
    /// `struct WP`'s fields.
    pub(super) pair: Vec<(String, &'static str)>,
    /// `struct WB`'s named bit-fields.
    pub(super) bits: Vec<String>,
    /// The size in LP64 (ILP32's is never larger).
    pub(super) size: u64,
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
pub(super) fn size_of(ty: &str) -> u64 {
    match ty {
        "char" | "signed char" | "unsigned char" => 1,
        "short" | "unsigned short" => 2,
        "int" | "unsigned int" | "float" => 4,
        _ => 8,
    }
}

pub(super) fn float_type(double: bool) -> &'static str {
    if double {
        "double"
    } else {
        "float"
    }
}

impl UnionDef {
    /// `struct WP`'s size and alignment in LP64.
    pub(super) fn pair_layout(&self) -> (u64, u64) {
        let (mut off, mut align) = (0u64, 1u64);
        for (_, ty) in &self.pair {
            let s = size_of(ty);
            off = off.next_multiple_of(s) + s;
            align = align.max(s);
        }
        (off.next_multiple_of(align), align)
    }

    /// A member's size and alignment in LP64.
    pub(super) fn layout(&self, k: &Kind) -> (u64, u64) {
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

    pub(super) fn union_size(&self, members: &[Member]) -> u64 {
        let (size, align) = members.iter().fold((0, 1), |(s, a), m| {
            let (ms, ma) = self.layout(&m.kind);
            (s.max(ms), a.max(ma))
        });
        size.next_multiple_of(align)
    }
}

impl Gen {
    pub(super) fn member_kind(&mut self, theme_int: bool) -> Kind {
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
    pub(super) fn union_type(&mut self, head: &mut String) -> UnionDef {
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
    pub(super) fn member_init(&mut self, def: &UnionDef, m: &Member) -> String {
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
    pub(super) fn union_init(&mut self, def: &UnionDef, members: &[Member]) -> String {
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
    pub(super) fn word_observables(
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
}
