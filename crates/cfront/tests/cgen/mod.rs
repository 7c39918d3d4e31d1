//! Random C programs for differential testing against gcc: every construct the front end
//! models, in well-defined C.
//!
//! Undefined behaviour is avoided by construction (under `gcc -fwrapv`): divisors are
//! `(e & 7) | 1`, shift amounts `e & 7`, array indices masked into range, loops run a
//! constant number of times, every local is initialised, expressions have no side
//! effects (calls, increments and assignments are statements, or the whole right-hand
//! side, or the controlling expression of an `if`), handlers register only handlers
//! after them (no endless registration). Inputs come from `__VERIFIER_nondet_*` calls
//! and `scanf`; what is observed is whether `reach_error` is called, how the program
//! ends, its exit status, and a checksum of the globals at exit (the list
//! [`Program::observables`] names them as the CFA does).

mod bitfield;
mod closed;
mod expr;
mod first_member;
pub mod float;
mod fnptr;
mod heap;
mod stmt;
mod union;
mod union_use;

use logic::random::Rng;
use std::collections::BTreeMap;

pub const TYPES: [(&str, &str); 11] = [
    ("char", "char"),
    ("signed char", "schar"),
    ("unsigned char", "uchar"),
    ("short", "short"),
    ("unsigned short", "ushort"),
    ("int", "int"),
    ("unsigned int", "uint"),
    ("long", "long"),
    ("unsigned long", "ulong"),
    ("long long", "longlong"),
    ("unsigned long long", "ulonglong"),
];

/// scanf conversions for the integer types.
const SCANF: [(&str, &str); 10] = [
    ("signed char", "%hhd"),
    ("unsigned char", "%hhu"),
    ("short", "%hd"),
    ("unsigned short", "%hu"),
    ("int", "%d"),
    ("unsigned int", "%u"),
    ("long", "%ld"),
    ("unsigned long", "%lu"),
    ("long long", "%lld"),
    ("unsigned long long", "%llu"),
];

/// A global integer the checksum reads: its CFA variable, element index (arrays), and C
/// type.
#[derive(Clone, Debug)]
pub struct Observable {
    pub var: String,
    pub index: Option<u64>,
    pub ty: &'static str,
    /// A bit-field's width (its variable has these bits; `ty` gives the signedness).
    pub bits: Option<u32>,
    /// A union's word (`union.rs`): the variable holds the union's bytes, and the value is
    /// its bytes `8 * k .. 8 * k + 8` (little-endian, zero beyond the union's size).
    pub word: Option<u32>,
    /// The C expression of the value where it is not the variable's name (with the
    /// index): an element of an array of structs is `a[i].f[j]` in C, `a.f` index
    /// `i * n + j` in the CFA.
    pub expr: Option<String>,
}

pub struct Program {
    pub text: String,
    pub observables: Vec<Observable>,
    /// How often each construct was generated.
    pub constructs: BTreeMap<&'static str, usize>,
}

#[derive(Clone)]
pub(super) struct Scalar {
    pub(super) name: String,
    pub(super) ty: &'static str,
}

#[derive(Clone)]
pub(super) struct Array {
    pub(super) name: String,
    pub(super) ty: &'static str,
    /// Dimensions, each a power of two (indices are masked into range).
    pub(super) dims: Vec<u64>,
}

