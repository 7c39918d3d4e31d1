//! A run on disk: the plan every executor works from, and one result file per task.
//!
//! The plan (`plan.json`) holds everything needed to run a task anywhere the run
//! directory is visible — on this machine's workers or in a Slurm array element on another
//! node: the tool, its options, the limits, what to check, and the tasks with absolute
//! paths. Each task's record is written to `results/INDEX.json` by a rename of a finished
//! temporary file, so a reader never sees half a record, and an executor that is restarted
//! (a requeued array element, `bench --resume`) skips every task that has one. The result
//! files are the truth about what is done; the queue of a scheduler is only a hint.

use crate::record::Record;
use anyhow::{anyhow, bail, Context, Result};
use cfront::{DataModel, Property};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A task to run.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct BenchTask {
    pub name: String,
    pub file: PathBuf,
    #[serde(with = "property_name")]
    pub property: Property,
    pub expected: Option<bool>,
    #[serde(with = "model_name")]
    pub model: DataModel,
    pub category: String,
    pub size: Option<usize>,
}

/// What a run runs, and how.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Plan {
    /// The executable run for each task.
    pub tool: PathBuf,
    /// Options passed to `verify` for every task.
    pub config: Vec<String>,
    /// Wall and CPU seconds per task.
    pub timelimit: f64,
    /// Address space per task (MB).
    pub memlimit_mb: u64,
    /// Replay FALSE, validate witnesses.
    pub validate: bool,
    /// The validator's seconds for one correctness witness.
    pub witness_timelimit: u32,
    pub tasks: Vec<BenchTask>,
}

impl Plan {
    /// The longest one task can take from start to recorded result: the verification with
    /// its grace seconds, then either a FALSE's replay and two violation-witness checks or a
    /// TRUE's correctness-witness check (the limits in `task.rs`). A scheduler's time limit
    /// for a group of tasks is built from this, so that Boulder's own limits act first.
    pub fn seconds_per_task(&self) -> f64 {
        let verify = self.timelimit + 3.0;
        if !self.validate {
            return verify;
        }
        let false_checks = crate::task::CHECK_LIMITS.time + 2.0 * 32.0;
        let true_checks = f64::from(self.witness_timelimit) + 12.0;
        verify + false_checks.max(true_checks)
    }

    /// The peak memory of a task's processes (MB): the larger of the task's limit and the
    /// checking processes' limit; they run one after another.
    pub fn memory_mb(&self) -> u64 {
        let checks = crate::task::CHECK_LIMITS.memory_mb.unwrap_or(0);
        if self.validate {
            self.memlimit_mb.max(checks)
        } else {
            self.memlimit_mb
        }
    }

    pub fn write(&self, dir: &Path) -> Result<()> {
        write_atomic(
            &dir.join("plan.json"),
            serde_json::to_string_pretty(self)?.as_bytes(),
        )
    }

    pub fn read(dir: &Path) -> Result<Plan> {
        let path = dir.join("plan.json");
        let text = std::fs::read_to_string(&path).with_context(|| {
            format!(
                "cannot read {} (is {} a run directory of `boulder bench`?)",
                path.display(),
                dir.display()
            )
        })?;
        serde_json::from_str(&text).map_err(|e| anyhow!("{}: {e}", path.display()))
    }
}

fn results_dir(dir: &Path) -> PathBuf {
    dir.join("results")
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename
/// (`tempfile`'s `persist`): readers on any node see the old file or the whole new one,
/// and two writers never share a temporary file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let parent = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let mut tmp = tempfile::NamedTempFile::new_in(parent)
        .with_context(|| format!("cannot write in {}", parent.display()))?;
    tmp.write_all(bytes)
        .with_context(|| format!("cannot write {}", tmp.path().display()))?;
    tmp.persist(path)
        .map_err(|e| anyhow!("cannot write {}: {}", path.display(), e.error))?;
    Ok(())
}

/// Records the result of task `index`.
pub fn write_result(dir: &Path, index: usize, record: &Record) -> Result<()> {
    let path = results_dir(dir).join(format!("{index}.json"));
    write_atomic(&path, serde_json::to_string(record)?.as_bytes())
}

