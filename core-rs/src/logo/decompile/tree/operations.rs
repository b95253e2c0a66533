//! Every opcode that is not structure (lists, calls, literals): the expression it pushes or
//! the statement it completes, and the voice-recorder pattern folded back into its command.

use super::*;

impl<'a> Reader<'a> {
    /// Every other opcode: an expression pushed (`None`) or a statement.
    pub(super) fn operation(
        &mut self,
        code: u8,
        info: &'static OpInfo,
        stack: &mut Vec<Item>,
        at: usize,
    ) -> R<Option<Stmt>> {
        let stmt = match code {
            op::STOP => Stmt::Word("stop"),
            op::OUTPUT => Stmt::WordArg("output", self.pop_expr(stack, at)?.0),
            op::REPEAT => {
                let b = self.pop_block(stack, at)?;
                Stmt::Repeat(self.pop_expr(stack, at)?.0, b)
            }
            op::IF => {
                let b = self.pop_block(stack, at)?;
                Stmt::If(self.pop_expr(stack, at)?.0, b)
            }
            op::IFELSE => {
                let no = self.pop_block(stack, at)?;
                let yes = self.pop_block(stack, at)?;
                Stmt::IfElse(self.pop_expr(stack, at)?.0, yes, no)
            }
            op::IF_STATE_CHANGE => {
                let b = self.pop_block(stack, at)?;
                let cond = self.pop_expr(stack, at)?.0;
                // The id is the compiler's running number; the text does not hold it.
                let id = self.pop_literal(stack, at, "the ifstatechange id")?;
                if usize::from(id) != self.state_changes {
                    self.soft += 1;
                }
                self.state_changes += 1;
                Stmt::IfStateChange(cond, b)
            }
            op::FOREVER => Stmt::Forever(self.pop_block(stack, at)?),
            op::WAITUNTIL => match self.pop(stack, at)? {
                Item::Cond(c) => Stmt::WaitUntil(c),
                _ => {
                    return Err(error(
                        ErrorCode::Stack,
                        at,
                        "WAITUNTIL does not find its condition list".to_string(),
                    ))
                }
            },
            op::SETGLOBAL => {
                let v = self.pop_expr(stack, at)?.0;
                let slot = self.pop_literal(stack, at, "the variable slot")?;
                // A global exists from the end of its first `set`; slots go in that order.
                let slot = small(slot, at)?;
                match usize::from(slot) {
                    s if s == self.globals => self.globals += 1,
                    s if s > self.globals => self.soft += 1,
                    _ => {}
                }
                Stmt::Set(slot, v)
            }
            op::GETGLOBAL => {
                let slot = small(self.pop_literal(stack, at, "the variable slot")?, at)?;
                if usize::from(slot) >= self.globals {
                    self.soft += 1;
                }
                self.push(stack, Expr::Global(slot), &[1], at)?;
                return Ok(None);
            }
            op::TALKTO => {
                let mask = self.pop_literal(stack, at, "the motor set")?;
                match mask {
                    1..=15 => Stmt::TalkTo(mask as u8),
                    _ => return Err(not_expressible(at, "talk to no motor or a motor past d")),
                }
            }
            op::TALK_TO_NODE => Stmt::TalkToNode(self.pop_expr(stack, at)?.0),
            op::SHOW => {
                let mode = self.pop_literal(stack, at, "the display mode")?;
                match mode {
                    2 => Stmt::Show(self.pop_expr(stack, at)?.0),
                    3 | 5 => Stmt::ShowText(self.pop_text(stack, at)?),
                    _ => return Err(not_expressible(at, "a display mode other than 2, 3 or 5")),
                }
            }
            op::I2C_WRITE_REGISTER => {
                let addr = self.pop_expr(stack, at)?.0;
                let reg = self.pop_expr(stack, at)?.0;
                let value = self.pop_expr(stack, at)?.0;
                Stmt::I2cWrite(addr, reg, value)
            }
            op::RECORD_TO_RPI => {
                let name = self.pop_text(stack, at)?;
                Stmt::RecordTo(self.pop_expr(stack, at)?.0, name)
            }
            op::CLOUD_RECORD | op::PUBLIC_CLOUD_RECORD => {
                let name = self.pop_text(stack, at)?;
                let value = self.pop_expr(stack, at)?.0;
                Stmt::CloudRecord(code == op::PUBLIC_CLOUD_RECORD, name, value)
            }
            op::SEND_MESSAGE => {
                let topic = self.pop_text(stack, at)?;
                let kind = self.pop_literal(stack, at, "the message kind")?;
                let value = self.pop_expr(stack, at)?.0;
                match (kind, &value) {
                    (1, Expr::Text(_)) | (2, Expr::Num(_)) => {
                        return Err(not_expressible(
                            at,
                            "a message kind that does not fit its value",
                        ))
                    }
                    (1, _) | (2, Expr::Text(_)) => Stmt::SendMessage(topic, value),
                    _ => return Err(not_expressible(at, "a message kind other than 1 or 2")),
                }
            }
            op::SENDMAIL => {
                let to = self.pop_text(stack, at)?;
                let subject = self.pop_text(stack, at)?;
                Stmt::SendMail(to, subject, self.pop_text(stack, at)?)
            }
            op::SENDSMS => {
                let number = self.pop_text(stack, at)?;
                Stmt::SendSms(number, self.pop_text(stack, at)?)
            }
            op::SHOWLOGPLOT => {
                let file = self.pop_text(stack, at)?;
                Stmt::ShowLogPlot(self.pop_expr(stack, at)?.0, file)
            }
            op::PLAYSOUND | op::SHOWIMAGE | op::NEWRECORDFILE | op::SAY => {
                Stmt::WordText(info.word, self.pop_text(stack, at)?)
            }
            op::KEY => {
                let t = self.pop_text(stack, at)?;
                self.push(stack, Expr::Key(t), &[1], at)?;
                return Ok(None);
            }
            op::OP_KEY_COMPARE => {
                let value = self.pop_text(stack, at)?;
                match self.pop_expr(stack, at)?.0 {
                    Expr::Key(k) => self.push(stack, Expr::KeyCompare(k, value), &[1], at)?,
                    _ => return Err(not_expressible(at, "a key comparison without its key")),
                }
                return Ok(None);
            }
            op::INTKEY => {
                let t = self.pop_text(stack, at)?;
                self.push(stack, Expr::IntKey(t), &[1], at)?;
                return Ok(None);
            }
            op::ISON | op::ISOFF | op::ISTHISWAY | op::ISTHATWAY | op::GETPOWER => {
                let mask = self.pop_literal(stack, at, "the motor set")?;
                let query = match code {
                    op::ISON => MotorQuery::On,
                    op::ISOFF => MotorQuery::Off,
                    op::ISTHISWAY => MotorQuery::ThisWay,
                    op::ISTHATWAY => MotorQuery::ThatWay,
                    _ => MotorQuery::Power,
                };
                let ok = match query {
                    MotorQuery::Power => matches!(mask, 1 | 2 | 4 | 8),
                    _ => (1..=15).contains(&mask),
                };
                if !ok {
                    return Err(not_expressible(at, "a motor state of no motor"));
                }
                self.push(stack, Expr::MotorState(query, mask as u8), &[1], at)?;
                return Ok(None);
            }
            op::RTC_GET_ITEM => {
                let item = self.pop_literal(stack, at, "the clock item")?;
                if item > 6 {
                    return Err(not_expressible(at, "a clock item past 6"));
                }
                self.push(stack, Expr::Clock(item as u8), &[1], at)?;
                return Ok(None);
            }
            op::READSENSOR | op::READSWITCH => {
                let (port, d) = self.pop_expr(stack, at)?;
                let e = match (code, port) {
                    (op::READSENSOR, Expr::Num(n @ 1..=8)) => Expr::Sensor(n as u8),
                    (_, Expr::Num(n @ 1..=8)) => Expr::Switch(n as u8),
                    (_, p) => Expr::Unary(info.word, Box::new(p)),
                };
                self.push(stack, e, &[d], at)?;
                return Ok(None);
            }
            op::I2C_READ_REGISTER => {
                let (addr, a) = self.pop_expr(stack, at)?;
                let (reg, r) = self.pop_expr(stack, at)?;
                self.push(
                    stack,
                    Expr::I2cRead(Box::new(addr), Box::new(reg)),
                    &[a, r],
                    at,
                )?;
                return Ok(None);
            }
            op::OP_NOT => {
                let (e, d) = self.pop_expr(stack, at)?;
                self.push(stack, Expr::Not(Box::new(e)), &[d], at)?;
                return Ok(None);
            }
            _ => {
                if let Some(bin) = binop(code) {
                    let (b, db) = self.pop_expr(stack, at)?;
                    let (a, da) = self.pop_expr(stack, at)?;
                    self.push(
                        stack,
                        Expr::Binary(bin, Box::new(a), Box::new(b)),
                        &[da, db],
                        at,
                    )?;
                    return Ok(None);
                }
                if info.word.is_empty() {
                    return Err(not_expressible(
                        at,
                        &format!("{} has no Logo word", info.name),
                    ));
                }
                match (info.pops, info.pushes) {
                    (0, 0) => Stmt::Word(info.word),
                    (1, 0) => Stmt::WordArg(info.word, self.pop_expr(stack, at)?.0),
                    (0, 1) => {
                        self.push(stack, Expr::Reporter(info.word), &[], at)?;
                        return Ok(None);
                    }
                    (1, 1) => {
                        let (e, d) = self.pop_expr(stack, at)?;
                        self.push(stack, Expr::Unary(info.word, Box::new(e)), &[d], at)?;
                        return Ok(None);
                    }
                    _ => {
                        return Err(not_expressible(
                            at,
                            &format!("{} has no Logo form", info.name),
                        ))
                    }
                }
            }
        };
        Ok(Some(stmt))
    }
}

