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
    /// A parameter's value at entry (in both clauses).
    Param(VarId),
    /// A global's value where the clause is evaluated: at entry for `requires`, at return
    /// for `ensures`. (A function's static local or a caller's local reached through a
    /// pointer is in no scope at the function's boundary: never printed.)
    Global(VarId),
    /// A global's value at entry, in `ensures` (`\old(g)`).
    Old(VarId),
    /// The value returned (`\result`), held in this variable.
    Result(VarId),
}

/// A function's contract as terms (Boolean), with what their variables stand for: the
/// program's variables named in `names` as C names them, any other variable unnamed
/// (what mentions it is weakened away). Only variables that hold a C integer are named
/// (a float is its bit pattern, a pointer two words: C would read either otherwise), and
/// no array (a global array's `\old` is no value C can copy).
#[derive(Clone, Debug)]
pub struct ContractTerms {
    pub function: String,
    /// All of the function's parameters: a global of the same name is hidden by them.
    pub params: Vec<VarId>,
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
    // One variable per thing named: the program's variable itself for a parameter or a
    // global, one of its own for `\old` and `\result`; then what the entry and the current state both say
    // of a parameter is said once (`n == 3 && n == 3` is `n == 3`, `n == n` is true).
    let mut names: HashMap<VarId, ContractVar> = HashMap::new();
    let mut canonical = |v: VarId| -> Option<Term> {
        let n = *contract.names.get(&v)?;
        let t = match n {
            ContractVar::Param(p) | ContractVar::Global(p) => terms.var_term(p),
            ContractVar::Old(p) => {
                terms.var(&format!("{}!old", terms.var_name(p)), terms.var_sort(p))
            }
            ContractVar::Result(r) => {
                terms.var(&format!("{}!result", contract.function), terms.var_sort(r))
            }
        };
        names.insert(terms.as_var(t)?, n);
        Some(t)
    };
    let requires = terms.substitute_vars(contract.requires, &mut canonical);
    let ensures = terms.substitute_vars(contract.ensures, &mut canonical);
    // The parameters' names: a global of the same name is hidden by them.
    let params: Vec<&str> = contract
        .params
        .iter()
        .filter_map(|p| names::c_name(cfa, *p)?.witness_lvalue())
        .map(root)
        .collect();
    let name = |v: VarId| -> Option<String> {
        let n = names.get(&v)?;
        let p = match n {
            ContractVar::Param(p)
            | ContractVar::Global(p)
            | ContractVar::Old(p)
            | ContractVar::Result(p) => *p,
        };
        let decl = cfa.var_decl(p)?;
        if decl.signed.is_none() || decl.len.is_some() || !decl.dims.is_empty() {
            return None;
        }
        if let ContractVar::Result(_) = n {
            return Some("\\result".into());
        }
        let c = names::c_name(cfa, p)?;
        let lvalue = c.witness_lvalue()?;
        let hidden = || params.contains(&root(lvalue));
        match (&c.scope, n) {
            // This function's own parameter (a copy of an inlined instance is not).
            (Some(s), ContractVar::Param(_)) if *s == contract.function => Some(lvalue.into()),
            (None, ContractVar::Global(_)) if !hidden() => Some(lvalue.into()),
            (None, ContractVar::Old(_)) if !hidden() => Some(format!("\\old({lvalue})")),
            _ => None,
        }
    };
    // No array is named: nothing to guard, no dimensions.
    let dims = |_: VarId| None;
    let len = |_: VarId| None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use cfa::{CName, VarDecl, VarKind};
    use logic::{ScalarSort, Sort, TermStore};
    use std::rc::Rc;

    /// `f`'s parameter `n` and return slot, globals `g`, `a` (an array) and `x` (a
    /// float: no C integer), `f`'s static local `s`, and a global `n` that `f`'s
    /// parameter hides.
    struct Vars {
        n: VarId,
        ret: VarId,
        g: VarId,
        a: VarId,
        x: VarId,
        s: VarId,
        hidden: VarId,
    }

