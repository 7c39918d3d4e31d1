//! Reading programs: `.cfa` files, C sources (`.c`, `.i`) and SV-COMP task definitions
//! (`.yml`), with the property and data model that apply.

use crate::unknown::Unknown;
use anyhow::{anyhow, bail, Context, Result};
use cfa::{Cfa, LocationId, Special, SpecialKind, StmtStore};
use cfront::{DataModel, FrontError, Property, Source};
use logic::TermStore;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// A loaded program: its CFA and the stores it lives in.
pub struct Program {
    /// The flat CFA (every call inlined); without [`Choices::flatten`], the procedural
    /// program's graph.
    pub cfa: Cfa,
    /// The procedural CFA, where the input has one (C, and `.cfa` files).
    pub procedural: Option<cfa::Program>,
    /// The special locations of the procedural CFA (the flat CFA's are these, where
    /// they survive inlining, and those of calls beyond the recursion depth).
    pub procedural_special: FxHashMap<LocationId, Special>,
    /// The recursion depth the flat CFA was inlined with.
    pub recursion_depth: u32,
    pub terms: Rc<TermStore>,
    /// Error locations that mean UNKNOWN (unsupported constructs, undefined behaviour,
    /// calls beyond the recursion depth).
    pub special: FxHashMap<LocationId, Special>,
    pub property: Property,
    pub model: DataModel,
    /// The C file, if the program is C.
    pub c_file: Option<PathBuf>,
    /// The program text to compile for replay (see `cfront::replay_source`).
    pub replay_text: Option<String>,
    /// Why the program has no CFA (an unsupported construct outside function bodies).
    pub unsupported: Option<Unknown>,
    /// The C program calls `assert` (see [`note_unchecked_asserts`]).
    pub calls_assert: bool,
}

/// How the user chose the property and data model.
#[derive(Clone)]
pub struct Choices {
    pub property: Option<Property>,
    pub spec: Option<PathBuf>,
    /// `--32`/`--64`: the data model over the task's (`None`: the task's, else ILP32).
    pub model: Option<DataModel>,
    /// How C is translated (`--recursion-depth`).
    pub front: cfront::FrontOptions,
    /// Whether the engine needs the flat CFA (every engine but symex).
    pub flatten: bool,
    /// When inlining must give up.
    pub deadline: Option<std::time::Instant>,
}

impl Program {
    /// The unsupported constructs among the special locations of the CFA.
    pub fn unsupported_parts(&self) -> Vec<String> {
        cfront::unsupported(&self.special)
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// Accelerates the loops of the flat CFA and of the procedural program (so that a
    /// deeper inlining keeps them: [`Program::reflatten`]); how many edges it added to the
    /// CFA the engines read. The reachable states stay the same (`cfa::accelerate`).
    pub fn accelerate(&mut self) -> usize {
        if let Some(p) = &mut self.procedural {
            cfa::accelerate(&mut p.cfa);
        }
        cfa::accelerate(&mut self.cfa).len()
    }

    /// Inlines the procedural program again, `depth` calls of a function deep (same
    /// term store, so the engines' solvers stay valid). `Err` says why not.
    pub fn reflatten(&mut self, depth: u32, deadline: Option<std::time::Instant>) -> Result<()> {
        let Some(p) = &self.procedural else {
            bail!("no procedural program");
        };
        let opts = cfa::InlineOptions {
            recursion_depth: depth,
            deadline,
            ..Default::default()
        };
        let flat = cfa::inline(p, &opts).map_err(|e| anyhow!("{e}"))?;
        self.special = flat.special(&self.procedural_special);
        self.cfa = flat.cfa;
        self.recursion_depth = depth;
        Ok(())
    }
}

impl Default for Choices {
    fn default() -> Self {
        Choices {
            property: None,
            spec: None,
            model: None,
            front: Default::default(),
            flatten: true,
            deadline: None,
        }
    }
}

impl Choices {
    fn inline_options(&self) -> cfa::InlineOptions {
        cfa::InlineOptions {
            deadline: self.deadline,
            ..self.front.inline_options()
        }
    }
}

fn property_choice(c: &Choices) -> Result<Option<Property>> {
    if let Some(spec) = &c.spec {
        let text = std::fs::read_to_string(spec)
            .with_context(|| format!("cannot read {}", spec.display()))?;
        let p = cfront::read_prp(&text).map_err(|e| anyhow!("{}: {e}", spec.display()))?;
        if c.property.is_some_and(|q| q != p) {
            bail!("--prop and --spec name different properties");
        }
        return Ok(Some(p));
    }
    Ok(c.property)
}

pub fn load(path: &Path, choices: &Choices) -> Result<Program> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "cfa" => load_cfa(path, choices),
        "c" | "i" | "h" => {
            let property = property_choice(choices)?.unwrap_or(Property::UnreachCall);
            let model = choices.model.unwrap_or(DataModel::Ilp32);
            load_c(path, property, model, choices)
        }
        "yml" | "yaml" => {
            let task = cfront::read_task(path).map_err(|e| anyhow!(e))?;
            let chosen = property_choice(choices)?;
            let property = match chosen {
                Some(p) => p,
                None => match task.properties.as_slice() {
                    [(p, _)] => *p,
                    [] => bail!(
                        "{}: the task states no property Boulder checks (use --prop)",
                        path.display()
                    ),
                    _ => bail!(
                        "{}: the task states several properties; choose one with --prop",
                        path.display()
                    ),
                },
            };
            let model = choices
                .model
                .or(task.data_model)
                .unwrap_or(DataModel::Ilp32);
            let [file] = task.input_files.as_slice() else {
                bail!(
                    "{}: Boulder verifies tasks with exactly one input file",
                    path.display()
                );
            };
            load_c(file, property, model, choices)
        }
        _ => bail!(
            "{}: unknown kind of input (expected .c, .i, .yml or .cfa)",
            path.display()
        ),
    }
}

