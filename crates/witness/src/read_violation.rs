//! Reading violation witnesses (GraphML 1.0 and YAML 2.0, from Boulder or any other
//! verifier) into the inputs they prescribe, so that `boulder validate` can build a test
//! harness from the witness's own values — not from Boulder's internal counterexample.

use crate::cexfile::{input_c_type, CexFile, CexInput, FORMAT};
use crate::violation::{Entry, WitnessInput};
use std::collections::HashMap;

/// What a violation witness prescribes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViolationWitness {
    /// `graphml` or `yaml`.
    pub format: &'static str,
    /// The values of the nondet calls, in execution order.
    pub inputs: Vec<WitnessInput>,
    /// The line of the violation, when the witness names it.
    pub target_line: Option<u32>,
    pub program_hash: Option<String>,
}

/// Parses a witness; the program's text locates the calls of YAML `function_return`
/// waypoints (which name the call's closing parenthesis, not the function).
pub fn parse(text: &str, program: &str) -> Result<ViolationWitness, String> {
    if text.trim_start().starts_with('<') {
        parse_graphml(text, program)
    } else {
        parse_yaml(text, program)
    }
}

/// The value of `\result == V` (with or without `;`, C suffixes and parentheses).
fn result_value(constraint: &str) -> Option<String> {
    let rest = constraint.trim().trim_end_matches(';').trim();
    let rest = rest.strip_prefix("\\result")?.trim_start();
    let v = rest.strip_prefix("==")?.trim();
    if crate::float_text::is_c_float(v) {
        return Some(v.to_string());
    }
    let v = v.trim_start_matches('(').trim_end_matches(')').trim();
    let v = v.trim_end_matches(['u', 'U', 'l', 'L']);
    v.parse::<i128>().ok()?;
    Some(v.to_string())
}

/// `x == 5; a[1] == -3;` as (lvalue, value) pairs.
fn variable_values(assumption: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for part in assumption
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let (lhs, rhs) = part
            .split_once("==")
            .ok_or_else(|| format!("an assumption that is not `variable == value`: {part}"))?;
        let v = rhs
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim();
        let v = v.trim_end_matches(['u', 'U', 'l', 'L']);
        v.parse::<i128>()
            .map_err(|_| format!("not an integer constant: {rhs}"))?;
        out.push((lhs.trim().to_string(), v.to_string()));
    }
    Ok(out)
}

/// How the program stores a value at a line that is not a nondet call's: by scanf (its
/// first conversion) or as the initial value of an uninitialised variable.
fn stored_by(program: &str, line: u32) -> String {
    // Lines are 1-based; a witness's line 0 names no line (and reads as none).
    let text = (line as usize)
        .checked_sub(1)
        .and_then(|i| program.lines().nth(i))
        .unwrap_or("");
    match text.find("scanf") {
        Some(at) => {
            let conv: String = text[at..]
                .split('%')
                .nth(1)
                .map(|c| c.chars().take_while(|c| c.is_ascii_alphabetic()).collect())
                .unwrap_or_default();
            format!("scanf:%{}", if conv.is_empty() { "lld" } else { &conv })
        }
        None => "__boulder_uninit".into(),
    }
}

/// How the program stores a value in `variable` that an assumption names: by a scanf
/// call that takes `&variable`, else as an uninitialised variable's initial value. (A
/// wrong guess makes the replay fail: the witness is then not confirmed, never wrongly
/// confirmed.)
fn stored_by_variable(program: &str, variable: &str) -> String {
    let base = variable.split(['[', '.']).next().unwrap_or(variable);
    if main_first_parameter(program).as_deref() == Some(base) {
        return ctext::svcomp::ARGC_INPUT.into();
    }
    for (n, line) in program.lines().enumerate() {
        if line.contains("scanf") {
            // The call's arguments may continue on the next lines.
            let call: String = program
                .lines()
                .skip(n)
                .take(8)
                .collect::<Vec<_>>()
                .join(" ");
            let end = call.find(';').unwrap_or(call.len());
            if call[..end].replace(' ', "").contains(&format!("&{base}")) {
                return stored_by(program, n as u32 + 1);
            }
        }
    }
    "__boulder_uninit".into()
}

