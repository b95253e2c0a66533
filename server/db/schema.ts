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

export interface ProjectsTable {
  uuid: string;
  owner_id: string;
  /** Trimmed, 1 to 100 characters. */
  name: string;
  header_image: string;
  /** Markdown. */
  description: string;
  /** Workspace XML text. */
  code: string;
  /** 0 or 1 (portable boolean). */
  is_published: number;
  /** The project this one was remixed from; null when none or deleted since. */
  parent_uuid: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectLikesTable {
  project_uuid: string;
  user_id: string;
  created_at: string;
}

export interface CatalogsTable {
  uuid: string;
  owner_id: string;
  name: string;
  /** lower(trimmed name): one catalog of a name per owner. */
  name_key: string;
  header_image: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface CatalogProjectsTable {
  catalog_uuid: string;
  project_uuid: string;
  added_at: string;
}

/** Shared workspaces (storage service): one row per distinct XML text. */
export interface WorkspacesTable {
  key: string;
  xml: string;
  /** sha256 of the XML, hex: the same text shared twice gets the same key. */
  xml_hash: string;
  /** The uid the sharer sent ('' when none). */
  uid: string;
  created_at: string;
}

/** Cloud datalog channels; owner_id null only for the shared public log. */
export interface DatalogChannelsTable {
  id: string;
  owner_id: string | null;
  name: string;
  /** 0 or 1: readable by anyone. */
  is_public: number;
  /** bigint: a number on SQLite, a string on PostgreSQL (read through Number()). */
  records: number | string;
  last_record_at: number | string | null;
  created_at: string;
  updated_at: string;
}

/** One row per record name in a channel: its tag (name, colour) and running figures. */
export interface DatalogFieldsTable {
  channel_id: string;
  name: string;
  tag: string;
  colour: number;
  records: number | string;
  first_at: number | string;
  last_at: number | string;
  last_value: number;
}

export interface DatalogRecordsTable {
  channel_id: string;
  field: string;
  /** Milliseconds since 1970 UTC. */
  t: number | string;
  value: number;
}

/** Remote labs: one board station each (docs/remote-lab.md). */
export interface RemoteLabsTable {
  uuid: string;
  owner_id: string;
  name: string;
  description: string;
  /** JSON array of strings. */
  keywords: string;
  board_id: string;
  pin_hash: string;
  access_code: string;
  station_key_hash: string | null;
  station_secret_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface LabGroupsTable {
  uuid: string;
  owner_id: string;
  name: string;
  description: string;
  keywords: string;
  access_code: string;
  created_at: string;
  updated_at: string;
}

export interface LabGroupBoardsTable {
  group_uuid: string;
  board_id: string;
  position: number;
}

/** Remote-lab sessions; times are milliseconds (bigint: read through Number()). */
export interface LabSessionsTable {
  id: number;
  user_id: string;
  board_id: string;
  lesson_uuid: string | null;
  method: number;
  state: string;
  topic_key: string;
  secret_hash: string | null;
  answer: number;
  reported_answer: number;
  created_at: number | string;
  started_at: number | string | null;
  last_alive_at: number | string;
  ends_at: number | string | null;
  ended_at: number | string | null;
  end_reason: string | null;
}

export interface Database {
  users: UsersTable;
  projects: ProjectsTable;
  project_likes: ProjectLikesTable;
  catalogs: CatalogsTable;
  catalog_projects: CatalogProjectsTable;
  workspaces: WorkspacesTable;
  datalog_channels: DatalogChannelsTable;
  datalog_fields: DatalogFieldsTable;
  datalog_records: DatalogRecordsTable;
  remote_labs: RemoteLabsTable;
  lab_groups: LabGroupsTable;
  lab_group_boards: LabGroupBoardsTable;
  lab_sessions: LabSessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type CatalogRow = Selectable<CatalogsTable>;
export type DatalogChannelRow = Selectable<DatalogChannelsTable>;
export type DatalogFieldRow = Selectable<DatalogFieldsTable>;
export type RemoteLabRow = Selectable<RemoteLabsTable>;
export type LabGroupRow = Selectable<LabGroupsTable>;
export type LabSessionRow = Selectable<LabSessionsTable>;
