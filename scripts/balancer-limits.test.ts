// The balancer's cap on WebSockets per client address to an external Mosquitto (which has
// no such limit of its own): the configuration `npm run cluster` and docs/deploy.md use, in
// front of a broker running deploy/mosquitto.conf. Past the cap an address gets 429, and
// another address still connects and talks MQTT.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from './auth-emulator.ts';
import { haproxyConfig, MQTT_SOCKETS_PER_ADDRESS } from './cluster.ts';
import { startTempMosquitto, type TempMosquitto } from './mosquitto-temp.ts';

describe('the balancer in front of Mosquitto', () => {
  let mosquitto: TempMosquitto;
  let haproxy: ChildProcess;
  let dir: string;
  let base: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    mosquitto = await startTempMosquitto();
    const port = await freePort();
    const stats = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-haproxy-test-'));
    const cfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig(port, [], mosquitto.port, stats));
    haproxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: 'ignore' });
    base = `ws://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`http://127.0.0.1:${stats}/stats`);
        break;
      } catch {
        if (tries > 100 || haproxy.exitCode !== null) throw new Error('haproxy did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    if (haproxy?.exitCode === null) {
      const exited = new Promise((r) => haproxy.once('exit', r));
      haproxy.kill('SIGTERM');
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await mosquitto?.remove();
  });

  /** A WebSocket from a loopback address of its own: open, or the refusal's status. */
  const open = (from: string) =>
    new Promise<WebSocket | number>((resolve) => {
      const ws = new WebSocket(`${base}/mqtt/public`, 'mqtt', { localAddress: from });
      ws.once('open', () => {
        sockets.push(ws);
        resolve(ws);
      });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(-1));
    });

  it('refuses an address its WebSockets past the cap, and serves another address', async () => {
    // At once (Mosquitto's WebSocket handshakes are slow one after another), then ten more.
    const flood = await Promise.all(
      Array.from({ length: MQTT_SOCKETS_PER_ADDRESS }, () => open('127.0.0.2')),
    );
    for (let i = 0; i < 10; i++) flood.push(await open('127.0.0.2'));
    expect(flood.filter((s) => s instanceof WebSocket)).toHaveLength(MQTT_SOCKETS_PER_ADDRESS);
    expect(flood.filter((s) => s === 429)).toHaveLength(10);
    // Another address signs in and gets an answer from the broker (the admin's own topics).
    const c = await mqtt.connectAsync(`${base}/mqtt/public`, {
      username: mosquitto.adminUsername,
      password: mosquitto.adminPassword,
      reconnectPeriod: 0,
      wsOptions: { localAddress: '127.0.0.3' },
    });
    const control = '$CONTROL/dynamic-security/v1';
    const got = new Promise<string>((r) => c.once('message', (_t, p) => r(p.toString())));
    await c.subscribeAsync(`${control}/response`);
    await c.publishAsync(control, JSON.stringify({ commands: [{ command: 'listClients' }] }));
    expect(JSON.parse(await got)).toMatchObject({
      responses: [{ command: 'listClients', data: { clients: [mosquitto.adminUsername] } }],
    });
    await c.endAsync();
    // One closes: the address may open one more.
    const first = flood.find((s): s is WebSocket => s instanceof WebSocket);
    first?.terminate();
    let again = await open('127.0.0.2');
    for (let tries = 0; again === 429 && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await open('127.0.0.2');
    }
    expect(again).toBeInstanceOf(WebSocket);
  }, 60_000);
});
