import i18next from 'i18next';
import { subscribe } from 'valtio';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/device.json';
import { board, linkStats, SENSOR_HISTORY } from './board-store.ts';
import { connection } from './connection-store.ts';
import { ui } from '../state/ui.ts';
import { GoGoConnection } from './connection/gogo-connection.ts';
import type { Framer } from './protocol/framer.ts';
import { bindDeviceToStores } from './store-adapter.ts';
import { FakeTransport, report, statusReport } from './testing/fake-transport.ts';
import { testFramer } from './testing/test-core.ts';

let framer: Framer;
let transport: FakeTransport;
let conn: GoGoConnection;
let unbind: () => void;

const settle = () => new Promise((r) => setTimeout(r, 0));
const toasts = () => ui.toasts.map((t) => `${t.kind}: ${t.message}`);

beforeAll(async () => {
  framer = await testFramer();
  await i18next.init({
    lng: 'en',
    resources: { en: { device: en } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(async () => {
  // The stores are app singletons: let the previous connection clear them.
  await conn?.disconnect();
  unbind?.();
  ui.toasts.splice(0);
  connection.displayBoard = 6;
  conn = new GoGoConnection({
    createTransport: () => (transport = new FakeTransport()),
    framer,
    displayBoard: () => connection.displayBoard,
    schedule: (f) => queueMicrotask(f),
  });
  unbind = bindDeviceToStores(conn);
});

describe('bindDeviceToStores', () => {
  it('copies the link and the board info into the connection store', async () => {
    await conn.connect('webhid');
    expect(connection.connectionType).toBe(2);
    expect(connection.connectMethod).toBe(11);
    expect(board.link).toEqual({ status: 'connected', transport: 'webhid', reconnecting: false });
    transport.push(statusReport(6, 42, { 18: [2] }));
    await settle();
    expect(connection.board).toMatchObject({ boardType: 6, boardVersion: 2, firmwareVersion: 42 });
  });

  it('keeps the latest status and a history per sensor', async () => {
    await conn.connect('webhid');
    for (const v of [10, 20, 30]) {
      transport.push(statusReport(6, 42, { 1: [0, v] }));
      await settle();
    }
    expect(board.status?.sensors).toEqual([30, 0, 0, 0]);
    expect(board.sensorHistory[0]).toEqual([10, 20, 30]);
    expect(linkStats.current.received).toBe(3);
  });

  it('leaves the board store alone while the board streams the same status', async () => {
    await conn.connect('webhid');
    const same = () => statusReport(6, 42, { 1: [0, 7] });
    for (let i = 0; i < SENSOR_HISTORY; i++) {
      transport.push(same());
      await settle();
    }
    const status = board.status;
    let changes = 0;
    const stop = subscribe(board, () => changes++, true);
    for (let i = 0; i < 5; i++) {
      transport.push(same());
      await settle();
    }
    expect(changes).toBe(0);
    expect(board.status).toBe(status);
    expect(board.sensorHistory[0]).toEqual(new Array<number>(SENSOR_HISTORY).fill(7));
    expect(linkStats.current.received).toBe(SENSOR_HISTORY + 5);

    transport.push(statusReport(6, 42, { 1: [0, 8] }));
    await settle();
    stop();
    expect(board.status?.sensors[0]).toBe(8);
    expect(changes).toBeGreaterThan(0);
    expect(board.sensorHistory[0]).toEqual([...new Array<number>(SENSOR_HISTORY - 1).fill(7), 8]);
  });

  it('clears board data and warns with the spec text when the board is unplugged', async () => {
    await conn.connect('webhid');
    transport.push(statusReport(6, 42), report({ 0: [7], 1: [6], 2: 'k,v' }));
    await settle();
    expect(board.keyValue).toMatchObject({ key: 'k', value: 'v' });
    transport.drop();
    await settle();
    expect(board.status).toBeNull();
    expect(board.keyValue).toBeNull();
    expect(connection.connectionType).toBe(0);
    expect(connection.board.boardType).toBe(0);
    expect(board.lastError?.code).toBe('disconnected');
    expect(toasts()).toEqual(['warning: GoGo Board is not connected!']);
  });

  it('announces the Raspberry Pi coming up and going away', async () => {
    await conn.connect('webhid');
    transport.push(report({ 0: [2], 1: [14] }));
    await settle();
    transport.push(report({ 0: [2], 1: [0] }));
    await settle();
    expect(toasts()).toEqual(['success: Raspberry Pi is on', 'warning: Raspberry Pi disconnected']);
  });

  it('warns about old firmware with the minimum version', async () => {
    connection.displayBoard = 1;
    await conn.connect('webhid');
    transport.push(statusReport(1, 100));
    await settle();
    expect(toasts()).toEqual([
      'warning: Please update GoGo Board firmware. The minimum supported version is 111',
    ]);
  });
});
