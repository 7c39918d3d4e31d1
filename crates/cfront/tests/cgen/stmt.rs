//! Statements: control flow, assignments, calls, the SV-COMP intrinsics, exit and
//! atexit, scanf, atomics.

use super::{Gen, Scalar, StructVar, SCANF, TYPES};

impl Gen {
    /// A scalar variable (no index, field or dereference to evaluate): the target of an
    /// assignment whose right side has side effects, whose order against the left side's
    /// reads C leaves unspecified.
    pub(super) fn plain_target(&mut self) -> String {
        let plain: Vec<String> = self
            .scalars
            .iter()
            .filter(|s| TYPES.iter().any(|(t, _)| *t == s.ty))
            .map(|s| s.name.clone())
            .collect();
        match plain.len() {
            0 => self.lvalue(),
            n => plain[self.rng.below(n as u64) as usize].clone(),
        }
    }

    pub(super) fn line(out: &mut String, indent: usize, s: &str) {
        out.push_str(&"  ".repeat(indent));
        out.push_str(s);
        out.push('\n');
    }

    pub(super) fn block(&mut self, out: &mut String, indent: usize, depth: u32, n: u64) {
        for _ in 0..1 + self.rng.below(n) {
            self.stmt(out, indent, depth);
        }
    }

    pub(super) fn stmt(&mut self, out: &mut String, ind: usize, depth: u32) {
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
            19 if !self.fn_ptrs.is_empty() => self.call_through_pointer(out, ind),
            20 if !self.bit_vars.is_empty() => self.bitfield_statement(out, ind),
            21 | 22 if !self.floats.is_empty() => self.float_statement(out, ind),
            23..=25 if !self.union_objs.is_empty() => self.union_statement(out, ind),
            _ => {
                let v = self.lvalue();
                Self::line(out, ind, &format!("{v} = {};", self.expr(4)));
            }
        }
    }

    pub(super) fn call(&mut self, out: &mut String, ind: usize) {
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
        let v = self.plain_target();
        if self.rng.chance(70) {
            self.note("return value");
            Self::line(out, ind, &format!("{v} = {}({});", h.name, args.join(", ")));
        } else {
            Self::line(out, ind, &format!("{}({});", h.name, args.join(", ")));
        }
    }

    pub(super) fn atomic(&mut self, out: &mut String, ind: usize) {
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
        let line = match self.rng.below(7) {
            0 => {
                let op = *self.rng.pick(&["add", "sub", "and", "or", "xor", "nand"]);
                if self.rng.chance(50) {
                    format!("__atomic_fetch_{op}(&{}, {}, {m});", s.name, self.expr(2))
                } else {
                    format!("__atomic_{op}_fetch(&{}, {}, {m});", s.name, self.expr(2))
                }
            }
            1 => {
                let t = self.plain_target();
                format!("{t} = __atomic_load_n(&{}, {m});", s.name)
            }
            2 => format!("__atomic_store_n(&{}, {}, {m});", s.name, self.expr(2)),
            3 => {
                let t = self.plain_target();
                format!(
                    "{t} = __atomic_exchange_n(&{}, {}, {m});",
                    s.name,
                    self.expr(2)
                )
            }
            5 | 6 => {
                // Compare-exchange: `expected` is a local of the same type, then fed to
                // the checksum; the desired value directly or through a pointer.
                self.note("__atomic_compare_exchange");
                let t = self.plain_target();
                let ex = self.fresh("ex");
                let de = self.fresh("de");
                let (e, d) = (self.expr(2), self.expr(2));
                let sink = self.scalars[0].name.clone();
                let call = if self.rng.chance(50) {
                    format!(
                        "__atomic_compare_exchange_n(&{}, &{ex}, {de}, 0, {m}, {m})",
                        s.name
                    )
                } else {
                    format!(
                        "__atomic_compare_exchange(&{}, &{ex}, &{de}, 1, {m}, {m})",
                        s.name
                    )
                };
                let ty = s.ty;
                let ex_init = if self.rng.chance(50) {
                    s.name.clone()
                } else {
                    e
                };
                format!(
                    "{{ {ty} {ex} = {ex_init}; {ty} {de} = {d}; {t} = {call}; {sink} ^= {ex}; }}"
                )
            }
            _ => {
                let op = *self.rng.pick(&["add", "xor", "nand"]);
                let t = self.plain_target();
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
