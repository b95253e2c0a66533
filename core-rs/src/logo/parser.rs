//! The second pass: parse the tokens into procedures, resolving names as logoc does.
//!
//! logoc is an LALR parser with a precedence table; this recursive-descent parser accepts
//! the same programs and groups them the same way:
//! - Binary operators, loosest first: `and or xor` < `< <= > >= =` < `+ -` < `* / %`, all
//!   left-associative.
//! - `not e` takes everything that binds tighter than comparisons (`not a + b = c` is
//!   `(not (a + b)) = c`).
//! - One-input reporters (`random lowbyte highbyte readsensor readswitch`) and the last
//!   input of `i2cread` and of a procedure call take a single operand: `n * fact n - 1` is
//!   `(n * fact(n)) - 1`. Earlier inputs of a call, and every command input, take a whole
//!   expression.
//!
//! Side effects happen in logoc's reduction order, so results match it: a global variable
//! exists from the end of its first `set` (after that `set`'s expression), `ifstatechange`
//! numbers are given when the command ends (inner ones first), and a name is a parameter
//! when the first pass lists it for the procedure at the same position.

use super::ast::{Block, Expr, Procedure, Program, Stmt};
use super::firstpass::FirstPass;
use super::lexer::{BinOp, MotorQuery, Tok, Token, ANSWER_WORD, MAX_NUMBER};
use super::opcodes::op;
use super::versions::{Feature, LogoVersion};
use super::{LogoError, LogoErrorCode};
use std::collections::HashSet;

/// The most distinct globals, parameters or `ifstatechange` ids a NUM8/INPUT byte can name.
const MAX_INDEX: usize = 255;
/// STRING holds at most 255 bytes.
pub const MAX_TEXT_BYTES: usize = 255;

/// A stretch of the source: the line it starts on and its byte offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

impl Span {
    fn of(t: &Token) -> Span {
        Span {
            line: t.line,
            start: t.start,
            end: t.end,
        }
    }
}

/// Why a parse stopped: the error, the token it stopped at when one is to blame, the line of
/// the procedure being read, and where the mistake is (see [`Parser::mistake`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub error: LogoError,
    pub token: Option<Token>,
    pub procedure_line: usize,
    pub mistake: Option<Span>,
}

type Result<T> = std::result::Result<T, LogoError>;

/// Binding power that takes a single operand (no binary operator).
const PRIMARY: u8 = 9;

/// How deep parentheses, prefix operators, call inputs and lists may nest. logoc has no
/// limit; this one keeps the recursive parser within the WebAssembly stack (1 MiB) with a
/// wide margin. Real programs nest a handful of levels.
pub const MAX_NESTING: usize = 256;

pub struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    first: &'a FirstPass,
    version: LogoVersion,
    globals: Vec<String>,
    state_changes: usize,
    /// Names of procedures ended so far (logoc's `procedures` list; only membership and
    /// the first name matter).
    seen: HashSet<String>,
    first_seen: Option<String>,
    /// Procedures ended so far, the index into the first pass's order.
    proc_index: usize,
    /// Current nesting depth (see [`MAX_NESTING`]).
    depth: usize,
    /// Binary operators parsed so far. Each one costs at least a byte of byte code, so more
    /// than the version's byte limit means the program is too large; stopping there also
    /// bounds how deep a chain like `1 + 1 + 1 …` can make the expression tree.
    operators: usize,
    /// The token a syntax, name or version error was raised at (see [`Failure`]).
    failed: std::cell::RefCell<Option<Token>>,
    /// Line of the `to` of the procedure being read.
    procedure_line: usize,
    /// The `to NAME` of the procedure being read.
    header: Option<Span>,
    /// The first token of each statement being read, innermost last.
    open_statements: Vec<Span>,
    /// Each list being read, innermost last: from its statement's first token to its `[`.
    open_lists: Vec<Span>,
    /// The last two tokens taken, the latest second.
    taken: [Option<Span>; 2],
}

fn error(code: LogoErrorCode, line: usize, message: String) -> LogoError {
    LogoError {
        code,
        message,
        line,
    }
}

