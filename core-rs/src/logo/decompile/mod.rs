//! The decompiler: Logo 1.3 byte code (also 1.4 and 2.1, which share its numbering) back to
//! Logo text, for "Extract code from board".
//!
//! It is faithful: for byte code the compiler produced, the text compiles back to exactly the
//! same bytes. Names are lost in byte code, so procedures become `main` (or `autorun`),
//! `proc1`, `proc2`…, inputs `p1`…`p6` and globals `v1`, `v2`… (by slot). Every result says
//! whether it is exact: the decompiler recompiles its text and compares.
//!
//! How it reads the image (reference §3.3): the first procedure runs from byte 0 to its
//! CODE_END; each other procedure is a parameter-count byte, a body, and a STOP. Calls give
//! the procedure starts; a procedure nobody calls begins after a STOP where the byte code
//! cannot go on as the same procedure. Inside a body the byte code runs on a symbolic stack
//! ([`tree`]), and [`text`] prints the trees with the parentheses the compiler needs.
//!
//! Byte code no Logo text compiles to (unknown opcodes, opcodes without a Logo word, values
//! left between commands, lists whose length byte is wrong, calls into the middle of a
//! procedure, truncated images) is a typed [`DecompileError`] with the byte offset; nothing
//! panics.

pub mod text;
pub mod tree;

use super::versions::Profile;
use super::{compile, LogoVersion, MAX_BYTE_CODE_LENGTH};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use text::{Names, Printer};
use tree::{fold_voice, Procedure, Reader};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// Logo 1.2 (the legacy numbering) is not decompiled.
    UnsupportedVersion,
    Empty,
    /// More than 2048 bytes.
    TooLarge,
    /// An instruction, text or procedure is cut off.
    Truncated,
    BadOpcode,
    /// Byte code that no Logo text compiles to.
    NotExpressible,
    /// Values missing or left over where commands meet.
    Stack,
    /// Procedure or list structure the compiler never writes.
    Structure,
    /// A list's length byte disagrees with its contents.
    ListLength,
    /// A call to a byte where no procedure starts.
    BadCall,
    /// Lists or expressions nested deeper than the compiler allows.
    TooDeep,
}

codes!(ErrorCode: UnsupportedVersion = "unsupported-version", Empty = "empty", TooLarge = "too-large", Truncated = "truncated", BadOpcode = "bad-opcode", NotExpressible = "not-expressible", Stack = "stack", Structure = "structure", ListLength = "list-length", BadCall = "bad-call", TooDeep = "too-deep");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecompileError {
    pub code: ErrorCode,
    /// Byte offset in the image where the problem is.
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for DecompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {})", self.message, self.offset)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decompiled {
    pub text: String,
    /// Compiling `text` for the same version gives exactly the input bytes (and the
    /// autorun state).
    pub exact: bool,
    pub procedures: usize,
}

/// Decompiles a whole program image (the bytes a download wrote). Trailing 0xFF bytes
/// (erased flash after the program) are ignored: a program ends with CODE_END or STOP.
/// `auto_run` names the first procedure `autorun`, as the board's autorun flag says.
pub fn decompile(
    code: &[u8],
    version: LogoVersion,
    auto_run: bool,
) -> Result<Decompiled, DecompileError> {
    let end = code.iter().rposition(|&b| b != 0xFF).map_or(0, |i| i + 1);
    let code = &code[..end];
    let profile = version.profile();
    if profile.instruction_set != super::opcodes::InstructionSet::V13 {
        return Err(DecompileError {
            code: ErrorCode::UnsupportedVersion,
            offset: 0,
            message: format!(
                "Byte code of Logo {} cannot be decompiled; only 1.3, 1.4 and 2.1",
                version.as_str()
            ),
        });
    }
    if code.is_empty() {
        return Err(DecompileError {
            code: ErrorCode::Empty,
            offset: 0,
            message: "There is no byte code".to_string(),
        });
    }
    if code.len() > MAX_BYTE_CODE_LENGTH {
        return Err(DecompileError {
            code: ErrorCode::TooLarge,
            offset: MAX_BYTE_CODE_LENGTH,
            message: format!(
                "The byte code has {} bytes; a program has at most {MAX_BYTE_CODE_LENGTH}",
                code.len()
            ),
        });
    }
    // Read on after a STOP first; when that text is not exact, try ending procedures at
    // every STOP (an uncalled procedure may happen to read as more of the one before).
    let greedy = procedures(code, profile, false).map(|p| render(p, code, version, auto_run));
    match greedy {
        Ok(d) if !d.exact => match procedures(code, profile, true) {
            Ok(p) => {
                let split = render(p, code, version, auto_run);
                Ok(if split.exact { split } else { d })
            }
            Err(_) => Ok(d),
        },
        other => other,
    }
}

