// Table types of the query layer. Columns use portable types only (text, integer) so the
// same Kysely queries run unchanged on SQLite and PostgreSQL: ids are 36-character
// lowercase UUID text and times are ISO 8601 UTC text (which sorts chronologically).
import type { Generated, Selectable } from 'kysely';

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
  /** 0 or 1: the provider vouched for the e-mail (class seats match verified e-mails only). */
  email_verified: number;
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

interface ProjectLikesTable {
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

interface CatalogProjectsTable {
  catalog_uuid: string;
  project_uuid: string;
  added_at: string;
}

/** Shared workspaces (storage service): one row per share, under a random key. */
interface WorkspacesTable {
  key: string;
  xml: string;
  /** The uid the sharer sent ('' when none). */
  uid: string;
  created_at: string;
  /** When the share was last opened (to the day); expiry counts from here. */
  read_at: string;
}

/** Cloud datalog channels; owner_id null only for the shared public log. */
interface DatalogChannelsTable {
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
interface DatalogFieldsTable {
  channel_id: string;
  name: string;
  tag: string;
  colour: number;
  records: number | string;
  first_at: number | string;
  last_at: number | string;
  last_value: number;
  /** Who added the name: `user:{id}`, or `ip:{hash}` for an anonymous writer. */
  writer: string;
}

/** One row per channel, field and minute: the minute's records summarised. */
interface DatalogMinutesTable {
  channel_id: string;
  field: string;
  /** Start of the minute, ms since 1970 UTC. */
  minute: number | string;
  n: number | string;
  total: number;
  low: number;
  high: number;
  first_t: number | string;
  first_v: number;
  last_t: number | string;
  last_v: number;
}

interface DatalogRecordsTable {
  channel_id: string;
  field: string;
  /** Milliseconds since 1970 UTC. */
  t: number | string;
  value: number;
}

export interface ClassesTable {
  uuid: string;
  owner_id: string;
  name: string;
  /** Markdown. */
  description: string;
  header_image: string;
  is_official: number;
  /** ACCESS_CODE_LENGTH characters of ACCESS_CODE_ALPHABET; unique. */
  access_code: string;
  created_at: string;
  updated_at: string;
}

/** Published block libraries (src/contract/extensions.ts). */
export interface ExtensionsTable {
  uuid: string;
  owner_id: string;
  name: string;
  /** lower(trimmed name), unique among all extensions. */
  name_key: string;
  image_url: string;
  short_description: string;
  /** Markdown. */
  description: string;
  firmware_core: string;
  /** JSON ExtensionLibrary. */
  library: string;
  /** Workspace XML the library was made from. */
  workspace: string;
  version: number;
  /** 0 or 1. */
  is_official: number;
  /** 0 or 1. */
  is_archived: number;
  created_at: string;
  updated_at: string;
}

interface ClassMembersTable {
  class_uuid: string;
  /** Lower-case. */
  email: string;
  /** 'teacher' | 'student'. */
  type: string;
  user_id: string | null;
  added_at: string;
}

export interface LessonsTable {
  uuid: string;
  owner_id: string;
  name: string;
  description: string;
  code: string;
  logo: string;
  is_official: number;
  max_points: number;
  time_limit: number | null;
  /** The remote lab's automatic check, in its own format. */
  auto_check: string | null;
  created_at: string;
  updated_at: string;
}

interface LessonBoardsTable {
  lesson_uuid: string;
  /** 'official' | 'private'. */
  list: string;
  board_id: string;
  position: number;
}

interface ClassLessonsTable {
  class_uuid: string;
  lesson_uuid: string;
  position: number;
  due_at: string | null;
  added_at: string;
}

export interface SubmissionsTable {
  suuid: string;
  class_uuid: string;
  lesson_uuid: string;
  student_email: string;
  user_id: string | null;
  code: string;
  student_note: string;
  session_id: string | null;
  grade: number | null;
  /** The teacher's note. */
  note: string;
  /** 'submitted' | 'graded' | 'complete'. */
  state: string;
  is_late: number;
  is_current: number;
  submitted_at: string;
  graded_at: string | null;
  graded_by: string | null;
  completed_at: string | null;
  updated_at: string;
  /** The automatic check's report (JSON CheckReport), null when none ran. */
  check_report: string | null;
  /** Where the grade came from (GradeSource), null while ungraded. */
  grade_source: string | null;
}

interface LessonWorkTable {
  class_uuid: string;
  lesson_uuid: string;
  /** The student's e-mail in the class (class_members.email). */
  student_email: string;
  user_id: string | null;
  /** Program file text. */
  code: string;
  updated_at: string;
}

interface ClassroomImagesTable {
  id: string;
  owner_id: string;
  content_type: string;
  bytes: number;
  /** Base64. */
  data: string;
  created_at: string;
}

interface ExtensionUsersTable {
  extension_uuid: string;
  user_id: string;
  added_at: string;
}

export interface MessagesTable {
  id: string;
  /** null: an announcement to every user. */
  recipient_id: string | null;
  sender_id: string | null;
  kind: string;
  title: string;
  body: string;
  /** JSON MessageParams. */
  params: string;
  link: string;
  created_at: string;
}

interface MessageReadsTable {
  message_id: string;
  user_id: string;
  read_at: string;
}

/** Remote labs: one board station each (docs/remote-lab.md). */
interface RemoteLabsTable {
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
  /** 0 or 1: the owner offers the board to official lessons' lists. */
  is_official: number;
  created_at: string;
  updated_at: string;
}

/** People a lab's owner shared it with: they may list its board in their lessons and groups. */
interface LabSharesTable {
  lab_uuid: string;
  /** Lower-case; matches an account whose e-mail is verified. */
  email: string;
  added_at: string;
}

interface LabGroupsTable {
  uuid: string;
  owner_id: string;
  name: string;
  description: string;
  keywords: string;
  access_code: string;
  created_at: string;
  updated_at: string;
}

interface LabGroupBoardsTable {
  group_uuid: string;
  board_id: string;
  position: number;
}

/** Remote-lab sessions; times are milliseconds (bigint: read through Number()). */
interface LabSessionsTable {
  id: number;
  user_id: string;
  board_id: string;
  lesson_uuid: string | null;
  /** The lab group whose access code made the session; null otherwise. */
  group_uuid: string | null;
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

/** Web UI dashboards (src/contract/webui.ts). */
export interface WebuiDashboardsTable {
  uuid: string;
  owner_id: string;
  name: string;
  /** JSON array of Widget. */
  widgets: string;
  /** The read-only link's token; null while sharing is off. */
  share_token: string | null;
  created_at: string;
  updated_at: string;
}

/** The event bus's outbox (server/events/event-bus.ts). */
interface BusEventsTable {
  id: Generated<number | string>;
  topic: string;
  /** JSON text. */
  data: string;
  at: number | string;
}

/** A class's live session (server/classroom/live-class.ts); times in ms (bigint). */
interface LiveClassesTable {
  class_uuid: string;
  session_id: string;
  started_at: number | string;
  started_by: string;
  idle_since: number | string | null;
  eyes_message: string | null;
  eyes_until: number | string | null;
  eyes_by: string | null;
  broadcast_by: string | null;
  broadcast_name: string | null;
}

interface LiveWatchersTable {
  stream_id: string;
  class_uuid: string;
  user_id: string;
  seen_at: number | string;
}

interface LiveHandsTable {
  class_uuid: string;
  student_email: string;
  name: string;
  lesson_uuid: string | null;
  raised_at: number | string;
}

interface LiveLoginsTable {
  id: Generated<number>;
  class_uuid: string;
  role: string;
  student_email: string;
  user_id: string;
  topic_key: string;
  secret_hash: string;
  created_at: number | string;
}

export interface ProgramCommentsTable {
  id: string;
  class_uuid: string;
  lesson_uuid: string;
  student_email: string;
  suuid: string | null;
  /** JSON of the anchor. */
  anchor: string;
  text: string;
  author_id: string | null;
  author_name: string;
  created_at: string;
  resolved_at: string | null;
}

/** Shared token buckets (server/http/rate-limit.ts). */
interface RateBucketsTable {
  key: string;
  tokens: number;
  at: number | string;
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
  datalog_minutes: DatalogMinutesTable;
  classes: ClassesTable;
  class_members: ClassMembersTable;
  lessons: LessonsTable;
  lesson_boards: LessonBoardsTable;
  class_lessons: ClassLessonsTable;
  submissions: SubmissionsTable;
  lesson_work: LessonWorkTable;
  classroom_images: ClassroomImagesTable;
  extensions: ExtensionsTable;
  extension_users: ExtensionUsersTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  remote_labs: RemoteLabsTable;
  lab_shares: LabSharesTable;
  lab_groups: LabGroupsTable;
  lab_group_boards: LabGroupBoardsTable;
  lab_sessions: LabSessionsTable;
  webui_dashboards: WebuiDashboardsTable;
  bus_events: BusEventsTable;
  rate_buckets: RateBucketsTable;
  live_classes: LiveClassesTable;
  live_watchers: LiveWatchersTable;
  live_hands: LiveHandsTable;
  live_logins: LiveLoginsTable;
  program_comments: ProgramCommentsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type CatalogRow = Selectable<CatalogsTable>;
export type DatalogChannelRow = Selectable<DatalogChannelsTable>;
export type DatalogFieldRow = Selectable<DatalogFieldsTable>;
export type ClassRow = Selectable<ClassesTable>;
export type LessonRow = Selectable<LessonsTable>;
export type ExtensionRow = Selectable<ExtensionsTable>;
export type RemoteLabRow = Selectable<RemoteLabsTable>;
export type LabGroupRow = Selectable<LabGroupsTable>;
export type LabSessionRow = Selectable<LabSessionsTable>;
