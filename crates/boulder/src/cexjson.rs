//! Counterexamples as JSON: the input values in call order with their source positions,
//! and the trace.

use cfa::{Cfa, Stmt};
use serde_json::{json, Value as Json};
use witness::Counterexample;

fn value_json(v: &logic::Value) -> Json {
    match v {
        logic::Value::Bool(b) => json!(b),
        logic::Value::Bv(x, w) => json!({"bits": x.to_string(), "width": w,
            "signed": logic::value::to_signed(*x, *w).to_string()}),
        logic::Value::Int(i) => json!(i.to_string()),
        logic::Value::Array(_) => json!(v.to_string()),
    }
}

pub fn to_json(cex: &Counterexample, cfa: &Cfa) -> Json {
    let terms = &*cfa.terms;
    let inputs: Vec<Json> = cex
        .inputs(cfa)
        .iter()
        .map(|i| {
            json!({
                "function": i.function,
                "value": value_json(&i.value),
                "line": i.line,
                "column": i.col,
            })
        })
        .collect();
    let mut steps = Vec::new();
    for (e, block) in cex.path.iter().zip(&cex.blocks) {
        let edge = cfa.edge(*e);
        for step in &block.steps {
            let stmt = cfa.stmts.get(step.stmt);
            let origin = cfa.stmts.origin(step.stmt);
            let written = match stmt {
                Stmt::Assign(x, _) | Stmt::Havoc(x) => Some(terms.display(x).to_string()),
                _ => None,
            };
            steps.push(json!({
                "from": cfa.location(edge.src).name,
                "to": cfa.location(edge.dst).name,
                "statement": cfa::text::primitive_text(terms, &cfa.stmts, step.stmt),
                "variable": written,
                "value": step.value.as_ref().map(value_json),
                "line": origin.as_ref().map(|o| o.line),
                "column": origin.as_ref().map(|o| o.col),
                "source": origin.as_ref().map(|o| o.text.to_string()),
            }));
        }
    }
    json!({ "inputs": inputs, "steps": steps })
}
