//! The CFA-building primitives of the translation: locations, the current position,
//! statements with their origins, jumps and branches, and the special locations that
//! mark unsupported constructs and undefined behaviour.

use super::*;

impl Translator<'_> {
    pub fn new_loc(&mut self) -> LocationId {
        let n = self.cfa.location_capacity();
        self.cfa.add_location(format!("l{n}"), LocationKind::Plain)
    }

    /// The current location; after a jump, a fresh (unreachable) one, so that dead code
    /// still translates (labels inside it may be jumped to).
    pub fn here(&mut self) -> LocationId {
        match self.cur {
            Some(l) => l,
            None => {
                let l = self.new_loc();
                self.cur = Some(l);
                l
            }
        }
    }

    pub fn set_here(&mut self, l: Option<LocationId>) {
        self.cur = l;
    }

    /// Sets the origin that emitted statements carry, from a span of the source.
    pub fn set_origin(&mut self, start: usize, end: usize) {
        self.origin_at = start;
        let (start, end) = (self.parsed.original(start), self.parsed.original(end));
        let (line, col) = self.src.locate(start);
        self.origin = line.map(|line| Origin {
            line,
            col,
            text: self.src.snippet(start, end, 80).into(),
            branch: None,
        });
    }

    pub fn origin(&self) -> Option<Origin> {
        self.origin.clone()
    }

    /// Adds an edge from the current location to a new one.
    pub fn emit(&mut self, s: StmtId) {
        if let Some(c) = &mut self.collecting {
            c.push(s);
            return;
        }
        let from = self.here();
        let to = self.new_loc();
        self.cfa.add_edge(from, to, s);
        self.cur = Some(to);
    }

    pub fn emit_assign(&mut self, var: Term, value: Term) {
        let s = self.stmts.assign(var, value, self.origin());
        self.emit(s);
    }

    pub fn emit_havoc(&mut self, var: Term) {
        let s = self.stmts.havoc(var, self.origin());
        self.emit(s);
    }

    pub fn emit_assume(&mut self, cond: Term) {
        let s = self.stmts.assume(cond, self.origin());
        self.emit(s);
    }

    /// A structural edge (a join, a loop's back edge) from the current location to
    /// `target`, without an origin (large blocks drop it); the code after it is dead.
    pub fn goto(&mut self, target: LocationId) {
        self.jump(target, None);
    }

    /// The edge of a jump the user wrote (`goto`, `break`, `continue`, `return`): it keeps
    /// its origin so that traces show it.
    pub fn goto_stmt(&mut self, target: LocationId) {
        self.jump(target, self.origin());
    }

    fn jump(&mut self, target: LocationId, origin: Option<Origin>) {
        if self.collecting.is_some() {
            self.collect_failed = true;
            return;
        }
        if let Some(from) = self.cur {
            let s = self.stmts.skip(origin);
            self.cfa.add_edge(from, target, s);
        }
        self.cur = None;
    }

    /// Edges `assume c` to `then` and `assume !c` to `els` from the current location.
    pub fn branch(&mut self, c: Term, then: LocationId, els: LocationId) {
        self.branch_with(c, then, els, false);
    }

    /// `branch` for a condition the user wrote (the current origin's text): the edges
    /// record which way they go, so that a trace can say "condition true/false".
    pub fn user_branch(&mut self, c: Term, then: LocationId, els: LocationId) {
        self.branch_with(c, then, els, true);
    }

    fn branch_with(&mut self, c: Term, then: LocationId, els: LocationId, user: bool) {
        if self.collecting.is_some() {
            self.collect_failed = true;
            return;
        }
        let from = self.here();
        let base = self.origin();
        let origin = |taken: bool| {
            base.clone().map(|o| Origin {
                branch: user.then_some(taken),
                ..o
            })
        };
        if !self.terms.is_false(c) {
            let s = self.stmts.assume(c, origin(true));
            self.cfa.add_edge(from, then, s);
        }
        let nc = self.terms.not(c);
        if !self.terms.is_false(nc) {
            let s = self.stmts.assume(nc, origin(false));
            self.cfa.add_edge(from, els, s);
        }
        self.cur = None;
    }

    /// Guards the current path: where `bad` holds, go to the special location for the
    /// undefined behaviour `why` (UNKNOWN when reached); otherwise continue.
    pub fn check_special(&mut self, bad: Term, why: &str, at: usize) {
        self.check_special_as(bad, why, at, SpecialKind::UndefinedBehaviour);
    }

    /// As [`Translator::check_special`], for a construct the translation does not model
    /// (the special location says "unsupported").
    pub fn check_unsupported(&mut self, bad: Term, what: &str, at: usize) {
        self.check_special_as(bad, what, at, SpecialKind::Unsupported);
    }

    /// Guards the current path: where `bad` holds, go to the special location of `kind`
    /// for `why`; otherwise continue.
    pub fn check_special_as(&mut self, bad: Term, why: &str, at: usize, kind: SpecialKind) {
        if self.terms.is_false(bad) {
            return;
        }
        if self.collecting.is_some() {
            self.collect_failed = true;
            return;
        }
        // Inside a case of a split over pointer targets, only that case's runs.
        let bad = match self.current_guard() {
            Some(g) => self.terms.and(&[g, bad]),
            None => bad,
        };
        if let Some(batch) = &mut self.mem.batch {
            batch.push((why.to_string(), at, bad, kind));
            return;
        }
        let target = self.special_location(kind, why, at);
        let ok = self.new_loc();
        self.branch(bad, target, ok);
        self.cur = Some(ok);
    }

    /// Guards the current path: where `bad` holds, the property is violated.
    pub fn check_property(&mut self, bad: Term) {
        if self.terms.is_false(bad) {
            return;
        }
        if self.collecting.is_some() {
            self.collect_failed = true;
            return;
        }
        let ok = self.new_loc();
        self.branch(bad, self.error_loc, ok);
        self.cur = Some(ok);
    }

    /// The location for an unsupported construct, undefined behaviour or the heap bound
    /// met at `at`: one per reason.
    pub fn special_location(&mut self, kind: SpecialKind, why: &str, at: usize) -> LocationId {
        let msg = Special::new(kind, why, self.place(at));
        if let Some(l) = self.special_by_msg.get(&msg) {
            return *l;
        }
        let n = self.special.len();
        let l = self
            .cfa
            .add_location(format!("unknown{n}"), LocationKind::Error);
        self.special.insert(l, msg.clone());
        self.special_by_msg.insert(msg, l);
        l
    }

    /// Removes the edges added since edge number `mark` (a statement whose translation
    /// failed), except the bodies of the functions first called in between: the function
    /// is translated once, so its body must stay for every other call (removed, its
    /// entry would have no edges and every call of it would block, hiding its paths).
    pub fn undo_edges_from(&mut self, mark: usize) {
        let keep: Vec<std::ops::Range<usize>> = self
            .bodies
            .iter()
            .filter(|b| b.start >= mark)
            .cloned()
            .collect();
        if keep.is_empty() {
            self.cfa.remove_edges_from(mark);
            return;
        }
        for i in mark..self.cfa.edge_capacity() {
            let e = cfa::EdgeId(i as u32);
            if self.cfa.edge_is_alive(e) && !keep.iter().any(|b| b.contains(&i)) {
                self.cfa.remove_edge(e);
            }
        }
    }

    /// The current path ends in the special location for `u`.
    pub fn emit_unsupported(&mut self, u: &Unsup) {
        self.note_ill_formed(u);
        let target = self.special_location(SpecialKind::Unsupported, &u.what, u.at);
        if let Some(f) = self.frames.last_mut() {
            f.had_unsupported = true;
        }
        self.goto(target);
    }
}