/// A struct type: fields are scalars or arrays of 2 (`arr`), or a nested struct.
#[derive(Clone)]
pub(super) struct StructDef {
    pub(super) name: String,
    pub(super) fields: Vec<(String, &'static str, bool)>,
    pub(super) nested: Option<usize>,
}

#[derive(Clone)]
pub(super) struct StructVar {
    pub(super) name: String,
    pub(super) def: usize,
}

#[derive(Clone)]
pub(super) struct Pointer {
    pub(super) name: String,
    /// Elements it may be indexed over (1: a pointer to one object).
    pub(super) len: u64,
}

#[derive(Clone)]
pub(super) struct Helper {
    pub(super) name: String,
    pub(super) params: usize,
    pub(super) returns_struct: Option<usize>,
}

pub(super) struct Gen {
    pub(super) rng: Rng,
    pub(super) constructs: BTreeMap<&'static str, usize>,
    pub(super) scalars: Vec<Scalar>,
    pub(super) arrays: Vec<Array>,
    pub(super) structs: Vec<StructDef>,
    pub(super) struct_vars: Vec<StructVar>,
    pub(super) pointers: Vec<Pointer>,
    pub(super) helpers: Vec<Helper>,
    /// Functions `int fpN(int)` whose addresses the program takes (`fnptr.rs`).
    pub(super) fn_targets: Vec<String>,
    /// Pointers to them that main's statements may call and compare.
    pub(super) fn_ptrs: Vec<String>,
    pub(super) handlers: usize,
    pub(super) enumerators: Vec<String>,
    pub(super) budget: u32,
    pub(super) labels: u32,
    pub(super) fresh: u32,
    /// Whether the code being generated is a helper or handler (no scanf, no exit in
    /// helpers: keeps outcomes easy to read; handlers may exit).
    pub(super) in_helper: bool,
    pub(super) in_handler: bool,
    pub(super) in_loop: bool,
    /// Variables of the bit-field struct and its named members (`bitfield.rs`).
    pub(super) bit_vars: Vec<String>,
    pub(super) bit_members: Vec<bitfield::BitMember>,
    /// Floating variables, arrays and pointers (`float.rs`): empty unless the program
    /// has floating point.
    pub(super) floats: Vec<float::FloatVar>,
    pub(super) float_arrays: Vec<float::FloatArray>,
    pub(super) float_ptrs: Vec<float::FloatVar>,
    /// The union with several members and the objects of its type (`union.rs`): empty
    /// unless the program has one.
    pub(super) union_def: Option<union::UnionDef>,
    pub(super) union_objs: Vec<union::UnionObj>,
    /// Structs whose first members pointers view (`first_member.rs`): `None` unless the
    /// program has them.
    pub(super) first: Option<first_member::FirstMember>,
}

fn struct_decl(d: &StructDef, out: &mut String, all: &[StructDef]) {
    out.push_str(&format!("struct {} {{\n", d.name));
    for (f, ty, arr) in &d.fields {
        if *arr {
            out.push_str(&format!("  {ty} {f}[2];\n"));
        } else {
            out.push_str(&format!("  {ty} {f};\n"));
        }
    }
    if let Some(n) = d.nested {
        out.push_str(&format!("  struct {} in;\n", all[n].name));
    }
    out.push_str("};\n");
}

/// Leaves of a struct variable as observables (CFA names: `var.field…`).
fn struct_leaves(var: &str, d: usize, all: &[StructDef], out: &mut Vec<Observable>) {
    for (f, ty, arr) in &all[d].fields {
        let name = format!("{var}.{f}");
        if *arr {
            for k in 0..2 {
                out.push(Observable {
                    var: name.clone(),
                    index: Some(k),
                    ty,
                    bits: None,
                    word: None,
                    expr: None,
                });
            }
        } else {
            out.push(Observable {
                var: name,
                index: None,
                ty,
                bits: None,
                word: None,
                expr: None,
            });
        }
    }
    if let Some(n) = all[d].nested {
        struct_leaves(&format!("{var}.in"), n, all, out);
    }
}

fn c_of(ty: &str) -> &'static str {
    TYPES
        .iter()
        .find(|(t, _)| *t == ty)
        .map(|(t, _)| *t)
        .unwrap_or("int")
}

