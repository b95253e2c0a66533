import { describe, expect, it } from 'vitest';
import { BoardType } from '../../device/device.ts';
import { OutputPorts } from './output-ports.ts';
import { DEFAULT_SIM_CONFIG, ZERO_BUILTIN } from './sim-state.ts';
import { statusPacket, type StatusInputs } from './status-packet.ts';

function inputs(boardType: number): StatusInputs {
  return {
    config: { ...DEFAULT_SIM_CONFIG, boardType, firmwareVersion: 42, stmFirmwareVersion: 11 },
    sensors: [1, 2, 3, 4, 5, 6, 7, 8],
    builtin: ZERO_BUILTIN,
    ir: 9,
    answer: 3,
    wifiStatus: 2,
    rtc: { second: 0, minute: 0, hour: 0, weekday: 100, date: 1, month: 1, year: 0 },
    outputs: new OutputPorts().status(),
  };
}

describe('statusPacket', () => {
  it('reports an STM32 board with its own firmware only and all eight sensors', () => {
    const s = statusPacket(inputs(BoardType.fifth));
    expect(s).toMatchObject({
      boardType: BoardType.fifth,
      espFamily: false,
      hardwareId: 0,
      firmwareVersion: 42,
      firmwareVersion2: 0,
      ir: 9,
      answer: 3,
      wifiStatus: 2,
      joystick: 0,
    });
    expect(s.sensorCount).toBe(8);
    expect(s.sensors).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reports an ESP32 board with its hardware id, the STM32 firmware and four sensors', () => {
    const s = statusPacket(inputs(BoardType.v7));
    expect(s).toMatchObject({ espFamily: true, hardwareId: 0x0c, firmwareVersion2: 11 });
    expect(s.sensors).toEqual([1, 2, 3, 4]);
  });

  it('carries the output ports and a copy of the built-in sensors', () => {
    const input = inputs(BoardType.v7);
    const s = statusPacket(input);
    expect(s).toMatchObject(input.outputs);
    expect(s.builtin).toEqual(ZERO_BUILTIN);
    expect(s.builtin).not.toBe(input.builtin);
  });
});
