// The first screen of a page load says when it takes input (the editor: its blocks), so
// work that can wait starts after it rather than competing with it (docs/first-load.md).

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

let isShown = false;

/** The first screen takes input now. Later calls change nothing. */
export function firstScreenShown(): void {
  isShown = true;
  markShown();
}

/** Whether the first screen has taken input yet. */
export function isFirstScreenShown(): boolean {
  return isShown;
}

/** Resolves once the first screen takes input (however long that takes). */
export function whenFirstScreenShown(): Promise<void> {
  return shown;
}

/** Resolves once the first screen takes input, or after `maxWaitMs`, whichever is first. */
export function afterFirstScreen(maxWaitMs: number): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
