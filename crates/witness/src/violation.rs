//! Violation witnesses in the two formats SV-COMP exchanges: GraphML 1.0 (a witness
//! automaton: one path from the entry node to the violation node, an `assumption`
//! `\result == v;` on the edge of each nondet call) and YAML 2.0 (`violation_sequence`:
//! one segment per nondet value with a `function_return` waypoint `\result == v` at the
//! call's closing parenthesis, and a final `target` segment). Both are written from the
//! counterexample file, so they carry exactly the inputs that replay.
//!
//! Formats: sv-witnesses `README-GraphML.md` (1.0) and the format 2.0 description; the
//! conventions of CPAchecker's and UAutomizer's witnesses (architecture `32bit`/`64bit`,
//! SHA-256 program hash, the SV-COMP specification text).

use crate::cexfile::CexFile;
use quick_xml::escape::escape;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// What a witness says about its task.
#[derive(Clone, Debug)]
pub struct TaskInfo<'a> {
    /// The program file as given on the command line.
    pub file_name: &'a str,
    /// The program's text (hashed, and searched for the calls' closing parentheses).
    pub text: &'a str,
    pub property: &'a str,
    /// `ILP32` or `LP64`.
    pub data_model: &'a str,
    pub producer: &'a str,
    /// RFC 3339 time of creation.
    pub creation_time: &'a str,
}

/// The SV-COMP specification (LTL) of a property.
pub fn specification(property: &str) -> String {
    match property {
        "no-overflow" => "CHECK( init(main()), LTL(G ! overflow) )".into(),
        // Boulder's own property (no SV-COMP counterpart): `cfront::Property::Assert`.
        "assert" => "CHECK( init(main()), LTL(G assert) )".into(),
        _ => "CHECK( init(main()), LTL(G ! call(reach_error())) )".into(),
    }
}

pub fn sha256_hex(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    let mut s = String::with_capacity(64);
    for b in digest {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A value the witness prescribes: the result of a nondet call (`variable` is `None`) or
/// the value stored in `variable` by a scanf call or an uninitialised declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessInput {
    pub function: String,
    pub value: String,
    pub line: u32,
    /// 1-based column of the call's (or declaration's) first character.
    pub column: u32,
    pub variable: Option<String>,
}

/// The value as a C constant that compares equal with the variable whatever its
/// signedness: the signed reading of the bits (a negative constant converts to the same
/// unsigned value), except for one-bit `_Bool`s.
fn stored_value(bits: &str, width: u32) -> Option<String> {
    let b: u128 = bits.parse().ok()?;
    if width <= 1 || width > 64 {
        return Some(b.to_string());
    }
    let signed = if b >> (width - 1) & 1 == 1 {
        b as i128 - (1i128 << width)
    } else {
        b as i128
    };
    Some(signed.to_string())
}

/// The inputs of a counterexample that a witness can state, and whether some could not
/// be stated (no position, or no C lvalue to name).
pub fn witness_inputs(cex: &CexFile) -> (Vec<WitnessInput>, bool) {
    let mut out = Vec::new();
    let mut missing = false;
    for i in &cex.inputs {
        let (Some(line), Some(column)) = (i.line, i.column) else {
            missing = true;
            continue;
        };
        if i.function.starts_with("__VERIFIER_nondet_") {
            out.push(WitnessInput {
                function: i.function.clone(),
                value: i.value.clone(),
                line,
                column,
                variable: None,
            });
        } else if let (Some(v), Some(value)) = (&i.variable, stored_value(&i.bits, i.width)) {
            out.push(WitnessInput {
                function: i.function.clone(),
                value,
                line,
                column,
                variable: Some(v.clone()),
            });
        } else {
            missing = true;
        }
    }
    (out, missing)
}

/// The target of the violation: the position of the counterexample's last step that has
/// one (the call of the error function, or the overflowing operation).
pub fn target(cex: &CexFile) -> Option<(u32, u32)> {
    cex.steps
        .iter()
        .rev()
        .find_map(|s| Some((s.line?, s.column.unwrap_or(1))))
}

/// The position of the first step after the input read at (line, column) that is at
/// another position: the statement the run executes next.
fn next_statement(cex: &CexFile, line: u32, column: u32) -> Option<(u32, u32)> {
    let site = cex
        .steps
        .iter()
        .position(|s| s.line == Some(line) && s.column == Some(column))?;
    cex.steps[site..].iter().find_map(|s| {
        let here = (s.line?, s.column?);
        (here != (line, column)).then_some(here)
    })
}

/// The 1-based column of the `)` that closes the call starting at (line, column).
pub fn closing_paren(text: &str, line: u32, column: u32) -> Option<(u32, u32)> {
    // 1-based: a line or column 0 (a witness may say anything) names no place.
    let mut lines = text
        .lines()
        .enumerate()
        .skip((line as usize).checked_sub(1)?);
    let (mut l, first) = lines.next()?;
    let mut offset = (column as usize).checked_sub(1)?;
    let mut chars: Vec<char> = first.chars().skip(offset).collect();
    let mut depth = 0i32;
    let mut seen_open = false;
    loop {
        for (k, c) in chars.iter().enumerate() {
            match c {
                '(' => {
                    depth += 1;
                    seen_open = true;
                }
                ')' => {
                    depth -= 1;
                    if seen_open && depth == 0 {
                        return Some((l as u32 + 1, (offset + k + 1) as u32));
                    }
                }
                _ => {}
            }
        }
        let (nl, next) = lines.next()?;
        l = nl;
        chars = next.chars().collect();
        offset = 0;
    }
}

/// A GraphML key: id, attribute name, type, what it is for, default value.
pub(crate) type Key<'a> = (&'a str, &'a str, &'a str, &'a str, Option<&'a str>);

