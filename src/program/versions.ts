// Program versions (docs/program.md "Versions"): the programs that were open when something
// replaced them — a lesson's starter or the student's lesson work, the program read from a
// board, a program a teacher hands out, a restore — kept in this browser with why, newest
// first, so a student can go back to any of them. Framework-free: the list is kept through a
// small storage interface (local storage in the app), and the program it keeps arrives as a
// snapshot, so the open program's store stays out of this file.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { StateHolder } from '../core/state-holder.ts';

/** Why a version was kept: what replaced the program that was open. */
const VERSION_REASONS = [
  'starter',
  'lesson',
  'extract',
  'handout',
  'broadcast',
  'restore',
] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

/** At most this many versions are kept; the oldest go first. */
export const VERSIONS_MAX = 20;
/** And at most this much program text in all (local storage holds a few megabytes). */
export const VERSIONS_MAX_CHARS = 1_000_000;

const Text = Type.String({ maxLength: VERSIONS_MAX_CHARS });
const Project = Type.Object({
  uuid: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 200 }),
  isEditable: Type.Optional(Type.Boolean()),
});

/** What a version keeps of a program. */
export const ProgramSnapshot = Type.Object({
  /** The program file (workspace and settings, as "Save as a file" writes it). */
  file: Text,
  /** Its name ('' when it has none). */
  name: Type.String({ maxLength: 200 }),
  /** The cloud project it belonged to, so a restore links it again. */
  project: Type.Union([Project, Type.Null()]),
});
export type ProgramSnapshot = Static<typeof ProgramSnapshot>;

const Version = Type.Intersect([
  ProgramSnapshot,
  Type.Object({
    id: Type.String({ maxLength: 64 }),
    reason: Type.Union(VERSION_REASONS.map((r) => Type.Literal(r))),
    /** When it was kept (ms since the epoch). */
    keptAt: Type.Number(),
  }),
]);
export type ProgramVersion = Static<typeof Version>;
const Stored = Type.Object({ v: Type.Literal(1), versions: Type.Array(Version) });

/** Where the list lives between page loads. */
export interface VersionStorage {
  read(): string | null;
  write(text: string): void;
}

interface VersionsOptions {
  now?: () => number;
  newId?: () => string;
}

export class ProgramVersions {
  private readonly holder: StateHolder<readonly ProgramVersion[]>;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(
    private readonly storage: VersionStorage,
    options: VersionsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.holder = new StateHolder<readonly ProgramVersion[]>(this.load());
  }

  private get versions(): readonly ProgramVersion[] {
    return this.holder.get();
  }

  /** Newest first. */
  list(): readonly ProgramVersion[] {
    return this.versions;
  }

  get(id: string): ProgramVersion | undefined {
    return this.versions.find((v) => v.id === id);
  }

  /**
   * Keeps a program with the reason it is being replaced. The same program kept before
   * moves to the top instead of being kept twice; the oldest versions go beyond the limits.
   * Null for a program larger than all the room there is.
   */
  keep(reason: VersionReason, snapshot: ProgramSnapshot): ProgramVersion | null {
    if (snapshot.file.length > VERSIONS_MAX_CHARS) return null;
    const version: ProgramVersion = { ...snapshot, id: this.newId(), reason, keptAt: this.now() };
    const others = this.versions.filter((v) => v.file !== snapshot.file);
    this.save(fit([version, ...others]));
    return version;
  }

  /** Forgets every version. */
  clear(): void {
    this.save([]);
  }

  /** Calls `listener` with the list after every change; returns the unsubscribe. */
  subscribe(listener: (versions: readonly ProgramVersion[]) => void): () => void {
    return this.holder.subscribe(listener);
  }

  private load(): ProgramVersion[] {
    try {
      const value: unknown = JSON.parse(this.storage.read() ?? 'null');
      return Value.Check(Stored, value) ? fit(value.versions) : [];
    } catch {
      return [];
    }
  }

  private save(versions: readonly ProgramVersion[]): void {
    try {
      this.storage.write(JSON.stringify({ v: 1, versions }));
    } catch {
      // Storage full or unavailable: the versions live for this page only.
    }
    this.holder.set(versions);
  }
}

/** The newest versions within the count and size limits (the newest always stays). */
function fit(versions: ProgramVersion[]): ProgramVersion[] {
  const kept: ProgramVersion[] = [];
  let chars = 0;
  for (const v of versions) {
    chars += v.file.length;
    if (kept.length > 0 && (kept.length >= VERSIONS_MAX || chars > VERSIONS_MAX_CHARS)) break;
    kept.push(v);
  }
  return kept;
}
