// Remote labs and lab groups (classroom-and-labs §3 "Remote lab and lab group": name,
// description, keywords, board id). A lab is one board behind one station; its owner sets a
// pin (for Remote Access by GoGo ID and pin) and gets an access code (for Remote Lab by
// code). A group lists boards and has an access code of its own: a student with the group's
// code gets whichever board of the group is free. docs/remote-lab.md "Labs".
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import {
  ACCESS_CODE_LENGTH,
  normalizeAccessCode,
  type LabGroupInput,
  type LabGroupUpdate,
  type LabInput,
  type LabUpdate,
} from '../../src/contract/remote-lab.ts';
import { newAccessCode } from '../access-code.ts';
import { now } from '../db/clock.ts';
import type { Database, LabGroupRow, RemoteLabRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { sha256 } from './lab-access.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

export const labNotFound = () =>
  new HttpError(404, 'lab_not_found', 'The remote lab does not exist');
export const groupNotFound = () =>
  new HttpError(404, 'lab_group_not_found', 'The lab group does not exist');
const boardTaken = () =>
  new HttpError(409, 'board_id_taken', 'Another remote lab already has this GoGo ID');

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(pin, salt, 32);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const got = await scryptAsync(pin, Buffer.from(salt, 'hex'), 32);
  const want = Buffer.from(hash, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** A random secret for a broker password or a station key (URL-safe). */
export const newSecret = (bytes = 24) => randomBytes(bytes).toString('base64url');

const keywordsOf = (k: string[] | undefined) =>
  JSON.stringify([...new Set((k ?? []).map((w) => w.trim()).filter((w) => w !== ''))]);

export function parseKeywords(stored: string): string[] {
  try {
    const k: unknown = JSON.parse(stored);
    return Array.isArray(k) ? k.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

const isUnique = (e: unknown) =>
  /unique|duplicate/i.test(e instanceof Error ? e.message : String(e));

export type AccessTarget =
  { kind: 'lab'; lab: RemoteLabRow } | { kind: 'group'; group: LabGroupRow; boards: string[] };

export class LabStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Draws access codes until one is free in both labs and groups. */
  private async freeCode(): Promise<string> {
    for (;;) {
      const code = newAccessCode();
      if (!(await this.byAccessCode(code))) return code;
    }
  }

  async create(owner: UserRow, input: LabInput): Promise<RemoteLabRow> {
    const t = now();
    const row: RemoteLabRow = {
      uuid: randomUUID(),
      owner_id: owner.id,
      name: input.name.trim(),
      description: input.description ?? '',
      keywords: keywordsOf(input.keywords),
      board_id: input.board_id,
      pin_hash: await hashPin(input.pin),
      access_code: await this.freeCode(),
      station_key_hash: null,
      station_secret_hash: null,
      created_at: t,
      updated_at: t,
    };
    try {
      await this.db.insertInto('remote_labs').values(row).execute();
    } catch (e) {
      if (isUnique(e)) throw boardTaken();
      throw e;
    }
    return row;
  }

  /** The lab if `caller` owns it (or is an admin); 404 otherwise. */
  async owned(caller: UserRow, uuid: string): Promise<RemoteLabRow> {
    const row = await this.db
      .selectFrom('remote_labs')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!row || (row.owner_id !== caller.id && caller.role !== 'admin')) throw labNotFound();
    return row;
  }

  mine(owner: UserRow): Promise<RemoteLabRow[]> {
    return this.db
      .selectFrom('remote_labs')
      .selectAll()
      .where('owner_id', '=', owner.id)
      .orderBy('updated_at', 'desc')
      .execute();
  }

  async update(caller: UserRow, uuid: string, input: LabUpdate): Promise<RemoteLabRow> {
    const row = await this.owned(caller, uuid);
    const changes: Partial<RemoteLabRow> = { updated_at: now() };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.description !== undefined) changes.description = input.description;
    if (input.keywords !== undefined) changes.keywords = keywordsOf(input.keywords);
    if (input.pin !== undefined) changes.pin_hash = await hashPin(input.pin);
    if (input.rotate_code) changes.access_code = await this.freeCode();
    await this.db.updateTable('remote_labs').set(changes).where('uuid', '=', row.uuid).execute();
    return { ...row, ...changes };
  }

  async remove(caller: UserRow, uuid: string): Promise<RemoteLabRow> {
    const row = await this.owned(caller, uuid);
    await this.db.deleteFrom('remote_labs').where('uuid', '=', row.uuid).execute();
    return row;
  }

  byBoard(boardId: string): Promise<RemoteLabRow | undefined> {
    return this.db
      .selectFrom('remote_labs')
      .selectAll()
      .where('board_id', '=', boardId)
      .executeTakeFirst();
  }

  async byAccessCode(input: string): Promise<AccessTarget | null> {
    const code = normalizeAccessCode(input);
    if (code.length !== ACCESS_CODE_LENGTH) return null;
    const lab = await this.db
      .selectFrom('remote_labs')
      .selectAll()
      .where('access_code', '=', code)
      .executeTakeFirst();
    if (lab) return { kind: 'lab', lab };
    const group = await this.db
      .selectFrom('lab_groups')
      .selectAll()
      .where('access_code', '=', code)
      .executeTakeFirst();
    if (!group) return null;
    return { kind: 'group', group, boards: await this.groupBoards(group.uuid) };
  }

  /** A new CLI station key (shown once); the previous one stops working. */
  async newStationKey(caller: UserRow, uuid: string): Promise<string> {
    const row = await this.owned(caller, uuid);
    const key = newSecret(30);
    await this.db
      .updateTable('remote_labs')
      .set({ station_key_hash: sha256(key), updated_at: now() })
      .where('uuid', '=', row.uuid)
      .execute();
    return key;
  }

  async setStationSecret(boardId: string, secret: string): Promise<void> {
    await this.db
      .updateTable('remote_labs')
      .set({ station_secret_hash: sha256(secret) })
      .where('board_id', '=', boardId)
      .execute();
  }

  // ---- Groups ---------------------------------------------------------------------------

  async groupBoards(groupUuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lab_group_boards')
      .select('board_id')
      .where('group_uuid', '=', groupUuid)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.board_id);
  }

  private async setGroupBoards(groupUuid: string, boards: string[]): Promise<void> {
    const unique = [...new Set(boards)];
    await this.db.deleteFrom('lab_group_boards').where('group_uuid', '=', groupUuid).execute();
    if (unique.length === 0) return;
    await this.db
      .insertInto('lab_group_boards')
      .values(unique.map((board_id, position) => ({ group_uuid: groupUuid, board_id, position })))
      .execute();
  }

  async createGroup(owner: UserRow, input: LabGroupInput): Promise<LabGroupRow> {
    const t = now();
    const row: LabGroupRow = {
      uuid: randomUUID(),
      owner_id: owner.id,
      name: input.name.trim(),
      description: input.description ?? '',
      keywords: keywordsOf(input.keywords),
      access_code: await this.freeCode(),
      created_at: t,
      updated_at: t,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('lab_groups').values(row).execute();
      await new LabStore(trx).setGroupBoards(row.uuid, input.board_ids);
    });
    return row;
  }

  async ownedGroup(caller: UserRow, uuid: string): Promise<LabGroupRow> {
    const row = await this.db
      .selectFrom('lab_groups')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!row || (row.owner_id !== caller.id && caller.role !== 'admin')) throw groupNotFound();
    return row;
  }

  mineGroups(owner: UserRow): Promise<LabGroupRow[]> {
    return this.db
      .selectFrom('lab_groups')
      .selectAll()
      .where('owner_id', '=', owner.id)
      .orderBy('updated_at', 'desc')
      .execute();
  }

  async updateGroup(caller: UserRow, uuid: string, input: LabGroupUpdate): Promise<LabGroupRow> {
    const row = await this.ownedGroup(caller, uuid);
    const changes: Partial<LabGroupRow> = { updated_at: now() };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.description !== undefined) changes.description = input.description;
    if (input.keywords !== undefined) changes.keywords = keywordsOf(input.keywords);
    if (input.rotate_code) changes.access_code = await this.freeCode();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('lab_groups').set(changes).where('uuid', '=', row.uuid).execute();
      if (input.board_ids) await new LabStore(trx).setGroupBoards(row.uuid, input.board_ids);
    });
    return { ...row, ...changes };
  }

  async removeGroup(caller: UserRow, uuid: string): Promise<void> {
    const row = await this.ownedGroup(caller, uuid);
    await this.db.deleteFrom('lab_groups').where('uuid', '=', row.uuid).execute();
  }
}
