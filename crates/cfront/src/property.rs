//! Properties, SV-COMP property files (`.prp`) and task definitions (`.yml`).

use crate::source::DataModel;
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// No call of `reach_error()` / `__VERIFIER_error()` is reachable.
    UnreachCall,
    /// No signed integer overflow.
    NoOverflow,
    /// No assertion fails: neither `assert(e)` of `<assert.h>` (under `unreach-call` a
    /// failing one only aborts, SV-COMP's reading of C11 7.2.1.1) nor
    /// `__VERIFIER_assert`, and no call of `reach_error()` is reachable — what a user of
    /// CBMC or ESBMC means by "my asserts hold". Not an SV-COMP property: Boulder's own.
    Assert,
}

impl Property {
    /// The name SV-COMP uses, as in `FALSE(unreach-call)`.
    pub fn name(self) -> &'static str {
        match self {
            Property::UnreachCall => "unreach-call",
            Property::NoOverflow => "no-overflow",
            Property::Assert => "assert",
        }
    }

    pub fn from_name(s: &str) -> Option<Property> {
        match s {
            "unreach-call" => Some(Property::UnreachCall),
            "no-overflow" => Some(Property::NoOverflow),
            "assert" => Some(Property::Assert),
            _ => None,
        }
    }
}

/// Reads the property of an SV-COMP property file:
/// `CHECK( init(main()), LTL(G ! call(reach_error())) )` or `… LTL(G ! overflow) )`.
pub fn read_prp(text: &str) -> Result<Property, String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !compact.contains("CHECK(init(main()),LTL(") {
        return Err("not an SV-COMP property file (expected CHECK( init(main()), LTL(…) ))".into());
    }
    if compact.contains("G!call(reach_error())") || compact.contains("G!call(__VERIFIER_error())") {
        Ok(Property::UnreachCall)
    } else if compact.contains("G!overflow") {
        Ok(Property::NoOverflow)
    } else if compact.contains("LTL(Gassert)") {
        // Boulder's own (`Property::Assert`), as its witnesses state it.
        Ok(Property::Assert)
    } else {
        Err(format!(
            "unsupported property: {} (Boulder checks unreach-call and no-overflow)",
            text.trim()
        ))
    }
}

/// A verification task (SV-COMP task definition format 2.0).
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub input_files: Vec<PathBuf>,
    /// Properties the task states, with the expected verdict where given.
    pub properties: Vec<(Property, Option<bool>)>,
    pub data_model: Option<DataModel>,
}

#[derive(Deserialize)]
struct RawTask {
    input_files: OneOrMany,
    #[serde(default)]
    properties: Vec<RawProperty>,
    #[serde(default)]
    options: Option<RawOptions>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct RawProperty {
    property_file: String,
    #[serde(default)]
    expected_verdict: Option<bool>,
}

#[derive(Deserialize)]
struct RawOptions {
    #[serde(default)]
    data_model: Option<String>,
}

/// Reads a task definition; paths are made relative to the file's folder. Properties other
/// than `unreach-call` and `no-overflow` are skipped.
pub fn read_task(path: &Path) -> Result<Task, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_task(&text, path, &|f| std::fs::read_to_string(f).ok())
}

/// A task definition's text (as read from `path`); `read` gives the text of the property
/// files it names (`None`: the property is known by its file name alone).
pub fn parse_task(
    text: &str,
    path: &Path,
    read: &dyn Fn(&Path) -> Option<String>,
) -> Result<Task, String> {
    let raw: RawTask = serde_yaml::from_str(text).map_err(|e| {
        let at = e
            .location()
            .map(|l| format!("{}:{}: ", l.line(), l.column()))
            .unwrap_or_default();
        format!("{}:{at}not a task definition: {e}", path.display())
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let input_files = match raw.input_files {
        OneOrMany::One(f) => vec![dir.join(f)],
        OneOrMany::Many(fs) => fs.into_iter().map(|f| dir.join(f)).collect(),
    };
    let mut properties = Vec::new();
    for p in raw.properties {
        let file = dir.join(&p.property_file);
        let prop = match read(&file) {
            Some(text) => read_prp(&text).ok(),
            // Property files often live outside the task folder; their names are standard.
            None => {
                let stem = Path::new(&p.property_file)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                Property::from_name(&stem)
            }
        };
        if let Some(prop) = prop {
            properties.push((prop, p.expected_verdict));
        }
    }
    let data_model = match raw.options.and_then(|o| o.data_model).as_deref() {
        None => None,
        Some("ILP32") => Some(DataModel::Ilp32),
        Some("LP64") => Some(DataModel::Lp64),
        Some(other) => return Err(format!("{}: unknown data model {other}", path.display())),
    };
    Ok(Task {
        input_files,
        properties,
        data_model,
    })
}
