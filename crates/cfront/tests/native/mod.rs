//! The reference side of the differential test: generated programs compiled with gcc and
//! run. Compiling dominates the test's time, so programs are compiled in **batches**: each
//! program's identifiers are renamed apart (`p3_g0`, `p3_main`, …: a consistent
//! alpha-renaming, which changes no meaning), the batch is one translation unit with a
//! `main` that runs the program `BOULDER_PROG` names, and the harness (nondet values,
//! `reach_error`, the checksum at exit) is an object compiled once per data model. One
//! compiler start and one link then serve a whole batch.

use super::cgen;
use cfront::DataModel;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Values the nondet functions return, cyclically.
pub const POOL: usize = 24;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Error,
    /// Aborted, or an assumption failed.
    Stopped,
    /// Normal end: the status, the checksum of the globals, and (not compared, shown
    /// when the checksums differ) each global's value.
    Exit {
        status: u8,
        checksum: u64,
        values: Values,
    },
}

/// Values of the observables (equal whenever the checksums are).
#[derive(Clone, Debug)]
pub struct Values(pub Vec<u64>);

impl PartialEq for Values {
    fn eq(&self, _: &Values) -> bool {
        true
    }
}

impl Eq for Values {}

/// The harness: nondet functions returning the values of `BOULDER_VALS` (a
/// comma-separated list, cyclically), `reach_error`, `__VERIFIER_assume`, and the
/// checksum printed at exit (after every `atexit` handler: it is a destructor).
fn harness() -> String {
    let mut h = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n");
    h.push_str(&format!(
        "static unsigned long long vals[{POOL}];\nstatic int pos;\n"
    ));
    h.push_str(
        "__attribute__((constructor)) static void pick(void) {\n  const char *s = getenv(\"BOULDER_VALS\");\n  for (int i = 0; s && *s && i < sizeof vals / sizeof vals[0]; i++) {\n    char *end;\n    vals[i] = strtoull(s, &end, 10);\n    s = *end ? end + 1 : end;\n  }\n}\n",
    );
    h.push_str(&format!(
        "static unsigned long long next(void) {{ return vals[pos++ % {POOL}]; }}\n"
    ));
    h.push_str("unsigned long long __boulder_next(void) { return next(); }\n");
    for (ty, suffix) in cgen::TYPES {
        h.push_str(&format!(
            "{ty} __VERIFIER_nondet_{suffix}(void) {{ return ({ty}) next(); }}\n"
        ));
    }
    h.push_str("_Bool __VERIFIER_nondet_bool(void) { return next() != 0; }\n");
    h.push_str(
        "void __VERIFIER_assume(int c) { if (!c) { printf(\"BLOCKED\\n\"); fflush(stdout); _exit(0); } }\n",
    );
    h.push_str("void reach_error(void) { printf(\"ERROR\\n\"); fflush(stdout); _exit(0); }\n");
    h.push_str("void __boulder_checksum(void);\n");
    h.push_str(
        "__attribute__((destructor)) static void fin(void) { __boulder_checksum(); fflush(stdout); }\n",
    );
    h
}

/// The harness's object file for a data model, compiled on first use.
fn harness_object(model: DataModel) -> &'static Path {
    static OBJECTS: [std::sync::OnceLock<(tempfile::TempDir, PathBuf)>; 2] =
        [const { std::sync::OnceLock::new() }; 2];
    let (_, obj) = OBJECTS[model as usize].get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("h.c");
        let obj = dir.path().join("h.o");
        std::fs::write(&src, harness()).unwrap();
        let out = Command::new("gcc")
            .args(model_flags(model))
            .args(["-O0", "-w", "-c"])
            .arg(&src)
            .arg("-o")
            .arg(&obj)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (dir, obj)
    });
    obj
}

/// The floating inputs, defined in the batch itself (not the harness) and always inlined:
/// a call would return the value in x87's `st(0)` in ILP32, which quiets a signalling
/// NaN. Each returns the float whose bit pattern is the next value (its low bits).
const FLOAT_INPUTS: &str = "unsigned long long __boulder_next(void);
static inline __attribute__((__always_inline__)) float __VERIFIER_nondet_float(void) {
  unsigned int u = (unsigned int) __boulder_next(); float f; __builtin_memcpy(&f, &u, sizeof f); return f;
}
static inline __attribute__((__always_inline__)) double __VERIFIER_nondet_double(void) {
  unsigned long long u = __boulder_next(); double d; __builtin_memcpy(&d, &u, sizeof d); return d;
}
";

