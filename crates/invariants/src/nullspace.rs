//! The exact null space of an integer matrix: the linear relations every sampled row
//! satisfies (DIG, Nguyen et al., ICSE 2012: equations from the null space of the matrix
//! of monomial values). Arbitrary precision, so that monomials of degree 3 and more over
//! 64-bit values cannot overflow the arithmetic.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// An integer basis of `{v : row · v = 0 for every row}` over the rationals (every rational
/// solution is a combination of it), each vector primitive (its entries' gcd 1) with its
/// last non-zero entry positive. `cols` is the length of every row.
///
/// Fraction-free Gauss–Jordan elimination: a row is reduced by cross-multiplication with
/// the pivot row and divided by the gcd of its entries, so entries stay integers and small.
pub fn null_space(rows: &[Vec<BigInt>], cols: usize) -> Vec<Vec<BigInt>> {
    null_basis(rows, cols).into_iter().map(|(_, v)| v).collect()
}

/// [`null_space`], each vector with its free column: the one column among the
/// non-pivots where it is non-zero (it states that column as a combination of pivots).
pub fn null_basis(rows: &[Vec<BigInt>], cols: usize) -> Vec<(usize, Vec<BigInt>)> {
    let (m, pivots) = eliminate(rows, cols);
    let mut is_pivot = vec![false; cols];
    for (_, c) in &pivots {
        is_pivot[*c] = true;
    }
    let lcm = pivots
        .iter()
        .fold(BigInt::one(), |l, (r, c)| l.lcm(&m[*r][*c].abs()));
    (0..cols)
        .filter(|f| !is_pivot[*f])
        .map(|f| {
            // Column f is free: set it to the pivots' lcm, and each pivot column so that
            // its row (the only one non-zero in that column) vanishes.
            let mut v = vec![BigInt::zero(); cols];
            v[f] = lcm.clone();
            for (r, c) in &pivots {
                v[*c] = -(&m[*r][f] * &lcm) / &m[*r][*c];
            }
            (f, normalized(primitive(v)))
        })
        .collect()
}

/// The columns the elimination of [`null_space`] takes as pivots, in order: on the rows,
/// every other column is a linear combination of these.
pub fn pivot_columns(rows: &[Vec<BigInt>], cols: usize) -> Vec<usize> {
    eliminate(rows, cols)
        .1
        .into_iter()
        .map(|(_, c)| c)
        .collect()
}

/// Fraction-free Gauss–Jordan elimination: the reduced rows and the (row, column) of each
/// pivot, columns taken left to right.
fn eliminate(rows: &[Vec<BigInt>], cols: usize) -> (Vec<Vec<BigInt>>, Vec<(usize, usize)>) {
    let mut m: Vec<Vec<BigInt>> = rows.iter().map(|r| primitive(r.clone())).collect();
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        if r == m.len() {
            break;
        }
        let Some(p) = (r..m.len()).find(|i| !m[*i][c].is_zero()) else {
            continue;
        };
        m.swap(r, p);
        for i in 0..m.len() {
            if i == r || m[i][c].is_zero() {
                continue;
            }
            let (a, b) = (m[r][c].clone(), m[i][c].clone());
            let row: Vec<BigInt> = m[i]
                .iter()
                .zip(&m[r])
                .map(|(x, p)| x * &a - p * &b)
                .collect();
            m[i] = primitive(row);
        }
        pivots.push((r, c));
        r += 1;
    }
    (m, pivots)
}

/// `v` divided by the gcd of its entries.
fn primitive(mut v: Vec<BigInt>) -> Vec<BigInt> {
    let g = v.iter().fold(BigInt::zero(), |g, x| g.gcd(x));
    if !g.is_zero() && !g.is_one() {
        v.iter_mut().for_each(|x| *x /= &g);
    }
    v
}

/// `v` with its last non-zero entry positive.
fn normalized(mut v: Vec<BigInt>) -> Vec<BigInt> {
    if v.iter()
        .rev()
        .find(|x| !x.is_zero())
        .is_some_and(|x| x.is_negative())
    {
        v.iter_mut().for_each(|x| *x = -x.clone());
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(rows: &[&[i64]]) -> Vec<Vec<BigInt>> {
        rows.iter()
            .map(|r| r.iter().map(|x| BigInt::from(*x)).collect())
            .collect()
    }

    #[test]
    fn a_line_through_samples() {
        // Columns (1, x, y) on samples of y = 2x + 3.
        let rows = big(&[&[1, 0, 3], &[1, 1, 5], &[1, 4, 11]]);
        let basis = null_space(&rows, 3);
        assert_eq!(
            basis,
            big(&[&[3, 2, -1]])
                .into_iter()
                .map(normalized)
                .collect::<Vec<_>>()
        );
        // Columns 0 and 1 are the pivots: the equation states column 2 through them.
        let free: Vec<usize> = null_basis(&rows, 3).iter().map(|(f, _)| *f).collect();
        assert_eq!(free, vec![2]);
    }

    #[test]
    fn every_basis_vector_annihilates_every_row() {
        let rows = big(&[&[1, 2, 4, 8], &[1, 3, 9, 27], &[2, 5, 13, 35]]);
        let basis = null_space(&rows, 4);
        assert_eq!(basis.len(), 2);
        for v in &basis {
            for r in &rows {
                let dot: BigInt = r.iter().zip(v).map(|(a, b)| a * b).sum();
                assert!(dot.is_zero());
            }
        }
    }

    #[test]
    fn full_rank_has_no_null_space() {
        let rows = big(&[&[1, 0], &[0, 1], &[1, 1]]);
        assert!(null_space(&rows, 2).is_empty());
        assert!(null_space(&[], 0).is_empty());
    }
}
