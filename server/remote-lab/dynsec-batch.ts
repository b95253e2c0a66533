// Dynamic-security commands coalesced into few control messages (docs/remote-lab.md
// "Granting at scale"). Mosquitto's plugin takes a `commands` array per message and answers
// it with one `responses` array, each answer carrying its command's correlation data. While
// MAX_IN_FLIGHT messages wait for their answers, the commands of every later call queue up
// and go together as the next message (at most MAX_BATCH_COMMANDS commands, MAX_BATCH_CHANGES of
// them changing something, or MAX_BATCH_BYTES of JSON): an idle broker answers a lone grant
// at once, a busy one gets fewer, larger messages. A call's commands stay together and in
// order, so a delete-then-create still runs as one step.
import { randomBytes } from 'node:crypto';
import type { DynsecChannel, DynsecResponse } from './lab-access.ts';

/** Commands in one control message, at most (unless one call alone has more). */
export const MAX_BATCH_COMMANDS = 100;
/**
 * Commands that may change something (all but `get…` and `list…`) in one control message,
 * at most: two grants. Mosquitto 2.0 rewrites its whole file after each change and serves no
 * one while it works through a message, so a message of many grants would hold stations'
 * presence back for seconds on a large lab and a busy machine (boards then look away).
 */
export const MAX_BATCH_CHANGES = 4;

const changes = (commands: Record<string, unknown>[]) =>
  commands.filter((c) => !/^(get|list)/.test(String(c.command))).length;

/**
 * Messages waiting for their answers at once. More than one keeps the broker busy while an
 * answer travels back and the server sends the next (on a busy machine that turnaround took
 * longer than the broker's work, and grants piled up); later calls queue and coalesce.
 */
export const MAX_IN_FLIGHT = 4;
/** JSON bytes of one control message, at most (Mosquitto's message_size_limit is 256 KiB). */
const MAX_BATCH_BYTES = 128 * 1024;
/**
 * A call gives up when its message has had no answer this long after it went out (the
 * broker restarts, say). Time spent queued behind other calls does not count: a busy broker
 * slows grants down instead of failing them.
 */
export const DYNSEC_ANSWER_MS = 10_000;
/** A call that could not even be sent this long after it was made gives up (a stuck queue). */
const DYNSEC_QUEUED_MS = 60_000;

interface Call {
  id: string;
  commands: Record<string, unknown>[];
  bytes: number;
  changes: number;
  resolve: (responses: DynsecResponse[]) => void;
  reject: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** What a batch needs from the connection: publish one control message. */
type PublishControl = (payload: string) => Promise<void>;

export class DynsecBatcher implements DynsecChannel {
  private next = 0;
  private readonly prefix = randomBytes(4).toString('hex');
  private readonly queue: Call[] = [];
  private readonly waiting = new Map<string, Call>();
  /** Messages on their way: the calls of each not answered yet. */
  private readonly inFlight = new Set<Set<string>>();
  private scheduled = false;
  /** Messages sent and commands in them (for the benchmark and the tests). */
  readonly stats = { messages: 0, commands: 0 };

  constructor(private readonly publish: PublishControl) {}

  command(commands: Record<string, unknown>[]): Promise<DynsecResponse[]> {
    const id = `${this.prefix}-${++this.next}`;
    const tagged = commands.map((c) => ({ ...c, correlationData: id }));
    return new Promise<DynsecResponse[]>((resolve, reject) => {
      const call: Call = {
        id,
        commands: tagged,
        bytes: JSON.stringify(tagged).length,
        changes: changes(commands),
        resolve,
        reject,
      };
      call.timer = setTimeout(
        () => this.settle(call, new Error('dynamic security: the queue did not move in 60 s')),
        DYNSEC_QUEUED_MS,
      );
      this.queue.push(call);
      this.schedule();
    });
  }

  /** Routes one `$CONTROL/dynamic-security/v1/response` message to the calls it answers. */
  receive(payload: Buffer | string): void {
    let body: { responses?: (DynsecResponse & { correlationData?: unknown })[] };
    try {
      body = JSON.parse(payload.toString()) as typeof body;
    } catch {
      return;
    }
    const byCall = new Map<string, DynsecResponse[]>();
    for (const r of body.responses ?? []) {
      if (typeof r.correlationData !== 'string' || !this.waiting.has(r.correlationData)) continue;
      const list = byCall.get(r.correlationData) ?? [];
      list.push(r);
      byCall.set(r.correlationData, list);
    }
    for (const [id, responses] of byCall) {
      const call = this.waiting.get(id);
      if (call) this.settle(call, responses);
    }
  }

  /** Ends every call still waiting (the connection closes). */
  close(): void {
    for (const call of [...this.queue, ...this.waiting.values()]) {
      this.settle(call, new Error('dynamic security: connection closed'));
    }
  }

  private settle(call: Call, outcome: DynsecResponse[] | Error): void {
    clearTimeout(call.timer);
    const queued = this.queue.indexOf(call);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.waiting.delete(call.id);
    for (const message of this.inFlight) {
      if (message.delete(call.id) && message.size === 0) {
        this.inFlight.delete(message);
        this.schedule();
      }
    }
    if (outcome instanceof Error) call.reject(outcome);
    else call.resolve(outcome);
  }

  /** Sends the queue on the next turn of the event loop, once a message may go. */
  private schedule(): void {
    if (this.scheduled || this.inFlight.size >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.inFlight.size < MAX_IN_FLIGHT) this.flush();
    });
  }

  private flush(): void {
    const batch: Call[] = [];
    let commands = 0;
    let bytes = 0;
    let changed = 0;
    for (const call of this.queue) {
      const fits =
        commands + call.commands.length <= MAX_BATCH_COMMANDS &&
        bytes + call.bytes <= MAX_BATCH_BYTES &&
        changed + call.changes <= MAX_BATCH_CHANGES;
      if (batch.length > 0 && !fits) break;
      batch.push(call);
      commands += call.commands.length;
      bytes += call.bytes;
      changed += call.changes;
    }
    this.queue.splice(0, batch.length);
    this.inFlight.add(new Set(batch.map((c) => c.id)));
    for (const call of batch) {
      this.waiting.set(call.id, call);
      clearTimeout(call.timer);
      call.timer = setTimeout(
        () => this.settle(call, new Error('dynamic security: no answer in 10 s')),
        DYNSEC_ANSWER_MS,
      );
    }
    this.stats.messages++;
    this.stats.commands += commands;
    const payload = JSON.stringify({ commands: batch.flatMap((c) => c.commands) });
    // With the broker gone the publish waits; the calls' own timeouts answer their callers.
    this.publish(payload).catch((e: unknown) => {
      const error = e instanceof Error ? e : new Error(String(e));
      for (const call of batch) if (this.waiting.has(call.id)) this.settle(call, error);
    });
  }
}
