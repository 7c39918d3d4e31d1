//! Benchmark manifests: `task,property,expected,data_model,category,source`, paths relative
//! to the manifest.

use anyhow::{anyhow, bail, Context, Result};
use cfront::{DataModel, Property};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub file: PathBuf,
    /// The path as the manifest writes it.
    pub name: String,
    pub property: Property,
    /// `None`: the verdict is not known.
    pub expected: Option<bool>,
    pub model: DataModel,
    pub category: String,
}

pub fn read(path: &Path) -> Result<Vec<Task>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut lines = text.lines().enumerate();
    let Some((_, header)) = lines.next() else {
        bail!("{}: empty manifest", path.display());
    };
    let cols: Vec<&str> = header.split(',').map(str::trim).collect();
    let col = |name: &str| {
        cols.iter()
            .position(|c| *c == name)
            .ok_or_else(|| anyhow!("{}:1: no `{name}` column", path.display()))
    };
    let (ct, cp, ce, cm, cc) = (
        col("task")?,
        col("property")?,
        col("expected")?,
        col("data_model")?,
        col("category")?,
    );
    let mut tasks = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        let get = |c: usize| {
            f.get(c)
                .copied()
                .ok_or_else(|| anyhow!("{}:{}: too few columns", path.display(), i + 1))
        };
        let property = Property::from_name(get(cp)?).ok_or_else(|| {
            anyhow!(
                "{}:{}: unknown property `{}`",
                path.display(),
                i + 1,
                get(cp).unwrap_or("")
            )
        })?;
        let expected = match get(ce)? {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let model = match get(cm)? {
            "LP64" => DataModel::Lp64,
            _ => DataModel::Ilp32,
        };
        tasks.push(Task {
            file: dir.join(get(ct)?),
            name: get(ct)?.to_string(),
            property,
            expected,
            model,
            category: get(cc)?.to_string(),
        });
    }
    Ok(tasks)
}
