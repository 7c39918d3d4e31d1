//! Parsing and elaboration of infix terms.

use super::lexer::{Lexer, SyntaxError, Token, TokenKind};
use crate::sort::{ScalarSort, Sort};
use crate::term::{Op, Term, TermStore};
use rustc_hash::FxHashMap;

/// An untyped expression, as written.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub line: usize,
    pub col: usize,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Name(String),
    Num(u128, Option<Sort>),
    Bool(bool),
    Unary(&'static str, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
    ConstArray(Sort, Box<Expr>),
    Select(Box<Expr>, Box<Expr>),
    Extract(Box<Expr>, u32, u32),
    Quantifier(bool, Vec<(String, Sort)>, Box<Expr>),
}

/// Binding strength of a binary operator and whether it associates to the right.
pub(crate) fn binary_prec(op: &str) -> Option<(u8, bool)> {
    Some(match op {
        "=>" => (1, true),
        "||" => (2, false),
        "&&" => (3, false),
        "==" | "!=" => (4, false),
        "<u" | "<=u" | ">u" | ">=u" | "<s" | "<=s" | ">s" | ">=s" | "<" | "<=" | ">" | ">=" => {
            (5, false)
        }
        "|" => (6, false),
        "^" => (7, false),
        "&" => (8, false),
        "<<" | ">>u" | ">>s" => (9, false),
        "+" | "-" => (10, false),
        "*" | "/u" | "/s" | "%u" | "%s" | "/" | "%" => (11, false),
        _ => return None,
    })
}

pub(crate) const UNARY_PREC: u8 = 12;
pub(crate) const POSTFIX_PREC: u8 = 13;

/// Where names are looked up during elaboration.
pub trait VarScope {
    fn lookup(&self, name: &str) -> Option<Term>;
}

impl VarScope for FxHashMap<String, Term> {
    fn lookup(&self, name: &str) -> Option<Term> {
        self.get(name).copied()
    }
}

/// Every variable of the store is in scope.
impl VarScope for TermStore {
    fn lookup(&self, name: &str) -> Option<Term> {
        self.lookup_var(name).map(|v| self.var_term(v))
    }
}

/// A recursive-descent parser over a token slice; the CFA parser shares its cursor.
pub struct ExprParser<'t> {
    pub toks: &'t [Token],
    pub pos: usize,
}

impl<'t> ExprParser<'t> {
    pub fn new(toks: &'t [Token]) -> Self {
        ExprParser { toks, pos: 0 }
    }

