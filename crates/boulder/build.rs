//! Tells the tests whether a local Slurm can be started here (`cfg(slurm_installed)`): the
//! daemons and the client installed (./setup.sh installs them on Debian), and root, which
//! `slurmd` needs to run jobs. Without it the Slurm tests are ignored with that reason —
//! reported as ignored, never as passed.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(slurm_installed)");
    // A directory: Cargo reruns this when anything in it changes (a package installed).
    println!("cargo::rerun-if-changed=/usr/sbin");
    let installed = [
        "/usr/sbin/slurmctld",
        "/usr/sbin/slurmd",
        "/usr/sbin/munged",
    ]
    .iter()
    .all(|p| Path::new(p).exists())
        && ["/usr/bin/sbatch", "/usr/bin/squeue", "/usr/bin/scontrol"]
            .iter()
            .all(|p| Path::new(p).exists());
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if installed && root {
        println!("cargo::rustc-cfg=slurm_installed");
    }
}
