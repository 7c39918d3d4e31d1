//! Replay: compile the program with a harness that feeds it a counterexample's inputs, run
//! it, and observe whether the violation really happens — the error function itself is
//! entered (`unreach-call`), or the sanitizer reports a signed overflow (`no-overflow`).

use crate::cexfile::{CexFile, CexInput};
use ctext::svcomp::{ARGC_INPUT, ERROR_FUNCTIONS, NONDET_FUNCTIONS};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const REACHED: i32 = 86;
const EXHAUSTED: i32 = 87;
const ASSUME: i32 = 88;

/// What a replay showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// The violation happened; how it showed.
    Reproduced(String),
    /// It did not; why.
    NotReproduced(String),
}

impl Replay {
    pub fn reproduced(&self) -> bool {
        matches!(self, Replay::Reproduced(_))
    }
}

/// The harness's C source for the inputs of `cex`.
pub fn harness(cex: &CexFile) -> String {
    let nondet: Vec<&CexInput> = cex
        .inputs
        .iter()
        .filter(|i| !i.function.starts_with("scanf:") && i.function != ARGC_INPUT)
        .collect();
    let mut h = String::new();
    h.push_str("/* Boulder replay harness: returns the counterexample's inputs in order. */\n");
    h.push_str(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n",
    );
    h.push_str("#define NI __attribute__((no_instrument_function))\n");
    let _ = writeln!(h, "static const unsigned long long values[] = {{");
    for i in &nondet {
        let _ = writeln!(
            h,
            "  {}ULL, /* {} = {} (line {:?}) */",
            i.bits, i.function, i.value, i.line
        );
    }
    h.push_str("  0ULL };\nstatic const char *const functions[] = {\n");
    for i in &nondet {
        let _ = writeln!(h, "  \"{}\",", i.function);
    }
    h.push_str("  \"\" };\n");
    let _ = writeln!(
        h,
        "static unsigned long next = 0, count = {};",
        nondet.len()
    );
    let _ = writeln!(
        h,
        "NI static unsigned long long take(const char *f) {{\n  if (next >= count) {{\n    fprintf(stderr, \"BOULDER-REPLAY: no input left for %s\\n\", f);\n    _exit({EXHAUSTED});\n  }}\n  if (strcmp(functions[next], f) != 0) {{\n    fprintf(stderr, \"BOULDER-REPLAY: input %lu is for %s but the program called %s\\n\", next, functions[next], f);\n    _exit({EXHAUSTED});\n  }}\n  return values[next++];\n}}"
    );
    let mut all: Vec<(String, &str)> = NONDET_FUNCTIONS
        .iter()
        .map(|(s, t)| (format!("__VERIFIER_nondet_{s}"), *t))
        .collect();
    for (s, t) in [
        ("s64", "long long"),
        ("loff_t", "long long"),
        ("u64", "unsigned long long"),
        ("sector_t", "unsigned long long"),
    ] {
        all.push((format!("__VERIFIER_nondet_{s}"), t));
    }
    for (name, ty) in all {
        let _ = writeln!(
            h,
            "__attribute__((weak)) NI {ty} {name}(void) {{ return ({ty}) take(\"{name}\"); }}"
        );
    }
    // Floating inputs are their bit patterns, copied (a conversion would change them).
    for (s, ty) in ctext::svcomp::FLOAT_NONDET_FUNCTIONS {
        let name = format!("__VERIFIER_nondet_{s}");
        let bits = if ty == "float" {
            "unsigned int"
        } else {
            "unsigned long long"
        };
        let _ = writeln!(
            h,
            "__attribute__((weak)) NI {ty} {name}(void) {{ {bits} b = ({bits}) take(\"{name}\"); {ty} x; memcpy(&x, &b, sizeof x); return x; }}"
        );
    }
    let _ = writeln!(
        h,
        "NI unsigned long long __boulder_uninit(void) {{ return take(\"__boulder_uninit\"); }}"
    );
    let _ = writeln!(
        h,
        "__attribute__((weak)) NI void __VERIFIER_assume(int c) {{ if (!c) {{ fprintf(stderr, \"BOULDER-REPLAY: an assumption fails\\n\"); _exit({ASSUME}); }} }}"
    );
    if cex.property == "unreach-call" || cex.property == "assert" {
        let _ = writeln!(
            h,
            "NI static void reached(void) {{ fprintf(stderr, \"BOULDER-REPLAY: the error function is called\\n\"); fflush(stderr); _exit({REACHED}); }}"
        );
        for f in ERROR_FUNCTIONS {
            let _ = writeln!(
                h,
                "__attribute__((weak)) NI void {f}(void) {{ reached(); }}"
            );
        }
        // `__VERIFIER_assert` declared but not defined: its SV-COMP meaning, as the CFA
        // gives it (a program's own definition takes the place of this weak one).
        h.push_str(
            "__attribute__((weak)) NI void __VERIFIER_assert(int c) { if (!c) reached(); }\n",
        );
        // The program is compiled with -finstrument-functions: entering an error function
        // that it defines itself is the call we detect (not what its body then does).
        let cond: Vec<String> = ERROR_FUNCTIONS
            .iter()
            .map(|f| format!("fn == (void *) {f}"))
            .collect();
        let _ = writeln!(
            h,
            "NI void __cyg_profile_func_enter(void *fn, void *site) {{ (void) site; if ({}) reached(); }}",
            cond.join(" || ")
        );
        h.push_str(
            "NI void __cyg_profile_func_exit(void *fn, void *site) { (void) fn; (void) site; }\n",
        );
        if cex.property == "assert" {
            // A failing assert is the violation: glibc's expansion of `assert` calls
            // `__assert_fail` (this definition takes the place of libc's at link time),
            // and a program without <assert.h> calls `assert` itself.
            let _ = writeln!(
                h,
                "__attribute__((weak)) NI void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {{ (void) a; (void) f; (void) l; (void) fn; reached(); }}"
            );
            let _ = writeln!(
                h,
                "__attribute__((weak)) NI void assert(int c) {{ if (!c) reached(); }}"
            );
        }
    } else {
        for f in ERROR_FUNCTIONS {
            let _ = writeln!(h, "__attribute__((weak)) NI void {f}(void) {{ abort(); }}");
        }
        h.push_str("__attribute__((weak)) NI void __VERIFIER_assert(int c) { if (!c) abort(); }\n");
    }
    h
}

