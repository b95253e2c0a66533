// Connection and board state as the UI sees it (spec core §3, §4). The device layer
// (src/device/) is the source of truth and copies its events here through one adapter;
// no WebHID objects or worker proxies live in this store.
import { proxy } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';

// The numeric tables live in the device contract (src/device/device.ts) so that workers
// can use them without this store; they are re-exported here for the UI.
import {
  BoardType,
  ConnectionType,
  EMPTY_BOARD,
  type BoardInfo,
  type ConnectMethod,
} from './device.ts';
export { BoardType, ConnectionType, ConnectMethod, EMPTY_BOARD } from './device.ts';

/** The default board: version 7 with firmware 42 (spec core §3). */
export const DEFAULT_DISPLAY_BOARD: BoardType = BoardType.v7;

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
