//! Scalable benchmark families (docs/design.md §10): each writes a C program whose first line
//! states the expected verdict; the unsafe variant differs by one comparison.

use std::fmt::Write;

/// The families `boulder gen` knows.
pub const FAMILIES: [&str; 5] = ["test-locks", "exp-art", "sequential", "reactive", "seq-rct"];

/// The program of `family` with parameter `n`; `None` for an unknown family.
pub fn generate(family: &str, n: usize, unsafe_variant: bool) -> Option<String> {
    let body = match family {
        "test-locks" => test_locks(n, unsafe_variant),
        "exp-art" => exp_art(n, unsafe_variant),
        "sequential" => {
            let mut s = header();
            s.push_str("int main(void) {\n");
            sequential_part(&mut s, n, unsafe_variant);
            s.push_str("  return 0;\n}\n");
            s
        }
        "reactive" => {
            let mut s = header();
            s.push_str("int main(void) {\n");
            reactive_part(&mut s, n, unsafe_variant);
            s.push_str("  return 0;\n}\n");
            s
        }
        "seq-rct" => {
            let mut s = header();
            s.push_str("int main(void) {\n");
            sequential_part(&mut s, n, false);
            reactive_part(&mut s, n, unsafe_variant);
            s.push_str("  return 0;\n}\n");
            s
        }
        _ => return None,
    };
    let verdict = if unsafe_variant { "false" } else { "true" };
    let variant = if unsafe_variant { " --unsafe" } else { "" };
    Some(format!(
        "// boulder gen {family} {n}{variant}: expected verdict {verdict} (unreach-call)\n{body}"
    ))
}

/// The expected verdict stated on a generated program's first line.
pub fn expected_verdict(program: &str) -> Option<bool> {
    let first = program.lines().next()?;
    let v = first.split("expected verdict ").nth(1)?;
    if v.starts_with("true") {
        Some(true)
    } else if v.starts_with("false") {
        Some(false)
    } else {
        None
    }
}

fn header() -> String {
    "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\n".to_string()
}

/// The sv-benchmarks `test_locks_N` structure: N condition variables and N locks, a lock
/// phase and an unlock phase inside `while (1)`. Unsafe: the last unlock checks the wrong
/// lock value.
fn test_locks(n: usize, unsafe_variant: bool) -> String {
    let mut s = String::from(
        "extern void abort(void);\nextern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\nint main(void) {\n",
    );
    for i in 1..=n {
        let _ = writeln!(
            s,
            "  int p{i} = __VERIFIER_nondet_int();  // condition variable"
        );
        let _ = writeln!(s, "  int lk{i};  // lock variable");
    }
    s.push_str("  int cond;\n\n  while (1) {\n    cond = __VERIFIER_nondet_int();\n    if (cond == 0) {\n      goto out;\n    } else {}\n");
    for i in 1..=n {
        let _ = writeln!(s, "    lk{i} = 0;  // initially lock is open");
    }
    s.push_str("\n    // lock phase\n");
    for i in 1..=n {
        let _ = writeln!(
            s,
            "    if (p{i} != 0) {{\n      lk{i} = 1;  // acquire lock\n    }} else {{}}"
        );
    }
    s.push_str("\n    // unlock phase\n");
    for i in 1..=n {
        let expect = if unsafe_variant && i == n { 0 } else { 1 };
        let _ = writeln!(
            s,
            "    if (p{i} != 0) {{\n      if (lk{i} != {expect}) goto ERROR;  // assertion failure\n      lk{i} = 0;\n    }} else {{}}"
        );
    }
    s.push_str("  }\n out:\n  return 0;\n ERROR: {reach_error(); abort();}\n  return 0;\n}\n");
    s
}

/// FMCAD'09: `if (p_i) x_i = 1; else x_i = 0;` for every i, then
/// `if (p_i) { if (x_i != 1) ERROR; }` for every i. The single-block ART has 2^N paths
/// to the checks. Unsafe: the last check compares with 0.
fn exp_art(n: usize, unsafe_variant: bool) -> String {
    let mut s = header();
    s.push_str("int main(void) {\n");
    for i in 1..=n {
        let _ = writeln!(s, "  int p{i} = __VERIFIER_nondet_int();\n  int x{i};");
    }
    for i in 1..=n {
        let _ = writeln!(s, "  if (p{i}) x{i} = 1; else x{i} = 0;");
    }
    for i in 1..=n {
        let expect = if unsafe_variant && i == n { 0 } else { 1 };
        let _ = writeln!(s, "  if (p{i}) {{ if (x{i} != {expect}) reach_error(); }}");
    }
    s.push_str("  return 0;\n}\n");
    s
}

