//! `boulder gen`.

use crate::cli::GenArgs;
use anyhow::{bail, Result};
use boulder::families::{generate, FAMILIES};

pub fn run(args: &GenArgs) -> Result<()> {
    if args.n == 0 {
        bail!("the size must be at least 1");
    }
    match generate(&args.family, args.n, args.unsafe_variant) {
        Some(text) => crate::report::write_stdout(&text),
        None => bail!(
            "unknown family `{}` (known: {})",
            args.family,
            FAMILIES.join(", ")
        ),
    }
}