    pub fn peek(&self) -> &'t Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub fn peek_at(&self, k: usize) -> &'t Token {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)]
    }

    pub fn advance(&mut self) -> &'t Token {
        let t = self.peek();
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    pub fn error_here(&self, expected: &str) -> SyntaxError {
        let t = self.peek();
        SyntaxError {
            line: t.line,
            col: t.col,
            message: format!("expected {expected}, found {}", t.kind),
        }
    }

    pub fn is_punct(&self, p: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Punct(q) if *q == p)
    }

    pub fn is_ident(&self, s: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Ident(q) if q == s)
    }

    pub fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect_punct(&mut self, p: &str) -> Result<(), SyntaxError> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.error_here(&format!("`{p}`")))
        }
    }

    pub fn expect_ident(&mut self, what: &str) -> Result<String, SyntaxError> {
        match &self.peek().kind {
            TokenKind::Ident(s) => {
                self.pos += 1;
                Ok(s.clone())
            }
            _ => Err(self.error_here(what)),
        }
    }

    pub fn expect_num(&mut self, what: &str) -> Result<u128, SyntaxError> {
        match &self.peek().kind {
            TokenKind::Num(n, None) => {
                self.pos += 1;
                Ok(*n)
            }
            _ => Err(self.error_here(what)),
        }
    }

    /// `bool`, `int`, `bvN`, `[S]T`.
    pub fn parse_sort(&mut self) -> Result<Sort, SyntaxError> {
        if self.eat_punct("[") {
            let i = self.parse_scalar_sort()?;
            self.expect_punct("]")?;
            let e = self.parse_scalar_sort()?;
            return Ok(Sort::Array(i, e));
        }
        Ok(self.parse_scalar_sort()?.to_sort())
    }

    fn parse_scalar_sort(&mut self) -> Result<ScalarSort, SyntaxError> {
        let here = self.peek().clone();
        let name = self.expect_ident("a sort (bool, int, bvN, [S]T)")?;
        let bad = || SyntaxError {
            line: here.line,
            col: here.col,
            message: format!("unknown sort `{name}`"),
        };
        match name.as_str() {
            "bool" => Ok(ScalarSort::Bool),
            "int" => Ok(ScalarSort::Int),
            s if s.starts_with("bv") => {
                let w: u32 = s[2..].parse().map_err(|_| bad())?;
                if w == 0 || w > crate::sort::MAX_BV_WIDTH {
                    return Err(bad());
                }
                Ok(ScalarSort::Bv(w))
            }
            _ => Err(bad()),
        }
    }

    pub fn parse_expr(&mut self) -> Result<Expr, SyntaxError> {
        self.parse_binary(1)
    }

    fn parse_binary(&mut self, min_prec: u8) -> Result<Expr, SyntaxError> {
        let mut lhs = self.parse_unary()?;
        while let TokenKind::Punct(op) = &self.peek().kind {
            let op = *op;
            let Some((prec, right)) = binary_prec(op) else {
                break;
            };
            if prec < min_prec {
                break;
            }
            let t = self.advance();
            let rhs = self.parse_binary(if right { prec } else { prec + 1 })?;
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                line: t.line,
                col: t.col,
            };
        }
        Ok(lhs)
    }

    fn parse_unary(&mut self) -> Result<Expr, SyntaxError> {
        let t = self.peek();
        if let TokenKind::Punct(p @ ("!" | "~" | "-")) = &t.kind {
            self.pos += 1;
            let e = self.parse_unary()?;
            return Ok(Expr {
                kind: ExprKind::Unary(p, Box::new(e)),
                line: t.line,
                col: t.col,
            });
        }
        self.parse_postfix()
    }

    fn parse_postfix(&mut self) -> Result<Expr, SyntaxError> {
        let mut e = self.parse_primary()?;
        while self.is_punct("[") {
            let t = self.advance();
            let is_extract = matches!(self.peek().kind, TokenKind::Num(_, None))
                && matches!(self.peek_at(1).kind, TokenKind::Punct(":"));
            if is_extract {
                let hi = self.expect_num("the high bit")?;
                self.expect_punct(":")?;
                let lo = self.expect_num("the low bit")?;
                self.expect_punct("]")?;
                e = Expr {
                    kind: ExprKind::Extract(Box::new(e), hi as u32, lo as u32),
                    line: t.line,
                    col: t.col,
                };
            } else {
                let i = self.parse_expr()?;
                self.expect_punct("]")?;
                e = Expr {
                    kind: ExprKind::Select(Box::new(e), Box::new(i)),
                    line: t.line,
                    col: t.col,
                };
            }
        }
        Ok(e)
    }

    fn parse_primary(&mut self) -> Result<Expr, SyntaxError> {
        let t = self.peek();
        let mk = |kind| Expr {
            kind,
            line: t.line,
            col: t.col,
        };
        match &t.kind {
            TokenKind::Num(n, s) => {
                self.pos += 1;
                Ok(mk(ExprKind::Num(*n, *s)))
            }
            TokenKind::Punct("(") => {
                self.pos += 1;
                let e = self.parse_expr()?;
                self.expect_punct(")")?;
                Ok(e)
            }
            TokenKind::Ident(name) => {
                self.pos += 1;
                match name.as_str() {
                    "true" => return Ok(mk(ExprKind::Bool(true))),
                    "false" => return Ok(mk(ExprKind::Bool(false))),
                    _ => {}
                }
                if !self.is_punct("(") {
                    return Ok(mk(ExprKind::Name(name.clone())));
                }
                match name.as_str() {
                    "forall" | "exists" => {
                        self.expect_punct("(")?;
                        let mut vars = Vec::new();
                        loop {
                            let v = self.expect_ident("a bound variable")?;
                            self.expect_punct(":")?;
                            let s = self.parse_sort()?;
                            vars.push((v, s));
                            if self.eat_punct(";") {
                                break;
                            }
                            self.expect_punct(",")?;
                        }
                        let body = self.parse_expr()?;
                        self.expect_punct(")")?;
                        Ok(mk(ExprKind::Quantifier(
                            name == "forall",
                            vars,
                            Box::new(body),
                        )))
                    }
                    "const" => {
                        self.expect_punct("(")?;
                        let s = self.parse_sort()?;
                        self.expect_punct(",")?;
                        let v = self.parse_expr()?;
                        self.expect_punct(")")?;
                        Ok(mk(ExprKind::ConstArray(s, Box::new(v))))
                    }
                    _ => {
                        self.expect_punct("(")?;
                        let mut args = Vec::new();
                        if !self.eat_punct(")") {
                            loop {
                                args.push(self.parse_expr()?);
                                if self.eat_punct(")") {
                                    break;
                                }
                                self.expect_punct(",")?;
                            }
                        }
                        Ok(mk(ExprKind::Call(name.clone(), args)))
                    }
                }
            }
            _ => Err(self.error_here("an expression")),
        }
    }
}

