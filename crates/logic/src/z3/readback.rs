//! Z3 term → Boulder term, by declaration name (never by `DeclKind`, whose numbering in
//! the bindings does not match Debian's Z3 4.8.12), and model values.

use super::Ctx;
use crate::sort::{ScalarSort, Sort};
use crate::term::{Op, Term};
use crate::value::{ArrayValue, Value};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::ffi::CStr;
use std::rc::Rc;
use z3_sys::*;

unsafe fn sort_of(ctx: &Ctx, s: Z3_sort) -> Result<Sort, String> {
    let z = ctx.z3();
    let scalar = |s: Z3_sort| -> Result<ScalarSort, String> {
        match Z3_get_sort_kind(z, s) {
            SortKind::Bool => Ok(ScalarSort::Bool),
            SortKind::Int => Ok(ScalarSort::Int),
            SortKind::Bv => Ok(ScalarSort::Bv(Z3_get_bv_sort_size(z, s))),
            k => Err(format!("unsupported Z3 sort kind {k:?}")),
        }
    };
    match Z3_get_sort_kind(z, s) {
        SortKind::Array => {
            let d = Z3_get_array_sort_domain(z, s).ok_or("array domain")?;
            let r = Z3_get_array_sort_range(z, s).ok_or("array range")?;
            Ok(Sort::Array(scalar(d)?, scalar(r)?))
        }
        _ => Ok(scalar(s)?.to_sort()),
    }
}

unsafe fn numeral(ctx: &Ctx, a: Z3_ast, sort: Sort) -> Result<Value, String> {
    let text = CStr::from_ptr(Z3_get_numeral_string(ctx.z3(), a))
        .to_string_lossy()
        .into_owned();
    match sort {
        Sort::Bv(w) => text
            .parse::<u128>()
            .map(|v| Value::Bv(v, w))
            .map_err(|_| format!("bad bit-vector numeral {text}")),
        Sort::Int => text
            .parse::<i128>()
            .map(Value::Int)
            .map_err(|_| format!("integer numeral {text} beyond 128 bits")),
        s => Err(format!("numeral of sort {s}")),
    }
}

unsafe fn decl_name(ctx: &Ctx, d: Z3_func_decl) -> String {
    let sym = Z3_get_decl_name(ctx.z3(), d).expect("decl name");
    match Z3_get_symbol_kind(ctx.z3(), sym) {
        SymbolKind::String => CStr::from_ptr(Z3_get_symbol_string(ctx.z3(), sym))
            .to_string_lossy()
            .into_owned(),
        SymbolKind::Int => format!("k!{}", Z3_get_symbol_int(ctx.z3(), sym)),
    }
}

pub(crate) fn read_term(ctx: &Ctx, a: Z3_ast) -> Result<Term, String> {
    let mut memo = FxHashMap::default();
    unsafe { read(ctx, a, &mut memo) }
}

unsafe fn read(ctx: &Ctx, a: Z3_ast, memo: &mut FxHashMap<usize, Term>) -> Result<Term, String> {
    let key = a.as_ptr() as usize;
    if let Some(t) = memo.get(&key) {
        return Ok(*t);
    }
    let z = ctx.z3();
    let s = &ctx.store;
    let sort = sort_of(ctx, Z3_get_sort(z, a).ok_or("sort")?)?;
    let t = match Z3_get_ast_kind(z, a) {
        AstKind::Numeral => s.value_term(&numeral(ctx, a, sort)?),
        AstKind::App => {
            let app = Z3_to_app(z, a).ok_or("app")?;
            let d = Z3_get_app_decl(z, app).ok_or("decl")?;
            let name = decl_name(ctx, d);
            let n = Z3_get_app_num_args(z, app);
            let mut args = Vec::with_capacity(n as usize);
            for i in 0..n {
                args.push(read(ctx, Z3_get_app_arg(z, app, i).ok_or("arg")?, memo)?);
            }
            let param = |i: u32| Z3_get_decl_int_parameter(z, d, i) as u32;
            build(ctx, &name, &args, sort, param)?
        }
        AstKind::Quantifier => return Err("cannot read back a quantifier".into()),
        k => return Err(format!("cannot read back a Z3 term of kind {k:?}")),
    };
    memo.insert(key, t);
    Ok(t)
}

