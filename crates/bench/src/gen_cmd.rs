//! `boulder gen`.

use crate::args::GenArgs;
use crate::families::{generate, FAMILIES};
use anyhow::{bail, Result};

pub fn run(args: &GenArgs) -> Result<()> {
    if args.n == 0 {
        bail!("the size must be at least 1");
    }
    match generate(&args.family, args.n, args.unsafe_variant) {
        Some(text) => driver::report::write_stdout(&text),
        None => bail!(
            "unknown family `{}` (known: {})",
            args.family,
            FAMILIES.join(", ")
        ),
    }
}