/// The command-line arguments that give `main` the counterexample's `argc` (each `x`; the
/// program's `argv` strings are not modelled). Where no command line can (`argc` of 0:
/// `argv[0]` is the program's name; more arguments than a replay passes), none: a
/// counterexample whose path does not depend on `argc` still replays, and one that does
/// fails to, which leaves the verdict UNKNOWN — a replay only ever confirms.
pub fn arguments(cex: &CexFile) -> Vec<&'static str> {
    let argc = cex.inputs.iter().find(|i| i.function == ARGC_INPUT);
    match argc.map(|a| a.value.parse::<i64>()) {
        Some(Ok(n @ 1..=MAX_ARGC)) => vec!["x"; (n - 1) as usize],
        _ => Vec::new(),
    }
}

/// The most arguments a replay passes (`argc` - 1).
const MAX_ARGC: i64 = 10_000;

/// The text given on standard input: the values of scanf conversions, one per line.
pub fn stdin_text(cex: &CexFile) -> String {
    let mut s = String::new();
    for i in cex
        .inputs
        .iter()
        .filter(|i| i.function.starts_with("scanf:"))
    {
        let conv = i.function.trim_start_matches("scanf:%");
        let bits: u128 = i.bits.parse().unwrap_or(0);
        let float = ctext::svcomp::scanf_c_type(conv).and_then(crate::float_text::format_of_type);
        let text = if let Some(f) = float {
            crate::float_text::strtod_text(bits, f)
        } else if conv.ends_with('x') || conv.ends_with('X') {
            format!("{bits:x}")
        } else if conv.ends_with('o') {
            format!("{bits:o}")
        } else {
            i.value.clone()
        };
        s.push_str(&text);
        s.push('\n');
    }
    s
}

fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = subprocess::run(
        cmd,
        subprocess::Options {
            own_group: true,
            keep: STDERR_KEPT,
            ..Default::default()
        },
    )
    .map_err(|e| format!("cannot run {what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        let err = out.stderr_text();
        Err(format!(
            "{what} failed: {}",
            err.lines()
                .find(|l| l.contains("error"))
                .unwrap_or(err.lines().next().unwrap_or(""))
        ))
    }
}

/// Compiles the (preprocessed) program text with the harness for `cex` (`gcc -m32` for
/// ILP32) and runs it for at most `timeout`. `Err` only when the replay could not be
/// attempted (no compiler, the program does not compile).
///
/// A `no-overflow` counterexample that gcc's sanitizer does not confirm is tried with
/// clang's (when installed): gcc folds some expressions before it instruments them
/// (`-x - 23` becomes `-23 - x`, whose overflow is a different one), clang at `-O0`
/// instruments the operations as written.
pub fn replay(program_text: &str, cex: &CexFile, timeout: Duration) -> Result<Replay, String> {
    let first = replay_with("gcc", program_text, cex, timeout)?;
    if first.reproduced() || cex.property != "no-overflow" {
        return Ok(first);
    }
    let clang_installed =
        subprocess::run(Command::new("clang").arg("--version"), Default::default())
            .is_ok_and(|o| o.status.success());
    if !clang_installed {
        return Ok(first);
    }
    match replay_with("clang", program_text, cex, timeout)? {
        Replay::Reproduced(how) => Ok(Replay::Reproduced(format!("{how} (clang)"))),
        Replay::NotReproduced(_) => Ok(first),
    }
}

