//! Random C programs over every integer type for differential testing against gcc.
//!
//! Programs are free of undefined behaviour by construction (under `gcc -fwrapv`):
//! divisors are `(e & 7) | 1`, shift amounts `e & 7`, array indices `e & 3`, loops run a
//! constant number of times. Every input comes from a `__VERIFIER_nondet_*` call; the
//! outputs are the globals `out0..outN`, set from every variable at the end.

use logic::random::Rng;

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

pub struct Program {
    pub text: String,
    /// The input functions called, in order of the calls (each called once).
    pub inputs: Vec<&'static str>,
    pub outputs: usize,
}

struct Gen {
    rng: Rng,
    vars: Vec<(String, &'static str)>,
    arrays: Vec<(String, &'static str)>,
    depth_budget: u32,
}

impl Gen {
    fn ty(&mut self) -> &'static str {
        self.rng.pick(&TYPES).0
    }

    fn constant(&mut self) -> String {
        match self.rng.below(8) {
            0 => "0".into(),
            1 => "1".into(),
            2 => "-1".into(),
            3 => format!("0x{:x}", self.rng.next_u64() & 0xffff_ffff),
            4 => format!("{}u", self.rng.below(300)),
            5 => format!("{}LL", self.rng.next_u64() as i64 >> self.rng.below(63)),
            6 => "'a'".into(),
            _ => format!("{}", self.rng.below(1000) as i64 - 500),
        }
    }

    fn expr(&mut self, depth: u32) -> String {
        if depth == 0 || self.rng.chance(25) {
            return if self.rng.chance(65) && !self.vars.is_empty() {
                self.rng.pick(&self.vars).0.clone()
            } else {
                self.constant()
            };
        }
        let d = depth - 1;
        match self.rng.below(14) {
            0..=3 => {
                let op = *self.rng.pick(&["+", "-", "*", "&", "|", "^"]);
                format!("({} {op} {})", self.expr(d), self.expr(d))
            }
            4 => {
                let op = *self.rng.pick(&["/", "%"]);
                // Not `(e & 7) + 1`: gcc 12 folds `a + b / (c + 1)` into `a - b / ~c`, which
                // traps on INT_MIN / -1 even with -fwrapv (found by this test).
                format!("({} {op} (({} & 7) | 1))", self.expr(d), self.expr(d))
            }
            5 => {
                let op = *self.rng.pick(&["<<", ">>"]);
                format!("({} {op} ({} & 7))", self.expr(d), self.expr(d))
            }
            6 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("({} {op} {})", self.expr(d), self.expr(d))
            }
            7 => {
                let op = *self.rng.pick(&["&&", "||"]);
                format!("({} {op} {})", self.expr(d), self.expr(d))
            }
            8 => {
                let op = *self.rng.pick(&["-", "~", "!"]);
                format!("({op}({}))", self.expr(d))
            }
            9 => format!("(({}) {})", self.ty(), self.expr(d)),
            10 => format!("({} ? {} : {})", self.expr(d), self.expr(d), self.expr(d)),
            11 if !self.arrays.is_empty() => {
                let a = self.rng.pick(&self.arrays).0.clone();
                format!("{a}[({}) & 3]", self.expr(d))
            }
            12 => format!("(_Bool) {}", self.expr(d)),
            _ => format!("({} + {})", self.expr(d), self.expr(d)),
        }
    }

