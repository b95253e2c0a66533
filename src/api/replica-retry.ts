// Behind a load balancer a replica may go away between two calls (a rolling update, a
// crash): a call that got no answer at all (the connection was reset or refused) is sent
// once more, which the balancer routes to another replica. Only calls that change nothing,
// or that say they may be repeated, are sent again: a write whose answer was lost may have
// been stored, and sending it twice could store it twice.
import axios from 'axios';

const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A failure with no answer from the server (reset, refused), not a refusal or a cancel. */
function noAnswer(error: unknown): boolean {
  return axios.isAxiosError(error) && !error.response && error.code !== 'ERR_CANCELED';
}

/**
 * Runs `send`; when it fails without an answer and the call may be repeated (`method`
 * GET/HEAD/OPTIONS, or `idempotent`), runs it once more after `delayMs`.
 */
export async function retryOnReset<T>(
  send: () => Promise<T>,
  method: string | undefined,
  options: { idempotent?: boolean; signal?: AbortSignal; delayMs?: number } = {},
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const repeatable =
      options.idempotent === true || REPEATABLE.has((method ?? 'GET').toUpperCase());
    if (!repeatable || !noAnswer(error) || options.signal?.aborted) throw error;
    await new Promise((r) => setTimeout(r, options.delayMs ?? 100));
    return send();
  }
}
