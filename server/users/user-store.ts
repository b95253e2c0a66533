// Users and their roles: first-sight creation from a verified token, the profile, and the
// admin user-management queries. Plain Kysely, identical on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';
import {
  USER_SORT_FIELDS,
  type Role,
  type User,
  type UserCreate,
  type UserUpdate,
} from '../../src/contract/users.ts';
import type { VerifiedIdentity } from '../auth/token-verifier.ts';
import type { Database, UserRow, UsersTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { now } from '../db/clock.ts';
import { parseSort } from '../db/paging.ts';

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    photoUrl: row.photo_url,
    providerId: row.provider_id,
    role: row.role,
    createdAt: row.created_at,
  };
}

interface BrowseOptions {
  page: number;
  perPage: number;
  /** `field|asc,field|desc`; an unknown field is a 400. */
  sort?: string | undefined;
  /** Case-insensitive substring of name or e-mail. */
  search?: string | undefined;
}

/** Escapes LIKE wildcards so user text matches literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export class UserStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly adminEmails: readonly string[],
  ) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUid(uid: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('firebase_uid', '=', uid)
      .executeTakeFirst();
  }

  /**
   * The user behind a verified token, created on first sight. A verified e-mail claims a
   * record an admin created for it; an ADMIN_EMAILS address with a verified e-mail becomes
   * admin. Identity facts (e-mail, provider) follow the token; the name and photo are the
   * user's to edit and are only filled in while empty.
   */
  async ensure(identity: VerifiedIdentity): Promise<UserRow> {
    let row = await this.findByUid(identity.uid);
    if (!row && identity.emailVerified && identity.email !== '') {
      row = await this.claimInvited(identity);
    }
    if (!row) {
      const time = now();
      await this.db
        .insertInto('users')
        .values({
          id: randomUUID(),
          firebase_uid: identity.uid,
          name: identity.name,
          email: identity.email,
          photo_url: identity.picture,
          provider_id: identity.providerId,
          role: 'user',
          email_verified: identity.emailVerified && identity.email !== '' ? 1 : 0,
          created_at: time,
          updated_at: time,
        })
        // A parallel first request may have created it: theirs wins, we read it back.
        .onConflict((oc) => oc.column('firebase_uid').doNothing())
        .execute();
      row = await this.findByUid(identity.uid);
      if (!row) throw new Error(`user ${identity.uid} vanished after insert`);
    }

    const changes: Partial<UsersTable> = {};
    if (identity.email !== '' && identity.email !== row.email) changes.email = identity.email;
    if (identity.providerId !== '' && identity.providerId !== row.provider_id) {
      changes.provider_id = identity.providerId;
    }
    const verified = identity.emailVerified && identity.email !== '' ? 1 : 0;
    if (verified !== row.email_verified) changes.email_verified = verified;
    if (row.name === '' && identity.name !== '') changes.name = identity.name;
    if (row.photo_url === '' && identity.picture !== '') changes.photo_url = identity.picture;
    if (
      row.role !== 'admin' &&
      identity.emailVerified &&
      identity.email !== '' &&
      this.adminEmails.includes(identity.email)
    ) {
      changes.role = 'admin';
    }
    if (Object.keys(changes).length === 0) return row;
    return this.patch(row.id, changes);
  }

  private async claimInvited(identity: VerifiedIdentity): Promise<UserRow | undefined> {
    const invited = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', identity.email)
      .where('firebase_uid', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst();
    if (!invited) return undefined;
    await this.db
      .updateTable('users')
      .set({ firebase_uid: identity.uid, updated_at: now() })
      .where('id', '=', invited.id)
      .where('firebase_uid', 'is', null)
      .execute();
    return this.findByUid(identity.uid);
  }

  private async patch(id: string, changes: Partial<UsersTable>): Promise<UserRow> {
    const row = await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'user_not_found', 'The user does not exist');
    return row;
  }

  updateProfile(id: string, name: string, photoUrl: string | undefined): Promise<UserRow> {
    return this.patch(id, {
      name: name.trim(),
      ...(photoUrl === undefined ? {} : { photo_url: photoUrl }),
    });
  }

  async create(input: UserCreate): Promise<UserRow> {
    const email = input.email.toLowerCase();
    await this.assertEmailFree(email, null);
    const time = now();
    return this.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        firebase_uid: null,
        name: input.name.trim(),
        email,
        photo_url: input.photoUrl ?? '',
        provider_id: '',
        role: input.role ?? 'user',
        email_verified: 0,
        created_at: time,
        updated_at: time,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(input: UserUpdate): Promise<UserRow> {
    const changes: Partial<UsersTable> = {};
    if (input.email !== undefined) {
      changes.email = input.email.toLowerCase();
      await this.assertEmailFree(changes.email, input.id);
    }
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.role !== undefined) changes.role = input.role satisfies Role;
    if (input.photoUrl !== undefined) changes.photo_url = input.photoUrl;
    return this.patch(input.id, changes);
  }

  /**
   * Makes every account with this e-mail an admin (the first admin of a fresh install, whose
   * e-mail no provider has verified; `npm run make-admin`). Returns the accounts found and
   * how many of them were not admin before.
   */
  async makeAdmin(email: string): Promise<{ found: number; promoted: number }> {
    const address = email.trim().toLowerCase();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', address)
      .execute();
    const others = rows.filter((r) => r.role !== 'admin').map((r) => r.id);
    if (others.length > 0) {
      await this.db
        .updateTable('users')
        .set({ role: 'admin', updated_at: now() })
        .where('id', 'in', others)
        .execute();
    }
    return { found: rows.length, promoted: others.length };
  }

  async remove(id: string): Promise<void> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) {
      throw new HttpError(404, 'user_not_found', 'The user does not exist');
    }
  }

  private async assertEmailFree(email: string, exceptId: string | null): Promise<void> {
    let q = this.db.selectFrom('users').select('id').where('email', '=', email);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      throw new HttpError(409, 'email_exists', 'A user with this e-mail already exists');
    }
  }

  async browse(options: BrowseOptions): Promise<{ rows: UserRow[]; pagination: Pagination }> {
    let base = this.db.selectFrom('users');
    const search = options.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirstOrThrow();
    const count = Number(total);

    let query = base.selectAll();
    for (const key of parseSort(options.sort, USER_SORT_FIELDS, [])) {
      query = query.orderBy(key.field, key.direction);
    }
    const rows = await query
      .orderBy('id')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute();

    const lastPage = Math.max(1, Math.ceil(count / options.perPage));
    const from = rows.length === 0 ? 0 : (options.page - 1) * options.perPage + 1;
    return {
      rows,
      pagination: {
        total: count,
        per_page: options.perPage,
        current_page: options.page,
        last_page: lastPage,
        from,
        to: rows.length === 0 ? 0 : from + rows.length - 1,
      },
    };
  }
}
