//! The compiler's parse tree as JSON, in Logo's own terms, for turning Logo text into blocks
//! (`src/editor/logo/logo-import.ts` maps it to blocks). It is the tree [`super::compile`]
//! generates byte code from, so the blocks read a program exactly as the compiler does:
//! the same tokens, precedence, procedures, inputs and global variables.
//!
//! The compiler's tree names primitives by opcode and keeps their inputs in stack order;
//! this module names them by their Logo word (`cw` reads as `thisway`, as both compile to
//! THISWAY) and lists inputs in source order. Shapes (TypeScript `LogoTree` in
//! `src/core/logo.ts`):
//!
//! - program: `{"procedures":[{"name","params":[…],"line","body":[statement…]}]}`
//! - statement: `{"kind":"command","line","word","args":[expr…],"lists":[[statement…]…]}`
//!   (plus `"name"` for `set`; talk to motors is the word `ab,`), or
//!   `{"kind":"call","line","name","args"}`
//! - expr: `number`/`node` `{"kind","value"}` (a node is `talkto n5`'s id), `text`
//!   `{"kind","value"}`, `param`/`global` `{"kind","name"}`, `binary` `{"kind","op","a","b"}`,
//!   `reporter` `{"kind","word","args"}` (`not`, `timer`, `random`, `sensor3`, `abon?`,
//!   `key`, …), `call` `{"kind","name","args","line"}`.
//!
//! A program the compiler rejects gives [`Failure`]'s error object: the compile error plus
//! the token it stopped at (`word`, `token`) and the line of the procedure being read.

use super::ast::{Block, Expr, Procedure, Stmt};
use super::lexer::{BinOp, Tok};
use super::opcodes::{op, InstructionSet};
use super::parser;
use super::{filter, firstpass, lexer, source_text, LogoError, LogoVersion, Mistake};
use crate::json::push_str;

/// The parse tree of `source` as JSON, or the error object of [`Failure::json`].
pub fn parse_json(source: &[u8], version: LogoVersion) -> Result<String, String> {
    let text = source_text(source).map_err(|e| failure_json(&e, None, "", 0, None))?;
    filter::check(&text).map_err(|e| failure_json(&e, None, &text, 0, None))?;
    let first = firstpass::scan(&text);
    let tokens = lexer::Lexer::new(&text, &first, version).tokens();
    let program = parser::Parser::new(&text, tokens, &first, version)
        .tree()
        .map_err(|f| {
            let mistake = f.mistake.and_then(|span| Mistake::locate(&text, span));
            failure_json(
                &f.error,
                f.token.as_ref(),
                &text,
                f.procedure_line,
                mistake.as_ref(),
            )
        })?;
    let mut out = String::with_capacity(text.len() * 4);
    out.push_str("{\"procedures\":[");
    for (i, p) in program.procedures.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let params = first.params.get(&p.name).map_or(&[][..], |v| &v[..]);
        let w = Writer {
            params,
            globals: &program.globals,
        };
        w.procedure(p, &mut out);
    }
    out.push_str("]}");
    Ok(out)
}

/// `{"code","message","line","word","token","procedureLine","mistake"?}`: `word` is the
/// token's text (or, without one, the first word of the error's line), `token` its kind:
/// `name`, `word` (a keyword), `param`, `number`, `text`, `symbol`, `end` (the end of the
/// text) or `none`; `mistake` as the compiler gives it (`super::Mistake`).
fn failure_json(
    e: &LogoError,
    token: Option<&lexer::Token>,
    src: &str,
    proc_line: usize,
    mistake: Option<&Mistake>,
) -> String {
    let (word, kind) = match token {
        Some(t) => (t.text(src).into_owned(), token_kind(&t.tok)),
        None => {
            let line = src.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
            let word = line.split_whitespace().next().unwrap_or("");
            (word.to_string(), "none")
        }
    };
    let mut out = String::new();
    out.push_str("{\"code\":");
    push_str(&mut out, e.code.as_str());
    out.push_str(",\"message\":");
    push_str(&mut out, &e.message);
    out.push_str(&format!(",\"line\":{},\"word\":", e.line));
    push_str(&mut out, &word);
    out.push_str(",\"token\":");
    push_str(&mut out, kind);
    out.push_str(&format!(",\"procedureLine\":{proc_line}"));
    if let Some(m) = mistake {
        m.push_json(&mut out);
    }
    out.push('}');
    out
}