/// The name of `main`'s first parameter (its `argc`) where `main` is defined as
/// `int main(int NAME, …)`.
fn main_first_parameter(program: &str) -> Option<String> {
    let mut rest = program;
    while let Some(at) = rest.find("main") {
        let before = rest[..at].chars().next_back();
        let after = rest[at + 4..].trim_start();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(params) = after.strip_prefix('(') else {
            continue;
        };
        let first = params.split([',', ')']).next()?;
        let words: Vec<&str> = first.split_whitespace().collect();
        if words.len() >= 2 && words[..words.len() - 1].contains(&"int") {
            return Some(words[words.len() - 1].to_string());
        }
        return None;
    }
    None
}

fn parse_graphml(text: &str, program: &str) -> Result<ViolationWitness, String> {
    let graph = crate::graphml::read(text)?;
    let entry = graph
        .flagged("entry")
        .into_iter()
        .next()
        .ok_or("the witness has no entry node")?;
    let violation = graph.flagged("violation");
    let edges = &graph.edges;
    let graph_data = &graph.data;
    // The witness automaton of a violation witness is a path: follow it from the entry.
    let mut out: HashMap<&str, &crate::graphml::Edge> = HashMap::new();
    for e in edges {
        if out.insert(e.source.as_str(), e).is_some() {
            return Err(format!(
                "node {} has several outgoing edges (a branching witness)",
                e.source
            ));
        }
    }
    let mut at = entry.as_str();
    let mut inputs = Vec::new();
    let mut target_line = None;
    let mut steps = 0;
    while let Some(e) = out.get(at) {
        steps += 1;
        if steps > edges.len() {
            return Err("the witness automaton has a cycle".into());
        }
        let line = e.data.get("startline").and_then(|l| l.trim().parse().ok());
        match (
            e.data.get("assumption"),
            e.data.get("assumption.resultfunction"),
        ) {
            (Some(a), Some(f)) => {
                let v = result_value(a)
                    .ok_or_else(|| format!("an assumption that is not `\\result == value`: {a}"))?;
                inputs.push(WitnessInput {
                    function: f.trim().to_string(),
                    value: v,
                    line: line.unwrap_or(0),
                    column: 0,
                    variable: None,
                });
            }
            (Some(a), None) => {
                let line = line.ok_or("an assumption on an edge without startline")?;
                for (variable, value) in variable_values(a)? {
                    let argc = main_first_parameter(program).is_some_and(|p| p == variable);
                    inputs.push(WitnessInput {
                        function: if argc {
                            ctext::svcomp::ARGC_INPUT.into()
                        } else {
                            stored_by(program, line)
                        },
                        value,
                        line,
                        column: 0,
                        variable: Some(variable),
                    });
                }
            }
            _ => {}
        }
        at = e.target.as_str();
        if violation.iter().any(|v| v == at) {
            target_line = line;
            break;
        }
    }
    if !violation.iter().any(|v| v == at) {
        return Err("the path from the entry node does not reach a violation node".into());
    }
    Ok(ViolationWitness {
        format: "graphml",
        inputs,
        target_line,
        program_hash: graph_data.get("programhash").cloned(),
    })
}

/// The function called by the call whose closing parenthesis is at (line, column).
fn called_function(program: &str, line: u32, column: u32) -> Option<String> {
    let lines: Vec<&str> = program.lines().collect();
    let mut l = (line as usize).checked_sub(1)?;
    let mut chars: Vec<char> = lines.get(l)?.chars().collect();
    let mut k = (column as usize).checked_sub(1)?;
    if chars.get(k) != Some(&')') {
        return None;
    }
    let mut depth = 0i32;
    loop {
        match chars[k] {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        // One character back, across line ends and past empty lines (an empty line
        // has no character to look at).
        while k == 0 {
            l = l.checked_sub(1)?;
            chars = lines[l].chars().collect();
            k = chars.len();
        }
        k -= 1;
    }
    let before: String = chars[..k].iter().collect();
    let name: String = before
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!name.is_empty()).then_some(name)
}