fn small(n: u16, at: usize) -> R<u8> {
    u8::try_from(n).map_err(|_| not_expressible(at, "a variable slot above 255"))
}

fn binop(code: u8) -> Option<BinOp> {
    Some(match code {
        op::OP_PLUS => BinOp::Plus,
        op::OP_MINUS => BinOp::Minus,
        op::OP_MULTIPLY => BinOp::Multiply,
        op::OP_DIVISION => BinOp::Divide,
        op::OP_MODULO => BinOp::Modulo,
        op::OP_EQUAL => BinOp::Equal,
        op::OP_GREATER => BinOp::Greater,
        op::OP_LESS => BinOp::Less,
        op::OP_GREATER_OR_EQUAL => BinOp::GreaterOrEqual,
        op::OP_LESS_OR_EQUAL => BinOp::LessOrEqual,
        op::OP_AND => BinOp::And,
        op::OP_OR => BinOp::Or,
        op::OP_XOR => BinOp::Xor,
        _ => return None,
    })
}

/// Folds the voice-recorder pattern (an I2C write to the module, then `wait 10`) back into
/// `play`, `nexttrack`, `prevtrack`, `erasetracks` or `gototrack e`, in every list.
pub fn fold_voice(stmts: Vec<Stmt>, profile: &Profile) -> Vec<Stmt> {
    let register = u16::from(profile.gototrack_register);
    let mut out: Vec<Stmt> = Vec::with_capacity(stmts.len());
    for s in stmts {
        let s = match s {
            Stmt::Repeat(c, b) => Stmt::Repeat(c, fold_voice(b, profile)),
            Stmt::If(c, b) => Stmt::If(c, fold_voice(b, profile)),
            Stmt::IfElse(c, a, b) => {
                Stmt::IfElse(c, fold_voice(a, profile), fold_voice(b, profile))
            }
            Stmt::IfStateChange(c, b) => Stmt::IfStateChange(c, fold_voice(b, profile)),
            Stmt::Forever(b) => Stmt::Forever(fold_voice(b, profile)),
            Stmt::WordArg("wait", Expr::Num(10)) => {
                let voice = match out.last() {
                    Some(Stmt::I2cWrite(Expr::Num(VOICE_MODULE), Expr::Num(1), Expr::Num(k))) => {
                        VOICE
                            .iter()
                            .find(|(c, _)| c == k)
                            .map(|&(_, w)| Stmt::Voice(w, None))
                    }
                    Some(Stmt::I2cWrite(
                        Expr::Num(VOICE_MODULE),
                        Expr::Num(r),
                        Expr::Binary(BinOp::Plus, track, k),
                    )) if *r == register && **k == Expr::Num(48) => {
                        Some(Stmt::Voice("gototrack", Some((**track).clone())))
                    }
                    _ => None,
                };
                match voice {
                    Some(v) => {
                        out.pop();
                        v
                    }
                    None => Stmt::WordArg("wait", Expr::Num(10)),
                }
            }
            s => s,
        };
        out.push(s);
    }
    out
}

const VOICE: [(u16, &str); 4] = [
    (6, "play"),
    (9, "nexttrack"),
    (18, "prevtrack"),
    (12, "erasetracks"),
];

const VOICE_MODULE: u16 = 184;
