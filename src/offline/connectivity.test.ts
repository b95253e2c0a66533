import { describe, expect, it } from 'vitest';
import { ConnectivityService, healthUrl, HEALTH_RETRY_MS } from './connectivity.ts';

function setup(answers: (number | 'fail')[], online = true) {
  const asked: string[] = [];
  const reports: boolean[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const service = new ConnectivityService({
    fetch: async (url) => {
      asked.push(String(url));
      const next = answers.shift() ?? 'fail';
      if (next === 'fail') throw new TypeError('Failed to fetch');
      return new Response(null, { status: next });
    },
    healthUrl: healthUrl('/api/v1'),
    online: () => online,
    report: (r) => reports.push(r),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => timers.splice(0),
  });
  return { service, asked, reports, timers };
}

describe('the health checks that switch offline mode', () => {
  it('reports a reachable server and schedules nothing', async () => {
    const s = setup([200]);
    await expect(s.service.check()).resolves.toBe(true);
    expect(s.asked).toEqual(['/api/v1/health']);
    expect(s.reports).toEqual([true]);
    expect(s.timers).toEqual([]);
  });

  it('reports an unreachable or failing server and tries again every HEALTH_RETRY_MS until it answers', async () => {
    const s = setup(['fail', 503, 200]);
    await s.service.check();
    expect(s.reports).toEqual([false]);
    expect(s.timers.map((t) => t.ms)).toEqual([HEALTH_RETRY_MS]);
    s.timers.shift()?.fn();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.reports).toEqual([false, false]);
    s.timers.shift()?.fn();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.reports).toEqual([false, false, true]);
    expect(s.timers).toEqual([]);
    expect(s.service.reachable).toBe(true);
  });

  it('asks nothing while the browser has no network', async () => {
    const s = setup([200], false);
    await expect(s.service.check()).resolves.toBe(false);
    expect(s.asked).toEqual([]);
    expect(s.reports).toEqual([false]);
  });

  it('shares one check among callers', async () => {
    const s = setup([200, 200]);
    const [a, b] = await Promise.all([s.service.check(), s.service.check()]);
    expect([a, b]).toEqual([true, true]);
    expect(s.asked).toHaveLength(1);
  });
});
