// Remote labs and lab groups (classroom-and-labs §3 "Remote lab and lab group": name,
// description, keywords, board id). A lab is one board behind one station; its owner sets a
// pin (for Remote Access by GoGo ID and pin) and gets an access code (for Remote Lab by
// code). A group lists boards and has an access code of its own: a student with the group's
// code gets whichever board of the group is free. docs/remote-lab.md "Labs".
//
// Who may list a board (a lesson's private list, a lab group, an official lesson's list):
// its lab's owner and the people the owner shared the lab with (by verified e-mail); an
// official list takes only labs their owners made official. The check runs when a list is
// saved and again at every connect, so a lab whose sharing ends drops out of the lists at
// once. docs/remote-lab.md "Who may list a board".
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

const labNotFound = () => new HttpError(404, 'lab_not_found', 'The remote lab does not exist');
const groupNotFound = () =>
  new HttpError(404, 'lab_group_not_found', 'The lab group does not exist');
const boardTaken = () =>
  new HttpError(409, 'board_id_taken', 'Another remote lab already has this GoGo ID');
/** One answer for a board without a lab and a lab the caller may not list: a list tells
 * nobody which GoGo IDs are registered. */
const boardNotAllowed = (ids: readonly string[]) =>
  new HttpError(
    403,
    'board_not_allowed',
    `Only boards of your own remote labs, or of labs shared with you, can be listed: ${ids.join(', ')}`,
  );
export const boardNotOfficial = (ids: readonly string[]) =>
  new HttpError(
    403,
    'board_not_official',
    `Only boards whose owners made their lab official can be on an official list: ${ids.join(', ')}`,
  );

async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(pin, salt, 32);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

/** Compared against when a board has no lab, so a wrong pin takes as long either way. */
const NO_PIN = `${'0'.repeat(32)}:${'0'.repeat(64)}`;

export async function pinMatches(pin: string, stored: string | undefined): Promise<boolean> {
  const [salt, hash] = (stored ?? NO_PIN).split(':');
  if (!salt || !hash) return false;
  const got = await scryptAsync(pin, Buffer.from(salt, 'hex'), 32);
  const want = Buffer.from(hash, 'hex');
  return got.length === want.length && timingSafeEqual(got, want) && stored !== undefined;
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

const emailsOf = (list: readonly string[]) => [
  ...new Set(list.map((e) => e.trim().toLowerCase()).filter((e) => e !== '')),
];

const isUnique = (e: unknown) =>
  /unique|duplicate/i.test(e instanceof Error ? e.message : String(e));

type AccessTarget =
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
      is_official: 0,
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

  /** The lab if `caller` is its owner, admins not included: a station serves its owner only. */
  async ownedStrictly(caller: UserRow, uuid: string): Promise<RemoteLabRow> {
    const row = await this.owned(caller, uuid);
    if (row.owner_id !== caller.id) throw labNotFound();
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
    if (input.official !== undefined) changes.is_official = input.official ? 1 : 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('remote_labs').set(changes).where('uuid', '=', row.uuid).execute();
      if (input.shared_with) {
        const emails = emailsOf(input.shared_with);
        await trx.deleteFrom('lab_shares').where('lab_uuid', '=', row.uuid).execute();
        if (emails.length > 0) {
          const added_at = now();
          await trx
            .insertInto('lab_shares')
            .values(emails.map((email) => ({ lab_uuid: row.uuid, email, added_at })))
            .execute();
        }
      }
    });
    return { ...row, ...changes };
  }

  /** Whom the lab is shared with (e-mails, in the order they were added). */
  async shares(uuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lab_shares')
      .select('email')
      .where('lab_uuid', '=', uuid)
      .orderBy('added_at')
      .orderBy('email')
      .execute();
    return rows.map((r) => r.email);
  }

  // ---- Who may list a board -------------------------------------------------------------

  /** Of `boardIds`, those whose lab `userId` owns or is shared with (by verified e-mail). */
  async listableBy(userId: string, boardIds: readonly string[]): Promise<Set<string>> {
    if (boardIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('remote_labs as l')
      .select('l.board_id')
      .where('l.board_id', 'in', [...boardIds])
      .where((eb) =>
        eb.or([
          eb('l.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('lab_shares as s')
              .innerJoin('users as u', 'u.email', 's.email')
              .select('s.lab_uuid')
              .whereRef('s.lab_uuid', '=', 'l.uuid')
              .where('u.id', '=', userId)
              .where('u.email_verified', '=', 1)
              .where('u.email', '<>', ''),
          ),
        ]),
      )
      .execute();
    return new Set(rows.map((r) => r.board_id));
  }

  /** Of `boardIds`, those whose lab its owner made official. */
  async officialOf(boardIds: readonly string[]): Promise<Set<string>> {
    if (boardIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('remote_labs')
      .select('board_id')
      .where('board_id', 'in', [...boardIds])
      .where('is_official', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.board_id));
  }

  /** The boards `user` may list: on private lists and groups (their own labs and the ones
   * shared with them), or on official lists (labs made official). */
  async listable(
    user: UserRow,
    list: 'private' | 'official',
  ): Promise<{ board_id: string; name: string; mine: boolean }[]> {
    let query = this.db
      .selectFrom('remote_labs as l')
      .select(['l.board_id', 'l.name', 'l.owner_id'])
      .orderBy('l.board_id');
    if (list === 'official') {
      query = query.where('l.is_official', '=', 1);
    } else {
      const verified = user.email_verified === 1 && user.email !== '';
      query = query.where((eb) =>
        eb.or([
          eb('l.owner_id', '=', user.id),
          ...(verified
            ? [
                eb.exists(
                  eb
                    .selectFrom('lab_shares as s')
                    .select('s.lab_uuid')
                    .whereRef('s.lab_uuid', '=', 'l.uuid')
                    .where('s.email', '=', user.email.toLowerCase()),
                ),
              ]
            : []),
        ]),
      );
    }
    const rows = await query.execute();
    return rows.map((r) => ({ board_id: r.board_id, name: r.name, mine: r.owner_id === user.id }));
  }

  /** Refuses (403) a list of boards `ownerId` may not list. */
  async assertListable(ownerId: string, boardIds: readonly string[]): Promise<void> {
    const ok = await this.listableBy(ownerId, boardIds);
    const refused = boardIds.filter((b) => !ok.has(b));
    if (refused.length > 0) throw boardNotAllowed(refused);
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
    const row = await this.ownedStrictly(caller, uuid);
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
    await this.assertListable(owner.id, [...new Set(input.board_ids)]);
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

  async group(uuid: string): Promise<LabGroupRow | undefined> {
    return this.db.selectFrom('lab_groups').selectAll().where('uuid', '=', uuid).executeTakeFirst();
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
    // The group's boards are its owner's to list (an admin editing it lists for them).
    if (input.board_ids) await this.assertListable(row.owner_id, [...new Set(input.board_ids)]);
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
