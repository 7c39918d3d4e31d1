//! `boulder validate`: a witness's function contracts made checks in the program text.
//!
//! The function `f` of a contract is renamed `__boulder_body_f` where it is defined, and a
//! new `f` with the same header follows it: it checks `requires` on entry, saves the
//! globals `ensures` reads under `\old`, calls the body, checks `ensures` with `\result`
//! the body's value, and returns it. Every call of `f` — the recursive ones in its body
//! too — goes through the new `f`, so a check fails exactly when some activation of `f`
//! breaks its contract (ACSL 1.17 §2.3: `requires` on entry after the arguments are
//! passed, `ensures` at return, parameters in `ensures` denoting their values at entry —
//! which the new `f` never changes). Each check then assumes what it checked, as the loop
//! invariants' checks do (`validate_correctness`). All insertions stay on the lines they
//! are made on, so the program keeps its line numbers.

use ctext::{Definition, Text};
use witness::contract::SourceContract;

/// One insertion into the program text: at a position (in characters), the text.
pub(crate) type Insertion = (usize, String);

/// The insertions that check `contract`, where `check(k, e)` is the call that checks
/// (and assumes) the C expression `e` as the `k`-th claim: `requires` is `first`,
/// `ensures` `first + 1`.
pub(crate) fn instrument_contract(
    source: &Text,
    contract: &SourceContract,
    first: usize,
    check: &dyn Fn(usize, &str) -> String,
) -> Result<Vec<Insertion>, String> {
    let f = &contract.function;
    let d = source
        .definition(f)
        .ok_or_else(|| format!("the program defines no function `{f}` for its contract"))?;
    for clause in [&contract.requires, &contract.ensures] {
        if clause.contains(['{', '}', ';']) {
            return Err(format!("`{clause}` is not an expression"));
        }
    }
    let header = Header::of(source, &d, f)?;
    let body = format!("__boulder_body_{f}");
    let (requires, olds) = acsl_to_c(&contract.requires, &header.params, false)?;
    debug_assert!(
        olds.is_empty(),
        "`requires` saves nothing: \\old is the entry value"
    );
    let (ensures, olds) = acsl_to_c(&contract.ensures, &header.params, true)?;
    let args = header.params.join(", ");
    let mut wrapper = format!(" {} {{ {}; ", header.text, check(first, &requires));
    for (expr, name) in &olds {
        wrapper.push_str(&format!("__typeof__({expr}) {name} = {expr}; "));
    }
    match &header.returns {
        None => {
            wrapper.push_str(&format!(
                "{body}({args}); {}; }}",
                check(first + 1, &ensures)
            ));
        }
        Some(ty) => wrapper.push_str(&format!(
            "{ty} __boulder_result = {body}({args}); {}; return __boulder_result; }}",
            check(first + 1, &ensures)
        )),
    }
    Ok(vec![
        // A prototype: the body's recursive calls reach the new `f`, defined after it.
        (d.start, format!("{}; ", header.text)),
        (d.name, "__boulder_body_".to_string()),
        (d.body_close + 1, wrapper),
    ])
}

/// What the new function needs of the definition's header.
struct Header {
    /// The header as written, on one line (`static int f(int n)`).
    text: String,
    /// The parameters' names.
    params: Vec<String>,
    /// The return type (`None`: `void`).
    returns: Option<String>,
}

impl Header {
    fn of(source: &Text, d: &Definition, f: &str) -> Result<Header, String> {
        let close = source
            .matching(d.params_open)
            .ok_or_else(|| format!("the parameters of `{f}` do not end"))?;
        let unsupported = |what: &str| format!("a contract of `{f}`, {what}, is not supported");
        if d.start >= d.name {
            return Err(unsupported("declared without a return type"));
        }
        let specifiers = source.code_between(d.start, d.name);
        // Storage classes and function specifiers (C11 6.7.1, 6.7.4) are the function's,
        // not its return type's.
        let words: Vec<&str> = specifiers
            .split_whitespace()
            .filter(|w| {
                !matches!(
                    *w,
                    "static" | "extern" | "inline" | "__inline" | "__inline__" | "_Noreturn"
                )
            })
            .collect();
        if words.is_empty() || specifiers.contains(['(', '[']) {
            return Err(unsupported("with this return type"));
        }
        let returns = (words != ["void"]).then(|| words.join(" "));
        let params_text = source.code_between(d.params_open + 1, close);
        let mut params = Vec::new();
        if !matches!(params_text.trim(), "" | "void") {
            for p in params_text.split(',') {
                if p.contains(['(', ')']) || p.contains("...") {
                    return Err(unsupported("with a function or variadic parameter"));
                }
                let decl = p.split('[').next().unwrap_or(p);
                let name: String = decl
                    .trim_end()
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                // `int` alone is a type without a name.
                if name.is_empty() || decl.split_whitespace().count() < 2 && !decl.contains('*') {
                    return Err(unsupported("with an unnamed parameter"));
                }
                params.push(name);
            }
        }
        Ok(Header {
            text: source.code_between(d.start, close + 1),
            params,
            returns,
        })
    }
}

