//! Statement trees → Logo text the compiler reads back into the same trees: parentheses
//! wherever precedence, a call's single-operand last input or `not`'s reach would group
//! differently, short lists on one line, longer ones indented.

use super::tree::{Expr, MotorQuery, Procedure, Stmt};
use std::collections::BTreeMap;

/// Lists whose one-line form is at most this long stay on one line.
const INLINE_WIDTH: usize = 60;
const INDENT: &str = "  ";

/// Where an expression stands, which decides whether it needs parentheses.
#[derive(Clone, Copy)]
enum Ctx {
    /// A whole expression (a command input, a list's condition).
    Full,
    /// An input of a call that is not its last.
    CallArg,
    /// A single operand: a call's last input, a one-input reporter's input.
    Primary,
    /// The left / right operand of a binary operator of this level.
    Left(u8),
    Right(u8),
    /// The operand of `not` (parsed as everything tighter than comparisons).
    NotOperand,
}

/// The names the program text uses.
pub struct Names {
    /// Procedure start address → name.
    pub procs: BTreeMap<usize, String>,
}

pub fn param_name(k: u8) -> String {
    format!("p{}", u32::from(k) + 1)
}

pub fn global_name(slot: u8) -> String {
    format!("v{}", u32::from(slot) + 1)
}

fn quoted(text: &[u8]) -> String {
    format!("\"{}\"", String::from_utf8_lossy(text))
}

fn motors(mask: u8) -> String {
    "abcd"
        .chars()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| c)
        .collect()
}

const CLOCK: [&str; 7] = ["seconds", "minutes", "hours", "dow", "day", "month", "year"];

pub struct Printer<'a> {
    names: &'a Names,
}

impl<'a> Printer<'a> {
    pub fn new(names: &'a Names) -> Self {
        Printer { names }
    }

    fn proc_name(&self, start: usize) -> String {
        self.names
            .procs
            .get(&start)
            .cloned()
            .unwrap_or_else(|| format!("unknown{start}"))
    }

    fn needs_parens(e: &Expr, ctx: Ctx) -> bool {
        match e {
            Expr::Binary(op, ..) => match ctx {
                Ctx::Full => false,
                Ctx::CallArg | Ctx::Primary => true,
                Ctx::Left(l) => op.level() < l,
                Ctx::Right(l) => op.level() <= l,
                Ctx::NotOperand => op.level() < 4,
            },
            // `not` reads everything tighter than comparisons: next to `+ - * / %` it
            // would take the neighbouring operand too.
            Expr::Not(_) => match ctx {
                Ctx::Primary => true,
                Ctx::Left(l) | Ctx::Right(l) => l >= 3,
                _ => false,
            },
            // Never ambiguous, but easier to read in parentheses inside an expression.
            Expr::KeyCompare(..) => !matches!(ctx, Ctx::Full | Ctx::CallArg),
            _ => false,
        }
    }

    fn expr_in(&self, e: &Expr, ctx: Ctx) -> String {
        let text = self.expr(e);
        if Self::needs_parens(e, ctx) {
            format!("({text})")
        } else {
            text
        }
    }

