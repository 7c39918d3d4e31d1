//! Statements and control flow. Conditions are translated as jumping code: `&&`, `||` and
//! `!` become separate `assume` edges, so each side effect happens only on its path.

use super::{unsup, Translator, R};
use crate::types::CType;
use cfa::LocationId;
use lang_c::ast::{
    BinaryOperator as B, BlockItem, Expression, ForInitializer, Label, Statement, UnaryOperator,
};
use lang_c::span::Node;

/// A `case`/`default` of a switch being translated: the label's source offset identifies
/// it; `loc` is where its code starts.
#[derive(Clone, Debug)]
pub(crate) struct CaseTarget {
    pub at: usize,
    pub kind: CaseKind,
    pub loc: LocationId,
}

#[derive(Clone, Debug)]
pub(crate) enum CaseKind {
    Value(i128),
    Range(i128, i128),
    Default,
}

impl<'a> Translator<'a> {
    /// Translates a statement; if that fails, the path ends in an "unsupported" location
    /// from where the statement starts (nothing of its partial translation remains but
    /// the bodies of functions it called first, `undo_edges_from`).
    pub fn guarded_statement(&mut self, s: &Node<Statement>) {
        let mark = self.cfa.edge_capacity();
        let start = self.cur;
        if let Err(u) = self.statement(s) {
            self.undo_edges_from(mark);
            self.collect_failed = false;
            self.set_here(start);
            self.set_origin(s.span.start, s.span.end);
            self.emit_unsupported(&u);
        }
    }

    pub fn block_item(&mut self, item: &Node<BlockItem>) -> R<()> {
        match &item.node {
            BlockItem::Statement(s) => {
                self.guarded_statement(s);
                Ok(())
            }
            BlockItem::Declaration(d) => {
                let mark = self.cfa.edge_capacity();
                let start = self.cur;
                if let Err(u) = self.local_declaration(d) {
                    self.undo_edges_from(mark);
                    self.set_here(start);
                    self.set_origin(d.span.start, d.span.end);
                    self.emit_unsupported(&u);
                }
                Ok(())
            }
            BlockItem::StaticAssert(_) => Ok(()),
        }
    }

