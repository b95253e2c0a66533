// Shared workspaces (spec core §7 "Storage service"): a program's XML stored under a
// 36-character key that anyone holding the key can read back. The same text always gets
// the same key, so sharing one program twice stores it once.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { now } from '../db/clock.ts';
import { HttpError } from '../http/errors.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export class WorkspaceStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the XML (once per distinct text) and returns its key. */
  async link(xml: string, uid: string): Promise<string> {
    const hash = sha256(xml);
    await this.db
      .insertInto('workspaces')
      .values({ key: randomUUID(), xml, xml_hash: hash, uid, created_at: now() })
      // Already shared (maybe by a request racing this one): keep the first key.
      .onConflict((oc) => oc.column('xml_hash').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('workspaces')
      .select('key')
      .where('xml_hash', '=', hash)
      .executeTakeFirstOrThrow();
    return row.key;
  }

  async get(key: string): Promise<string> {
    const row = await this.db
      .selectFrom('workspaces')
      .select('xml')
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row)
      throw new HttpError(404, 'workspace_not_found', 'No program is shared under this key');
    return row.xml;
  }
}
