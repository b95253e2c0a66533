import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import type { Grade, LessonProgress } from '../contract/grades.ts';
import type { Lesson } from '../contract/lessons.ts';
import type { ProgramToOpen } from '../program/program-store.ts';
import { serializeProgramFile } from '../program/program-file.ts';
import { DEFAULT_SETTINGS } from '../program/program-file.ts';
import {
  LessonSession,
  starterProgram,
  submittedProgram,
  workProgram,
  type ActiveLesson,
  type LessonSessionDeps,
  type LessonSessionState,
} from './lesson-session.ts';

const LESSON = {
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Blink',
  desc: '# Blink\nMake the LED blink.',
  code: '',
  logo: 'to main\nledon\nend\n',
} as Lesson;
const CLASS = '22222222-2222-4222-8222-222222222222';

function grade(state: Grade['state']): Grade {
  return {
    uuid: CLASS,
    suuid: '33333333-3333-4333-8333-333333333333',
    state,
    grade: null,
    note: '',
  } as Grade;
}

const MY_WORK = serializeProgramFile({
  workspaceXml: '',
  settings: { ...DEFAULT_SETTINGS, program_mode: 'logo', logo_code: 'to main\nbeep\nend\n' },
});

function setup(overrides: Partial<LessonSessionDeps> = {}, work: string | null = null) {
  const opened: { reason: string; program: ProgramToOpen }[] = [];
  const submitted: { uuid: string; code: string; classUuid: string | null; note?: string }[] = [];
  const keptOpen: (ActiveLesson | null)[] = [];
  let pane = false;
  let file = '<xml>v1</xml>';
  const state = proxy<LessonSessionState>({
    active: null,
    progress: null,
    loadingProgress: false,
    submitting: false,
    submitFailed: false,
    work: null,
  });
  const session = new LessonSession(
    {
      submit: (uuid, code, classUuid, note) => {
        submitted.push({ uuid, code, classUuid, ...(note ? { note } : {}) });
        return Promise.resolve(grade('submitted'));
      },
      progress: () =>
        Promise.resolve({
          luuid: LESSON.uuid,
          class_uuid: CLASS,
          state: 'not_started',
          canSubmit: true,
          grade: null,
        } as LessonProgress),
      latestWork: () => Promise.resolve(work),
      replaceProgram: (reason, p) => opened.push({ reason, program: p }) > 0,
      keepOpen: (lesson) => keptOpen.push(lesson),
      showPane: () => (pane = true),
      hidePane: () => (pane = false),
      programFile: () => file,
      ...overrides,
    },
    state,
  );
  return {
    session,
    state,
    opened,
    submitted,
    keptOpen,
    pane: () => pane,
    edit: (f: string) => (file = f),
  };
}

describe('starterProgram', () => {
  it('opens the Logo text in Logo mode when the lesson has only Logo', () => {
    expect(starterProgram(LESSON).settings).toMatchObject({
      program_mode: 'logo',
      logo_code: 'to main\nledon\nend\n',
      file_name: 'Blink',
    });
  });

  it('opens a program file with its own settings', () => {
    const code = serializeProgramFile({
      workspaceXml:
        '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start" x="1" y="2"></block></xml>',
      settings: { ...DEFAULT_SETTINGS, logo_code: 'to main\nend\n' },
    });
    const started = starterProgram({ ...LESSON, code });
    expect(started.workspaceXml).toContain('gogo_start');
    expect(started.settings).toMatchObject({ program_mode: 'blocks', logo_code: 'to main\nend\n' });
    expect(submittedProgram(code).workspaceXml).toBe(started.workspaceXml);
  });

  it('starts from a new program when the lesson has none', () => {
    expect(starterProgram({ ...LESSON, logo: '' }).workspaceXml).toContain('gogo_start');
  });

  it('opens a grade without a program as a new program, and refuses a broken one', () => {
    expect(submittedProgram('').workspaceXml).toContain('gogo_start');
    expect(() => submittedProgram('<not a program')).toThrow();
  });

  it('opens the student’s work under the lesson’s name when it has none; null when unreadable', () => {
    expect(workProgram(MY_WORK, LESSON)?.settings).toMatchObject({
      logo_code: 'to main\nbeep\nend\n',
      file_name: 'Blink',
    });
    expect(workProgram('<not a program', LESSON)).toBeNull();
  });
});

