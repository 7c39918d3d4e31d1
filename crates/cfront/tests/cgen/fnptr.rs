//! Function pointers: functions of one signature (`int fpN(int x)`), a global dispatch
//! table of them, a pointer chosen by `?:` (maybe re-pointed), a struct with a
//! function-pointer field, a callback helper `apply(f, x)`; calls `fp(e)`, `(*fp)(e)`,
//! `tbl[e & 1](e)`, `fo.op(e)`, `apply(fp, e)` as statements, comparisons `fp == fpa` in
//! expressions. Every pointer holds a function (never null); the functions call no
//! pointer, so nothing recurses.

use super::{Gen, Scalar};

impl Gen {
    /// The functions, the table and `apply`, appended to the program's functions. Their
    /// bodies see the helpers made before them, and no function pointer.
    pub(super) fn function_pointer_targets(&mut self, funcs: &mut String) {
        let n = 2 + self.rng.below(2) as usize;
        for k in 0..n {
            let name = format!("fp{k}");
            let saved = self.scalars.clone();
            self.scalars.push(Scalar {
                name: "x".into(),
                ty: "int",
            });
            self.in_helper = true;
            self.budget = 3;
            let mut body = String::new();
            if self.rng.chance(40) {
                self.block(&mut body, 1, 1, 2);
            }
            let ret = self.expr(3);
            body.push_str(&format!("  return {ret};\n"));
            funcs.push_str(&format!("int {name}(int x) {{\n{body}}}\n"));
            self.scalars = saved;
            self.in_helper = false;
            self.fn_targets.push(name);
        }
        let (a, b) = (self.fn_target(), self.fn_target());
        funcs.push_str(&format!("int (*tbl[2])(int) = {{ {a}, {b} }};\n"));
        funcs.push_str("int apply(int (*f)(int), int x) { return f(x); }\n");
        funcs.push_str("struct FO { int (*op)(int); int k; };\n");
    }

    /// One of the functions' names, as `f` or `&f`.
    fn fn_target(&mut self) -> String {
        let f = self.rng.pick(&self.fn_targets).clone();
        if self.rng.chance(25) {
            format!("&{f}")
        } else {
            f
        }
    }

    /// main's function pointers: `fpp` chosen by `?:`, maybe re-pointed, and a struct
    /// holding one; the table entries maybe re-pointed; then a call or two through them.
    pub(super) fn function_pointers(&mut self, body: &mut String) {
        self.note("function pointer chosen by ?:");
        let (cond, a, b) = (self.cond(), self.fn_target(), self.fn_target());
        body.push_str(&format!("  int (*fpp)(int) = ({cond}) ? {a} : {b};\n"));
        if self.rng.chance(40) {
            self.note("function pointer re-pointed");
            let (cond, c) = (self.cond(), self.fn_target());
            body.push_str(&format!("  if ({cond}) fpp = {c};\n"));
        }
        self.fn_ptrs.push("fpp".into());
        if self.rng.chance(50) {
            self.note("function pointer in a struct");
            let (f, k) = (self.fn_target(), self.expr(2));
            body.push_str(&format!("  struct FO fo = {{ {f}, {k} }};\n"));
            if self.rng.chance(40) {
                let cond = self.cond();
                body.push_str(&format!("  if ({cond}) fo.op = fpp;\n"));
            }
            self.fn_ptrs.push("fo.op".into());
        }
        if self.rng.chance(30) {
            self.note("function pointer table re-pointed");
            let (i, f) = (self.simple(), self.fn_target());
            body.push_str(&format!("  tbl[({i}) & 1] = {f};\n"));
        }
        for _ in 0..1 + self.rng.below(2) {
            self.call_through_pointer(body, 1);
        }
    }

    /// `v = <call through a pointer>;` (or the call alone).
    pub(super) fn call_through_pointer(&mut self, out: &mut String, ind: usize) {
        let arg = self.expr(2);
        let call = match self.rng.below(5) {
            0 => {
                self.note("call through a table");
                format!("tbl[({}) & 1]({arg})", self.simple())
            }
            1 => {
                self.note("call as (*fp)(e)");
                format!("(*{})({arg})", self.rng.pick(&self.fn_ptrs).clone())
            }
            2 => {
                self.note("callback");
                let f = if self.rng.chance(50) {
                    self.rng.pick(&self.fn_ptrs).clone()
                } else {
                    self.fn_target()
                };
                format!("apply({f}, {arg})")
            }
            _ => {
                self.note("call through a pointer");
                format!("{}({arg})", self.rng.pick(&self.fn_ptrs).clone())
            }
        };
        if self.rng.chance(80) {
            let v = self.plain_target();
            Self::line(out, ind, &format!("{v} = {call};"));
        } else {
            Self::line(out, ind, &format!("{call};"));
        }
    }

    /// `(fpp == fp1)`, `(tbl[1] != fo.op)`: an `int`.
    pub(super) fn fn_ptr_comparison(&mut self) -> String {
        self.note("function pointer comparison");
        let side = |g: &mut Self| match g.rng.below(3) {
            0 => g.fn_target(),
            1 => format!("tbl[{}]", g.rng.below(2)),
            _ => g.rng.pick(&g.fn_ptrs).clone(),
        };
        let (a, b) = (side(self), side(self));
        let op = *self.rng.pick(&["==", "!="]);
        format!("({a} {op} {b})")
    }
}
