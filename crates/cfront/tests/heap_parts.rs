//! The front end records, for every part of a heap object (a field, a pointer's target
//! and offset, the length of a run-time-sized allocation), the object's `alive` bit
//! (`cfa::VarDecl::heap_alive`); no other variable has one, and inlining keeps it.

use cfront::{DataModel, Property, Source};
use logic::TermStore;
use std::rc::Rc;

const PROGRAM: &str = r#"
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int value; struct node *next; };
struct node g;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  struct node *l = 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->value = i;
    x->next = l;
    l = x;
  }
  int *a = malloc(n * sizeof(int));
  a[0] = l->value;
  g.value = a[0];
  free(a);
  return 0;
}
"#;

#[test]
fn every_part_of_a_heap_object_names_its_alive_bit_and_nothing_else_does() {
    let terms = Rc::new(TermStore::new());
    let source = Source::from_text("heap.c", PROGRAM);
    let options = cfront::FrontOptions::default();
    let program = cfront::translate_program(
        &source,
        Property::UnreachCall,
        DataModel::Ilp32,
        terms.clone(),
        Rc::new(cfa::StmtStore::new()),
        &options,
    )
    .unwrap();
    let flat = program.flatten(&options.inline_options()).unwrap();
    for cfa in [&program.program.cfa, &flat.cfa] {
        let (mut parts, mut alive_bits) = (0, std::collections::BTreeSet::new());
        for d in cfa.vars() {
            let name = terms.var_name(d.var).to_string();
            // The front end names an allocation site's k-th object `F.heap.lLcC.k`; its
            // parts extend that name, its `alive` bit is `….alive` and the site's counter
            // `F.heap.lLcC.count`.
            let object = name.find(".heap.").and_then(|at| {
                let rest = &name[at + ".heap.".len()..];
                let mut fields = rest.splitn(3, '.');
                let (site, k) = (fields.next()?, fields.next()?);
                k.parse::<u32>()
                    .ok()
                    .map(|_| format!("{}{site}.{k}", &name[..at + ".heap.".len()]))
            });
            match object {
                Some(o) if name != format!("{o}.alive") => {
                    let alive = d
                        .heap_alive
                        .unwrap_or_else(|| panic!("{name}: no alive bit"));
                    assert_eq!(terms.var_name(alive).to_string(), format!("{o}.alive"));
                    assert!(
                        cfa.var_decl(alive).is_some(),
                        "{name}: undeclared alive bit"
                    );
                    parts += 1;
                    alive_bits.insert(alive);
                }
                _ => assert_eq!(d.heap_alive, None, "{name}"),
            }
        }
        // Two sites: nodes (value, next's target and offset, each) and the array (its
        // elements and its length).
        assert!(alive_bits.len() >= 2, "{alive_bits:?}");
        assert!(parts >= 3 * (alive_bits.len() - 1) + 2, "{parts} parts");
    }
}
