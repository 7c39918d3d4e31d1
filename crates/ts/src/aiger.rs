//! Binary AIGER 1.9 (Biere, "The AIGER And-Inverter Graph Format", 2007/2014): inputs,
//! latches with reset values (0, 1, or the latch itself for "uninitialised"), the
//! bad-state property in the `B` section, AND gates delta-encoded. External model
//! checkers (ABC's `pdr` and `bmc3`, rIC3) read exactly the model Boulder checks.

use crate::aig::{Lit, Node};
use crate::system::BitSystem;

fn varint(out: &mut Vec<u8>, mut x: u32) {
    while x & !0x7f != 0 {
        out.push((x & 0x7f) as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// The system as a binary AIGER file, with a symbol table naming inputs and latches.
pub fn write_binary(sys: &BitSystem, latch_names: &[String]) -> Vec<u8> {
    let aig = &sys.aig;
    let ni = aig.inputs().len() as u32;
    let nl = aig.latches().len() as u32;
    let mut roots: Vec<Lit> = sys.latches.iter().map(|l| l.next).collect();
    roots.push(sys.bad);
    let gates: Vec<u32> = aig
        .cone(&roots)
        .into_iter()
        .filter(|n| matches!(aig.node(*n), Node::And(..)))
        .collect();
    // AIGER variable of every node: inputs 1..I, latches I+1..I+L, gates after.
    let mut var = vec![0u32; aig.num_nodes()];
    for (k, n) in aig.inputs().iter().enumerate() {
        var[*n as usize] = k as u32 + 1;
    }
    for (k, n) in aig.latches().iter().enumerate() {
        var[*n as usize] = ni + k as u32 + 1;
    }
    for (k, n) in gates.iter().enumerate() {
        var[*n as usize] = ni + nl + k as u32 + 1;
    }
    let lit = |l: Lit| -> u32 { 2 * var[l.node() as usize] + l.is_negated() as u32 };
    let m = ni + nl + gates.len() as u32;
    let mut out = format!("aig {m} {ni} {nl} 0 {} 1\n", gates.len()).into_bytes();
    for (k, l) in sys.latches.iter().enumerate() {
        let next = lit(l.next);
        let own = 2 * (ni + k as u32 + 1);
        let line = match l.init {
            Some(false) => format!("{next}\n"),
            Some(true) => format!("{next} 1\n"),
            None => format!("{next} {own}\n"),
        };
        out.extend(line.bytes());
    }
    out.extend(format!("{}\n", lit(sys.bad)).bytes());
    for n in &gates {
        let Node::And(a, b) = aig.node(*n) else {
            unreachable!("gates only")
        };
        let lhs = 2 * var[*n as usize];
        let (mut r0, mut r1) = (lit(a), lit(b));
        if r0 < r1 {
            std::mem::swap(&mut r0, &mut r1);
        }
        varint(&mut out, lhs - r0);
        varint(&mut out, r0 - r1);
    }
    for (k, name) in sys.input_names.iter().enumerate() {
        out.extend(format!("i{k} {name}\n").bytes());
    }
    for (k, name) in latch_names.iter().enumerate() {
        out.extend(format!("l{k} {name}\n").bytes());
    }
    out.extend(b"b0 error\n");
    out.extend(b"c\nwritten by Boulder: a C program as a bit-level transition system\n");
    out
}

/// Names for the latches: `pc.i` and `variable.i` (`variable[k].i` for array elements).
pub fn latch_names(sys: &BitSystem, terms: &logic::TermStore) -> Vec<String> {
    let mut names: Vec<String> = (0..sys.pc.len()).map(|i| format!("pc.{i}")).collect();
    for (v, bits) in &sys.vars {
        let name = terms.var_name(*v);
        match bits {
            crate::system::VarBits::Scalar(w) => {
                names.extend((0..w.len()).map(|i| format!("{name}.{i}")));
            }
            crate::system::VarBits::Array(e) => {
                for (k, w) in e.iter().enumerate() {
                    names.extend((0..w.len()).map(|i| format!("{name}[{k}].{i}")));
                }
            }
        }
    }
    names
}
