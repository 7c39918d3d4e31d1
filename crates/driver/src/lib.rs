//! The verification driver: one `verify` run from a [`config::Config`] to its printed
//! verdict — loading the program (`cfront`, or the CFA text), running an engine on the CFA
//! it needs, confirming the verdict (every FALSE replayed with gcc, every TRUE certified),
//! the report and the witnesses — and the portfolio, whose race runs engines as child
//! processes. Also the commands about one program (`cfa`, `ts`, `replay`, `validate`).
//!
//! It owns the wiring of the pipeline crates, none of their logic: no engine, encoding or
//! C semantics lives here. It does not know the command line beyond the clap attributes of
//! its configuration structs (the `boulder` binary parses them), nor the evaluation harness
//! (`bench`), which runs `boulder` as a process.

pub mod cfa_cmd;
pub mod chc_cmd;
mod chc_engine;
pub mod config;
mod engines;
pub mod fork;
pub mod interrupt;
mod lemmas;
pub mod load;
pub mod portfolio;
pub mod race;
pub mod replay_cmd;
pub mod report;
mod split_auto;
mod symex_engine;
pub mod ts_cmd;
mod ts_engines;
pub mod unknown;
pub mod validate_cmd;
mod validate_contracts;
mod validate_correctness;
pub mod values;
pub mod verify;
pub mod witness_out;
