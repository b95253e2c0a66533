import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_CACHE_MARK } from './code-cache-page.ts';
import { compileInFrame } from './code-cache.ts';

afterEach(() => {
  vi.useRealTimers();
  performance.clearMarks(CODE_CACHE_MARK);
});

describe('compileInFrame', () => {
  it('opens the page in a hidden frame and removes it a while after it loads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = compileInFrame('/code-cache.html', document, 3000);
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/code-cache.html');
    expect(frame?.hidden).toBe(true);
    expect(frame?.tabIndex).toBe(-1);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');

    // Still there until it has loaded and V8 has had time to write the compiled code.
    await vi.advanceTimersByTimeAsync(5000);
    expect(frame?.isConnected).toBe(true);
    frame?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(frame?.isConnected).toBe(true);
    expect(performance.getEntriesByName(CODE_CACHE_MARK)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(frame?.isConnected).toBe(false);
    expect(performance.getEntriesByName(CODE_CACHE_MARK)).toHaveLength(1);
  });
});
