//! Struct pointers converted to pointers to their first member: C11 6.7.2.1:15 puts no
//! padding before a struct's first member, and a pointer to the struct, suitably
//! converted, points to it (and back). `struct MB { T d[4]; U n; }` (its first member an
//! array: `(T *) &s` points to `d[0]`, and indexes `d`), `struct MH { struct MB b; V t; }`
//! (nested first members: `(T *) &h` is `&h.b.d[0]`, `(struct MB *) &h` is `&h.b`),
//! globals of both and an array `gma[2]` of `struct MB`. Pointers are made by the cast
//! of a struct's address (also of an array element, `(T *) &gma[i]`, and of the `S1`/`S2`
//! variables at their first field's type), and through `void *` (C11 6.3.2.3:1:
//! `void *v = &s; T *q = v;`, `(T *) v`); reads and writes through them, `p[i]` within
//! the first member, mix with the members' direct accesses; the structs' leaves are
//! observed.
//!
//! Kept out: `T` a character type (a `char *` to a struct views all its bytes, another
//! feature), casts between two struct types other than to a first member's, pointer
//! arithmetic beyond the first member, and an element of `gma` through `void *` (its
//! offset in structs and the steps at `T` after it would mix: UNKNOWN by name).

use super::{Gen, Observable, Pointer};

/// The structs and the pointers main made into them.
#[derive(Clone)]
pub(crate) struct FirstMember {
    /// `struct MB`'s first member's element type.
    elem: &'static str,
    /// Pointers of type `struct MB *` (made from `&gmh`).
    mb_ptrs: Vec<String>,
    /// Pointers to first members (also in `Gen::pointers`), with their lengths.
    ptrs: Vec<(String, u64)>,
}

fn is_char(ty: &str) -> bool {
    ty.ends_with("char")
}

