//! Lowering C to a single-block CFA.
//!
//! The translator walks `main` and inlines every call (each call gets its own copies of
//! the callee's locals); only functions reachable from `main`, and only the globals they
//! name, are translated. Each primitive statement becomes one edge and carries the origin
//! of its C text. A construct the front end cannot translate exactly becomes an edge to a
//! location recorded in [`Translation::special`]: reaching it means UNKNOWN (naming the
//! construct and line), and proving it unreachable keeps a TRUE sound.

mod arith;
mod builtins;
mod call;
mod decl;
mod emit;
mod env;
mod expr;
mod heap;
mod libc;
mod lvalue;
mod object;
mod parse;
mod pointer;
mod realloc;
mod static_type;
mod stmt;
mod target;
mod view;

use crate::property::Property;
use crate::source::{DataModel, Source};
use crate::types::{CType, StructDef};
use crate::FrontError;
use cfa::{Cfa, LocationId, LocationKind, Origin, StmtId, StmtStore, VarKind};
use lang_c::ast::{ExternalDeclaration, FunctionDefinition, TranslationUnit};
use lang_c::span::Node;
use logic::{Sort, Term, TermStore};
use rustc_hash::FxHashMap;
use std::rc::Rc;

pub(crate) use env::{Binding, Scope};
pub use heap::HEAP_BOUND;
pub(crate) use object::{LVal, ObjId, Object, PtrVal, PtrVarId};

/// The CFA variable (a 32-bit `int`) that holds the status the program ends with.
pub const EXIT_STATUS: &str = "exit.status";

/// A C program as a CFA.
#[derive(Debug)]
pub struct Translation {
    pub cfa: Cfa,
    /// Error locations that do not stand for the property: reaching one means UNKNOWN for
    /// the reason given (an unsupported construct, undefined behaviour).
    pub special: FxHashMap<LocationId, String>,
    pub property: Property,
    pub model: DataModel,
    /// Function bodies inlined (`main` included).
    pub inlined: usize,
    /// The special locations that stand for undefined behaviour (array bounds, pointer
    /// offsets); the others stand for unsupported constructs.
    pub undefined_behaviour: rustc_hash::FxHashSet<LocationId>,
    /// Declarations of uninitialised locals: where the declarator ends in the user's
    /// preprocessed text, and the initializer replay inserts there (see
    /// [`crate::replay_source`]).
    pub uninit_sites: Vec<(usize, String)>,
}

/// Why an expression or statement cannot be translated; `at` is a byte offset.
#[derive(Debug, Clone)]
pub(crate) struct Unsup {
    pub what: String,
    pub at: usize,
}

pub(crate) type R<T> = Result<T, Unsup>;

pub(crate) fn unsup<T>(what: impl Into<String>, at: usize) -> R<T> {
    Err(Unsup {
        what: what.into(),
        at,
    })
}

/// One inlined call.
pub(crate) struct Frame {
    pub function: String,
    /// `function` or `function.k` for the k-th inlined instance: prefix of local names.
    pub prefix: String,
    pub scopes: Vec<Scope>,
    pub ret_loc: LocationId,
    pub ret: Option<Binding>,
    pub ret_ty: CType,
    pub labels: FxHashMap<String, LocationId>,
    pub defined_labels: rustc_hash::FxHashSet<String>,
    /// (break target, continue target); `None` continue inside a switch.
    pub jumps: Vec<(LocationId, Option<LocationId>)>,
    /// Case targets of the switches being translated: (value or range, location).
    pub cases: Vec<Vec<stmt::CaseTarget>>,
    pub had_unsupported: bool,
}

