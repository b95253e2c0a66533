// Server-sent event streams (a cloud datalog channel's live refresh, a class's live events):
// where a reconnecting stream resumes, the stream's own headers, a comment line now and then
// so proxies keep a quiet stream open, an end after a while (the page opens a new one, with
// a fresh token) and when the client goes or the server starts to close.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A stream ends after this long; the page reconnects (with a fresh token). */
const STREAM_MAX_MS = 10 * 60_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const STREAM_PING_MS = 25_000;

/** The event ids a stream's events carry (an event bus). */
interface EventIds {
  newest(): Promise<number>;
  oldest(): Promise<number | null>;
}

/**
 * Where a stream starts: after the id its Last-Event-ID names while the events after it are
 * still kept (`resume`: the stream replays them), else after the newest event (the caller
 * sends the current state first).
 */
export async function streamStart(
  ids: EventIds,
  lastEventId: string | undefined,
): Promise<{ since: number; resume: boolean }> {
  const lastSeen =
    lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
  const oldest = lastSeen === null ? null : await ids.oldest();
  const resume = lastSeen !== null && oldest !== null && lastSeen >= oldest - 1;
  return { since: resume && lastSeen !== null ? lastSeen : await ids.newest(), resume };
}

interface EventStream {
  /** Writes one event with its id. */
  send(data: unknown, id: number): void;
  /** Ends the stream (safe to call again). */
  end(): void;
}

interface StreamOptions {
  /** Called at each comment line (a teacher's stream refreshes its watcher row). */
  onPing?: () => void;
  /** Called once when the stream ends, however it ends. */
  onEnd?: () => void;
  maxMs?: number;
  pingMs?: number;
}

/**
 * The streams of one route group: `open` takes over a request's answer as an event stream.
 * Every stream still open ends when the server starts to close (it would hold a shutdown).
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  return {
    open(request: FastifyRequest, reply: FastifyReply, options: StreamOptions = {}): EventStream {
      reply.hijack();
      const res = reply.raw;
      // Headers set so far (CORS) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        // The socket goes with the stream: an ended stream must not linger as an idle
        // keep-alive connection that holds a shutdown open.
        connection: 'close',
      });
      const ping = setInterval(() => {
        res.write(': ping\n\n');
        options.onPing?.();
      }, options.pingMs ?? STREAM_PING_MS);
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(ping);
        clearTimeout(limit);
        res.end();
        options.onEnd?.();
      };
      const limit = setTimeout(end, options.maxMs ?? STREAM_MAX_MS);
      open.add(end);
      request.raw.on('close', end);
      res.on('close', end);
      return {
        send: (data, id) => {
          if (open.has(end)) res.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end,
      };
    },
  };
}