impl Gen {
    /// The types and globals `gmb`, `gmh`, `gma[2]`, observed.
    pub(super) fn first_member_globals(
        &mut self,
        head: &mut String,
        globals: &mut String,
        observables: &mut Vec<Observable>,
    ) {
        self.note("first-member structs");
        let elem = loop {
            let t = self.ty();
            if !is_char(t) {
                break t;
            }
        };
        let (n_ty, t_ty) = (self.ty(), self.ty());
        head.push_str(&format!("struct MB {{ {elem} d[4]; {n_ty} n; }};\n"));
        head.push_str(&format!("struct MH {{ struct MB b; {t_ty} t; }};\n"));
        let vals = |g: &mut Gen, n: u64| -> String {
            (0..n).map(|_| g.constant()).collect::<Vec<_>>().join(", ")
        };
        if self.rng.chance(50) {
            let (d, n) = (vals(self, 4), self.constant());
            globals.push_str(&format!("struct MB gmb = {{{{{d}}}, {n}}};\n"));
        } else {
            globals.push_str("struct MB gmb;\n");
        }
        if self.rng.chance(50) {
            let n = 1 + self.rng.below(4);
            let (d, t) = (vals(self, n), self.constant());
            globals.push_str(&format!("struct MH gmh = {{{{{{{d}}}}}, {t}}};\n"));
        } else {
            globals.push_str("struct MH gmh;\n");
        }
        globals.push_str("struct MB gma[2];\n");
        let mut push = |var: &str, index: Option<u64>, ty: &'static str, expr: Option<String>| {
            observables.push(Observable {
                var: var.into(),
                index,
                ty,
                bits: None,
                word: None,
                expr,
            })
        };
        for (v, n) in [("gmb", n_ty), ("gmh.b", n_ty)] {
            for i in 0..4 {
                push(&format!("{v}.d"), Some(i), elem, None);
            }
            push(&format!("{v}.n"), None, n, None);
        }
        push("gmh.t", None, t_ty, None);
        // An array of structs: the CFA's leaves are arrays over all elements
        // (`gma.d` has 8, row-major), C's expressions name the element.
        for i in 0..2 {
            for j in 0..4 {
                push(
                    "gma.d",
                    Some(i * 4 + j),
                    elem,
                    Some(format!("gma[{i}].d[{j}]")),
                );
            }
            push("gma.n", Some(i), n_ty, Some(format!("gma[{i}].n")));
        }
        self.first = Some(FirstMember {
            elem,
            mb_ptrs: Vec::new(),
            ptrs: Vec::new(),
        });
    }

    /// A struct whose first member is (or begins with) `d[4]` (an lvalue of its type),
    /// and which of the three it is.
    fn first_member_target(&mut self) -> (String, &'static str) {
        match self.rng.below(3) {
            0 => ("gmb".into(), "array member"),
            1 => ("gmh".into(), "nested"),
            _ => (format!("gma[({}) & 1]", self.simple()), "array element"),
        }
    }

    /// main's pointers to first members: 1 to 3 of them, from casts of struct addresses
    /// (directly or through `void *`), to `T` or to `struct MB`.
    pub(super) fn first_member_pointers(&mut self, body: &mut String) {
        let mut fm = self.first.clone().expect("first-member structs");
        let elem = fm.elem;
        for k in 0..1 + self.rng.below(3) {
            let name = format!("mp{k}");
            match self.rng.below(6) {
                0..=1 => {
                    let (s, what) = self.first_member_target();
                    self.note(match what {
                        "array member" => "first-member cast: array member",
                        "nested" => "first-member cast: nested",
                        _ => "first-member cast: array element",
                    });
                    body.push_str(&format!("  {elem} *{name} = ({elem} *) &{s};\n"));
                    fm.ptrs.push((name, 4));
                }
                2 => {
                    // `void *` keeps the struct as the target (C11 6.3.2.3:1); the
                    // conversion to `T *` is implicit or a cast.
                    // Not an element of `gma`: through `void *` its offset (in structs)
                    // and the steps at `T` would mix, which Boulder declines (UNKNOWN).
                    self.note("first-member cast: through void *");
                    let s = if self.rng.chance(50) { "gmb" } else { "gmh" };
                    let v = format!("mv{k}");
                    body.push_str(&format!("  void *{v} = &{s};\n"));
                    match self.rng.below(3) {
                        0 => body.push_str(&format!("  {elem} *{name} = {v};\n")),
                        1 => body.push_str(&format!("  {elem} *{name} = ({elem} *) {v};\n")),
                        _ => body
                            .push_str(&format!("  {elem} *{name} = ({elem} *) (void *) &{s};\n")),
                    }
                    // The first member is `T d[4]`: indexed within it.
                    fm.ptrs.push((name, 4));
                }
                3 => {
                    // `struct MH`'s first member is a `struct MB`.
                    self.note("first-member cast: to a struct type");
                    if self.rng.chance(30) {
                        body.push_str(&format!("  struct MB *{name} = (void *) &gmh;\n"));
                    } else {
                        body.push_str(&format!("  struct MB *{name} = (struct MB *) &gmh;\n"));
                    }
                    fm.mb_ptrs.push(name);
                }
                _ => {
                    // A struct variable of `S1`/`S2` at its first field's type.
                    let svs: Vec<(String, &'static str, bool)> = self
                        .struct_vars
                        .iter()
                        .map(|sv| {
                            let (_, ty, arr) = self.structs[sv.def].fields[0].clone();
                            (sv.name.clone(), ty, arr)
                        })
                        .filter(|(_, ty, _)| !is_char(ty))
                        .collect();
                    if svs.is_empty() {
                        continue;
                    }
                    let (s, ty, arr) = self.rng.pick(&svs).clone();
                    self.note("first-member cast: struct variable");
                    body.push_str(&format!("  {ty} *{name} = ({ty} *) &{s};\n"));
                    fm.ptrs.push((name, if arr { 2 } else { 1 }));
                }
            }
        }
        for (name, len) in &fm.ptrs {
            self.pointers.push(Pointer {
                name: name.clone(),
                len: *len,
            });
        }
        self.first = Some(fm);
    }

    /// An integer lvalue of the first-member structs: a member directly, through a
    /// `struct MB *`, or through a first-member pointer.
    pub(super) fn first_member_lvalue(&mut self) -> Option<String> {
        let fm = self.first.clone()?;
        let i = format!("({}) & 3", self.simple());
        match self.rng.below(4) {
            0 if !fm.ptrs.is_empty() => {
                self.note("first-member pointer access");
                let (p, len) = self.rng.pick(&fm.ptrs).clone();
                if len > 1 {
                    Some(format!("{p}[({}) & {}]", self.simple(), len - 1))
                } else {
                    Some(format!("*{p}"))
                }
            }
            1 if !fm.mb_ptrs.is_empty() => {
                self.note("first-member pointer access");
                let p = self.rng.pick(&fm.mb_ptrs).clone();
                Some(if self.rng.chance(70) {
                    format!("{p}->d[{i}]")
                } else {
                    format!("{p}->n")
                })
            }
            _ => {
                let (s, _) = self.first_member_target();
                let s = if s == "gmh" { "gmh.b".to_string() } else { s };
                Some(match self.rng.below(5) {
                    0 => format!("{s}.n"),
                    1 => "gmh.t".into(),
                    _ => format!("{s}.d[{i}]"),
                })
            }
        }
    }
}
