import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARDS_MAX, type Widget } from '../../src/contract/webui.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { POWER_SLIDER } from '../testing/widgets.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

const slider: Widget = { ...POWER_SLIDER, step: 1 };
const gauge: Widget = {
  id: 'b2',
  type: 'gauge',
  topic: 'sensor/1',
  label: 'Light',
  x: 6,
  y: 0,
  w: 6,
  h: 2,
  min: 0,
  max: 1023,
};

describe(`web UI dashboards (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    alice = (await signInWithGoogle(t.emulatorHost, undefined, 'Alice')).idToken;
    bob = (await signInWithGoogle(t.emulatorHost, undefined, 'Bob')).idToken;
    await call('POST', '/auth', alice, {});
    await call('POST', '/auth', bob, {});
  });
  afterAll(() => t.close());

  it('saves, lists, changes and deletes a dashboard of its owner', async () => {
    const created = await call('POST', '/webui/dashboards', alice, {
      name: '  Rover  ',
      widgets: [slider, gauge],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Rover',
      widgets: [slider, gauge],
      shareToken: null,
    });
    const uuid = created.body.uuid as string;

    const list = await call('GET', '/webui/dashboards', alice);
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ uuid, name: 'Rover', widgetCount: 2, shared: false }),
    );
    expect((await call('GET', '/webui/dashboards', bob)).body.data).toEqual([]);

    const moved = { ...gauge, y: 1, label: 'Light level' };
    const updated = await call('PUT', `/webui/dashboards/${uuid}`, alice, {
      name: 'Rover 2',
      widgets: [moved],
    });
    expect(updated.status).toBe(200);
    expect((await call('GET', `/webui/dashboards/${uuid}`, alice)).body).toMatchObject({
      name: 'Rover 2',
      widgets: [moved],
    });

    expect((await call('DELETE', `/webui/dashboards/${uuid}`, alice)).body).toEqual({ uuid });
    const gone = await call('GET', `/webui/dashboards/${uuid}`, alice);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('dashboard_not_found');
  });

  it("answers 404 for another user's dashboard on every call and leaves it as it was", async () => {
    const { uuid } = (await call('POST', '/webui/dashboards', alice, { name: 'Mine', widgets: [] }))
      .body as { uuid: string };
    const calls = [
      call('GET', `/webui/dashboards/${uuid}`, bob),
      call('PUT', `/webui/dashboards/${uuid}`, bob, { name: 'Taken', widgets: [] }),
      call('PUT', `/webui/dashboards/${uuid}/share`, bob, { shared: true }),
      call('DELETE', `/webui/dashboards/${uuid}`, bob),
      call('GET', `/webui/dashboards/${MISSING}`, alice),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'dashboard_not_found',
        message: 'The dashboard does not exist',
      });
    }
    expect((await call('GET', `/webui/dashboards/${uuid}`, alice)).body).toMatchObject({
      name: 'Mine',
      shareToken: null,
    });
  });

  it('shares read-only by a link the owner can turn off; a new link replaces the old', async () => {
    const { uuid } = (
      await call('POST', '/webui/dashboards', alice, { name: 'Shown', widgets: [gauge] })
    ).body as { uuid: string };
    const on = await call('PUT', `/webui/dashboards/${uuid}/share`, alice, { shared: true });
    const token = on.body.shareToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const seen = await call('GET', `/webui/shared/${token}`, null);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ name: 'Shown', widgets: [gauge], updatedAt: expect.any(String) });

    const off = await call('PUT', `/webui/dashboards/${uuid}/share`, alice, { shared: false });
    expect(off.body.shareToken).toBeNull();
    const dead = await call('GET', `/webui/shared/${token}`, null);
    expect(dead.status).toBe(404);
    expect(dead.body.error).toBe('shared_dashboard_not_found');

    const again = await call('PUT', `/webui/dashboards/${uuid}/share`, alice, { shared: true });
    expect(again.body.shareToken).not.toBe(token);
    expect((await call('GET', `/webui/shared/${token}`, null)).status).toBe(404);
    expect((await call('GET', `/webui/shared/${again.body.shareToken}`, null)).status).toBe(200);
    expect((await call('GET', '/webui/shared/not-a-token', null)).status).toBe(400);
  });

  it('refuses bad widget lists with a 400 that names the problem, saving nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [[{ ...slider, type: 'video' }], /type/],
      [[{ ...slider, topic: 'motor/#' }], /topic/],
      [[{ ...slider, topic: '/abs' }], /topic/],
      [[{ ...slider, topic: '$SYS/x' }], /topic/],
      [[{ ...slider, x: 8, w: 6 }], /x \+ w must be at most 12/],
      [[{ ...slider, h: 9 }], /h/],
      [[{ ...slider, min: 5, max: 5 }], /min must be less than max/],
      [[{ ...gauge, max: undefined }], /needs min and max/],
      [[slider, { ...gauge, id: 'a1' }], /id is used twice/],
      [[{ ...slider, label: 'x'.repeat(41) }], /label/],
      [Array.from({ length: 41 }, (_, i) => ({ ...slider, id: `w${i}` })), /widgets/],
    ];
    const before = (await call('GET', '/webui/dashboards', alice)).body.data.length as number;
    for (const [widgets, message] of bad) {
      const res = await call('POST', '/webui/dashboards', alice, { name: 'Bad', widgets });
      expect(res.status, JSON.stringify(widgets).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const blank = await call('POST', '/webui/dashboards', alice, { name: '   ', widgets: [] });
    expect(blank.status).toBe(400);
    expect((await call('GET', '/webui/dashboards', alice)).body.data.length).toBe(before);
  });

  it('keeps only the fields a widget has', async () => {
    const res = await call('POST', '/webui/dashboards', alice, {
      name: 'Extra',
      widgets: [{ ...slider, onclick: 'alert(1)' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.widgets).toEqual([slider]);
    expect((await call('GET', `/webui/dashboards/${res.body.uuid}`, alice)).body.widgets).toEqual([
      slider,
    ]);
  });

  it(`keeps at most ${DASHBOARDS_MAX} dashboards per user`, async () => {
    const carol = (await signInWithGoogle(t.emulatorHost, undefined, 'Carol')).idToken;
    await call('POST', '/auth', carol, {});
    for (let i = 0; i < DASHBOARDS_MAX; i++) {
      expect(
        (await call('POST', '/webui/dashboards', carol, { name: `D${i}`, widgets: [] })).status,
      ).toBe(201);
    }
    const over = await call('POST', '/webui/dashboards', carol, { name: 'One more', widgets: [] });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('dashboard_quota');
  });
});

describe(`web UI on an external public broker without an admin (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let alice: string;

  beforeAll(async () => {
    // Nothing listens there: the server never connects to a public broker it cannot manage.
    t = await startTestApp({ MQTT_PUBLIC_URL: 'ws://127.0.0.1:9/mqtt' });
    call = apiCaller(t);
    alice = (await signInWithGoogle(t.emulatorHost, undefined, 'Alice')).idToken;
  });
  afterAll(() => t.close());

  it('keeps dashboards but answers 503 with a clear message for broker access', async () => {
    const made = await call('POST', '/webui/dashboards', alice, { name: 'Kept', widgets: [] });
    expect(made.status).toBe(201);
    const grant = await call('POST', '/webui/broker', alice, {});
    expect(grant.status).toBe(503);
    expect(grant.body).toEqual({
      error: 'webui_broker_unavailable',
      message: 'This server does not control access to its public broker, so the web UI is off',
    });
    const token = (
      await call('PUT', `/webui/dashboards/${made.body.uuid}/share`, alice, { shared: true })
    ).body.shareToken as string;
    expect((await call('POST', `/webui/shared/${token}/broker`, null, {})).status).toBe(503);
  });
});
