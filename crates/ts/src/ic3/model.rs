//! The system IC3 works on: a [`Transys`] whose initial states are a cube over its state
//! variables. A DimSpec file may give any CNF as `I`; then a fresh state variable `f`
//! (true initially, false after the first step) carries it: the initial cube is `f`,
//! and `f ⇒ I` holds in every step — the same reachable behaviour, with a cube for `I`.

use crate::cnf::{Clause, Transys, VarMap};
use crate::system::BitSystem;

pub struct Model {
    /// Variables per step.
    pub n: u32,
    pub latches: Vec<u32>,
    /// Input variables, in the order of the AIG's inputs (empty without an AIG).
    pub inputs: Vec<u32>,
    /// The initial cube.
    pub init: Vec<i32>,
    init_value: Vec<Option<bool>>,
    latch_index: Vec<u32>,
    /// Constraints on every state: `U`, and the clauses that carry a general `I`.
    pub constraints: Vec<Clause>,
    /// `T` and `U'`.
    pub trans: Vec<Clause>,
    /// Whether every state has a successor (true for systems built from CFAs, whose
    /// next-state functions are total). Otherwise queries that must not depend on a
    /// successor existing (is this state bad?) leave `T` out.
    pub total: bool,
    pub goal: Vec<Clause>,
    /// The system's AIG (latches and inputs as in the CNF), for lifting.
    pub aig: Option<BitSystem>,
    /// For a system whose `T` is a set of definitions (Tseitin gates, `x' ↔ next`): per
    /// variable, the clauses of `trans` that define it and the variables they read. A
    /// query then needs only the cone of the variables it constrains (IC3 implementations
    /// load `T` into their solvers this way, e.g. ABC's `pdr`).
    pub defs: Option<Definitions>,
}

impl Model {
    /// A model of a system built from a CFA (its `I` is a cube), with its AIG for lifting.
    pub fn from_bits(sys: &BitSystem, ts: &Transys, map: &VarMap) -> Model {
        let mut m = Model::from_transys(ts);
        m.total = true;
        m.inputs = map.input_var.clone();
        m.aig = Some(sys.clone());
        m.defs = Some(Definitions::of(&m.trans, 2 * m.n));
        m
    }

    pub fn from_transys(ts: &Transys) -> Model {
        let is_latch = ts.is_latch();
        let cube_init = ts
            .init
            .iter()
            .all(|c| c.len() == 1 && is_latch[c[0].unsigned_abs() as usize]);
        let (n, latches, init, mut trans, mut constraints) = if cube_init {
            let init: Vec<i32> = ts.init.iter().map(|c| c[0]).collect();
            (ts.n, ts.latches.clone(), init, ts.trans.clone(), Vec::new())
        } else {
            let n = ts.n + 1;
            let f = n as i32;
            let renumber = |l: i32| -> i32 {
                let v = l.unsigned_abs();
                if v > ts.n {
                    l.signum() * (v - ts.n + n) as i32
                } else {
                    l
                }
            };
            let mut trans: Vec<Clause> = ts
                .trans
                .iter()
                .map(|c| c.iter().map(|l| renumber(*l)).collect())
                .collect();
            trans.push(vec![-(f + n as i32)]);
            let mut latches = ts.latches.clone();
            latches.push(n);
            let constraints: Vec<Clause> = ts
                .init
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    c.push(-f);
                    c
                })
                .collect();
            (n, latches, vec![f], trans, constraints)
        };
        for c in &ts.universal {
            constraints.push(c.clone());
            trans.push(
                c.iter()
                    .map(|l| l.signum() * (l.unsigned_abs() + n) as i32)
                    .collect(),
            );
        }
        let mut init_value = vec![None; n as usize + 1];
        for l in &init {
            init_value[l.unsigned_abs() as usize] = Some(*l > 0);
        }
        let mut latch_index = vec![u32::MAX; n as usize + 1];
        for (k, v) in latches.iter().enumerate() {
            latch_index[*v as usize] = k as u32;
        }
        Model {
            n,
            latches,
            inputs: Vec::new(),
            init,
            init_value,
            latch_index,
            constraints,
            trans,
            total: false,
            goal: ts.goal.clone(),
            aig: None,
            defs: None,
        }
    }

    /// The next-step copy of a literal.
    pub fn prime(&self, l: i32) -> i32 {
        l.signum() * (l.unsigned_abs() + self.n) as i32
    }

    /// The activation literal of the goal clauses in every frame solver.
    pub fn bad_act(&self) -> i32 {
        2 * self.n as i32 + 1
    }

    /// The activation literal of `T` in frame solvers of a system that is not total.
    pub fn trans_act(&self) -> i32 {
        2 * self.n as i32 + 2
    }

    pub fn init_value(&self, v: u32) -> Option<bool> {
        self.init_value[v as usize]
    }

    pub fn latch_index(&self, v: u32) -> u32 {
        self.latch_index[v as usize]
    }
}

/// Which clauses of `T` define which variable (see [`Model::defs`]).
#[derive(Clone, Debug)]
pub struct Definitions {
    /// Clause indices into `Model::trans`, per variable.
    pub clauses: Vec<Vec<u32>>,
    /// Variables the definition reads, per variable.
    pub reads: Vec<Vec<u32>>,
}

impl Definitions {
    /// Reads the definitions off Tseitin-shaped clauses: a clause's defined variable is
    /// its literal with the largest variable (gates are numbered after their inputs,
    /// next-state copies after everything); the universal constraints' next copies
    /// (clauses over primed variables only, defining nothing new) are kept with the
    /// largest variable too, which is sound: loading more is never wrong.
    pub fn of(trans: &[Clause], vars: u32) -> Definitions {
        let mut clauses = vec![Vec::new(); vars as usize + 1];
        let mut reads = vec![Vec::new(); vars as usize + 1];
        for (i, c) in trans.iter().enumerate() {
            let Some(top) = c.iter().map(|l| l.unsigned_abs()).max() else {
                continue;
            };
            clauses[top as usize].push(i as u32);
            for l in c {
                let v = l.unsigned_abs();
                if v != top && !reads[top as usize].contains(&v) {
                    reads[top as usize].push(v);
                }
            }
        }
        Definitions { clauses, reads }
    }
}
