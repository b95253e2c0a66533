//! GoGo board Logo: the input filter and the compiler for Logo 1.2, 1.3, 1.4 and 2.1.
//!
//! Logo 1.3 reproduces logoc 1.3 (the "Tinker Logo Compiler") byte for byte on every sample
//! of `fixtures/logo-1.3-golden.json`, quirks included; the other versions and every
//! assumption behind them are tabled in `docs/logo-versions.md`.
//!
//! The pipeline: UTF-8 check and CRLF → LF, the input filter ([`filter`]), the first pass
//! that finds procedures ([`firstpass`]), tokens ([`lexer`]), the parse ([`parser`]), byte
//! code ([`codegen`]) with the 2048-byte limit.
//!
//! Where logoc fails with a Python exception instead of a message (a crash in the cloud
//! service), this compiler reports a compile error with a line number; where logoc would
//! emit values that are not bytes (numbers above 65535, text longer than 255 bytes or with
//! non-ASCII characters counted as one), it reports an error or writes UTF-8.

use std::borrow::Cow;
use std::fmt;

pub mod ast;
pub mod codegen;
pub mod decompile;
pub mod filter;
pub mod firstpass;
pub mod lexer;
pub mod opcodes;
pub mod parser;
pub mod syntax;
pub mod versions;

pub use versions::{pick_version, LogoVersion, MAX_BYTE_CODE_LENGTH};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogoErrorCode {
    /// The requested Logo version is not 1.2, 1.3, 1.4 or 2.1.
    UnknownVersion,
    /// The source is not UTF-8 text.
    Encoding,
    /// The input filter rejected a `cloud record` name (spec core §5).
    InvalidInput,
    /// No procedure at all.
    Empty,
    Syntax,
    /// A name that is neither a parameter nor a global set earlier.
    UnknownName,
    /// The procedure structure logoc's first pass relies on is broken.
    Procedure,
    /// A call to a procedure with more than six inputs.
    TooManyInputs,
    /// More globals, inputs or `ifstatechange`s than a byte can number.
    TooMany,
    /// Parentheses, operators or lists nested more than 256 levels deep.
    TooDeep,
    NumberRange,
    TextTooLong,
    ListTooLong,
    /// A command the chosen version does not have.
    Unsupported,
    /// The byte code exceeds 2048 bytes.
    TooLarge,
}

codes!(LogoErrorCode: UnknownVersion = "unknown-version", Encoding = "encoding", InvalidInput = "invalid-input", Empty = "empty", Syntax = "syntax", UnknownName = "unknown-name", Procedure = "procedure", TooManyInputs = "too-many-inputs", TooMany = "too-many", TooDeep = "too-deep", NumberRange = "number-range", TextTooLong = "text-too-long", ListTooLong = "list-too-long", Unsupported = "unsupported", TooLarge = "too-large");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogoError {
    pub code: LogoErrorCode,
    /// The message shown to the user; messages about a line start with "Line N: ".
    pub message: String,
    /// 1-based source line, 0 when the error concerns the whole program.
    pub line: usize,
}

pub const TOO_LARGE_MESSAGE: &str =
    "The Logo code is too large! I don't have enough memory to hold it";

impl LogoError {
    /// The byte code does not fit the board's program memory.
    pub(crate) fn too_large() -> Self {
        LogoError {
            code: LogoErrorCode::TooLarge,
            message: TOO_LARGE_MESSAGE.to_string(),
            line: 0,
        }
    }
}

impl fmt::Display for LogoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where the mistake behind a compile error is, as a browser's text editor counts: 1-based
/// lines, 0-based columns in UTF-16 code units, the end exclusive, and the text between.
/// The error's message still names where the parse stopped (logoc's words); this is where
/// the user has something to change (see `parser::Parser::mistake`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub text: String,
}

impl Mistake {
    /// The mistake at `span` of `src` (the text the parser read).
    pub fn locate(src: &str, span: parser::Span) -> Option<Mistake> {
        let start = span.start.min(src.len());
        let end = span.end.clamp(start, src.len());
        let text = src.get(start..end)?;
        let (line, column) = position(src, start);
        let (end_line, end_column) = position(src, end);
        Some(Mistake {
            line,
            column,
            end_line,
            end_column,
            text: text.to_string(),
        })
    }

