//! Sorts of terms: Booleans, bit-vectors, mathematical integers and arrays.

use std::fmt;

/// A sort that can be an array index or element: arrays of arrays are not needed for C,
/// whose multi-dimensional arrays the front end flattens (row-major, as C lays them out).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum ScalarSort {
    Bool,
    Int,
    Bv(u32),
}

/// The sort of a term.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Sort {
    Bool,
    Int,
    /// Bit-vector of the given width (1..=128).
    Bv(u32),
    /// Array from the first sort to the second.
    Array(ScalarSort, ScalarSort),
}

/// The widest bit-vector Boulder represents; wide enough for the double-width products that
/// overflow checks of 64-bit multiplication need.
pub const MAX_BV_WIDTH: u32 = 128;

impl ScalarSort {
    pub fn to_sort(self) -> Sort {
        match self {
            ScalarSort::Bool => Sort::Bool,
            ScalarSort::Int => Sort::Int,
            ScalarSort::Bv(w) => Sort::Bv(w),
        }
    }
}

impl Sort {
    pub fn as_scalar(self) -> Option<ScalarSort> {
        match self {
            Sort::Bool => Some(ScalarSort::Bool),
            Sort::Int => Some(ScalarSort::Int),
            Sort::Bv(w) => Some(ScalarSort::Bv(w)),
            Sort::Array(..) => None,
        }
    }

    pub fn is_bool(self) -> bool {
        self == Sort::Bool
    }

    pub fn bv_width(self) -> Option<u32> {
        match self {
            Sort::Bv(w) => Some(w),
            _ => None,
        }
    }

    /// The SMT-LIB 2 name of the sort.
    pub fn smtlib(self) -> String {
        fn scalar(s: ScalarSort) -> String {
            match s {
                ScalarSort::Bool => "Bool".into(),
                ScalarSort::Int => "Int".into(),
                ScalarSort::Bv(w) => format!("(_ BitVec {w})"),
            }
        }
        match self {
            Sort::Array(i, e) => format!("(Array {} {})", scalar(i), scalar(e)),
            s => scalar(s.as_scalar().expect("scalar")),
        }
    }
}

impl fmt::Display for ScalarSort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScalarSort::Bool => write!(f, "bool"),
            ScalarSort::Int => write!(f, "int"),
            ScalarSort::Bv(w) => write!(f, "bv{w}"),
        }
    }
}

/// The sort as Boulder's textual formats write it: `bool`, `int`, `bv32`, `[bv32]bv8`.
impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sort::Array(i, e) => write!(f, "[{i}]{e}"),
            s => write!(f, "{}", s.as_scalar().expect("scalar")),
        }
    }
}
