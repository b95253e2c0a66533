// The whole remote path in Node, on real components: the API server with its broker (the
// embedded aedes, or Mosquitto with dynamic security under scripts/mosquitto-temp.ts), a lab
// station with the headless virtual board (in process, or `npm run lab-station` as a child
// process that can be killed), and the student's side as the app runs it: the connection
// state machine with the remote transport, and the session client.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { signUpWithPassword } from '../../server/testing/emulator-accounts.ts';
import { mqttTestEnv, testBroker } from '../../server/testing/test-mqtt.ts';
import { startTempMosquitto, type TempMosquitto } from '../../scripts/mosquitto-temp.ts';
import { testEngine } from '../../server/testing/test-db.ts';
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { RemoteLabApi } from './remote-lab-api.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  until,
  type LiveServer,
} from '../auth/live-server.node.ts';
import type { Lab } from '../contract/remote-lab.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import { GoGoConnection } from '../device/connection/gogo-connection.ts';
import { ConnectionType, ConnectMethod, DeviceError, type BoardStatus } from '../device/device.ts';
import * as cmd from '../device/protocol/commands.ts';
import { RemoteTransport } from '../device/remote/remote-transport.ts';
import { loadTestCore, testFramer } from '../device/testing/test-core.ts';
import { downloadPlan } from '../download/download-plan.ts';
import { emptyRemoteLab, RemoteSession, type RemoteLabState } from './remote-session.ts';
import type { JournalState, StationEvent } from './station/lab-station.ts';
import { nextDownload, type DownloadView } from './ui/station/station-events.ts';
import {
  resolveBrokerUrl,
  startNodeStation,
  type RunningStation,
} from './station/node-station.node.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe(`remote lab end to end in Node (${testEngine()}, ${testBroker()})`, () => {
  let server: LiveServer;
  let origin: string;
  let core: WasmCore;
  let owner: ApiClient;
  let stateDir: string;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  let mosquitto: TempMosquitto | null = null;

  const timings = { LAB_ALIVE_MS: '2000', LAB_STATION_GRACE_MS: '20000' };
  beforeAll(async () => {
    let env = mqttTestEnv(timings);
    if (testBroker() === 'mosquitto') {
      // A Mosquitto of this file's own: the broker-restart test stops and starts it.
      mosquitto = await startTempMosquitto();
      env = {
        ...env,
        MQTT_URL: mosquitto.tcpUrl,
        MQTT_CLIENT_URL: mosquitto.url,
        MQTT_ADMIN_USERNAME: mosquitto.adminUsername,
        MQTT_ADMIN_PASSWORD: mosquitto.adminPassword,
      };
    }
    server = await startLiveServer(env);
    origin = new URL(server.baseURL).origin;
    core = await loadTestCore();
    owner = await client();
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-station-'));
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await server.close();
    await mosquitto?.remove();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  async function client(): Promise<ApiClient> {
    const { idToken } = await signUpWithPassword(server.emulatorHost);
    return accountClient(server, { idToken }, await englishI18n());
  }

  let n = 0;
  async function newLab(): Promise<{ lab: Lab; key: string }> {
    const lab = await owner.post<Lab>('/lab/create', {
      name: 'Line follower',
      board_id: `N${Date.now().toString(36)}${n++}`,
      pin: '2468',
    });
    const { key } = await owner.post<{ key: string }>(`/lab/${lab.uuid}/station-key`, {});
    return { lab, key };
  }

  async function inProcessStation(
    lab: Lab,
    key: string,
    onEvent?: (e: StationEvent) => void,
  ): Promise<RunningStation> {
    const running = await startNodeStation({
      server: origin,
      boardId: lab.board_id,
      key,
      core,
      stateDir,
      ...(onEvent ? { onEvent } : {}),
    });
    cleanups.push(() => running.stop());
    await waitOnline(lab);
    return running;
  }

  const waitOnline = (lab: Lab, online = true, ms = 30_000) =>
    until(() => status.get(lab.uuid) === online, ms).catch(() => {
      throw new Error(`${lab.board_id} did not become ${online ? 'online' : 'offline'}`);
    });
  const status = new Map<string, boolean>();
  const poll = setInterval(() => {
    void owner?.get<{ data: Lab[] }>('/lab/browse/my', { quiet: true }).then(
      (r) => r.data.forEach((l) => status.set(l.uuid, l.status.online)),
      () => {},
    );
  }, 100);
  cleanups.push(() => clearInterval(poll));

  /** The student's app: the connection with the remote transport, and the session client. */
  async function student() {
    const api = await client();
    const device = new GoGoConnection({
      createTransport: (_kind, options) => {
        if (!options.remote) throw new Error('remote only');
        return new RemoteTransport(options.remote);
      },
      framer: await testFramer(),
      displayBoard: () => 6,
      schedule: (f) => setTimeout(f, 0),
    });
    const state: RemoteLabState = emptyRemoteLab();
    const session = new RemoteSession({
      api: new RemoteLabApi({ client: api, notify: () => {}, translate: (k) => k }),
      device,
      brokerUrl: (u) => resolveBrokerUrl(u, origin),
      state,
    });
    let last: BoardStatus | null = null;
    device.on('status', (s) => (last = s));
    const errors: DeviceError[] = [];
    device.on('error', (e) => errors.push(e));
    cleanups.push(async () => {
      await session.disconnect();
      session.dispose();
      await device.dispose();
    });
    return { api, device, session, state, errors, status: () => last };
  }

  const compile = (logo: string) => {
    const r = core.compileLogo(logo, '1.4');
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('connects by access code, shows the station board live, downloads, and grades by the answer', async () => {
    const { lab, key } = await newLab();
    const station = await inProcessStation(lab, key);
    const s = await student();
    await s.session.connectByCode({ access_code: lab.access_code });
    expect(s.state).toMatchObject({ phase: 'active', boardId: lab.board_id, position: 0 });
    expect(s.state.sessionId).toBeGreaterThan(0);
    expect(s.state.sessionToken).not.toBeNull();
    expect(s.device.snapshot).toMatchObject({
      connectionType: ConnectionType.remote,
      connectMethod: ConnectMethod.remoteLab,
      transport: 'remote',
      status: 'connected',
    });
    await until(() => s.device.snapshot.board.boardType === 6, 30_000);
    // The station's sensors move.
    const seen = new Set<number>();
    await until(() => {
      const v = s.status()?.sensors[0];
      if (v !== undefined) seen.add(v);
      return seen.size >= 4;
    }, 30_000);

    const { data, autoRunState } = compile('to main\nsetanswer 42\nforever [ wait 1 ]\nend\n');
    const progress: number[] = [];
    await s.device.sendSequence(downloadPlan(data, autoRunState), {
      onProgress: (done, total) => progress.push(done / total),
    });
    expect(progress.at(-1)).toBe(1);
    expect([...station.board.board.programBytes()]).toEqual([...data]);
    await s.device.send(cmd.logoControl(1));
    await until(() => s.status()?.answer === 42, 30_000);
    // The server records the answer from the station's report (the next alive shows it).
    await until(() => s.state.recordedAnswer === 42, 30_000);
    // Firmware commands are not forwarded (the app refuses them first; a station too).
    expect(station.board.board.state().program.running).toBe(true);
  });

  it("the station's page says a download arrived even when the board's last progress comes late", async () => {
    const { lab, key } = await newLab();
    let view: DownloadView = { state: 'none' };
    const station = await inProcessStation(lab, key, (e) => {
      view = nextDownload(view, e, new Date());
    });
    // The browser's virtual board lives in a worker and reports progress on a channel of its
    // own: its last report may land after the write itself has resolved.
    const board = station.board;
    const writePaced = board.writePaced.bind(board);
    board.writePaced = (payloads, gaps, onProgress) =>
      writePaced(payloads, gaps, (done, total) => setTimeout(() => onProgress?.(done, total), 50));
    const s = await student();
    await s.session.connectByCode({ access_code: lab.access_code });
    await until(() => s.device.snapshot.board.boardType === 6, 30_000);
    const { data, autoRunState } = compile('to main\nsetanswer 7\nend\n');
    await s.device.sendSequence(downloadPlan(data, autoRunState));
    await until(() => view.state === 'done', 30_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(view.state).toBe('done');
  });

  it('queues a second student and hands over the board when the first disconnects', async () => {
    const { lab, key } = await newLab();
    await inProcessStation(lab, key);
    const first = await student();
    const second = await student();
    await first.session.connectById({ board_id: lab.board_id, pin: '2468' });
    expect(first.state).toMatchObject({
      phase: 'active',
      connectMethod: ConnectMethod.remoteAccess,
    });
    await second.session.connectById({ board_id: lab.board_id, pin: '2468' });
    expect(second.state).toMatchObject({ phase: 'waiting', position: 1 });
    expect(second.device.snapshot.status).toBe('disconnected');
    await first.session.disconnect();
    expect(first.state.sessionId).toBe(0);
    expect(first.device.snapshot.status).toBe('disconnected');
    await until(() => second.state.phase === 'active', 30_000);
    await until(() => second.device.snapshot.board.boardType === 6, 30_000);
    expect(second.device.snapshot.connectionType).toBe(ConnectionType.remote);
  });

  it("answers the spec's messages for a wrong code, a wrong pin and an offline board", async () => {
    const { lab } = await newLab();
    const s = await student();
    const code = (e: unknown) => (e instanceof ApiError ? e.code : String(e));
    await expect(s.session.connectByCode({ access_code: 'XXXX-XXXX' }).catch(code)).resolves.toBe(
      'wrong_access_code',
    );
    await expect(
      s.session.connectById({ board_id: lab.board_id, pin: '1111' }).catch(code),
    ).resolves.toBe('wrong_board_or_pin');
    await expect(
      s.session.connectById({ board_id: lab.board_id, pin: '2468' }).catch(code),
    ).resolves.toBe('board_offline');
    expect(s.state).toMatchObject({ phase: 'idle', sessionId: 0, sessionToken: null });
  });

  it('keeps a complete program when the station is killed mid-download', async () => {
    const { lab, key } = await newLab();
    const journalFile = path.join(stateDir, `${lab.board_id}.json`);
    const output: string[] = [];
    const launch = () => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/lab-station.ts',
          '--server',
          origin,
          '--board-id',
          lab.board_id,
          '--key',
          key,
          '--state-dir',
          stateDir,
          '--still',
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
      cleanups.push(() => child.kill('SIGKILL'));
      return child;
    };
    let child: ChildProcess = launch();
    // A new Node process that compiles the station with tsx: over 15 s when the test command
    // keeps both cores busy (once in CI).
    await waitOnline(lab, true, 60_000);
    const s = await student();
    await s.session.connectById({ board_id: lab.board_id, pin: '2468' });
    await until(() => s.device.snapshot.board.boardType === 6, 30_000);

    const small = compile('to main\nbeep\nend\n');
    await s.device.sendSequence(downloadPlan(small.data, false));
    const journal = () => JSON.parse(fs.readFileSync(journalFile, 'utf8')) as JournalState;
    expect(journal()).toEqual({
      committed: { image: [...small.data], autorun: false },
      pending: false,
    });

    // A long program: 34 chunks, paced 200 ms apart here (10 ms on a real download) so the
    // station is surely still writing when the test, however busy the machine, kills it a
    // third of the way in; at 10 ms the whole download could end before the kill landed.
    const big = compile(`to main\n${'beep wait 1\n'.repeat(480)}end\n`);
    expect(big.data.length).toBeGreaterThan(1900);
    const slow = downloadPlan(big.data, false).map((step) => ({ ...step, gapMs: step.gapMs * 20 }));
    let killed = false;
    const download = s.device.sendSequence(slow, {
      onProgress: (done, total) => {
        if (!killed && done / total > 0.3) {
          killed = true;
          child.kill('SIGKILL');
        }
      },
    });
    const failure = await download.then(
      () => null,
      (e: unknown) => e,
    );
    expect(killed).toBe(true);
    expect(failure).toBeInstanceOf(DeviceError);
    expect((failure as DeviceError).code).toBe('remote-interrupted');
    // The link says "no board" meanwhile, and the session lasts.
    await until(() => s.device.snapshot.board.boardType === 0, 30_000);
    expect(journal().pending).toBe(true);
    expect(journal().committed?.image).toEqual([...small.data]);

    // The station comes back: it writes the last complete program before serving anyone.
    child = launch();
    await until(
      () =>
        output.join('').includes(`restored the last complete program (${small.data.length} bytes)`),
      60_000,
    );
    expect(journal()).toEqual({
      committed: { image: [...small.data], autorun: false },
      pending: false,
    });
    await until(() => s.device.snapshot.board.boardType === 6, 20_000);
    expect(s.state.phase).toBe('active');
    // The holder can download again.
    await s.device.sendSequence(downloadPlan(big.data, false));
    expect(journal().committed?.image.length).toBe(big.data.length);
    child.kill('SIGTERM');
  }, 240_000);

  it('rides out a broker restart: "no board" meanwhile, then the same session goes on', async () => {
    const { lab, key } = await newLab();
    const station = await inProcessStation(lab, key);
    const s = await student();
    await s.session.connectByCode({ access_code: lab.access_code });
    await until(() => s.device.snapshot.board.boardType === 6, 30_000);
    const id = s.state.sessionId;
    const restart = await restartBroker();
    onTestFinished(() => restart.done());
    await until(() => s.device.snapshot.board.boardType === 0, 30_000);
    expect(s.device.snapshot.status).toBe('connected');
    if (testBroker() === 'aedes') {
      // The embedded broker is the API server: it stays down longer than a session's
      // time-out (three missed alives), which must not end the sessions it interrupted.
      await new Promise((r) => setTimeout(r, 3 * Number(timings.LAB_ALIVE_MS) + 1000));
    }
    await restart.resume();
    await until(() => station.station.connected, 20_000);
    await until(() => s.device.snapshot.board.boardType === 6, 20_000);
    expect(s.state).toMatchObject({ sessionId: id, phase: 'active' });
    // Commands reach the board again.
    await s.device.send(cmd.beep());
  }, 90_000);

  /**
   * Stops the broker and returns a function that starts it again: the API server with its
   * embedded broker (same database, same port), or the test's own Mosquitto.
   */
  async function restartBroker(): Promise<{ resume(): Promise<void>; done(): void }> {
    if (testBroker() === 'aedes') {
      const address = new URL(origin);
      const config = server.app.services.config;
      await server.app.close();
      return {
        async resume() {
          const { createServer } = await import('../../server/app.ts');
          const app = await createServer(config);
          await app.listen({ host: address.hostname, port: Number(address.port) });
          server = { ...server, app };
        },
        done: () => {},
      };
    }
    const m = mosquitto;
    if (!m) throw new Error('no Mosquitto of this file');
    await m.stop();
    return { resume: () => m.restart(), done: () => {} };
  }
});
