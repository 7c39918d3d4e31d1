//! The verdict line, statistics and JSON output, printed once.

use crate::unknown::Unknown;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value as Json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// The answer of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    True,
    False { property: String },
    Unknown(Unknown),
}

impl Verdict {
    /// The line BenchExec and people read (docs/design.md §9).
    pub fn line(&self) -> String {
        match self {
            Verdict::True => "Verification result: TRUE".into(),
            Verdict::False { property } => format!("Verification result: FALSE({property})"),
            Verdict::Unknown(why) => format!("Verification result: UNKNOWN ({why})"),
        }
    }

    pub fn word(&self) -> &'static str {
        VerdictWord::of(self).word()
    }
}

/// The verdict as `--json` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum VerdictWord {
    True,
    False,
    Unknown,
}

impl VerdictWord {
    pub fn of(verdict: &Verdict) -> VerdictWord {
        match verdict {
            Verdict::True => VerdictWord::True,
            Verdict::False { .. } => VerdictWord::False,
            Verdict::Unknown(_) => VerdictWord::Unknown,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            VerdictWord::True => "TRUE",
            VerdictWord::False => "FALSE",
            VerdictWord::Unknown => "UNKNOWN",
        }
    }
}

/// `verify --json`'s object, typed: what a race's child prints and its parent reads back,
/// and what `validate` reads of the k-induction run it starts. Fields in alphabetical
/// order, as the object has always listed them; `reason`, `unknown` and
/// `violated_property` are `null` where they do not apply, the others absent.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JsonReport {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correctness_witness: Option<crate::witness_out::CorrectnessWitness>,
    /// The counterexample file's content ([`witness::CexFile`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Json>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counterexample_text: Option<String>,
    // Defaults where a reader meets a report without them (`bench --tool`'s stand-ins
    // for Boulder write only the verdict, the reason and the statistics).
    #[serde(default)]
    pub engine: String,
    #[serde(default)]
    pub file: String,
    /// The UNKNOWN's words, as the verdict line has them.
    pub reason: Option<String>,
    #[serde(default)]
    pub stats: Map<String, Json>,
    pub unknown: Option<Unknown>,
    pub verdict: VerdictWord,
    pub violated_property: Option<String>,
}

/// Statistics that another process reads back (`bench`, `validate`): each key named
/// once, written under it and read through the typed getters of [`JsonReport`].
pub mod stat {
    /// How a TRUE's certificate check ended: `valid`, `invalid: …` or `unknown: …`.
    pub const CERTIFICATE: &str = "certificate";
    /// The `k` at which k-induction decided.
    pub const KIND_K: &str = "kind.k";
}

impl JsonReport {
    /// How the TRUE's certificate check ended, if the engine has certificates.
    pub fn certificate(&self) -> Option<&str> {
        self.stats.get(stat::CERTIFICATE)?.as_str()
    }

    /// The `k` at which k-induction decided.
    pub fn kind_k(&self) -> Option<u64> {
        self.stats.get(stat::KIND_K)?.as_u64()
    }
}

/// Everything a run prints.
pub struct Report {
    pub verdict: Verdict,
    pub engine: String,
    pub file: String,
    /// Named statistics, in order.
    pub stats: Vec<(String, Json)>,
    /// Rendered counterexample (text) and its JSON form.
    pub cex_text: Option<String>,
    pub cex_json: Option<Json>,
    /// For a TRUE with a checked invariant: the correctness witness's content.
    pub invariants: Option<crate::witness_out::CorrectnessWitness>,
}

impl Report {
    /// What `verify` prints: one JSON object (`--json`), or the verdict line with the
    /// statistics and the counterexample as asked.
    pub fn render(&self, json: bool, stats: bool, cex: bool) -> String {
        if json {
            format!("{}\n", self.to_json())
        } else {
            self.to_text(stats, cex)
        }
    }

    /// `--json`'s object.
    pub fn to_json(&self) -> Json {
        serde_json::to_value(self.json_report()).expect("a report is serialisable")
    }

    fn json_report(&self) -> JsonReport {
        let (reason, unknown) = match &self.verdict {
            Verdict::Unknown(why) => (Some(why.to_string()), Some(why.clone())),
            _ => (None, None),
        };
        let violated_property = match &self.verdict {
            Verdict::False { property } => Some(property.clone()),
            _ => None,
        };
        JsonReport {
            correctness_witness: self.invariants.clone(),
            counterexample: self.cex_json.clone(),
            counterexample_text: self.cex_text.clone(),
            engine: self.engine.clone(),
            file: self.file.clone(),
            reason,
            stats: self.stats.iter().cloned().collect(),
            unknown,
            verdict: VerdictWord::of(&self.verdict),
            violated_property,
        }
    }

    pub fn to_text(&self, show_stats: bool, show_cex: bool) -> String {
        let mut out = self.verdict.line();
        out.push('\n');
        if show_cex {
            if let Some(c) = &self.cex_text {
                out.push_str(c);
            }
        }
        if show_stats {
            out.push_str("Statistics:\n");
            let width = self.stats.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
            for (k, v) in &self.stats {
                let v = match v {
                    Json::String(s) => s.clone(),
                    other => other.to_string(),
                };
                out.push_str(&format!("  {k:<width$}  {v}\n"));
            }
        }
        out
    }
}

/// The verdict printed, once printed (by the run or by the watchdog).
static PRINTED: Mutex<Option<Verdict>> = Mutex::new(None);

/// `--verdict-exit-code`: the process's exit status says the verdict.
static EXIT_BY_VERDICT: AtomicBool = AtomicBool::new(false);