fn syntax(src: &str, t: &Token) -> LogoError {
    match &t.tok {
        Tok::Bad(e) => (**e).clone(),
        Tok::Eof => error(
            LogoErrorCode::Syntax,
            t.line,
            format!("Line {}: Syntax error at the end of the program", t.line),
        ),
        _ => error(
            LogoErrorCode::Syntax,
            t.line,
            format!("Line {}: Syntax error at '{}'", t.line, t.text(src)),
        ),
    }
}

fn unsupported(src: &str, t: &Token, version: LogoVersion) -> LogoError {
    error(
        LogoErrorCode::Unsupported,
        t.line,
        format!(
            "Line {}: '{}' is not available in Logo {}",
            t.line,
            t.text(src),
            version.as_str()
        ),
    )
}

/// Commands without inputs and their opcode.
fn plain_command(w: &str) -> Option<(u8, Option<Feature>)> {
    let f_pi = Some(Feature::RaspberryPi);
    Some(match w {
        "stop" => (op::STOP, None),
        "beep" => (op::BEEP, None),
        "resett" => (op::RESETT, None),
        "resetdp" => (op::RESETDP, None),
        "on" => (op::ON, None),
        "off" => (op::OFF, None),
        "thisway" | "cw" => (op::THISWAY, None),
        "thatway" | "ccw" => (op::THATWAY, None),
        "rd" => (op::RD, None),
        "stopall" => (op::STOPALL, None),
        "ledon" => (op::LEDON, None),
        "ledoff" => (op::LEDOFF, None),
        "rtc_init" => (op::RTC_INIT, None),
        "cls" => (op::CLS, None),
        "talk_to_7seg_1" => (op::TALK_TO_7SEG_1, None),
        "talk_to_7seg_2" => (op::TALK_TO_7SEG_2, None),
        "talk_to_lcd_1" => (op::TALK_TO_LCD_1, None),
        "talk_to_lcd_2" => (op::TALK_TO_LCD_2, None),
        "cleartick" => (op::CLEARTICK, Some(Feature::TickTimer)),
        "usecamera" => (op::USECAMERA, f_pi),
        "closecamera" => (op::CLOSECAMERA, f_pi),
        "startfindface" => (op::STARTFINDFACE, f_pi),
        "stopfindface" => (op::STOPFINDFACE, f_pi),
        "takesnapshot" => (op::TAKESNAPSHOT, f_pi),
        "stopsound" => (op::STOPSOUND, f_pi),
        "userfid" => (op::USERFID, f_pi),
        "closerfid" => (op::CLOSERFID, f_pi),
        "rfidbeep" => (op::RFIDBEEP, f_pi),
        "usesms" => (op::USESMS, f_pi),
        "clearkeys" => (op::CLEARKEYS, Some(Feature::Text)),
        _ => return None,
    })
}

/// Commands with one expression input and their opcode.
fn one_input_command(w: &str) -> Option<(u8, Option<Feature>)> {
    Some(match w {
        "output" => (op::OUTPUT, None),
        "onfor" => (op::ONFOR, None),
        "wait" => (op::WAIT, None),
        "setdp" => (op::SETDP, None),
        "erase" => (op::ERASE, None),
        "setpower" => (op::SETPOWER, None),
        "seth" => (op::SETH, None),
        "lt" => (op::LT, None),
        "rt" => (op::RT, None),
        "setpos" => (op::SETPOS, None),
        "settickrate" => (op::SETTICKRATE, Some(Feature::TickTimer)),
        "writerfid" => (op::WRITERFID, Some(Feature::RaspberryPi)),
        "setanswer" => (op::SET_ANSWER, Some(Feature::Answer)),
        // The legacy TALK_TO_MOTOR has the same number as 1.3's TALKTO.
        "talk_to_motor" => (op::TALKTO, Some(Feature::TalkToMotorExpression)),
        _ => return None,
    })
}

