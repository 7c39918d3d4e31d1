use super::LOC_ATTRS;
use crate::graph::{Cfa, LocationId, LocationKind, VarKind};
use crate::program::{Function, Program};
use crate::stmt::{Call, Origin, StmtId, StmtStore};
use logic::syntax::{Elaborator, ExprParser, Lexer, SyntaxError, TokenKind};
use logic::{Sort, Term, TermStore};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Narrower array indices are rejected: Z3 4.8.12 decides equalities of such arrays
/// wrongly (see `logic`'s test `z3_4_8_12_defect_on_narrow_array_indices`).
const MIN_ARRAY_INDEX_WIDTH: u32 = 16;

struct Parser<'t> {
    p: ExprParser<'t>,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    vars: FxHashMap<String, Term>,
    locs: FxHashMap<String, LocationId>,
}

fn err(line: usize, col: usize, message: String) -> SyntaxError {
    SyntaxError { line, col, message }
}

impl Parser<'_> {
    fn here(&self) -> (usize, usize) {
        let t = self.p.peek();
        (t.line, t.col)
    }

    fn var_decl(&mut self, cfa: &mut Cfa) -> Result<(), SyntaxError> {
        let (line, col) = self.here();
        let name = self.p.expect_ident("a variable name")?;
        if self.vars.contains_key(&name) {
            return Err(err(line, col, format!("variable `{name}` declared twice")));
        }
        if matches!(name.as_str(), "true" | "false") {
            return Err(err(
                line,
                col,
                format!("`{name}` cannot be a variable name"),
            ));
        }
        self.p.expect_punct(":")?;
        let (sl, sc) = self.here();
        let sort = self.p.parse_sort()?;
        if let Sort::Array(logic::ScalarSort::Bv(w), _) = sort {
            if w < MIN_ARRAY_INDEX_WIDTH {
                return Err(err(
                    sl,
                    sc,
                    format!(
                        "array index sort bv{w} is too narrow: use at least bv{MIN_ARRAY_INDEX_WIDTH} \
                         (Z3 4.8.12 decides narrow-index arrays wrongly)"
                    ),
                ));
            }
        }
        if let Some(v) = self.terms.lookup_var(&name) {
            if self.terms.var_sort(v) != sort {
                return Err(err(
                    line,
                    col,
                    format!(
                        "`{name}` is already a variable of sort {}",
                        self.terms.var_sort(v)
                    ),
                ));
            }
        }
        let len = if self.p.is_ident("len") {
            let (nl, nc) = self.here();
            self.p.advance();
            match &self.p.peek().kind {
                TokenKind::Num(n, None) if *n <= u64::MAX as u128 => {
                    let n = *n as u64;
                    self.p.advance();
                    if !matches!(sort, Sort::Array(..)) {
                        return Err(err(nl, nc, format!("`{name}` is not an array")));
                    }
                    Some(n)
                }
                _ => {
                    return Err(err(
                        nl,
                        nc,
                        "expected the array's length after `len`".into(),
                    ))
                }
            }
        } else {
            None
        };
        let kind = if self.p.is_ident("input") {
            self.p.advance();
            self.p.expect_punct("(")?;
            let function = self.p.expect_ident("the input function's name")?;
            self.p.expect_punct(")")?;
            VarKind::Input { function }
        } else {
            VarKind::Program
        };
        let t = self.terms.var(&name, sort);
        self.vars.insert(name, t);
        cfa.declare_var(t, kind);
        if let (Some(n), Some(v)) = (len, self.terms.as_var(t)) {
            cfa.set_array_len(v, n);
        }
        Ok(())
    }

    fn loc_decl(&mut self, cfa: &mut Cfa) -> Result<(), SyntaxError> {
        let (line, col) = self.here();
        let name = self.p.expect_ident("a location name")?;
        if LOC_ATTRS.contains(&name.as_str()) || ["var", "loc", "function"].contains(&name.as_str())
        {
            return Err(err(
                line,
                col,
                format!("`{name}` is a keyword, not a location name"),
            ));
        }
        if self.locs.contains_key(&name) {
            return Err(err(line, col, format!("location `{name}` declared twice")));
        }
        let mut kind = LocationKind::Plain;
        let (mut loop_head, mut fentry, mut fexit) = (false, false, false);
        while let TokenKind::Ident(w) = &self.p.peek().kind {
            if !LOC_ATTRS.contains(&w.as_str()) {
                break;
            }
            let (al, ac) = self.here();
            let w = w.clone();
            self.p.advance();
            let k = match w.as_str() {
                "init" => Some(LocationKind::Init),
                "error" => Some(LocationKind::Error),
                "exit" => Some(LocationKind::Exit),
                "sink" => Some(LocationKind::Sink),
                "loophead" => {
                    loop_head = true;
                    None
                }
                "fentry" => {
                    fentry = true;
                    None
                }
                _ => {
                    fexit = true;
                    None
                }
            };
            if let Some(k) = k {
                if kind != LocationKind::Plain {
                    return Err(err(al, ac, format!("location `{name}` has two kinds")));
                }
                if k == LocationKind::Init && cfa.has_init() {
                    return Err(err(al, ac, "a second init location".into()));
                }
                kind = k;
            }
        }
        let l = cfa.add_location(name.clone(), kind);
        let loc = cfa.location_mut(l);
        loc.loop_head = loop_head;
        loc.function_entry = fentry;
        loc.function_exit = fexit;
        self.locs.insert(name, l);
        Ok(())
    }

    fn location(&mut self) -> Result<LocationId, SyntaxError> {
        let (line, col) = self.here();
        let name = self.p.expect_ident("a location name")?;
        self.locs
            .get(&name)
            .copied()
            .ok_or_else(|| err(line, col, format!("undeclared location `{name}`")))
    }

    fn origin(&mut self) -> Result<Option<Origin>, SyntaxError> {
        if !self.p.eat_punct("@") {
            return Ok(None);
        }
        let line = self.p.expect_num("a line number")?;
        self.p.expect_punct(":")?;
        let col = self.p.expect_num("a column number")?;
        let text = match &self.p.peek().kind {
            TokenKind::Str(s) => {
                let s = s.clone();
                self.p.advance();
                s
            }
            _ => String::new(),
        };
        Ok(Some(Origin {
            line: line as u32,
            col: col as u32,
            text: text.into(),
            branch: None,
        }))
    }

    fn expr(&mut self, hint: Sort) -> Result<Term, SyntaxError> {
        let e = self.p.parse_expr()?;
        let t = Elaborator::new(&self.terms, &self.vars).elaborate(&e, Some(hint))?;
        if self.terms.sort(t) != hint {
            return Err(err(
                e.line,
                e.col,
                format!(
                    "expected a term of sort {hint}, found {}",
                    self.terms.sort(t)
                ),
            ));
        }
        Ok(t)
    }

    /// `{ s; s; … }` as one statement.
    fn block(&mut self) -> Result<StmtId, SyntaxError> {
        self.p.expect_punct("{")?;
        let mut parts = Vec::new();
        while !self.p.is_punct("}") {
            parts.push(self.stmt()?);
            if !self.p.eat_punct(";") {
                break;
            }
        }
        self.p.expect_punct("}")?;
        Ok(self.stmts.seq(&parts))
    }

    fn stmt(&mut self) -> Result<StmtId, SyntaxError> {
        let (line, col) = self.here();
        if self.p.is_punct("{") {
            return self.block();
        }
        let word = self.p.expect_ident("a statement")?;
        match word.as_str() {
            "assume" => {
                let c = self.expr(Sort::Bool)?;
                let o = self.origin()?;
                Ok(self.stmts.assume(c, o))
            }
            "havoc" => {
                let x = self.var_ref()?;
                let o = self.origin()?;
                Ok(self.stmts.havoc(x, o))
            }
            "skip" => {
                let o = self.origin()?;
                Ok(self.stmts.skip(o))
            }
            "call" => self.call(),
            "choice" => {
                let mut branches = vec![self.block()?];
                while self.p.is_ident("or") {
                    self.p.advance();
                    branches.push(self.block()?);
                }
                Ok(self.stmts.choice(&branches))
            }
            name => {
                let x = *self.vars.get(name).ok_or_else(|| {
                    if self.p.is_punct(":=") {
                        err(line, col, format!("undeclared variable `{name}`"))
                    } else {
                        err(
                            line,
                            col,
                            format!(
                                "expected a statement (assume, havoc, skip, choice, x := e), found `{name}`"
                            ),
                        )
                    }
                })?;
                self.p.expect_punct(":=")?;
                let e = self.expr(self.terms.sort(x))?;
                let o = self.origin()?;
                Ok(self.stmts.assign(x, e, o))
            }
        }
    }

    /// `call f(p := e, …) returns (x := r, …)` (the `returns` part optional).
    fn call(&mut self) -> Result<StmtId, SyntaxError> {
        let callee = self.p.expect_ident("the called function's name")?;
        let args = self.pairs()?;
        let results = if self.p.is_ident("returns") {
            self.p.advance();
            self.pairs()?
        } else {
            Vec::new()
        };
        let o = self.origin()?;
        let call = Call {
            callee: callee.into(),
            args: args.into_boxed_slice(),
            results: results.into_boxed_slice(),
        };
        Ok(self.stmts.call(call, o))
    }

    /// `(x := e, …)`.
    fn pairs(&mut self) -> Result<Vec<(Term, Term)>, SyntaxError> {
        self.p.expect_punct("(")?;
        let mut out = Vec::new();
        while !self.p.is_punct(")") {
            let x = self.var_ref()?;
            self.p.expect_punct(":=")?;
            let e = self.expr(self.terms.sort(x))?;
            out.push((x, e));
            if !self.p.eat_punct(",") {
                break;
            }
        }
        self.p.expect_punct(")")?;
        Ok(out)
    }

    /// `function f entry l exit m locals (x, y, …)`.
    fn function_decl(&mut self) -> Result<Function, SyntaxError> {
        let name = self.p.expect_ident("a function name")?;
        let word = |ps: &mut Self, w: &str| -> Result<(), SyntaxError> {
            let (line, col) = ps.here();
            if ps.p.is_ident(w) {
                ps.p.advance();
                Ok(())
            } else {
                Err(err(
                    line,
                    col,
                    format!("expected `{w}` in the function `{name}`"),
                ))
            }
        };
        word(self, "entry")?;
        let entry = self.location()?;
        word(self, "exit")?;
        let exit = self.location()?;
        let mut locals = Vec::new();
        if self.p.is_ident("locals") {
            self.p.advance();
            self.p.expect_punct("(")?;
            while !self.p.is_punct(")") {
                let x = self.var_ref()?;
                locals.push(self.terms.as_var(x).expect("a variable"));
                if !self.p.eat_punct(",") {
                    break;
                }
            }
            self.p.expect_punct(")")?;
        }
        Ok(Function {
            name: name.into(),
            entry,
            exit,
            locals,
        })
    }

    fn var_ref(&mut self) -> Result<Term, SyntaxError> {
        let (line, col) = self.here();
        let name = self.p.expect_ident("a variable")?;
        self.vars
            .get(&name)
            .copied()
            .ok_or_else(|| err(line, col, format!("undeclared variable `{name}`")))
    }
}

