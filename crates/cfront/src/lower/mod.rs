//! Lowering C to a single-block CFA.
//!
//! The translator walks `main` and inlines every call (each call gets its own copies of
//! the callee's locals); only functions reachable from `main`, and only the globals they
//! name, are translated. Each primitive statement becomes one edge and carries the origin
//! of its C text. A construct the front end cannot translate exactly becomes an edge to a
//! location recorded in [`Translation::special`]: reaching it means UNKNOWN (naming the
//! construct and line), and proving it unreachable keeps a TRUE sound.

mod access;
mod arith;
mod bitfield;
mod builtins;
mod c_name;
mod call;
mod callgraph;
mod decl;
mod emit;
mod env;
mod expr;
mod first_member;
mod float;
mod fnptr;
mod heap;
mod libc;
mod libm;
mod literal;
mod lvalue;
mod memory;
mod object;
mod parse;
mod pointer;
mod realloc;
mod static_type;
mod stmt;
mod target;
mod union;
mod value;
mod view;

use crate::property::Property;
use crate::source::{DataModel, Source};
use crate::types::{CType, StructDef};
use crate::FrontError;
use cfa::{
    Cfa, LocationId, LocationKind, Origin, Special, SpecialKind, StmtId, StmtStore, VarKind,
};
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

/// A C program as a procedural CFA (docs/design.md §1): a CFA per function, joined by calls.
#[derive(Debug)]
pub struct Procedural {
    pub program: cfa::Program,
    /// Error locations that do not stand for the property: reaching one means UNKNOWN for
    /// the reason given (an unsupported construct, undefined behaviour, the heap bound).
    pub special: FxHashMap<LocationId, Special>,
    pub property: Property,
    pub model: DataModel,
    /// Declarations of uninitialised locals: where the declarator ends in the user's
    /// preprocessed text, and the initializer replay inserts there (see
    /// [`crate::replay_source`]).
    pub uninit_sites: Vec<(usize, String)>,
    /// The program calls `assert` (`<assert.h>`'s or as a function): under unreach-call
    /// a failing one only aborts, which a user may not expect (the driver says so).
    pub calls_assert: bool,
}

/// A C program as a flat CFA: the procedural one with every call inlined
/// ([`Procedural::flatten`]).
#[derive(Debug)]
pub struct Translation {
    pub cfa: Cfa,
    /// Error locations that do not stand for the property: reaching one means UNKNOWN for
    /// the reason given (an unsupported construct, undefined behaviour, a call beyond the
    /// recursion depth).
    pub special: FxHashMap<LocationId, Special>,
    pub property: Property,
    pub model: DataModel,
    /// Function bodies inlined (`main` included).
    pub inlined: usize,
    /// As [`Procedural::uninit_sites`].
    pub uninit_sites: Vec<(usize, String)>,
}

impl Procedural {
    /// The flat CFA of the program: every call inlined (`cfa::inline`), recursion to
    /// `opts.recursion_depth`, the calls beyond it special locations.
    pub fn flatten(&self, opts: &cfa::InlineOptions) -> Result<Translation, FrontError> {
        let flat = cfa::inline(&self.program, opts).map_err(|e| match e {
            cfa::InlineError::Timeout => FrontError::Timeout,
            e @ cfa::InlineError::TooLarge { .. } => FrontError::Unsupported(e.to_string()),
        })?;
        let special = flat.special(&self.special);
        Ok(Translation {
            cfa: flat.cfa,
            special,
            property: self.property,
            model: self.model,
            inlined: flat.instances,
            uninit_sites: self.uninit_sites.clone(),
        })
    }

    /// The unsupported constructs the program contains (reaching one means UNKNOWN).
    pub fn unsupported_constructs(&self) -> Vec<&Special> {
        unsupported(&self.special)
    }
}

/// The special locations' reasons other than undefined behaviour, in order: the
/// constructs a CFA leaves out (reaching one means UNKNOWN).
pub fn unsupported(special: &FxHashMap<LocationId, Special>) -> Vec<&Special> {
    let mut v: Vec<&Special> = special
        .values()
        .filter(|s| s.kind != SpecialKind::UndefinedBehaviour)
        .collect();
    v.sort_by(|a, b| (&a.what, &a.at).cmp(&(&b.what, &b.at)));
    v
}