fn is_bare(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Num(_, None) => true,
        ExprKind::Unary("-", inner) => is_bare(inner),
        _ => false,
    }
}

/// Elaborates expressions into terms of a store.
pub struct Elaborator<'a> {
    pub store: &'a TermStore,
    pub scope: &'a dyn VarScope,
    bound: Vec<FxHashMap<String, Term>>,
}

fn err_at(e: &Expr, message: String) -> SyntaxError {
    SyntaxError {
        line: e.line,
        col: e.col,
        message,
    }
}

impl<'a> Elaborator<'a> {
    pub fn new(store: &'a TermStore, scope: &'a dyn VarScope) -> Self {
        Elaborator {
            store,
            scope,
            bound: Vec::new(),
        }
    }

    fn build(&self, e: &Expr, op: Op, args: &[Term]) -> Result<Term, SyntaxError> {
        self.store
            .try_mk(op, args)
            .map_err(|s| err_at(e, s.to_string()))
    }

    /// The term of `e`, whose bare numerals take the sort `hint` where the context gives
    /// no other.
    pub fn elaborate(&mut self, e: &Expr, hint: Option<Sort>) -> Result<Term, SyntaxError> {
        let s = self.store;
        match &e.kind {
            ExprKind::Name(n) => {
                for scope in self.bound.iter().rev() {
                    if let Some(t) = scope.get(n) {
                        return Ok(*t);
                    }
                }
                self.scope
                    .lookup(n)
                    .ok_or_else(|| err_at(e, format!("undeclared variable `{n}`")))
            }
            ExprKind::Bool(b) => Ok(s.bool_const(*b)),
            ExprKind::Num(v, suffix) => match suffix.or(hint) {
                Some(Sort::Bv(w)) => {
                    if w < 128 && *v >> w != 0 {
                        return Err(err_at(e, format!("{v} does not fit in bv{w}")));
                    }
                    Ok(s.bv_const(*v, w))
                }
                Some(Sort::Int) => {
                    let i =
                        i128::try_from(*v).map_err(|_| err_at(e, format!("{v} is too large")))?;
                    Ok(s.int_const(i))
                }
                Some(other) => Err(err_at(e, format!("a numeral cannot have sort {other}"))),
                None => Err(err_at(
                    e,
                    format!("cannot tell the sort of {v}: write e.g. {v}bv32 or {v}int"),
                )),
            },
            ExprKind::Unary(op, a) => {
                let hint = if *op == "!" { Some(Sort::Bool) } else { hint };
                let a = self.elaborate(a, hint)?;
                let o = match (*op, s.sort(a)) {
                    ("!", _) => Op::Not,
                    ("~", _) => Op::BvNot,
                    ("-", Sort::Int) => Op::IntNeg,
                    _ => Op::BvNeg,
                };
                self.build(e, o, &[a])
            }
            ExprKind::Binary(op, a, b) => {
                let logical = matches!(*op, "=>" | "||" | "&&");
                let compares = binary_prec(op).is_some_and(|(p, _)| p == 4 || p == 5);
                let (ta, tb) = if logical {
                    (
                        self.elaborate(a, Some(Sort::Bool))?,
                        self.elaborate(b, Some(Sort::Bool))?,
                    )
                } else {
                    self.pair(a, b, if compares { None } else { hint })?
                };
                let int = s.sort(ta) == Sort::Int;
                let (o, swap) = match *op {
                    "=>" => (Op::Implies, false),
                    "||" => (Op::Or, false),
                    "&&" => (Op::And, false),
                    "==" | "!=" => (Op::Eq, false),
                    "<u" => (Op::BvUlt, false),
                    "<=u" => (Op::BvUle, false),
                    ">u" => (Op::BvUlt, true),
                    ">=u" => (Op::BvUle, true),
                    "<s" => (Op::BvSlt, false),
                    "<=s" => (Op::BvSle, false),
                    ">s" => (Op::BvSlt, true),
                    ">=s" => (Op::BvSle, true),
                    "<" => (Op::IntLt, false),
                    "<=" => (Op::IntLe, false),
                    ">" => (Op::IntLt, true),
                    ">=" => (Op::IntLe, true),
                    "|" => (Op::BvOr, false),
                    "^" => (Op::BvXor, false),
                    "&" => (Op::BvAnd, false),
                    "<<" => (Op::BvShl, false),
                    ">>u" => (Op::BvLshr, false),
                    ">>s" => (Op::BvAshr, false),
                    "+" => (if int { Op::IntAdd } else { Op::BvAdd }, false),
                    "-" => (if int { Op::IntSub } else { Op::BvSub }, false),
                    "*" => (if int { Op::IntMul } else { Op::BvMul }, false),
                    "/u" => (Op::BvUdiv, false),
                    "/s" => (Op::BvSdiv, false),
                    "%u" => (Op::BvUrem, false),
                    "%s" => (Op::BvSrem, false),
                    "/" => (Op::IntDiv, false),
                    "%" => (Op::IntMod, false),
                    other => unreachable!("binary operator {other}"),
                };
                let t = if swap {
                    self.build(e, o, &[tb, ta])?
                } else {
                    self.build(e, o, &[ta, tb])?
                };
                if *op == "!=" {
                    self.build(e, Op::Not, &[t])
                } else {
                    Ok(t)
                }
            }
            ExprKind::Select(a, i) => {
                let ta = self.elaborate(a, None)?;
                let Sort::Array(is, _) = s.sort(ta) else {
                    return Err(err_at(e, "indexing a value that is not an array".into()));
                };
                let ti = self.elaborate(i, Some(is.to_sort()))?;
                self.build(e, Op::Select, &[ta, ti])
            }
            ExprKind::Extract(a, hi, lo) => {
                let ta = self.elaborate(a, None)?;
                self.build(e, Op::Extract(*hi, *lo), &[ta])
            }
            ExprKind::ConstArray(sort, v) => {
                let Sort::Array(is, es) = sort else {
                    return Err(err_at(e, "const expects an array sort".into()));
                };
                let tv = self.elaborate(v, Some(es.to_sort()))?;
                self.build(e, Op::ConstArray(*is), &[tv])
            }
            ExprKind::Quantifier(forall, vars, body) => {
                let mut scope = FxHashMap::default();
                let mut bound = Vec::new();
                for (name, sort) in vars {
                    let t = match s.lookup_var(name) {
                        Some(v) if s.var_sort(v) != *sort => {
                            return Err(err_at(
                                e,
                                format!("`{name}` is already a variable of another sort"),
                            ))
                        }
                        Some(v) => s.var_term(v),
                        None => s.var(name, *sort),
                    };
                    scope.insert(name.clone(), t);
                    bound.push(t);
                }
                self.bound.push(scope);
                let tb = self.elaborate(body, Some(Sort::Bool));
                self.bound.pop();
                bound.push(tb?);
                self.build(e, if *forall { Op::Forall } else { Op::Exists }, &bound)
            }
            ExprKind::Call(name, args) => self.call(e, name, args, hint),
        }
    }