/// The keys every witness has.
const COMMON_KEYS: [Key<'static>; 9] = [
    ("witness-type", "witness-type", "string", "graph", None),
    (
        "sourcecodelang",
        "sourcecodeLanguage",
        "string",
        "graph",
        None,
    ),
    ("producer", "producer", "string", "graph", None),
    ("specification", "specification", "string", "graph", None),
    ("programfile", "programFile", "string", "graph", None),
    ("programhash", "programHash", "string", "graph", None),
    ("architecture", "architecture", "string", "graph", None),
    ("creationtime", "creationTime", "string", "graph", None),
    ("entry", "isEntryNode", "boolean", "node", Some("false")),
];

/// A GraphML 1.0 witness up to its nodes: the key declarations (the common ones and
/// `extra`), the opened graph and its data about the task.
pub(crate) fn graphml_head(witness_type: &str, task: &TaskInfo, extra: &[Key]) -> String {
    let mut g = String::new();
    g.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    g.push_str("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
    for (id, name, ty, on, default) in COMMON_KEYS.iter().chain(extra) {
        let _ = match default {
            Some(d) => writeln!(
                g,
                " <key attr.name=\"{name}\" attr.type=\"{ty}\" for=\"{on}\" id=\"{id}\">\n  <default>{d}</default>\n </key>"
            ),
            None => writeln!(
                g,
                " <key attr.name=\"{name}\" attr.type=\"{ty}\" for=\"{on}\" id=\"{id}\"/>"
            ),
        };
    }
    g.push_str(" <graph edgedefault=\"directed\">\n");
    let arch = if task.data_model == "LP64" {
        "64bit"
    } else {
        "32bit"
    };
    for (key, v) in [
        ("witness-type", witness_type),
        ("sourcecodelang", "C"),
        ("producer", task.producer),
        ("specification", &specification(task.property)),
        ("programfile", task.file_name),
        ("programhash", &sha256_hex(task.text)),
        ("architecture", arch),
        ("creationtime", task.creation_time),
    ] {
        let _ = writeln!(g, "  <data key=\"{key}\">{}</data>", escape(v));
    }
    g
}

/// The GraphML 1.0 violation witness.
pub fn graphml(cex: &CexFile, task: &TaskInfo) -> String {
    let (inputs, _) = witness_inputs(cex);
    let mut g = graphml_head(
        "violation_witness",
        task,
        &[
            (
                "violation",
                "isViolationNode",
                "boolean",
                "node",
                Some("false"),
            ),
            ("startline", "startline", "int", "edge", None),
            ("assumption", "assumption", "string", "edge", None),
            (
                "assumption.scope",
                "assumption.scope",
                "string",
                "edge",
                None,
            ),
            (
                "assumption.resultfunction",
                "assumption.resultfunction",
                "string",
                "edge",
                None,
            ),
        ],
    );
    g.push_str("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    for (k, i) in inputs.iter().enumerate() {
        let _ = writeln!(g, "  <node id=\"N{}\"/>", k + 1);
        // A nondet call's value is its result; a value read by scanf or found in an
        // uninitialised variable is an assumption about the variable after the edge's
        // statement (GraphML 1.0 assumptions hold after the statement).
        let assumption = match &i.variable {
            None => format!(
                "   <data key=\"assumption\">\\result == {};</data>\n   <data key=\"assumption.resultfunction\">{}</data>\n",
                escape(&i.value),
                escape(&i.function)
            ),
            Some(v) => format!(
                "   <data key=\"assumption\">{} == {};</data>\n",
                escape(v),
                escape(&i.value)
            ),
        };
        let _ = write!(
            g,
            "  <edge source=\"N{k}\" target=\"N{}\">\n   <data key=\"startline\">{}</data>\n{assumption}  </edge>\n",
            k + 1,
            i.line,
        );
    }
    let last = inputs.len();
    let _ = writeln!(
        g,
        "  <node id=\"N{}\">\n   <data key=\"violation\">true</data>\n  </node>",
        last + 1
    );
    let _ = write!(g, "  <edge source=\"N{last}\" target=\"N{}\">", last + 1);
    if let Some((line, _)) = target(cex) {
        let _ = write!(g, "\n   <data key=\"startline\">{line}</data>\n  ");
    }
    g.push_str("</edge>\n </graph>\n</graphml>\n");
    g
}

/// YAML 2.0 entries (the subset Boulder writes and reads).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    pub entry_type: String,
    pub metadata: Metadata,
    pub content: Vec<Segment>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Metadata {
    pub format_version: String,
    pub uuid: String,
    pub creation_time: String,
    pub producer: Producer,
    pub task: Task,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Producer {
    pub name: String,
    pub version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Task {
    pub input_files: Vec<String>,
    pub input_file_hashes: std::collections::BTreeMap<String, String>,
    pub specification: String,
    pub data_model: String,
    pub language: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Segment {
    pub segment: Vec<WaypointItem>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct WaypointItem {
    pub waypoint: Waypoint,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Waypoint {
    #[serde(rename = "type")]
    pub kind: String,
    pub action: String,
    pub location: Location,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub constraint: Option<Constraint>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Location {
    pub file_name: String,
    pub line: u32,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub function: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Constraint {
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub format: Option<String>,
}

/// A UUID (version 4 layout) from the witness's content, so equal witnesses get equal ids.
pub(crate) fn uuid_of(text: &str) -> String {
    let h = sha256_hex(text);
    format!(
        "{}-{}-4{}-a{}-{}",
        &h[0..8],
        &h[8..12],
        &h[13..16],
        &h[17..20],
        &h[20..32]
    )
}

/// The metadata of a YAML 2.0 entry about `task`; its UUID is derived from the program
/// and `content`, so equal witnesses get equal ids.
pub(crate) fn metadata(task: &TaskInfo, version: &str, content: &str) -> Metadata {
    let hash = sha256_hex(task.text);
    Metadata {
        format_version: "2.0".into(),
        uuid: uuid_of(&format!("{hash}{content}")),
        creation_time: task.creation_time.into(),
        producer: Producer {
            name: "Boulder".into(),
            version: version.into(),
        },
        task: Task {
            input_files: vec![task.file_name.into()],
            input_file_hashes: [(task.file_name.to_string(), hash)].into_iter().collect(),
            specification: specification(task.property),
            data_model: task.data_model.into(),
            language: "C".into(),
        },
    }
}

/// The YAML 2.0 violation witness.
pub fn yaml(cex: &CexFile, task: &TaskInfo, version: &str) -> String {
    let (inputs, _) = witness_inputs(cex);
    let loc = |line: u32, column: u32| Location {
        file_name: task.file_name.to_string(),
        line,
        column: Some(column),
        function: None,
    };
    let mut content = Vec::new();
    for i in &inputs {
        let waypoint = match &i.variable {
            None => {
                let (line, column) =
                    closing_paren(task.text, i.line, i.column).unwrap_or((i.line, i.column));
                Waypoint {
                    kind: "function_return".into(),
                    action: "follow".into(),
                    location: loc(line, column),
                    constraint: Some(Constraint {
                        value: format!("\\result == {}", i.value),
                        format: Some("acsl_expression".into()),
                    }),
                }
            }
            // A value that scanf or an uninitialised declaration stores: an assumption
            // about the variable before the next statement the run executes (format 2.0
            // assumptions hold before the statement at their location).
            Some(v) => {
                let Some((line, column)) = next_statement(cex, i.line, i.column) else {
                    continue;
                };
                Waypoint {
                    kind: "assumption".into(),
                    action: "follow".into(),
                    location: loc(line, column),
                    constraint: Some(Constraint {
                        value: format!("{v} == {}", i.value),
                        format: Some("c_expression".into()),
                    }),
                }
            }
        };
        content.push(Segment {
            segment: vec![WaypointItem { waypoint }],
        });
    }
    let (line, column) = target(cex).unwrap_or((1, 1));
    content.push(Segment {
        segment: vec![WaypointItem {
            waypoint: Waypoint {
                kind: "target".into(),
                action: "follow".into(),
                location: loc(line, column),
                constraint: None,
            },
        }],
    });
    let entry = Entry {
        entry_type: "violation_sequence".into(),
        metadata: metadata(task, version, &format!("{content:?}")),
        content,
    };
    serde_yaml::to_string(&vec![entry]).expect("witness entries serialise")
}
