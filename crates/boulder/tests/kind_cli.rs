//! k-induction's forward condition: a program whose every path ends is proved by the base
//! case alone, though no k makes it inductive (from an arbitrary state the loop runs
//! arbitrarily long with an arbitrary `y`); a bug in such a program is still found.

mod support;

use support::{boulder, first_line};

const PROGRAM: &str = "extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (x < 5) { x++; y += 2; }
  if (y != TARGET) reach_error();
  return 0;
}
";

fn run(target: i32) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bounded.c");
    std::fs::write(&file, PROGRAM.replace("TARGET", &target.to_string())).unwrap();
    let o = boulder(&[
        "verify",
        file.to_str().unwrap(),
        "--engine",
        "kind",
        "--stats",
    ]);
    (
        first_line(&o),
        String::from_utf8_lossy(&o.stdout).to_string(),
    )
}

#[test]
fn a_program_whose_paths_all_end_is_proved_by_the_forward_condition() {
    let (verdict, out) = run(10);
    assert_eq!(verdict, "Verification result: TRUE", "{out}");
    assert!(out.contains("no feasible path is longer than"), "{out}");
    let (verdict, out) = run(12);
    assert_eq!(verdict, "Verification result: FALSE(unreach-call)", "{out}");
}