    pub fn statement(&mut self, s: &Node<Statement>) -> R<()> {
        let (start, end) = (s.span.start, s.span.end);
        match &s.node {
            Statement::Compound(items) => {
                self.push_scope();
                for item in items {
                    self.block_item(item)?;
                }
                self.pop_scope();
                Ok(())
            }
            Statement::Expression(None) => Ok(()),
            Statement::Expression(Some(e)) => {
                self.set_origin(start, end);
                self.rvalue(e)?;
                Ok(())
            }
            Statement::If(i) => {
                let c = &i.node.condition;
                self.set_origin(c.span.start, c.span.end);
                let (then, els, join) = (self.new_loc(), self.new_loc(), self.new_loc());
                self.cond_jump(c, then, els)?;
                self.set_here(Some(then));
                self.guarded_statement(&i.node.then_statement);
                self.goto(join);
                self.set_here(Some(els));
                if let Some(e) = &i.node.else_statement {
                    self.guarded_statement(e);
                }
                self.goto(join);
                self.set_here(Some(join));
                Ok(())
            }
            Statement::While(w) => {
                let head = self.loop_head();
                let (body, exit) = (self.new_loc(), self.new_loc());
                let c = &w.node.expression;
                self.set_origin(c.span.start, c.span.end);
                self.cond_jump(c, body, exit)?;
                self.set_here(Some(body));
                self.loop_body(&w.node.statement, exit, head);
                self.goto(head);
                self.set_here(Some(exit));
                Ok(())
            }
            Statement::DoWhile(d) => {
                let body = self.loop_head();
                let (cond, exit) = (self.new_loc(), self.new_loc());
                self.loop_body(&d.node.statement, exit, cond);
                self.goto(cond);
                self.set_here(Some(cond));
                let c = &d.node.expression;
                self.set_origin(c.span.start, c.span.end);
                self.cond_jump(c, body, exit)?;
                self.set_here(Some(exit));
                Ok(())
            }
            Statement::For(f) => {
                self.push_scope();
                match &f.node.initializer.node {
                    ForInitializer::Empty | ForInitializer::StaticAssert(_) => {}
                    ForInitializer::Expression(e) => {
                        self.set_origin(e.span.start, e.span.end);
                        self.rvalue(e)?;
                    }
                    ForInitializer::Declaration(d) => self.local_declaration(d)?,
                }
                let head = self.loop_head();
                let (body, step, exit) = (self.new_loc(), self.new_loc(), self.new_loc());
                match &f.node.condition {
                    Some(c) => {
                        self.set_origin(c.span.start, c.span.end);
                        self.cond_jump(c, body, exit)?;
                    }
                    None => self.goto(body),
                }
                self.set_here(Some(body));
                self.loop_body(&f.node.statement, exit, step);
                self.goto(step);
                self.set_here(Some(step));
                if let Some(e) = &f.node.step {
                    self.set_origin(e.span.start, e.span.end);
                    self.rvalue(e)?;
                }
                self.goto(head);
                self.set_here(Some(exit));
                self.pop_scope();
                Ok(())
            }
            Statement::Switch(sw) => self.switch(sw, start, end),
            Statement::Labeled(l) => {
                let target = match &l.node.label.node {
                    Label::Identifier(id) => {
                        let loc = self.label_loc(&id.node.name);
                        if let Some(f) = self.frames.last_mut() {
                            f.defined_labels.insert(id.node.name.clone());
                        }
                        loc
                    }
                    Label::Case(_) | Label::CaseRange(_) | Label::Default => {
                        let at = l.node.label.span.start;
                        let found = self
                            .frames
                            .last()
                            .and_then(|f| f.cases.last())
                            .and_then(|cs| cs.iter().find(|c| c.at == at))
                            .map(|c| c.loc);
                        match found {
                            Some(loc) => loc,
                            None => return unsup("a case label outside a switch", at),
                        }
                    }
                };
                self.set_origin(start, l.node.label.span.end);
                self.goto(target);
                self.set_here(Some(target));
                self.guarded_statement(&l.node.statement);
                Ok(())
            }
            Statement::Goto(id) => {
                self.set_origin(start, end);
                let loc = self.label_loc(&id.node.name);
                self.goto_stmt(loc);
                Ok(())
            }
            Statement::Continue => {
                self.set_origin(start, end);
                let target = self
                    .frames
                    .last()
                    .and_then(|f| f.jumps.iter().rev().find_map(|(_, c)| *c));
                match target {
                    Some(t) => {
                        self.goto_stmt(t);
                        Ok(())
                    }
                    None => unsup("`continue` outside a loop", start),
                }
            }
            Statement::Break => {
                self.set_origin(start, end);
                let target = self
                    .frames
                    .last()
                    .and_then(|f| f.jumps.last())
                    .map(|(b, _)| *b);
                match target {
                    Some(t) => {
                        self.goto_stmt(t);
                        Ok(())
                    }
                    None => unsup("`break` outside a loop or switch", start),
                }
            }
            Statement::Return(e) => {
                self.set_origin(start, end);
                let frame = self.frames.last().expect("return inside a function");
                let (ret, ret_ty, ret_loc) =
                    (frame.ret.clone(), frame.ret_ty.clone(), frame.ret_loc);
                let in_main = frame.function == "main";
                if let (Some(e), true) = (e, in_main) {
                    let v = self.rvalue(e)?;
                    if matches!(v, super::value::Val::Int(..) | super::value::Val::Cond(_)) {
                        let v = self.convert(v, &CType::int(), start)?;
                        self.set_exit_status(v);
                    }
                } else if let Some(e) = e {
                    let v = self.rvalue_for(e, &ret_ty)?;
                    if let Some(b) = ret {
                        let v = self.convert(v, &ret_ty, start)?;
                        let place = match b {
                            super::Binding::Object(o) => super::object::Place::Mem(self.whole(o)),
                            super::Binding::Pointer(p) => super::object::Place::Ptr(p),
                            _ => unreachable!("return slots are variables"),
                        };
                        self.store_place(&place, v, start)?;
                    }
                }
                self.goto_stmt(ret_loc);
                Ok(())
            }
            Statement::Asm(_) => unsup("inline assembly", start),
        }
    }

    /// A fresh loop head reached from here.
    fn loop_head(&mut self) -> LocationId {
        let head = self.new_loc();
        self.cfa.location_mut(head).loop_head = true;
        self.goto(head);
        self.set_here(Some(head));
        head
    }

    fn loop_body(&mut self, body: &Node<Statement>, exit: LocationId, cont: LocationId) {
        if let Some(f) = self.frames.last_mut() {
            f.jumps.push((exit, Some(cont)));
        }
        self.guarded_statement(body);
        if let Some(f) = self.frames.last_mut() {
            f.jumps.pop();
        }
    }

    pub fn label_loc(&mut self, name: &str) -> LocationId {
        if let Some(l) = self.frames.last().and_then(|f| f.labels.get(name)) {
            return *l;
        }
        let l = self.new_loc();
        if let Some(f) = self.frames.last_mut() {
            f.labels.insert(name.to_string(), l);
        }
        l
    }

