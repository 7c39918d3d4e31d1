//! The counterexample file (`--cex-out`, read by `boulder replay`): the inputs in call
//! order with their C types and source positions, and the trace.

use crate::cex::Counterexample;
use cfa::{Cfa, Stmt};
use ctext::svcomp::{nondet_c_type, scanf_c_type};
use logic::Value;
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "boulder-counterexample/1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CexFile {
    pub format: String,
    pub program: Option<String>,
    pub property: String,
    pub data_model: String,
    pub inputs: Vec<CexInput>,
    pub steps: Vec<CexStep>,
}

/// One value the program reads: from `__VERIFIER_nondet_T()` or, for `scanf:%d`-style
/// functions, from standard input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CexInput {
    pub function: String,
    #[serde(rename = "type")]
    pub c_type: String,
    /// The value as a C literal of its type (signed types: signed decimal).
    pub value: String,
    /// The bit pattern, unsigned decimal, and its width.
    pub bits: String,
    pub width: u32,
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// The C lvalue the value is stored in (`x`, `s.f`, `a[2]`), where it has one; what
    /// witnesses state for inputs that are not nondet calls (scanf, uninitialised
    /// variables).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CexStep {
    pub from: String,
    pub to: String,
    pub statement: String,
    pub variable: Option<String>,
    pub value: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub source: Option<String>,
}

/// The C type of an input function's values.
pub fn input_c_type(function: &str) -> Option<&'static str> {
    if function == "__boulder_uninit" {
        return Some("unsigned long long");
    }
    if function == ctext::svcomp::ARGC_INPUT {
        return Some("int");
    }
    match function.strip_prefix("scanf:%") {
        Some(conv) => scanf_c_type(conv),
        None => nondet_c_type(function),
    }
}

fn signed_type(c_type: &str) -> bool {
    !c_type.starts_with("unsigned") && c_type != "_Bool"
}

/// A value as a person reads it: bit-vectors in decimal, signed where the type is.
pub fn c_literal(v: &Value, signed: bool) -> String {
    match v {
        Value::Bv(x, w) if signed => logic::value::to_signed(*x, *w).to_string(),
        Value::Bv(x, _) => x.to_string(),
        Value::Bool(b) => (*b as u8).to_string(),
        other => other.to_string(),
    }
}

impl CexFile {
    pub fn new(
        cex: &Counterexample,
        cfa: &Cfa,
        property: &str,
        data_model: &str,
        program: Option<&str>,
    ) -> CexFile {
        let terms = &*cfa.terms;
        // An input that is a whole array (an uninitialised local array or an array inside
        // an uninitialised struct) is read element by element, in index order.
        // A value scanf reads lands in a temporary first and is then stored through the
        // pointer argument: the first variable assigned exactly the temporary names it.
        let mut stored_in: rustc_hash::FxHashMap<logic::VarId, String> = Default::default();
        for block in &cex.blocks {
            for step in &block.steps {
                if let Stmt::Assign(x, e) = cfa.stmts.get(step.stmt) {
                    if let (Some(src), Some(dst)) = (terms.as_var(e), terms.as_var(x)) {
                        if let Some(name) = crate::names::witness_name(cfa, dst) {
                            stored_in.entry(src).or_insert(name);
                        }
                    }
                }
            }
        }
        let mut flat = Vec::new();
        for i in cex.inputs(cfa) {
            let len = cfa.var_decl(i.var).and_then(|d| d.len);
            let name =
                crate::names::witness_name(cfa, i.var).or_else(|| stored_in.get(&i.var).cloned());
            match (&i.value, len) {
                (Value::Array(a), Some(n)) => {
                    let w = a.index.to_sort().bv_width().unwrap_or(64);
                    for k in 0..n {
                        let value = i.value.select(&Value::Bv(k as u128, w));
                        let element = name.as_ref().map(|x| format!("{x}[{k}]"));
                        flat.push((crate::cex::InputValue { value, ..i.clone() }, element));
                    }
                }
                _ => flat.push((i, name)),
            }
        }
        let inputs = flat
            .into_iter()
            .map(|(i, variable)| {
                let c_type = input_c_type(&i.function).unwrap_or("int").to_string();
                let (bits, width) = match &i.value {
                    Value::Bv(x, w) => (x.to_string(), *w),
                    Value::Bool(b) => ((*b as u8).to_string(), 1),
                    other => (other.to_string(), 0),
                };
                let value = match (crate::float_text::format_of_type(&c_type), &i.value) {
                    (Some(f), Value::Bv(x, _)) => crate::float_text::c_float(*x, f),
                    _ => c_literal(&i.value, signed_type(&c_type)),
                };
                CexInput {
                    function: i.function.clone(),
                    value,
                    c_type,
                    bits,
                    width,
                    line: i.line,
                    column: i.col,
                    variable,
                }
            })
            .collect();
        let mut steps = Vec::new();
        for (e, block) in cex.path.iter().zip(&cex.blocks) {
            let edge = cfa.edge(*e);
            for step in &block.steps {
                let stmt = cfa.stmts.get(step.stmt);
                let origin = cfa.stmts.origin(step.stmt);
                let variable = match stmt {
                    Stmt::Assign(x, _) | Stmt::Havoc(x) => Some(terms.display(x).to_string()),
                    _ => None,
                };
                steps.push(CexStep {
                    from: cfa.location(edge.src).name.clone(),
                    to: cfa.location(edge.dst).name.clone(),
                    statement: cfa::text::primitive_text(terms, &cfa.stmts, step.stmt),
                    variable,
                    value: step.value.as_ref().map(|v| c_literal(v, true)),
                    line: origin.as_ref().map(|o| o.line),
                    column: origin.as_ref().map(|o| o.col),
                    source: origin.as_ref().map(|o| o.text.to_string()),
                });
            }
        }
        CexFile {
            format: FORMAT.into(),
            program: program.map(str::to_string),
            property: property.into(),
            data_model: data_model.into(),
            inputs,
            steps,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serialisable")
    }

    pub fn from_json(text: &str) -> Result<CexFile, String> {
        let f: CexFile =
            serde_json::from_str(text).map_err(|e| format!("not a Boulder counterexample: {e}"))?;
        if f.format != FORMAT {
            return Err(format!("unknown counterexample format `{}`", f.format));
        }
        Ok(f)
    }
}