/// Why an expression or statement cannot be translated; `at` is a byte offset.
#[derive(Debug, Clone)]
pub(crate) struct Unsup {
    pub what: String,
    pub at: usize,
    /// Not a construct Boulder leaves out but a program no C compiler accepts (a
    /// constraint violation, C11 5.1.1.3: an undeclared identifier, a call with the wrong
    /// number of arguments to a prototype, a struct as a condition): the whole program is
    /// rejected with this error, as gcc would, wherever it stands.
    pub ill_formed: bool,
}

impl Unsup {
    pub fn new(what: impl Into<String>, at: usize) -> Unsup {
        Unsup {
            what: what.into(),
            at,
            ill_formed: false,
        }
    }
}

pub(crate) type R<T> = Result<T, Unsup>;

pub(crate) fn unsup<T>(what: impl Into<String>, at: usize) -> R<T> {
    Err(Unsup::new(what, at))
}

/// A constraint violation: see [`Unsup::ill_formed`]. `what` is said as a compiler says
/// it.
pub(crate) fn ill_formed<T>(what: impl Into<String>, at: usize) -> R<T> {
    Err(Unsup {
        ill_formed: true,
        ..Unsup::new(what, at)
    })
}

/// The function whose body is being translated.
pub(crate) struct Frame {
    pub function: String,
    /// The prefix of local names (the function's name).
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
    /// The program calls `assert` (or glibc's `__assert_fail`, its expansion).
    pub calls_assert: bool,
    /// Where the first file-scope declaration or definition with a prototype of each
    /// function starts: calls after it are checked against it (`call.rs`).
    pub prototyped_from: FxHashMap<String, usize>,
    /// The first constraint violation met (`Unsup::ill_formed`): the translation ends in
    /// `FrontError::Invalid` for it.
    pub ill_formed: Option<Unsup>,
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
    special: FxHashMap<LocationId, Special>,
    special_by_msg: FxHashMap<Special, LocationId>,
    pub origin: Option<Origin>,
    /// Where the statement being translated starts (an offset of the parsed text).
    pub origin_at: usize,
    counter: u32,
    pub functions: FxHashMap<String, &'a Node<FunctionDefinition>>,
    pub structs: Vec<StructDef>,
    pub objects: Vec<Object>,
    pub ptrs: Vec<object::PtrVar>,
    pub global: Scope,
    /// The bodies being translated: the innermost is the current function (a body is
    /// translated at its first call, inside its caller's translation).
    pub frames: Vec<Frame>,
    /// The functions met so far, in the order of their first call (`call.rs`).
    pub fns: Vec<call::FnInfo<'a>>,
    pub fn_ids: FxHashMap<String, usize>,
    /// The function whose locals new variables are (`None`: the top level).
    pub locals_of: Option<usize>,
    /// Above zero while storage of static duration is created (globals, statics, heap
    /// objects, string literals): its variables are no function's locals.
    pub global_storage: u32,
    /// Every call of a program function: (caller, call edge's source and target, callee).
    pub call_sites: Vec<(Option<usize>, LocationId, LocationId, usize)>,
    /// The edges (a range of edge numbers) of each function body translated so far: a
    /// statement undone after its translation failed keeps them (`undo_edges_from`).
    pub bodies: Vec<std::ops::Range<usize>>,
    /// The functions that may be on a cycle of the call graph (`callgraph.rs`).
    pub recursive: rustc_hash::FxHashSet<String>,
    /// Objects with one copy per activation of a recursive function: their address
    /// cannot be taken (a pointer would not say which activation's copy it means).
    pub frame_objects: FxHashMap<ObjId, usize>,
    /// `FrontOptions::heap_bound`.
    pub heap_bound: u32,
    /// Pointer targets, heap sites, and what this pass tells the next (`target.rs`).
    pub mem: memory::Memory,
    /// The allocation call (offset) whose result is converted to a pointer to this type.
    pub alloc_hint: Option<(usize, CType)>,
    /// Identifiers the program applies `&` to (`target::address_taken`).
    pub address_taken: rustc_hash::FxHashSet<String>,
    /// Statements initialising globals and statics, run before `main`.
    pub init: Vec<StmtId>,
    /// Global declarations by name, materialised on first use.
    pub pending_globals: FxHashMap<String, decl::PendingGlobal<'a>>,
    /// Types of declared and defined functions.
    pub fn_sigs: FxHashMap<String, CType>,
    /// `static` locals (key: declaration offset, name).
    pub statics: FxHashMap<(usize, String), Binding>,
    /// How many `probe`s are running, and whether one of them met a call it stopped at.
    pub probing: u32,
    pub probe_met_call: bool,
    /// While translating a static initializer: the statements, instead of edges.
    pub collecting: Option<Vec<StmtId>>,
    /// Set when control flow was needed while collecting (not a constant initializer).
    pub collect_failed: bool,
    /// An object of automatic storage is being initialized: the padding inside a union's
    /// initialized member is unspecified (`union.rs`), not zero as in a static one.
    pub automatic_init: bool,
    /// The `atexit` handler stack, once the program registers a handler.
    pub atexit: Option<builtins::AtExitStack>,
    /// Every function the program passes to `atexit`.
    pub atexit_handlers: Vec<String>,
    /// How many registrations the handler stack holds.
    pub atexit_capacity: usize,
    /// The edges that push a handler, as (function, source, target).
    pub atexit_sites: Vec<(Option<usize>, LocationId, LocationId)>,
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
    /// The recursion depth the flat CFA is first inlined with: binary recursions
    /// (`fibo`, `hanoi`) unfold into about 2^depth instances (docs/recursion.md), so a
    /// run starts shallow, and `verify` inlines twice as deep whenever an engine reaches
    /// a call beyond the depth (symex unwinds recursion on its own).
    pub const DEFAULT_RECURSION_DEPTH: u32 = 2;

