//! The front end records each variable's C name in its declaration (`cfa::CName`), and
//! the inlining keeps it for every copy, in the copy's instance: what traces and
//! witnesses print comes from there, not from decoding the CFA's variable names.

use cfa::{CName, StmtStore};
use cfront::{DataModel, Property, Source};
use logic::TermStore;
use std::rc::Rc;

const PROGRAM: &str = r#"
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct pt { int x; int y; } s;
int g;
int fact(int n) { int r = 1; if (n > 1) r = n * fact(n - 1); return r; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  { int x = 2; g = x; }
  s.x = fact(x);
  if (s.x < 0) reach_error();
  return 0;
}
"#;

/// The C names of the flat CFA's variables, by CFA name.
fn names() -> Vec<(String, Option<CName>)> {
    let terms = Rc::new(TermStore::new());
    let source = Source::from_text("names.c", PROGRAM);
    let options = cfront::FrontOptions {
        recursion_depth: 3,
        ..Default::default()
    };
    let program = cfront::translate_program(
        &source,
        Property::UnreachCall,
        DataModel::Ilp32,
        terms.clone(),
        Rc::new(StmtStore::new()),
        &options,
    )
    .unwrap();
    let flat = program.flatten(&options.inline_options()).unwrap();
    flat.cfa
        .vars()
        .iter()
        .map(|d| (terms.var_name(d.var).to_string(), d.c_name.clone()))
        .collect()
}

fn c_name(all: &[(String, Option<CName>)], lvalue: &str, scope: Option<&str>) -> Vec<CName> {
    all.iter()
        .filter_map(|(_, c)| c.clone())
        .filter(|c| c.lvalue == lvalue && c.scope.as_deref() == scope)
        .collect()
}

#[test]
fn declarations_carry_c_names_through_inlining() {
    let all = names();
    // Globals: a struct's member leaf is `s.x` at file scope, not a local of a function `s`.
    assert_eq!(c_name(&all, "s.x", None).len(), 1, "{all:?}");
    assert_eq!(c_name(&all, "g", None).len(), 1, "{all:?}");
    // The block-scope `x` shadows main's `x`: declared renamed, so no witness names it.
    let xs = c_name(&all, "x", Some("main"));
    assert_eq!(xs.len(), 2, "{all:?}");
    assert_eq!(xs.iter().filter(|c| c.renamed).count(), 1, "{all:?}");
    // Each inlined instance of the recursive `fact` has its own `n` and `r`.
    for scope in ["fact", "fact.2"] {
        assert_eq!(c_name(&all, "n", Some(scope)).len(), 1, "{scope}: {all:?}");
        assert_eq!(c_name(&all, "r", Some(scope)).len(), 1, "{scope}: {all:?}");
    }
    // The front end's own variables have none.
    for (name, c) in &all {
        if name.starts_with("tmp.") || name.starts_with("nondet.") || name.ends_with(".return") {
            assert_eq!(c, &None, "{name}");
        }
    }
}