    /// Appends `,"mistake":{…}` to a JSON object being written.
    pub fn push_json(&self, out: &mut String) {
        out.push_str(&format!(
            ",\"mistake\":{{\"line\":{},\"column\":{},\"endLine\":{},\"endColumn\":{},\"text\":",
            self.line, self.column, self.end_line, self.end_column
        ));
        crate::json::push_str(out, &self.text);
        out.push('}');
    }
}

/// The 1-based line and the UTF-16 column of byte offset `at` (a character boundary).
fn position(src: &str, at: usize) -> (usize, usize) {
    let before = src.get(..at).unwrap_or(src);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before
        .get(line_start..)
        .unwrap_or("")
        .encode_utf16()
        .count();
    (1 + before.matches('\n').count(), column)
}

/// A compile error with where its mistake is, when the parse can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    pub error: LogoError,
    pub mistake: Option<Mistake>,
}

impl From<LogoError> for CompileError {
    fn from(error: LogoError) -> Self {
        CompileError {
            error,
            mistake: None,
        }
    }
}

impl CompileError {
    /// The JSON error object of the ABI: `{code, message, line?, mistake?}`.
    pub fn json(&self) -> String {
        let mut out = crate::json::error_object(
            self.error.code.as_str(),
            &self.error.message,
            self.error.line,
        );
        if let Some(m) = &self.mistake {
            out.pop();
            m.push_json(&mut out);
            out.push('}');
        }
        out
    }
}

/// A compiled program: what the board receives and whether it runs at power-on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compiled {
    pub data: Vec<u8>,
    /// True when the first procedure is named `autorun` (any case).
    pub auto_run: bool,
}

/// Reads `source` as UTF-8 and turns CRLF into LF (browsers send LF; a Windows file must
/// compile the same).
pub fn source_text(source: &[u8]) -> Result<Cow<'_, str>, LogoError> {
    let text = std::str::from_utf8(source).map_err(|e| {
        let line = 1 + source[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        LogoError {
            code: LogoErrorCode::Encoding,
            message: format!("Line {line}: The program is not valid UTF-8 text"),
            line,
        }
    })?;
    Ok(if text.contains("\r\n") {
        Cow::Owned(text.replace("\r\n", "\n"))
    } else {
        Cow::Borrowed(text)
    })
}

/// Runs the input filter (spec core §5) on `source`.
pub fn check_input(source: &[u8]) -> Result<(), LogoError> {
    filter::check(&source_text(source)?)
}

/// Filters and compiles `source` for `version`.
pub fn compile(source: &[u8], version: LogoVersion) -> Result<Compiled, LogoError> {
    compile_located(source, version).map_err(|e| e.error)
}

/// [`compile`], with where the mistake is when the parse fails.
pub fn compile_located(source: &[u8], version: LogoVersion) -> Result<Compiled, CompileError> {
    let text = source_text(source)?;
    filter::check(&text)?;
    let first = firstpass::scan(&text);
    let tokens = lexer::Lexer::new(&text, &first, version).tokens();
    let program = parser::Parser::new(&text, tokens, &first, version)
        .tree()
        .map_err(|f| CompileError {
            mistake: f.mistake.and_then(|span| Mistake::locate(&text, span)),
            error: f.error,
        })?;
    let data = codegen::generate(&program.procedures, version.profile())?;
    Ok(Compiled {
        data,
        auto_run: first.auto_run,
    })
}

/// The version named by `text` ("1.3"), or the `unknown-version` error.
pub fn version_named(text: &str) -> Result<LogoVersion, LogoError> {
    LogoVersion::parse(text).ok_or_else(|| LogoError {
        code: LogoErrorCode::UnknownVersion,
        message: format!(
            "Unknown Logo version '{}'; use 1.2, 1.3, 1.4 or 2.1",
            text.chars().take(20).collect::<String>()
        ),
        line: 0,
    })
}

/// [`compile`] with the version given as text ("1.3"); an unknown version is an error.
pub fn compile_with(source: &[u8], version: &str) -> Result<Compiled, LogoError> {
    compile(source, version_named(version)?)
}

/// [`compile_located`] with the version given as text.
pub fn compile_located_with(source: &[u8], version: &str) -> Result<Compiled, CompileError> {
    compile_located(source, version_named(version)?)
}

#[cfg(test)]
mod tests;
