//! Pointers with several targets and the heap: `?:` and `if` choosing a pointer's
//! object, a pointer stored in a struct, byte views of integers (`(unsigned char *) &x`),
//! arrays from `malloc`/`calloc`, and a linked list of input-dependent length built with
//! `malloc`, traversed and freed; arrays resized by `realloc` and sized at run time; a
//! pointer to a pointer.

use super::{Gen, Pointer, TYPES};

impl Gen {
    /// Declarations for main: pointers with several targets, heap arrays, a list. Types
    /// they need go to `globals`; their results reach the global `sink`.
    pub(super) fn heap_and_choices(&mut self, globals: &mut String, body: &mut String, sink: &str) {
        globals.push_str("void *malloc();\nvoid *calloc();\nvoid *realloc();\nvoid free();\n");
        // A pointer choosing between two objects of one type, maybe re-pointed.
        for _ in 0..self.rng.below(3) {
            let same: Vec<(String, &'static str)> = {
                let s = self.rng.pick(&self.scalars).clone();
                self.scalars
                    .iter()
                    .filter(|t| t.ty == s.ty && TYPES.iter().any(|(n, _)| *n == s.ty))
                    .map(|t| (t.name.clone(), t.ty))
                    .collect()
            };
            if same.is_empty() {
                continue;
            }
            let a = self.rng.pick(&same).clone();
            let b = self.rng.pick(&same).clone();
            let name = self.fresh("qc");
            self.note("pointer choosing between objects");
            let cond = self.expr(2);
            body.push_str(&format!(
                "  {} *{name} = ({cond}) ? &{} : &{};\n",
                a.1, a.0, b.0
            ));
            if self.rng.chance(50) {
                let c = self.rng.pick(&same).clone();
                self.note("pointer re-pointed by an if");
                let cond = self.expr(2);
                body.push_str(&format!("  if ({cond}) {name} = &{};\n", c.0));
            }
            if self.rng.chance(40) {
                self.note("pointer stored in a struct");
                let holder = self.fresh("ps");
                body.push_str(&format!(
                    "  struct {{ {} *p; int k; }} {holder} = {{ {name}, 1 }};\n",
                    a.1
                ));
                self.pointers.push(Pointer {
                    name: format!("{holder}.p"),
                    len: 1,
                });
            } else if self.rng.chance(30) {
                // The pointer's address taken: `*pp` is the pointer variable itself.
                self.note("pointer to a pointer");
                let pp = self.fresh("pp");
                body.push_str(&format!("  {} **{pp} = &{name};\n", a.1));
                if self.rng.chance(50) {
                    let c = self.rng.pick(&same).clone();
                    let cond = self.expr(2);
                    body.push_str(&format!("  if ({cond}) *{pp} = &{};\n", c.0));
                }
                self.pointers.push(Pointer {
                    name: format!("(*{pp})"),
                    len: 1,
                });
            } else {
                self.pointers.push(Pointer { name, len: 1 });
            }
        }
        // A byte view of a wider integer, read and written through `unsigned char *`.
        if self.rng.chance(40) {
            let wide: Vec<(String, &'static str)> = self
                .scalars
                .iter()
                .filter(|s| TYPES.iter().any(|(n, _)| *n == s.ty) && !s.ty.contains("char"))
                .map(|s| (s.name.clone(), s.ty))
                .collect();
            if !wide.is_empty() {
                let (x, ty) = self.rng.pick(&wide).clone();
                let name = self.fresh("bv");
                self.note("byte view of an integer");
                body.push_str(&format!(
                    "  unsigned char *{name} = (unsigned char *) &{x};\n"
                ));
                let (i, v) = (self.simple(), self.expr(2));
                body.push_str(&format!("  {name}[({i}) & (sizeof({ty}) - 1)] ^= ({v});\n"));
                self.pointers.push(Pointer { name, len: 2 });
            }
        }
        // An array of four on the heap, zeroed by calloc or filled after malloc.
        if self.rng.chance(50) {
            let ty = self.ty();
            let name = self.fresh("hp");
            if self.rng.chance(50) {
                self.note("calloc");
                body.push_str(&format!("  {ty} *{name} = calloc(4, sizeof({ty}));\n"));
            } else {
                self.note("malloc");
                let i = self.fresh("hi");
                let v = self.expr(2);
                body.push_str(&format!(
                    "  {ty} *{name} = ({ty} *) malloc(4 * sizeof({ty}));\n  for (int {i} = 0; {i} < 4; {i}++) {name}[{i}] = ({v}) + {i};\n"
                ));
            }
            // Shrunk to 2 or grown to 8 elements (the new ones filled) by realloc.
            let len = match self.rng.below(3) {
                0 => {
                    self.note("realloc");
                    body.push_str(&format!("  {name} = realloc({name}, 2 * sizeof({ty}));\n"));
                    2
                }
                1 => {
                    self.note("realloc");
                    let i = self.fresh("hi");
                    let v = self.expr(2);
                    body.push_str(&format!(
                        "  {name} = realloc({name}, 8 * sizeof *{name});\n  for (int {i} = 4; {i} < 8; {i}++) {name}[{i}] = ({v}) - {i};\n"
                    ));
                    8
                }
                _ => 4,
            };
            self.pointers.push(Pointer { name, len });
        }
        // An array of 1…4 elements, the number known only when the program runs.
        if self.rng.chance(30) {
            self.note("allocation of a run-time size");
            let ty = self.ty();
            let (name, m, i) = (self.fresh("hd"), self.fresh("hm"), self.fresh("hi"));
            let (n, v) = (self.expr(2), self.expr(2));
            body.push_str(&format!(
                "  int {m} = (({n}) & 3) + 1;\n  {ty} *{name} = malloc({m} * sizeof({ty}));\n  for (int {i} = 0; {i} < {m}; {i}++) {name}[{i}] = ({v}) + {i};\n"
            ));
            self.pointers.push(Pointer { name, len: 1 });
        }
        // A list of 0…3 nodes (input-dependent), summed into the sink and freed.
        if self.rng.chance(40) {
            self.note("linked list on the heap");
            if !globals.contains("struct LN ") {
                globals.push_str("struct LN { int v; struct LN *next; };\n");
            }
            let (head, i, n, p) = (
                self.fresh("lh"),
                self.fresh("li"),
                self.fresh("ln"),
                self.fresh("lp"),
            );
            let len = self.expr(2);
            let v = self.expr(2);
            body.push_str(&format!(
                "  struct LN *{head} = 0;\n  for (int {i} = 0; {i} < (({len}) & 3); {i}++) {{\n    struct LN *{n} = malloc(sizeof *{n});\n    {n}->v = ({v}) + {i};\n    {n}->next = {head};\n    {head} = {n};\n  }}\n"
            ));
            body.push_str(&format!(
                "  for (struct LN *{p} = {head}; {p}; {p} = {p}->next) {sink} ^= {p}->v;\n"
            ));
            if self.rng.chance(50) {
                self.note("free");
                body.push_str(&format!(
                    "  while ({head}) {{ struct LN *{n} = {head}->next; free({head}); {head} = {n}; }}\n"
                ));
            }
        }
    }
}