    /// Operands that must share a sort: the one that is not a bare numeral is elaborated
    /// first and lends its sort to the other.
    fn pair(
        &mut self,
        a: &Expr,
        b: &Expr,
        hint: Option<Sort>,
    ) -> Result<(Term, Term), SyntaxError> {
        if is_bare(a) && !is_bare(b) {
            let tb = self.elaborate(b, hint)?;
            let ta = self.elaborate(a, Some(self.store.sort(tb)))?;
            Ok((ta, tb))
        } else {
            let ta = self.elaborate(a, hint)?;
            let tb = self.elaborate(b, Some(self.store.sort(ta)))?;
            Ok((ta, tb))
        }
    }

    fn call(
        &mut self,
        e: &Expr,
        name: &str,
        args: &[Expr],
        hint: Option<Sort>,
    ) -> Result<Term, SyntaxError> {
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(err_at(e, format!("{name} takes {n} arguments")))
            }
        };
        let num = |x: &Expr| match x.kind {
            ExprKind::Num(n, None) if n <= 128 => Ok(n as u32),
            _ => Err(err_at(x, "expected a small numeral".into())),
        };
        match name {
            "ite" => {
                arity(3)?;
                let c = self.elaborate(&args[0], Some(Sort::Bool))?;
                let (a, b) = self.pair(&args[1], &args[2], hint)?;
                self.build(e, Op::Ite, &[c, a, b])
            }
            "zext" | "sext" => {
                arity(2)?;
                let a = self.elaborate(&args[0], None)?;
                let n = num(&args[1])?;
                let op = if name == "zext" {
                    Op::ZeroExt(n)
                } else {
                    Op::SignExt(n)
                };
                self.build(e, op, &[a])
            }
            "concat" => {
                arity(2)?;
                let a = self.elaborate(&args[0], None)?;
                let b = self.elaborate(&args[1], None)?;
                self.build(e, Op::Concat, &[a, b])
            }
            "xor" => {
                arity(2)?;
                let a = self.elaborate(&args[0], Some(Sort::Bool))?;
                let b = self.elaborate(&args[1], Some(Sort::Bool))?;
                self.build(e, Op::Xor, &[a, b])
            }
            "store" => {
                arity(3)?;
                let a = self.elaborate(&args[0], None)?;
                let Sort::Array(is, es) = self.store.sort(a) else {
                    return Err(err_at(e, "store on a value that is not an array".into()));
                };
                let i = self.elaborate(&args[1], Some(is.to_sort()))?;
                let v = self.elaborate(&args[2], Some(es.to_sort()))?;
                self.build(e, Op::Store, &[a, i, v])
            }
            _ => Err(err_at(e, format!("unknown function `{name}`"))),
        }
    }
}

/// Parses and elaborates one term, with names looked up in `scope`.
pub fn parse_term(
    store: &TermStore,
    scope: &dyn VarScope,
    text: &str,
    hint: Option<Sort>,
) -> Result<Term, SyntaxError> {
    let toks = Lexer::tokenize(text)?;
    let mut p = ExprParser::new(&toks);
    let e = p.parse_expr()?;
    if !matches!(p.peek().kind, TokenKind::Eof) {
        return Err(p.error_here("end of input"));
    }
    Elaborator::new(store, scope).elaborate(&e, hint)
}
