//! The call graph of the program text, before translation: which functions may be active
//! more than once at a time (recursion). The translation needs it before it sees the
//! calls: a recursive function's locals have one copy per activation (their addresses are
//! tracked, `call.rs`), and it runs an unbounded number of times (heap capacities, atexit
//! registrations). So the graph over-approximates every call the translation can emit:
//!
//! - a call by name of a function the program defines is an edge to it;
//! - a call through a pointer (`fp(x)`, `(*fp)(x)`, `tbl[i](x)`, `s->op(x)`, and a call of
//!   an identifier that the program also declares as a variable or parameter anywhere,
//!   since a scope may shadow the function's name) is an edge to every function whose
//!   name the program uses other than as a callee: only those can have their address
//!   taken, and a call through a pointer calls one of them or ends in a special location
//!   (`fnptr.rs`).

use lang_c::ast::{
    CallExpression, Declarator, DeclaratorKind, DerivedDeclarator, Expression, InitDeclarator,
    ParameterDeclaration, TranslationUnit,
};
use lang_c::span::Span;
use lang_c::visit::Visit;
use rustc_hash::{FxHashMap, FxHashSet};

/// What one function body calls.
#[derive(Default)]
struct Calls {
    /// Identifiers called (`f(x)`).
    by_name: Vec<String>,
    /// Whether it calls through an expression other than an identifier.
    through_pointer: bool,
}

/// Per function body its calls, and over the whole unit the identifiers used as values
/// and the names declared as variables or parameters.
#[derive(Default)]
struct Scan {
    calls: Calls,
    used: FxHashSet<String>,
    variables: FxHashSet<String>,
}

impl<'ast> Visit<'ast> for Scan {
    fn visit_call_expression(&mut self, c: &'ast CallExpression, _: &'ast Span) {
        match &c.callee.node {
            Expression::Identifier(id) => self.calls.by_name.push(id.node.name.clone()),
            other => {
                self.calls.through_pointer = true;
                self.visit_expression(other, &c.callee.span);
            }
        }
        for a in &c.arguments {
            self.visit_expression(&a.node, &a.span);
        }
    }

    fn visit_expression(&mut self, e: &'ast Expression, span: &'ast Span) {
        if let Expression::Identifier(id) = e {
            self.used.insert(id.node.name.clone());
        }
        lang_c::visit::visit_expression(self, e, span);
    }

    fn visit_init_declarator(&mut self, d: &'ast InitDeclarator, span: &'ast Span) {
        if !declares_function(&d.declarator.node) {
            if let Some(n) = super::decl::declarator_name(&d.declarator.node) {
                self.variables.insert(n);
            }
        }
        lang_c::visit::visit_init_declarator(self, d, span);
    }

    fn visit_parameter_declaration(&mut self, p: &'ast ParameterDeclaration, span: &'ast Span) {
        // A parameter of function type is a pointer (C11 6.7.6.3:8): any named one.
        if let Some(n) = p
            .declarator
            .as_ref()
            .and_then(|d| super::decl::declarator_name(&d.node))
        {
            self.variables.insert(n);
        }
        lang_c::visit::visit_parameter_declaration(self, p, span);
    }

    fn visit_derived_declarator(&mut self, d: &'ast DerivedDeclarator, span: &'ast Span) {
        // Old-style parameter names.
        if let DerivedDeclarator::KRFunction(ids) = d {
            self.variables
                .extend(ids.iter().map(|i| i.node.name.clone()));
        }
        lang_c::visit::visit_derived_declarator(self, d, span);
    }
}

/// The derivation that applies to a declarator's name first, as `env::derivation_chain`
/// orders them: `int f(int)`, `int *f(void)` and `int (*f(int c))(int)` are functions (the
/// last of parameter `c`), `int (*f)(int)` a pointer.
pub(crate) fn name_derivation(d: &Declarator) -> Option<&DerivedDeclarator> {
    if let DeclaratorKind::Declarator(inner) = &d.kind.node {
        if let Some(x) = name_derivation(&inner.node) {
            return Some(x);
        }
    }
    let prefix = |x: &&lang_c::span::Node<DerivedDeclarator>| {
        matches!(
            x.node,
            DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_)
        )
    };
    d.derived
        .iter()
        .find(|x| !prefix(x))
        .or_else(|| d.derived.iter().rev().find(prefix))
        .map(|x| &x.node)
}

/// Whether a declarator declares a function. A function type named by a typedef counts as
/// a variable (an over-approximation: its calls count as calls through pointers).
fn declares_function(d: &Declarator) -> bool {
    matches!(
        name_derivation(d),
        Some(DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_))
    )
}

/// The functions that may call themselves, directly, through others or through pointers
/// (see the module comment): Tarjan's SCCs over the functions `unit` defines.
pub(crate) fn recursive_functions(unit: &TranslationUnit) -> FxHashSet<String> {
    let mut scan = Scan::default();
    let mut names: Vec<String> = Vec::new();
    let mut bodies: Vec<Calls> = Vec::new();
    for ext in &unit.0 {
        match &ext.node {
            lang_c::ast::ExternalDeclaration::FunctionDefinition(f) => {
                if let Some(n) = super::decl::declarator_name(&f.node.declarator.node) {
                    scan.visit_function_definition(&f.node, &f.span);
                    names.push(n);
                    bodies.push(std::mem::take(&mut scan.calls));
                }
            }
            lang_c::ast::ExternalDeclaration::Declaration(d) => {
                // Initializers of globals take addresses too (`int (*t[])(int) = {f};`).
                scan.visit_declaration(&d.node, &d.span);
                scan.calls = Calls::default();
            }
            lang_c::ast::ExternalDeclaration::StaticAssert(_) => {}
        }
    }
    let index: FxHashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    // Functions whose address may be taken: named other than as a callee.
    let addressed: Vec<usize> = names
        .iter()
        .enumerate()
        .filter(|(_, n)| scan.used.contains(*n))
        .map(|(i, _)| i)
        .collect();
    let succ: Vec<Vec<usize>> = bodies
        .iter()
        .map(|calls| {
            let mut out: Vec<usize> = calls
                .by_name
                .iter()
                .filter_map(|c| index.get(c.as_str()).copied())
                .collect();
            let through_pointer =
                calls.through_pointer || calls.by_name.iter().any(|c| scan.variables.contains(c));
            if through_pointer {
                out.extend(&addressed);
            }
            out
        })
        .collect();
    let comp = cfa::program::sccs(&succ);
    let mut size = vec![0usize; names.len()];
    for c in &comp {
        size[*c] += 1;
    }
    names
        .iter()
        .enumerate()
        .filter(|(i, _)| size[comp[*i]] > 1 || succ[*i].contains(i))
        .map(|(_, n)| n.clone())
        .collect()
}

impl super::Translator<'_> {
    /// A function on a cycle of the calls the translation emitted that
    /// [`recursive_functions`] did not foresee, if any.
    pub(crate) fn unforeseen_recursion(&self) -> Option<String> {
        let n = self.fns.len();
        let mut succ = vec![Vec::new(); n];
        for (caller, _, _, callee) in &self.call_sites {
            if let Some(c) = caller {
                succ[*c].push(*callee);
            }
        }
        let comp = cfa::program::sccs(&succ);
        let mut size = vec![0usize; n];
        for c in &comp {
            size[*c] += 1;
        }
        (0..n)
            .find(|&i| {
                (size[comp[i]] > 1 || succ[i].contains(&i))
                    && !self.recursive.contains(&self.fns[i].name)
            })
            .map(|i| self.fns[i].name.clone())
    }
}
