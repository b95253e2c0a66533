// The open program's versions against the real program store: what replaceProgram keeps, and
// a restore that keeps the program it replaces.
import { beforeEach, describe, expect, it } from 'vitest';
import { program } from './program.ts';
import {
  currentProgramText,
  newProgram,
  onProgramOpened,
  openProgram,
  setLogoText,
} from './program-store.ts';
import {
  programVersions,
  replaceProgram,
  restoreVersion,
  versionsState,
} from './program-versions.ts';
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

  it('tells who listens that another program was opened', () => {
    let opened = 0;
    const stop = onProgramOpened(() => {
      opened += 1;
    });
    replaceProgram('handout', logo('to main\nbeep\nend\n'));
    newProgram();
    stop();
    newProgram();
    expect(opened).toBe(2);
  });
});