    /// The largest depth a user or the portfolio may ask for.
    pub const MAX_RECURSION_DEPTH: u32 = 256;

    /// Objects per allocation site in a loop: lists and trees of up to this many nodes
    /// per site are modelled exactly.
    pub const DEFAULT_HEAP_BOUND: u32 = 8;

    /// The largest heap bound a user or the portfolio may ask for.
    pub const MAX_HEAP_BOUND: u32 = 1024;
}

impl FrontOptions {
    /// How the flat CFA is made from the procedural one.
    pub fn inline_options(&self) -> cfa::InlineOptions {
        cfa::InlineOptions {
            recursion_depth: self.recursion_depth,
            ..cfa::InlineOptions::default()
        }
    }
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

/// Translates a parsed program into a flat CFA (`translate_program`, then `flatten`).
pub fn translate_with(
    src: &Source,
    property: Property,
    model: DataModel,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    options: &FrontOptions,
) -> Result<Translation, FrontError> {
    translate_program(src, property, model, terms, stmts, options)?
        .flatten(&options.inline_options())
}

/// Translates a parsed program into a procedural CFA.
pub fn translate_program(
    src: &Source,
    property: Property,
    model: DataModel,
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    options: &FrontOptions,
) -> Result<Procedural, FrontError> {
    let rewritten = crate::dialect::rewrite(&src.text);
    let unit = parse::parse(src, &rewritten)?;
    let mut capacity = builtins::ATEXIT_CAPACITY;
    let mut hints = Rc::new(memory::MemoryHints::default());
    if !builtins::atexit_handlers(&unit).is_empty() {
        // A program that registers at most a fixed number of handlers (no `atexit` call
        // runs an unbounded number of times) gets a stack of just that size: a first
        // translation, into scratch stores, counts the registrations.
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
        if let Some(n) = scratch.1.filter(|n| *n > 0) {
            capacity = n;
        }
    }
    // Repeated until the pointer targets are known (`target.rs`). Every pass uses the
    // caller's stores: a discarded pass leaves terms behind, not names (a variable is
    // reused by the next pass under its name).
    for _ in 0..memory::MAX_PASSES {
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
        memory::MAX_PASSES
    )))
}