/// Identifiers a generated program shares with the harness and libc (C's keywords are
/// kept too: `ctext::C_KEYWORDS`).
const KEPT: &[&str] = &[
    "reach_error",
    "abort",
    "exit",
    "atexit",
    "scanf",
    "printf",
    "malloc",
    "realloc",
    "calloc",
    "free",
];

fn kept(id: &str) -> bool {
    KEPT.contains(&id)
        || cgen::float::MATH_FUNCTIONS
            .iter()
            .chain(&cgen::float::MODF)
            .any(|(f, _)| *f == id)
}

/// The program with every identifier of its own prefixed by `prefix` (literals, keywords,
/// the names in [`KEPT`] and `__` names kept). The checksum function is the program's own,
/// so it is renamed; `main` gets a `return 0` at its end, because only `main` itself
/// returns 0 when control falls off its end.
fn renamed(text: &str, prefix: &str) -> String {
    const CHECKSUM: &str = "\nvoid __boulder_checksum(void) {";
    let at = text
        .find(CHECKSUM)
        .expect("the generator ends main just before the checksum function");
    let text = format!("{}  return 0;\n}}{}", &text[..at - 1], &text[at..]);
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'"' || c == b'\'' {
            let start = i;
            i += 1;
            while b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str(&text[start..i]);
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            out.push_str(&text[start..i]);
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let id = &text[start..i];
            let kept = kept(id)
                || ctext::C_KEYWORDS.contains(&id)
                || (id.starts_with("__") && id != "__boulder_checksum");
            if !kept {
                out.push_str(prefix);
            }
            out.push_str(id);
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

/// An executable that runs the program `BOULDER_PROG` of a batch.
pub struct Executable {
    _dir: tempfile::TempDir,
    path: PathBuf,
    /// Programs that gcc could not compile (its own crash) and clang did.
    pub clang_compiled: usize,
}

/// Flags for a data model: in ILP32 floating arithmetic in SSE registers (x87's
/// extended precision otherwise), as Boulder models it and as its replay compiles. And
/// `-fsignaling-nans`: without it, gcc folds `x * 1.0`, `x / 1.0` and `x - 0.0` to `x`
/// and `x * -1.0` to `-x` even at -O0, which leaves a signalling NaN unquieted where
/// the SSE instruction quiets it (Boulder computes what the instruction computes).
fn model_flags(model: DataModel) -> &'static [&'static str] {
    match model {
        // `-fno-math-errno`: `sqrtf` as the SSE instruction. i386 glibc's `sqrtf` returns
        // x87's unrounded root, and clang (which calls it where gcc inlines) used that
        // as the float result (seeds 10835406833359 and 35763213140038 in a batch that
        // gcc crashed on).
        DataModel::Ilp32 => &[
            "-m32",
            "-msse2",
            "-mfpmath=sse",
            "-fsignaling-nans",
            "-fno-math-errno",
        ],
        DataModel::Lp64 => &["-m64", "-fsignaling-nans"],
    }
}

fn compile(compiler: &str, model: DataModel, src: &Path, exe: &Path) -> Output {
    Command::new(compiler)
        .args(model_flags(model))
        .args(["-O0", "-w", "-fwrapv"])
        .arg(src)
        .arg(harness_object(model))
        .arg("-o")
        .arg(exe)
        .arg("-lm")
        .output()
        .unwrap()
}

fn ice(out: &Output) -> bool {
    !out.status.success()
        && String::from_utf8_lossy(&out.stderr).contains("internal compiler error")
}

/// The batch's text: the renamed programs and a dispatcher.
fn batch_text(programs: &[&cgen::Program]) -> String {
    let mut text = String::from(FLOAT_INPUTS);
    let mut cases = String::new();
    for (k, p) in programs.iter().enumerate() {
        text.push_str(&renamed(&p.text, &format!("p{k}_")));
        cases.push_str(&format!(
            "  case {k}: checksum = p{k}___boulder_checksum; return p{k}_main();\n"
        ));
    }
    text.push_str(&format!(
        "char *getenv(const char *);\nint atoi(const char *);\nstatic void (*checksum)(void);\nvoid __boulder_checksum(void) {{ checksum(); }}\nint main(void) {{\n  switch (atoi(getenv(\"BOULDER_PROG\"))) {{\n{cases}  }}\n  return 99;\n}}\n"
    ));
    text
}

/// Compiles the programs into one executable. GCC 12 crashes on some valid programs
/// (e.g. `(_Bool) (-3, 2)`: "internal compiler error in gimplify_expr"); then the batch is
/// compiled by clang, the reference for those, and the programs are counted.
pub fn compile_batch(programs: &[&cgen::Program], model: DataModel) -> Executable {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("batch.c");
    let path = dir.path().join("a.out");
    std::fs::write(&src, batch_text(programs)).unwrap();
    let mut out = compile("gcc", model, &src, &path);
    let mut clang_compiled = 0;
    if ice(&out) {
        // Count only the programs gcc crashes on, each compiled alone.
        clang_compiled = programs
            .iter()
            .filter(|p| {
                let one = dir.path().join("one.c");
                std::fs::write(&one, batch_text(&[p])).unwrap();
                ice(&compile("gcc", model, &one, &dir.path().join("one.out")))
            })
            .count();
        out = compile("clang", model, &src, &path);
    }
    assert!(
        out.status.success(),
        "compiler: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        programs.iter().map(|p| p.text.as_str()).collect::<String>()
    );
    Executable {
        _dir: dir,
        path,
        clang_compiled,
    }
}

const SIGABRT: i32 = 6;

/// Runs program `k` of the batch with the nondet values `vals` and standard input `stdin`.
pub fn run(exe: &Executable, k: usize, vals: &[u64], stdin: &[u64], text: &str) -> Outcome {
    let vals: Vec<String> = vals.iter().map(|x| x.to_string()).collect();
    let mut child = Command::new(&exe.path)
        .env("BOULDER_VALS", vals.join(","))
        .env("BOULDER_PROG", k.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let input: Vec<String> = stdin.iter().map(|x| x.to_string()).collect();
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{}\n", input.join(" ")).as_bytes());
    let o = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    use std::os::unix::process::ExitStatusExt;
    if stdout.contains("ERROR") {
        Outcome::Error
    } else if stdout.contains("BLOCKED") || o.status.signal() == Some(SIGABRT) {
        Outcome::Stopped
    } else if let Some(h) = stdout
        .lines()
        .find_map(|l| l.strip_prefix("EXIT "))
        .and_then(|h| h.trim().parse().ok())
    {
        let values = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("V "))
            .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok())
            .collect();
        Outcome::Exit {
            status: o.status.code().unwrap_or(-1) as u8,
            checksum: h,
            values: Values(values),
        }
    } else {
        panic!(
            "the compiled program ended oddly ({:?}, {stdout:?})\n{text}",
            o.status
        );
    }
}