/// Parses a CFA in the textual format; terms go to `terms`, statements to `stmts`. A
/// text with functions is a procedural program: see [`parse_program`].
pub fn parse_cfa(
    text: &str,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
) -> Result<Cfa, SyntaxError> {
    let (cfa, functions) = parse(text, terms, stmts)?;
    if let Some(f) = functions.first() {
        let (line, col) = f.1;
        return Err(err(
            line,
            col,
            "functions in a flat CFA: read the text as a program".into(),
        ));
    }
    Ok(cfa)
}

/// Parses a procedural program (a CFA with `function` declarations and `call`s).
pub fn parse_program(
    text: &str,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
) -> Result<Program, SyntaxError> {
    let (cfa, functions) = parse(text, terms, stmts)?;
    let at = functions.first().map_or((1, 1), |f| f.1);
    Program::new(cfa, functions.into_iter().map(|f| f.0).collect()).map_err(|m| err(at.0, at.1, m))
}

type Parsed = (Cfa, Vec<(Function, (usize, usize))>);

fn parse(text: &str, terms: Rc<TermStore>, stmts: Rc<StmtStore>) -> Result<Parsed, SyntaxError> {
    let toks = Lexer::tokenize(text)?;
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    let mut functions = Vec::new();
    let mut ps = Parser {
        p: ExprParser::new(&toks),
        terms,
        stmts,
        vars: FxHashMap::default(),
        locs: FxHashMap::default(),
    };
    loop {
        let (line, col) = ps.here();
        match ps.p.peek().kind.clone() {
            TokenKind::Eof => break,
            TokenKind::Punct(";") => {
                ps.p.advance();
            }
            TokenKind::Ident(w) if w == "var" => {
                ps.p.advance();
                ps.var_decl(&mut cfa)?;
            }
            TokenKind::Ident(w) if w == "loc" => {
                ps.p.advance();
                ps.loc_decl(&mut cfa)?;
            }
            TokenKind::Ident(w) if w == "function" => {
                ps.p.advance();
                functions.push((ps.function_decl()?, (line, col)));
            }
            TokenKind::Ident(_) => {
                let src = ps.location()?;
                ps.p.expect_punct("->")?;
                let dst = ps.location()?;
                let s = ps.block()?;
                cfa.add_edge(src, dst, s);
            }
            _ => {
                return Err(err(
                    line,
                    col,
                    format!(
                        "expected `var`, `loc`, `function` or an edge `l -> m {{ … }}`, found {}",
                        ps.p.peek().kind
                    ),
                ))
            }
        }
    }
    if !cfa.has_init() {
        let t = toks.last().expect("eof token");
        return Err(err(t.line, t.col, "the CFA has no init location".into()));
    }
    Ok((cfa, functions))
}
