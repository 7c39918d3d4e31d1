//! The portfolio's policy, without processes: which slots start, with what, and what
//! replaces an engine that gives up.

use super::*;
use cfa::Special;

fn config(words: &[&str]) -> Config {
    Config::from_words("p.c", words).expect("valid words")
}

fn stopped() -> Unknown {
    Unknown::Stopped {
        why: "refinement made no progress".into(),
    }
}

fn heap_bound() -> Unknown {
    Unknown::Special {
        special: Special::new(SpecialKind::HeapBound, "more allocations", None),
        settled: false,
    }
}

fn engines(slots: &[Slot]) -> Vec<Engine> {
    slots.iter().map(Slot::engine).collect()
}

#[test]
fn the_slots_share_the_time_limit_in_their_order() {
    let mut plan = Plan::new(&config(&["--timelimit", "60"]), false, false);
    let q = plan.take_queue();
    assert_eq!(
        engines(&q),
        [
            Engine::Symex,
            Engine::Cegar,
            Engine::Ic3,
            Engine::Sim,
            Engine::TsBmc,
            Engine::Chc
        ]
    );
    let budgets: Vec<Option<f64>> = q.iter().map(|s| s.budget).collect();
    assert_eq!(
        budgets,
        [Some(15.0), None, None, Some(7.5), Some(20.0), Some(15.0)]
    );
    assert_eq!(q[3].config.sim_seconds, Some(2.0), "sim searches for 2 s");
    assert!(
        q[5].config.chc_learn_only,
        "without recursion chc only learns"
    );
    assert!(q
        .iter()
        .all(|s| s.name == s.engine().name() && !s.background));
    assert!(plan.take_queue().is_empty(), "the queue is taken once");
    // Short limits shrink every bounded slot.
    let q = Plan::new(&config(&["--timelimit", "8"]), false, false).take_queue();
    let budgets: Vec<Option<f64>> = q.iter().map(|s| s.budget).collect();
    assert_eq!(
        budgets,
        [Some(2.0), None, None, Some(1.0), Some(8.0 / 3.0), Some(2.0)]
    );
}

#[test]
fn children_get_the_programs_options_and_none_of_the_parents_output() {
    let parent = config(&[
        "--64",
        "--lbe",
        "none",
        "--heap-bound",
        "3",
        "--timelimit",
        "60",
        "--witness",
        "w.graphml",
        "--cex-out",
        "c.json",
        "--cex",
        "--stats",
    ]);
    for slot in Plan::new(&parent, false, false).take_queue() {
        let c = &slot.config;
        assert!(c.program.lp64 && c.program.heap_bound == 3);
        assert_eq!(c.lbe, crate::config::LbeArg::None);
        assert!(c.json && !c.stats && !c.cex);
        assert!(c.witness.is_empty() && c.cex_out.is_none() && c.timelimit.is_none());
    }
}

#[test]
fn an_engine_that_gives_up_early_hands_its_core_to_bmc_once() {
    let mut plan = Plan::new(&config(&["--timelimit", "60"]), false, false);
    let q = plan.take_queue();
    let (cegar, ic3) = (&q[1], &q[2]);
    let next = plan
        .on_unknown(cegar, &stopped(), true)
        .expect("the fallback");
    assert_eq!(next.engine(), Engine::Bmc);
    assert!(
        plan.on_unknown(ic3, &stopped(), true).is_none(),
        "taken once"
    );
}

#[test]
fn no_fallback_after_a_timeout_late_or_for_the_first_slots() {
    let mut plan = Plan::new(&config(&["--timelimit", "60"]), false, false);
    let q = plan.take_queue();
    let timeout = Unknown::Timeout { reached: None };
    assert!(plan.on_unknown(&q[1], &timeout, true).is_none());
    assert!(plan.on_unknown(&q[1], &stopped(), false).is_none());
    for first in [&q[0], &q[3]] {
        assert!(
            plan.on_unknown(first, &stopped(), true).is_none(),
            "{}",
            first.name
        );
    }
    // The fallback is still there for the run it is meant for.
    assert!(plan.on_unknown(&q[2], &stopped(), true).is_some());
}

#[test]
fn the_heap_bound_is_raised_fourfold_once_for_bit_level_bmc() {
    let mut plan = Plan::new(&config(&["--heap-bound", "2"]), false, false);
    let q = plan.take_queue();
    let raised = plan
        .on_unknown(&q[1], &heap_bound(), true)
        .expect("a raised run");
    assert_eq!(raised.engine(), Engine::TsBmc);
    assert_eq!(raised.config.program.heap_bound, 8);
    assert_eq!(raised.name, "ts-bmc (heap bound 8)");
    // Once: the next engine at the bound gets the fallback instead.
    let next = plan
        .on_unknown(&q[2], &heap_bound(), true)
        .expect("the fallback");
    assert_eq!(next.engine(), Engine::Bmc);
}

#[test]
fn a_heap_bound_at_its_maximum_is_not_raised() {
    let max = cfront::FrontOptions::MAX_HEAP_BOUND.to_string();
    let mut plan = Plan::new(&config(&["--heap-bound", &max]), false, false);
    let q = plan.take_queue();
    let next = plan
        .on_unknown(&q[1], &heap_bound(), true)
        .expect("the fallback");
    assert_eq!(next.engine(), Engine::Bmc);
}

#[test]
fn a_childs_configuration_goes_through_json_unchanged() {
    let parent = config(&["--engine", "cegar", "--split", "pdg", "--bound", "7", "-v"]);
    let child = race::child_config(&parent, Engine::Ic3);
    let text = serde_json::to_string(&child).unwrap();
    let back: Config = serde_json::from_str(&text).unwrap();
    assert_eq!(
        serde_json::to_value(&back).unwrap(),
        serde_json::to_value(&child).unwrap()
    );
    assert_eq!(back.engine, Engine::Ic3);
    assert_eq!(back.bound, 7);
    assert!(back.verbose && back.json);
}

#[test]
fn a_recursive_program_gets_chc_after_symex() {
    let q = Plan::new(&config(&["--timelimit", "60"]), true, false).take_queue();
    assert_eq!(
        engines(&q),
        [
            Engine::Symex,
            Engine::Chc,
            Engine::Cegar,
            Engine::Ic3,
            Engine::Sim,
            Engine::TsBmc
        ]
    );
    assert_eq!(q[1].budget, None, "chc runs for the whole time");
}

#[test]
fn an_accelerable_loop_gets_its_bit_level_bmc_on_the_accelerated_cfa() {
    let q = Plan::new(&config(&["--timelimit", "60"]), false, true).take_queue();
    assert_eq!(
        engines(&q),
        [
            Engine::Symex,
            Engine::Cegar,
            Engine::Ic3,
            Engine::Sim,
            Engine::TsBmc,
            Engine::Chc
        ]
    );
    assert_eq!(q[4].name, "ts-bmc (accelerated)");
    assert_eq!(q[4].config.accelerate, AccelerateArg::On);
    assert_eq!(q[4].budget, Some(20.0));
    assert!(
        q.iter()
            .filter(|s| s.name != "ts-bmc (accelerated)")
            .all(|s| !s.config.accelerate.applies_to(s.engine())),
        "no other slot runs on the accelerated CFA"
    );
    // A user's choice holds for every slot, and adds none.
    for (word, on) in [("on", true), ("off", false)] {
        let q = Plan::new(&config(&["--accelerate", word]), false, true).take_queue();
        assert_eq!(q.len(), 6);
        assert!(q
            .iter()
            .all(|s| s.config.accelerate.applies_to(s.engine()) == on));
    }
}
