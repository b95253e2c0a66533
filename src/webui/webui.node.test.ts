// The web UI's client side in Node against the real server and its public broker: the
// checked API, and two dashboard links (the owner's and a shared link's viewer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword } from '../../server/testing/emulator-accounts.ts';
import { testEngine } from '../../server/testing/test-db.ts';
import { mqttTestEnv } from '../../server/testing/test-mqtt.ts';
import { POWER_SLIDER } from '../../server/testing/widgets.ts';
import { ApiError } from '../api/errors.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  until,
  type LiveServer,
} from '../auth/live-server.node.ts';
import type { Widget } from '../contract/webui.ts';
import { DashboardLink, emptyLink, type DashboardLinkState } from './dashboard-link.ts';
import { WebuiApi } from './webui-api.ts';

const slider: Widget = { ...POWER_SLIDER, id: 's1' };
const chart: Widget = { ...slider, id: 'c1', type: 'chart', topic: 'sensor/1', x: 6 };

describe(`web UI client (${testEngine()})`, () => {
  let server: LiveServer;
  let api: WebuiApi;
  let anonymous: WebuiApi;
  const links: DashboardLink[] = [];

  beforeAll(async () => {
    server = await startLiveServer(mqttTestEnv());
    const { idToken } = await signUpWithPassword(server.emulatorHost);
    const i18n = await englishI18n();
    const deps = (token: string | null) => ({
      client: accountClient(server, token === null ? null : { idToken: token }, i18n),
      notify: () => {},
      translate: (key: string) => i18n.t(key),
    });
    api = new WebuiApi(deps(idToken));
    anonymous = new WebuiApi(deps(null));
  });
  afterAll(async () => {
    await Promise.all(links.map((l) => l.stop()));
    await server.close();
  });

  const origin = () => new URL(server.baseURL).origin.replace(/^http/, 'ws');
  const open = async (
    grant: Awaited<ReturnType<WebuiApi['broker']>>,
    topics: string[],
    readOnly: boolean,
  ) => {
    const state: DashboardLinkState = emptyLink();
    const link = new DashboardLink({ grant, url: origin() + grant.url, state, readOnly });
    links.push(link);
    await link.start(topics);
    return { link, state };
  };

  it("shows the owner's values to a shared link's viewer, live, and keeps a chart history", async () => {
    const made = await api.create({ name: 'Rover', widgets: [slider, chart] });
    expect((await api.list()).data.map((d) => d.uuid)).toContain(made.uuid);
    const token = (await api.share(made.uuid, true)).shareToken ?? '';
    const shared = await anonymous.shared(token);
    expect(shared.widgets).toEqual([slider, chart]);

    const owner = await open(await api.broker(), ['motor/power', 'sensor/1'], false);
    const viewer = await open(await anonymous.sharedBroker(token), ['sensor/1'], true);
    expect(owner.state.status).toBe('online');
    expect(viewer.state.status).toBe('online');

    await owner.link.send('motor/power', '40');
    await until(() => owner.state.values['motor/power'] === '40');
    for (const v of ['10', '20', 'x', '30']) await owner.link.send('sensor/1', v);
    await until(() => viewer.state.values['sensor/1'] === '30');
    expect(viewer.state.history['sensor/1']).toEqual([10, 20, 30]);
    // The viewer reads only the dashboard's topics it asked for, and never sends.
    expect(viewer.state.values['motor/power']).toBeUndefined();
    await expect(viewer.link.send('sensor/1', '1')).rejects.toThrow(/read only/);

    await api.share(made.uuid, false);
    await until(() => viewer.state.status !== 'online');
    await expect(anonymous.sharedBroker(token, { quiet: true })).rejects.toBeInstanceOf(ApiError);
  });
});
