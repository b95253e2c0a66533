// The type-0 status packet the board streams (board-protocol §3.1), built from what the
// board holds: the firmware fields follow the board type (ESP32 boards report their STM32
// firmware too), sensors beyond the board's count are left out.
import type { HidBuiltinSensors, HidStatus, RtcFields } from '../../core/hid-layout.ts';
import { isEspFamily, sensorCount } from '../../device/board-state.ts';
import type { OutputStatus } from './output-ports.ts';
import type { SimConfig } from './sim-state.ts';

export interface StatusInputs {
  config: Pick<SimConfig, 'boardType' | 'boardVersion' | 'firmwareVersion' | 'stmFirmwareVersion'>;
  /** Sensors 1..8, 0..1023. */
  sensors: readonly number[];
  builtin: HidBuiltinSensors;
  ir: number;
  answer: number;
  wifiStatus: number;
  rtc: RtcFields;
  outputs: OutputStatus;
}

export function statusPacket(s: StatusInputs): HidStatus {
  const { config } = s;
  const esp = isEspFamily(config.boardType);
  const count = sensorCount(config.boardType);
  return {
    sensorCount: count,
    sensors: s.sensors.slice(0, count),
    boardType: config.boardType,
    boardVersion: config.boardVersion,
    hardwareId: esp ? 0x0c : 0,
    firmwareVersion: config.firmwareVersion,
    firmwareVersion2: esp ? config.stmFirmwareVersion : 0,
    ...s.outputs,
    ir: s.ir,
    rtc: s.rtc,
    espFamily: esp,
    joystick: 0,
    wifiStatus: s.wifiStatus,
    answer: s.answer,
    builtin: { ...s.builtin },
  };
}