/// Builds the Boulder term for a Z3 application named `name`.
fn build(
    ctx: &Ctx,
    name: &str,
    args: &[Term],
    sort: Sort,
    param: impl Fn(u32) -> u32,
) -> Result<Term, String> {
    let s = &ctx.store;
    let mk = |op: Op, args: &[Term]| s.try_mk(op, args).map_err(|e| e.to_string());
    // n-ary applications of binary operators associate to the left.
    let fold = |op: Op| -> Result<Term, String> {
        let mut acc = *args.first().ok_or("no arguments")?;
        for x in &args[1..] {
            acc = mk(op, &[acc, *x])?;
        }
        Ok(acc)
    };
    let swap = |op: Op| mk(op, &[args[1], args[0]]);
    let width = |t: Term| s.sort(t).bv_width().unwrap_or(0);
    Ok(match (name, args.len()) {
        ("true", 0) => s.tru(),
        ("false", 0) => s.fls(),
        (_, 0) => {
            let v = s
                .lookup_var(name)
                .ok_or_else(|| format!("unknown symbol `{name}` in Z3 term"))?;
            if s.var_sort(v) != sort {
                return Err(format!("symbol `{name}` has another sort in Z3"));
            }
            s.var_term(v)
        }
        ("not", 1) => mk(Op::Not, args)?,
        ("and", _) => mk(Op::And, args)?,
        ("or", _) => mk(Op::Or, args)?,
        ("xor", _) => fold(Op::Xor)?,
        ("=>", 2) => mk(Op::Implies, args)?,
        ("if" | "ite", 3) => mk(Op::Ite, args)?,
        ("=", _) if args.len() >= 2 => {
            let eqs: Result<Vec<Term>, String> =
                args.windows(2).map(|w| mk(Op::Eq, &[w[0], w[1]])).collect();
            s.and(&eqs?)
        }
        ("distinct", _) => {
            let mut neqs = Vec::new();
            for i in 0..args.len() {
                for j in i + 1..args.len() {
                    neqs.push(s.not(mk(Op::Eq, &[args[i], args[j]])?));
                }
            }
            s.and(&neqs)
        }
        ("bvneg", 1) => mk(Op::BvNeg, args)?,
        ("bvnot", 1) => mk(Op::BvNot, args)?,
        ("bvadd", _) => fold(Op::BvAdd)?,
        ("bvsub", _) => fold(Op::BvSub)?,
        ("bvmul", _) => fold(Op::BvMul)?,
        // The `_i` variants agree with the total ones wherever the divisor is non-zero,
        // and Z3 introduces them only under a guard excluding zero.
        ("bvudiv" | "bvudiv_i", 2) => mk(Op::BvUdiv, args)?,
        ("bvsdiv" | "bvsdiv_i", 2) => mk(Op::BvSdiv, args)?,
        ("bvurem" | "bvurem_i", 2) => mk(Op::BvUrem, args)?,
        ("bvsrem" | "bvsrem_i", 2) => mk(Op::BvSrem, args)?,
        ("bvsmod" | "bvsmod_i", 2) => smod(ctx, args[0], args[1])?,
        ("bvshl", 2) => mk(Op::BvShl, args)?,
        ("bvlshr", 2) => mk(Op::BvLshr, args)?,
        ("bvashr", 2) => mk(Op::BvAshr, args)?,
        ("bvand", _) => fold(Op::BvAnd)?,
        ("bvor", _) => fold(Op::BvOr)?,
        ("bvxor", _) => fold(Op::BvXor)?,
        ("bvnand", 2) => s.bvnot(mk(Op::BvAnd, args)?),
        ("bvnor", 2) => s.bvnot(mk(Op::BvOr, args)?),
        ("bvxnor", 2) => s.bvnot(mk(Op::BvXor, args)?),
        ("concat", _) => fold(Op::Concat)?,
        ("extract", 1) => mk(Op::Extract(param(0), param(1)), args)?,
        // Bit `i` of a bit-vector as a Boolean (Spacer's lemmas over bit-vectors use it).
        ("bit2bool", 1) => {
            let bit = mk(Op::Extract(param(0), param(0)), args)?;
            mk(Op::Eq, &[bit, s.bv_const(1, 1)])?
        }
        ("zero_extend", 1) => mk(Op::ZeroExt(param(0)), args)?,
        ("sign_extend", 1) => mk(Op::SignExt(param(0)), args)?,
        ("repeat", 1) => {
            let mut acc = args[0];
            for _ in 1..param(0) {
                acc = mk(Op::Concat, &[acc, args[0]])?;
            }
            acc
        }
        ("rotate_left" | "rotate_right", 1) => {
            let w = width(args[0]);
            let k = param(0) % w;
            let k = if name == "rotate_left" {
                k
            } else {
                (w - k) % w
            };
            if k == 0 {
                args[0]
            } else {
                let hi = mk(Op::Extract(w - k - 1, 0), args)?;
                let lo = mk(Op::Extract(w - 1, w - k), args)?;
                mk(Op::Concat, &[hi, lo])?
            }
        }
        ("bvcomp", 2) => {
            let e = mk(Op::Eq, args)?;
            s.ite(e, s.bv_const(1, 1), s.bv_const(0, 1))
        }
        ("bvredor", 1) => {
            let zero = s.bv_const(0, width(args[0]));
            s.ite(s.eq(args[0], zero), s.bv_const(0, 1), s.bv_const(1, 1))
        }
        ("bvredand", 1) => {
            let ones = s.bvnot(s.bv_const(0, width(args[0])));
            s.ite(s.eq(args[0], ones), s.bv_const(1, 1), s.bv_const(0, 1))
        }
        ("bvult", 2) => mk(Op::BvUlt, args)?,
        ("bvule", 2) => mk(Op::BvUle, args)?,
        ("bvugt", 2) => swap(Op::BvUlt)?,
        ("bvuge", 2) => swap(Op::BvUle)?,
        ("bvslt", 2) => mk(Op::BvSlt, args)?,
        ("bvsle", 2) => mk(Op::BvSle, args)?,
        ("bvsgt", 2) => swap(Op::BvSlt)?,
        ("bvsge", 2) => swap(Op::BvSle)?,
        ("-", 1) => mk(Op::IntNeg, args)?,
        ("+", _) => fold(Op::IntAdd)?,
        ("-", _) => fold(Op::IntSub)?,
        ("*", _) => fold(Op::IntMul)?,
        ("div", 2) => mk(Op::IntDiv, args)?,
        ("mod", 2) => mk(Op::IntMod, args)?,
        ("<", 2) => mk(Op::IntLt, args)?,
        ("<=", 2) => mk(Op::IntLe, args)?,
        (">", 2) => swap(Op::IntLt)?,
        (">=", 2) => swap(Op::IntLe)?,
        ("select", 2) => mk(Op::Select, args)?,
        ("store", 3) => mk(Op::Store, args)?,
        ("const", 1) => match sort {
            Sort::Array(i, _) => mk(Op::ConstArray(i), args)?,
            _ => return Err("const of a non-array sort".into()),
        },
        _ => {
            return Err(format!(
                "cannot read back Z3 operator `{name}` with {} arguments",
                args.len()
            ))
        }
    })
}