#[test]
fn renaming_keeps_literals_keywords_and_library_names() {
    let text = "struct S { int f0; };\nint g0 = 0x1fu;\nint main(void) {\n  printf(\"g0 %d\\n\", 'g');\n  __atomic_load_n(&g0, 5);\n}\nvoid __boulder_checksum(void) {\n}\n";
    let r = renamed(text, "p1_");
    assert_eq!(
        r,
        "struct p1_S { int p1_f0; };\nint p1_g0 = 0x1fu;\nint p1_main(void) {\n  printf(\"g0 %d\\n\", 'g');\n  __atomic_load_n(&p1_g0, 5);\n  return 0;\n}\nvoid p1___boulder_checksum(void) {\n}\n"
    );
}

#[test]
fn a_batch_that_gcc_crashes_on_is_compiled_by_clang_and_counted() {
    let program = |body: &str| {
        cgen::Program {
        text: format!(
            "int printf(const char *, ...);\nint g;\nint main(void) {{\n  g = {body};\n}}\nvoid __boulder_checksum(void) {{\n  printf(\"EXIT %llu\\n\", (unsigned long long) g);\n}}\n"
        ),
        observables: Vec::new(),
        constructs: Default::default(),
    }
    };
    let fine = program("7");
    let crashing = program("(_Bool) (-3, 2)");
    let exe = compile_batch(&[&fine, &crashing], DataModel::Lp64);
    assert_eq!(exe.clang_compiled, 1);
    for (k, g) in [(0, 7), (1, 1)] {
        match run(&exe, k, &[], &[], "") {
            Outcome::Exit {
                status, checksum, ..
            } => assert_eq!((status, checksum), (0, g)),
            o => panic!("{o:?}"),
        }
    }
}
