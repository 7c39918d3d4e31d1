//! Reading programs.

use anyhow::{bail, Context, Result};
use cfa::{Cfa, StmtStore};
use logic::TermStore;
use std::path::Path;
use std::rc::Rc;

/// A loaded program: its CFA and the stores it lives in.
pub struct Program {
    pub cfa: Cfa,
    pub terms: Rc<TermStore>,
}

/// Reads a `.cfa` file; errors carry `file:line:col`.
pub fn load(path: &Path) -> Result<Program> {
    let text = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let Ok(text) = String::from_utf8(text) else {
        bail!("{}: not a text file", path.display());
    };
    match path.extension().and_then(|e| e.to_str()) {
        Some("cfa") => {
            let terms = Rc::new(TermStore::new());
            let cfa =
                cfa::parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).map_err(|e| {
                    anyhow::anyhow!("{}:{}:{}: {}", path.display(), e.line, e.col, e.message)
                })?;
            Ok(Program { cfa, terms })
        }
        _ => bail!(
            "{}: unknown kind of input (expected a .cfa file)",
            path.display()
        ),
    }
}