/// Prints `text`, the rendering of `verdict`, unless an answer was printed already;
/// returns whether it printed.
pub fn print_once(verdict: &Verdict, text: &str) -> bool {
    let mut done = PRINTED.lock().unwrap_or_else(|e| e.into_inner());
    if done.is_some() {
        return false;
    }
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    *done = Some(verdict.clone());
    true
}

/// Prints `UNKNOWN (reason)` about `file` (as JSON with `json`) unless an answer was
/// printed already; returns whether it printed. For answers that do not come from an
/// engine: the watchdog's timeout, an interrupt.
/// The statistics so far are what the engine last reported ([`logic::progress`]) and the
/// time (`--stats`).
pub fn print_unknown(why: Unknown, file: String, json: bool) -> bool {
    let mut stats = Vec::new();
    if let Some(m) = logic::progress::last() {
        stats.push(("reached".to_string(), json!(m.to_string())));
    }
    if let Some(s) = STARTED.get() {
        let t = (s.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        stats.push(("time.total".to_string(), json!(t)));
    }
    let report = Report {
        verdict: Verdict::Unknown(why),
        engine: engine(),
        file,
        stats,
        cex_text: None,
        cex_json: None,
        invariants: None,
    };
    let text = if json {
        format!("{}\n", report.to_json())
    } else {
        report.to_text(SHOW_STATS.load(Ordering::Relaxed), false)
    };
    print_once(&report.verdict, &text)
}

/// Whether a verdict was printed.
pub fn printed() -> bool {
    PRINTED.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

/// `--stats`: also an answer that does not come from an engine shows the statistics so far.
static SHOW_STATS: AtomicBool = AtomicBool::new(false);

/// The engine this process runs, for the statistics of an interrupted run and the
/// progress lines.
static ENGINE: Mutex<String> = Mutex::new(String::new());

fn engine() -> String {
    ENGINE.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Notes when the run started (the progress lines' clock, the time of an interrupted
/// run) and whether statistics are wanted.
pub fn start(show_stats: bool) {
    STARTED.get_or_init(std::time::Instant::now);
    SHOW_STATS.store(show_stats, Ordering::Relaxed);
}

/// Names the engine this process runs (a forked engine renames its copy of the
/// portfolio).
pub fn set_engine(name: &str) {
    *ENGINE.lock().unwrap_or_else(|e| e.into_inner()) = name.to_string();
}

/// `-v`: progress lines on standard error, and when the run started.
static VERBOSE: AtomicBool = AtomicBool::new(false);
static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Turns the progress lines on (`verify -v`), the engines' milestones among them.
pub fn set_verbose() {
    STARTED.get_or_init(std::time::Instant::now);
    VERBOSE.store(true, Ordering::Relaxed);
    logic::progress::observe(milestone_line);
}

/// How often at most a milestone line is printed: an engine passes bounds and frames
/// many times a second at first, and a person reads a line a second.
const MILESTONE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// `-v`: the engine's milestone, unless one was printed less than [`MILESTONE_EVERY`] ago.
fn milestone_line(m: logic::progress::Milestone) {
    static LAST_LINE: Mutex<Option<std::time::Instant>> = Mutex::new(None);
    let mut last = LAST_LINE.lock().unwrap_or_else(|e| e.into_inner());
    if last.is_some_and(|t| t.elapsed() < MILESTONE_EVERY) {
        return;
    }
    *last = Some(std::time::Instant::now());
    progress(format_args!("{}: reached {m}", engine()));
}

/// With `-v`: one line of progress on standard error, after the time since the start.
pub fn progress(message: std::fmt::Arguments) {
    if VERBOSE.load(Ordering::Relaxed) {
        let t = STARTED.get().map_or(0.0, |s| s.elapsed().as_secs_f64());
        eprintln!("[{t:7.2} s] {message}");
    }
}

/// Whether progress lines are on.
pub fn verbose() -> bool {
    VERBOSE.load(Ordering::Relaxed)
}

/// Makes the exit status say the verdict (`--verdict-exit-code`).
pub fn exit_by_verdict() {
    EXIT_BY_VERDICT.store(true, Ordering::Relaxed);
}

/// Whether the exit status says the verdict (`--verdict-exit-code`).
pub fn exit_by_verdict_on() -> bool {
    EXIT_BY_VERDICT.load(Ordering::Relaxed)
}

/// The process's exit status after a run: 0, unless `--verdict-exit-code` asked for
/// CBMC's statuses (0 TRUE, 10 FALSE, 5 UNKNOWN, also when nothing was printed), or the
/// run was interrupted (128 + the signal, without `--verdict-exit-code`).
pub fn exit_status() -> i32 {
    if !exit_by_verdict_on() {
        // The shell's convention after a signal: a loop around `boulder` stops at Ctrl-C.
        return crate::interrupt::signal().map_or(0, |sig| 128 + sig);
    }
    match &*PRINTED.lock().unwrap_or_else(|e| e.into_inner()) {
        Some(Verdict::True) => 0,
        Some(Verdict::False { .. }) => 10,
        Some(Verdict::Unknown(_)) | None => 5,
    }
}

/// Writes long output (a generated program, a printed CFA) to stdout. A reader that
/// stops early (`boulder gen … | head`) ends the run quietly, as it ends `cat`; the
/// signal itself stays ignored, because Boulder writes to pipes of programs that may exit
/// first (the replayed counterexample's standard input).
pub fn write_stdout(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        r => Ok(r?),
    }
}