/// Commands with one text input and their opcode.
fn text_command(w: &str) -> Option<u8> {
    Some(match w {
        "playsound" => op::PLAYSOUND,
        "showimage" => op::SHOWIMAGE,
        "newrecordfile" => op::NEWRECORDFILE,
        "say" => op::SAY,
        _ => return None,
    })
}

/// Reporters without inputs and their opcode.
fn plain_reporter(w: &str) -> Option<(u8, Option<Feature>)> {
    let f_pi = Some(Feature::RaspberryPi);
    Some(match w {
        "timer" => (op::TIMER, None),
        "ir" => (op::IR, None),
        "recall" => (op::RECALL, None),
        "serial" => (op::SERIAL, None),
        "getpos" => (op::GETPOS, None),
        "newir?" => (op::NEWIR, None),
        "newserial?" => (op::NEWSERIAL, None),
        "tickcount" => (op::TICKCOUNT, Some(Feature::TickTimer)),
        "facefound?" => (op::FACEFOUND, f_pi),
        "cameraison" => (op::CAMERAISON, f_pi),
        "isfindingface" => (op::ISFINDINGFACE, f_pi),
        "screentapped?" => (op::SCREENTAPPED, f_pi),
        "readrfid" => (op::READRFID, f_pi),
        "rfidtagfound?" => (op::RFIDTAGFOUND, f_pi),
        "rfidreaderfound?" => (op::RFIDREADERFOUND, f_pi),
        _ => return None,
    })
}

/// One-input reporters and their opcode.
fn one_input_reporter(w: &str) -> Option<(u8, Option<Feature>)> {
    Some(match w {
        "lowbyte" => (op::LOWBYTE, None),
        "highbyte" => (op::HIGHBYTE, None),
        "readsensor" => (op::READSENSOR, Some(Feature::PortReporters)),
        "readswitch" => (op::READSWITCH, Some(Feature::PortReporters)),
        _ => return None,
    })
}

fn clock_item(w: &str) -> Option<u16> {
    ["seconds", "minutes", "hours", "dow", "day", "month", "year"]
        .iter()
        .position(|&c| c == w)
        .map(|i| i as u16)
}