    fn stmt(&mut self, out: &mut String, indent: usize, depth: u32) {
        let pad = "  ".repeat(indent);
        if self.depth_budget == 0 {
            return;
        }
        self.depth_budget -= 1;
        match self.rng.below(10) {
            0 if depth > 0 => {
                out.push_str(&format!("{pad}if ({}) {{\n", self.expr(3)));
                for _ in 0..1 + self.rng.below(3) {
                    self.stmt(out, indent + 1, depth - 1);
                }
                out.push_str(&format!("{pad}}} else {{\n"));
                for _ in 0..self.rng.below(3) {
                    self.stmt(out, indent + 1, depth - 1);
                }
                out.push_str(&format!("{pad}}}\n"));
            }
            1 if depth > 0 => {
                let i = format!("loop{}", self.rng.next_u64() % 1000);
                let n = 1 + self.rng.below(4);
                out.push_str(&format!("{pad}for (int {i} = 0; {i} < {n}; {i}++) {{\n"));
                for _ in 0..1 + self.rng.below(2) {
                    self.stmt(out, indent + 1, depth - 1);
                }
                out.push_str(&format!("{pad}}}\n"));
            }
            2 if !self.arrays.is_empty() => {
                let a = self.rng.pick(&self.arrays).0.clone();
                out.push_str(&format!(
                    "{pad}{a}[({}) & 3] = {};\n",
                    self.expr(2),
                    self.expr(3)
                ));
            }
            3 => {
                let v = self.rng.pick(&self.vars).0.clone();
                let op = *self.rng.pick(&["+=", "-=", "*=", "&=", "|=", "^="]);
                out.push_str(&format!("{pad}{v} {op} {};\n", self.expr(3)));
            }
            4 => {
                let v = self.rng.pick(&self.vars).0.clone();
                let op = *self.rng.pick(&["++", "--"]);
                if self.rng.chance(50) {
                    out.push_str(&format!("{pad}{v}{op};\n"));
                } else {
                    out.push_str(&format!("{pad}{op}{v};\n"));
                }
            }
            5 => {
                let v = self.rng.pick(&self.vars).0.clone();
                out.push_str(&format!("{pad}{v} /= (({}) & 7) | 1;\n", self.expr(2)));
            }
            _ => {
                let v = self.rng.pick(&self.vars).0.clone();
                out.push_str(&format!("{pad}{v} = {};\n", self.expr(4)));
            }
        }
    }
}

pub fn program(seed: u64) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        vars: Vec::new(),
        arrays: Vec::new(),
        depth_budget: 14,
    };
    let mut body = String::new();
    let mut inputs = Vec::new();
    for k in 0..2 + g.rng.below(3) {
        let (ty, suffix) = *g.rng.pick(&TYPES);
        body.push_str(&format!("  {ty} x{k} = __VERIFIER_nondet_{suffix}();\n"));
        inputs.push(suffix);
        g.vars.push((format!("x{k}"), ty));
    }
    for k in 0..g.rng.below(3) {
        let ty = g.ty();
        let e = g.expr(3);
        body.push_str(&format!("  {ty} y{k} = {e};\n"));
        g.vars.push((format!("y{k}"), ty));
    }
    if g.rng.chance(50) {
        let ty = g.ty();
        let init: Vec<String> = (0..4).map(|_| g.expr(2)).collect();
        body.push_str(&format!("  {ty} a0[4] = {{{}}};\n", init.join(", ")));
        g.arrays.push(("a0".into(), ty));
    }
    for _ in 0..3 + g.rng.below(5) {
        g.stmt(&mut body, 1, 2);
    }
    let mut outs = Vec::new();
    for (v, _) in g.vars.clone() {
        outs.push(v);
    }
    for (a, _) in g.arrays.clone() {
        for i in 0..4 {
            outs.push(format!("{a}[{i}]"));
        }
    }
    let mut text = String::new();
    for (_, suffix) in TYPES {
        let ty = TYPES.iter().find(|(_, s)| *s == suffix).unwrap().0;
        text.push_str(&format!("extern {ty} __VERIFIER_nondet_{suffix}(void);\n"));
    }
    for k in 0..outs.len() {
        text.push_str(&format!("unsigned long long out{k};\n"));
    }
    text.push_str("int main(void) {\n");
    text.push_str(&body);
    for (k, o) in outs.iter().enumerate() {
        text.push_str(&format!("  out{k} = {o};\n"));
    }
    text.push_str("  return 0;\n}\n");
    Program {
        text,
        inputs,
        outputs: outs.len(),
    }
}