/// `bvsmod` (remainder with the sign of the divisor) from SMT-LIB's definition.
fn smod(ctx: &Ctx, a: Term, b: Term) -> Result<Term, String> {
    let s = &ctx.store;
    let w = s.sort(a).bv_width().ok_or("bvsmod on non-bit-vector")?;
    let zero = s.bv_const(0, w);
    let msb = |x: Term| s.eq(s.extract(x, w - 1, w - 1), s.bv_const(1, 1));
    let abs = |x: Term| s.ite(msb(x), s.bvneg(x), x);
    let u = s.bvurem(abs(a), abs(b));
    let (ma, mb) = (msb(a), msb(b));
    let r = s.ite(
        s.eq(u, zero),
        u,
        s.ite(
            s.and2(s.not(ma), s.not(mb)),
            u,
            s.ite(
                s.and2(ma, s.not(mb)),
                s.bvadd(s.bvneg(u), b),
                s.ite(s.and2(s.not(ma), mb), s.bvadd(u, b), s.bvneg(u)),
            ),
        ),
    );
    Ok(r)
}

/// The value of `a` (of Boulder sort `sort`) in model `m`, completed.
pub(crate) fn model_value(ctx: &Ctx, m: Z3_model, a: Z3_ast, sort: Sort) -> Option<Value> {
    let z = ctx.z3();
    unsafe {
        let mut out = std::mem::MaybeUninit::<Z3_ast>::uninit();
        if !Z3_model_eval(z, m, a, true, out.as_mut_ptr()) {
            return None;
        }
        let out = out.assume_init();
        Z3_inc_ref(z, out);
        let v = value_of(ctx, m, out, sort);
        Z3_dec_ref(z, out);
        v
    }
}

