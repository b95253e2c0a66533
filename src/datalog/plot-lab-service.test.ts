import { beforeAll, describe, expect, it } from 'vitest';
import type { WasmCore } from '../core/wasm-core.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { PlotLabService, Ring } from './plot-lab-service.ts';
import { VirtualBoardLink } from './testing/virtual-link.ts';

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

async function lab(capacity = 100) {
  const v = new VirtualBoardLink(core);
  const service = new PlotLabService(v.connection, capacity, () => v.clockMs);
  service.start();
  await v.connect();
  return { v, service };
}

const values = (r: Ring | undefined) => {
  const out: number[] = [];
  r?.forEach((_, v) => out.push(v));
  return out;
};

describe('PlotLabService', () => {
  it('plots each sensor of the board as its own series', async () => {
    const { v, service } = await lab();
    v.board.setSensor(2, 700);
    await v.run(100);
    expect(service.series).toEqual(['sensor:1', 'sensor:2', 'sensor:3', 'sensor:4']);
    expect(values(service.ring('sensor:2')).at(-1)).toBe(700);
  });

  it('plots numeric key-value messages and ignores text ones', async () => {
    const { v, service } = await lab();
    v.board.configure({ pi: true });
    v.board.sendKeyValue('speed', '12.5');
    v.board.sendKeyValue('name', 'robot');
    await v.run(300);
    expect(values(service.ring('kv:speed'))).toEqual([12.5]);
    expect(service.ring('kv:name')).toBeUndefined();
  });

  it('records nothing while paused, and clear empties every series', async () => {
    const { v, service } = await lab();
    await v.run(100);
    service.setPaused(true);
    const held = service.ring('sensor:1')?.length ?? 0;
    await v.run(200);
    expect(service.ring('sensor:1')?.length).toBe(held);
    service.clear();
    expect(service.series).toEqual([]);
  });

  it('clears every series when the plugin says no board is there, then plots again', async () => {
    const { v, service } = await lab();
    await v.run(100);
    expect(service.series.length).toBe(4);
    v.boardAbsent();
    expect(service.series).toEqual([]);
    await v.run(100);
    expect(service.series.length).toBe(4);
  });

  it('keeps only the newest samples when a series is full', () => {
    const r = new Ring(3);
    [1, 2, 3, 4, 5].forEach((x) => r.push(x, x * 10));
    expect(values(r)).toEqual([30, 40, 50]);
  });

  it('exports every held sample as CSV rows in time order', async () => {
    const { v, service } = await lab(10);
    v.board.setSensor(1, 512);
    await v.run(100);
    const csv = service.toCsv((id) => id.replace('sensor:', 'Sensor '));
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('time,series,value');
    const total = service.series.reduce((n, id) => n + (service.ring(id)?.length ?? 0), 0);
    expect(lines).toHaveLength(total + 1);
    expect(lines.at(-4)).toMatch(/^1970-01-01T00:00:00\.\d{3}Z,Sensor 1,512$/);
  });
});
