// The board bridge on real components: the API server with its public broker (aedes, or
// Mosquitto under scripts/mosquitto-temp.ts), the Auth emulator, and the virtual board
// headless in Node behind the app's connection. A dashboard of the same user (a
// DashboardLink with its own grant) sees the board's values and drives its motors.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { signUpWithPassword } from '../../server/testing/emulator-accounts.ts';
import { testEngine } from '../../server/testing/test-db.ts';
import { brokerUrl, publicBrokerTestEnv, testBroker } from '../../server/testing/test-mqtt.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  until,
  type LiveServer,
} from '../auth/live-server.node.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import * as cmd from '../device/protocol/commands.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { headlessConnection } from '../remote-lab/station/headless-connection.ts';
import { BoardBridge, type BridgeSnapshot } from './board-bridge.ts';
import { DashboardLink, emptyLink } from './dashboard-link.ts';
import { WebuiApi } from './webui-api.ts';

describe(`board bridge (${testEngine()}, ${testBroker()})`, () => {
  let server: LiveServer;
  let core: WasmCore;

  beforeAll(async () => {
    server = await startLiveServer(publicBrokerTestEnv());
    core = await loadTestCore();
  });
  afterAll(() => server.close());

  const origin = () => new URL(server.baseURL).origin;

  async function userApi() {
    const account = await signUpWithPassword(server.emulatorHost);
    const i18n = await englishI18n();
    return new WebuiApi({
      client: accountClient(server, account, i18n),
      notify: () => {},
      translate: (key: string) => i18n.t(key),
    });
  }

  /** The user's app: the virtual board on a connection, and a bridge for the user. */
  async function app(api: WebuiApi, grant = () => api.broker({ quiet: true })) {
    const { board, device } = await headlessConnection(core);
    let clients: MqttClient[] = [];
    const bridge = new BoardBridge({
      device,
      grant,
      brokerUrl: (url) => brokerUrl(url, origin()),
      translate: (code) => code,
      connect: (url, options) => {
        const client = mqtt.connect(url, options);
        clients = [...clients, client];
        return client;
      },
    });
    let snap: BridgeSnapshot = bridge.snapshot;
    bridge.subscribe((s) => (snap = s));
    onTestFinished(async () => {
      bridge.dispose();
      await device.dispose();
      board.destroy();
    });
    return { board, device, bridge, state: () => snap, clients: () => clients };
  }

  /** A dashboard of the same user, following `topics`. */
  async function dashboard(api: WebuiApi, topics: string[]) {
    const grant = await api.broker();
    const state = emptyLink();
    const link = new DashboardLink({
      grant,
      url: brokerUrl(grant.url, origin()),
      state,
      readOnly: false,
    });
    onTestFinished(() => link.stop());
    await link.start(topics);
    return { link, state };
  }

  it("publishes the board's sensors and key-value messages and applies motor commands", async () => {
    const api = await userApi();
    const { board, device, bridge, state } = await app(api);
    const dash = await dashboard(api, ['sensor/1', 'sensor/4', 'kv/score', 'builtin/light']);
    bridge.setUser('someone');
    bridge.setEnabled(true);
    // No board yet: nothing runs.
    expect(state().phase).toBe('off');

    await device.connect('simulated');
    await until(() => state().phase === 'publishing');
    expect(state().root).toBe((await api.broker()).root);

    board.board.setSensor(1, 512);
    await until(() => dash.state.values['sensor/1'] === '512');
    board.board.setSensor(1, 100);
    await until(() => dash.state.values['sensor/1'] === '100');
    expect(dash.state.values['sensor/4']).toBe('0');
    // Built-in sensors of a GoGo 6.
    await until(() => dash.state.values['builtin/light'] !== undefined);
    // A key-value message of the board (here its echo of a broadcast).
    await device.send(cmd.broadcast('score', '7'));
    await until(() => dash.state.values['kv/score'] === '7');

    await dash.link.send('motor/a/power', '70');
    await dash.link.send('motor/a/on', 'on');
    await until(() => board.board.state().motors[0]?.on === true);
    expect(board.board.state().motors[0]?.power).toBe(70);
    await dash.link.send('motor/b/on', '1');
    await until(() => board.board.state().motors[1]?.on === true);
    await dash.link.send('motor/a/on', 'off');
    await until(() => board.board.state().motors[0]?.on === false);

    // Bad payloads are counted and change nothing.
    const applied = state().applied;
    for (const [topic, payload] of [
      ['motor/a/power', '170'],
      ['motor/a/power', 'fast'],
      ['motor/a/on', 'maybe'],
      ['motor/e/on', 'on'],
      ['kv-out/x', 'a'.repeat(80)],
    ] as const) {
      await dash.link.send(topic, payload);
    }
    await until(() => state().ignored === 5);
    expect(state().applied).toBe(applied);
    expect(board.board.state().motors[0]?.power).toBe(70);

    // kv-out sends a key-value message to the board, which echoes it back as kv/.
    await dash.link.send('kv-out/score', '42');
    await until(() => dash.state.values['kv/score'] === '42');
    expect(state().published).toBeGreaterThan(3);
  });

  it('stops on board disconnect, switch off and sign-out, and starts again', async () => {
    const api = await userApi();
    const { board, device, bridge, state, clients } = await app(api);
    const dash = await dashboard(api, ['sensor/2']);
    await device.connect('simulated');
    bridge.setEnabled(true);
    expect(state().error?.code).toBe('signed-out');
    bridge.setUser('u1');
    await until(() => state().phase === 'publishing');
    await until(() => dash.state.values['sensor/2'] === '0');

    await device.disconnect();
    await until(() => state().phase === 'off');
    await until(() => clients().every((c) => !c.connected));
    board.board.setSensor(2, 300);
    // Nothing is published while the board is away.
    await new Promise((r) => setTimeout(r, 300));
    expect(dash.state.values['sensor/2']).toBe('0');

    await device.connect('simulated');
    await until(() => dash.state.values['sensor/2'] === '300');
    bridge.setUser(null);
    expect(state().phase).toBe('error');
    expect(state().error?.code).toBe('signed-out');
    bridge.setUser('u1');
    await until(() => state().phase === 'publishing');
    bridge.setEnabled(false);
    expect(state().phase).toBe('off');
    await until(() => clients().every((c) => !c.connected));
  });

  it('takes a new grant when the broker refuses the old password', async () => {
    const api = await userApi();
    let grants = 0;
    const { device, bridge, state, clients } = await app(api, async () => {
      grants++;
      return api.broker({ quiet: true });
    });
    await device.connect('simulated');
    bridge.setUser('u1');
    bridge.setEnabled(true);
    await until(() => state().phase === 'publishing');
    // As after a server restart: the broker now refuses the password the client holds.
    const first = clients()[0];
    if (!first) throw new Error('no broker client');
    first.options.password = 'stale';
    first.stream.destroy();
    await until(() => state().reconnecting);
    await until(() => grants === 2 && state().phase === 'publishing', 30_000);
    expect(clients()).toHaveLength(2);
  });

  it('says when the broker refuses a fresh grant', async () => {
    const api = await userApi();
    const { device, bridge, state } = await app(api, async () => ({
      ...(await api.broker({ quiet: true })),
      password: 'wrong',
    }));
    await device.connect('simulated');
    bridge.setUser('u1');
    bridge.setEnabled(true);
    await until(() => state().phase === 'error');
    expect(state().error?.code).toBe('refused');
  });
});
