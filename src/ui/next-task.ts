// Lets the browser paint and handle input before the rest of a long piece of start-up
// work, so no single main-thread task grows long (docs/first-load.md).

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task. `scheduler.yield()` (Chromium) resumes ahead of other queued
 * work; elsewhere a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
