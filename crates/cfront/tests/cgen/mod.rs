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
}

pub struct Program {
    pub text: String,
    pub observables: Vec<Observable>,
    /// How often each construct was generated.
    pub constructs: BTreeMap<&'static str, usize>,
}

#[derive(Clone)]
struct Scalar {
    name: String,
    ty: &'static str,
}

#[derive(Clone)]
struct Array {
    name: String,
    ty: &'static str,
    /// Dimensions, each a power of two (indices are masked into range).
    dims: Vec<u64>,
}

/// A struct type: fields are scalars or arrays of 2 (`arr`), or a nested struct.
#[derive(Clone)]
struct StructDef {
    name: String,
    fields: Vec<(String, &'static str, bool)>,
    nested: Option<usize>,
}

#[derive(Clone)]
struct StructVar {
    name: String,
    def: usize,
}

#[derive(Clone)]
struct Pointer {
    name: String,
    ty: &'static str,
    /// Elements it may be indexed over (1: a pointer to one object).
    len: u64,
}

#[derive(Clone)]
struct Helper {
    name: String,
    params: usize,
    returns_struct: Option<usize>,
}

struct Gen {
    rng: Rng,
    constructs: BTreeMap<&'static str, usize>,
    scalars: Vec<Scalar>,
    arrays: Vec<Array>,
    structs: Vec<StructDef>,
    struct_vars: Vec<StructVar>,
    pointers: Vec<Pointer>,
    helpers: Vec<Helper>,
    handlers: usize,
    enumerators: Vec<String>,
    budget: u32,
    labels: u32,
    fresh: u32,
    /// Whether the code being generated is a helper or handler (no scanf, no exit in
    /// helpers: keeps outcomes easy to read; handlers may exit).
    in_helper: bool,
    in_handler: bool,
    in_loop: bool,
}

impl Gen {
    fn note(&mut self, c: &'static str) {
        *self.constructs.entry(c).or_default() += 1;
    }

    fn fresh(&mut self, base: &str) -> String {
        self.fresh += 1;
        format!("{base}{}", self.fresh)
    }

    fn ty(&mut self) -> &'static str {
        self.rng.pick(&TYPES).0
    }

