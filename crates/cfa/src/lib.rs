//! `cfa` owns the control-flow automaton — locations, edges labelled with guarded
//! commands (`assume`, `:=`, `havoc`, `skip`, `seq`, `choice`) over `logic` terms — and
//! everything that reads or rewrites it without a solver: the textual format, DOT export,
//! large-block encoding, path formulas (SSA), weakest preconditions and strongest
//! postconditions, and concrete execution.
//!
//! It must not know C (that is `cfront`) nor any solver (engines bring their own): `cfa`
//! builds formulas, it never decides them.

#![forbid(unsafe_code)]

pub mod accelerate;
pub mod dot;
pub mod encode;
pub mod exec;
pub mod factor;
pub mod graph;
pub mod inline;
pub mod lbe;
pub mod program;
pub mod random;
pub mod special;
pub mod stmt;
pub mod strengthen;
pub mod symbolic;
pub mod text;
pub mod wp;

pub use accelerate::{accelerate, Acceleration};
pub use dot::program_to_dot;
pub use encode::{extract_trace, merge_maps, BlockTrace, Encoder, Rec, SsaMap, TraceStep};
pub use graph::{CName, Cfa, Edge, EdgeId, Location, LocationId, LocationKind, VarDecl, VarKind};
pub use inline::{inline, InlineError, InlineOptions, Inlined};
pub use lbe::{reduce, summarize, LbeLevel, LbeStats};
pub use program::{FnId, Function, Program};
pub use special::{Special, SpecialKind};
pub use stmt::{Call, Origin, Stmt, StmtId, StmtStore};
pub use strengthen::assume_invariants;
pub use text::{parse_cfa, parse_program, print_cfa, print_program, print_stmt};
