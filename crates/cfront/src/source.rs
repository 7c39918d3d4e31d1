//! Reading C sources: preprocessing, and mapping byte offsets of the preprocessed text back
//! to lines and columns of the user's file.

use crate::FrontError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The data model: sizes of `long` and pointers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DataModel {
    /// 32-bit `int`, `long` and pointers (SV-COMP's default).
    Ilp32,
    /// 64-bit `long` and pointers.
    Lp64,
}

impl DataModel {
    pub fn pointer_width(self) -> u32 {
        match self {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }

    pub fn gcc_flag(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "-m32",
            DataModel::Lp64 => "-m64",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "ILP32",
            DataModel::Lp64 => "LP64",
        }
    }
}

/// Preprocessed program text with its line map.
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    lines: LineMap,
    /// Where `#pragma pack` is in effect: (offset, in effect from there on), computed at
    /// first use.
    pack: std::cell::OnceCell<Vec<(usize, bool)>>,
}

/// For every line of the preprocessed text, the line of the user's file it came from
/// (`None` for lines of included headers).
struct LineMap {
    /// Byte offset where each preprocessed line starts.
    starts: Vec<usize>,
    user_line: Vec<Option<u32>>,
}

impl LineMap {
    /// `markers`: honour `# N "file"` line markers (for `.c`), else count physical lines.
    fn new(text: &str, main_file: &str, markers: bool) -> LineMap {
        let mut starts = Vec::new();
        let mut user_line = Vec::new();
        let mut current: Option<u32> = Some(1);
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            starts.push(offset);
            offset += line.len();
            if markers {
                if let Some((n, file)) = parse_marker(line) {
                    user_line.push(None);
                    current = if file == main_file { Some(n) } else { None };
                    continue;
                }
            }
            user_line.push(current);
            current = current.map(|n| n + 1);
        }
        LineMap { starts, user_line }
    }

    fn locate(&self, offset: usize) -> (Option<u32>, u32) {
        let i = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let col = offset - self.starts.get(i).copied().unwrap_or(0) + 1;
        (self.user_line.get(i).copied().flatten(), col as u32)
    }
}

/// The `#pragma pack` directives of a text as (offset, a non-default packing is in effect
/// from there on).
fn pack_regions(text: &str) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    if !text.contains("pack") {
        return out;
    }
    // The stack of `push`ed states; the current state: packing in effect or not.
    let mut stack: Vec<bool> = Vec::new();
    let mut current = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let t = line.trim();
        let Some(rest) = t.strip_prefix('#').map(str::trim_start) else {
            continue;
        };
        let Some(rest) = rest.strip_prefix("pragma").map(str::trim_start) else {
            continue;
        };
        let Some(args) = rest.strip_prefix("pack").map(str::trim) else {
            continue;
        };
        let args = args.trim_start_matches('(').trim_end_matches(')');
        let parts: Vec<&str> = args.split(',').map(str::trim).collect();
        match parts.as_slice() {
            [""] => current = false,
            ["push", rest @ ..] => {
                stack.push(current);
                if !rest.is_empty() {
                    current = true;
                }
            }
            ["pop", ..] => current = stack.pop().unwrap_or(false),
            ["show"] => continue,
            // `pack(N)`: any N, also one no field's alignment exceeds (conservative).
            _ => current = true,
        }
        out.push((start, current));
    }
    out
}

/// `# 12 "file.c" 1 3` → (12, "file.c").
fn parse_marker(line: &str) -> Option<(u32, String)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest
        .strip_prefix("line")
        .map(str::trim_start)
        .unwrap_or(rest);
    let (num, rest) = rest.split_once(char::is_whitespace)?;
    let n: u32 = num.parse().ok()?;
    let rest = rest.trim_start().strip_prefix('"')?;
    let file = rest.split('"').next()?;
    Some((n, file.to_string()))
}

impl Source {
    /// Whether a `#pragma pack` other than the default is in effect at `offset` of the
    /// text (gcc: `pack(N)`, `pack(push[, N])`, `pack(pop)`, `pack()`). Boulder does not
    /// lay out such structs: their sizes and offsets are unknown.
    pub fn pack_in_effect(&self, offset: usize) -> bool {
        let regions = self.pack.get_or_init(|| pack_regions(&self.text));
        match regions.binary_search_by_key(&offset, |r| r.0) {
            Ok(i) => regions[i].1,
            Err(0) => false,
            Err(i) => regions[i - 1].1,
        }
    }