fn parse_yaml(text: &str, program: &str) -> Result<ViolationWitness, String> {
    let entries: Vec<Entry> =
        serde_yaml::from_str(text).map_err(|e| format!("not a YAML 2.0 witness: {e}"))?;
    let entry = entries
        .iter()
        .find(|e| e.entry_type == "violation_sequence")
        .ok_or("no violation_sequence entry")?;
    if entry.metadata.format_version != "2.0" {
        return Err(format!(
            "format version {} (2.0 is read)",
            entry.metadata.format_version
        ));
    }
    let mut inputs = Vec::new();
    let mut target_line = None;
    for seg in &entry.content {
        // Of a segment only the `follow` waypoint is a step the run must take.
        for w in seg.segment.iter().map(|w| &w.waypoint) {
            if w.action != "follow" {
                continue;
            }
            match w.kind.as_str() {
                "function_return" => {
                    let c = w
                        .constraint
                        .as_ref()
                        .ok_or("a function_return waypoint without constraint")?;
                    let v = result_value(&c.value).ok_or_else(|| {
                        format!("a constraint that is not `\\result == value`: {}", c.value)
                    })?;
                    let column = w
                        .location
                        .column
                        .ok_or("a function_return waypoint without column")?;
                    let function =
                        called_function(program, w.location.line, column).ok_or_else(|| {
                            format!("no call ends at line {} column {column}", w.location.line)
                        })?;
                    inputs.push(WitnessInput {
                        function,
                        value: v,
                        line: w.location.line,
                        column,
                        variable: None,
                    });
                }
                "assumption" => {
                    let c = w
                        .constraint
                        .as_ref()
                        .ok_or("an assumption waypoint without constraint")?;
                    for (variable, value) in variable_values(&c.value)? {
                        inputs.push(WitnessInput {
                            function: stored_by_variable(program, &variable),
                            value,
                            line: w.location.line,
                            column: w.location.column.unwrap_or(0),
                            variable: Some(variable),
                        });
                    }
                }
                "target" => target_line = Some(w.location.line),
                _ => {}
            }
        }
    }
    Ok(ViolationWitness {
        format: "yaml",
        inputs,
        target_line,
        program_hash: entry
            .metadata
            .task
            .input_file_hashes
            .values()
            .next()
            .cloned(),
    })
}

/// The width of a C integer type in a data model.
fn width(c_type: &str, data_model: &str) -> u32 {
    match c_type {
        "_Bool" => 1,
        "char" | "signed char" | "unsigned char" => 8,
        "short" | "unsigned short" => 16,
        "int" | "unsigned int" | "float" => 32,
        "long" | "unsigned long" if data_model == "LP64" => 64,
        "long" | "unsigned long" => 32,
        _ => 64,
    }
}

/// The counterexample file a replay harness is built from: the witness's values, typed by
/// the functions that return them.
pub fn to_cexfile(
    w: &ViolationWitness,
    property: &str,
    data_model: &str,
) -> Result<CexFile, String> {
    let mut inputs = Vec::new();
    for i in &w.inputs {
        let c_type = input_c_type(&i.function)
            .ok_or_else(|| format!("`{}` is not an input function", i.function))?;
        let bits = width(c_type, data_model);
        let pattern = match crate::float_text::format_of_type(c_type) {
            Some(f) => crate::float_text::parse_c_float(&i.value, f)
                .ok_or_else(|| format!("value `{}`", i.value))?,
            None => {
                let v: i128 = i
                    .value
                    .parse()
                    .map_err(|_| format!("value `{}`", i.value))?;
                (v as u128) & (u128::MAX >> (128 - bits))
            }
        };
        inputs.push(CexInput {
            function: i.function.clone(),
            c_type: c_type.to_string(),
            value: i.value.clone(),
            bits: pattern.to_string(),
            width: bits,
            line: Some(i.line),
            column: Some(i.column),
            variable: i.variable.clone(),
        });
    }
    Ok(CexFile {
        format: FORMAT.into(),
        program: None,
        property: property.into(),
        data_model: data_model.into(),
        inputs,
        steps: Vec::new(),
    })
}
