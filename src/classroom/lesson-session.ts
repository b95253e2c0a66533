// A lesson in the editor: "Start lesson" opens the lesson's starter program and puts the
// lesson in the widget area; Submit sends the program as it is now (a program file: the
// workspace with its settings, Logo text included) to PUT /lesson/{uuid}/grade/submit; the
// student's state, grade and the teacher's note come from GET /lesson/{uuid}/grade/student.
// A failed submit changes nothing in the editor (the program stays, changed as it was).
import { proxy } from 'valtio';
import type { Grade, LessonProgress } from '../contract/grades.ts';
import type { Lesson } from '../contract/lessons.ts';
import { NEW_PROGRAM_XML, parseProgramFile, type ProgramToOpen } from '../program/index.ts';

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
}

export const lessonSession = proxy<LessonSessionState>({
  active: null,
  progress: null,
  loadingProgress: false,
  submitting: false,
  submitFailed: false,
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

export interface LessonSessionDeps {
  submit: (uuid: string, code: string, classUuid: string | null) => Promise<Grade>;
  progress: (uuid: string, classUuid: string | null) => Promise<LessonProgress>;
  openProgram: (loaded: ProgramToOpen) => void;
  showPane: () => void;
  hidePane: () => void;
  /** The program as it is now, as a program file. */
  programFile: () => string;
}

export class LessonSession {
  constructor(
    private readonly deps: LessonSessionDeps,
    readonly state: LessonSessionState = lessonSession,
  ) {}

  /** Opens the lesson's starter program and shows the lesson beside it. */
  start(lesson: Lesson, classUuid: string | null): void {
    this.deps.openProgram(starterProgram(lesson));
    Object.assign(this.state, {
      active: {
        uuid: lesson.uuid,
        name: lesson.name,
        desc: lesson.desc,
        classUuid,
        hasCheck: lesson.hasCheck ?? false,
      },
      progress: null,
      submitFailed: false,
    });
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
  async submit(): Promise<boolean> {
    const active = this.state.active;
    if (!active || this.state.submitting) return false;
    this.state.submitting = true;
    this.state.submitFailed = false;
    const classUuid = active.classUuid ?? this.state.progress?.class_uuid ?? null;
    try {
      const grade = await this.deps.submit(active.uuid, this.deps.programFile(), classUuid);
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
    Object.assign(this.state, { active: null, progress: null, submitFailed: false });
    this.deps.hidePane();
  }
}
