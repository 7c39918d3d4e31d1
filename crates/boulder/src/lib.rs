//! Library part of the `boulder` crate: what benchmarks and tests share with the binary
//! (benchmark families, manifests).

pub mod families;
pub mod manifest;