pub fn program(seed: u64) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        constructs: BTreeMap::new(),
        scalars: Vec::new(),
        arrays: Vec::new(),
        structs: Vec::new(),
        struct_vars: Vec::new(),
        pointers: Vec::new(),
        helpers: Vec::new(),
        fn_targets: Vec::new(),
        fn_ptrs: Vec::new(),
        handlers: 0,
        enumerators: Vec::new(),
        budget: 0,
        labels: 0,
        fresh: 0,
        in_helper: false,
        in_handler: false,
        in_loop: false,
        bit_vars: Vec::new(),
        bit_members: Vec::new(),
        floats: Vec::new(),
        float_arrays: Vec::new(),
        float_ptrs: Vec::new(),
        union_def: None,
        union_objs: Vec::new(),
        first: None,
    };
    let mut head = String::new();
    let mut observables = Vec::new();
    for (ty, suffix) in TYPES {
        head.push_str(&format!("extern {ty} __VERIFIER_nondet_{suffix}(void);\n"));
    }
    head.push_str("extern _Bool __VERIFIER_nondet_bool(void);\n");
    head.push_str("extern float __VERIFIER_nondet_float(void);\n");
    head.push_str("extern double __VERIFIER_nondet_double(void);\n");
    head.push_str("extern void __VERIFIER_assume(int);\nextern void reach_error(void);\n");
    head.push_str("void abort(void);\nvoid exit(int);\nint atexit(void (*)(void));\n");
    head.push_str("int scanf(const char *, ...);\nint printf(const char *, ...);\n");

    // Types: an enum, a typedef, two struct types (one nested in the other), a union.
    if g.rng.chance(60) {
        g.note("enum");
        let negative = g.rng.chance(30);
        let first = if negative { "-3" } else { "0" };
        head.push_str(&format!("enum E {{ E0 = {first}, E1, E2 = 7, E3 }};\n"));
        g.enumerators = vec!["E0".into(), "E1".into(), "E2".into(), "E3".into()];
    }
    let tdef = g.ty();
    head.push_str(&format!("typedef {tdef} T0;\n"));
    let inner = StructDef {
        name: "S1".into(),
        fields: (0..1 + g.rng.below(3))
            .map(|k| {
                let t = g.ty();
                (format!("f{k}"), t, g.rng.chance(25))
            })
            .collect(),
        nested: None,
    };
    let outer = StructDef {
        name: "S2".into(),
        fields: (0..1 + g.rng.below(2))
            .map(|k| {
                let t = g.ty();
                (format!("h{k}"), t, false)
            })
            .collect(),
        nested: Some(0),
    };
    g.structs = vec![inner, outer];
    for d in g.structs.clone() {
        struct_decl(&d, &mut head, &g.structs);
    }
    // A union with one member: its member's leaves (unions with several members are
    // `union.rs`'s).
    head.push_str("union U { struct S1 s; };\n");

    // Globals: scalars (zero-initialised or not), arrays, struct variables.
    let mut globals = String::new();
    for k in 0..2 + g.rng.below(3) {
        let ty = g.ty();
        let name = format!("g{k}");
        if g.rng.chance(50) {
            let c = g.constant();
            globals.push_str(&format!("{ty} {name} = {c};\n"));
        } else {
            globals.push_str(&format!("{ty} {name};\n"));
        }
        observables.push(Observable {
            var: name.clone(),
            index: None,
            ty,
            bits: None,
            word: None,
            expr: None,
        });
        g.scalars.push(Scalar { name, ty });
    }
    if !g.enumerators.is_empty() {
        g.note("enum variable");
        globals.push_str("enum E ge = E1;\n");
        // gcc: an enum without negative constants is unsigned int, otherwise int.
        let negative = g.enumerators.len() == 4 && head.contains("E0 = -3");
        observables.push(Observable {
            var: "ge".into(),
            index: None,
            ty: if negative { "int" } else { "unsigned int" },
            bits: None,
            word: None,
            expr: None,
        });
        g.scalars.push(Scalar {
            name: "ge".into(),
            ty: "enum E",
        });
    }
    {
        g.note("typedef");
        globals.push_str("T0 gt;\n");
        observables.push(Observable {
            var: "gt".into(),
            index: None,
            ty: c_of(tdef),
            bits: None,
            word: None,
            expr: None,
        });
        g.scalars.push(Scalar {
            name: "gt".into(),
            ty: c_of(tdef),
        });
    }
    for k in 0..g.rng.below(3) {
        let ty = g.ty();
        let name = format!("ga{k}");
        let two_d = g.rng.chance(40);
        let dims = if two_d { vec![2, 4] } else { vec![4] };
        let n: u64 = dims.iter().product();
        if g.rng.chance(60) {
            g.note("array initialiser");
            let vals: Vec<String> = (0..n).map(|_| g.constant()).collect();
            if two_d {
                globals.push_str(&format!(
                    "{ty} {name}[2][4] = {{{{{}}}, {{{}}}}};\n",
                    vals[..4].join(", "),
                    vals[4..].join(", ")
                ));
            } else {
                globals.push_str(&format!("{ty} {name}[4] = {{{}}};\n", vals.join(", ")));
            }
        } else if two_d {
            globals.push_str(&format!("{ty} {name}[2][4];\n"));
        } else {
            globals.push_str(&format!("{ty} {name}[4];\n"));
        }
        for i in 0..n {
            observables.push(Observable {
                var: name.clone(),
                index: Some(i),
                ty,
                bits: None,
                word: None,
                expr: None,
            });
        }
        g.arrays.push(Array { name, ty, dims });
    }
    for k in 0..g.rng.below(3) {
        let def = g.rng.below(2) as usize;
        let name = format!("gs{k}");
        globals.push_str(&format!("struct {} {name};\n", g.structs[def].name));
        struct_leaves(&name, def, &g.structs, &mut observables);
        g.struct_vars.push(StructVar { name, def });
    }
    if g.rng.chance(40) {
        g.bitfield_struct(&mut head, &mut globals, &mut observables);
    }
    let floats = g.rng.chance(35);
    if floats {
        g.float_globals(&mut head, &mut globals, &mut observables);
    }
    if g.rng.chance(30) {
        g.note("union");
        globals.push_str("union U gu;\n");
        struct_leaves("gu.s", 0, &g.structs, &mut observables);
        g.struct_vars.push(StructVar {
            name: "gu.s".into(),
            def: 0,
        });
    }
    // Whether the program has a union with several members (`union.rs`) and first-member
    // views (`first_member.rs`) is drawn apart from the main stream: a program with
    // neither is the one its seed gave before they existed (seeds recorded elsewhere,
    // e.g. `symex_random_c`'s, keep their programs).
    let mut apart = Rng::new(seed ^ 0x756e_696f_6e73);
    if apart.chance(25) {
        g.union_globals(&mut head, &mut globals, &mut observables);
    }
    if apart.chance(20) {
        g.first_member_globals(&mut head, &mut globals, &mut observables);
    }

    // Helpers: integer functions with parameters and a static local, a pointer-taking
    // function, a struct-returning function and a struct-taking one.
    let mut funcs = String::new();
    for k in 0..g.rng.below(4) {
        let name = format!("f{k}");
        let params = g.rng.below(3) as usize;
        let saved = g.scalars.clone();
        let ps: Vec<String> = (0..params)
            .map(|i| {
                let t = g.ty();
                g.scalars.push(Scalar {
                    name: format!("p{i}"),
                    ty: t,
                });
                format!("{t} p{i}")
            })
            .collect();
        let mut body = String::new();
        g.in_helper = true;
        g.budget = 4;
        if g.rng.chance(40) {
            static_counter(&mut g, &mut body, "calls", "static local");
        }
        g.block(&mut body, 1, 1, 3);
        let ret = g.expr(3);
        body.push_str(&format!("  return {ret};\n"));
        let rty = g.ty();
        funcs.push_str(&format!(
            "{rty} {name}({}) {{\n{body}}}\n",
            if ps.is_empty() {
                "void".into()
            } else {
                ps.join(", ")
            }
        ));
        g.scalars = saved;
        g.in_helper = false;
        g.helpers.push(Helper {
            name,
            params,
            returns_struct: None,
        });
    }
    // Recursive helpers: the depth argument is masked into 0..=7, so that every run
    // stays within the front end's default recursion depth and the unfolding is exact.
    if g.rng.chance(40) {
        recursive_helper(&mut g, &mut funcs);
    }
    if g.rng.chance(50) {
        g.note("pointer parameter");
        funcs.push_str("void bump(int *p, int d) { *p += d; }\n");
        funcs.push_str(
            "int sum4(int *a) { int s = 0; for (int i = 0; i < 4; i++) s += a[i]; return s; }\n",
        );
    }
    if g.rng.chance(50) {
        g.note("struct parameter");
        let f0 = g.structs[0].fields[0].clone();
        let get = if f0.2 {
            format!("s.{}[0] + s.{}[1]", f0.0, f0.0)
        } else {
            format!("s.{}", f0.0)
        };
        funcs.push_str(&format!(
            "long long getf(struct S1 s) {{ return {get}; }}\n"
        ));
        let set = if f0.2 {
            format!("r.{}[0] = a; r.{}[1] = b;", f0.0, f0.0)
        } else {
            format!("r.{} = a + b;", f0.0)
        };
        funcs.push_str(&format!(
            "struct S1 mk(int a, int b) {{ struct S1 r = {{0}}; {set} return r; }}\n"
        ));
        g.helpers.push(Helper {
            name: "mk".into(),
            params: 2,
            returns_struct: Some(0),
        });
    }

    // Functions called through pointers (their bodies see the helpers above).
    if g.rng.chance(50) {
        g.function_pointer_targets(&mut funcs);
    }

    // atexit handlers: h_i may register h_j for j > i only, and may call exit.
    let nh = if g.rng.chance(35) {
        1 + g.rng.below(3)
    } else {
        0
    } as usize;
    let mut handlers = String::new();
    for i in (0..nh).rev() {
        let mut body = String::new();
        g.in_handler = true;
        g.budget = 3;
        g.handlers = nh;
        // Registration of a later handler (already defined above this one).
        if i + 1 < nh && g.rng.chance(50) {
            g.note("atexit in a handler");
            let j = i + 1 + g.rng.below((nh - i - 1) as u64) as usize;
            body.push_str(&format!("  if ({}) atexit(h{j});\n", g.expr(2)));
        }
        let saved_handlers = g.handlers;
        g.handlers = 0;
        g.block(&mut body, 1, 1, 2);
        g.handlers = saved_handlers;
        if g.rng.chance(30) {
            g.note("exit in a handler");
            body.push_str(&format!(
                "  if ({}) exit(({}) & 255);\n",
                g.expr(2),
                g.expr(1)
            ));
        }
        g.in_handler = false;
        handlers.push_str(&format!("void h{i}(void) {{\n{body}}}\n"));
    }
    g.handlers = nh;

    // main: locals of every kind, pointers to them, then statements.
    let mut body = String::new();
    g.budget = 16;
    let saved = g.scalars.clone();
    for k in 0..2 + g.rng.below(3) {
        let (ty, suffix) = *g.rng.pick(&TYPES);
        let name = format!("x{k}");
        body.push_str(&format!("  {ty} {name} = __VERIFIER_nondet_{suffix}();\n"));
        g.scalars.push(Scalar { name, ty });
    }
    if g.rng.chance(30) {
        body.push_str("  _Bool xb = __VERIFIER_nondet_bool();\n");
        g.scalars.push(Scalar {
            name: "xb".into(),
            ty: "_Bool",
        });
    }
    for k in 0..g.rng.below(3) {
        let ty = g.ty();
        let e = g.expr(3);
        let name = format!("y{k}");
        body.push_str(&format!("  {ty} {name} = {e};\n"));
        g.scalars.push(Scalar { name, ty });
    }
    let saved_floats = g.floats.clone();
    if floats {
        g.float_locals(&mut body);
    }
    if g.rng.chance(50) {
        let ty = g.ty();
        let init: Vec<String> = (0..4).map(|_| g.expr(2)).collect();
        body.push_str(&format!("  {ty} la[4] = {{{}}};\n", init.join(", ")));
        g.arrays.push(Array {
            name: "la".into(),
            ty,
            dims: vec![4],
        });
    }
    if g.rng.chance(40) {
        body.push_str("  struct S2 ls = {0};\n");
        g.struct_vars.push(StructVar {
            name: "ls".into(),
            def: 1,
        });
    }
    if g.union_def.is_some() {
        g.union_locals(&mut body);
    }
    // Pointers: to a local or global scalar, into an array, to a struct field.
    for k in 0..g.rng.below(3) {
        let pname = format!("q{k}");
        match g.rng.below(3) {
            0 => {
                let s = g.rng.pick(&g.scalars).clone();
                if !TYPES.iter().any(|(t, _)| *t == s.ty) {
                    continue;
                }
                g.note(if s.name.starts_with('g') {
                    "pointer to a global"
                } else {
                    "pointer to a local"
                });
                body.push_str(&format!("  {} *{pname} = &{};\n", s.ty, s.name));
                g.pointers.push(Pointer {
                    name: pname,
                    len: 1,
                });
            }
            1 if !g.arrays.is_empty() => {
                let a = g.rng.pick(&g.arrays).clone();
                if a.dims.len() == 2 {
                    g.note("pointer to a row");
                    body.push_str(&format!("  {} *{pname} = {}[1];\n", a.ty, a.name));
                } else {
                    g.note("pointer to an array element");
                    body.push_str(&format!("  {} *{pname} = &{}[0];\n", a.ty, a.name));
                }
                g.pointers.push(Pointer {
                    name: pname,
                    len: 4,
                });
            }
            _ if !g.struct_vars.is_empty() => {
                let sv = g.rng.pick(&g.struct_vars).clone();
                let d = g.structs[sv.def].clone();
                let (f, ty, arr) = d.fields[0].clone();
                g.note("pointer to a struct field");
                if arr {
                    body.push_str(&format!("  {ty} *{pname} = {}.{f};\n", sv.name));
                    g.pointers.push(Pointer {
                        name: pname,
                        len: 2,
                    });
                } else {
                    body.push_str(&format!("  {ty} *{pname} = &{}.{f};\n", sv.name));
                    g.pointers.push(Pointer {
                        name: pname,
                        len: 1,
                    });
                }
            }
            _ => {}
        }
    }
    if g.first.is_some() {
        g.first_member_pointers(&mut body);
    }
    let sink = observables[0].var.clone();
    g.heap_and_choices(&mut globals, &mut body, &sink);
    if !g.fn_targets.is_empty() {
        g.function_pointers(&mut body);
    }
    if nh > 0 {
        body.push_str("  atexit(h0);\n");
        g.note("atexit");
    }
    g.block(&mut body, 1, 2, 8);
    if funcs.contains("void bump(") {
        let s = g
            .scalars
            .iter()
            .find(|s| s.ty == "int" && !s.name.starts_with('g'))
            .cloned();
        if let Some(s) = s {
            g.note("pointer passed to a function");
            body.push_str(&format!("  bump(&{}, {});\n", s.name, g.expr(2)));
        }
        let a = g
            .arrays
            .iter()
            .find(|a| a.ty == "int" && a.dims.len() == 1)
            .cloned();
        if let Some(a) = a {
            g.note("array passed to a function");
            let t = g.lvalue();
            body.push_str(&format!("  {t} = sum4({});\n", a.name));
        }
    }
    if funcs.contains("getf(") {
        let s = g.struct_vars.iter().find(|s| s.def == 0).cloned();
        if let Some(s) = s {
            g.note("struct passed by value");
            let t = g.lvalue();
            body.push_str(&format!("  {t} = getf({});\n", s.name));
        }
    }
    // Results reach the globals: every local feeds the checksum.
    for s in g.scalars.clone() {
        if !s.name.starts_with('g') && g.rng.chance(60) {
            let gl = observables[0].var.clone();
            body.push_str(&format!("  {gl} ^= {};\n", s.name));
        }
    }
    if floats {
        g.float_sinks(&mut globals, &mut body, &mut observables);
    }
    if g.union_def.is_some() {
        g.union_sinks(&mut globals, &mut body, &mut observables);
    }
    let ret = if g.rng.chance(50) {
        g.note("return from main");
        format!("  return ({}) & 255;\n", g.expr(2))
    } else {
        g.note("end of main");
        String::new()
    };
    g.scalars = saved;
    g.floats = saved_floats;
    g.float_ptrs.clear();
    // The C expression of each observable: arrays are 1-D of 4 or 2-D of 2x4, arrays in
    // structs have 2 elements.
    let exprs: Vec<String> = observables
        .iter()
        .map(|o| match o.index {
            _ if o.expr.is_some() => o.expr.clone().unwrap(),
            None => o.var.clone(),
            Some(i) => {
                let dims = g
                    .arrays
                    .iter()
                    .find(|a| a.name == o.var)
                    .map(|a| a.dims.clone());
                match dims.as_deref() {
                    Some([_, cols]) => format!("{}[{}][{}]", o.var, i / cols, i % cols),
                    _ => format!("{}[{i}]", o.var),
                }
            }
        })
        .collect();
    let mut text = head;
    text.push_str(&globals);
    text.push_str(&funcs);
    text.push_str(&handlers);
    // main reads every global once, so that the CFA has all of them (the front end
    // translates only the globals a program uses).
    let touch: String = exprs.iter().map(|e| format!("  (void) ({e});\n")).collect();
    text.push_str(&format!("int main(void) {{\n{touch}{body}{ret}}}\n"));
    // The checksum the compiled program prints at exit (never called by main: Boulder
    // does not translate it; the test computes the same sum from the CFA's variables).
    text.push_str("void __boulder_checksum(void) {\n  unsigned long long h = 0;\n");
    for (i, (e, o)) in exprs.iter().zip(&observables).enumerate() {
        // A floating object contributes its bit pattern (zero-extended); a union 8 of
        // its bytes (at most 16, `union.rs`).
        let e = if let Some(k) = o.word {
            text.push_str(&format!(
                "  unsigned long long b{i}[2] = {{0, 0}};\n  __builtin_memcpy(b{i}, &{e}, sizeof {e});\n"
            ));
            format!("b{i}[{k}]")
        } else if o.ty == "float" || o.ty == "double" {
            text.push_str(&format!(
                "  unsigned long long b{i} = 0;\n  __builtin_memcpy(&b{i}, &{e}, sizeof {e});\n"
            ));
            format!("b{i}")
        } else {
            e.clone()
        };
        text.push_str(&format!(
            "  h = h * 1000003ULL + (unsigned long long)({e});\n  printf(\"V {i} %llu\\n\", (unsigned long long)({e}));\n"
        ));
    }
    text.push_str("  printf(\"EXIT %llu\\n\", h);\n}\n");
    Program {
        text,
        observables,
        constructs: g.constructs,
    }
}

