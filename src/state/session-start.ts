// Sign-in (the Firebase SDK, a chunk of its own) is not part of the first screen's work: on
// the editor it starts once the blocks take clicks. Whatever needs the session's answer
// sooner (a route guard, an API call waiting for a token) asks for it here, and sign-in
// starts at once (docs/first-load.md).

let starter: (() => void) | null = null;
let wanted = false;
const waiting = new Set<() => void>();

/** Sets what starts sign-in (the app's start-up); runs it now when it was asked for already. */
export function setSessionStarter(start: () => void): void {
  starter = start;
  if (wanted) start();
}

/** Starts sign-in now, unless it has started already; safe to call any number of times. */
export function needSession(): void {
  if (wanted) return;
  wanted = true;
  starter?.();
  for (const resolve of waiting) resolve();
  waiting.clear();
}

/** Resolves once something has asked for sign-in to start. */
export function sessionWanted(): Promise<void> {
  if (wanted) return Promise.resolve();
  return new Promise((resolve) => waiting.add(resolve));
}