    /// Reads and preprocesses `path`: `.c` through `gcc -E` for the data model, `.i` as it
    /// is (comments and directives blanked).
    pub fn load(path: &Path, model: DataModel) -> Result<Source, FrontError> {
        let raw = std::fs::read(path)
            .map_err(|e| FrontError::Io(format!("cannot read {}: {e}", path.display())))?;
        if raw.is_empty() {
            return Err(FrontError::Input(format!(
                "{}: the file is empty",
                path.display()
            )));
        }
        let Ok(raw) = String::from_utf8(raw) else {
            return Err(FrontError::Input(format!(
                "{}: not a text file",
                path.display()
            )));
        };
        if raw.contains('\0') {
            return Err(FrontError::Input(format!(
                "{}: not a text file",
                path.display()
            )));
        }
        let is_i = path.extension().is_some_and(|e| e == "i");
        if is_i {
            // Directives are blanked in place (offsets stay): the pragmas are read first.
            let pack = std::cell::OnceCell::from(pack_regions(&raw));
            let text = ctext::scan::blank_comments_and_directives(&raw);
            let lines = LineMap::new(&text, "", false);
            return Ok(Source {
                path: path.to_path_buf(),
                text,
                lines,
                pack,
            });
        }
        let out = subprocess::run(
            Command::new("gcc")
                .args(["-E", model.gcc_flag(), "-std=gnu11"])
                .arg(path),
            subprocess::Options {
                own_group: true,
                ..Default::default()
            },
        )
        .map_err(|e| FrontError::Io(format!("cannot run the C preprocessor (gcc -E): {e}")))?;
        if !out.status.success() {
            let msg = String::from_utf8_lossy(&out.stderr);
            let first = msg
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or_else(|| msg.lines().next().unwrap_or("preprocessing failed"));
            return Err(FrontError::Input(first.trim().to_string()));
        }
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let main = path.display().to_string();
        let lines = LineMap::new(&text, &main, true);
        Ok(Source {
            path: path.to_path_buf(),
            text,
            lines,
            pack: Default::default(),
        })
    }

    /// A source held in memory, as if it were a preprocessed `.i` file named `name`.
    pub fn from_text(name: &str, text: &str) -> Source {
        let pack = std::cell::OnceCell::from(pack_regions(text));
        let text = ctext::scan::blank_comments_and_directives(text);
        let lines = LineMap::new(&text, "", false);
        Source {
            path: PathBuf::from(name),
            text,
            lines,
            pack,
        }
    }

    /// Line (in the user's file, if the offset lies in it) and column of a byte offset.
    pub fn locate(&self, offset: usize) -> (Option<u32>, u32) {
        self.lines.locate(offset)
    }

    /// The source text of a span, whitespace collapsed, shortened to `max` characters,
    /// without the line markers the preprocessor writes inside a macro's expansion
    /// (glibc's `assert(x < 100)` spans `# 5 "a.c" 3 4` lines): C as the user wrote it.
    pub fn snippet(&self, start: usize, end: usize, max: usize) -> String {
        let s = self.text.get(start..end.min(self.text.len())).unwrap_or("");
        let mut out = String::new();
        let mut space = false;
        let mut count = 0;
        // A loop's or a function's statement may span megabytes: only its start is read.
        // A marker occupies a line of its own (GNU cpp manual, "Preprocessor Output").
        let chars = s
            .split_inclusive('\n')
            .enumerate()
            .filter(|(i, line)| *i == 0 || !is_line_marker(line))
            .flat_map(|(_, line)| line.chars());
        for c in chars {
            if c.is_whitespace() {
                space = !out.is_empty();
                continue;
            }
            if count == max {
                out.push('…');
                return out;
            }
            if space {
                out.push(' ');
                space = false;
                count += 1;
                if count == max {
                    out.push('…');
                    return out;
                }
            }
            out.push(c);
            count += 1;
        }
        out
    }
}

/// `# 5 "a.c" 3 4`: a line marker of the preprocessor's output.
fn is_line_marker(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('#') else {
        return false;
    };
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && rest[digits..].trim_start().starts_with('"')
}

#[cfg(test)]
mod tests {
    use super::Source;

    #[test]
    fn snippets_leave_out_the_line_markers_of_a_macro_expansion() {
        let text =
            "((x < 100\n# 5 \"a.c\" 3 4\n) ? (void) (0) : __assert_fail (\"x < 100\", \"a.c\", 5))";
        let src = Source::from_text("t.i", text);
        assert_eq!(
            src.snippet(0, text.len(), 200),
            "((x < 100 ) ? (void) (0) : __assert_fail (\"x < 100\", \"a.c\", 5))"
        );
        // `#` elsewhere stays.
        let src = Source::from_text("t.i", "puts(\"# 1 \\\"\");");
        assert_eq!(src.snippet(0, src.text.len(), 80), "puts(\"# 1 \\\"\");");
    }

    #[test]
    fn snippets_collapse_whitespace_and_stop_at_the_limit() {
        let src = Source::from_text("t.i", "  if (x  >\n 0)   { y = 1; }  ");
        let all = src.text.len();
        assert_eq!(src.snippet(0, all, 80), "if (x > 0) { y = 1; }");
        assert_eq!(src.snippet(0, all, 21), "if (x > 0) { y = 1; }");
        assert_eq!(src.snippet(0, all, 20), "if (x > 0) { y = 1; …");
        assert_eq!(src.snippet(0, all, 3), "if …");
        assert_eq!(src.snippet(0, all, 2), "if…");
        assert_eq!(src.snippet(0, 2, 2), "");
    }
}
