// A lesson in the editor: "Start lesson" opens the student's own latest program for the
// lesson (docs/classroom.md "Lesson work"), or its starter program when they have none, and
// puts the lesson in the widget area; the program it replaces is kept as a version. Submit
// sends the program as it is now (a program file: the workspace with its settings, Logo text
// included) to PUT /lesson/{uuid}/grade/submit; the student's state, grade and the teacher's
// note come from GET /lesson/{uuid}/grade/student. A failed submit changes nothing in the
// editor (the program stays, changed as it was). The open lesson is kept (`keepOpen`), so a
// reload reopens it beside the program kept with it (`reopen`).
import { proxy } from 'valtio';
import type { Grade, LessonProgress } from '../contract/grades.ts';
import type { Lesson } from '../contract/lessons.ts';
import { NEW_PROGRAM_XML, parseProgramFile, type ProgramToOpen } from '../program/index.ts';
import type { WorkStatus } from './lesson-work.ts';

export interface ActiveLesson {
  uuid: string;
  name: string;
  desc: string;
  /** The class the student works in (null: the server picks the only one). */
  classUuid: string | null;
  /** Submit runs the lesson's automatic check, which grades the program. */
  hasCheck: boolean;
}

export interface LessonSessionState {
  active: ActiveLesson | null;
  progress: LessonProgress | null;
  loadingProgress: boolean;
  submitting: boolean;
  /** The last submit failed (the program is untouched). */
  submitFailed: boolean;
  /** Where the student's work on the open lesson stands (null: nothing kept yet). */
  work: WorkStatus | null;
}

export const lessonSession = proxy<LessonSessionState>({
  active: null,
  progress: null,
  loadingProgress: false,
  submitting: false,
  submitFailed: false,
  work: null,
});

/** The program a lesson starts with: its workspace, else its Logo text, else a new program. */
export function starterProgram(lesson: Pick<Lesson, 'code' | 'logo' | 'name'>): ProgramToOpen {
  if (lesson.code.trim()) {
    try {
      const file = parseProgramFile(lesson.code);
      return {
        workspaceXml: file.workspaceXml,
        settings: { ...file.settings, file_name: lesson.name },
      };
    } catch {
      // Not a program file: fall back to the Logo text below.
    }
  }
  if (lesson.logo.trim()) {
    return {
      workspaceXml: NEW_PROGRAM_XML,
      settings: { program_mode: 'logo', logo_code: lesson.logo, file_name: lesson.name },
    };
  }
  return { workspaceXml: NEW_PROGRAM_XML, settings: { file_name: lesson.name } };
}

/**
 * A submitted program file back as a program to open. A grade with no program behind it (a
 * teacher's grade for a lesson never submitted, a board's answer) opens as a new program.
 */
export function submittedProgram(code: string): ProgramToOpen {
  if (code.trim() === '') return { workspaceXml: NEW_PROGRAM_XML };
  const file = parseProgramFile(code);
  return { workspaceXml: file.workspaceXml, settings: file.settings };
}

/** The student's kept work as a program to open, under the lesson's name; null if unreadable. */
export function workProgram(code: string, lesson: Pick<Lesson, 'name'>): ProgramToOpen | null {
  try {
    const file = parseProgramFile(code);
    return {
      workspaceXml: file.workspaceXml,
      settings: { ...file.settings, file_name: file.settings.file_name || lesson.name },
    };
  } catch {
    return null;
  }
}

export interface LessonSessionDeps {
  /** `note`: the student's note to the teacher ('' for none). */
  submit: (uuid: string, code: string, classUuid: string | null, note: string) => Promise<Grade>;
  progress: (uuid: string, classUuid: string | null) => Promise<LessonProgress>;
  /** The student's own latest program for the lesson (a program file), null for none. */
  latestWork: (uuid: string, classUuid: string | null) => Promise<string | null>;
  /**
   * Opens a program in place of the open one, keeping that one as a version with why
   * (src/program: replaceProgram); true when it kept one.
   */
  replaceProgram: (reason: 'starter' | 'lesson', toOpen: ProgramToOpen) => boolean;
  /** Keeps the open lesson (null: none) for the next page load. */
  keepOpen: (lesson: ActiveLesson | null) => void;
  showPane: () => void;
  hidePane: () => void;
  /** The program as it is now, as a program file. */
  programFile: () => string;
}

/** What Start lesson did: resumed the student's own work, kept the program it replaced. */
export interface Started {
  resumed: boolean;
  kept: boolean;
}

export class LessonSession {
  constructor(
    private readonly deps: LessonSessionDeps,
    readonly state: LessonSessionState = lessonSession,
  ) {}

  /**
   * Opens the student's own latest program for the lesson, else its starter program, keeping
   * the program it replaces as a version, and shows the lesson beside it.
   */
  async start(lesson: Lesson, classUuid: string | null): Promise<Started> {
    const work = await this.deps.latestWork(lesson.uuid, classUuid);
    const own = work === null ? null : workProgram(work, lesson);
    const kept = own
      ? this.deps.replaceProgram('lesson', own)
      : this.deps.replaceProgram('starter', starterProgram(lesson));
    this.open(
      {
        uuid: lesson.uuid,
        name: lesson.name,
        desc: lesson.desc,
        classUuid,
        hasCheck: lesson.hasCheck ?? false,
      },
      null,
    );
    return { resumed: own !== null, kept };
  }

  /** Shows a lesson kept open before a reload beside the program kept with it. */
  reopen(lesson: ActiveLesson): void {
    this.open(lesson, this.state.active?.uuid === lesson.uuid ? this.state.progress : null);
  }

  private open(active: ActiveLesson, progress: LessonProgress | null): void {
    Object.assign(this.state, { active, progress, submitFailed: false, work: null });
    this.deps.keepOpen(active);
    this.deps.showPane();
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const active = this.state.active;
    if (!active) return;
    this.state.loadingProgress = true;
    try {
      const progress = await this.deps.progress(active.uuid, active.classUuid);
      if (this.state.active?.uuid === active.uuid) this.state.progress = progress;
    } catch {
      // The API client showed why; the last known progress stays on screen.
    } finally {
      this.state.loadingProgress = false;
    }
  }

  /** Sends the program; true when the server kept it. */
  /** Submits the program as it is now, with the student's note to the teacher. */
  async submit(note = ''): Promise<boolean> {
    const active = this.state.active;
    if (!active || this.state.submitting) return false;
    this.state.submitting = true;
    this.state.submitFailed = false;
    const classUuid = active.classUuid ?? this.state.progress?.class_uuid ?? null;
    try {
      const grade = await this.deps.submit(
        active.uuid,
        this.deps.programFile(),
        classUuid,
        note.trim(),
      );
      const progress = this.state.progress;
      this.state.progress = {
        luuid: active.uuid,
        class_uuid: grade.uuid,
        state: grade.state,
        canSubmit: progress?.canSubmit ?? true,
        grade,
      };
      return true;
    } catch {
      this.state.submitFailed = true;
      return false;
    } finally {
      this.state.submitting = false;
    }
  }

  end(): void {
    Object.assign(this.state, { active: null, progress: null, submitFailed: false, work: null });
    this.deps.keepOpen(null);
    this.deps.hidePane();
  }
}