/// One translation: the program (`None` when the pass must be repeated), how many
/// `atexit` registrations a run makes at most (`None`: no bound), and what the next
/// translation must know if this one cannot stand.
type Pass = (Procedural, Option<usize>, Option<memory::MemoryHints>);

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
    hints: Rc<memory::MemoryHints>,
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
        calls_assert: false,
        prototyped_from: FxHashMap::default(),
        ill_formed: None,
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
        origin: None,
        origin_at: 0,
        counter: 0,
        functions: FxHashMap::default(),
        structs: Vec::new(),
        objects: Vec::new(),
        ptrs: Vec::new(),
        global: Scope::default(),
        frames: Vec::new(),
        fns: Vec::new(),
        fn_ids: FxHashMap::default(),
        call_sites: Vec::new(),
        bodies: Vec::new(),
        locals_of: None,
        global_storage: 0,
        recursive: callgraph::recursive_functions(unit),
        frame_objects: Default::default(),
        heap_bound: options.heap_bound.max(1),
        mem: memory::Memory::new(hints),
        alloc_hint: None,
        init: Vec::new(),
        pending_globals: FxHashMap::default(),
        fn_sigs: FxHashMap::default(),
        statics: FxHashMap::default(),
        probing: 0,
        probe_met_call: false,
        collecting: None,
        collect_failed: false,
        automatic_init: false,
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
    let main_call = t.cfa.add_location("main", LocationKind::Plain);
    t.cur = Some(main_call);
    let span = main.span;
    t.set_origin(span.start, span.start + 8);
    if let Err(u) = t.call_function("main", main, Vec::new(), span.start) {
        if let Some(next) = t.mem.next_hints(t.mem.hints.site_capacity.clone()) {
            // The failure may be one the next pass does not meet.
            return Ok((t.empty_translation(), None, Some(next)));
        }
        return Err(t.front_error(&u));
    }
    // Program end: falling off main or `return` from main (C11 5.1.2.2.3: like `exit`).
    t.goto(end_loc);
    if let Err(u) = t.run_exit_handlers(end_loc, exit_loc) {
        return Err(t.front_error(&u));
    }
    if let Some(u) = t.ill_formed.take() {
        return Err(t.front_error(&u));
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
    t.cfa.add_edge(at, main_call, skip);
    let activations = t.activations();
    let next = t.mem.next_hints(t.site_capacities(&activations));
    if next.is_some() {
        return Ok((t.empty_translation(), None, next));
    }
    if let Some(f) = t.unforeseen_recursion() {
        // Its locals were given one copy for all activations: not exact.
        return Err(FrontError::Unsupported(format!(
            "recursion of `{f}` that the analysis of the program text did not foresee"
        )));
    }
    let registrations = t.atexit_registrations(&activations);
    // What the top level and the functions' entries reach (a function's exit stays, even
    // where no run returns).
    let mut starts = vec![start];
    for f in &t.fns {
        starts.extend([f.entry, f.exit]);
    }
    t.cfa.prune_unreachable_from(&starts);
    t.cfa.mark_loop_heads_from(&starts);
    let special = t
        .special
        .into_iter()
        .filter(|(l, _)| t.cfa.is_alive(*l))
        .collect();
    let mut uninit_sites = t.uninit_sites;
    uninit_sites.sort();
    uninit_sites.dedup();
    let functions = t
        .fns
        .into_iter()
        .map(|f| cfa::Function {
            name: f.name.into(),
            entry: f.entry,
            exit: f.exit,
            locals: f.locals,
        })
        .collect();
    let calls_assert = t.calls_assert;
    let program = cfa::Program::new(t.cfa, functions)
        .map_err(|e| FrontError::Unsupported(format!("internal error: {e}")))?;
    Ok((
        Procedural {
            program,
            special,
            property,
            model,
            uninit_sites,
            calls_assert,
        },
        registrations,
        None,
    ))
}

impl Translation {
    /// The unsupported constructs the CFA contains (reaching one means UNKNOWN).
    pub fn unsupported_constructs(&self) -> Vec<&Special> {
        unsupported(&self.special)
    }
}

impl<'a> Translator<'a> {
    /// What a pass that is repeated returns (its program is dropped).
    fn empty_translation(&self) -> Procedural {
        let mut cfa = Cfa::new(self.terms.clone(), self.stmts.clone());
        cfa.add_location("start", LocationKind::Init);
        Procedural {
            program: cfa::Program::flat(cfa).expect("a CFA with an init location"),
            special: FxHashMap::default(),
            property: self.property,
            model: self.model,
            uninit_sites: Vec::new(),
            calls_assert: false,
        }
    }

    /// Objects per allocation site for the next pass: as many as the site can run in
    /// one run, where that is bounded (`call::activations`); `--heap-bound` per
    /// activation where the site is on a cycle of its function, and in all where its
    /// function runs an unbounded number of times.
    fn site_capacities(&self, activations: &[Option<u64>]) -> FxHashMap<String, u32> {
        if self.mem.sites.is_empty() {
            return FxHashMap::default();
        }
        let comp = self.cfa.strongly_connected_components();
        let mut out = FxHashMap::default();
        for s in &self.mem.sites {
            let (a, b) = s.edge;
            let cyclic = comp[a.index()] == comp[b.index()];
            let per_activation = if cyclic { self.heap_bound as u64 } else { 1 };
            let runs = match s.function {
                Some(f) => activations[f],
                None => Some(1),
            };
            let c = match runs {
                Some(n) => n
                    .saturating_mul(per_activation)
                    .min(FrontOptions::MAX_HEAP_BOUND as u64) as u32,
                None => self.heap_bound,
            };
            let e = out.entry(s.key.clone()).or_insert(c);
            *e = (*e).max(c);
        }
        out
    }

