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

/// The insertions that check the contracts of `function` (several are all checked: each
/// clause alone), each given with the number of its first claim: `check(k, e)` is the call
/// that checks (and assumes) the C expression `e` as the `k`-th claim, `requires` being
/// claim `k` and `ensures` claim `k + 1`.
pub(crate) fn instrument_function(
    source: &Text,
    function: &str,
    contracts: &[(usize, &SourceContract)],
    check: &dyn Fn(usize, &str) -> String,
) -> Result<Vec<Insertion>, String> {
    let f = function;
    let d = source.definition(f).ok_or_else(|| {
        format!(
            "no definition of `{f}` for its contract: the program defines none, or more \
             than one, or one under a conditional directive"
        )
    })?;
    let header = Header::of(source, &d, f)?;
    let body = format!("__boulder_body_{f}");
    let mut requires = Vec::new();
    let mut ensures = Vec::new();
    let mut olds: Vec<(String, String)> = Vec::new();
    for (k, c) in contracts {
        let r = acsl_to_c(&c.requires, &header.params, false, &mut olds)?;
        expression_only(&r)?;
        requires.push(check(*k, &r));
        let e = acsl_to_c(&c.ensures, &header.params, true, &mut olds)?;
        expression_only(&e)?;
        ensures.push(check(*k + 1, &e));
    }
    let args = header.params.join(", ");
    let mut wrapper = format!(" {} {{ ", header.text);
    for r in &requires {
        wrapper.push_str(&format!("{r}; "));
    }
    for (expr, name) in &olds {
        wrapper.push_str(&format!("__typeof__({expr}) {name} = {expr}; "));
    }
    match &header.returns {
        None => wrapper.push_str(&format!("{body}({args}); ")),
        Some(ty) => wrapper.push_str(&format!("{ty} __boulder_result = {body}({args}); ")),
    }
    for e in &ensures {
        wrapper.push_str(&format!("{e}; "));
    }
    if header.returns.is_some() {
        wrapper.push_str("return __boulder_result; ");
    }
    wrapper.push('}');
    Ok(vec![
        // A prototype: the body's recursive calls reach the new `f`, defined after it.
        (d.start, format!("{}; ", header.text)),
        (d.name, "__boulder_body_".to_string()),
        (d.body_close + 1, wrapper),
    ])
}

/// Whether a claim of a witness is an expression that only reads: put into the program,
/// anything else would change what it checks (an assignment to `\result` changes the
/// value returned) or the text around it (a comment). No assignment (`=`, `+=`, …), no
/// `++`/`--`, no call, no comma, no comment, no block or statement.
pub(crate) fn expression_only(e: &str) -> Result<(), String> {
    let bad = |what: &str| {
        Err(format!(
            "`{e}` is not a side-effect-free expression ({what})"
        ))
    };
    let chars: Vec<char> = e.chars().collect();
    if e.contains(['{', '}', ';', ',']) || e.contains("//") || e.contains("/*") {
        return bad("a block, statement, comma or comment");
    }
    if e.contains("++") || e.contains("--") {
        return bad("an increment or decrement");
    }
    for (i, c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        if *c == '=' && next != Some('=') && prev != Some('=') {
            // `<=`, `>=` and `!=` compare; `<<=`, `>>=` and the others assign.
            let before_prev = i.checked_sub(2).map(|p| chars[p]);
            let compares = match prev {
                Some('!') => true,
                Some(p @ ('<' | '>')) => before_prev != Some(p),
                _ => false,
            };
            if !compares {
                return bad("an assignment");
            }
        }
        // A call: an identifier, then `(` (a cast's `(` follows an operator or `(`).
        if *c == '(' {
            let word: String = chars[..i]
                .iter()
                .rev()
                .skip_while(|c| c.is_whitespace())
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let ident = word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
            if ident && !matches!(word.as_str(), "sizeof" | "_Alignof") {
                return bad("a call");
            }
        }
    }
    Ok(())
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
/// value `e` had at entry — the parameter itself, else a copy saved at entry (added to
/// `olds` with the name of the copy). In `requires` (`in_ensures` false) `\old(e)` is
/// `e`.
fn acsl_to_c(
    clause: &str,
    params: &[String],
    in_ensures: bool,
    olds: &mut Vec<(String, String)>,
) -> Result<String, String> {
    let mut out = String::new();
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
    Ok(out)
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
        let mut ins =
            instrument_function(&source, "f", &[(0, c)], &|k, e| format!("CHECK_{k}({e})"))?;
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

    #[test]
    fn only_expressions_that_read_are_placed() {
        for ok in [
            "x <= 3 && y != 2",
            "(unsigned int)x >= 1U",
            "sizeof(x) == 4",
            "a[i] == 0",
        ] {
            assert_eq!(expression_only(ok), Ok(()), "{ok}");
        }
        for bad in [
            "(\\result = 5) == 5",
            "x += 1",
            "x <<= 1",
            "x++ > 0",
            "f(x) == 1",
            "x, 1",
            "x /* */",
            "x == 1 // ",
        ] {
            assert!(expression_only(bad).is_err(), "{bad}");
        }
        // Every contract of a function is checked, each clause alone.
        let text = "int f(int n) { return n; }\n";
        let source = Text::new(text);
        let (a, b) = (contract("n >= 0", "\\result == n"), contract("n < 9", "1"));
        let ins = instrument_function(&source, "f", &[(2, &a), (4, &b)], &|k, e| {
            format!("CHECK_{k}({e})")
        })
        .unwrap();
        assert!(
            ins[2].1.contains("CHECK_2(n >= 0); CHECK_4(n < 9);"),
            "{}",
            ins[2].1
        );
        assert!(
            ins[2]
                .1
                .contains("CHECK_3(__boulder_result == n); CHECK_5(1);"),
            "{}",
            ins[2].1
        );
    }
}
