// Follows a member's live event stream for as long as the owner wants it: reconnects when
// the server ends it (every 10 minutes, or a replica going away) naming the last event seen,
// so nothing is lost or repeated; waits and retries while the server cannot be reached; and
// stops for good when the server refuses the member (removed from the class, signed out).
import { ApiError } from '../../api/errors.ts';
import type { LiveEvent } from '../../contract/live-class.ts';
import type { LiveApi } from './live-api.ts';

export type StreamStatus = 'connecting' | 'online' | 'reconnecting' | 'refused';

interface FollowOptions {
  onEvent(event: LiveEvent): void;
  onStatus(status: StreamStatus, error?: unknown): void;
  retryMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Runs until `signal` aborts or the server refuses the stream. */
export async function followEvents(
  api: Pick<LiveApi, 'events' | 'eventsUrl'>,
  classUuid: string,
  signal: AbortSignal,
  options: FollowOptions,
): Promise<void> {
  const sleep = options.sleep ?? defaultSleep;
  let lastEventId: string | null = null;
  options.onStatus('connecting');
  while (!signal.aborted) {
    try {
      let first = true;
      await api.events(
        api.eventsUrl(classUuid),
        (data, id) => {
          if (id) lastEventId = id;
          if (first) {
            first = false;
            options.onStatus('online');
          }
          options.onEvent(JSON.parse(data) as LiveEvent);
        },
        { signal, lastEventId },
      );
      // The server ended the stream (its time is up, or it is stopping): open it again.
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        options.onStatus('refused', error);
        return;
      }
      options.onStatus('reconnecting', error);
      await sleep(options.retryMs ?? 3000, signal);
    }
  }
}
