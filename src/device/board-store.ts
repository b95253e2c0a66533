// The live board as the UI sees it: link status, the decoded status stream, Raspberry Pi
// status, key-value messages and stream counters (spec classroom §3 "Board state" and
// "Single-board computer state"). The device layer owns the truth; one adapter
// (src/device/store-adapter.ts) copies its events here, at most once a frame (16 ms), and only what changed.
import { proxy } from 'valtio';
import type {
  BoardStatus,
  DeviceErrorCode,
  DeviceErrorDetail,
  KeyValueMessage,
  LinkStats,
  LinkStatus,
  PiStatus,
  TransportKind,
} from './device.ts';

/** Samples kept per sensor for the small live chart. */
export const SENSOR_HISTORY = 120;

interface BoardState {
  link: { status: LinkStatus; transport: TransportKind | null; reconnecting: boolean };
  /** Null until the first status packet, and after a disconnect or an empty message. */
  status: BoardStatus | null;
  pi: PiStatus | null;
  /** The latest key-value message (empty follow-ups are dropped). */
  keyValue: (KeyValueMessage & { at: number }) | null;
  /** The latest debug lines from the board, newest last. */
  debug: string[];
  lastError: { code: DeviceErrorCode; detail: DeviceErrorDetail; at: number } | null;
  /** Recent values per sensor, oldest first. */
  sensorHistory: number[][];
  /** Bumped when board, Pi, key-value and datalog data are cleared; datalog views watch it. */
  clearedAt: number;
  /**
   * The board's program runs as far as this app knows (started by a download or Run,
   * stopped by Stop or a teacher's stop; the board reports no such state).
   */
  programRunning: boolean;
}

export const board = proxy<BoardState>({
  link: { status: 'disconnected', transport: null, reconnecting: false },
  status: null,
  pi: null,
  keyValue: null,
  debug: [],
  lastError: null,
  sensorHistory: [],
  clearedAt: 0,
  programRunning: false,
});

/**
 * The stream's counters, which change with every report: kept apart from `board` so that
 * what watches the board does not wake 50 times a second (only the open connect dialog
 * shows them).
 */
export const linkStats = proxy<{ current: LinkStats }>({
  current: {
    received: 0,
    decoded: 0,
    ignored: { short: 0, unknown: 0, malformed: 0, empty: 0 },
    coalesced: 0,
    written: 0,
  },
});
