//! Block operators (docs/design.md §6; Böhm §3, "adjustable-block encoding"): where the analysis
//! computes abstractions.
//!
//! The engine always abstracts at every location of the CFA it runs on, so a block
//! operator is a choice of that CFA, made from the single-block CFA:
//! * `lbe`: the large-block CFA (FMCAD'09; the LBE level is the caller's, full by
//!   default);
//! * `sbe`: the single-block CFA itself, one abstraction per edge;
//! * `l`: only loop heads (and init and the error locations) stay, every other location is
//!   summarised away, so each block is the path formula of all paths between two loop
//!   heads;
//! * `lf`: as `l`, and function entries and exits stay too.
//!
//! The summarised CFAs keep location ids, so ART locations are single-block locations and
//! the certificate maps back directly.

use cfa::{Cfa, LbeLevel, LbeStats};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BlockOperator {
    Lbe(LbeLevel),
    Sbe,
    LoopHeads,
    LoopHeadsAndFunctions,
}

impl BlockOperator {
    pub fn name(self) -> &'static str {
        match self {
            BlockOperator::Lbe(_) => "lbe",
            BlockOperator::Sbe => "sbe",
            BlockOperator::LoopHeads => "l",
            BlockOperator::LoopHeadsAndFunctions => "lf",
        }
    }

    /// The CFA whose every location is an abstraction point.
    pub fn apply(self, sbe: &Cfa) -> (Cfa, LbeStats) {
        match self {
            BlockOperator::Lbe(level) => cfa::reduce(sbe, level),
            BlockOperator::Sbe => cfa::reduce(sbe, LbeLevel::None),
            BlockOperator::LoopHeads => cfa::summarize(sbe, &|l| sbe.location(l).loop_head),
            BlockOperator::LoopHeadsAndFunctions => cfa::summarize(sbe, &|l| {
                let loc = sbe.location(l);
                loc.loop_head || loc.function_entry || loc.function_exit
            }),
        }
    }
}
