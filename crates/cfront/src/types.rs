//! C types, their sizes under a data model, and the conversions of C11 6.3.

use crate::source::DataModel;
use logic::float::FloatFormat;
use logic::Sort;

/// The integer types, ordered by conversion rank (C11 6.3.1.1) within each signedness.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum IntKind {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl IntKind {
    pub fn width(self, m: DataModel) -> u32 {
        use IntKind::*;
        match self {
            Bool | Char | SChar | UChar => 8,
            Short | UShort => 16,
            Int | UInt => 32,
            Long | ULong => m.pointer_width(),
            LongLong | ULongLong => 64,
        }
    }

    /// `char` is signed, as with gcc on x86.
    pub fn signed(self) -> bool {
        use IntKind::*;
        matches!(self, Char | SChar | Short | Int | Long | LongLong)
    }

    pub fn rank(self) -> u8 {
        use IntKind::*;
        match self {
            Bool => 0,
            Char | SChar | UChar => 1,
            Short | UShort => 2,
            Int | UInt => 3,
            Long | ULong => 4,
            LongLong | ULongLong => 5,
        }
    }

    pub fn to_unsigned(self) -> IntKind {
        use IntKind::*;
        match self {
            Char | SChar => UChar,
            Short => UShort,
            Int => UInt,
            Long => ULong,
            LongLong => ULongLong,
            k => k,
        }
    }

    pub fn name(self) -> &'static str {
        use IntKind::*;
        match self {
            Bool => "_Bool",
            Char => "char",
            SChar => "signed char",
            UChar => "unsigned char",
            Short => "short",
            UShort => "unsigned short",
            Int => "int",
            UInt => "unsigned int",
            Long => "long",
            ULong => "unsigned long",
            LongLong => "long long",
            ULongLong => "unsigned long long",
        }
    }

    /// Integer promotion (C11 6.3.1.1:2): ranks below `int` become `int`.
    pub fn promote(self) -> IntKind {
        if self.rank() < IntKind::Int.rank() {
            IntKind::Int
        } else {
            self
        }
    }

    /// The `size_t` of a data model.
    pub fn size_t(m: DataModel) -> IntKind {
        match m {
            DataModel::Ilp32 => IntKind::UInt,
            DataModel::Lp64 => IntKind::ULong,
        }
    }

    /// The `ptrdiff_t` of a data model.
    pub fn ptrdiff_t(m: DataModel) -> IntKind {
        match m {
            DataModel::Ilp32 => IntKind::Int,
            DataModel::Lp64 => IntKind::Long,
        }
    }
}

/// The usual arithmetic conversions (C11 6.3.1.8) of two promoted integer types.
pub fn usual_arithmetic(a: IntKind, b: IntKind, m: DataModel) -> IntKind {
    let (a, b) = (a.promote(), b.promote());
    if a == b {
        return a;
    }
    if a.signed() == b.signed() {
        return if a.rank() >= b.rank() { a } else { b };
    }
    let (s, u) = if a.signed() { (a, b) } else { (b, a) };
    if u.rank() >= s.rank() {
        u
    } else if s.width(m) > u.width(m) {
        s
    } else {
        s.to_unsigned()
    }
}

/// The real floating types (C11 6.2.5:10) as gcc lays them out on x86: `float` and
/// `double` are IEEE 754 binary32 and binary64 (Annex F), `long double` the x87 80-bit
/// extended format, which Boulder does not model.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum FloatKind {
    Float,
    Double,
    LongDouble,
}

impl FloatKind {
    /// The interchange format of the type; `None` for `long double`.
    pub fn format(self) -> Option<FloatFormat> {
        match self {
            FloatKind::Float => Some(FloatFormat::Single),
            FloatKind::Double => Some(FloatFormat::Double),
            FloatKind::LongDouble => None,
        }
    }

    pub fn of_format(f: FloatFormat) -> FloatKind {
        match f {
            FloatFormat::Single => FloatKind::Float,
            FloatFormat::Double => FloatKind::Double,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::LongDouble => "long double",
        }
    }

    /// Why a value of `long double` type is outside the model.
    pub const LONG_DOUBLE: &'static str = "long double (the x87 80-bit format)";
}

/// Index of a struct or union definition in the translator's table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct StructId(pub usize);

#[derive(Clone, PartialEq, Debug)]
pub enum CType {
    Void,
    Int(IntKind),
    /// A real floating type (C11 6.2.5:10).
    Float(FloatKind),
    /// Another type outside the model (`__int128`): declarations parse, any use is
    /// unsupported, naming it.
    Opaque(&'static str),
    Pointer(Box<CType>),
    /// Element type and length (`None`: incomplete, e.g. `int a[]` before its initializer).
    Array(Box<CType>, Option<u64>),
    Struct(StructId),
    Function {
        ret: Box<CType>,
        params: Vec<CType>,
        variadic: bool,
    },
}

#[derive(Clone, Debug)]
pub struct StructDef {
    pub name: String,
    pub union: bool,
    /// `__attribute__((packed))`: fields at alignment 1.
    pub packed: bool,
    /// `__attribute__((aligned(N)))` on the type.
    pub aligned: Option<u64>,
    /// A field carries a layout attribute the model does not follow: sizes and offsets
    /// are unknown (their uses are unsupported).
    pub layout_unknown: bool,
    /// `None` while only declared (`struct s;`).
    pub fields: Option<Vec<Field>>,
}

/// A member of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    /// Empty for an unnamed bit-field (padding: it has no value, C11 6.7.2.1:12, and takes
    /// no part in initialization, 6.7.9:9).
    pub name: String,
    /// For a bit-field its declared type (an integer type; it gives the signedness and
    /// the allocation unit, `record.rs`).
    pub ty: CType,
    /// A bit-field's width in bits.
    pub bits: Option<u32>,
}