    /// Jumps to `then` where `e` holds and to `els` where it does not.
    pub fn cond_jump(&mut self, e: &Node<Expression>, then: LocationId, els: LocationId) -> R<()> {
        match &e.node {
            Expression::BinaryOperator(b) if b.node.operator.node == B::LogicalAnd => {
                let mid = self.new_loc();
                self.cond_jump(&b.node.lhs, mid, els)?;
                self.set_here(Some(mid));
                self.cond_jump(&b.node.rhs, then, els)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == B::LogicalOr => {
                let mid = self.new_loc();
                self.cond_jump(&b.node.lhs, then, mid)?;
                self.set_here(Some(mid));
                self.cond_jump(&b.node.rhs, then, els)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Negate => {
                self.cond_jump(&u.node.operand, els, then)
            }
            _ => {
                let c = self.cond(e)?;
                // The edges carry the atom's own text (`p2 != 0` of `p2 != 0 && p1 == 0`),
                // so that a trace says which part of a condition decided the branch.
                let saved = self.origin();
                self.set_origin(e.span.start, e.span.end);
                self.user_branch(c, then, els);
                self.origin = saved;
                Ok(())
            }
        }
    }

    fn switch(
        &mut self,
        sw: &Node<lang_c::ast::SwitchStatement>,
        start: usize,
        _end: usize,
    ) -> R<()> {
        let e = &sw.node.expression;
        self.set_origin(e.span.start, e.span.end);
        let (v, k) = self.int_value(e)?;
        let k2 = k.promote();
        let v = self.convert_int(v, k, k2);
        // The value is read once, before the jumps (it may change in the body).
        let value = self.temp(logic::Sort::Bv(k2.width(self.model)));
        self.emit_assign(value, v);
        let mut labels = Vec::new();
        collect_cases(&sw.node.statement, &mut labels);
        let mut targets = Vec::new();
        for (at, label) in labels {
            let kind = match label {
                Label::Case(x) => CaseKind::Value(self.const_int(x)?),
                Label::CaseRange(r) => {
                    CaseKind::Range(self.const_int(&r.node.low)?, self.const_int(&r.node.high)?)
                }
                _ => CaseKind::Default,
            };
            let loc = self.new_loc();
            targets.push(CaseTarget { at, kind, loc });
        }
        let exit = self.new_loc();
        let t = self.terms.clone();
        let from = self.here();
        let mut none = Vec::new();
        let mut default = exit;
        for c in &targets {
            let guard = match c.kind {
                CaseKind::Value(x) => t.eq(value, self.bv(x, k2)),
                CaseKind::Range(lo, hi) => {
                    let (lo, hi) = (self.bv(lo, k2), self.bv(hi, k2));
                    if k2.signed() {
                        t.and2(t.bvsle(lo, value), t.bvsle(value, hi))
                    } else {
                        t.and2(t.bvule(lo, value), t.bvule(value, hi))
                    }
                }
                CaseKind::Default => {
                    default = c.loc;
                    continue;
                }
            };
            let s = self.stmts.assume(guard, self.origin());
            self.cfa.add_edge(from, c.loc, s);
            none.push(t.not(guard));
        }
        let s = self.stmts.assume(t.and(&none), self.origin());
        self.cfa.add_edge(from, default, s);
        self.set_here(None);
        if let Some(f) = self.frames.last_mut() {
            f.jumps.push((exit, None));
            f.cases.push(targets);
        }
        let _ = start;
        self.guarded_statement(&sw.node.statement);
        if let Some(f) = self.frames.last_mut() {
            f.jumps.pop();
            f.cases.pop();
        }
        self.goto(exit);
        self.set_here(Some(exit));
        Ok(())
    }
}

/// The case labels of a switch body, not entering nested switches.
fn collect_cases<'a>(s: &'a Node<Statement>, out: &mut Vec<(usize, &'a Label)>) {
    match &s.node {
        Statement::Labeled(l) => {
            if !matches!(l.node.label.node, Label::Identifier(_)) {
                out.push((l.node.label.span.start, &l.node.label.node));
            }
            collect_cases(&l.node.statement, out);
        }
        Statement::Compound(items) => {
            for i in items {
                if let BlockItem::Statement(st) = &i.node {
                    collect_cases(st, out);
                }
            }
        }
        Statement::If(i) => {
            collect_cases(&i.node.then_statement, out);
            if let Some(e) = &i.node.else_statement {
                collect_cases(e, out);
            }
        }
        Statement::While(w) => collect_cases(&w.node.statement, out),
        Statement::DoWhile(d) => collect_cases(&d.node.statement, out),
        Statement::For(f) => collect_cases(&f.node.statement, out),
        _ => {}
    }
}
