// The one adapter between the device layer and the UI stores (style anchor 6): it copies
// connection events into `connection` (type, method, board info) and `board` (live data),
// and turns asynchronous device errors into warning toasts with the spec's texts.
import i18next from 'i18next';
import { board, linkStats, SENSOR_HISTORY } from './board-store.ts';
import { connection } from './connection-store.ts';
import { sameData } from '../state/same-data.ts';
import { showToast } from '../state/ui.ts';
import type { DeviceConnection, DeviceError } from './device.ts';
import { translateError } from './ui/messages.ts';

/** Codes worth a toast when nobody awaited the call (the dialog shows its own errors). */
const TOASTED = new Set([
  'disconnected',
  'unknown-board-type',
  'firmware-too-old',
  'device-in-use',
  // A remote-lab session can end while no dialog is open (time limit, expiry, station gone).
  'session-ended',
]);
const DEBUG_LINES = 50;

export function bindDeviceToStores(device: DeviceConnection): () => void {
  // A board streams its status 50 times a second, mostly unchanged: the stores take only
  // what changed, so an idle page with a board connected stays idle.
  /** Per sensor: how many reports in a row gave its latest value. */
  const runs: number[] = [];
  const offs = [
    device.on('state', (s) => {
      connection.connectionType = s.connectionType;
      connection.connectMethod = s.connectMethod;
      const b = connection.board;
      if (
        b.boardType !== s.board.boardType ||
        b.boardVersion !== s.board.boardVersion ||
        b.firmwareVersion !== s.board.firmwareVersion ||
        b.semanticFirmwareVersion !== s.board.semanticFirmwareVersion
      ) {
        connection.board = { ...s.board };
      }
      board.link = { status: s.status, transport: s.transport, reconnecting: s.reconnecting };
      if (s.status === 'connected') board.lastError = null;
    }),
    device.on('status', (s) => {
      if (board.status === null || !sameData(s, board.status)) board.status = s;
      const history = board.sensorHistory;
      s.sensors.forEach((v, i) => {
        const series = history[i] ?? (history[i] = []);
        const run = v === series[series.length - 1] ? (runs[i] ?? 0) + 1 : 1;
        runs[i] = run;
        // A full chart of this one value already: one more sample of it draws the same chart.
        if (run > SENSOR_HISTORY && series.length >= SENSOR_HISTORY) return;
        series.push(v);
        if (series.length > SENSOR_HISTORY) series.splice(0, series.length - SENSOR_HISTORY);
      });
      if (history.length > s.sensors.length) history.length = s.sensors.length;
    }),
    device.on('pi-status', (pi) => {
      const was = board.pi?.alive ?? false;
      if (board.pi === null || !sameData(pi, board.pi)) board.pi = pi;
      // Spec core §8: 'Raspberry Pi is on' / 'Raspberry Pi disconnected'.
      if (pi.alive && !was) showToast('success', i18next.t('device:pi.on'));
      if (!pi.alive && was) showToast('warning', i18next.t('device:pi.disconnected'));
    }),
    device.on('key-value', (kv) => {
      board.keyValue = { ...kv, at: Date.now() };
    }),
    device.on('debug', (line) => {
      board.debug.push(line);
      if (board.debug.length > DEBUG_LINES) board.debug.splice(0, board.debug.length - DEBUG_LINES);
    }),
    device.on('stats', (s) => {
      linkStats.current = { ...s, ignored: { ...s.ignored } };
    }),
    device.on('cleared', () => {
      board.status = null;
      board.pi = null;
      board.keyValue = null;
      board.sensorHistory = [];
      board.clearedAt = Date.now();
    }),
    device.on('error', (e: DeviceError) => {
      board.lastError = { code: e.code, detail: e.detail, at: Date.now() };
      if (TOASTED.has(e.code)) showToast('warning', translateError(i18next.t, e.code, e.detail));
    }),
  ];
  return () => offs.forEach((off) => off());
}