/// Names the procedures, prints them and checks the text compiles to `code`.
fn render(procs: Vec<Procedure>, code: &[u8], version: LogoVersion, auto_run: bool) -> Decompiled {
    let profile = version.profile();
    let mut names = Names {
        procs: BTreeMap::new(),
    };
    for (i, p) in procs.iter().enumerate() {
        let name = match i {
            0 if auto_run => "autorun".to_string(),
            0 => "main".to_string(),
            _ => format!("proc{i}"),
        };
        names.procs.insert(p.start, name);
    }
    let printer = Printer::new(&names);
    let mut text = String::new();
    for (i, p) in procs.into_iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let p = Procedure {
            body: fold_voice(p.body, profile),
            ..p
        };
        printer.procedure(&p, &mut text);
    }
    let exact = compile(text.as_bytes(), version)
        .map_or(false, |c| c.data == code && c.auto_run == auto_run);
    Decompiled {
        text,
        exact,
        procedures: names.procs.len(),
    }
}

/// Splits the image into procedures and reads each. Call targets found on the way are
/// procedure starts; reading again with them until every call lands on a start.
fn procedures(
    code: &[u8],
    profile: &Profile,
    split: bool,
) -> Result<Vec<Procedure>, DecompileError> {
    let mut targets: BTreeSet<usize> = BTreeSet::new();
    let main_arity = tree::first_procedure_inputs(code);
    // Each pass adds a start, so this ends.
    for _ in 0..code.len() + 1 {
        let mut reader = Reader::new(code, profile, &targets, main_arity);
        let (mut main, end) = reader.main()?;
        main.params = reader.main_inputs;
        let mut procs = vec![main];
        procs.extend(split_rest(&mut reader, code.len(), end, &targets, split)?);
        let calls: BTreeSet<usize> = reader.calls.iter().copied().collect();
        let starts: BTreeSet<usize> = procs.iter().map(|p| p.start).collect();
        let missing: Vec<usize> = calls.difference(&starts).copied().collect();
        let first = match missing.first() {
            None => return Ok(procs),
            Some(&m) => m,
        };
        let new: Vec<usize> = missing
            .iter()
            .copied()
            .filter(|&m| m >= end && !targets.contains(&m))
            .collect();
        if new.is_empty() {
            return Err(DecompileError {
                code: ErrorCode::BadCall,
                offset: first,
                message: format!("A call goes to byte {first}, where no procedure starts"),
            });
        }
        targets.extend(new);
    }
    Err(DecompileError {
        code: ErrorCode::BadCall,
        offset: 0,
        message: "The procedure starts cannot be found".to_string(),
    })
}

/// The procedures from `from` to `len`: a depth-first search over where each one ends
/// (reading on after a STOP first, or ending at the first STOP when `split`), remembering
/// the starts from which the rest cannot be read.
fn split_rest(
    reader: &mut Reader<'_>,
    len: usize,
    from: usize,
    targets: &BTreeSet<usize>,
    split: bool,
) -> Result<Vec<Procedure>, DecompileError> {
    struct Frame {
        read: tree::ProcedureRead,
        /// The end indices still to try, the next one last.
        todo: Vec<usize>,
        before: tree::Checkpoint,
    }
    let mut path: Vec<(Frame, Procedure)> = Vec::new();
    let mut dead: BTreeSet<usize> = BTreeSet::new();
    let mut first_error: Option<DecompileError> = None;
    let mut pos = from;
    loop {
        // Read the procedure at `pos` (unless the rest is known not to work from here).
        let frame = if pos >= len {
            return Ok(path.into_iter().map(|(_, p)| p).collect());
        } else if dead.contains(&pos) {
            None
        } else {
            let before = reader.checkpoint();
            let limit = targets.range(pos + 1..).next().copied().unwrap_or(len);
            match reader.procedure(pos, limit) {
                Ok(read) => {
                    let mut todo: Vec<usize> = (0..read.ends.len()).collect();
                    if split {
                        todo.reverse();
                    }
                    Some(Frame { read, todo, before })
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                    None
                }
            }
        };
        let mut frame = match frame {
            Some(f) => Some(f),
            None => {
                dead.insert(pos);
                None
            }
        };
        // Take the next end to try, backtracking while a frame has none left.
        loop {
            if let Some(mut f) = frame.take() {
                if let Some(i) = f.todo.pop() {
                    let (p, next) = reader.end_at(&f.read, i);
                    pos = next;
                    path.push((f, p));
                    break;
                }
                dead.insert(f.read.start);
                reader.restore(f.before);
            }
            match path.pop() {
                Some((f, _)) => frame = Some(f),
                None => {
                    return Err(first_error.unwrap_or(DecompileError {
                        code: ErrorCode::Structure,
                        offset: from,
                        message: "The procedures cannot be told apart".to_string(),
                    }))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
