//! Byte code → statement trees, by running the byte code on a symbolic stack: every opcode
//! pops its inputs as expressions and pushes an expression or completes a statement, so the
//! tree is exactly the one the compiler emitted (reference §3).

use super::{DecompileError, ErrorCode};
use crate::logo::lexer::BinOp;
pub use crate::logo::lexer::MotorQuery;
use crate::logo::opcodes::{op, InstructionSet, OpInfo};
use crate::logo::versions::Profile;
use std::collections::BTreeSet;

mod operations;
pub use operations::fold_voice;

/// How deep lists and expressions may nest (the compiler's own limit).
pub const MAX_DEPTH: usize = crate::logo::parser::MAX_NESTING;

type R<T> = Result<T, DecompileError>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// NUM8, or NUM16 of 256 and more.
    Num(u16),
    /// NUM16 below 256: only `talkto n<id>` writes one.
    Num16(u16),
    Param(u8),
    Global(u8),
    Text(Vec<u8>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// A reporter without inputs (`timer`, `newir?`, …).
    Reporter(&'static str),
    /// A one-input reporter (`random`, `lowbyte`, `readsensor`, …).
    Unary(&'static str, Box<Expr>),
    Sensor(u8),
    Switch(u8),
    /// `seconds` … `year`.
    Clock(u8),
    MotorState(MotorQuery, u8),
    /// `i2cread addr reg`
    I2cRead(Box<Expr>, Box<Expr>),
    /// KEY's result, waiting for OP_KEY_COMPARE.
    Key(Vec<u8>),
    KeyCompare(Vec<u8>, Vec<u8>),
    IntKey(Vec<u8>),
    /// A call: the callee's address and its inputs in Logo order.
    Call(usize, Vec<Expr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stmt {
    /// A command without inputs (`beep`, `stop`, …).
    Word(&'static str),
    /// A command with one expression input (`wait e`, `output e`, …).
    WordArg(&'static str, Expr),
    /// A Raspberry Pi command with one text input (`say "…"`).
    WordText(&'static str, Vec<u8>),
    TalkTo(u8),
    TalkToNode(Expr),
    Set(u8, Expr),
    RecordTo(Expr, Vec<u8>),
    Show(Expr),
    ShowText(Vec<u8>),
    I2cWrite(Expr, Expr, Expr),
    /// `play`, `nexttrack`, `prevtrack`, `erasetracks`, or `gototrack e`.
    Voice(&'static str, Option<Expr>),
    SendMail(Vec<u8>, Vec<u8>, Vec<u8>),
    SendSms(Vec<u8>, Vec<u8>),
    ShowLogPlot(Expr, Vec<u8>),
    SendMessage(Vec<u8>, Expr),
    CloudRecord(bool, Vec<u8>, Expr),
    Repeat(Expr, Vec<Stmt>),
    If(Expr, Vec<Stmt>),
    IfElse(Expr, Vec<Stmt>, Vec<Stmt>),
    IfStateChange(Expr, Vec<Stmt>),
    Forever(Vec<Stmt>),
    WaitUntil(Expr),
    Call(usize, Vec<Expr>),
}

impl Stmt {
    /// The lists this statement holds.
    pub fn blocks(&self) -> Vec<&[Stmt]> {
        match self {
            Stmt::Repeat(_, b) | Stmt::If(_, b) | Stmt::IfStateChange(_, b) | Stmt::Forever(b) => {
                vec![b]
            }
            Stmt::IfElse(_, a, b) => vec![a, b],
            _ => Vec::new(),
        }
    }

    /// logoc's text form starts this statement with its list (see
    /// `Profile::list_length_overcount`).
    fn starts_with_list(&self) -> bool {
        matches!(self, Stmt::Forever(_) | Stmt::WaitUntil(_))
    }
}

/// The empty items logoc 1.3 counts in a list's length for the lists inside it.
pub fn phantoms_inside(stmts: &[Stmt]) -> usize {
    stmts
        .iter()
        .flat_map(Stmt::blocks)
        .map(|b| phantoms_inside(b) + usize::from(b.first().map_or(false, Stmt::starts_with_list)))
        .sum()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Procedure {
    /// Address of its first byte (the parameter count, or 0 for the first procedure).
    pub start: usize,
    /// The parameter-count byte; `None` for the first procedure.
    pub header: Option<u8>,
    pub params: usize,
    pub body: Vec<Stmt>,
}

/// A procedure read as far as it goes, with the places it could end.
pub struct ProcedureRead {
    pub start: usize,
    header: u8,
    stmts: Vec<Stmt>,
    pub ends: Vec<Checkpoint>,
}

/// A value on the symbolic stack.
enum Item {
    E(Expr, usize),
    Block(Vec<Stmt>),
    Cond(Expr),
}

/// What ends the sequence being read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seq {
    /// The first procedure: CODE_END.
    Main,
    /// Another procedure: a STOP outside lists (the last one is its end).
    Proc(u8),
    /// A list: EOL, or EOLR for a `waituntil` condition.
    List,
}

enum Ended {
    Eol(Vec<Stmt>),
    Eolr(Expr),
    /// A procedure's statements (its final STOP removed for a non-first procedure).
    Body(Vec<Stmt>),
}

pub struct Reader<'a> {
    code: &'a [u8],
    profile: &'a Profile,
    pos: usize,
    /// Reading stops here: the next known procedure start, or the end.
    limit: usize,
    /// Known procedure starts (call targets).
    targets: &'a BTreeSet<usize>,
    /// Inputs of a call to the first procedure (address 0).
    main_arity: usize,
    /// Inputs the first procedure reads (highest INPUT + 1).
    pub main_inputs: usize,
    /// Call targets seen, in order.
    pub calls: Vec<usize>,
    depth: usize,
    /// The procedure being read: its parameter count.
    current: Seq,
    /// `ifstatechange` commands and globals met so far, in the compiler's order.
    state_changes: usize,
    globals: usize,
    /// Things the compiler would have written differently (an `ifstatechange` id out of
    /// sequence, a global read before its first `set` or set out of slot order, a long list
    /// header for a short list). Tolerated, but a sign that bytes after a STOP belong to the
    /// next procedure.
    soft: usize,
}

/// Where a procedure could end: the reader's state after a STOP outside lists.
#[derive(Debug, Clone, Copy)]
pub struct Checkpoint {
    pos: usize,
    stmts: usize,
    calls: usize,
    state_changes: usize,
    globals: usize,
    soft: usize,
}

fn error(code: ErrorCode, offset: usize, message: String) -> DecompileError {
    DecompileError {
        code,
        offset,
        message,
    }
}

impl<'a> Reader<'a> {
    pub fn new(
        code: &'a [u8],
        profile: &'a Profile,
        targets: &'a BTreeSet<usize>,
        main_arity: usize,
    ) -> Self {
        Reader {
            code,
            profile,
            pos: 0,
            limit: code.len(),
            targets,
            main_arity,
            main_inputs: 0,
            calls: Vec::new(),
            depth: 0,
            current: Seq::Main,
            state_changes: 0,
            globals: 0,
            soft: 0,
        }
    }

    fn info(&self, code: u8) -> Option<&'static OpInfo> {
        InstructionSet::V13.lookup(code)
    }

    fn byte(&mut self) -> R<u8> {
        if self.pos >= self.limit {
            return Err(if self.limit < self.code.len() {
                error(
                    ErrorCode::BadCall,
                    self.limit,
                    format!(
                        "A call goes to byte {}, inside the procedure before it",
                        self.limit
                    ),
                )
            } else {
                error(
                    ErrorCode::Truncated,
                    self.pos,
                    "The byte code is cut off".to_string(),
                )
            });
        }
        let b = self.code[self.pos];
        self.pos += 1;
        Ok(b)
    }

    fn word(&mut self) -> R<u16> {
        let hi = self.byte()?;
        let lo = self.byte()?;
        Ok(u16::from_be_bytes([hi, lo]))
    }

    /// The first procedure: from 0 to its CODE_END.
    pub fn main(&mut self) -> R<(Procedure, usize)> {
        self.pos = 0;
        self.limit = self.code.len();
        self.current = Seq::Main;
        match self.sequence(Seq::Main)? {
            Ended::Body(body) => Ok((
                Procedure {
                    start: 0,
                    header: None,
                    params: 0,
                    body,
                },
                self.pos,
            )),
            _ => Err(error(
                ErrorCode::Structure,
                self.pos,
                "The first procedure does not end with CODE_END".to_string(),
            )),
        }
    }

    /// Another procedure starting at `start`, read as far as it can go (never past
    /// `limit`), with every place it could end: after each STOP outside lists. The ends
    /// come in reading order; the last one is where reading on stopped.
    pub fn procedure(&mut self, start: usize, limit: usize) -> R<ProcedureRead> {
        self.pos = start;
        self.limit = limit;
        let header = self.byte()?;
        self.current = Seq::Proc(header);
        let mut stack: Vec<Item> = Vec::new();
        let mut stmts: Vec<Stmt> = Vec::new();
        let mut ends: Vec<Checkpoint> = Vec::new();
        loop {
            let before = stmts.len();
            match self.instruction(Seq::Proc(header), &mut stack, &mut stmts) {
                Ok(_) => {}
                Err(e) if ends.is_empty() => return Err(e),
                // What follows a `stop` is not more of this procedure: it ended at a STOP
                // and the next one (never called) begins there.
                Err(_) => break,
            }
            // Reading on past a STOP met something the compiler would not write there.
            if ends.last().map_or(false, |c| self.soft > c.soft) {
                break;
            }
            let stopped = stmts.len() > before && stmts.last() == Some(&Stmt::Word("stop"));
            if stopped && stack.is_empty() {
                ends.push(Checkpoint {
                    pos: self.pos,
                    stmts: stmts.len(),
                    calls: self.calls.len(),
                    state_changes: self.state_changes,
                    globals: self.globals,
                    soft: self.soft,
                });
                if self.pos >= self.limit || self.targets.contains(&self.pos) {
                    break;
                }
            }
        }
        Ok(ProcedureRead {
            start,
            header,
            stmts,
            ends,
        })
    }

    /// The procedure of `read` ending at `read.ends[i]`; the reader continues from there.
    pub fn end_at(&mut self, read: &ProcedureRead, i: usize) -> (Procedure, usize) {
        let c = read.ends[i];
        self.pos = c.pos;
        self.calls.truncate(c.calls);
        self.state_changes = c.state_changes;
        self.globals = c.globals;
        self.soft = c.soft;
        // The last STOP is the procedure's end, not a `stop` command.
        let body = read.stmts[..c.stmts - 1].to_vec();
        (
            Procedure {
                start: read.start,
                header: Some(read.header),
                params: usize::from(read.header),
                body,
            },
            c.pos,
        )
    }

    /// The reader's state, to come back to when a reading does not work out.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            stmts: 0,
            calls: self.calls.len(),
            state_changes: self.state_changes,
            globals: self.globals,
            soft: self.soft,
        }
    }

    pub fn restore(&mut self, c: Checkpoint) {
        self.pos = c.pos;
        self.calls.truncate(c.calls);
        self.state_changes = c.state_changes;
        self.globals = c.globals;
        self.soft = c.soft;
    }

    fn pop(&self, stack: &mut Vec<Item>, at: usize) -> R<Item> {
        stack.pop().ok_or_else(|| {
            error(
                ErrorCode::Stack,
                at,
                "An instruction takes a value that no earlier instruction gave".to_string(),
            )
        })
    }

    fn pop_expr(&self, stack: &mut Vec<Item>, at: usize) -> R<(Expr, usize)> {
        match self.pop(stack, at)? {
            Item::E(e, d) => Ok((e, d)),
            _ => Err(error(
                ErrorCode::Stack,
                at,
                "An instruction takes a list where a value belongs".to_string(),
            )),
        }
    }

    fn pop_block(&self, stack: &mut Vec<Item>, at: usize) -> R<Vec<Stmt>> {
        match self.pop(stack, at)? {
            Item::Block(b) => Ok(b),
            _ => Err(error(
                ErrorCode::Stack,
                at,
                "A control instruction does not find its list".to_string(),
            )),
        }
    }

    fn pop_text(&self, stack: &mut Vec<Item>, at: usize) -> R<Vec<u8>> {
        match self.pop_expr(stack, at)?.0 {
            Expr::Text(t) => Ok(t),
            _ => Err(not_expressible(
                at,
                "an instruction that takes text gets a number",
            )),
        }
    }

    fn pop_literal(&self, stack: &mut Vec<Item>, at: usize, what: &str) -> R<u16> {
        match self.pop_expr(stack, at)?.0 {
            Expr::Num(n) => Ok(n),
            _ => Err(not_expressible(
                at,
                &format!("{what} is not a literal number"),
            )),
        }
    }

    /// Pushes an expression whose inputs had depths `depths`.
    fn push(&self, stack: &mut Vec<Item>, e: Expr, depths: &[usize], at: usize) -> R<()> {
        let d = 1 + depths.iter().copied().max().unwrap_or(0);
        if d > MAX_DEPTH {
            return Err(error(
                ErrorCode::TooDeep,
                at,
                format!("Expressions nest more than {MAX_DEPTH} levels deep"),
            ));
        }
        stack.push(Item::E(e, d));
        Ok(())
    }

    /// Values left under a completed statement are calls used as statements; anything else
    /// is byte code no Logo program compiles to.
    fn flush(&self, stack: &mut Vec<Item>, stmts: &mut Vec<Stmt>, at: usize) -> R<()> {
        for item in stack.drain(..) {
            match item {
                Item::E(Expr::Call(target, args), _) => stmts.push(Stmt::Call(target, args)),
                _ => {
                    return Err(error(
                        ErrorCode::Stack,
                        at,
                        "A value is left over between commands".to_string(),
                    ))
                }
            }
        }
        Ok(())
    }

    /// Reads instructions until the sequence's end.
    fn sequence(&mut self, seq: Seq) -> R<Ended> {
        let mut stack: Vec<Item> = Vec::new();
        let mut stmts: Vec<Stmt> = Vec::new();
        loop {
            if let Some(ended) = self.instruction(seq, &mut stack, &mut stmts)? {
                return Ok(ended);
            }
        }
    }

    /// One instruction; `Some` when it ends the sequence.
    fn instruction(
        &mut self,
        seq: Seq,
        stack: &mut Vec<Item>,
        stmts: &mut Vec<Stmt>,
    ) -> R<Option<Ended>> {
        let at = self.pos;
        let code = self.byte()?;
        let info = match self.info(code) {
            Some(i) => i,
            None => {
                return Err(error(
                    ErrorCode::BadOpcode,
                    at,
                    format!("{code} is not an opcode of Logo 1.3 byte code"),
                ))
            }
        };
        let stmt = match code {
            op::CODE_END => {
                if seq != Seq::Main || self.depth > 0 {
                    return Err(error(
                        ErrorCode::Structure,
                        at,
                        "CODE_END inside a list or after the first procedure".to_string(),
                    ));
                }
                self.flush(stack, stmts, at)?;
                return Ok(Some(Ended::Body(std::mem::take(stmts))));
            }
            op::EOL | op::EOLR if seq != Seq::List => {
                return Err(error(
                    ErrorCode::Structure,
                    at,
                    "A list end outside a list".to_string(),
                ))
            }
            op::EOL => {
                self.flush(stack, stmts, at)?;
                return Ok(Some(Ended::Eol(std::mem::take(stmts))));
            }
            op::EOLR => {
                let cond = self.pop_expr(stack, at)?.0;
                if !stack.is_empty() || !stmts.is_empty() {
                    return Err(error(
                        ErrorCode::Structure,
                        at,
                        "A waituntil list holds more than its condition".to_string(),
                    ));
                }
                return Ok(Some(Ended::Eolr(cond)));
            }
            op::NUM8 => {
                let n = self.byte()?;
                stack.push(Item::E(Expr::Num(u16::from(n)), 1));
                None
            }
            op::NUM16 => {
                let n = self.word()?;
                let e = if n < 256 {
                    Expr::Num16(n)
                } else {
                    Expr::Num(n)
                };
                stack.push(Item::E(e, 1));
                None
            }
            op::STRING => {
                let n = usize::from(self.byte()?);
                if self.pos + n > self.limit {
                    self.pos = self.limit;
                    return Err(error(
                        ErrorCode::Truncated,
                        at,
                        "A text runs past the end of the byte code".to_string(),
                    ));
                }
                let text = self.code[self.pos..self.pos + n].to_vec();
                self.pos += n;
                stack.push(Item::E(Expr::Text(text), 1));
                None
            }
            op::LIST | op::LONG_LIST => {
                let n = if code == op::LIST {
                    usize::from(self.byte()?)
                } else {
                    usize::from(self.word()?)
                };
                if code == op::LONG_LIST && n < 256 {
                    self.soft += 1;
                }
                let item = self.list(at, n)?;
                stack.push(item);
                None
            }
            op::INPUT => {
                let k = self.byte()?;
                match self.current {
                    Seq::Proc(n) if k >= n => {
                        return Err(error(
                            ErrorCode::Structure,
                            at,
                            format!("The procedure has {n} inputs but reads input {k}"),
                        ))
                    }
                    Seq::Main => self.main_inputs = self.main_inputs.max(usize::from(k) + 1),
                    _ => {}
                }
                stack.push(Item::E(Expr::Param(k), 1));
                None
            }
            op::CALL => {
                let target = usize::from(self.word()?);
                if target >= self.code.len() {
                    return Err(error(
                        ErrorCode::BadCall,
                        at,
                        format!("A call to byte {target}, past the end of the byte code"),
                    ));
                }
                let arity = if target == 0 {
                    self.main_arity
                } else {
                    usize::from(self.code[target])
                };
                let mut args = Vec::with_capacity(arity);
                let mut depths = Vec::with_capacity(arity);
                for _ in 0..arity {
                    let (e, d) = self.pop_expr(stack, at)?;
                    args.push(e);
                    depths.push(d);
                }
                self.calls.push(target);
                self.push(stack, Expr::Call(target, args), &depths, at)?;
                None
            }
            _ => self.operation(code, info, stack, at)?,
        };
        if let Some(s) = stmt {
            // A command: what is left under its inputs were calls used as commands.
            self.flush(stack, stmts, at)?;
            stmts.push(s);
        }
        Ok(None)
    }

    /// `LIST n` at `at`: the list's statements (or `waituntil` condition), with its length
    /// checked against what the version's compiler writes.
    fn list(&mut self, at: usize, n: usize) -> R<Item> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(error(
                ErrorCode::TooDeep,
                at,
                format!("Lists nest more than {MAX_DEPTH} levels deep"),
            ));
        }
        let start = self.pos;
        let ended = self.sequence(Seq::List);
        self.depth -= 1;
        let ended = ended?;
        let actual = self.pos - start;
        let (item, want) = match ended {
            Ended::Eol(stmts) => {
                let extra = if self.profile.list_length_overcount {
                    phantoms_inside(&stmts)
                } else {
                    0
                };
                (Item::Block(stmts), actual + extra)
            }
            Ended::Eolr(cond) => (Item::Cond(cond), actual),
            Ended::Body(_) => (Item::Block(Vec::new()), usize::MAX),
        };
        if n != want {
            return Err(error(
                ErrorCode::ListLength,
                at,
                format!(
                    "The list at byte {at} says {n} bytes but holds {want} as Logo {} counts them",
                    self.profile.version.as_str()
                ),
            ));
        }
        Ok(item)
    }
}

fn not_expressible(at: usize, what: &str) -> DecompileError {
    error(
        ErrorCode::NotExpressible,
        at,
        format!("No Logo text compiles to this byte code: {what}"),
    )
}

/// The inputs the first procedure reads (highest `INPUT k` + 1), by walking its
/// instructions from byte 0 to the first CODE_END: a call to it passes that many.
pub fn first_procedure_inputs(code: &[u8]) -> usize {
    let mut pos = 0;
    let mut inputs = 0;
    while let Some(&b) = code.get(pos) {
        let size = match InstructionSet::V13.lookup(b) {
            Some(info) if b != op::CODE_END => info.operand.size(&code[pos + 1..]),
            _ => None,
        };
        let size = match size {
            Some(n) => n,
            None => break,
        };
        if b == op::INPUT {
            inputs = inputs.max(usize::from(code[pos + 1]) + 1);
        }
        pos += 1 + size;
    }
    inputs
}