pub(crate) struct Translator<'a> {
    pub src: &'a Source,
    /// The text the parser read (the GCC dialect rewritten, `crate::dialect`): AST
    /// offsets are offsets in it.
    pub parsed: &'a crate::dialect::Rewritten,
    pub model: DataModel,
    pub property: Property,
    pub terms: Rc<TermStore>,
    pub stmts: Rc<StmtStore>,
    pub cfa: Cfa,
    pub cur: Option<LocationId>,
    pub error_loc: LocationId,
    /// Where `exit` and the end of `main` go: the atexit handlers run from here.
    pub exit_loc: LocationId,
    /// Termination (the CFA's exit location), where `_exit` goes directly.
    pub final_loc: LocationId,
    pub sink_loc: LocationId,
    special: FxHashMap<LocationId, String>,
    special_by_msg: FxHashMap<String, LocationId>,
    ub: rustc_hash::FxHashSet<LocationId>,
    pub origin: Option<Origin>,
    counter: u32,
    pub functions: FxHashMap<String, &'a Node<FunctionDefinition>>,
    pub structs: Vec<StructDef>,
    pub objects: Vec<Object>,
    pub ptrs: Vec<object::PtrVar>,
    pub global: Scope,
    pub frames: Vec<Frame>,
    /// Per function, how many times it has been inlined.
    instances: FxHashMap<String, u32>,
    /// `FrontOptions::recursion_depth`.
    pub recursion_depth: u32,
    /// `FrontOptions::heap_bound`.
    pub heap_bound: u32,
    /// Pointer targets, heap sites, and what this pass tells the next (`target.rs`).
    pub mem: target::Memory,
    /// The allocation call (offset) whose result is converted to a pointer to this type.
    pub alloc_hint: Option<(usize, CType)>,
    /// Identifiers the program applies `&` to (`target::address_taken`).
    pub address_taken: rustc_hash::FxHashSet<String>,
    /// How many instances were inlined while another instance of the same function was
    /// active (the size of the unfolded recursion, bounded by `call::MAX_RECURSIVE_INSTANCES`).
    pub recursive_instances: usize,
    /// Statements initialising globals and statics, run before `main`.
    pub init: Vec<StmtId>,
    /// Global declarations by name, materialised on first use.
    pub pending_globals: FxHashMap<String, decl::PendingGlobal<'a>>,
    pub inlined: usize,
    /// Types of declared and defined functions.
    pub fn_sigs: FxHashMap<String, CType>,
    /// `static` locals, shared by every inlined instance (key: declaration offset, name).
    pub statics: FxHashMap<(usize, String), Binding>,
    /// How many `probe`s are running, and whether one of them met a call it stopped at.
    pub probing: u32,
    pub probe_met_call: bool,
    /// While translating a static initializer: the statements, instead of edges.
    pub collecting: Option<Vec<StmtId>>,
    /// Set when control flow was needed while collecting (not a constant initializer).
    pub collect_failed: bool,
    /// The `atexit` handler stack, once the program registers a handler.
    pub atexit: Option<builtins::AtExitStack>,
    /// Every function the program passes to `atexit`.
    pub atexit_handlers: Vec<String>,
    /// How many registrations the handler stack holds.
    pub atexit_capacity: usize,
    /// The edges that push a handler, as (source, target).
    pub atexit_sites: Vec<(LocationId, LocationId)>,
    /// The status the program ends with (`exit(n)`, `return n` from `main`): not needed
    /// by any property, kept so that tests can compare it with the compiled program's.
    pub exit_status: Term,
    pub uninit_sites: Vec<(usize, String)>,
}

/// Choices of the translation that the user may change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontOptions {
    /// How many calls of one function may be active at once (recursion is inlined up to
    /// this depth; a deeper call goes to a special location, so that a TRUE is claimed only
    /// when no execution recurses deeper).
    pub recursion_depth: u32,
    /// How many objects an allocation site on a cycle of the CFA has (one more allocation
    /// there goes to a special location, so that a TRUE is claimed only when no run
    /// allocates more).
    pub heap_bound: u32,
}

impl FrontOptions {
    /// Recursion depth of the default translation: binary recursions (`fibo`, `hanoi`)
    /// unfold into about 2^depth instances: at depth 8 every engine decides `fibo(5)`,
    /// at 12 only the bit-level ones do (measured in docs/recursion.md). The portfolio
    /// raises it when a run meets the bound.
    pub const DEFAULT_RECURSION_DEPTH: u32 = 8;

    /// The largest depth a user or the portfolio may ask for.
    pub const MAX_RECURSION_DEPTH: u32 = 256;

    /// Objects per allocation site in a loop: lists and trees of up to this many nodes
    /// per site are modelled exactly.
    pub const DEFAULT_HEAP_BOUND: u32 = 8;

    /// The largest heap bound a user or the portfolio may ask for.
    pub const MAX_HEAP_BOUND: u32 = 1024;
}