/// The recursion depth a generated program is inlined with: no run of it has more active
/// calls of one function (`recursive_helper`).
pub const RECURSION_DEPTH: u32 = 8;

/// `T rN(int d, T0 p0) { if ((d & 7) == 0) return e; …; v = rN((d & 7) - 1, e) …; return e; }`:
/// one or two recursive calls per activation, code after them, a static local shared by
/// every activation.
fn recursive_helper(g: &mut Gen, funcs: &mut String) {
    // At most 8 activations (`d & 7` from 7 down to 0): exact at `RECURSION_DEPTH`.
    let name = format!("r{}", g.helpers.len());
    let saved = g.scalars.clone();
    let pty = g.ty();
    g.scalars.push(Scalar {
        name: "p0".into(),
        ty: pty,
    });
    g.in_helper = true;
    g.budget = 3;
    let mut body = String::new();
    if g.rng.chance(40) {
        static_counter(g, &mut body, "depth", "static local in recursion");
    }
    let base = g.expr(2);
    body.push_str(&format!("  if ((d & 7) == 0) return {base};\n"));
    g.block(&mut body, 1, 1, 2);
    let rty = g.ty();
    body.push_str(&format!(
        "  {rty} v = {name}((d & 7) - 1, {});\n",
        g.expr(2)
    ));
    g.note("recursion");
    g.scalars.push(Scalar {
        name: "v".into(),
        ty: rty,
    });
    if g.rng.chance(40) {
        g.note("two recursive calls");
        body.push_str(&format!("  v += {name}((d & 7) - 1, {});\n", g.expr(2)));
    }
    g.block(&mut body, 1, 1, 2);
    body.push_str(&format!("  return {};\n", g.expr(3)));
    funcs.push_str(&format!("{rty} {name}(int d, {pty} p0) {{\n{body}}}\n"));
    g.scalars = saved;
    g.in_helper = false;
    g.helpers.push(Helper {
        name,
        params: 2,
        returns_struct: None,
    });
}

/// `static int NAME; NAME++;` at the top of a helper's body: one object for every call.
fn static_counter(g: &mut Gen, body: &mut String, name: &str, note: &'static str) {
    g.note(note);
    body.push_str(&format!("  static int {name};\n  {name}++;\n"));
    g.scalars.push(Scalar {
        name: name.into(),
        ty: "int",
    });
}
