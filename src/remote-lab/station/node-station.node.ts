// A lab station in Node with the virtual board (`npm run lab-station -- --board virtual`):
// the station key buys broker access from the server, the program journal lives in a file,
// and the board's sensors move by themselves so a remote student sees a live board.
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_BASE_PATH } from '../../contract/base-path.ts';
import type { StationGrant } from '../../contract/remote-lab.ts';
import { loadCore, type WasmCore } from '../../core/wasm-core.ts';
import { HeadlessVirtualBoard } from './headless-board.ts';
import {
  LabStation,
  type JournalState,
  type ProgramJournal,
  type StationAccess,
  type StationEvent,
} from './lab-station.ts';

/** A broker URL from a grant: a path is on the API server's origin. */
export function resolveBrokerUrl(url: string, serverOrigin: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  return new URL(url, serverOrigin.replace(/^http/, 'ws')).toString();
}

/** Broker access for a CLI station: its lab's GoGo ID and station key. */
export async function stationAccess(
  server: string,
  boardId: string,
  key: string,
): Promise<StationAccess> {
  const res = await fetch(`${server.replace(/\/$/, '')}${API_BASE_PATH}/lab/station/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ board_id: boardId, key }),
  });
  const body = (await res.json()) as StationGrant | { error: string; message: string };
  if (!res.ok || 'error' in body) {
    throw new Error('message' in body ? body.message : `the server answered ${res.status}`);
  }
  return { ...body, url: resolveBrokerUrl(body.url, server) };
}

/** The journal in a JSON file (written to a temporary file, then renamed). */
export function fileJournal(file: string): ProgramJournal {
  return {
    async load() {
      try {
        return JSON.parse(await fs.readFile(file, 'utf8')) as JournalState;
      } catch {
        return null;
      }
    },
    async save(state) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(state));
      await fs.rename(tmp, file);
    },
  };
}

export async function loadNodeCore(root: string): Promise<WasmCore> {
  return loadCore(await fs.readFile(path.join(root, 'core-rs/pkg/gogo_core.wasm')));
}

/** Sensors that move: a slow wave on 1, a ramp on 2, a drifting value on 3 and 4. */
export function animateSensors(board: HeadlessVirtualBoard, periodMs = 100): () => void {
  const start = Date.now();
  let drift = 512;
  const timer = setInterval(() => {
    const t = (Date.now() - start) / 1000;
    const b = board.board;
    b.setSensor(1, 512 + 400 * Math.sin((2 * Math.PI * t) / 6));
    b.setSensor(2, ((t * 100) % 1024) | 0);
    drift = Math.min(1023, Math.max(0, drift + (Math.random() - 0.5) * 40));
    b.setSensor(3, drift);
    b.setSensor(4, 1023 - drift);
  }, periodMs);
  return () => clearInterval(timer);
}

export interface NodeStationOptions {
  server: string;
  boardId: string;
  key: string;
  core: WasmCore;
  stateDir: string;
  still?: boolean;
  onEvent?: (e: StationEvent) => void;
}

export interface RunningStation {
  station: LabStation;
  board: HeadlessVirtualBoard;
  stop(): Promise<void>;
}

export async function startNodeStation(o: NodeStationOptions): Promise<RunningStation> {
  const access = await stationAccess(o.server, o.boardId, o.key);
  const board = new HeadlessVirtualBoard(o.core);
  const station = new LabStation({
    access,
    board,
    kind: 'node-virtual',
    journal: fileJournal(path.join(o.stateDir, `${o.boardId.replace(/[^\w.-]/g, '_')}.json`)),
    renew: () => stationAccess(o.server, o.boardId, o.key),
    ...(o.onEvent ? { onEvent: o.onEvent } : {}),
  });
  await station.start();
  const still = o.still ? () => {} : animateSensors(board);
  return {
    station,
    board,
    async stop() {
      still();
      await station.stop();
      board.destroy();
    },
  };
}