unsafe fn value_of(ctx: &Ctx, m: Z3_model, a: Z3_ast, sort: Sort) -> Option<Value> {
    let z = ctx.z3();
    match sort {
        Sort::Bool => match Z3_get_bool_value(z, a) {
            Z3_L_TRUE => Some(Value::Bool(true)),
            Z3_L_FALSE => Some(Value::Bool(false)),
            _ => None,
        },
        Sort::Bv(_) | Sort::Int => {
            if Z3_is_numeral_ast(z, a) {
                numeral(ctx, a, sort).ok()
            } else {
                None
            }
        }
        Sort::Array(i, e) => {
            if Z3_is_as_array(z, a) {
                let f = Z3_get_as_array_func_decl(z, a)?;
                let interp = Z3_model_get_func_interp(z, m, f)?;
                Z3_func_interp_inc_ref(z, interp);
                let default = Z3_func_interp_get_else(z, interp)
                    .and_then(|x| value_of(ctx, m, x, e.to_sort()))
                    .unwrap_or_else(|| Value::zero(e.to_sort()));
                let mut arr = Value::Array(Rc::new(ArrayValue {
                    index: i,
                    default,
                    entries: BTreeMap::new(),
                }));
                for k in 0..Z3_func_interp_get_num_entries(z, interp) {
                    let entry = Z3_func_interp_get_entry(z, interp, k)?;
                    Z3_func_entry_inc_ref(z, entry);
                    let key = Z3_func_entry_get_arg(z, entry, 0)
                        .and_then(|x| value_of(ctx, m, x, i.to_sort()));
                    let val = Z3_func_entry_get_value(z, entry)
                        .and_then(|x| value_of(ctx, m, x, e.to_sort()));
                    Z3_func_entry_dec_ref(z, entry);
                    if let (Some(k), Some(v)) = (key, val) {
                        arr = arr.store(k, v);
                    }
                }
                Z3_func_interp_dec_ref(z, interp);
                return Some(arr);
            }
            let app = Z3_to_app(z, a)?;
            let d = Z3_get_app_decl(z, app)?;
            match decl_name(ctx, d).as_str() {
                "const" => {
                    let v = value_of(ctx, m, Z3_get_app_arg(z, app, 0)?, e.to_sort())?;
                    Some(Value::Array(Rc::new(ArrayValue {
                        index: i,
                        default: v,
                        entries: BTreeMap::new(),
                    })))
                }
                "store" => {
                    let base = value_of(ctx, m, Z3_get_app_arg(z, app, 0)?, sort)?;
                    let k = value_of(ctx, m, Z3_get_app_arg(z, app, 1)?, i.to_sort())?;
                    let v = value_of(ctx, m, Z3_get_app_arg(z, app, 2)?, e.to_sort())?;
                    Some(base.store(k, v))
                }
                _ => None,
            }
        }
    }
}
