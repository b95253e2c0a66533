// The board's four motor ports and four servo ports (board-protocol §2.3): the ports a
// command addresses (the "talk to" masks) and what each port drives.
import type { HidStatus } from '../../core/hid-layout.ts';
import { clamp, u16 } from './payload-fields.ts';
import type { SimMotor, SimServo } from './sim-state.ts';

const PORTS = [0, 1, 2, 3];

/** The status packet's output fields (motor and servo bytes). */
export type OutputStatus = Pick<
  HidStatus,
  | 'motorActive'
  | 'motorOn'
  | 'motorDirection'
  | 'motorPower'
  | 'servoOn'
  | 'servoActive'
  | 'servoRelay'
  | 'servoAngle'
  | 'servoPower'
>;

const newMotor = (): SimMotor => ({ active: false, on: false, cw: true, power: 100 });
const newServo = (): SimServo => ({ active: false, on: false, relay: false, angle: 90, power: 0 });

export class OutputPorts {
  private motorMask = 0;
  private motors: SimMotor[] = PORTS.map(newMotor);
  private servoMask = 0;
  private servos: SimServo[] = PORTS.map(newServo);

  /**
   * Carries out a category-0 output command; false when `command` is not a motor or servo
   * command (another part of the board handles it).
   */
  command(command: number, p: Uint8Array): boolean {
    const p1 = p[2] ?? 0;
    const p2 = p[3] ?? 0;
    switch (command) {
      case 2:
        this.eachMotor((m) => (m.on = p2 === 1));
        return true;
      case 3:
        this.eachMotor((m) => (m.cw = p2 === 1));
        return true;
      case 4:
        this.eachMotor((m) => (m.cw = !m.cw));
        return true;
      case 6: {
        const power = clamp(u16(p, 3), 0, 100);
        this.eachMotor((m) => (m.power = power));
        return true;
      }
      case 7:
        this.motorMask = p1 & 0x0f;
        return true;
      case 8:
        if (p1 < 4) this.motorMask ^= 1 << p1;
        return true;
      case 9: // servo duty (GoGo 4) / servo angle (ESP32 boards)
      case 17: {
        const angle = clamp(u16(p, 3), 0, 180);
        this.eachServo((s) => servoTo(s, angle));
        return true;
      }
      case 14:
        this.servoMask = p1 & 0x0f;
        return true;
      case 15: // this way: turn by the given degrees [inferred direction, §10 question 15]
      case 16: {
        const delta = clamp(u16(p, 3), 0, 180) * (command === 15 ? 1 : -1);
        this.eachServo((s) => servoTo(s, clamp(s.angle + delta, 0, 180)));
        return true;
      }
      case 18:
        if (p1 < 4) this.servoMask ^= 1 << p1;
        return true;
      case 19: {
        const power = clamp(u16(p, 3), 0, 100);
        this.eachServo((s) => {
          s.relay = true;
          s.power = power;
          s.on = power > 0;
        });
        return true;
      }
      default:
        return false;
    }
  }

  /** Power-on state: no port addressed, motors off at full power, servos centred. */
  reset(): void {
    this.motorMask = 0;
    this.servoMask = 0;
    this.motors = PORTS.map(newMotor);
    this.servos = PORTS.map(newServo);
  }

  /** Copies of the motors, each marked active when the motor mask addresses it. */
  motorStates(): SimMotor[] {
    return this.motors.map((m, i) => ({ ...m, active: bit(this.motorMask, i) }));
  }

  servoStates(): SimServo[] {
    return this.servos.map((s, i) => ({ ...s, active: bit(this.servoMask, i) }));
  }

  status(): OutputStatus {
    const mask = (f: (i: number) => boolean) => PORTS.reduce((m, i) => m | (f(i) ? 1 << i : 0), 0);
    return {
      motorActive: this.motorMask,
      motorOn: mask((i) => this.motors[i]?.on ?? false),
      motorDirection: mask((i) => this.motors[i]?.cw ?? false),
      // Power 0–100 in the command becomes 0–255 in the status [inferred, §9]; floor keeps
      // ceil(v / 255 × 100) on the host equal to the commanded percent.
      motorPower: this.motors.map((m) => Math.floor((m.power * 255) / 100)),
      servoOn: mask((i) => this.servos[i]?.on ?? false),
      servoActive: this.servoMask,
      servoRelay: mask((i) => this.servos[i]?.relay ?? false),
      servoAngle: this.servos.map((s) => s.angle),
      servoPower: this.servos.map((s) => s.power),
    };
  }

  private eachMotor(f: (m: SimMotor) => void): void {
    this.motors.forEach((m, i) => {
      if (bit(this.motorMask, i)) f(m);
    });
  }

  private eachServo(f: (s: SimServo) => void): void {
    this.servos.forEach((s, i) => {
      if (bit(this.servoMask, i)) f(s);
    });
  }
}

const bit = (mask: number, i: number) => (mask & (1 << i)) !== 0;

/** A servo command: the port drives a servo at `angle` (a relay port becomes a servo). */
function servoTo(servo: SimServo, angle: number): void {
  servo.angle = angle;
  servo.relay = false;
  servo.on = true;
}
