// What each board offers in the block toolbox. One table, read by the toolbox builder and
// by the port dropdowns (sensor, switch and motor numbers).
//
// | Board (type)         | Sensors | Motors | Raspberry Pi | Wireless node | Messages, keys | Cloud record | Serial |
// |----------------------|---------|--------|--------------|---------------|----------------|--------------|--------|
// | GoGo 4 (1)           | 8       | a–d    | –            | –             | –              | –            | yes    |
// | Pi-topping / 5 (2)   | 8       | a–d    | yes          | –             | yes            | –            | yes    |
// | Wireless (3)         | 8       | a–d    | –            | yes           | –              | –            | yes    |
// | GoGo 6 (4)           | 4       | a, b   | –            | –             | yes            | yes          | –      |
// | GoGo Bright (5)      | 4       | a, b   | –            | –             | yes            | yes          | –      |
// | GoGo 7 (6), default  | 4       | a, b   | –            | –             | yes            | yes          | –      |
//
// Sources: spec core §9 (8 sensors on board 5 and below, 4 on 6 and 7; 4 motors, 2 shown
// by default for Bright, 6 and 7: the motor dropdowns still offer a–d). Assumptions, since
// no source says more: Raspberry Pi blocks need the Pi-topping; `talkto n…` is for the
// wireless board; key-value and messages go to a Pi or to the network boards; `cloud
// record` needs a network board; the serial port exists on the PIC boards. Every other
// category (control, motors, servos, sensors, display, sound, lights and relay, data log,
// I2C, time) is on every board. Unknown or no board → GoGo 7, the default board (spec core
// §3).
import { BoardType, DEFAULT_DISPLAY_BOARD } from '../../device/connection-store.ts';

export interface BoardProfile {
  board: number;
  sensors: 4 | 8;
  /** The motor ports shown by default (first in the talk-to block's list). */
  motors: readonly string[];
  raspberryPi: boolean;
  wirelessNode: boolean;
  messages: boolean;
  cloudRecord: boolean;
  serial: boolean;
}

const PIC = { sensors: 8, motors: ['a', 'b', 'c', 'd'], cloudRecord: false, serial: true } as const;
const ESP = { sensors: 4, motors: ['a', 'b'], cloudRecord: true, serial: false } as const;

const BOARD_PROFILES: Readonly<Record<number, BoardProfile>> = {
  [BoardType.original]: {
    board: BoardType.original,
    ...PIC,
    raspberryPi: false,
    wirelessNode: false,
    messages: false,
  },
  [BoardType.fifth]: {
    board: BoardType.fifth,
    ...PIC,
    raspberryPi: true,
    wirelessNode: false,
    messages: true,
  },
  [BoardType.wireless]: {
    board: BoardType.wireless,
    ...PIC,
    raspberryPi: false,
    wirelessNode: true,
    messages: false,
  },
  [BoardType.v6]: {
    board: BoardType.v6,
    ...ESP,
    raspberryPi: false,
    wirelessNode: false,
    messages: true,
  },
  [BoardType.bright]: {
    board: BoardType.bright,
    ...ESP,
    raspberryPi: false,
    wirelessNode: false,
    messages: true,
  },
  [BoardType.v7]: {
    board: BoardType.v7,
    ...ESP,
    raspberryPi: false,
    wirelessNode: false,
    messages: true,
  },
};

export function boardProfile(board: number): BoardProfile {
  return BOARD_PROFILES[board] ?? (BOARD_PROFILES[DEFAULT_DISPLAY_BOARD] as BoardProfile);
}

/** Every port value a block may hold, whatever the board (so files never lose values). */
const ALL_SENSORS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
const ALL_MOTORS = ['a', 'b', 'c', 'd'] as const;

/** Non-empty motor sets in a friendly order: singles, pairs, then the rest. */
export function motorSets(motors: readonly string[]): string[] {
  const sets: string[] = [];
  for (let mask = 1; mask < 1 << motors.length; mask++) {
    sets.push(motors.filter((_, i) => mask & (1 << i)).join(''));
  }
  return sets.sort((x, y) => x.length - y.length || x.localeCompare(y));
}

export type PortKind = 'sensor' | 'motor' | 'motors';

/**
 * The ports a dropdown offers on a board. Every board has motor ports a–d (spec core §9:
 * Bright, 6 and 7 show two by default): the default ports and their sets come first, then
 * the other ports, so a student whose board drives motor c can still talk to it.
 */
export function portOptions(kind: PortKind, profile: BoardProfile): string[] {
  if (kind === 'sensor') return ALL_SENSORS.slice(0, profile.sensors);
  const all = kind === 'motor' ? [...ALL_MOTORS] : motorSets(ALL_MOTORS);
  const first = kind === 'motor' ? [...profile.motors] : motorSets(profile.motors);
  return [...first, ...all.filter((port) => !first.includes(port))];
}

/** Every value a dropdown of this kind accepts (the largest board's set). */
export function allPortValues(kind: PortKind): string[] {
  return portOptions(kind, boardProfile(BoardType.original));
}

/** The board the editor shows blocks for (set by the editor from connection.displayBoard). */
let active: BoardProfile = boardProfile(DEFAULT_DISPLAY_BOARD);

export function activeBoardProfile(): BoardProfile {
  return active;
}

export function setActiveBoard(board: number): BoardProfile {
  active = boardProfile(board);
  return active;
}
