import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInWithGoogle, type TestAccount } from '../../../server/testing/emulator-accounts.ts';
import { PUBLIC_LOG_ID } from '../../contract/datalog.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  type LiveServer,
} from '../../auth/live-server.node.ts';
import { CloudDatalogApi } from './cloud-datalog-api.ts';
import { CloudDatalogService, initialDatalogState } from './cloud-datalog-service.ts';
import { CloudRecorder, initialRecorderState } from './cloud-recorder.ts';

const MIN = 60_000;

describe('cloud datalog services (against the real API server)', () => {
  let server: LiveServer;
  let me: TestAccount;

  beforeAll(async () => {
    server = await startLiveServer();
    me = await signInWithGoogle(server.emulatorHost, undefined, 'Rita Recorder');
  });
  afterAll(() => server.close());

  async function apiFor(account: TestAccount | null, baseURL = server.baseURL) {
    const client = accountClient({ baseURL }, account, await englishI18n(), { timeoutMs: 5000 });
    return new CloudDatalogApi(client);
  }

  /** A recorder whose clock and timer the test drives. */
  function recorderFor(api: CloudDatalogApi, loggedIn: () => boolean) {
    let time = Date.now() - 10 * MIN;
    const recorder = new CloudRecorder({
      api,
      state: initialRecorderState(),
      isLoggedIn: loggedIn,
      now: () => time,
      setTimeout: () => 0,
    });
    return { recorder, tick: (ms: number) => (time += ms) };
  }

  describe('CloudRecorder', () => {
    it("sends a signed-in program's records to the user's own log, in order, by batch", async () => {
      const api = await apiFor(me);
      const { recorder, tick } = recorderFor(api, () => true);
      for (const value of [1, 2, 3]) {
        recorder.record({ name: 'temp', value, public: false });
        tick(1000);
      }
      recorder.record({ name: 'light', value: 9, public: false });
      // Records of the same millisecond keep the program's order.
      recorder.record({ name: 'light', value: 10, public: false });
      recorder.record({ name: 'light', value: 11, public: false });
      await recorder.flush();
      expect(recorder.state.sent).toBe(6);
      expect(recorder.state.waiting).toBe(0);
      const own = (await api.channels()).find((c) => c.isMine);
      expect(own?.records).toBe(6);
      const fields = await api.fields(own?.id ?? '', 'name_asc');
      expect(fields.map((f) => [f.name, f.records, f.lastValue])).toEqual([
        ['light', 3, 11],
        ['temp', 3, 3],
      ]);
      const light = fields.find((f) => f.name === 'light');
      expect((light?.lastAt ?? 0) - (light?.firstAt ?? 0)).toBe(2);
    });

    it('asks a logged-out user to log in, keeps the records, and sends them to the public log on switch', async () => {
      const api = await apiFor(null);
      const { recorder } = recorderFor(api, () => false);
      const before = (await api.channel(PUBLIC_LOG_ID)).records;
      recorder.record({ name: 'secret', value: 1, public: false });
      recorder.record({ name: 'open', value: 2, public: true });
      await recorder.flush();
      // The public record went; the private one waits for the answer.
      expect(recorder.state.askLogin).toBe(true);
      expect([recorder.state.sent, recorder.state.waiting]).toEqual([1, 1]);
      recorder.switchToPublic();
      await recorder.flush();
      expect([recorder.state.askLogin, recorder.state.sent, recorder.state.waiting]).toEqual([
        false,
        2,
        0,
      ]);
      expect((await api.channel(PUBLIC_LOG_ID)).records).toBe(before + 2);
    });

    it('keeps records through a network failure and sends them when the server answers', async () => {
      const down = await apiFor(me, 'http://127.0.0.1:9/api/v1');
      const { recorder } = recorderFor(down, () => true);
      recorder.record({ name: 'x', value: 1, public: true });
      await recorder.flush();
      expect(recorder.state.problem).toEqual({ kind: 'network' });
      expect(recorder.state.waiting).toBe(1);
    });
  });

  describe('CloudDatalogService', () => {
    it('opens a channel with its fields and the mean per minute, and follows setting changes', async () => {
      const api = await apiFor(me);
      const channel = await api.createChannel({ name: 'Lab', isPublic: false });
      const start = Math.floor(Date.now() / MIN) * MIN - 3 * MIN;
      await api.ingest(channel.id, [
        { name: 'temp', value: 10, time: start },
        { name: 'temp', value: 20, time: start + 1000 },
        { name: 'temp', value: 40, time: start + MIN },
      ]);
      const state = initialDatalogState();
      const service = new CloudDatalogService({
        api,
        state,
        tzMinutes: () => 0,
        setInterval: () => 0,
        clearInterval: () => {},
      });
      await service.configure({ range: 'last_15_minutes' });
      await service.open(channel.id);
      expect(state.problem).toBeNull();
      expect(state.channel?.name).toBe('Lab');
      expect(state.fields.map((f) => f.name)).toEqual(['temp']);
      expect(state.series?.series[0]).toEqual({
        name: 'temp',
        t: [start, start + MIN],
        v: [15, 40],
      });
      await service.configure({ aggregation: 'count' });
      expect(state.series?.series[0]?.v).toEqual([2, 1]);
      await service.toggleField('temp');
      expect(state.series).toBeNull();
      service.close();
    });

    it("shows the login message for another's private channel to a visitor, and the network message when down", async () => {
      const owner = await apiFor(me);
      const channel = await owner.createChannel({ name: 'Private', isPublic: false });
      const state = initialDatalogState();
      const visitor = new CloudDatalogService({
        api: await apiFor(null),
        state,
        setInterval: () => 0,
      });
      await visitor.open(channel.id);
      expect(state.problem).toEqual({ kind: 'login' });
      const offline = initialDatalogState();
      const down = new CloudDatalogService({
        api: await apiFor(null, 'http://127.0.0.1:9/api/v1'),
        state: offline,
        setInterval: () => 0,
      });
      await down.open(null);
      expect(offline.problem).toEqual({ kind: 'network' });
      visitor.close();
      down.close();
    });

    it('live refresh: the server pushes each change and the page reloads at once', async () => {
      const api = await apiFor(me);
      const channel = await api.createChannel({ name: 'Live', isPublic: false });
      const state = initialDatalogState();
      const service = new CloudDatalogService({ api, state, setInterval: () => 0 });
      await service.open(channel.id);
      expect(state.fields).toEqual([]);
      await vi.waitFor(() => expect(state.streaming).toBe(true));
      await api.ingest(channel.id, [{ name: 'now', value: 5 }]);
      await vi.waitFor(() => expect(state.fields.map((f) => f.name)).toEqual(['now']));
      await vi.waitFor(() => expect(state.series?.series[0]?.v).toEqual([5]));
      // A deleted field goes from the view, and the stream says so to other viewers too.
      const other = initialDatalogState();
      const watcher = new CloudDatalogService({ api, state: other, setInterval: () => 0 });
      await watcher.open(channel.id);
      expect(other.fields.map((f) => f.name)).toEqual(['now']);
      await vi.waitFor(() => expect(other.streaming).toBe(true));
      expect(await service.deleteField('now')).toBeNull();
      expect(state.fields).toEqual([]);
      await vi.waitFor(() => expect(other.fields).toEqual([]));
      service.close();
      watcher.close();
      expect(state.streaming).toBe(false);
    });

    it('reports why a field could not be deleted', async () => {
      const visitor = new CloudDatalogService({
        api: await apiFor(await signInWithGoogle(server.emulatorHost)),
        state: initialDatalogState(),
        setInterval: () => 0,
      });
      await visitor.open(PUBLIC_LOG_ID);
      await (await apiFor(null)).ingest(PUBLIC_LOG_ID, [{ name: 'shared', value: 1 }], true);
      expect(await visitor.deleteField('shared')).toBe(
        'Only a moderator can delete from the public log.',
      );
      visitor.close();
    });
  });
});