impl Default for FrontOptions {
    fn default() -> Self {
        FrontOptions {
            recursion_depth: Self::DEFAULT_RECURSION_DEPTH,
            heap_bound: Self::DEFAULT_HEAP_BOUND,
        }
    }
}

/// Translates a parsed program with the default options.
pub fn translate(
    src: &Source,
    property: Property,
    model: DataModel,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
) -> Result<Translation, FrontError> {
    translate_with(src, property, model, terms, stmts, &FrontOptions::default())
}

/// Translates a parsed program.
pub fn translate_with(
    src: &Source,
    property: Property,
    model: DataModel,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    options: &FrontOptions,
) -> Result<Translation, FrontError> {
    let rewritten = crate::dialect::rewrite(&src.text);
    let unit = parse::parse(src, &rewritten)?;
    let mut capacity = builtins::ATEXIT_CAPACITY;
    let mut hints = Rc::new(target::MemoryHints::default());
    if !builtins::atexit_handlers(&unit).is_empty() {
        // A program that registers at most a fixed number of handlers (no `atexit` call
        // on a cycle of the CFA) gets a stack of just that size: a first translation,
        // into scratch stores, counts the call sites.
        let scratch_terms = Rc::new(TermStore::new());
        let scratch_stmts = Rc::new(StmtStore::new());
        let scratch = loop {
            let pass = translate_unit(
                src,
                &rewritten,
                &unit,
                property,
                model,
                scratch_terms.clone(),
                scratch_stmts.clone(),
                options,
                capacity,
                hints.clone(),
            )?;
            match pass.2 {
                Some(h) => hints = Rc::new(h),
                None => break pass,
            }
        };
        let comp = scratch.0.cfa.strongly_connected_components();
        let sites = &scratch.1;
        if !sites.is_empty()
            && sites
                .iter()
                .all(|(a, b)| comp[a.index()] != comp[b.index()])
        {
            capacity = sites.len();
        }
    }
    // Repeated until the pointer targets are known (`target.rs`). Every pass uses the
    // caller's stores: a discarded pass leaves terms behind, not names (a variable is
    // reused by the next pass under its name).
    for _ in 0..target::MAX_PASSES {
        let (t, _, next) = translate_unit(
            src,
            &rewritten,
            &unit,
            property,
            model,
            terms.clone(),
            stmts.clone(),
            options,
            capacity,
            hints.clone(),
        )?;
        match next {
            None => return Ok(t),
            Some(h) => hints = Rc::new(h),
        }
    }
    Err(FrontError::Unsupported(format!(
        "{}: the targets of the program's pointers did not settle in {} translations",
        src.path.display(),
        target::MAX_PASSES
    )))
}

/// One translation: the CFA, the edges that push an `atexit` handler (as location
/// pairs), and what the next translation must know if this one cannot stand.
type Pass = (
    Translation,
    Vec<(LocationId, LocationId)>,
    Option<target::MemoryHints>,
);

