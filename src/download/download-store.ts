// What the UI shows about downloads: the user's settings (persisted) and the progress of
// the download under way. The download service reports into it through the actions.
import { proxy } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import type { DownloadPhase } from './download-service.ts';

interface DownloadSettings {
  /** Compile with the Rust compiler in this browser instead of the cloud compiler. */
  compileInBrowser: boolean;
  /**
   * Start the program 500 ms after a download; null until the user chooses: then on for the
   * virtual board (a student who downloads and moves a slider expects to see it work) and
   * off for a real board (motors should not start on the desk unasked).
   */
  runAfterDownload: boolean | null;
}

function storedChoice(raw: string | null): boolean | null {
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

export const downloadSettings = proxy<DownloadSettings>({
  compileInBrowser: readStorage(STORAGE_KEYS.compileInBrowser) === 'true',
  runAfterDownload: storedChoice(readStorage(STORAGE_KEYS.runAfterDownload)),
});

/** Whether a download to a board on this transport starts the program. */
export function runsAfterDownload(
  settings: Pick<DownloadSettings, 'runAfterDownload'>,
  transport: string | null,
): boolean {
  return settings.runAfterDownload ?? transport === 'simulated';
}

export function setCompileInBrowser(on: boolean): void {
  downloadSettings.compileInBrowser = on;
  writeStorage(STORAGE_KEYS.compileInBrowser, String(on));
}

export function setRunAfterDownload(on: boolean): void {
  downloadSettings.runAfterDownload = on;
  writeStorage(STORAGE_KEYS.runAfterDownload, String(on));
}

interface DownloadStatus {
  /** Null when no download runs. */
  phase: DownloadPhase | null;
  done: number;
  total: number;
  /** Set while code is read back from the board. */
  extracting: boolean;
  /** A program was downloaded and not started: the Run button asks to be pressed. */
  awaitingRun: boolean;
}

export const downloadStatus = proxy<DownloadStatus>({
  phase: null,
  done: 0,
  total: 0,
  extracting: false,
  awaitingRun: false,
});
