//! Writing the witness of a verdict (`verify --witness`): the violation witness of a FALSE,
//! the correctness witness of a TRUE with a checked invariant; in the format the user chose
//! or the file name suggests.

use crate::config::{Config, WitnessFormat};
use anyhow::{anyhow, Context, Result};
use serde::{Deserialize, Serialize};
use witness::contract::SourceContract;
use witness::correctness::SourceInvariant;
use witness::violation::{graphml, yaml, TaskInfo};
use witness::CexFile;

/// What a correctness witness says: the program it is about, its invariants and its
/// function contracts.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CorrectnessWitness {
    pub program: String,
    pub property: String,
    pub data_model: String,
    pub invariants: Vec<SourceInvariant>,
    #[serde(default)]
    pub contracts: Vec<SourceContract>,
}

fn format_of(args: &Config, out: &std::path::Path) -> WitnessFormat {
    args.witness_format
        .unwrap_or_else(|| match out.extension().and_then(|e| e.to_str()) {
            Some("yml" | "yaml") => WitnessFormat::Yaml,
            _ => WitnessFormat::Graphml,
        })
}

/// Writes the correctness witness of a TRUE to every `--witness` file.
pub fn write_correctness(args: &Config, w: &CorrectnessWitness) -> Result<()> {
    if args.witness.is_empty() {
        return Ok(());
    }
    let text = std::fs::read_to_string(&w.program)
        .with_context(|| format!("cannot read {}", w.program))?;
    let version = env!("CARGO_PKG_VERSION");
    let producer = format!("Boulder {version}");
    let time = rfc3339_now();
    let task = TaskInfo {
        file_name: &w.program,
        text: &text,
        property: &w.property,
        data_model: &w.data_model,
        producer: &producer,
        creation_time: &time,
    };
    for out in &args.witness {
        let body = match format_of(args, out) {
            WitnessFormat::Graphml => witness::correctness::graphml(&w.invariants, &task),
            WitnessFormat::Yaml => {
                witness::correctness::yaml(&w.invariants, &w.contracts, &task, version)
            }
        };
        std::fs::write(out, body).with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}

pub fn write(args: &Config, cex: &CexFile) -> Result<()> {
    if args.witness.is_empty() {
        return Ok(());
    }
    let program = cex
        .program
        .as_deref()
        .ok_or_else(|| anyhow!("a witness needs a C program (this FALSE is about a CFA file)"))?;
    let text =
        std::fs::read_to_string(program).with_context(|| format!("cannot read {program}"))?;
    let version = env!("CARGO_PKG_VERSION");
    let producer = format!("Boulder {version}");
    let time = rfc3339_now();
    let task = TaskInfo {
        file_name: program,
        text: &text,
        property: &cex.property,
        data_model: &cex.data_model,
        producer: &producer,
        creation_time: &time,
    };
    for out in &args.witness {
        let body = match format_of(args, out) {
            WitnessFormat::Graphml => graphml(cex, &task),
            WitnessFormat::Yaml => yaml(cex, &task, version),
        };
        std::fs::write(out, body).with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}

/// The current time as RFC 3339 in UTC (the witness formats' `creationtime`).
pub fn rfc3339_now() -> String {
    let [y, m, d, hh, mm, ss] = utc_now();
    format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z")
}

/// The current UTC time as year, month, day, hour, minute, second.
pub fn utc_now() -> [i64; 6] {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    [y, m, d, rem / 3600, rem / 60 % 60, rem % 60]
}
