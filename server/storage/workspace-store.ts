// Shared workspaces (spec core §7 "Storage service"): a program's XML stored under a
// 36-character key that anyone holding the key can read back. Every share gets a new random
// key: a key derived from the text would let anyone test whether a given program was shared.
// A share nobody opens for `ttlDays` is deleted (`sweep`); opening it keeps it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { now } from '../db/clock.ts';
import { HttpError } from '../http/errors.ts';

/** The most a shared workspace may hold, in UTF-8 bytes (CODE_MAX characters of ASCII). */
export const WORKSPACE_BYTES_MAX = 256 * 1024;

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const workspaceTooLarge = () =>
  new HttpError(
    413,
    'workspace_too_large',
    `A shared program may hold at most ${WORKSPACE_BYTES_MAX / 1024} KiB`,
  );

export class WorkspaceStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Stores the XML under a new random key and returns the key. */
  async link(xml: string, uid: string): Promise<string> {
    if (Buffer.byteLength(xml, 'utf8') > WORKSPACE_BYTES_MAX) throw workspaceTooLarge();
    const key = randomUUID();
    await this.db
      .insertInto('workspaces')
      .values({ key, xml, uid, created_at: now(), read_at: new Date(this.clock()).toISOString() })
      .execute();
    return key;
  }

  async get(key: string): Promise<string> {
    const row = await this.db
      .selectFrom('workspaces')
      .select(['xml', 'read_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row)
      throw new HttpError(404, 'workspace_not_found', 'No program is shared under this key');
    // At most one write a day per share, however often it is opened.
    const today = day(this.clock());
    if (row.read_at.slice(0, 10) < today) {
      await this.db
        .updateTable('workspaces')
        .set({ read_at: new Date(this.clock()).toISOString() })
        .where('key', '=', key)
        .execute();
    }
    return row.xml;
  }

  /** Deletes the shares nobody opened for `ttlDays`; returns how many went. */
  async sweep(ttlDays: number): Promise<number> {
    if (ttlDays <= 0) return 0;
    const cutoff = new Date(this.clock() - ttlDays * DAY).toISOString();
    const result = await this.db
      .deleteFrom('workspaces')
      .where('read_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
