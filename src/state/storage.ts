// Typed access to the product's local-storage keys (spec core §3). Reads never throw:
// private mode or a full quota falls back to the default.
export const STORAGE_KEYS = {
  language: 'language',
  creatorMode: 'creatorMode',
  expandState: 'expandState',
  displayBoard: 'displayBoard',
  idToken: 'idToken',
  addedExtensions: 'addedExtensions',
  /** Compile in this browser (the core worker) instead of the cloud compiler. */
  compileInBrowser: 'compileInBrowser',
  /** Start the program 500 ms after a download (spec core §4). */
  runAfterDownload: 'runAfterDownload',
  /** The virtual board's panel is shown ('false' after the user hid it). */
  virtualBoardOpen: 'virtualBoardOpen',
  /** The "Work offline" setting (docs/offline.md). */
  workOffline: 'workOffline',
  /** The open program, kept across reloads and offline (docs/offline.md). */
  programDraft: 'programDraft',
  /** Programs kept when something replaced the open one (src/program/versions.ts). */
  programVersions: 'programVersions',
  /** The lesson open in the editor, so a reload keeps it (src/classroom/lesson-session.ts). */
  openLesson: 'openLesson',
  /** Each lesson's latest program of the student's, in this browser (src/classroom/lesson-work.ts). */
  lessonWork: 'lessonWork',
  /** The sign-in settings of GET /config, so sign-in restores offline too. */
  clientConfig: 'clientConfig',
  /** The board page's "Publish this board to my web UI" switch ('on', else off). */
  webuiBridge: 'webuiBridge',
  /** Tab indents in the Logo text editor ('on'; else Tab moves focus). */
  logoTabIndents: 'logoTabIndents',
} as const;

type LocalStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: LocalStorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: LocalStorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}