    /// How many handlers the program's `atexit` calls register at most (`None`: no
    /// bound, a call on a cycle or in a function that runs unboundedly often).
    fn atexit_registrations(&self, activations: &[Option<u64>]) -> Option<usize> {
        let comp = self.cfa.strongly_connected_components();
        let mut total: u64 = 0;
        for (f, a, b) in &self.atexit_sites {
            if comp[a.index()] == comp[b.index()] {
                return None;
            }
            let runs = match f {
                Some(f) => activations[*f]?,
                None => 1,
            };
            total = total.saturating_add(runs);
        }
        usize::try_from(total).ok()
    }

    // ---------------------------------------------------------------- messages

    /// The error that ends a translation at `u`: the program's own error, located as a
    /// compiler locates it, if it is ill-formed; else the unsupported construct.
    pub fn front_error(&self, u: &Unsup) -> FrontError {
        if !u.ill_formed {
            return FrontError::Unsupported(self.describe(u));
        }
        let (line, col) = self.src.locate(self.parsed.original(u.at));
        FrontError::Invalid {
            file: self.src.path.display().to_string(),
            line: line.unwrap_or(0),
            col,
            message: u.what.clone(),
        }
    }

    /// Keeps the first constraint violation met where a translation goes on past an
    /// unsupported construct (it is an error wherever it stands, reachable or not).
    pub fn note_ill_formed(&mut self, u: &Unsup) {
        if u.ill_formed && self.ill_formed.is_none() {
            self.ill_formed = Some(u.clone());
        }
    }

    /// `what at line N`.
    pub fn describe(&self, u: &Unsup) -> String {
        match self.place(u.at) {
            Some(at) => format!("{} at {at}", u.what),
            None => u.what.clone(),
        }
    }

    /// Where the parsed text's offset `at` is, as a compiler says it: `file:line:col` of
    /// the user's file.
    pub fn place(&self, at: usize) -> Option<String> {
        match self.src.locate(self.parsed.original(at)) {
            (Some(line), col) => Some(format!("{}:{line}:{col}", self.src.path.display())),
            (None, _) => None,
        }
    }

    // ---------------------------------------------------------------- names

    pub fn fresh_name(&mut self, base: &str) -> String {
        self.counter += 1;
        format!("{base}.{}", self.counter)
    }

    /// A new program variable (a temporary or a C object's storage), declared with its C
    /// name if it has one (`c_name.rs`).
    pub fn new_var(&mut self, name: &str, sort: Sort, kind: VarKind) -> Term {
        let v = self.declare_fresh(name, sort, kind);
        let declared = self.terms.as_var(v).expect("a variable");
        let renamed = self.terms.var_name(declared).as_ref() != name;
        let is_function = |f: &str| self.functions.contains_key(f);
        if let Some(c) = c_name::c_name(name, renamed, &is_function) {
            self.cfa.set_c_name(declared, c);
        }
        v
    }

    /// A new program variable under `name`, or a fresh variant of it where `name` is
    /// taken.
    fn declare_fresh(&mut self, name: &str, sort: Sort, kind: VarKind) -> Term {
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
        if let (0, Some(f)) = (self.global_storage, self.locals_of) {
            self.fns[f]
                .locals
                .push(self.terms.as_var(v).expect("a variable"));
        }
        v
    }

    /// Runs `f` creating storage of static duration (no function's locals).
    pub fn globally<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.global_storage += 1;
        let r = f(self);
        self.global_storage -= 1;
        r
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
                        self.note_prototype(&name, &sig, f.span.start);
                        self.fn_sigs.insert(name.clone(), sig);
                    }
                    self.global
                        .vars
                        .insert(name.clone(), Binding::Function(name.clone()));
                    self.functions.insert(name, f);
                }
                ExternalDeclaration::Declaration(d) => {
                    if let Err(u) = self.global_declaration(d) {
                        return Err(self.front_error(&u));
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
}
