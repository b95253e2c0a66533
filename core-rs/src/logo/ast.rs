//! The parsed program: procedures of statements and expressions, in the numbering of
//! Logo 1.3. The parser builds it; code generation and the JSON parse tree read it.

use super::lexer::BinOp;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A literal: NUM8 when below 256, else NUM16.
    Num(u16),
    /// A literal always written as NUM16 (node ids).
    Num16(u16),
    /// INPUT k
    Param(u8),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `args…` in this order, then `op` (1.3 numbering).
    Prim(u8, Vec<Expr>),
    /// STRING len bytes
    Text(Vec<u8>),
    /// `sensorN` (1.3: NUM8 n READSENSOR; legacy: one opcode per port).
    Sensor(u8),
    /// `switchN`
    Switch(u8),
    /// A procedure call; inputs in source order (pushed last first).
    Call {
        name: String,
        args: Vec<Expr>,
        line: usize,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    /// Line of the `[`.
    pub line: usize,
    /// The source line of each statement.
    pub lines: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stmt {
    /// `args…` in this order, then `op`.
    Prim(u8, Vec<Expr>),
    Call(Expr),
    /// `ab,`
    TalkTo(u8),
    /// `show "text"`
    ShowText(Vec<u8>),
    Repeat(Expr, Block),
    If(Expr, Block),
    IfElse(Expr, Block, Block),
    IfStateChange(u8, Expr, Block),
    Forever(Block),
    WaitUntil(Expr, usize),
    /// The voice-recorder module: `play`, `nexttrack`, `prevtrack`, `erasetracks`, or
    /// `gototrack e` (an I2C register write, then a one-second wait).
    Voice(&'static str, Option<Expr>),
}

impl Stmt {
    /// Whether logoc's text form of the statement starts with its list (`, LIST, …`).
    pub fn starts_with_list(&self) -> bool {
        matches!(self, Stmt::Forever(_) | Stmt::WaitUntil(..))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Procedure {
    pub name: String,
    pub line: usize,
    /// The parameter-count byte; `None` for the entry procedure (ends with CODE_END).
    pub header: Option<u8>,
    /// The `:name` inputs written after the name (the first pass may count more words of
    /// the `to` line, as logoc does).
    pub params: Vec<String>,
    pub body: Vec<Stmt>,
    /// The source line of each statement of `body`.
    pub lines: Vec<usize>,
}

/// A parsed program with what its parse resolved: the global variables by slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub procedures: Vec<Procedure>,
    pub globals: Vec<String>,
}
