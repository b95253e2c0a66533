// Table types of the query layer. Columns use portable types only (text, integer) so the
// same Kysely queries run unchanged on SQLite and PostgreSQL: ids are 36-character
// lowercase UUID text and times are ISO 8601 UTC text (which sorts chronologically).
import type { Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  /** Firebase Auth uid; null for a user an admin created who has not signed in yet. */
  firebase_uid: string | null;
  name: string;
  /** Lower-case; '' when the provider gave none. */
  email: string;
  photo_url: string;
  provider_id: string;
  role: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
}

export type UserRow = Selectable<UsersTable>;
