// Connection and board state as the UI sees it (spec core §3, §4). The device layer
// (src/device/) is the source of truth and copies its events here through one adapter;
// no WebHID objects or worker proxies live in this store.
import { proxy } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** Connection types (spec core §4). */
export const ConnectionType = { disconnected: 0, plugin: 1, webhid: 2, remote: 3 } as const;
export type ConnectionType = (typeof ConnectionType)[keyof typeof ConnectionType];

/** Connect methods: exactly one true, or none. */
export const ConnectMethod = { usb: 11, remoteLab: 12, remoteAccess: 13 } as const;
export type ConnectMethod = (typeof ConnectMethod)[keyof typeof ConnectMethod];

/** Numeric board types (spec core §3 "Board info"). */
export const BoardType = {
  none: 0,
  original: 1,
  fifth: 2,
  wireless: 3,
  v6: 4,
  bright: 5,
  v7: 6,
} as const;
export type BoardType = (typeof BoardType)[keyof typeof BoardType];

export interface BoardInfo {
  boardType: number;
  boardVersion: number;
  firmwareVersion: number;
  /** e.g. "1.2.3" when the board reports one. */
  semanticFirmwareVersion: string;
}

export const EMPTY_BOARD: BoardInfo = {
  boardType: 0,
  boardVersion: 0,
  firmwareVersion: 0,
  semanticFirmwareVersion: '',
};

/** The default board: version 7 with firmware 42 (spec core §3). */
export const DEFAULT_DISPLAY_BOARD: BoardType = BoardType.v7;
export const DEFAULT_FIRMWARE = 42;

export interface ConnectionState {
  connectionType: ConnectionType;
  connectMethod: ConnectMethod | null;
  board: BoardInfo;
  /** Board type chosen for display (persisted). */
  displayBoard: number;
  /** Set while a firmware update runs; blocks normal commands. */
  firmwareUpdating: boolean;
}

function storedDisplayBoard(): number {
  const n = Number(readStorage(STORAGE_KEYS.displayBoard));
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_DISPLAY_BOARD;
}

export const connection = proxy<ConnectionState>({
  connectionType: ConnectionType.disconnected,
  connectMethod: null,
  board: { ...EMPTY_BOARD },
  displayBoard: storedDisplayBoard(),
  firmwareUpdating: false,
});

/** Board match: a board is connected and is the type chosen for display. */
export function isBoardMatch(s: Pick<ConnectionState, 'board' | 'displayBoard'>): boolean {
  return s.board.boardType !== 0 && s.board.boardType === s.displayBoard;
}

export function setDisplayBoard(type: number): void {
  connection.displayBoard = type;
  writeStorage(STORAGE_KEYS.displayBoard, String(type));
}