/// The name Boulder gives the `k`-th anonymous struct or union member of a struct (C11
/// 6.7.2.1:13): no C identifier (`$`), so no access by name meets it, and no witness
/// prints it.
pub fn anonymous_member(k: usize) -> String {
    format!("anon${k}")
}

/// Whether a member is an anonymous struct or union ([`anonymous_member`]).
pub fn is_anonymous_member(name: &str) -> bool {
    name.starts_with("anon$")
}

/// The members to go through to reach member `name` of struct `id`: `[name]`, or the
/// anonymous members it lies in first (C11 6.7.2.1:13: their members are the parent's).
pub fn member_path(structs: &[StructDef], id: StructId, name: &str) -> Option<Vec<String>> {
    let fields = structs[id.0].fields.as_ref()?;
    if name.is_empty() {
        return None;
    }
    if fields.iter().any(|f| f.name == name) {
        return Some(vec![name.to_string()]);
    }
    fields
        .iter()
        .filter(|f| is_anonymous_member(&f.name))
        .find_map(|f| {
            let CType::Struct(inner) = &f.ty else {
                return None;
            };
            let mut rest = member_path(structs, *inner, name)?;
            rest.insert(0, f.name.clone());
            Some(rest)
        })
}

/// Member `name` of struct `id`, also inside anonymous members.
pub fn member<'s>(structs: &'s [StructDef], id: StructId, name: &str) -> Option<&'s Field> {
    let path = member_path(structs, id, name)?;
    let mut id = id;
    let mut found = None;
    for n in &path {
        let f = structs[id.0].field(n)?;
        if let CType::Struct(inner) = &f.ty {
            id = *inner;
        }
        found = Some(f);
    }
    found
}

impl StructDef {
    /// The members that have a name (and a value): initializers count these.
    pub fn named_fields(&self) -> Option<impl Iterator<Item = &Field>> {
        Some(self.fields.as_ref()?.iter().filter(|f| !f.name.is_empty()))
    }

    /// The member called `name`.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.as_ref()?.iter().find(|f| f.name == name)
    }
}

impl CType {
    /// For a function type declared with a prototype (not `int f()` or a K&R definition),
    /// whether a call with `given` arguments violates its constraint (C11 6.5.2.2:2: as
    /// many arguments as parameters, at least as many before `...`): `Some("few")` or
    /// `Some("many")`.
    pub fn wrong_arity(&self, given: usize) -> Option<&'static str> {
        let CType::Function {
            params, variadic, ..
        } = self
        else {
            return None;
        };
        let prototyped = !(params.is_empty() && *variadic);
        if !prototyped || given == params.len() || (*variadic && given > params.len()) {
            None
        } else if given < params.len() {
            Some("few")
        } else {
            Some("many")
        }
    }

    /// Whether this is a function type declared with a prototype.
    pub fn is_prototype(&self) -> bool {
        matches!(self, CType::Function { params, variadic, .. } if !(params.is_empty() && *variadic))
    }

    pub fn int() -> CType {
        CType::Int(IntKind::Int)
    }

    pub fn as_int(&self) -> Option<IntKind> {
        match self {
            CType::Int(k) => Some(*k),
            _ => None,
        }
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Pointer(_))
    }

    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t) => Some(t),
            _ => None,
        }
    }
}

/// Sizes and alignments of types, with the struct table.
pub struct Layout<'a> {
    pub model: DataModel,
    pub structs: &'a [StructDef],
}

impl Layout<'_> {
    /// The byte offset and type of a field of a struct or union (`None` for a bit-field:
    /// it has no address, C11 7.19:3).
    pub fn field_offset(&self, id: StructId, field: &str) -> Option<(u64, CType)> {
        let record = self.record(id)?;
        let fields = self.structs[id.0].fields.as_ref()?;
        let i = fields.iter().position(|f| f.name == field)?;
        if fields[i].bits.is_some() {
            return None;
        }
        Some((record.offsets[i] / 8, fields[i].ty.clone()))
    }

    pub fn size(&self, t: &CType) -> Option<u64> {
        Some(match t {
            CType::Void => 1,
            CType::Int(k) => (k.width(self.model) / 8) as u64,
            CType::Float(FloatKind::Float) => 4,
            CType::Float(FloatKind::Double) => 8,
            CType::Float(FloatKind::LongDouble) => match self.model {
                DataModel::Ilp32 => 12,
                DataModel::Lp64 => 16,
            },
            CType::Opaque(_) => 16,
            CType::Pointer(_) => (self.model.pointer_width() / 8) as u64,
            CType::Array(e, n) => self.size(e)? * (*n)?,
            CType::Struct(id) => self.record(*id)?.size,
            CType::Function { .. } => return None,
        })
    }

    pub fn align(&self, t: &CType) -> Option<u64> {
        Some(match t {
            CType::Array(e, _) => self.align(e)?,
            CType::Struct(id) => self.record(*id)?.align,
            // `long long` is 4-aligned in i386 structs (gcc -m32).
            // So are `double` and `long double` (the i386 System V ABI).
            CType::Int(IntKind::LongLong | IntKind::ULongLong)
            | CType::Float(FloatKind::Double | FloatKind::LongDouble)
                if self.model == DataModel::Ilp32 =>
            {
                4
            }
            other => self.size(other)?,
        })
    }
}

/// The sort of values of an integer type.
pub fn int_sort(k: IntKind, m: DataModel) -> Sort {
    Sort::Bv(k.width(m))
}