/// The port of `sensorN` / `switchN`.
fn port_of(w: &str, prefix: &str) -> Option<u8> {
    let n = w.strip_prefix(prefix)?;
    match n.as_bytes() {
        [d @ b'1'..=b'8'] => Some(d - b'0'),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a str, toks: Vec<Token>, first: &'a FirstPass, version: LogoVersion) -> Self {
        Parser {
            src,
            toks,
            pos: 0,
            first,
            version,
            globals: Vec::new(),
            state_changes: 0,
            seen: HashSet::new(),
            first_seen: None,
            proc_index: 0,
            depth: 0,
            operators: 0,
            failed: std::cell::RefCell::new(None),
            procedure_line: 0,
            header: None,
            open_statements: Vec::new(),
            open_lists: Vec::new(),
            taken: [None, None],
        }
    }

    /// Where the mistake behind `error` is, for an editor to mark; the compiler's message
    /// keeps naming the token it stopped at (logoc's text). Most often that is the token
    /// itself. When a statement runs out of inputs at the end of its line, the parse reads
    /// on and stops at the next line's first word: the mistake is that statement, from its
    /// first word to its last input. When the parse stops at `end`, `to` or the end of the
    /// text where a statement belongs, the list (or else the procedure) still open lacks
    /// its `]` (its `end`).
    fn mistake(&self, error: &LogoError) -> Option<Span> {
        let failed = self.failed.borrow().clone()?;
        let at = Span::of(&failed);
        // A stale token from an earlier look-up: the error is about something else.
        if at.line != error.line {
            return None;
        }
        if error.code != LogoErrorCode::Syntax {
            return Some(at);
        }
        let eof = failed.tok == Tok::Eof;
        let statement = match self.open_statements.last() {
            Some(s) => *s,
            None => return Some(at),
        };
        if statement.start < at.start {
            let last_input = self
                .taken
                .iter()
                .rev()
                .flatten()
                .find(|t| t.start < at.start && t.start >= statement.start);
            return Some(match last_input {
                Some(input) if eof || input.line < at.line => Span {
                    line: statement.line,
                    start: statement.start,
                    end: input.end,
                },
                _ => at,
            });
        }
        if eof || matches!(failed.tok, Tok::Word("end") | Tok::Decl(_)) {
            if let Some(list) = self.open_lists.last() {
                return Some(*list);
            }
            if let Some(header) = self.header {
                return Some(header);
            }
        }
        Some(at)
    }

    /// Remembers the token an error is raised at.
    fn blame(&self, t: &Token) {
        *self.failed.borrow_mut() = Some(t.clone());
    }

    /// Enters one nesting level at token `t`; pair with `leave`.
    fn enter(&mut self, line: usize) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(error(
                LogoErrorCode::TooDeep,
                line,
                format!("Line {line}: This program nests more than {MAX_NESTING} levels deep"),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn peek(&self) -> &Token {
        // `tokens()` always ends with Eof and `next` never moves past it.
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    /// Takes the next token (the final Eof stays in place).
    fn next(&mut self) -> Token {
        if self.pos + 1 < self.toks.len() {
            let placeholder = Token {
                tok: Tok::Eof,
                line: 0,
                start: 0,
                end: 0,
            };
            let t = std::mem::replace(&mut self.toks[self.pos], placeholder);
            self.pos += 1;
            self.taken = [self.taken[1], Some(Span::of(&t))];
            t
        } else {
            self.peek().clone()
        }
    }

    fn syntax(&self, t: &Token) -> LogoError {
        self.blame(t);
        syntax(self.src, t)
    }

    fn need(&self, t: &Token, feature: Feature) -> Result<()> {
        if self.version.supports(feature) {
            Ok(())
        } else {
            self.blame(t);
            Err(unsupported(self.src, t, self.version))
        }
    }

    fn expect(&mut self, want: &Tok) -> Result<Token> {
        let t = self.next();
        if &t.tok == want {
            Ok(t)
        } else {
            Err(self.syntax(&t))
        }
    }

    fn text(&mut self) -> Result<Vec<u8>> {
        let t = self.next();
        match t.tok {
            Tok::Str(s) if s.len() > MAX_TEXT_BYTES => Err(error(
                LogoErrorCode::TextTooLong,
                t.line,
                format!(
                    "Line {}: This text is {} bytes long; text can have at most {} bytes",
                    t.line,
                    s.len(),
                    MAX_TEXT_BYTES
                ),
            )),
            Tok::Str(s) => Ok(s),
            _ => Err(self.syntax(&t)),
        }
    }

    fn text_expr(&mut self) -> Result<Expr> {
        Ok(Expr::Text(self.text()?))
    }

    fn peek_is_text(&self) -> bool {
        matches!(self.peek().tok, Tok::Str(_))
    }

    // ---------------------------------------------------------------- expressions

    /// An expression whose binary operators all have at least level `min`.
    fn expr(&mut self, min: u8) -> Result<Expr> {
        self.enter(self.peek().line)?;
        let mut left = self.prefix()?;
        loop {
            let op = match self.peek().tok {
                Tok::Op(op) if op.level() >= min => op,
                _ => break,
            };
            self.next();
            self.operators += 1;
            if self.operators > self.version.profile().max_bytes {
                return Err(LogoError::too_large());
            }
            let right = self.expr(op.level() + 1)?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
        self.leave();
        Ok(left)
    }

    fn full(&mut self) -> Result<Expr> {
        self.expr(1)
    }

    /// logoc reads the token after a name before it looks the name up, so a token that
    /// cannot follow any expression is reported first (as a syntax error).
    fn check_after_expression(&self) -> Result<()> {
        let next = self.peek();
        match next.tok {
            Tok::Decl(_) | Tok::Param(_) | Tok::NodeId(_) | Tok::Eof | Tok::Bad(_) => {
                Err(self.syntax(next))
            }
            _ => Ok(()),
        }
    }

    fn name(&self, t: &Token, name: &str) -> Result<Expr> {
        self.check_after_expression()?;
        self.blame(t);
        let current = self.first.ordered.get(self.proc_index).ok_or_else(|| {
            error(
                LogoErrorCode::Procedure,
                t.line,
                format!(
                    "Line {}: I can't tell which procedure this line belongs to. Start each procedure with 'to' at the beginning of a line and put 'end' alone on its own line",
                    t.line
                ),
            )
        })?;
        if let Some(k) = self.first.slot(current, name) {
            if k > MAX_INDEX {
                return Err(error(
                    LogoErrorCode::TooMany,
                    t.line,
                    format!("Line {}: A procedure can have at most 255 inputs", t.line),
                ));
            }
            return Ok(Expr::Param(k as u8));
        }
        if let Some(slot) = self.globals.iter().position(|g| g == name) {
            return Ok(Expr::Prim(op::GETGLOBAL, vec![Expr::Num(slot as u16)]));
        }
        Err(error(
            LogoErrorCode::UnknownName,
            t.line,
            format!("Line {}: I don't know the expression '{}'", t.line, name),
        ))
    }

    fn call_args(&mut self, arity: usize) -> Result<Vec<Expr>> {
        let mut args = Vec::with_capacity(arity);
        for i in 0..arity {
            let min = if i + 1 == arity { PRIMARY } else { 1 };
            args.push(self.expr(min)?);
        }
        Ok(args)
    }

    fn prefix(&mut self) -> Result<Expr> {
        let t = self.next();
        match &t.tok {
            Tok::Number(n) => Ok(Expr::Num(*n as u16)),
            Tok::Name(name) => self.name(&t, name),
            Tok::LParen => {
                let e = self.full()?;
                self.expect(&Tok::RParen)?;
                Ok(e)
            }
            Tok::Not => Ok(Expr::Prim(op::OP_NOT, vec![self.expr(4)?])),
            Tok::Call(name, arity) => {
                let args = self.call_args(*arity)?;
                Ok(Expr::Call {
                    name: name.clone(),
                    args,
                    line: t.line,
                })
            }
            Tok::MotorState(query, mask) => {
                self.need(&t, Feature::MotorStateReporters)?;
                let code = match query {
                    MotorQuery::On => op::ISON,
                    MotorQuery::Off => op::ISOFF,
                    MotorQuery::ThisWay => op::ISTHISWAY,
                    MotorQuery::ThatWay => op::ISTHATWAY,
                    MotorQuery::Power => op::GETPOWER,
                };
                Ok(Expr::Prim(code, vec![Expr::Num(u16::from(*mask))]))
            }
            Tok::Word(w) => self.word_reporter(&t, w),
            _ => Err(self.syntax(&t)),
        }
    }

    fn word_reporter(&mut self, t: &Token, w: &str) -> Result<Expr> {
        if let Some((code, feature)) = plain_reporter(w) {
            if let Some(f) = feature {
                self.need(t, f)?;
            }
            return Ok(Expr::Prim(code, vec![]));
        }
        if let Some((code, feature)) = one_input_reporter(w) {
            if let Some(f) = feature {
                self.need(t, f)?;
            }
            return Ok(Expr::Prim(code, vec![self.expr(PRIMARY)?]));
        }
        if let Some(n) = port_of(w, "sensor") {
            return Ok(Expr::Sensor(n));
        }
        if let Some(n) = port_of(w, "switch") {
            return Ok(Expr::Switch(n));
        }
        if let Some(item) = clock_item(w) {
            return Ok(Expr::Prim(op::RTC_GET_ITEM, vec![Expr::Num(item)]));
        }
        match w {
            "random" if self.version.supports(Feature::BareRandom) => {
                Ok(Expr::Prim(op::RANDOM, vec![]))
            }
            "random" => Ok(Expr::Prim(op::RANDOM, vec![self.expr(PRIMARY)?])),
            "i2cread" => {
                let addr = self.full()?;
                let reg = self.expr(PRIMARY)?;
                Ok(Expr::Prim(op::I2C_READ_REGISTER, vec![reg, addr]))
            }
            "key" => {
                self.need(t, Feature::Text)?;
                let key = self.text_expr()?;
                self.expect(&Tok::Op(BinOp::Equal))?;
                let value = self.text_expr()?;
                Ok(Expr::Prim(
                    op::OP_KEY_COMPARE,
                    vec![Expr::Prim(op::KEY, vec![key]), value],
                ))
            }
            "intkey" => {
                self.need(t, Feature::Text)?;
                Ok(Expr::Prim(op::INTKEY, vec![self.text_expr()?]))
            }
            // `ison`, `getpower`, … as plain words crash logoc; a syntax error here.
            _ => Err(self.syntax(t)),
        }
    }

    // ---------------------------------------------------------------- statements

    fn block(&mut self) -> Result<Block> {
        let open = self.expect(&Tok::LBracket)?;
        self.enter(open.line)?;
        let owner = self
            .open_statements
            .last()
            .map_or(Span::of(&open), |s| Span {
                end: open.end,
                ..*s
            });
        self.open_lists.push(owner);
        let (stmts, lines) = self.statements(&Tok::RBracket)?;
        self.open_lists.pop();
        self.leave();
        Ok(Block {
            stmts,
            line: open.line,
            lines,
        })
    }

    /// One or more statements, then `close` (consumed); with each statement's line.
    fn statements(&mut self, close: &Tok) -> Result<(Vec<Stmt>, Vec<usize>)> {
        let mut out = Vec::new();
        let mut lines = Vec::new();
        loop {
            let line = self.peek().line;
            self.statement(&mut out)?;
            lines.resize(out.len(), line);
            if &self.peek().tok == close {
                self.next();
                return Ok((out, lines));
            }
        }
    }

    fn statement(&mut self, out: &mut Vec<Stmt>) -> Result<()> {
        let t = self.next();
        self.open_statements.push(Span::of(&t));
        self.statement_at(&t, out)?;
        self.open_statements.pop();
        Ok(())
    }

    fn statement_at(&mut self, t: &Token, out: &mut Vec<Stmt>) -> Result<()> {
        match &t.tok {
            Tok::Word(w) => self.word_statement(t, w, out),
            Tok::Call(name, arity) => {
                let args = self.call_args(*arity)?;
                out.push(Stmt::Call(Expr::Call {
                    name: name.clone(),
                    args,
                    line: t.line,
                }));
                Ok(())
            }
            Tok::TalkTo(mask) => {
                out.push(Stmt::TalkTo(*mask));
                Ok(())
            }
            Tok::TalkToNode => {
                self.need(t, Feature::TalkToNode)?;
                let node = match self.peek().tok {
                    Tok::NodeId(n) => {
                        self.next();
                        Expr::Num16(n as u16)
                    }
                    _ => self.full()?,
                };
                out.push(Stmt::Prim(op::TALK_TO_NODE, vec![node]));
                Ok(())
            }
            Tok::CloudRecord { public, name } => {
                self.need(t, Feature::CloudRecord)?;
                let name = match name {
                    Some(n) => n.clone(),
                    None => return Err(self.syntax(self.peek())),
                };
                let value = self.full()?;
                let code = if *public {
                    op::PUBLIC_CLOUD_RECORD
                } else {
                    op::CLOUD_RECORD
                };
                out.push(Stmt::Prim(code, vec![value, Expr::Text(name)]));
                Ok(())
            }
            // `setanswer` used as a command where the version has no such command.
            Tok::Name(n) if n == ANSWER_WORD => Err(unsupported(self.src, t, self.version)),
            _ => Err(self.syntax(t)),
        }
    }

    fn word_statement(&mut self, t: &Token, w: &str, out: &mut Vec<Stmt>) -> Result<()> {
        if let Some((code, feature)) = plain_command(w) {
            if let Some(f) = feature {
                self.need(t, f)?;
            }
            out.push(Stmt::Prim(code, vec![]));
            return Ok(());
        }
        if let Some((code, feature)) = one_input_command(w) {
            if let Some(f) = feature {
                self.need(t, f)?;
            }
            out.push(Stmt::Prim(code, vec![self.full()?]));
            return Ok(());
        }
        if let Some(code) = text_command(w) {
            self.need(t, Feature::RaspberryPi)?;
            out.push(Stmt::Prim(code, vec![self.text_expr()?]));
            return Ok(());
        }
        let stmt = match w {
            "set" => {
                let n = self.next();
                let name = match n.tok {
                    Tok::Name(name) => name,
                    _ => return Err(self.syntax(&n)),
                };
                let value = self.full()?;
                let slot = match self.globals.iter().position(|g| *g == name) {
                    Some(i) => i,
                    None => {
                        self.globals.push(name);
                        self.globals.len() - 1
                    }
                };
                if slot > MAX_INDEX {
                    return Err(error(
                        LogoErrorCode::TooMany,
                        t.line,
                        format!(
                            "Line {}: A program can have at most 256 global variables",
                            t.line
                        ),
                    ));
                }
                Stmt::Prim(op::SETGLOBAL, vec![Expr::Num(slot as u16), value])
            }
            "record" => {
                let value = self.full()?;
                if self.peek_is_text() {
                    if !self.version.supports(Feature::Text) {
                        let e = unsupported(self.src, t, self.version);
                        let message = e.message.replace("'record'", "'record' with a file name");
                        return Err(LogoError { message, ..e });
                    }
                    Stmt::Prim(op::RECORD_TO_RPI, vec![value, self.text_expr()?])
                } else {
                    Stmt::Prim(op::RECORD, vec![value])
                }
            }
            "show" => {
                if self.peek_is_text() {
                    Stmt::ShowText(self.text()?)
                } else {
                    Stmt::Prim(op::SHOW, vec![self.full()?, Expr::Num(2)])
                }
            }
            "i2cwrite" => {
                let addr = self.full()?;
                let reg = self.full()?;
                let value = self.full()?;
                Stmt::Prim(op::I2C_WRITE_REGISTER, vec![value, reg, addr])
            }
            "play" | "nexttrack" | "prevtrack" | "erasetracks" | "gototrack" => {
                return self.voice(w, out);
            }
            "sendmail" => {
                self.need(t, Feature::RaspberryPi)?;
                let to = self.text_expr()?;
                let subject = self.text_expr()?;
                let body = self.text_expr()?;
                Stmt::Prim(op::SENDMAIL, vec![body, subject, to])
            }
            "sendsms" => {
                self.need(t, Feature::RaspberryPi)?;
                let number = self.text_expr()?;
                let text = self.text_expr()?;
                Stmt::Prim(op::SENDSMS, vec![text, number])
            }
            "showlogplot" => {
                self.need(t, Feature::RaspberryPi)?;
                let count = if self.peek_is_text() {
                    Expr::Num(0)
                } else {
                    self.full()?
                };
                Stmt::Prim(op::SHOWLOGPLOT, vec![count, self.text_expr()?])
            }
            "sendmessage" => {
                self.need(t, Feature::Text)?;
                let topic = self.text_expr()?;
                if self.peek_is_text() {
                    let text = self.text_expr()?;
                    Stmt::Prim(op::SEND_MESSAGE, vec![text, Expr::Num(2), topic])
                } else {
                    let value = self.full()?;
                    Stmt::Prim(op::SEND_MESSAGE, vec![value, Expr::Num(1), topic])
                }
            }
            "forever" => Stmt::Forever(self.block()?),
            "repeat" => {
                let count = self.full()?;
                Stmt::Repeat(count, self.block()?)
            }
            "if" => {
                let cond = self.full()?;
                Stmt::If(cond, self.block()?)
            }
            "ifelse" => {
                let cond = self.full()?;
                let yes = self.block()?;
                Stmt::IfElse(cond, yes, self.block()?)
            }
            "ifstatechange" => {
                self.need(t, Feature::IfStateChange)?;
                let cond = self.full()?;
                let block = self.block()?;
                let id = self.state_changes;
                if id > MAX_INDEX {
                    return Err(error(
                        LogoErrorCode::TooMany,
                        t.line,
                        format!(
                            "Line {}: A program can have at most 256 ifstatechange commands",
                            t.line
                        ),
                    ));
                }
                self.state_changes += 1;
                Stmt::IfStateChange(id as u8, cond, block)
            }
            "waituntil" => {
                let open = self.expect(&Tok::LBracket)?;
                let cond = self.full()?;
                self.expect(&Tok::RBracket)?;
                Stmt::WaitUntil(cond, open.line)
            }
            _ => return Err(self.syntax(t)),
        };
        out.push(stmt);
        Ok(())
    }

    /// The voice-recorder module (`Stmt::Voice`; the code generator writes its bytes).
    fn voice(&mut self, w: &str, out: &mut Vec<Stmt>) -> Result<()> {
        let stmt = match w {
            "gototrack" => Stmt::Voice("gototrack", Some(self.full()?)),
            "play" => Stmt::Voice("play", None),
            "nexttrack" => Stmt::Voice("nexttrack", None),
            "prevtrack" => Stmt::Voice("prevtrack", None),
            _ => Stmt::Voice("erasetracks", None),
        };
        out.push(stmt);
        Ok(())
    }

    // ---------------------------------------------------------------- procedures

    fn procedure(&mut self) -> Result<Procedure> {
        let decl = self.next();
        let name = match &decl.tok {
            Tok::Decl(name) => name.clone(),
            _ => return Err(self.syntax(&decl)),
        };
        self.procedure_line = decl.line;
        self.header = Some(Span::of(&decl));
        let mut params = Vec::new();
        while let Tok::Param(p) = &self.peek().tok {
            params.push(p.clone());
            self.next();
        }
        let (body, lines) = self.statements(&Tok::Word("end"))?;
        if self.seen.insert(name.clone()) && self.first_seen.is_none() {
            self.first_seen = Some(name.clone());
        }
        let header = if self.first_seen.as_ref() == Some(&name) {
            None
        } else {
            // logoc reads the next token before it ends the procedure.
            if !matches!(self.peek().tok, Tok::Decl(_) | Tok::Eof) {
                return Err(self.syntax(self.peek()));
            }
            let params = self.first.params.get(&name).ok_or_else(|| {
                error(
                    LogoErrorCode::Procedure,
                    decl.line,
                    format!(
                        "Line {}: I can't find where the procedure '{}' begins and ends. Start it with 'to {}' at the beginning of a line and put 'end' alone on its own line",
                        decl.line, name, name
                    ),
                )
            })?;
            if params.len() > MAX_INDEX {
                return Err(error(
                    LogoErrorCode::TooMany,
                    decl.line,
                    format!(
                        "Line {}: A procedure can have at most 255 inputs",
                        decl.line
                    ),
                ));
            }
            Some(params.len() as u8)
        };
        self.proc_index += 1;
        Ok(Procedure {
            name,
            line: decl.line,
            header,
            params,
            body,
            lines,
        })
    }

    /// The whole program: one or more procedures.
    pub fn program(self) -> Result<Vec<Procedure>> {
        self.tree().map(|p| p.procedures).map_err(|f| f.error)
    }

    /// [`Parser::program`] with the globals it resolved, or where it failed.
    pub fn tree(mut self) -> std::result::Result<Program, Box<Failure>> {
        match self.procedures() {
            Ok(procedures) => Ok(Program {
                procedures,
                globals: self.globals,
            }),
            Err(error) => Err(Box::new(Failure {
                mistake: self.mistake(&error),
                error,
                token: self.failed.into_inner(),
                procedure_line: self.procedure_line,
            })),
        }
    }

    fn procedures(&mut self) -> Result<Vec<Procedure>> {
        if self.peek().tok == Tok::Eof {
            return Err(error(
                LogoErrorCode::Empty,
                0,
                "There is no procedure to compile: a program starts with 'to' and a name, and ends with 'end'".to_string(),
            ));
        }
        let mut procs = Vec::new();
        loop {
            procs.push(self.procedure()?);
            if self.peek().tok == Tok::Eof {
                return Ok(procs);
            }
        }
    }
}

/// A number token's value is at most [`MAX_NUMBER`], so it always fits 16 bits.
const _: () = assert!(MAX_NUMBER == u16::MAX as u32);
