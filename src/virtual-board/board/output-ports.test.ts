import { describe, expect, it } from 'vitest';
import { OutputPorts } from './output-ports.ts';

/** Sends a category-0 command: p1 at byte 2, a 16-bit value (or p2 in its high byte) from byte 3. */
function send(ports: OutputPorts, command: number, p1 = 0, value = 0): boolean {
  const payload = new Uint8Array([0, command, p1, value >> 8, value & 0xff]);
  return ports.command(command, payload);
}
/** Commands whose p2 (byte 3) is an on/off or this-way/that-way flag. */
function sendFlag(ports: OutputPorts, command: number, on: boolean): boolean {
  return ports.command(command, new Uint8Array([0, command, 0, on ? 1 : 0]));
}

describe('OutputPorts', () => {
  it('starts with no port addressed, motors off at full power this way, servos centred', () => {
    const ports = new OutputPorts();
    expect(ports.motorStates()).toEqual(
      Array(4).fill({ active: false, on: false, cw: true, power: 100 }),
    );
    expect(ports.servoStates()).toEqual(
      Array(4).fill({ active: false, on: false, relay: false, angle: 90, power: 0 }),
    );
    expect(ports.status()).toMatchObject({
      motorActive: 0,
      motorOn: 0,
      motorDirection: 0b1111,
      motorPower: [255, 255, 255, 255],
      servoActive: 0,
      servoAngle: [90, 90, 90, 90],
    });
  });

  it('drives only the motors the talk-to mask addresses', () => {
    const ports = new OutputPorts();
    send(ports, 7, 0b0101);
    sendFlag(ports, 2, true);
    sendFlag(ports, 3, false);
    send(ports, 6, 0, 40);
    expect(ports.motorStates().map((m) => [m.active, m.on, m.cw, m.power])).toEqual([
      [true, true, false, 40],
      [false, false, true, 100],
      [true, true, false, 40],
      [false, false, true, 100],
    ]);
    // 40 % becomes 102 of 255 in the status, so the host reads 40 % back.
    expect(ports.status()).toMatchObject({
      motorActive: 0b0101,
      motorOn: 0b0101,
      motorDirection: 0b1010,
      motorPower: [102, 255, 102, 255],
    });
  });

  it('toggles one motor into the mask, reverses direction and clamps power to 100', () => {
    const ports = new OutputPorts();
    send(ports, 8, 1);
    send(ports, 8, 3);
    send(ports, 8, 3);
    send(ports, 4);
    send(ports, 6, 0, 500);
    expect(ports.status().motorActive).toBe(0b0010);
    expect(ports.motorStates()[1]).toMatchObject({ cw: false, power: 100 });
    expect(ports.motorStates()[0]).toMatchObject({ cw: true, power: 100 });
  });

  it('sets, turns and clamps servo angles; a relay command makes the port a power output', () => {
    const ports = new OutputPorts();
    send(ports, 14, 0b0011);
    send(ports, 17, 0, 150);
    send(ports, 15, 0, 90);
    expect(ports.servoStates().slice(0, 2)).toEqual([
      { active: true, on: true, relay: false, angle: 180, power: 0 },
      { active: true, on: true, relay: false, angle: 180, power: 0 },
    ]);
    send(ports, 16, 0, 30);
    expect(ports.status().servoAngle).toEqual([150, 150, 90, 90]);
    send(ports, 18, 1);
    send(ports, 19, 0, 60);
    expect(ports.servoStates()[0]).toMatchObject({ relay: true, on: true, power: 60 });
    expect(ports.servoStates()[1]).toMatchObject({ active: false, relay: false });
    expect(ports.status()).toMatchObject({ servoRelay: 0b0001, servoOn: 0b0011 });
    send(ports, 19, 0, 0);
    expect(ports.servoStates()[0]).toMatchObject({ relay: true, on: false, power: 0 });
  });

  it('leaves commands of other parts of the board to them', () => {
    const ports = new OutputPorts();
    for (const command of [1, 10, 11, 60, 70, 100]) expect(send(ports, command)).toBe(false);
  });

  it('returns to its power-on state on reset', () => {
    const ports = new OutputPorts();
    send(ports, 7, 0b1111);
    sendFlag(ports, 2, true);
    send(ports, 14, 0b1111);
    send(ports, 17, 0, 10);
    ports.reset();
    expect(ports.status()).toEqual(new OutputPorts().status());
    expect(ports.motorStates()).toEqual(new OutputPorts().motorStates());
  });
});