fn replay_with(
    compiler: &str,
    program_text: &str,
    cex: &CexFile,
    timeout: Duration,
) -> Result<Replay, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let program = dir.path().join("program.i");
    std::fs::write(&program, program_text).map_err(|e| e.to_string())?;
    let program: &Path = &program;
    // SSE arithmetic in both data models: i386's default x87 keeps excess precision
    // (FLT_EVAL_METHOD 2), which Boulder's binary32/binary64 semantics do not model.
    // `-fno-math-errno` makes `sqrt`/`sqrtf` the SSE instruction: i386 glibc's `sqrtf`
    // returns x87's unrounded root, which clang (calling it) would then use as a float.
    let m: &[&str] = if cex.data_model == "LP64" {
        &["-m64"]
    } else {
        &["-m32", "-msse2", "-mfpmath=sse", "-fno-math-errno"]
    };
    let hpath = dir.path().join("boulder_harness.c");
    std::fs::write(&hpath, harness(cex)).map_err(|e| e.to_string())?;
    let (hobj, pobj, exe) = (
        dir.path().join("h.o"),
        dir.path().join("p.o"),
        dir.path().join("replay"),
    );
    run(
        Command::new(compiler)
            .args(m)
            .args(["-w", "-O0", "-c"])
            .arg(&hpath)
            .arg("-o")
            .arg(&hobj),
        &format!("{compiler} on the harness"),
    )?;
    let overflow = cex.property == "no-overflow";
    let sanitize = [
        "-fsanitize=signed-integer-overflow,shift,float-cast-overflow",
        "-fno-sanitize-recover=all",
    ];
    let mut cc = Command::new(compiler);
    cc.args(m).args(["-w", "-O0", "-std=gnu11", "-c"]);
    if overflow {
        cc.args(sanitize);
    } else {
        cc.arg("-finstrument-functions");
    }
    run(
        cc.arg(program).arg("-o").arg(&pobj),
        &format!("{compiler} on the program"),
    )?;
    let mut link = Command::new(compiler);
    link.args(m)
        .arg(&pobj)
        .arg(&hobj)
        .arg("-o")
        .arg(&exe)
        .arg("-lm");
    if overflow {
        link.args(sanitize);
    }
    run(&mut link, "linking the replay")?;
    // Standard input is written and standard error read while the program runs (the
    // `subprocess` helper): a program that writes more than a pipe holds to standard error
    // (or reads none of a long input) would otherwise wait for us until the time limit,
    // and its violation would count as not reproduced.
    let run = subprocess::run(
        Command::new(&exe)
            .args(arguments(cex))
            .current_dir(dir.path()),
        subprocess::Options {
            input: Some(stdin_text(cex).into_bytes()),
            deadline: Some(Instant::now() + timeout),
            own_group: true,
            keep: 2 * STDERR_KEPT,
            ..Default::default()
        },
    )
    .map_err(|e| format!("cannot run the replay: {e}"))?;
    if run.timed_out {
        return Ok(Replay::NotReproduced(format!(
            "the program ran for {}s without the violation",
            timeout.as_secs()
        )));
    }
    let err = run.stderr_text();
    let status = run.status;
    let code = status.code();
    if !overflow
        && code == Some(REACHED)
        && err.contains("BOULDER-REPLAY: the error function is called")
    {
        return Ok(Replay::Reproduced("the error function is called".into()));
    }
    if overflow {
        if let Some(line) = err.lines().find(|l| {
            l.contains("runtime error:")
                && (l.contains("signed integer overflow")
                    || l.contains("negation of")
                    || l.contains("division of")
                    || l.contains("left shift of")
                    // float-cast-overflow: "… is outside the range of representable
                    // values of type …" (C11 6.3.1.4:1).
                    || l.contains("outside the range of representable values"))
        }) {
            let what = line.split("runtime error:").nth(1).unwrap_or(line).trim();
            return Ok(Replay::Reproduced(what.to_string()));
        }
    }
    let why = match (code, err.lines().find(|l| l.contains("BOULDER-REPLAY"))) {
        (_, Some(l)) => l.trim_start_matches("BOULDER-REPLAY: ").to_string(),
        (Some(c), None) => format!("the program exited with status {c}"),
        (None, None) => "the program was killed by a signal".to_string(),
    };
    Ok(Replay::NotReproduced(why))
}

/// How much of the replayed program's standard error is kept at its start, and as much
/// at its end: the replay's own lines and the sanitizer's report come last or alone, and
/// a program may write without end until the time limit.
const STDERR_KEPT: usize = 1 << 16;
