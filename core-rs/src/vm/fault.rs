//! Faults: what stops a program that the board could not go on running. The VM reports them
//! as values (code, program counter, message); it never panics.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultCode {
    /// More than 64 values on the data stack (reference §4.1).
    StackOverflow,
    /// An instruction needed a value the data stack does not hold.
    StackUnderflow,
    /// Procedure inputs and call frames need more than 64 input-stack entries (deep or
    /// unbounded recursion).
    InputOverflow,
    /// `INPUT`, `STOP` or `OUTPUT` without the call frame it needs.
    InputUnderflow,
    /// A byte that is no opcode of the program's instruction set.
    BadOpcode,
    /// The program counter or a call target left the program.
    BadJump,
    /// `/` or `%` by zero.
    DivideByZero,
    /// A global variable slot beyond the board's 16.
    BadGlobal,
    /// An array, program-memory or state-change index outside its memory.
    BadAddress,
    /// A text reference that does not point at a `STRING` in the program.
    BadText,
    /// An opcode the legacy firmware halts on (BSEND, BSR).
    Halt,
}

codes!(FaultCode: StackOverflow = "stack-overflow", StackUnderflow = "stack-underflow", InputOverflow = "input-overflow", InputUnderflow = "input-underflow", BadOpcode = "bad-opcode", BadJump = "bad-jump", DivideByZero = "divide-by-zero", BadGlobal = "bad-global", BadAddress = "bad-address", BadText = "bad-text", Halt = "halt");

impl FaultCode {
    /// The number used in the binary snapshot (1-based; 0 means "no fault").
    pub fn number(self) -> u8 {
        FaultCode::ALL.iter().position(|&c| c == self).unwrap_or(0) as u8 + 1
    }
}

/// Why a program stopped with an error: the code, the address of the instruction that
/// failed, that instruction's byte, and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub code: FaultCode,
    pub pc: u16,
    pub opcode: u8,
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {}: {}",
            self.code.as_str(),
            self.pc,
            self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_numbered_from_one() {
        for (i, c) in FaultCode::ALL.iter().enumerate() {
            assert_eq!(usize::from(c.number()), i + 1);
            for d in &FaultCode::ALL[i + 1..] {
                assert_ne!(c.as_str(), d.as_str());
            }
        }
    }
}
