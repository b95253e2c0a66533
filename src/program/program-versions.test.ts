// The open program's versions against the real program store: what replaceProgram keeps, and
// a restore that keeps the program it replaces.
import { beforeEach, describe, expect, it } from 'vitest';
import { program } from './program.ts';
import { currentProgramText, newProgram, openProgram, setLogoText } from './program-store.ts';
import { serializeProgramFile, DEFAULT_SETTINGS } from './program-file.ts';
import {
  beforeProgramOpens,
  canKeepOpenProgram,
  onProgramOpened,
  programVersions,
  replaceProgram,
  replaceProgramWithFile,
  restoreVersion,
  versionsState,
} from './program-versions.ts';
import { VERSIONS_MAX_CHARS } from './versions.ts';
import { STORAGE_KEYS } from '../state/storage.ts';

const logo = (text: string, name = '') => ({
  workspaceXml: '',
  settings: { program_mode: 'logo' as const, logo_code: text, file_name: name },
});

beforeEach(() => {
  programVersions.clear();
  newProgram();
});

describe('program versions', () => {
  it('keeps the open program, named and linked to its project, before a replacement opens', () => {
    openProgram({
      ...logo('to main\nbeep\nend\n', 'Robot'),
      projectId: 'p1',
      project: { uuid: 'p1', name: 'Robot', isEditable: true },
    });
    setLogoText('to main\nbeep beep\nend\n');
    const before = currentProgramText();
    expect(replaceProgram('starter', logo('to main\nledon\nend\n', 'Blink'))).toBe(true);
    expect(program.logoCode).toBe('to main\nledon\nend\n');
    expect(versionsState.list).toHaveLength(1);
    expect(versionsState.list[0]).toMatchObject({
      reason: 'starter',
      name: 'Robot',
      file: before,
      project: { uuid: 'p1', name: 'Robot', isEditable: true },
    });
    // Kept in local storage, for the next page load.
    expect(localStorage.getItem(STORAGE_KEYS.programVersions)).toContain('beep beep');
  });

  it('keeps nothing of an empty program, nor of the very program being opened', () => {
    expect(replaceProgram('extract', logo('to main\nledon\nend\n'))).toBe(false);
    expect(replaceProgram('extract', logo('to main\nledon\nend\n'))).toBe(false);
    expect(versionsState.list).toHaveLength(0);
  });

  it('restores a version with its project, keeping the program it replaces, so a restore can be undone', () => {
    openProgram({
      ...logo('to main\nbeep\nend\n', 'Mine'),
      projectId: 'p1',
      project: { uuid: 'p1', name: 'Mine' },
    });
    replaceProgram('lesson', logo('to main\nledon\nend\n', 'Lesson work'));
    const [mine] = versionsState.list;
    expect(restoreVersion(mine?.id ?? '')).toBe(true);
    expect(program).toMatchObject({
      logoCode: 'to main\nbeep\nend\n',
      currentProjectId: 'p1',
      hasChanged: true,
    });
    expect(program.toSaveProject.name).toBe('Mine');
    expect(versionsState.list.map((v) => [v.reason, v.name])).toEqual([
      ['restore', 'Lesson work'],
      ['lesson', 'Mine'],
    ]);
    expect(restoreVersion(versionsState.list[0]?.id ?? '')).toBe(true);
    expect(program.logoCode).toBe('to main\nledon\nend\n');
    expect(program.currentProjectId).toBeNull();
    expect(restoreVersion('gone')).toBe(false);
  });

  it('tells who listens that another program was opened, and why', () => {
    const seen: (string | null)[] = [];
    openProgram(logo('to main\nledon\nend\n'));
    // Before: the program it replaces is still open.
    const before: string[] = [];
    const stopBefore = beforeProgramOpens((reason) =>
      before.push(`${reason}: ${program.logoCode}`),
    );
    const stop = onProgramOpened((reason) => seen.push(reason));
    replaceProgram('handout', logo('to main\nbeep\nend\n'));
    const [kept] = versionsState.list;
    restoreVersion(kept?.id ?? '');
    newProgram();
    stop();
    stopBefore();
    newProgram();
    expect(seen).toEqual(['handout', 'restore', null]);
    expect(before).toEqual([
      'handout: to main\nledon\nend\n',
      'restore: to main\nbeep\nend\n',
      'null: to main\nledon\nend\n',
    ]);
  });

  it('opens a program file’s text, under a name when given, keeping the open program', () => {
    openProgram(logo('to main\nbeep\nend\n'));
    const text = serializeProgramFile({
      workspaceXml: '',
      settings: { ...DEFAULT_SETTINGS, program_mode: 'logo', logo_code: 'to main\nledon\nend\n' },
    });
    expect(replaceProgramWithFile('handout', text, 'From Ms Tina')).toBe(true);
    expect(program.logoCode).toBe('to main\nledon\nend\n');
    expect(program.toSaveProject.name).toBe('From Ms Tina');
    expect(versionsState.list[0]?.reason).toBe('handout');
    // Not a program file: refused before anything changes.
    expect(() => replaceProgramWithFile('handout', '<not a program')).toThrow();
    expect(program.logoCode).toBe('to main\nledon\nend\n');
    expect(versionsState.list).toHaveLength(1);
  });

  it('says when the open program is too large to keep, so the caller asks first', () => {
    expect(canKeepOpenProgram()).toBe(true);
    openProgram(logo('to main\nbeep\nend\n'));
    expect(canKeepOpenProgram()).toBe(true);
    setLogoText(`to main\n${'beep\n'.repeat(VERSIONS_MAX_CHARS / 5)}end\n`);
    expect(canKeepOpenProgram()).toBe(false);
  });
});
