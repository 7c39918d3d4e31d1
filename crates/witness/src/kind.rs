//! What a file given as a witness is, before it is read: a violation or a correctness
//! witness, in GraphML 1.0 or YAML 2.0 — or not a witness at all — and the specification
//! it states.

/// The two kinds of SV-COMP witness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessKind {
    Violation,
    Correctness,
}

/// Classifies a witness file. GraphML 1.0: a `<graphml>` document whose `witness-type` is
/// `violation_witness` or `correctness_witness`; YAML 2.0: a list of entries whose
/// `entry_type` is `violation_sequence` or `invariant_set` (1.x's `loop_invariant` and
/// `location_invariant` entries are correctness witnesses too). `Err` says why the file is
/// not a witness.
pub fn classify(text: &str) -> Result<WitnessKind, String> {
    if text.trim_start().starts_with('<') {
        if !text.contains("<graphml") {
            return Err("an XML document that is not GraphML".into());
        }
        return match data(text, "witness-type").as_deref().map(str::trim) {
            Some("correctness_witness") => Ok(WitnessKind::Correctness),
            Some("violation_witness") => Ok(WitnessKind::Violation),
            Some(other) => Err(format!("a GraphML document of witness-type `{other}`")),
            None => Err("a GraphML document without a witness-type".into()),
        };
    }
    let doc: serde_yaml::Value =
        serde_yaml::from_str(text).map_err(|_| "neither GraphML nor YAML".to_string())?;
    let entries = match &doc {
        serde_yaml::Value::Sequence(entries) => entries,
        serde_yaml::Value::Mapping(_) => {
            return Err("a YAML document that is not a list of witness entries".into())
        }
        _ => return Err("neither GraphML nor YAML (plain text)".into()),
    };
    let types: Vec<&str> = entries
        .iter()
        .filter_map(|e| e.get("entry_type")?.as_str())
        .collect();
    // Every entry counts: a witness of one kind only.
    let violation = types.contains(&"violation_sequence");
    let correctness = types.iter().any(|t| {
        matches!(
            *t,
            "invariant_set" | "loop_invariant" | "location_invariant"
        )
    });
    match (violation, correctness, types.first()) {
        (true, false, _) => Ok(WitnessKind::Violation),
        (false, true, _) => Ok(WitnessKind::Correctness),
        (true, true, _) => Err("a YAML list with violation and correctness entries".into()),
        (false, false, Some(other)) => Err(format!("a YAML list of `{other}` entries")),
        (false, false, None) => Err("a YAML list without an `entry_type`".into()),
    }
}

/// The specification a witness states, as written (GraphML's `specification` data,
/// YAML's `metadata.task.specification`): an SV-COMP property such as
/// `CHECK( init(main()), LTL(G ! overflow) )`.
pub fn specification(text: &str) -> Option<String> {
    if text.trim_start().starts_with('<') {
        return data(text, "specification");
    }
    let doc: serde_yaml::Value = serde_yaml::from_str(text).ok()?;
    doc.as_sequence()?
        .iter()
        .find_map(|e| {
            e.get("metadata")?
                .get("task")?
                .get("specification")?
                .as_str()
        })
        .map(str::to_string)
}

/// The text of GraphML's first `<data key="KEY">…</data>`, unescaped.
fn data(text: &str, key: &str) -> Option<String> {
    let open = format!("<data key=\"{key}\">");
    let start = text.find(&open)? + open.len();
    let end = text[start..].find("</data>")? + start;
    Some(unescape_xml(&text[start..end]))
}

fn unescape_xml(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn witnesses_are_told_from_other_files() {
        let yaml_violation = "- entry_type: violation_sequence\n  metadata:\n    task:\n      \
                              specification: CHECK( init(main()), LTL(G ! overflow) )\n";
        assert_eq!(classify(yaml_violation), Ok(WitnessKind::Violation));
        assert_eq!(
            specification(yaml_violation).as_deref(),
            Some("CHECK( init(main()), LTL(G ! overflow) )")
        );
        assert_eq!(
            classify("- entry_type: invariant_set\n"),
            Ok(WitnessKind::Correctness)
        );
        let graphml = "<?xml version=\"1.0\"?><graphml><graph><data key=\"witness-type\">\
                       violation_witness</data><data key=\"specification\">CHECK( init(main()), \
                       LTL(G ! call(reach_error())) )</data></graph></graphml>";
        assert_eq!(classify(graphml), Ok(WitnessKind::Violation));
        assert!(specification(graphml).unwrap().contains("reach_error"));
        assert!(classify("int main(void) { return 0; }").is_err());
        assert!(classify("<html></html>").is_err());
        assert!(classify("- a\n- b\n").is_err());
        assert!(classify("name: not a list\n").is_err());
    }
}