    fn program() -> (Cfa, Vars) {
        let terms = Rc::new(TermStore::new());
        let mut cfa = Cfa::new(terms.clone(), Rc::new(cfa::StmtStore::default()));
        let mut declare = |name: &str, lvalue: Option<&str>, scope: Option<&str>, kind: u8| {
            let sort = match kind {
                b'a' => Sort::Array(ScalarSort::Bv(32), ScalarSort::Bv(32)),
                _ => Sort::Bv(32),
            };
            let t = terms.var(name, sort);
            let decl = VarDecl {
                var: terms.as_var(t).unwrap(),
                kind: VarKind::Program,
                len: (kind == b'a').then_some(4),
                dims: if kind == b'a' { vec![4] } else { Vec::new() },
                signed: (kind == b'i').then_some(true),
                c_name: lvalue.map(|l| CName {
                    lvalue: l.into(),
                    scope: scope.map(str::to_string),
                    renamed: false,
                }),
                heap_alive: None,
            };
            cfa.declare_like(t, &decl);
            decl.var
        };
        let vars = Vars {
            n: declare("f.n", Some("n"), Some("f"), b'i'),
            ret: declare("f.return", None, None, b'i'),
            g: declare("g", Some("g"), None, b'i'),
            a: declare("a", Some("a"), None, b'a'),
            x: declare("x", Some("x"), None, b'f'),
            s: declare("f.s", Some("s"), Some("f"), b'i'),
            hidden: declare("n", Some("n"), None, b'i'),
        };
        (cfa, vars)
    }

    #[test]
    fn a_contract_names_parameters_globals_old_values_and_the_result() {
        let (cfa, v) = program();
        let t = &*cfa.terms;
        let formal = |i: usize, sort| t.var(&format!("S!f!{i}"), sort);
        let bv = Sort::Bv(32);
        let [fn_, fg, fg0, fr, fs, fh, fx] = [0, 1, 2, 3, 4, 5, 6].map(|i| formal(i, bv));
        let fa0 = formal(7, Sort::Array(ScalarSort::Bv(32), ScalarSort::Bv(32)));
        let id = |x: Term| t.as_var(x).unwrap();
        let names: HashMap<VarId, ContractVar> = [
            (id(fn_), ContractVar::Param(v.n)),
            (id(fg), ContractVar::Global(v.g)),
            (id(fg0), ContractVar::Old(v.g)),
            (id(fr), ContractVar::Result(v.ret)),
            (id(fs), ContractVar::Global(v.s)),
            (id(fh), ContractVar::Global(v.hidden)),
            (id(fx), ContractVar::Global(v.x)),
            (id(fa0), ContractVar::Old(v.a)),
        ]
        .into_iter()
        .collect();
        let k = |c: u128| t.bv_const(c, 32);
        let ensures = t.and(&[
            t.eq(fr, t.bvadd(fn_, fg0)),
            t.eq(fg, t.bvadd(fg0, k(1))),
            // What C cannot say at the function's boundary is weakened away: a static
            // local, a global the parameter hides, a float's bits, an array's old value.
            t.eq(fs, k(2)),
            t.eq(fh, k(3)),
            t.eq(fx, k(5)),
            t.eq(t.select(fa0, k(0)), k(4)),
        ]);
        let contract = ContractTerms {
            function: "f".into(),
            params: vec![v.n],
            requires: t.bvsle(k(0), fn_),
            ensures,
            names,
        };
        let (r, e) = to_c_contract(&cfa, &contract).unwrap();
        assert_eq!(r, "(0 <= (int)(unsigned int)n)");
        assert_eq!(
            e,
            "(((unsigned int)\\result == ((unsigned int)n + (unsigned int)\\old(g))) && \
             ((unsigned int)g == ((unsigned int)\\old(g) + 1U)))"
        );
        // The hidden global is hidden even where the parameter is not mentioned; a
        // contract C can say nothing of is none.
        let nothing = ContractTerms {
            requires: t.tru(),
            ensures: t.and(&[t.eq(fs, k(2)), t.eq(fh, k(3))]),
            ..contract
        };
        assert_eq!(to_c_contract(&cfa, &nothing), None);
    }

    #[test]
    fn contracts_are_placed_at_their_definitions() {
        let text =
            "int g;\n\nstatic int f(int n) {\n  return n;\n}\nint main(void) { return f(1); }\n";
        let placed = place(
            vec![
                ("f".into(), "1".into(), "\\result == n".into()),
                ("h".into(), "1".into(), "1".into()),
            ],
            text,
        );
        assert_eq!(
            placed.len(),
            1,
            "a function the text does not define gets none"
        );
        assert_eq!((placed[0].line, placed[0].column), (3, 1));
    }
}