/// Translates with an `atexit` stack of `atexit_capacity` and the pointer targets of
/// `hints`.
#[allow(clippy::too_many_arguments)]
fn translate_unit(
    src: &Source,
    parsed: &crate::dialect::Rewritten,
    unit: &TranslationUnit,
    property: Property,
    model: DataModel,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    options: &FrontOptions,
    atexit_capacity: usize,
    hints: Rc<target::MemoryHints>,
) -> Result<Pass, FrontError> {
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    let start = cfa.add_location("start", LocationKind::Init);
    let error_loc = cfa.add_location("error", LocationKind::Error);
    let exit_loc = cfa.add_location("exit", LocationKind::Exit);
    // Normal program end runs the atexit handlers before termination.
    let end_loc = cfa.add_location("end", LocationKind::Plain);
    let sink_loc = cfa.add_location("abort", LocationKind::Sink);
    let terms_status = terms.var(EXIT_STATUS, Sort::Bv(32));
    cfa.declare_var(terms_status, VarKind::Program);
    let mut t = Translator {
        src,
        parsed,
        model,
        property,
        terms,
        stmts,
        cfa,
        cur: None,
        error_loc,
        exit_loc: end_loc,
        final_loc: exit_loc,
        sink_loc,
        special: FxHashMap::default(),
        special_by_msg: FxHashMap::default(),
        ub: Default::default(),
        origin: None,
        counter: 0,
        functions: FxHashMap::default(),
        structs: Vec::new(),
        objects: Vec::new(),
        ptrs: Vec::new(),
        global: Scope::default(),
        frames: Vec::new(),
        instances: FxHashMap::default(),
        recursion_depth: options.recursion_depth,
        heap_bound: options.heap_bound.max(1),
        mem: target::Memory::new(hints),
        alloc_hint: None,
        recursive_instances: 0,
        init: Vec::new(),
        pending_globals: FxHashMap::default(),
        inlined: 0,
        fn_sigs: FxHashMap::default(),
        statics: FxHashMap::default(),
        probing: 0,
        probe_met_call: false,
        collecting: None,
        collect_failed: false,
        atexit: None,
        atexit_handlers: builtins::atexit_handlers(unit),
        address_taken: target::address_taken(unit),
        atexit_capacity,
        atexit_sites: Vec::new(),
        exit_status: terms_status,
        uninit_sites: Vec::new(),
    };
    t.predefine();
    t.collect_globals(unit)?;
    let Some(main) = t.functions.get("main").copied() else {
        return Err(FrontError::Input(format!(
            "{}: no `main` function",
            src.path.display()
        )));
    };
    let main_entry = t.cfa.add_location("main", LocationKind::Plain);
    t.cur = Some(main_entry);
    if let Err(u) = t.inline_main(main) {
        if let Some(next) = t.mem.next_hints(t.mem.hints.site_capacity.clone()) {
            // The failure may be one the next pass does not meet.
            return Ok((t.empty_translation(), Vec::new(), Some(next)));
        }
        return Err(FrontError::Unsupported(t.describe(&u)));
    }
    // Program end: falling off main or `return` from main (C11 5.1.2.2.3: like `exit`).
    t.goto(end_loc);
    if let Err(u) = t.run_exit_handlers(end_loc, exit_loc) {
        return Err(FrontError::Unsupported(t.describe(&u)));
    }
    // Globals and statics are initialised before main (C11 6.2.4): their statements are
    // known only now, after every use has been translated.
    let mut at = start;
    let init = std::mem::take(&mut t.init);
    for s in init {
        let next = t.cfa.add_location(
            format!("init{}", t.cfa.location_capacity()),
            LocationKind::Plain,
        );
        t.cfa.add_edge(at, next, s);
        at = next;
    }
    let skip = t.stmts.skip(None);
    t.cfa.add_edge(at, main_entry, skip);
    let next = t.mem.next_hints(t.site_capacities());
    if next.is_some() {
        return Ok((t.empty_translation(), Vec::new(), next));
    }
    t.cfa.prune_unreachable();
    t.cfa.mark_loop_heads();
    let special = t
        .special
        .into_iter()
        .filter(|(l, _)| t.cfa.is_alive(*l))
        .collect();
    let mut uninit_sites = t.uninit_sites;
    uninit_sites.sort();
    uninit_sites.dedup();
    let undefined_behaviour = t.ub.into_iter().filter(|l| t.cfa.is_alive(*l)).collect();
    let sites = t
        .atexit_sites
        .into_iter()
        .filter(|(a, b)| t.cfa.is_alive(*a) && t.cfa.is_alive(*b))
        .collect();
    Ok((
        Translation {
            cfa: t.cfa,
            special,
            property,
            model,
            inlined: t.inlined,
            undefined_behaviour,
            uninit_sites,
        },
        sites,
        None,
    ))
}

impl Translation {
    /// The unsupported constructs the CFA contains (reaching one means UNKNOWN).
    pub fn unsupported_constructs(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self
            .special
            .iter()
            .filter(|(l, _)| !self.undefined_behaviour.contains(l))
            .map(|(_, m)| m.as_str())
            .collect();
        v.sort();
        v
    }
}

impl<'a> Translator<'a> {
    /// What a pass that is repeated returns (its CFA is dropped).
    fn empty_translation(&self) -> Translation {
        Translation {
            cfa: Cfa::new(self.terms.clone(), self.stmts.clone()),
            special: FxHashMap::default(),
            property: self.property,
            model: self.model,
            inlined: 0,
            undefined_behaviour: Default::default(),
            uninit_sites: Vec::new(),
        }
    }