describe('LessonSession', () => {
  it('start opens the starter program (keeping the one it replaces), shows the lesson pane, keeps it open and reads the progress', async () => {
    const { session, state, opened, pane, keptOpen } = setup();
    expect(await session.start(LESSON, CLASS)).toEqual({ resumed: false, kept: true });
    expect(opened).toEqual([{ reason: 'starter', program: starterProgram(LESSON) }]);
    expect(pane()).toBe(true);
    const active = {
      uuid: LESSON.uuid,
      name: 'Blink',
      desc: LESSON.desc,
      classUuid: CLASS,
      hasCheck: false,
    };
    expect(state.active).toEqual(active);
    expect(keptOpen).toEqual([active]);
    await Promise.resolve();
    await Promise.resolve();
    expect(state.progress?.state).toBe('not_started');
  });

  it('start resumes the student’s own latest work instead of the starter', async () => {
    const { session, opened } = setup({}, MY_WORK);
    expect(await session.start(LESSON, CLASS)).toEqual({ resumed: true, kept: true });
    expect(opened.map((o) => [o.reason, o.program.settings?.logo_code])).toEqual([
      ['lesson', 'to main\nbeep\nend\n'],
    ]);
  });

  it('start opens the starter when the kept work cannot be read', async () => {
    const { session, opened } = setup({}, '<not a program');
    expect((await session.start(LESSON, CLASS)).resumed).toBe(false);
    expect(opened[0]?.reason).toBe('starter');
  });

  it('reopen shows a kept lesson without touching the program', () => {
    const { session, state, opened, pane } = setup();
    const active = { uuid: LESSON.uuid, name: 'Blink', desc: '', classUuid: null, hasCheck: true };
    session.reopen(active);
    expect(state.active).toEqual(active);
    expect(pane()).toBe(true);
    expect(opened).toHaveLength(0);
  });

  it("start says when Submit runs the lesson's automatic check", async () => {
    const { session, state } = setup();
    await session.start({ ...LESSON, hasCheck: true }, CLASS);
    expect(state.active?.hasCheck).toBe(true);
  });

  it('submit sends the program as it is now, to the class it was started in', async () => {
    const { session, state, submitted, edit } = setup();
    await session.start(LESSON, CLASS);
    edit('<xml>changed</xml>');
    expect(await session.submit()).toBe(true);
    expect(submitted).toEqual([
      { uuid: LESSON.uuid, code: '<xml>changed</xml>', classUuid: CLASS },
    ]);
    expect(state.progress?.state).toBe('submitted');
  });

  it('submit sends the student’s note to the teacher with the program', async () => {
    const { session, submitted } = setup();
    await session.start(LESSON, CLASS);
    expect(await session.submit('  The motor turns twice.  ')).toBe(true);
    expect(submitted).toEqual([
      expect.objectContaining({ uuid: LESSON.uuid, note: 'The motor turns twice.' }),
    ]);
  });

  it('a failed submit says so and leaves the program alone', async () => {
    const { session, state, opened } = setup({ submit: () => Promise.reject(new Error('down')) });
    await session.start(LESSON, null);
    expect(await session.submit()).toBe(false);
    expect(state.submitFailed).toBe(true);
    expect(state.submitting).toBe(false);
    expect(opened).toHaveLength(1);
    expect(state.active?.uuid).toBe(LESSON.uuid);
  });

  it('end hides the lesson and keeps none open', async () => {
    const { session, state, pane, keptOpen } = setup();
    await session.start(LESSON, CLASS);
    session.end();
    expect(state.active).toBeNull();
    expect(pane()).toBe(false);
    expect(keptOpen.at(-1)).toBeNull();
  });
});