fn load_cfa(path: &Path, choices: &Choices) -> Result<Program> {
    let text = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let Ok(text) = String::from_utf8(text) else {
        bail!("{}: not a text file", path.display());
    };
    let terms = Rc::new(TermStore::new());
    let program = cfa::parse_program(&text, terms.clone(), Rc::new(StmtStore::new()))
        .map_err(|e| anyhow!("{}:{}:{}: {}", path.display(), e.line, e.col, e.message))?;
    let (cfa, special) = if choices.flatten && !program.is_flat() {
        match cfa::inline(&program, &choices.inline_options()) {
            Ok(flat) => {
                let special = flat.special(&FxHashMap::default());
                (flat.cfa, special)
            }
            Err(e) => bail!("{}: {e}", path.display()),
        }
    } else {
        (program.cfa.clone(), FxHashMap::default())
    };
    Ok(Program {
        cfa,
        procedural: Some(program),
        procedural_special: FxHashMap::default(),
        recursion_depth: choices.front.recursion_depth,
        terms,
        special,
        property: Property::UnreachCall,
        model: DataModel::Ilp32,
        c_file: None,
        replay_text: None,
        unsupported: None,
        calls_assert: false,
    })
}

pub fn load_c(
    path: &Path,
    property: Property,
    model: DataModel,
    choices: &Choices,
) -> Result<Program> {
    let source = Source::load(path, model).map_err(|e| anyhow!(e))?;
    let terms = Rc::new(TermStore::new());
    let stmts = Rc::new(StmtStore::new());
    let translated = cfront::translate_program(
        &source,
        property,
        model,
        terms.clone(),
        stmts.clone(),
        &choices.front,
    )
    .and_then(|p| {
        let flat = if choices.flatten {
            let t = p.flatten(&choices.inline_options())?;
            Some((t.cfa, t.special))
        } else {
            None
        };
        Ok((p, flat))
    });
    match translated {
        Ok((p, flat)) => {
            let (cfa, special) = flat.unwrap_or_else(|| (p.program.cfa.clone(), p.special.clone()));
            Ok(Program {
                replay_text: Some(cfront::replay_source(&source, &p.uninit_sites)),
                cfa,
                procedural: Some(p.program),
                procedural_special: p.special,
                recursion_depth: choices.front.recursion_depth,
                terms,
                special,
                property,
                model,
                c_file: Some(path.to_path_buf()),
                unsupported: None,
                calls_assert: p.calls_assert,
            })
        }
        Err(e @ (FrontError::Timeout | FrontError::Unsupported(_))) => {
            // No CFA: the verdict is UNKNOWN for this reason, whatever the engine.
            let why = match e {
                FrontError::Unsupported(why) => Unknown::Special {
                    special: Special::new(SpecialKind::Unsupported, why, None),
                    settled: true,
                },
                _ => Unknown::Timeout { reached: None },
            };
            Ok(Program {
                cfa: Cfa::new(terms.clone(), stmts),
                procedural: None,
                procedural_special: FxHashMap::default(),
                recursion_depth: choices.front.recursion_depth,
                terms,
                special: FxHashMap::default(),
                property,
                model,
                c_file: Some(path.to_path_buf()),
                replay_text: Some(source.text.clone()),
                unsupported: Some(why),
                calls_assert: false,
            })
        }
        Err(e) => Err(anyhow!(e)),
    }
}

/// Under `unreach-call` a failing `assert` of `<assert.h>` aborts, which SV-COMP does not
/// count as a violation; a CBMC or ESBMC user reads a TRUE as "my asserts hold". Said once
/// on stderr to a person (not in `--json` runs, which programs read: the bench, the
/// portfolio's children).
pub fn note_unchecked_asserts(program: &Program, json: bool) {
    if program.calls_assert && program.property == Property::UnreachCall && !json {
        eprintln!(
            "boulder: note: the program calls assert(); under unreach-call a failing assert only aborts and is not a violation (SV-COMP's reading); `--prop assert` checks them"
        );
    }
}
