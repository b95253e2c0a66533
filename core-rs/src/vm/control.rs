//! Control flow of the byte code (reference §4.3, §4.4): lists, loops, conditionals,
//! procedure calls and their inputs.

use super::{Fault, FaultCode, Flow, Vm, INPUT_STACK_SIZE, STATE_CHANGES};

type R<T> = Result<T, Fault>;

impl Vm {
    /// `LIST n`: push the body's address, jump past it.
    pub(super) fn list(&mut self, n: u16) -> R<Flow> {
        let body = self.pc;
        self.push(body as u16)?;
        self.pc = body + usize::from(n);
        Ok(Flow::Next)
    }

    pub(super) fn eol(&mut self) -> R<Flow> {
        let x = self.pop()?;
        if usize::from(x) > self.pc {
            // The return address of an IF/IFELSE or of a loop's last pass.
            self.jump(x);
        } else {
            // A loop start: count 0 loops forever, count 1 was the last pass.
            self.jump(x);
            let mut count = self.pop()?;
            if count > 1 {
                count -= 1;
            }
            if count != 1 {
                self.push(count)?;
                self.push(x)?;
            }
        }
        self.loop_delay();
        Ok(Flow::Next)
    }

    pub(super) fn eolr(&mut self) -> R<Flow> {
        if self.pop_bool()? {
            self.pop()?;
            let cont = self.pop()?;
            self.jump(cont);
        } else {
            let start = match self.stack.last() {
                Some(&a) => a,
                None => return self.pop().map(|_| Flow::Next),
            };
            self.jump(start);
            self.loop_delay();
        }
        Ok(Flow::Next)
    }

    pub(super) fn repeat(&mut self) -> R<Flow> {
        let body = self.pop()?;
        let count = self.pop()?;
        self.push(self.pc as u16)?;
        if count > 1 {
            self.push(count)?;
            self.push(body)?;
            self.jump(body);
        } else if count == 1 {
            self.jump(body);
        } else {
            let cont = self.pop()?;
            self.jump(cont);
        }
        Ok(Flow::Next)
    }

    pub(super) fn cond_if(&mut self) -> R<Flow> {
        let body = self.pop()?;
        if self.pop_bool()? {
            self.push(self.pc as u16)?;
            self.jump(body);
        }
        Ok(Flow::Next)
    }

    pub(super) fn cond_ifelse(&mut self) -> R<Flow> {
        let no = self.pop()?;
        let yes = self.pop()?;
        let cond = self.pop_bool()?;
        self.push(self.pc as u16)?;
        self.jump(if cond { yes } else { no });
        Ok(Flow::Next)
    }

    pub(super) fn if_state_change(&mut self) -> R<Flow> {
        let body = self.pop()?;
        let cond = self.pop_bool()?;
        let id = usize::from(self.pop()?);
        if id >= STATE_CHANGES {
            return Err(self.error(
                FaultCode::BadAddress,
                format!("ifstatechange id {id} is not below {STATE_CHANGES}"),
            ));
        }
        let before = std::mem::replace(&mut self.state_changes[id], cond);
        if cond && !before {
            self.push(self.pc as u16)?;
            self.jump(body);
        }
        Ok(Flow::Next)
    }

    pub(super) fn forever(&mut self) -> R<Flow> {
        let body = self.pop()?;
        self.push(0)?;
        self.push(body)?;
        self.jump(body);
        Ok(Flow::Next)
    }

    pub(super) fn wait_until(&mut self) -> R<Flow> {
        let body = self.pop()?;
        self.push(self.pc as u16)?;
        self.push(body)?;
        self.jump(body);
        Ok(Flow::Next)
    }

    /// A procedure call: inputs move from the data stack to the input stack (the first pop
    /// is input 0), then the frame: saved data-stack depth, return address, frame base.
    pub(super) fn call(&mut self, target: u16, tail: bool) -> R<Flow> {
        let at = usize::from(target);
        let nparams = match self.code.get(at) {
            Some(&n) => usize::from(n),
            None => {
                return Err(self.error(
                    FaultCode::BadJump,
                    format!("call to byte {at}, outside the program"),
                ))
            }
        };
        if self.stack.len() < nparams {
            return Err(self.error(
                FaultCode::StackUnderflow,
                format!("the procedure at byte {at} takes {nparams} inputs"),
            ));
        }
        let mut ret = self.pc as u16;
        let mut depth = None;
        if tail && self.input_stack.len() >= 3 {
            // Legacy tail call: the callee replaces the current frame and returns where
            // it would have returned.
            let n = self.input_stack.len();
            let (base, r, d) = (
                self.input_stack[n - 1],
                self.input_stack[n - 2],
                self.input_stack[n - 3],
            );
            if usize::from(base) <= n - 3 {
                self.input_stack.truncate(usize::from(base));
                ret = r;
                depth = Some(d);
            }
        }
        if self.input_stack.len() + nparams + 3 > INPUT_STACK_SIZE {
            return Err(self.error(
                FaultCode::InputOverflow,
                format!(
                    "procedure calls nest too deep: the input stack holds {INPUT_STACK_SIZE} entries"
                ),
            ));
        }
        let base = self.input_stack.len() as u16;
        for _ in 0..nparams {
            let v = self.pop()?;
            self.input_stack.push(v);
        }
        let depth = depth.unwrap_or(self.stack.len() as u16);
        self.input_stack.extend_from_slice(&[depth, ret, base]);
        self.pc = at + 1;
        Ok(Flow::Next)
    }

    /// Leaves the current procedure; false when there is no frame (the first procedure).
    pub(super) fn leave_procedure(&mut self) -> R<bool> {
        let n = self.input_stack.len();
        if n == 0 {
            return Ok(false);
        }
        if n < 3 {
            return Err(self.error(
                FaultCode::InputUnderflow,
                "the call frame is broken".to_string(),
            ));
        }
        let base = usize::from(self.input_stack[n - 1]);
        let ret = self.input_stack[n - 2];
        let depth = usize::from(self.input_stack[n - 3]);
        if base > n - 3 {
            return Err(self.error(
                FaultCode::InputUnderflow,
                "the call frame is broken".to_string(),
            ));
        }
        self.input_stack.truncate(base);
        // Dropping the values above the saved depth closes the procedure's open lists.
        self.stack.truncate(depth);
        self.jump(ret);
        Ok(true)
    }

    pub(super) fn input(&mut self, k: u8) -> R<Flow> {
        let n = self.input_stack.len();
        let value = match self.input_stack.last() {
            Some(&base) if n >= 3 => {
                let at = usize::from(base) + usize::from(k);
                if at < n - 3 {
                    Some(self.input_stack[at])
                } else {
                    None
                }
            }
            _ => None,
        };
        match value {
            Some(v) => {
                self.push(v)?;
                Ok(Flow::Next)
            }
            None => Err(self.error(
                FaultCode::InputUnderflow,
                format!("input {k} does not exist here (the first procedure is not called and has no inputs)"),
            )),
        }
    }
}