/// Böhm's SEQUENTIAL scenario: N independent feature choices, a loop (an abstraction
/// point), then checks that every `a_i` and `l_i` still agree. Unsafe: the last check
/// expects the wrong value.
fn sequential_part(s: &mut String, n: usize, unsafe_variant: bool) {
    for i in 1..=n {
        let _ = writeln!(s, "  int a{i} = __VERIFIER_nondet_int();\n  int l{i};");
    }
    for i in 1..=n {
        let _ = writeln!(s, "  if (a{i}) l{i} = 1; else l{i} = 0;");
    }
    s.push_str("  int k = __VERIFIER_nondet_int();\n  while (k > 0) {\n    k--;\n  }\n");
    for i in 1..=n {
        let expect = if unsafe_variant && i == n { 0 } else { 1 };
        let _ = writeln!(
            s,
            "  if (a{i}) {{ if (l{i} != {expect}) reach_error(); }} else {{ if (l{i} != 0) reach_error(); }}"
        );
    }
}

/// Böhm's REACTIVE scenario: a loop steps an N-state automaton (`s` cycles through
/// 0..N-1), acquires N locks, may be left only if `s` is out of range, and releases the
/// locks in reverse order; after the loop a held lock is an error. Safe because
/// 0 <= s < N always holds. Unsafe: the range check excludes the last state.
fn reactive_part(s: &mut String, n: usize, unsafe_variant: bool) {
    s.push_str("  int s = 0;\n");
    for i in 1..=n {
        let _ = writeln!(s, "  int m{i} = 0;");
    }
    s.push_str("  while (1) {\n");
    for st in 0..n {
        let next = (st + 1) % n;
        let kw = if st == 0 { "    if" } else { " else if" };
        let _ = write!(s, "{kw} (s == {st}) {{ s = {next}; }}");
    }
    s.push('\n');
    for i in 1..=n {
        let _ = writeln!(s, "    m{i} = 1;");
    }
    let bound = if unsafe_variant {
        n.saturating_sub(1)
    } else {
        n
    };
    let _ = writeln!(s, "    if (s < 0 || s >= {bound}) break;");
    for i in (1..=n).rev() {
        let _ = writeln!(s, "    m{i} = 0;");
    }
    s.push_str("  }\n");
    let held: Vec<String> = (1..=n).map(|i| format!("m{i} != 0")).collect();
    let _ = writeln!(s, "  if ({}) reach_error();", held.join(" || "));
}

/// A family of generated tasks: `family:NAME:A..B`, `family:NAME:N1,N2,…`, optionally
/// followed by `:unsafe`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilySpec {
    pub family: String,
    pub sizes: Vec<usize>,
    pub unsafe_variant: bool,
}

impl FamilySpec {
    pub fn parse(s: &str) -> Result<FamilySpec, String> {
        let rest = s
            .strip_prefix("family:")
            .ok_or_else(|| format!("`{s}`: a family spec starts with `family:`"))?;
        let mut parts = rest.split(':');
        let family = parts.next().unwrap_or("").to_string();
        if !FAMILIES.contains(&family.as_str()) {
            return Err(format!(
                "unknown family `{family}` (known: {})",
                FAMILIES.join(", ")
            ));
        }
        let sizes_text = parts
            .next()
            .ok_or_else(|| format!("`{s}`: sizes missing (e.g. 1..10)"))?;
        let unsafe_variant = match parts.next() {
            None => false,
            Some("unsafe") => true,
            Some(other) => return Err(format!("`{s}`: unknown option `{other}`")),
        };
        let bad = || format!("`{s}`: sizes must be A..B or N1,N2,… (positive)");
        let sizes: Vec<usize> = match sizes_text.split_once("..") {
            Some((a, b)) => {
                let a: usize = a.parse().map_err(|_| bad())?;
                let b: usize = b.parse().map_err(|_| bad())?;
                (a..=b).collect()
            }
            None => sizes_text
                .split(',')
                .map(|x| x.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?,
        };
        if sizes.is_empty() || sizes.contains(&0) {
            return Err(bad());
        }
        Ok(FamilySpec {
            family,
            sizes,
            unsafe_variant,
        })
    }

    /// (name, program text, expected verdict) per size.
    pub fn programs(&self) -> Vec<(String, String, bool)> {
        self.sizes
            .iter()
            .map(|n| {
                let text = generate(&self.family, *n, self.unsafe_variant).expect("known family");
                let suffix = if self.unsafe_variant { "_unsafe" } else { "" };
                (
                    format!("{}_{n}{suffix}", self.family.replace('-', "_")),
                    text,
                    !self.unsafe_variant,
                )
            })
            .collect()
    }
}
