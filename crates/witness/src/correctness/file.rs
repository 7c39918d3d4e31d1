//! Correctness witnesses as files: YAML (2.0 with invariants only; 2.1 when function
//! contracts are stated) and GraphML 1.0, written and read back.

use super::{InvariantKind, SourceInvariant};
use crate::contract::SourceContract;
use crate::violation::{graphml_head, Location, Metadata, TaskInfo};
use quick_xml::escape::escape;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
struct InvariantEntry {
    entry_type: String,
    metadata: Metadata,
    content: Vec<Item>,
}

/// An element of an `invariant_set`: an invariant, or (format 2.1) a function contract,
/// which later writers wrap in `contract` and earlier ones in `invariant` (both are read).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
struct Item {
    #[serde(skip_serializing_if = "Option::is_none")]
    invariant: Option<Invariant>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contract: Option<Contract>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
struct Invariant {
    #[serde(rename = "type")]
    kind: String,
    location: Location,
    value: String,
    format: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
struct Contract {
    #[serde(rename = "type")]
    kind: String,
    location: Location,
    requires: String,
    ensures: String,
    format: String,
}

/// The YAML correctness witness: format 2.0 when it states invariants only, 2.1 when it
/// states function contracts too (`function_contract` entries at the function's
/// definition, `requires` and `ensures` in C extended by ACSL's `\result` and `\old`).
pub fn yaml(
    invariants: &[SourceInvariant],
    contracts: &[SourceContract],
    task: &TaskInfo,
    version: &str,
) -> String {
    let location = |line, column, function: Option<&String>| Location {
        file_name: task.file_name.to_string(),
        line,
        column: Some(column),
        function: function.cloned(),
    };
    let mut content: Vec<Item> = invariants
        .iter()
        .map(|i| Item {
            contract: None,
            invariant: Some(Invariant {
                kind: match i.kind {
                    InvariantKind::Loop => "loop_invariant",
                    InvariantKind::Location => "location_invariant",
                }
                .into(),
                location: location(i.line, i.column, i.function.as_ref()),
                value: i.value.clone(),
                format: "c_expression".into(),
            }),
        })
        .collect();
    content.extend(contracts.iter().map(|c| Item {
        invariant: None,
        contract: Some(Contract {
            kind: "function_contract".into(),
            location: location(c.line, c.column, Some(&c.function)),
            requires: c.requires.clone(),
            ensures: c.ensures.clone(),
            format: "ext_c_expression".into(),
        }),
    }));
    let mut metadata = crate::violation::metadata(task, version, &format!("{content:?}"));
    if !contracts.is_empty() {
        metadata.format_version = "2.1".into();
    }
    let entry = InvariantEntry {
        entry_type: "invariant_set".into(),
        metadata,
        content,
    };
    serde_yaml::to_string(&vec![entry]).expect("witness entries serialise")
}

/// The GraphML 1.0 correctness witness.
pub fn graphml(invariants: &[SourceInvariant], task: &TaskInfo) -> String {
    let mut g = graphml_head(
        "correctness_witness",
        task,
        &[
            ("invariant", "invariant", "string", "node", None),
            ("invariant.scope", "invariant.scope", "string", "node", None),
            ("startline", "startline", "int", "edge", None),
            (
                "enterLoopHead",
                "enterLoopHead",
                "boolean",
                "edge",
                Some("false"),
            ),
        ],
    );
    g.push_str("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    // A GraphML invariant holds after the statement of the edge into its node, not before
    // one: location invariants are left out (the witness is weaker, never wrong).
    let loops = invariants.iter().filter(|i| i.kind == InvariantKind::Loop);
    for (k, i) in loops.enumerate() {
        let n = k + 1;
        let _ = writeln!(
            g,
            "  <node id=\"N{n}\">\n   <data key=\"invariant\">{}</data>",
            escape(&i.value)
        );
        if let Some(f) = &i.function {
            let _ = writeln!(g, "   <data key=\"invariant.scope\">{}</data>", escape(f));
        }
        g.push_str("  </node>\n");
        let _ = writeln!(
            g,
            "  <edge source=\"N0\" target=\"N{n}\">\n   <data key=\"startline\">{}</data>\n   <data key=\"enterLoopHead\">true</data>\n  </edge>",
            i.line
        );
        let _ = writeln!(g, "  <edge source=\"N{n}\" target=\"N0\"/>");
    }
    g.push_str(" </graph>\n</graphml>\n");
    g
}

/// What a correctness witness claims.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CorrectnessClaim {
    pub invariants: Vec<SourceInvariant>,
    pub contracts: Vec<SourceContract>,
    /// The SHA-256 of the program it is about, if it says.
    pub program_hash: Option<String>,
}

/// The claims of a correctness witness: YAML `loop_invariant`, `location_invariant` and
/// `function_contract` entries, GraphML 1.0 invariants at nodes entered by an
/// `enterLoopHead` edge (the others are ignored: the witness is then weaker, never wrong).
pub fn read(text: &str) -> Result<CorrectnessClaim, String> {
    if text.trim_start().starts_with('<') {
        return read_graphml(text);
    }
    let entries: Vec<serde_yaml::Value> =
        serde_yaml::from_str(text).map_err(|e| format!("not a YAML witness: {e}"))?;
    let mut claim = CorrectnessClaim::default();
    for e in entries {
        if e["entry_type"].as_str() != Some("invariant_set") {
            continue;
        }
        if let Some(h) = e["metadata"]["task"]["input_file_hashes"]
            .as_mapping()
            .and_then(|m| m.values().next())
            .and_then(|v| v.as_str())
        {
            claim.program_hash = Some(h.to_string());
        }
        let Some(content) = e["content"].as_sequence() else {
            return Err("an invariant_set without content".into());
        };
        for item in content {
            read_item(item, &mut claim)?;
        }
    }
    Ok(claim)
}

/// One element of an `invariant_set`, added to `claim`.
fn read_item(item: &serde_yaml::Value, claim: &mut CorrectnessClaim) -> Result<(), String> {
    let inv = match item.get("contract") {
        Some(c) => c,
        None => &item["invariant"],
    };
    let kind = match inv["type"].as_str().unwrap_or("?") {
        "loop_invariant" => InvariantKind::Loop,
        "location_invariant" => InvariantKind::Location,
        "function_contract" => {
            claim.contracts.push(read_contract(inv)?);
            return Ok(());
        }
        other => {
            return Err(format!(
                "{other} entries are not supported (loop_invariant, location_invariant and \
                 function_contract are)"
            ))
        }
    };
    if inv["format"].as_str() != Some("c_expression") {
        return Err("only c_expression invariants are supported".into());
    }
    let loc = &inv["location"];
    let line = loc["line"].as_u64().ok_or("an invariant without a line")? as u32;
    claim.invariants.push(SourceInvariant {
        kind,
        line,
        column: loc["column"].as_u64().unwrap_or(0) as u32,
        function: loc["function"].as_str().map(str::to_string),
        value: inv["value"]
            .as_str()
            .ok_or("an invariant without a value")?
            .to_string(),
    });
    Ok(())
}

/// A `function_contract`: an absent clause is `1` (it claims nothing). Its clauses are C
/// expressions with `\result` and `\old` (`ext_c_expression`); ACSL's own
/// (`acsl_expression`) compute in mathematical integers, which C's arithmetic does not:
/// not read.
fn read_contract(c: &serde_yaml::Value) -> Result<SourceContract, String> {
    let format = c["format"].as_str().unwrap_or("?");
    if !matches!(format, "c_expression" | "ext_c_expression") {
        return Err(format!(
            "function contracts in {format} are not supported (c_expression and \
             ext_c_expression are)"
        ));
    }
    let loc = &c["location"];
    let clause = |key: &str| match &c[key] {
        serde_yaml::Value::Null => Ok("1".to_string()),
        v => v
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("a function contract's {key} is no string")),
    };
    Ok(SourceContract {
        function: loc["function"]
            .as_str()
            .ok_or("a function contract without its function")?
            .to_string(),
        line: loc["line"]
            .as_u64()
            .ok_or("a function contract without a line")? as u32,
        column: loc["column"].as_u64().unwrap_or(0) as u32,
        requires: clause("requires")?,
        ensures: clause("ensures")?,
    })
}

fn read_graphml(text: &str) -> Result<CorrectnessClaim, String> {
    let graph = crate::graphml::read(text)?;
    let node_data = &graph.nodes;
    let mut out = Vec::new();
    for crate::graphml::Edge {
        target, data: d, ..
    } in &graph.edges
    {
        let Some(inv) = node_data.get(target).and_then(|n| n.get("invariant")) else {
            continue;
        };
        if d.get("enterLoopHead").map(|s| s.trim()) != Some("true") {
            continue;
        }
        let Some(line) = d.get("startline").and_then(|s| s.trim().parse().ok()) else {
            continue;
        };
        out.push(SourceInvariant {
            kind: InvariantKind::Loop,
            line,
            column: 0,
            function: node_data[target].get("invariant.scope").cloned(),
            value: inv.trim().trim_end_matches(';').to_string(),
        });
    }
    Ok(CorrectnessClaim {
        invariants: out,
        contracts: Vec::new(),
        program_hash: graph.data.get("programhash").map(|h| h.trim().to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::correctness::{InvariantKind, SourceInvariant};
    use crate::violation::sha256_hex;

    fn task<'a>(text: &'a str) -> TaskInfo<'a> {
        TaskInfo {
            file_name: "p.c",
            text,
            property: "unreach-call",
            data_model: "ILP32",
            producer: "Boulder test",
            creation_time: "2026-01-01T00:00:00Z",
        }
    }

    #[test]
    fn both_formats_read_back_what_they_wrote() {
        let invs = vec![
            SourceInvariant {
                kind: InvariantKind::Loop,
                line: 4,
                column: 3,
                function: Some("main".into()),
                value: "((unsigned int)i <= (unsigned int)n) && x < 3".into(),
            },
            SourceInvariant {
                kind: InvariantKind::Location,
                line: 9,
                column: 5,
                function: None,
                value: "1".into(),
            },
        ];
        let program = "int main() {}\n";
        let y = read(&yaml(&invs, &[], &task(program), "0")).unwrap();
        assert_eq!(y.invariants, invs);
        assert_eq!(
            y.program_hash.as_deref(),
            Some(sha256_hex(program).as_str())
        );
        let g = read(&graphml(&invs, &task(program))).unwrap();
        let values: Vec<(u32, &str)> = g
            .invariants
            .iter()
            .map(|i| (i.line, i.value.as_str()))
            .collect();
        // GraphML says loop invariants only.
        assert_eq!(values, [(4, invs[0].value.as_str())]);
        assert_eq!(
            crate::kind::classify(&graphml(&invs, &task(program))),
            Ok(crate::kind::WitnessKind::Correctness)
        );
    }

    #[test]
    fn contracts_make_a_2_1_witness_and_read_back_in_either_wrapper() {
        let contracts = vec![SourceContract {
            function: "f91".into(),
            line: 5,
            column: 1,
            requires: "1".into(),
            ensures: "(n > 100 && \\result == n - 10) || \\result == 91".into(),
        }];
        let text = yaml(&[], &contracts, &task("int main() {}\n"), "0");
        assert!(text.contains("format_version: '2.1'"), "{text}");
        assert!(text.contains("- contract:"), "{text}");
        let claim = read(&text).unwrap();
        assert_eq!(claim.contracts, contracts);
        assert!(claim.invariants.is_empty());
        // Earlier writers wrap a contract in `invariant`; an absent clause claims nothing.
        let legacy = text
            .replace("- contract:", "- invariant:")
            .replace("requires: '1'", "")
            .replace("requires: \"1\"", "");
        let claim = read(&legacy).unwrap();
        assert_eq!(claim.contracts, contracts);
        // Without contracts the witness stays in format 2.0.
        assert!(yaml(&[], &[], &task("int main() {}\n"), "0").contains("format_version: '2.0'"));
    }
}
