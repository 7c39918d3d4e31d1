//! Small C programs, one C feature each, with their expected verdicts in a first-line
//! comment (`// expect: true|false|unknown: <reason>`, optionally `// model: LP64`,
//! `// property: no-overflow`). Each is translated, checked by BMC on its large-block CFA,
//! and every FALSE is replayed with gcc.

mod par;

use bmc::{bmc, BmcOptions, BmcOutcome};
use cfa::{LocationKind, StmtStore};
use cfront::{DataModel, Property, Source};
use logic::{TermStore, Z3};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;
use witness::{CexFile, Replay};

#[derive(Debug, PartialEq)]
enum Expect {
    True,
    False,
    Unknown(String),
}

fn header(text: &str, key: &str) -> Option<String> {
    text.lines().take(3).find_map(|l| {
        l.strip_prefix(&format!("// {key}: "))
            .map(|s| s.trim().to_string())
    })
}

fn verdict(path: &PathBuf) -> (Expect, Expect) {
    let text = std::fs::read_to_string(path).unwrap();
    let expect = match header(&text, "expect").expect("an expect line").as_str() {
        "true" => Expect::True,
        "false" => Expect::False,
        other => Expect::Unknown(other.strip_prefix("unknown: ").unwrap_or(other).to_string()),
    };
    let model = match header(&text, "model").as_deref() {
        Some("LP64") => DataModel::Lp64,
        _ => DataModel::Ilp32,
    };
    let property = match header(&text, "property").as_deref() {
        Some("no-overflow") => Property::NoOverflow,
        _ => Property::UnreachCall,
    };
    let source = Source::load(path, model).unwrap();
    let terms = Rc::new(TermStore::new());
    // A fixed depth, as the programs' expectations name it (`verify` deepens on demand;
    // this test runs BMC on one translation).
    let options = cfront::FrontOptions {
        recursion_depth: 8,
        ..Default::default()
    };
    let mut t = match cfront::translate_with(
        &source,
        property,
        model,
        terms.clone(),
        Rc::new(StmtStore::new()),
        &options,
    ) {
        Ok(t) => t,
        Err(cfront::FrontError::Unsupported(why)) => return (expect, Expect::Unknown(why)),
        Err(e) => panic!("{}: {e}", path.display()),
    };
    let z3 = Z3::new(terms);
    let mut reasons = Vec::new();
    let got = loop {
        // Large blocks, as `verify` checks: on the single-block CFA Z3's incremental
        // kernel takes minutes over floating-point programs (`float_library_input.c`).
        let (lbe, _) = cfa::reduce(&t.cfa, cfa::LbeLevel::Full);
        let (outcome, _) = bmc(
            &lbe,
            &z3,
            &BmcOptions {
                bound: 300,
                ..Default::default()
            },
        );
        match outcome {
            BmcOutcome::Unsafe(cex) => {
                let last = lbe.edge(*cex.path.last().unwrap()).dst;
                if let Some(why) = t.special.get(&last) {
                    reasons.push(why.to_string());
                    t.cfa.set_kind(last, LocationKind::Sink);
                    continue;
                }
                let file = CexFile::new(&cex, &lbe, property.name(), model.name(), None);
                let text = cfront::replay_source(&source, &t.uninit_sites);
                let r = witness::replay(&text, &file, Duration::from_secs(10)).unwrap();
                assert!(
                    r.reproduced(),
                    "{}: FALSE does not replay: {r:?}",
                    path.display()
                );
                break Expect::False;
            }
            BmcOutcome::Safe(_) => match reasons.first() {
                Some(why) => break Expect::Unknown(why.to_string()),
                None => break Expect::True,
            },
            BmcOutcome::Unknown(r) => break Expect::Unknown(r.to_string()),
        }
    };
    (expect, got)
}

#[test]
fn c_feature_programs_get_their_verdicts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c" || e == "i"))
        .collect();
    files.sort();
    assert!(files.len() >= 25);
    let failures: Vec<String> = par::map(files.len(), |i| {
        let f = &files[i];
        let (expect, got) = verdict(f);
        let ok = match (&expect, &got) {
            (Expect::Unknown(want), Expect::Unknown(g)) => g.contains(want.as_str()),
            (a, b) => a == b,
        };
        (!ok).then(|| format!("{}: expected {expect:?}, got {got:?}", f.display()))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn replay_rejects_a_tampered_counterexample() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs/nondet_ranges.c");
    let source = Source::load(&path, DataModel::Ilp32).unwrap();
    let terms = Rc::new(TermStore::new());
    let t = cfront::translate(
        &source,
        Property::UnreachCall,
        DataModel::Ilp32,
        terms.clone(),
        Rc::new(StmtStore::new()),
    )
    .unwrap();
    let z3 = Z3::new(terms);
    let (BmcOutcome::Unsafe(cex), _) = bmc(&t.cfa, &z3, &BmcOptions::default()) else {
        panic!("expected a counterexample")
    };
    let mut file = CexFile::new(&cex, &t.cfa, "unreach-call", "ILP32", None);
    let text = cfront::replay_source(&source, &t.uninit_sites);
    assert!(witness::replay(&text, &file, Duration::from_secs(5))
        .unwrap()
        .reproduced());
    file.inputs[0].bits = "7".into();
    let r = witness::replay(&text, &file, Duration::from_secs(5)).unwrap();
    assert!(matches!(r, Replay::NotReproduced(_)), "{r:?}");
}
