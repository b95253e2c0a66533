// The virtual board's settings, limits and the plain-data state its panel shows.
import type { HidBuiltinSensors, RtcFields } from '../../core/hid-layout.ts';
import { BoardType } from '../../device/device.ts';
import type { PiSimState } from './pi-companion.ts';
import type { SimDatalogInfo } from './sim-datalog.ts';

export interface SimConfig {
  /** Numeric board type (spec core §3); default 6 = GoGo board 7. */
  boardType: number;
  boardVersion: number;
  /** Default 42 (spec core §3 "The default board is version 7 with firmware 42"). */
  firmwareVersion: number;
  /** GoGo 6 communication CPU (STM32) firmware, status byte 21. */
  stmFirmwareVersion: number;
  /** Virtual ms between status packets (the real rate is unknown, §10 question 2). */
  statusPeriodMs: number;
  /** Without an RTC module the board reports day-of-week 100 (§3.2). */
  rtcPresent: boolean;
  /** A Raspberry Pi companion (Pi-topping) is attached. */
  pi: boolean;
}

/** The built-in sensors of a board at rest: 25.0 °C, 50 % humidity, 1 g on z. */
export const ZERO_BUILTIN: HidBuiltinSensors = {
  gesture: 0,
  orientation: 0,
  loudness: 0,
  light: 0,
  proximity: 0,
  red: 0,
  green: 0,
  blue: 0,
  temperature: 250,
  humidity: 50,
  accelX: 0,
  accelY: 0,
  accelZ: 1000,
};

export const DEFAULT_SIM_CONFIG: SimConfig = {
  boardType: BoardType.v7,
  boardVersion: 1,
  firmwareVersion: 42,
  stmFirmwareVersion: 10,
  statusPeriodMs: 20,
  rtcPresent: true,
  pi: false,
};

/** The program area the download fills (spec core §9 "Max byte code length 2048"). */
export const PROGRAM_AREA_BYTES = 2048;
/** Reports the board buffers for the host; when full, the oldest status is dropped. */
export const REPORT_QUEUE_LIMIT = 64;
/** The Pi daemon repeats a key with an empty value shortly after (board-protocol §3.4). */
export const KEY_VALUE_CLEAR_MS = 100;
/** Response packet command IDs of this project's extensions (docs/protocol-extensions.md). */
export const MEM_READ_COMMAND = 4;
export const TASMOTA_COMMAND = 21;
/** The board's Wi-Fi status once it joined a network (the simulator's join ends here). */
export const WIFI_CONNECTED = 2;

/** A pretend Tasmota device the virtual board reaches over its Wi-Fi. */
interface SimTasmota {
  host: string;
  on: boolean;
}

export interface SimMotor {
  active: boolean;
  on: boolean;
  /** This way (CW). */
  cw: boolean;
  /** 0..100 as commanded. */
  power: number;
}

export interface SimServo {
  active: boolean;
  /** Drives its output: holds an angle (servo) or has power above 0 (relay). */
  on: boolean;
  /** Used as a relay (a power output, command 19) rather than a servo. */
  relay: boolean;
  angle: number;
  power: number;
}

/** Everything the simulator panel shows. Plain data (crosses the worker boundary). */
export interface SimState {
  config: SimConfig;
  clockMs: number;
  sensors: number[];
  builtin: HidBuiltinSensors;
  ir: number;
  answer: number;
  motors: SimMotor[];
  servos: SimServo[];
  leds: { id: number; on: boolean }[];
  display: { short: string; long: string };
  rtc: RtcFields;
  voice: { playing: boolean; track: number; tracks: number };
  wifi: { ssid: string; status: number };
  autorun: boolean;
  program: {
    length: number;
    running: boolean;
    preview: number[];
    overflow: number;
    /** Why the program stopped with an error (a VM fault), or null. */
    fault: string | null;
    /** Program runs started (by the host, the panel or autorun). */
    runs: number;
  };
  tasmota: SimTasmota[];
  /** Bytes written through the absolute memory pointer (legacy firmware path). */
  flashBytes: number;
  beeps: number;
  commands: number;
  unknownCommands: number;
  lastCommand: string;
  pi: PiSimState | null;
  datalog: SimDatalogInfo;
}

export type SimEvent = { type: 'beep' };