    /// An expression as a whole.
    pub fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Num(n) | Expr::Num16(n) => n.to_string(),
            Expr::Param(k) => param_name(*k),
            Expr::Global(s) => global_name(*s),
            Expr::Text(t) => quoted(t),
            Expr::Binary(op, a, b) => format!(
                "{} {} {}",
                self.expr_in(a, Ctx::Left(op.level())),
                op.text(),
                self.expr_in(b, Ctx::Right(op.level()))
            ),
            Expr::Not(a) => format!("not {}", self.expr_in(a, Ctx::NotOperand)),
            Expr::Reporter(w) => (*w).to_string(),
            Expr::Unary(w, a) => format!("{w} {}", self.expr_in(a, Ctx::Primary)),
            Expr::Sensor(n) => format!("sensor{n}"),
            Expr::Switch(n) => format!("switch{n}"),
            Expr::Clock(i) => CLOCK
                .get(usize::from(*i))
                .copied()
                .unwrap_or("year")
                .to_string(),
            Expr::MotorState(q, mask) => {
                let suffix = match q {
                    MotorQuery::On => "on?",
                    MotorQuery::Off => "off?",
                    MotorQuery::ThisWay => "thisway?",
                    MotorQuery::ThatWay => "thatway?",
                    MotorQuery::Power => "power",
                };
                format!("{}{suffix}", motors(*mask))
            }
            Expr::I2cRead(addr, reg) => format!(
                "i2cread {} {}",
                self.expr_in(addr, Ctx::CallArg),
                self.expr_in(reg, Ctx::Primary)
            ),
            Expr::Key(k) => format!("key {}", quoted(k)),
            Expr::KeyCompare(k, v) => format!("key {} = {}", quoted(k), quoted(v)),
            Expr::IntKey(k) => format!("intkey {}", quoted(k)),
            Expr::Call(target, args) => self.call(*target, args),
        }
    }

    fn call(&self, target: usize, args: &[Expr]) -> String {
        let mut s = self.proc_name(target);
        for (i, a) in args.iter().enumerate() {
            let ctx = if i + 1 == args.len() {
                Ctx::Primary
            } else {
                Ctx::CallArg
            };
            s.push(' ');
            s.push_str(&self.expr_in(a, ctx));
        }
        s
    }

    /// An input of a command: a whole expression, parenthesized when it is an operator
    /// expression among several inputs (for readability; the compiler would read it the
    /// same either way).
    fn input(&self, e: &Expr, several: bool) -> String {
        self.expr_in(e, if several { Ctx::CallArg } else { Ctx::Full })
    }

    /// A statement without lists, or the head of one with lists (`None` for those).
    fn simple(&self, s: &Stmt) -> Option<String> {
        Some(match s {
            Stmt::Word(w) => (*w).to_string(),
            Stmt::WordArg(w, e) => format!("{w} {}", self.input(e, false)),
            Stmt::WordText(w, t) => format!("{w} {}", quoted(t)),
            Stmt::TalkTo(mask) => format!("{},", motors(*mask)),
            Stmt::TalkToNode(Expr::Num16(n)) => format!("talkto n{n}"),
            Stmt::TalkToNode(e) => format!("talkto {}", self.input(e, false)),
            Stmt::Set(slot, e) => format!("set {} {}", global_name(*slot), self.input(e, false)),
            Stmt::RecordTo(e, name) => format!("record {} {}", self.input(e, false), quoted(name)),
            Stmt::Show(e) => format!("show {}", self.input(e, false)),
            Stmt::ShowText(t) => format!("show {}", quoted(t)),
            Stmt::I2cWrite(addr, reg, value) => format!(
                "i2cwrite {} {} {}",
                self.input(addr, true),
                self.input(reg, true),
                self.input(value, true)
            ),
            Stmt::Voice(w, None) => (*w).to_string(),
            Stmt::Voice(w, Some(e)) => format!("{w} {}", self.input(e, false)),
            Stmt::SendMail(to, subject, body) => format!(
                "sendmail {} {} {}",
                quoted(to),
                quoted(subject),
                quoted(body)
            ),
            Stmt::SendSms(number, text) => format!("sendsms {} {}", quoted(number), quoted(text)),
            Stmt::ShowLogPlot(count, file) => {
                format!("showlogplot {} {}", self.input(count, false), quoted(file))
            }
            Stmt::SendMessage(topic, value) => {
                format!("sendmessage {} {}", quoted(topic), self.input(value, false))
            }
            Stmt::CloudRecord(public, name, e) => format!(
                "{}cloud record {} {}",
                if *public { "public " } else { "" },
                quoted(name),
                self.input(e, false)
            ),
            Stmt::WaitUntil(c) => format!("waituntil [ {} ]", self.expr(c)),
            Stmt::Call(target, args) => self.call(*target, args),
            Stmt::Repeat(..)
            | Stmt::If(..)
            | Stmt::IfElse(..)
            | Stmt::IfStateChange(..)
            | Stmt::Forever(..) => return None,
        })
    }

    /// The statements of a list or procedure body, one line each (a talk-to shares the
    /// line of the command after it), at `depth` levels of indentation.
    fn lines(&self, stmts: &[Stmt], depth: usize, out: &mut String) {
        let mut i = 0;
        while i < stmts.len() {
            let mut line = self.statement(&stmts[i], depth);
            if matches!(stmts[i], Stmt::TalkTo(_)) {
                if let Some(next) = stmts.get(i + 1).and_then(|s| self.simple(s)) {
                    line = format!("{line} {next}");
                    i += 1;
                }
            }
            out.push_str(&INDENT.repeat(depth));
            out.push_str(&line);
            out.push('\n');
            i += 1;
        }
    }

    /// One statement; lists may span lines (indented one level deeper than `depth`).
    fn statement(&self, s: &Stmt, depth: usize) -> String {
        if let Some(text) = self.simple(s) {
            return text;
        }
        match s {
            Stmt::Repeat(c, b) => format!("repeat {} {}", self.expr(c), self.block(b, depth)),
            Stmt::If(c, b) => format!("if {} {}", self.expr(c), self.block(b, depth)),
            Stmt::IfElse(c, a, b) => format!(
                "ifelse {} {} {}",
                self.expr(c),
                self.block(a, depth),
                self.block(b, depth)
            ),
            Stmt::IfStateChange(c, b) => {
                format!("ifstatechange {} {}", self.expr(c), self.block(b, depth))
            }
            Stmt::Forever(b) => format!("forever {}", self.block(b, depth)),
            _ => String::new(),
        }
    }

    /// A statement on one line, lists included (`None` when a list would be too long).
    fn inline(&self, s: &Stmt) -> Option<String> {
        if let Some(text) = self.simple(s) {
            return Some(text);
        }
        let list = |b: &[Stmt]| self.inline_list(b);
        let text = match s {
            Stmt::Repeat(c, b) => format!("repeat {} {}", self.expr(c), list(b)?),
            Stmt::If(c, b) => format!("if {} {}", self.expr(c), list(b)?),
            Stmt::IfElse(c, a, b) => format!("ifelse {} {} {}", self.expr(c), list(a)?, list(b)?),
            Stmt::IfStateChange(c, b) => format!("ifstatechange {} {}", self.expr(c), list(b)?),
            Stmt::Forever(b) => format!("forever {}", list(b)?),
            _ => return None,
        };
        Some(text).filter(|t| t.len() <= INLINE_WIDTH)
    }

    fn inline_list(&self, stmts: &[Stmt]) -> Option<String> {
        let parts: Option<Vec<String>> = stmts.iter().map(|s| self.inline(s)).collect();
        Some(format!("[ {} ]", parts?.join(" "))).filter(|t| t.len() <= INLINE_WIDTH)
    }

    fn block(&self, stmts: &[Stmt], depth: usize) -> String {
        if let Some(text) = self.inline_list(stmts) {
            return text;
        }
        let mut out = String::from("[\n");
        self.lines(stmts, depth + 1, &mut out);
        out.push_str(&INDENT.repeat(depth));
        out.push(']');
        out
    }

    /// `to name :p1 … / body / end`.
    pub fn procedure(&self, p: &Procedure, out: &mut String) {
        out.push_str("to ");
        out.push_str(&self.proc_name(p.start));
        for k in 0..p.params.min(255) {
            out.push_str(" :");
            out.push_str(&param_name(k as u8));
        }
        out.push('\n');
        self.lines(&p.body, 0, out);
        out.push_str("end\n");
    }
}