fn token_kind(t: &Tok) -> &'static str {
    match t {
        Tok::Name(_) | Tok::Call(..) => "name",
        Tok::Word(_) | Tok::Not | Tok::Op(BinOp::And | BinOp::Or | BinOp::Xor) => "word",
        Tok::Param(_) => "param",
        Tok::Number(_) | Tok::NodeId(_) => "number",
        Tok::Str(_) => "text",
        Tok::Eof => "end",
        Tok::Bad(_) => "none",
        _ => "symbol",
    }
}

/// The ports of a talk-to mask, `a` to `d`.
fn ports(mask: u16) -> String {
    (0..4)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| char::from(b'a' + i as u8))
        .collect()
}

/// The Logo word of a primitive that compiles to exactly its opcode.
fn word_of(code: u8) -> &'static str {
    InstructionSet::V13.lookup(code).map_or("", |o| o.word)
}

struct Writer<'a> {
    /// The first pass's inputs of the procedure, by index.
    params: &'a [String],
    globals: &'a [String],
}

fn strings(out: &mut String, items: &[String]) {
    out.push('[');
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_str(out, s);
    }
    out.push(']');
}

impl Writer<'_> {
    fn procedure(&self, p: &Procedure, out: &mut String) {
        out.push_str("{\"name\":");
        push_str(out, &p.name);
        out.push_str(",\"params\":");
        strings(out, &p.params);
        out.push_str(&format!(",\"line\":{},\"body\":", p.line));
        self.statements(&p.body, &p.lines, out);
        out.push('}');
    }

    fn statements(&self, stmts: &[Stmt], lines: &[usize], out: &mut String) {
        out.push('[');
        for (i, s) in stmts.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.statement(s, lines.get(i).copied().unwrap_or(0), out);
        }
        out.push(']');
    }

    fn command(&self, line: usize, word: &str, args: &[&Expr], lists: &[&Block], out: &mut String) {
        out.push_str(&format!("{{\"kind\":\"command\",\"line\":{line},\"word\":"));
        push_str(out, word);
        out.push_str(",\"args\":");
        self.exprs(args, out);
        out.push_str(",\"lists\":[");
        for (i, b) in lists.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.statements(&b.stmts, &b.lines, out);
        }
        out.push_str("]}");
    }

    fn statement(&self, s: &Stmt, line: usize, out: &mut String) {
        match s {
            Stmt::Prim(code, args) => self.primitive(*code, args, line, out),
            Stmt::Call(e) => match e {
                Expr::Call { name, args, .. } => {
                    out.push_str(&format!("{{\"kind\":\"call\",\"line\":{line},\"name\":"));
                    push_str(out, name);
                    out.push_str(",\"args\":");
                    self.exprs(&args.iter().collect::<Vec<_>>(), out);
                    out.push('}');
                }
                other => self.command(line, "", &[other], &[], out),
            },
            Stmt::TalkTo(mask) => self.command(
                line,
                &format!("{},", ports(u16::from(*mask))),
                &[],
                &[],
                out,
            ),
            Stmt::ShowText(t) => {
                let text = Expr::Text(t.clone());
                self.command(line, "show", &[&text], &[], out)
            }
            Stmt::Repeat(c, b) => self.command(line, "repeat", &[c], &[b], out),
            Stmt::If(c, b) => self.command(line, "if", &[c], &[b], out),
            Stmt::IfElse(c, yes, no) => self.command(line, "ifelse", &[c], &[yes, no], out),
            Stmt::IfStateChange(_, c, b) => self.command(line, "ifstatechange", &[c], &[b], out),
            Stmt::Forever(b) => self.command(line, "forever", &[], &[b], out),
            Stmt::WaitUntil(c, _) => self.command(line, "waituntil", &[c], &[], out),
            Stmt::Voice(w, track) => {
                let args: Vec<&Expr> = track.iter().collect();
                self.command(line, w, &args, &[], out)
            }
        }
    }

    /// A command primitive: inputs back in source order, synthetic ones left out.
    fn primitive(&self, code: u8, args: &[Expr], line: usize, out: &mut String) {
        let a = |i: usize| args.get(i);
        let pick = |order: &[usize]| order.iter().filter_map(|&i| a(i)).collect::<Vec<_>>();
        match code {
            op::SETGLOBAL => {
                let name = match a(0) {
                    Some(Expr::Num(slot)) => self.global(*slot),
                    _ => "",
                };
                out.push_str(&format!(
                    "{{\"kind\":\"command\",\"line\":{line},\"word\":\"set\",\"name\":"
                ));
                push_str(out, name);
                out.push_str(",\"args\":");
                self.exprs(&pick(&[1]), out);
                out.push_str(",\"lists\":[]}");
            }
            op::SHOW => self.command(line, "show", &pick(&[0]), &[], out),
            op::RECORD_TO_RPI => self.command(line, "record", &pick(&[0, 1]), &[], out),
            op::SEND_MESSAGE => self.command(line, "sendmessage", &pick(&[2, 0]), &[], out),
            op::I2C_WRITE_REGISTER => self.command(line, "i2cwrite", &pick(&[2, 1, 0]), &[], out),
            op::SENDMAIL => self.command(line, "sendmail", &pick(&[2, 1, 0]), &[], out),
            op::SENDSMS => self.command(line, "sendsms", &pick(&[1, 0]), &[], out),
            op::CLOUD_RECORD => self.command(line, "cloud record", &pick(&[1, 0]), &[], out),
            op::PUBLIC_CLOUD_RECORD => {
                self.command(line, "public cloud record", &pick(&[1, 0]), &[], out)
            }
            op::TALKTO => self.command(line, "talk_to_motor", &pick(&[0]), &[], out),
            _ => self.command(
                line,
                word_of(code),
                &args.iter().collect::<Vec<_>>(),
                &[],
                out,
            ),
        }
    }

    fn global(&self, slot: u16) -> &str {
        self.globals
            .get(usize::from(slot))
            .map_or("", |g| g.as_str())
    }

    fn exprs(&self, es: &[&Expr], out: &mut String) {
        out.push('[');
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.expr(e, out);
        }
        out.push(']');
    }

    fn reporter(&self, word: &str, args: &[&Expr], out: &mut String) {
        out.push_str("{\"kind\":\"reporter\",\"word\":");
        push_str(out, word);
        out.push_str(",\"args\":");
        self.exprs(args, out);
        out.push('}');
    }

    fn expr(&self, e: &Expr, out: &mut String) {
        match e {
            Expr::Num(n) => out.push_str(&format!("{{\"kind\":\"number\",\"value\":{n}}}")),
            Expr::Num16(n) => out.push_str(&format!("{{\"kind\":\"node\",\"value\":{n}}}")),
            Expr::Param(k) => {
                out.push_str("{\"kind\":\"param\",\"name\":");
                let name = self.params.get(usize::from(*k)).map_or("", |p| p.as_str());
                push_str(out, name);
                out.push('}');
            }
            Expr::Text(t) => {
                out.push_str("{\"kind\":\"text\",\"value\":");
                push_str(out, &String::from_utf8_lossy(t));
                out.push('}');
            }
            Expr::Binary(o, a, b) => {
                out.push_str("{\"kind\":\"binary\",\"op\":");
                push_str(out, o.text());
                out.push_str(",\"a\":");
                self.expr(a, out);
                out.push_str(",\"b\":");
                self.expr(b, out);
                out.push('}');
            }
            Expr::Sensor(n) => self.reporter(&format!("sensor{n}"), &[], out),
            Expr::Switch(n) => self.reporter(&format!("switch{n}"), &[], out),
            Expr::Call { name, args, line } => {
                out.push_str("{\"kind\":\"call\",\"name\":");
                push_str(out, name);
                out.push_str(",\"args\":");
                self.exprs(&args.iter().collect::<Vec<_>>(), out);
                out.push_str(&format!(",\"line\":{line}}}"));
            }
            Expr::Prim(code, args) => self.reporter_primitive(*code, args, out),
        }
    }

    fn reporter_primitive(&self, code: u8, args: &[Expr], out: &mut String) {
        let literal = match args.first() {
            Some(Expr::Num(n)) => *n,
            _ => 0,
        };
        let motor = |suffix: &str| format!("{}{suffix}", ports(literal));
        match code {
            op::GETGLOBAL => {
                out.push_str("{\"kind\":\"global\",\"name\":");
                push_str(out, self.global(literal));
                out.push('}');
            }
            op::ISON => self.reporter(&motor("on?"), &[], out),
            op::ISOFF => self.reporter(&motor("off?"), &[], out),
            op::ISTHISWAY => self.reporter(&motor("thisway?"), &[], out),
            op::ISTHATWAY => self.reporter(&motor("thatway?"), &[], out),
            op::GETPOWER => self.reporter(&motor("power"), &[], out),
            op::RTC_GET_ITEM => {
                let items = ["seconds", "minutes", "hours", "dow", "day", "month", "year"];
                let word = items.get(usize::from(literal)).copied().unwrap_or("");
                self.reporter(word, &[], out)
            }
            op::I2C_READ_REGISTER => {
                let args: Vec<&Expr> = [1, 0].iter().filter_map(|&i| args.get(i)).collect();
                self.reporter("i2cread", &args, out)
            }
            op::OP_KEY_COMPARE => {
                let key = match args.first() {
                    Some(Expr::Prim(op::KEY, k)) => k.first(),
                    _ => None,
                };
                let args: Vec<&Expr> = key.into_iter().chain(args.get(1)).collect();
                self.reporter("key", &args, out)
            }
            _ => self.reporter(word_of(code), &args.iter().collect::<Vec<_>>(), out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(src: &str) -> String {
        parse_json(src.as_bytes(), LogoVersion::V2_1).unwrap_or_else(|e| e)
    }

    #[test]
    fn names_primitives_by_word_with_inputs_in_source_order() {
        let t = tree("to main\nset x 3\ni2cwrite 80 1 x\nab, cw\nplay\nend\n");
        assert!(t.contains(
            "{\"kind\":\"command\",\"line\":2,\"word\":\"set\",\"name\":\"x\",\"args\":[{\"kind\":\"number\",\"value\":3}],\"lists\":[]}"
        ));
        assert!(t.contains("\"word\":\"i2cwrite\",\"args\":[{\"kind\":\"number\",\"value\":80},{\"kind\":\"number\",\"value\":1},{\"kind\":\"global\",\"name\":\"x\"}]"));
        assert!(t.contains("\"line\":4,\"word\":\"ab,\""));
        assert!(t.contains("\"line\":4,\"word\":\"thisway\""));
        assert!(t.contains("\"line\":5,\"word\":\"play\",\"args\":[]"));
    }

    #[test]
    fn reads_precedence_calls_and_parameters_as_the_compiler_does() {
        let t = tree("to main\nshow f 2 - 1\nend\nto f :n\noutput n * 2\nend\n");
        assert!(t.contains("\"word\":\"show\",\"args\":[{\"kind\":\"binary\",\"op\":\"-\",\"a\":{\"kind\":\"call\",\"name\":\"f\",\"args\":[{\"kind\":\"number\",\"value\":2}],\"line\":2},\"b\":{\"kind\":\"number\",\"value\":1}}]"));
        assert!(t.contains("{\"name\":\"f\",\"params\":[\"n\"],\"line\":4"));
        assert!(t.contains("{\"kind\":\"param\",\"name\":\"n\"}"));
    }

    #[test]
    fn failures_name_the_token_and_the_procedure_line() {
        assert_eq!(
            tree("to main\nbeep\nREPEAT 3 [ beep ]\nend\n"),
            "{\"code\":\"syntax\",\"message\":\"Line 3: Syntax error at 'REPEAT'\",\"line\":3,\"word\":\"REPEAT\",\"token\":\"name\",\"procedureLine\":1,\"mistake\":{\"line\":3,\"column\":0,\"endLine\":3,\"endColumn\":6,\"text\":\"REPEAT\"}}"
        );
        assert!(tree("to main\nbeep\n").contains("\"token\":\"end\",\"procedureLine\":1"));
        assert!(tree("to main\nshow y\nend").contains("\"code\":\"unknown-name\",\"message\":\"Line 2: I don't know the expression 'y'\",\"line\":2,\"word\":\"y\""));
        assert!(tree("to main\nshow 70000\nend").contains("\"code\":\"number-range\""));
        assert!(tree("to main\nshow 70000\nend").contains("\"word\":\"70000\""));
    }
}