/// The result of task `index`, if it has one. A file that does not parse is reported: it
/// can only come from something other than `write_result`.
pub fn read_result(dir: &Path, index: usize) -> Result<Option<Record>> {
    let path = results_dir(dir).join(format!("{index}.json"));
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| anyhow!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(anyhow!("cannot read {}: {e}", path.display())),
    }
}

/// The indices of the tasks that have a result, read from one listing of the directory.
pub fn done(dir: &Path) -> Result<std::collections::BTreeSet<usize>> {
    let mut out = std::collections::BTreeSet::new();
    let entries = match std::fs::read_dir(results_dir(dir)) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(anyhow!("cannot list {}: {e}", results_dir(dir).display())),
    };
    for entry in entries {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if let Some(i) = name.strip_suffix(".json").and_then(|s| s.parse().ok()) {
            out.insert(i);
        }
    }
    Ok(out)
}

/// Held while a `bench` runs, submits or waits for the tasks of a run: a second one on the
/// same run (two `--resume`s) would run the same tasks twice at once. An advisory `flock` on a file of
/// the run; released when the process ends, however it ends.
pub struct RunLock {
    _file: std::fs::File,
}

impl RunLock {
    pub fn take(run: &Path) -> Result<RunLock> {
        let path = run.join("run.lock");
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        // `flock` on Linux (std's file locks), exclusive, without waiting.
        match file.try_lock() {
            Ok(()) => Ok(RunLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => bail!(
                "another `boulder bench` is running the tasks of {} (lock {})",
                run.display(),
                path.display()
            ),
            Err(std::fs::TryLockError::Error(e)) => {
                Err(anyhow!("cannot lock {}: {e}", path.display()))
            }
        }
    }
}

mod property_name {
    use cfront::Property;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(p: &Property, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(p.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Property, D::Error> {
        let name = String::deserialize(d)?;
        Property::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown property `{name}`")))
    }
}

mod model_name {
    use cfront::DataModel;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(m: &DataModel, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(m.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DataModel, D::Error> {
        match String::deserialize(d)?.as_str() {
            "ILP32" => Ok(DataModel::Ilp32),
            "LP64" => Ok(DataModel::Lp64),
            other => Err(serde::de::Error::custom(format!(
                "unknown data model `{other}`"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        Plan {
            tool: "/usr/bin/boulder".into(),
            config: vec!["--engine".into(), "bmc".into()],
            timelimit: 60.0,
            memlimit_mb: 2048,
            validate: true,
            witness_timelimit: 300,
            tasks: vec![BenchTask {
                name: "a.c".into(),
                file: "/x/a.c".into(),
                property: Property::NoOverflow,
                expected: Some(false),
                model: DataModel::Lp64,
                category: "c".into(),
                size: None,
            }],
        }
    }

    #[test]
    fn a_plan_reads_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        plan().write(dir.path()).unwrap();
        assert_eq!(Plan::read(dir.path()).unwrap(), plan());
    }

    #[test]
    fn a_task_takes_its_verification_and_its_longest_check() {
        let mut p = plan();
        // A TRUE's correctness witness (300 s) outlasts a FALSE's replay and witnesses.
        assert_eq!(p.seconds_per_task(), 63.0 + 312.0);
        p.witness_timelimit = 10;
        assert_eq!(p.seconds_per_task(), 63.0 + 60.0 + 64.0);
        p.validate = false;
        assert_eq!(p.seconds_per_task(), 63.0);
        assert_eq!(p.memory_mb(), 2048);
        p.validate = true;
        assert_eq!(p.memory_mb(), 4096);
    }

    #[test]
    fn a_second_submitter_of_a_run_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let first = RunLock::take(dir.path()).unwrap();
        assert!(RunLock::take(dir.path()).is_err());
        drop(first);
        assert!(RunLock::take(dir.path()).is_ok());
    }

    #[test]
    fn results_are_listed_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        assert!(done(dir.path()).unwrap().is_empty());
        assert_eq!(read_result(dir.path(), 3).unwrap(), None);
        let r = Record::for_task(&plan().tasks[0]);
        write_result(dir.path(), 3, &r).unwrap();
        write_result(dir.path(), 3, &r).unwrap();
        assert_eq!(
            done(dir.path()).unwrap().into_iter().collect::<Vec<_>>(),
            [3]
        );
        assert_eq!(read_result(dir.path(), 3).unwrap(), Some(r));
        // No temporary file is left beside the result.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("results"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["3.json"]);
    }
}
