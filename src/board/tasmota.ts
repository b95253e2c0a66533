// A Tasmota command through the board (NET_TASMOTA, docs/protocol-extensions.md): send
// `host,command`, wait for the type-20 reply with command ID 21.
import { DeviceError, type BoardResponse, type DeviceConnection } from '../device/device.ts';
import * as cmd from '../device/protocol/commands.ts';

const TASMOTA_REPLY_MS = 5000;
const TASMOTA_COMMAND = 21;

/** Failure reasons the board sends (status 2), plus the host's own `timeout`. */
type TasmotaFailure = 'no-wifi' | 'unreachable' | 'bad-request' | 'timeout' | 'other';

export type TasmotaAnswer =
  { ok: true; body: string; power: 'ON' | 'OFF' | null } | { ok: false; reason: TasmotaFailure };

const FAILURES: readonly string[] = ['no-wifi', 'unreachable', 'bad-request'];

/** The `POWER` field of a Tasmota JSON answer, if it has one. */
export function powerOf(body: string): 'ON' | 'OFF' | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const power = (parsed as { POWER?: unknown } | null)?.POWER;
    return power === 'ON' || power === 'OFF' ? power : null;
  } catch {
    return null;
  }
}

/** Sends one command; rejects only with a DeviceError (the send failed). */
export function sendTasmota(
  device: DeviceConnection,
  host: string,
  command: string,
  timeoutMs = TASMOTA_REPLY_MS,
): Promise<TasmotaAnswer> {
  return new Promise((resolve, reject) => {
    const done = (answer: TasmotaAnswer) => {
      clearTimeout(timer);
      off();
      resolve(answer);
    };
    const off = device.on('response', (r: BoardResponse) => {
      if (r.command !== TASMOTA_COMMAND) return;
      const text = new TextDecoder().decode(r.payload);
      if (r.status === 1) done({ ok: true, body: text, power: powerOf(text) });
      else
        done({ ok: false, reason: FAILURES.includes(text) ? (text as TasmotaFailure) : 'other' });
    });
    const timer = setTimeout(() => done({ ok: false, reason: 'timeout' }), timeoutMs);
    device.send(cmd.tasmota(host.trim(), command.trim())).catch((e: unknown) => {
      clearTimeout(timer);
      off();
      reject(e instanceof DeviceError ? e : new DeviceError('write-failed', String(e)));
    });
  });
}
