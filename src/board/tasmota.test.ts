import { beforeAll, describe, expect, it } from 'vitest';
import type { WasmCore } from '../core/wasm-core.ts';
import * as cmd from '../device/protocol/commands.ts';
import { SimulatedBoard, wasmEncoder } from '../virtual-board/board/simulated-board.ts';
import { FakeTransport, statusReport } from '../device/testing/fake-transport.ts';
import { testConnection } from '../device/testing/test-connection.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { VirtualLinkTransport } from '../device/testing/virtual-link-transport.ts';
import { powerOf, sendTasmota } from './tasmota.ts';

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

async function connected() {
  const transport = new VirtualLinkTransport(new SimulatedBoard(wasmEncoder(core)));
  transport.afterWriteMs = 5;
  const conn = testConnection(core, transport);
  await conn.connect('simulated');
  transport.advance(30);
  await new Promise((r) => setTimeout(r, 0));
  return { conn, transport };
}

describe('sendTasmota (NET_TASMOTA through the virtual board)', () => {
  it('reports that the board has no Wi-Fi yet', async () => {
    const { conn } = await connected();
    expect(await sendTasmota(conn, '192.168.1.40', 'Power On')).toEqual({
      ok: false,
      reason: 'no-wifi',
    });
  });

  it('switches a plug on and reads its power state once the board is on Wi-Fi', async () => {
    const { conn, transport } = await connected();
    await conn.send(cmd.setWifiSsid('lab'));
    await conn.send(cmd.setWifiPassword('pw'));
    transport.advance(2000);
    expect(await sendTasmota(conn, '192.168.1.40', 'Power On')).toEqual({
      ok: true,
      body: '{"POWER":"ON"}',
      power: 'ON',
    });
    expect(await sendTasmota(conn, ' 192.168.1.40 ', 'Power')).toMatchObject({ power: 'ON' });
    expect(await sendTasmota(conn, 'unreachable.lan', 'Power')).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('times out when the board never answers', async () => {
    const fake = new FakeTransport('webhid');
    const conn = testConnection(core, fake);
    await conn.connect('webhid');
    fake.push(statusReport(6, 42));
    await new Promise((r) => setTimeout(r, 0));
    expect(await sendTasmota(conn, 'plug', 'Power', 30)).toEqual({ ok: false, reason: 'timeout' });
  });

  it('reads POWER from a Tasmota answer', () => {
    expect(powerOf('{"POWER":"OFF"}')).toBe('OFF');
    expect(powerOf('{"Command":"Unknown"}')).toBeNull();
    expect(powerOf('not json')).toBeNull();
  });
});