    /// Objects per allocation site for the next pass: one where the site's edge is not on
    /// a cycle, the bound otherwise.
    fn site_capacities(&self) -> FxHashMap<String, u32> {
        if self.mem.sites.is_empty() {
            return FxHashMap::default();
        }
        let comp = self.cfa.strongly_connected_components();
        let mut out = FxHashMap::default();
        for s in &self.mem.sites {
            let (a, b) = s.edge;
            let cyclic = comp[a.index()] == comp[b.index()];
            let c = if cyclic { self.heap_bound } else { 1 };
            let e = out.entry(s.key.clone()).or_insert(c);
            *e = (*e).max(c);
        }
        out
    }

    // ---------------------------------------------------------------- messages

    /// `what at line N`.
    pub fn describe(&self, u: &Unsup) -> String {
        match self.src.locate(self.parsed.original(u.at)) {
            (Some(line), _) => format!("{} at line {line}", u.what),
            (None, _) => u.what.clone(),
        }
    }

    // ---------------------------------------------------------------- names

    pub fn fresh_name(&mut self, base: &str) -> String {
        self.counter += 1;
        format!("{base}.{}", self.counter)
    }

    /// A new program variable (a temporary or a C object's storage).
    pub fn new_var(&mut self, name: &str, sort: Sort, kind: VarKind) -> Term {
        // A name an earlier pass of this translation left behind is free again.
        let taken = |s: &Self, n: &str| {
            s.terms
                .lookup_var(n)
                .is_some_and(|v| s.cfa.var_kind(v).is_some() || s.terms.var_sort(v) != sort)
        };
        let mut name = name.to_string();
        let base = name.clone();
        while taken(self, &name) {
            name = self.fresh_name(&base);
        }
        let v = self.terms.var(&name, sort);
        self.cfa.declare_var(v, kind);
        v
    }

    pub fn temp(&mut self, sort: Sort) -> Term {
        let name = self.fresh_name("tmp");
        self.new_var(&name, sort, VarKind::Program)
    }

    // ---------------------------------------------------------------- program

    fn collect_globals(&mut self, unit: &'a TranslationUnit) -> Result<(), FrontError> {
        for ext in &unit.0 {
            match &ext.node {
                ExternalDeclaration::FunctionDefinition(f) => {
                    let name = decl::declarator_name(&f.node.declarator.node).unwrap_or_default();
                    let sig = self.specifiers(&f.node.specifiers).and_then(|(base, _)| {
                        self.declarator_type(base, &f.node.declarator.node, f.span.start)
                    });
                    if let Ok(sig) = sig {
                        self.fn_sigs.insert(name.clone(), sig);
                    }
                    self.global
                        .vars
                        .insert(name.clone(), Binding::Function(name.clone()));
                    self.functions.insert(name, f);
                }
                ExternalDeclaration::Declaration(d) => {
                    if let Err(u) = self.global_declaration(d) {
                        return Err(FrontError::Unsupported(self.describe(&u)));
                    }
                }
                ExternalDeclaration::StaticAssert(_) => {}
            }
        }
        Ok(())
    }

    /// GCC's predefined types that headers use.
    fn predefine(&mut self) {
        let va = CType::Pointer(Box::new(CType::Void));
        for n in ["__builtin_va_list", "__gnuc_va_list", "va_list"] {
            self.global.typedefs.insert(n.to_string(), va.clone());
        }
        // `__int128` (see `crate::dialect`): outside the model.
        for n in ["__boulder_int128", "__boulder_uint128"] {
            self.global
                .typedefs
                .insert(n.to_string(), CType::Opaque("__int128"));
        }
    }

    /// `exit.status := v` (an `int`).
    pub fn set_exit_status(&mut self, v: expr::Val) {
        if let expr::Val::Int(t, _) = v {
            let s = self.stmts.assign(self.exit_status, t, self.origin());
            self.emit(s);
        }
    }

    fn inline_main(&mut self, main: &'a Node<FunctionDefinition>) -> R<()> {
        let span = main.span;
        self.set_origin(span.start, span.start + 8);
        self.inline_call("main", main, Vec::new(), span.start)?;
        Ok(())
    }
}
