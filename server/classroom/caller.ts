// Who is calling, as the classroom rules need it, and how a class_members row matches them:
// by account, or by e-mail when the account's e-mail is verified (docs/classroom.md).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { UserRow } from '../db/schema.ts';

export interface Caller {
  id: string;
  /** Lower-case; '' when the account has none. */
  email: string;
  emailVerified: boolean;
  role: string;
}

export const toCaller = (user: UserRow): Caller => ({
  id: user.id,
  email: user.email.toLowerCase(),
  emailVerified: user.email_verified === 1 && user.email !== '',
  role: user.role,
});

export const isAdmin = (caller: Caller) => caller.role === 'admin';
export const isModerator = (caller: Caller) =>
  caller.role === 'moderator' || caller.role === 'admin';

/** `alias` (a class_members row) is the caller's. */
export function memberOf(caller: Caller, alias: string): RawBuilder<SqlBool> {
  const userId = sql.ref(`${alias}.user_id`);
  if (!caller.emailVerified) return sql<SqlBool>`${userId} = ${caller.id}`;
  const email = sql.ref(`${alias}.email`);
  return sql<SqlBool>`(${userId} = ${caller.id} or (${userId} is null and ${email} = ${caller.email}))`;
}
