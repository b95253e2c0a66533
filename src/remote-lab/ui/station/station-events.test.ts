import { describe, expect, it } from 'vitest';
import { nextDownload, type DownloadView } from './station-events.ts';

describe("the station page's download line", () => {
  const at = new Date(2026, 0, 1, 9, 30);

  it('shows a download arriving, its progress, then that it arrived', () => {
    let v: DownloadView = { state: 'none' };
    v = nextDownload(v, { type: 'session', id: 7 }, at);
    expect(v).toEqual({ state: 'none' });
    v = nextDownload(v, { type: 'download', done: 0, total: 40 }, at);
    expect(v).toEqual({ state: 'arriving', percent: 0 });
    v = nextDownload(v, { type: 'download', done: 13, total: 40 }, at);
    expect(v).toEqual({ state: 'arriving', percent: 33 });
    v = nextDownload(v, { type: 'answer', answer: 4 }, at);
    expect(v).toEqual({ state: 'arriving', percent: 33 });
    v = nextDownload(v, { type: 'download-end', ok: true }, at);
    expect(v).toEqual({ state: 'done', at });
  });

  it('keeps a failed download on show until the next one starts', () => {
    let v = nextDownload(
      { state: 'arriving', percent: 50 },
      { type: 'download-end', ok: false },
      at,
    );
    expect(v).toEqual({ state: 'failed', at });
    v = nextDownload(v, { type: 'broker', connected: false }, at);
    expect(v.state).toBe('failed');
    v = nextDownload(v, { type: 'download', done: 0, total: 0 }, at);
    expect(v).toEqual({ state: 'arriving', percent: 0 });
  });
});
