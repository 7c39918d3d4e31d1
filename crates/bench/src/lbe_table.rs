//! `boulder lbe-table`: CFA sizes without LBE, with LBE+ and with LBE, as Mertens'
//! Table 5.1, for the programs of manifests and benchmark families.

use crate::args::LbeTableArgs;
use crate::families::FamilySpec;
use anyhow::{anyhow, Result};
use cfa::{reduce, LbeLevel, StmtStore};
use cfront::{DataModel, Property, Source};
use logic::TermStore;
use std::rc::Rc;

pub fn run(args: &LbeTableArgs) -> Result<()> {
    let mut programs: Vec<(String, Source, DataModel)> = Vec::new();
    for input in &args.inputs {
        if input.starts_with("family:") {
            let spec = FamilySpec::parse(input).map_err(|e| anyhow!(e))?;
            for (name, text, _) in spec.programs() {
                programs.push((
                    name.clone(),
                    Source::from_text(&format!("{name}.c"), &text),
                    DataModel::Ilp32,
                ));
            }
        } else {
            let mut seen = std::collections::BTreeSet::new();
            for t in crate::manifest::read(std::path::Path::new(input))? {
                if seen.insert(t.name.clone()) {
                    let s = Source::load(&t.file, t.model).map_err(|e| anyhow!(e))?;
                    programs.push((t.name.clone(), s, t.model));
                }
            }
        }
    }
    println!(
        "{:<60} {:>14} {:>14} {:>14} {:>10}",
        "program", "CFA", "CFA_LBE+", "CFA_LBE", "LBE ms"
    );
    println!(
        "{:<60} {:>14} {:>14} {:>14} {:>10}",
        "", "locs/edges", "locs/edges", "locs/edges", ""
    );
    for (name, source, model) in programs {
        match row(&source, model) {
            Ok(r) => println!(
                "{:<60} {:>14} {:>14} {:>14} {:>10.3}",
                short(&name),
                r.sbe,
                r.plus,
                r.lbe,
                r.lbe_ms
            ),
            Err(e) => println!("{:<60} {e}", short(&name)),
        }
    }
    Ok(())
}

/// One program's sizes: locations/edges of the single-block CFA, after LBE+ and after LBE,
/// and the time of the reduction to LBE.
pub struct SizeRow {
    pub sbe: String,
    pub plus: String,
    pub lbe: String,
    pub lbe_ms: f64,
}

fn row(source: &Source, model: DataModel) -> Result<SizeRow> {
    let t = cfront::translate(
        source,
        Property::UnreachCall,
        model,
        Rc::new(TermStore::new()),
        Rc::new(StmtStore::new()),
    )
    .map_err(|e| anyhow!("{e}"))?;
    let (plus, _) = reduce(&t.cfa, LbeLevel::Advanced);
    let (lbe, stats) = reduce(&t.cfa, LbeLevel::Full);
    let cell = |c: &cfa::Cfa| format!("{}/{}", c.num_locations(), c.num_edges());
    Ok(SizeRow {
        sbe: cell(&t.cfa),
        plus: cell(&plus),
        lbe: cell(&lbe),
        lbe_ms: stats.time.as_secs_f64() * 1000.0,
    })
}

/// The sizes of a generated program (C text, ILP32).
pub fn sizes_of(name: &str, text: &str) -> Result<SizeRow> {
    row(
        &Source::from_text(&format!("{name}.c"), text),
        DataModel::Ilp32,
    )
}

fn short(name: &str) -> String {
    let base = name.rsplit('/').next().unwrap_or(name);
    if base.len() > 60 {
        format!("{}…", &base[..59])
    } else {
        base.to_string()
    }
}