    fn constant(&mut self) -> String {
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
    fn lvalue(&mut self) -> String {
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
    fn field(&mut self, base: &str, def: usize) -> String {
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
    fn simple(&mut self) -> String {
        if !self.scalars.is_empty() && self.rng.chance(70) {
            self.rng.pick(&self.scalars).name.clone()
        } else {
            format!("{}", self.rng.below(8))
        }
    }

    /// A side-effect-free integer expression.
    fn expr(&mut self, depth: u32) -> String {
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
            _ => format!("({} + {})", self.expr(d), self.expr(d)),
        }
    }

    fn cond(&mut self) -> String {
        self.expr(2)
    }

    fn line(out: &mut String, indent: usize, s: &str) {
        out.push_str(&"  ".repeat(indent));
        out.push_str(s);
        out.push('\n');
    }

    fn block(&mut self, out: &mut String, indent: usize, depth: u32, n: u64) {
        for _ in 0..1 + self.rng.below(n) {
            self.stmt(out, indent, depth);
        }
    }

    fn stmt(&mut self, out: &mut String, ind: usize, depth: u32) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let d = depth.saturating_sub(1);
        match self.rng.below(26) {
            0 if depth > 0 => {
                Self::line(out, ind, &format!("if ({}) {{", self.cond()));
                self.block(out, ind + 1, d, 3);
                Self::line(out, ind, "} else {");
                self.block(out, ind + 1, d, 2);
                Self::line(out, ind, "}");
            }
            1 if depth > 0 => {
                self.note("for");
                let i = self.fresh("i");
                let n = 1 + self.rng.below(4);
                let j = self.fresh("j");
                Self::line(out, ind, &format!("int {j} = 0;"));
                Self::line(
                    out,
                    ind,
                    &format!("for (int {i} = 0; {i} < {n}; {i}++, {j} += 2) {{"),
                );
                let saved = self.in_loop;
                self.in_loop = true;
                self.scalars.push(Scalar {
                    name: j.clone(),
                    ty: "int",
                });
                self.block(out, ind + 1, d, 2);
                self.scalars.pop();
                self.in_loop = saved;
                Self::line(out, ind, "}");
            }
            2 if depth > 0 => {
                self.note("do-while");
                let i = self.fresh("k");
                let n = 1 + self.rng.below(3);
                Self::line(out, ind, &format!("int {i} = 0;"));
                Self::line(out, ind, "do {");
                let saved = self.in_loop;
                self.in_loop = true;
                self.block(out, ind + 1, d, 2);
                self.in_loop = saved;
                Self::line(out, ind, &format!("}} while (++{i} < {n});"));
            }
            3 if depth > 0 => {
                self.note("while");
                let i = self.fresh("w");
                let n = 1 + self.rng.below(3);
                Self::line(out, ind, &format!("int {i} = 0;"));
                Self::line(out, ind, &format!("while ({i} < {n}) {{"));
                Self::line(out, ind + 1, &format!("{i}++;"));
                let saved = self.in_loop;
                self.in_loop = true;
                self.block(out, ind + 1, d, 2);
                self.in_loop = saved;
                Self::line(out, ind, "}");
            }
            4 if self.in_loop => {
                let kw = if self.rng.chance(50) {
                    self.note("break");
                    "break"
                } else {
                    self.note("continue");
                    "continue"
                };
                Self::line(out, ind, &format!("if ({}) {kw};", self.cond()));
            }
            5 if depth > 0 => {
                self.note("switch");
                Self::line(out, ind, &format!("switch (({}) & 7) {{", self.expr(2)));
                let mut cases: Vec<u64> = (0..8).filter(|_| self.rng.chance(40)).collect();
                cases.dedup();
                for c in cases {
                    Self::line(out, ind, &format!("case {c}: {{"));
                    self.stmt(out, ind + 1, d);
                    Self::line(out, ind, "}");
                    if self.rng.chance(60) {
                        Self::line(out, ind + 1, "break;");
                    } else {
                        self.note("fall-through");
                    }
                }
                if self.rng.chance(60) {
                    self.note("default");
                    Self::line(out, ind, "default: {");
                    self.stmt(out, ind + 1, d);
                    Self::line(out, ind, "}");
                }
                Self::line(out, ind, "}");
            }
            6 if depth > 0 => {
                self.note("goto");
                self.labels += 1;
                let l = format!("L{}", self.labels);
                if self.rng.chance(50) {
                    // Forward.
                    Self::line(out, ind, &format!("if ({}) goto {l};", self.cond()));
                    self.block(out, ind, d, 2);
                    Self::line(out, ind, &format!("{l}: ;"));
                } else {
                    // Backward, a bounded number of times.
                    let c = self.fresh("c");
                    Self::line(out, ind, &format!("int {c} = 0;"));
                    Self::line(out, ind, &format!("{l}: ;"));
                    self.block(out, ind, d, 2);
                    Self::line(out, ind, &format!("if (++{c} < 3) goto {l};"));
                }
            }
            7 => {
                self.note("compound assignment");
                let v = self.lvalue();
                let op = *self.rng.pick(&["+=", "-=", "*=", "&=", "|=", "^="]);
                Self::line(out, ind, &format!("{v} {op} {};", self.expr(3)));
            }
            8 => {
                self.note("++/--");
                let v = self.lvalue();
                let op = *self.rng.pick(&["++", "--"]);
                if self.rng.chance(50) {
                    // `(*p)++`, not `*p++` (which moves the pointer).
                    Self::line(out, ind, &format!("({v}){op};"));
                } else {
                    Self::line(out, ind, &format!("{op}{v};"));
                }
            }
            9 => {
                let v = self.lvalue();
                let op = *self.rng.pick(&["/=", "%=", "<<=", ">>="]);
                let rhs = if op.starts_with('<') || op.starts_with('>') {
                    self.note("shift");
                    format!("({}) & 7", self.expr(2))
                } else {
                    format!("(({}) & 7) | 1", self.expr(2))
                };
                Self::line(out, ind, &format!("{v} {op} {rhs};"));
            }
            10 if !self.helpers.is_empty() => self.call(out, ind),
            11 if !self.in_helper => {
                self.note("reach_error");
                Self::line(out, ind, &format!("if ({}) reach_error();", self.expr(3)));
            }
            12 if !self.in_helper => {
                self.note("__VERIFIER_assume");
                Self::line(
                    out,
                    ind,
                    &format!("__VERIFIER_assume({} || {});", self.expr(2), self.expr(1)),
                );
            }
            13 if !self.in_helper && self.rng.chance(30) => {
                if self.rng.chance(40) {
                    self.note("abort");
                    Self::line(out, ind, &format!("if ({}) abort();", self.expr(3)));
                } else {
                    self.note("exit(n)");
                    Self::line(
                        out,
                        ind,
                        &format!("if ({}) exit(({}) & 255);", self.expr(3), self.expr(2)),
                    );
                }
            }
            14 if !self.in_helper && !self.in_handler => {
                self.note("scanf");
                let s = self.rng.pick(&self.scalars).clone();
                if let Some((_, conv)) = SCANF.iter().find(|(t, _)| *t == s.ty) {
                    Self::line(out, ind, &format!("scanf(\"{conv}\", &{});", s.name));
                } else {
                    Self::line(out, ind, &format!("{} = {};", s.name, self.expr(2)));
                }
            }
            15 => self.atomic(out, ind),
            16 if !self.struct_vars.is_empty() && self.struct_vars.len() > 1 => {
                let a = self.rng.pick(&self.struct_vars).clone();
                let b = self.rng.pick(&self.struct_vars).clone();
                if a.def == b.def && a.name != b.name {
                    self.note("struct copy");
                    Self::line(out, ind, &format!("{} = {};", a.name, b.name));
                }
            }
            17 if depth > 0 => {
                // Assignment in a condition: well defined, the value is the one stored.
                let v = self
                    .scalars
                    .iter()
                    .filter(|s| !s.name.starts_with('g'))
                    .count();
                if v > 0 {
                    let s = self.rng.pick(&self.scalars).clone();
                    self.note("assignment in a condition");
                    Self::line(
                        out,
                        ind,
                        &format!(
                            "if (({} = {}) > {}) {{",
                            s.name,
                            self.expr(2),
                            self.constant()
                        ),
                    );
                    self.block(out, ind + 1, d, 2);
                    Self::line(out, ind, "}");
                }
            }
            18 if self.in_handler || !self.in_helper => {
                if self.handlers > 0 && !self.in_helper && self.rng.chance(30) {
                    // Registration (in main, or in a handler: a later handler only).
                    self.note("atexit");
                    let h = self.rng.below(self.handlers as u64);
                    Self::line(out, ind, &format!("if ({}) atexit(h{h});", self.expr(2)));
                }
            }
            _ => {
                let v = self.lvalue();
                Self::line(out, ind, &format!("{v} = {};", self.expr(4)));
            }
        }
    }

    fn call(&mut self, out: &mut String, ind: usize) {
        let h = self.rng.pick(&self.helpers).clone();
        self.note("call");
        let mut args: Vec<String> = Vec::new();
        for _ in 0..h.params {
            args.push(self.expr(2));
        }
        if let Some(def) = h.returns_struct {
            let targets: Vec<StructVar> = self
                .struct_vars
                .iter()
                .filter(|s| s.def == def)
                .cloned()
                .collect();
            if let Some(t) = targets.first() {
                self.note("struct returned");
                Self::line(
                    out,
                    ind,
                    &format!("{} = {}({});", t.name, h.name, args.join(", ")),
                );
                return;
            }
            Self::line(out, ind, &format!("{}({});", h.name, args.join(", ")));
            return;
        }
        let v = self.lvalue();
        if self.rng.chance(70) {
            self.note("return value");
            Self::line(out, ind, &format!("{v} = {}({});", h.name, args.join(", ")));
        } else {
            Self::line(out, ind, &format!("{}({});", h.name, args.join(", ")));
        }
    }

    fn atomic(&mut self, out: &mut String, ind: usize) {
        let plain: Vec<Scalar> = self
            .scalars
            .iter()
            .filter(|s| TYPES.iter().any(|(t, _)| *t == s.ty))
            .cloned()
            .collect();
        let Some(s) = plain
            .get(self.rng.below(plain.len().max(1) as u64) as usize)
            .cloned()
        else {
            return;
        };
        self.note("__atomic builtin");
        let m = "__ATOMIC_SEQ_CST";
        let line = match self.rng.below(5) {
            0 => {
                let op = *self.rng.pick(&["add", "sub", "and", "or", "xor"]);
                if self.rng.chance(50) {
                    format!("__atomic_fetch_{op}(&{}, {}, {m});", s.name, self.expr(2))
                } else {
                    format!("__atomic_{op}_fetch(&{}, {}, {m});", s.name, self.expr(2))
                }
            }
            1 => {
                let t = self.lvalue();
                format!("{t} = __atomic_load_n(&{}, {m});", s.name)
            }
            2 => format!("__atomic_store_n(&{}, {}, {m});", s.name, self.expr(2)),
            3 => {
                let t = self.lvalue();
                format!(
                    "{t} = __atomic_exchange_n(&{}, {}, {m});",
                    s.name,
                    self.expr(2)
                )
            }
            _ => {
                let op = *self.rng.pick(&["add", "xor"]);
                let t = self.lvalue();
                format!(
                    "{t} = __atomic_fetch_{op}(&{}, {}, {m});",
                    s.name,
                    self.expr(2)
                )
            }
        };
        Self::line(out, ind, &line);
    }
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
                });
            }
        } else {
            out.push(Observable {
                var: name,
                index: None,
                ty,
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
        handlers: 0,
        enumerators: Vec::new(),
        budget: 0,
        labels: 0,
        fresh: 0,
        in_helper: false,
        in_handler: false,
        in_loop: false,
    };
    let mut head = String::new();
    let mut observables = Vec::new();
    for (ty, suffix) in TYPES {
        head.push_str(&format!("extern {ty} __VERIFIER_nondet_{suffix}(void);\n"));
    }
    head.push_str("extern _Bool __VERIFIER_nondet_bool(void);\n");
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
    // A union with one member (several members are outside the model: UNKNOWN).
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
    if g.rng.chance(30) {
        g.note("union");
        globals.push_str("union U gu;\n");
        struct_leaves("gu.s", 0, &g.structs, &mut observables);
        g.struct_vars.push(StructVar {
            name: "gu.s".into(),
            def: 0,
        });
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
            g.note("static local");
            body.push_str("  static int calls;\n  calls++;\n");
            g.scalars.push(Scalar {
                name: "calls".into(),
                ty: "int",
            });
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
                    ty: s.ty,
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
                    ty: a.ty,
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
                        ty,
                        len: 2,
                    });
                } else {
                    body.push_str(&format!("  {ty} *{pname} = &{}.{f};\n", sv.name));
                    g.pointers.push(Pointer {
                        name: pname,
                        ty,
                        len: 1,
                    });
                }
            }
            _ => {}
        }
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
    let ret = if g.rng.chance(50) {
        g.note("return from main");
        format!("  return ({}) & 255;\n", g.expr(2))
    } else {
        g.note("end of main");
        String::new()
    };
    g.scalars = saved;
    // The C expression of each observable: arrays are 1-D of 4 or 2-D of 2x4, arrays in
    // structs have 2 elements.
    let exprs: Vec<String> = observables
        .iter()
        .map(|o| match o.index {
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
    for e in &exprs {
        text.push_str(&format!(
            "  h = h * 1000003ULL + (unsigned long long)({e});\n"
        ));
    }
    text.push_str("  printf(\"EXIT %llu\\n\", h);\n}\n");
    Program {
        text,
        observables,
        constructs: g.constructs,
    }
}
