//! What a program drives: motors, servos, the displays (`show`, reference §4.5, §4.8) and
//! the Raspberry Pi commands.

use super::io::{DisplayTarget, EventKind, PiArg, PiReporter, PowerScale, PORTS};
use super::{Fault, Flow, Vm};
use crate::logo::opcodes::op;

type R<T> = Result<T, Fault>;

/// Legacy PWM duty for `setpower 0`…`7` (reference §4.5).
const LEGACY_DUTY: [u16; 8] = [0, 36, 73, 110, 146, 183, 219, 255];
/// Display modes of `SHOW` (reference §4.8).
const SHOW_NUMBER: u16 = 2;
const SHOW_SHORT: u16 = 3;
const SHOW_LONG: u16 = 5;

#[derive(Clone, Copy)]
enum Screen {
    Short,
    Long,
}

impl Vm {
    pub(super) fn talk_to(&mut self, mask: u16) {
        self.outputs.talk_to = (mask & 0x0F) as u8;
    }

    /// Whether every motor in `mask` satisfies `test` (false for an empty mask).
    pub(super) fn motors_all(&self, mask: u16, test: impl Fn(&super::Motor) -> bool) -> u16 {
        let mask = mask & 0x0F;
        let all = (0..PORTS)
            .filter(|i| mask & (1 << i) != 0)
            .all(|i| test(&self.outputs.motors[i]));
        u16::from(mask != 0 && all)
    }

    pub(super) fn set_power(&mut self, level: u16) {
        let percent = match self.config.power_scale {
            PowerScale::Percent => level.min(100) as u8,
            PowerScale::Legacy => {
                let duty = LEGACY_DUTY
                    .get(usize::from(level))
                    .copied()
                    .unwrap_or_else(|| level.min(255));
                ((u32::from(duty) * 100 + 127) / 255) as u8
            }
        };
        self.set_motors(|m| {
            m.power_level = level;
            m.power = percent;
        });
    }

    pub(super) fn servos(&mut self, f: impl Fn(u16) -> u16) {
        let mask = self.outputs.talk_to;
        for (i, s) in self.outputs.servos.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                s.active = true;
                s.angle = f(s.angle).min(180);
            }
        }
    }

    fn show(&mut self, screen: Screen, mut text: Vec<u8>) {
        let screen = match (self.outputs.display_target, screen) {
            (DisplayTarget::Auto, s) => s,
            (DisplayTarget::SevenSegment1 | DisplayTarget::SevenSegment2, _) => Screen::Short,
            (DisplayTarget::Lcd1 | DisplayTarget::Lcd2, _) => Screen::Long,
        };
        match screen {
            Screen::Short => {
                self.outputs.short_text = text.clone();
                self.emit(EventKind::ShowShort(text));
            }
            Screen::Long => {
                text.truncate(255);
                self.outputs.long_text = text.clone();
                self.emit(EventKind::ShowLong(text));
            }
        }
    }

    pub(super) fn show_number(&mut self, n: u16) {
        self.show(Screen::Short, n.to_string().into_bytes());
    }

    /// 1.3 `SHOW`: mode 2 a number; 3 and 5 a `STRING` reference (short / long display).
    pub(super) fn show_v13(&mut self) -> R<()> {
        match self.pop()? {
            SHOW_NUMBER => {
                let n = self.pop()?;
                self.show_number(n);
            }
            SHOW_SHORT => {
                let mut text = self.pop_text()?;
                text.truncate(4);
                self.show(Screen::Short, text);
            }
            SHOW_LONG => {
                let text = self.pop_text()?;
                self.show(Screen::Long, text);
            }
            // An unknown mode shows nothing.
            _ => {}
        }
        Ok(())
    }

    /// Legacy `SHOW`: mode 3 pops four characters (pushed in order), mode 5 a length then
    /// that many characters (pushed last first).
    pub(super) fn show_legacy(&mut self) -> R<()> {
        match self.pop()? {
            SHOW_NUMBER => {
                let n = self.pop()?;
                self.show_number(n);
            }
            SHOW_SHORT => {
                let mut text = [0u8; 4];
                for c in text.iter_mut().rev() {
                    *c = self.pop()? as u8;
                }
                self.show(Screen::Short, text.to_vec());
            }
            SHOW_LONG => {
                let len = self.pop()?;
                let mut text = Vec::new();
                for _ in 0..len {
                    text.push(self.pop()? as u8);
                }
                self.show(Screen::Long, text);
            }
            _ => {}
        }
        Ok(())
    }

    /// Raspberry Pi commands and reporters (reference §2.4, opcodes 200–234).
    pub(super) fn raspberry_pi(&mut self, code: u8) -> R<Flow> {
        let reporter = match code {
            op::FACEFOUND => Some(PiReporter::FaceFound),
            op::CAMERAISON => Some(PiReporter::CameraIsOn),
            op::ISFINDINGFACE => Some(PiReporter::IsFindingFace),
            op::SCREENTAPPED => Some(PiReporter::ScreenTapped),
            op::READRFID => Some(PiReporter::ReadRfid),
            op::RFIDTAGFOUND => Some(PiReporter::RfidTagFound),
            op::RFIDREADERFOUND => Some(PiReporter::RfidReaderFound),
            _ => None,
        };
        if let Some(r) = reporter {
            self.push(self.inputs.pi[r as usize])?;
            return Ok(Flow::Next);
        }
        // Arguments, popped last first, in Logo order.
        let args = match code {
            op::USECAMERA
            | op::CLOSECAMERA
            | op::STARTFINDFACE
            | op::STOPFINDFACE
            | op::TAKESNAPSHOT
            | op::USESMS
            | op::SENDSNAPSHOT
            | op::STOPSOUND
            | op::WIFICONNECT
            | op::WIFIDISCONNECT
            | op::REBOOT
            | op::SHUTDOWN
            | op::USERFID
            | op::CLOSERFID
            | op::RFIDBEEP => Vec::new(),
            op::PLAYSOUND | op::SHOWIMAGE | op::NEWRECORDFILE | op::SAY => {
                vec![PiArg::Text(self.pop_text()?)]
            }
            op::WRITERFID => vec![PiArg::Num(self.pop()?)],
            op::SENDSMS => {
                let number = self.pop_text()?;
                let text = self.pop_text()?;
                vec![PiArg::Text(number), PiArg::Text(text)]
            }
            op::SENDMAIL => {
                let to = self.pop_text()?;
                let subject = self.pop_text()?;
                let body = self.pop_text()?;
                vec![PiArg::Text(to), PiArg::Text(subject), PiArg::Text(body)]
            }
            op::SHOWLOGPLOT => {
                let file = self.pop_text()?;
                let count = self.pop()?;
                vec![PiArg::Num(count), PiArg::Text(file)]
            }
            _ => return Err(self.bad_opcode(code)),
        };
        self.emit(EventKind::Pi { opcode: code, args });
        Ok(Flow::Next)
    }
}