/// A contract clause as C in the new function: `\result` the body's value, `\old(e)` the
/// value `e` had at entry — the parameter itself, else a copy saved at entry (returned
/// with the name of the copy). In `requires` (`in_ensures` false) `\old(e)` is `e`.
fn acsl_to_c(
    clause: &str,
    params: &[String],
    in_ensures: bool,
) -> Result<(String, Vec<(String, String)>), String> {
    let mut out = String::new();
    let mut olds: Vec<(String, String)> = Vec::new();
    let mut rest = clause;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let word: String = tail
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        rest = &tail[word.len()..];
        match word.as_str() {
            "result" if in_ensures => out.push_str("__boulder_result"),
            "old" => {
                let inner = rest.trim_start();
                let open = inner
                    .strip_prefix('(')
                    .ok_or("`\\old` without its argument in parentheses")?;
                let mut depth = 1;
                let end = open
                    .char_indices()
                    .find(|(_, c)| {
                        depth += match c {
                            '(' => 1,
                            ')' => -1,
                            _ => 0,
                        };
                        depth == 0
                    })
                    .map(|(i, _)| i)
                    .ok_or("`\\old(` does not close")?;
                let expr = open[..end].trim().to_string();
                if expr.contains('\\') {
                    return Err(format!("`\\old({expr})` nests a construct of ACSL"));
                }
                rest = &open[end + 1..];
                if !in_ensures || params.contains(&expr) {
                    out.push_str(&format!("({expr})"));
                    continue;
                }
                let name = match olds.iter().find(|(e, _)| *e == expr) {
                    Some((_, n)) => n.clone(),
                    None => {
                        let n = format!("__boulder_old_{}", olds.len());
                        olds.push((expr, n.clone()));
                        n
                    }
                };
                out.push_str(&name);
            }
            other => {
                return Err(format!(
                    "`\\{other}` is not supported in a function contract (\\result in \
                     ensures and \\old are)"
                ))
            }
        }
    }
    out.push_str(rest);
    Ok((out, olds))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contract(requires: &str, ensures: &str) -> SourceContract {
        SourceContract {
            function: "f".into(),
            line: 2,
            column: 1,
            requires: requires.into(),
            ensures: ensures.into(),
        }
    }

    fn apply(text: &str, c: &SourceContract) -> Result<String, String> {
        let source = Text::new(text);
        let mut ins = instrument_contract(&source, c, 0, &|k, e| format!("CHECK_{k}({e})"))?;
        ins.sort_by_key(|i| std::cmp::Reverse(i.0));
        let mut chars = source.chars().to_vec();
        for (at, s) in ins {
            chars.splice(at..at, s.chars());
        }
        Ok(chars.into_iter().collect())
    }

    #[test]
    fn a_contract_wraps_its_function_on_the_same_lines() {
        let text = "int g;\nstatic int f(int n, int *p) {\n  g++;\n  return n + f(n - 1, p);\n}\n";
        let out = apply(
            text,
            &contract("n >= 0", "\\result >= \\old(n) && g == \\old(g) + 1"),
        )
        .unwrap();
        assert_eq!(out.lines().count(), text.lines().count());
        assert!(
            out.contains(
                "static int f(int n, int *p); static int __boulder_body_f(int n, int *p) {"
            ),
            "{out}"
        );
        assert!(out.contains("} static int f(int n, int *p) { CHECK_0(n >= 0); __typeof__(g) __boulder_old_0 = g; int __boulder_result = __boulder_body_f(n, p); CHECK_1(__boulder_result >= (n) && g == __boulder_old_0 + 1); return __boulder_result; }"), "{out}");
        // The recursive call in the body is left to reach the checked `f`.
        assert!(out.contains("return n + f(n - 1, p);"));
    }

    #[test]
    fn a_void_function_and_what_cannot_be_wrapped() {
        let text = "int g;\nvoid f(void) { g = 1; }\n";
        let out = apply(text, &contract("1", "g == 1")).unwrap();
        assert!(
            out.contains("void f(void) { CHECK_0(1); __boulder_body_f(); CHECK_1(g == 1); }"),
            "{out}"
        );
        assert!(apply(text, &contract("\\result == 1", "1")).is_err());
        assert!(apply(text, &contract("1", "\\at(g, Pre) == 1")).is_err());
        assert!(apply("int f(int, ...) { return 0; }\n", &contract("1", "1")).is_err());
        assert!(apply("int h(void) { return 0; }\n", &contract("1", "1")).is_err());
    }
}
