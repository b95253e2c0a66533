// Connects a board host's CloudRecord events (a program running `cloud record` on the
// virtual board, or a board plugin) to the app's recorder. The recorder's code loads on the
// first record; records that arrive meanwhile keep their order.
import { proxy } from 'valtio';
import type { CloudRecord, CloudRecorder } from './cloud-recorder.ts';

/** Turns true with the first cloud record: the app then mounts the login question. */
export const cloudRecordUse = proxy({ active: false });

/** What a board host offers: a listener for its programs' cloud records. */
interface CloudRecordSource {
  onCloudRecord(listener: (record: CloudRecord) => void): () => void;
}

const appRecorder = async (): Promise<CloudRecorder> =>
  (await import('./runtime.ts')).cloudRecorder;

/** Forwards every cloud record of `source` to the recorder; returns a disconnect function. */
export function forwardCloudRecords(
  source: CloudRecordSource,
  recorder: () => Promise<CloudRecorder> = appRecorder,
): () => void {
  let ready: CloudRecorder | null = null;
  let loading: Promise<void> | null = null;
  const early: CloudRecord[] = [];
  return source.onCloudRecord((record) => {
    if (ready) return ready.record(record);
    early.push(record);
    cloudRecordUse.active = true;
    loading ??= recorder().then((r) => {
      ready = r;
      for (const e of early.splice(0)) r.record(e);
    });
  });
}
