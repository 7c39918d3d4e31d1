//! Function contracts for correctness witnesses (format 2.1's `function_contract`, after
//! ACSL's function contracts: ACSL 1.17 §2.3): `requires` holds whenever the function is
//! entered, after its arguments are passed; `ensures` holds whenever it returns, where
//! `\result` is the value it returns, `\old(g)` a global's value at entry, and a parameter
//! its value at entry (ACSL §2.3.2: formals in a postcondition denote their values in the
//! pre-state). An engine states a contract as terms over variables it names by
//! [`ContractVar`]; this module prints them as C, weakened where C cannot say all of them
//! (as loop invariants are, `crate::correctness`): the contract is then weaker, never
//! wrong.

use crate::c_expr::{guard_array_reads, to_c, weaken_to};
use crate::names;
use cfa::Cfa;
use ctext::Text;
use logic::{Term, VarId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// What a variable of a contract's terms stands for, by the program variable whose C name
/// it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractVar {
    /// The variable's value where the clause is evaluated: a global (at entry for
    /// `requires`, at return for `ensures`) or a parameter (at entry, in both).
    Now(VarId),
    /// A global's value at entry, in `ensures` (`\old(g)`).
    Old(VarId),
    /// The value returned (`\result`).
    Result,
}

/// A function's contract as terms (Boolean), with what their variables stand for: the
/// program's variables named in `names` as C names them, any other variable unnamed
/// (what mentions it is weakened away).
#[derive(Clone, Debug)]
pub struct ContractTerms {
    pub function: String,
    pub requires: Term,
    pub ensures: Term,
    pub names: HashMap<VarId, ContractVar>,
}

/// A function contract as a witness states it: at the function's definition (line and
/// column of its first character, 1-based), clauses in C with `\result` and `\old`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceContract {
    pub function: String,
    pub line: u32,
    pub column: u32,
    pub requires: String,
    pub ensures: String,
}

/// The contract's clauses in C (`requires`, `ensures`); `None` when C can say nothing of
/// either (both `1`).
pub fn to_c_contract(cfa: &Cfa, contract: &ContractTerms) -> Option<(String, String)> {
    let terms = &*cfa.terms;
    // One variable per thing named: the program's variable itself for `Now`, one of its
    // own for `\old` and `\result`; then what the entry and the current state both say
    // of a parameter is said once (`n == 3 && n == 3` is `n == 3`, `n == n` is true).
    let mut names: HashMap<VarId, ContractVar> = HashMap::new();
    let mut canonical = |v: VarId| -> Option<Term> {
        let n = *contract.names.get(&v)?;
        let t = match n {
            ContractVar::Now(p) => terms.var_term(p),
            ContractVar::Old(p) => {
                terms.var(&format!("{}!old", terms.var_name(p)), terms.var_sort(p))
            }
            ContractVar::Result => {
                terms.var(&format!("{}!result", contract.function), terms.var_sort(v))
            }
        };
        names.insert(terms.as_var(t)?, n);
        Some(t)
    };
    let requires = terms.substitute_vars(contract.requires, &mut canonical);
    let ensures = terms.substitute_vars(contract.ensures, &mut canonical);
    let program_var = |v: VarId| match names.get(&v)? {
        ContractVar::Now(p) | ContractVar::Old(p) => Some(*p),
        ContractVar::Result => None,
    };
    // The parameters' names: a global of the same name is hidden by them.
    let params: Vec<String> = names
        .values()
        .filter_map(|n| match n {
            ContractVar::Now(p) => names::c_name(cfa, *p),
            _ => None,
        })
        .filter(|c| c.scope.is_some())
        .filter_map(|c| c.witness_lvalue().map(root))
        .map(str::to_string)
        .collect();
    let name = |v: VarId| -> Option<String> {
        let n = names.get(&v)?;
        let p = match n {
            ContractVar::Result => return Some("\\result".into()),
            ContractVar::Now(p) | ContractVar::Old(p) => *p,
        };
        let c = names::c_name(cfa, p)?;
        let lvalue = c.witness_lvalue()?;
        match (&c.scope, n) {
            // A parameter of this function (a copy of an inlined instance is not).
            (Some(s), ContractVar::Now(_)) if *s == contract.function => Some(lvalue.into()),
            (None, _) if params.iter().any(|p| p == root(lvalue)) => None,
            (None, ContractVar::Now(_)) => Some(lvalue.into()),
            (None, ContractVar::Old(_)) => Some(format!("\\old({lvalue})")),
            _ => None,
        }
    };
    let dims = |v: VarId| Some(cfa.var_decl(program_var(v)?)?.dims.clone());
    let len = |v: VarId| cfa.var_decl(program_var(v)?)?.len;
    let print = |f: Term| -> String {
        let f = guard_array_reads(terms, f, &len);
        if let Some(c) = to_c(terms, f, &name, &dims) {
            return c;
        }
        let w = weaken_to(terms, f, &|atom| to_c(terms, atom, &name, &dims).is_some());
        to_c(terms, w, &name, &dims).unwrap_or_else(|| "1".into())
    };
    let requires = print(requires);
    let ensures = print(ensures);
    (requires != "1" || ensures != "1").then_some((requires, ensures))
}

/// The variable an lvalue starts from: `s` of `s.f`.
fn root(lvalue: &str) -> &str {
    lvalue.split('.').next().unwrap_or(lvalue)
}

/// Contracts (function, `requires`, `ensures`) placed at their functions' definitions in
/// the program `text`; a function the text does not define gets none.
pub fn place(contracts: Vec<(String, String, String)>, text: &str) -> Vec<SourceContract> {
    let text = Text::new(text);
    contracts
        .into_iter()
        .filter_map(|(function, requires, ensures)| {
            let (line, column) = text.line_col(text.definition(&function)?.start);
            Some(SourceContract {
                function,
                line,
                column,
                requires,
                ensures,
            })
        })
        .collect()
}
