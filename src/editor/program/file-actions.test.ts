import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmService } from '../../shell/confirm.ts';
import { initI18n } from '../../i18n/index.ts';
import { program } from '../../program/program.ts';
import { ui } from '../../state/ui.ts';
import { programXml, s, setUpBlocks } from '../test-support.ts';
import { logoFromXml } from '../workspace/headless.ts';
import {
  importFromFile,
  newProject,
  openFromFile,
  saveAsFile,
  type FileIo,
} from './file-actions.ts';
import {
  parseProgramFile,
  serializeProgramFile,
  DEFAULT_SETTINGS,
} from '../../program/program-file.ts';
import { newProgram, openProgram } from '../../program/program-store.ts';

/** The browser boundary: a file the user "chooses", and the files "saved". */
class TestFiles implements FileIo {
  chosen: File | null = null;
  saved: { name: string; text: string }[] = [];
  pick = () => Promise.resolve(this.chosen);
  save = (name: string, text: string) => void this.saved.push({ name, text });
  choose(text: string, name = 'program.gogo.xml') {
    this.chosen = new File([text], name, { type: 'application/xml' });
  }
}

/** Answers the confirmation dialog once it shows. */
function answerConfirm(ok: boolean): Promise<string> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const current = confirmService.state.current;
      if (!current) return;
      clearInterval(timer);
      confirmService.answer(ok);
      resolve(current.message);
    }, 1);
  });
}

const BEEP = programXml([s('gogo_beep')]);
const LED = programXml([s('gogo_led', { STATE: 'ledon' })]);
let files: TestFiles;

beforeAll(async () => {
  await initI18n();
  setUpBlocks();
});

beforeEach(() => {
  files = new TestFiles();
  newProgram();
  ui.toasts.splice(0);
});

afterEach(() => {
  while (confirmService.state.current) confirmService.answer(false);
});

describe('Save as a file and Open from file', () => {
  it('round-trip the workspace, the Logo and the name', async () => {
    openProgram({
      workspaceXml: BEEP,
      settings: { file_name: 'Beeper', logo_code: 'to main\nbeep\nend\n' },
    });
    program.hasChanged = true;
    saveAsFile(files);
    expect(files.saved.map((f) => f.name)).toEqual(['Beeper.gogo.xml']);
    expect(program.hasChanged).toBe(false);

    newProgram();
    files.choose(files.saved[0]?.text ?? '');
    await openFromFile(files);
    expect(program.toSaveProject.name).toBe('Beeper');
    expect(logoFromXml(program.currentWorkspaceXmlText)).toBe('to main\nbeep\nend\n');
    expect(program.hasChanged).toBe(false);
  });

  it('names an unnamed program’s file Untitled', () => {
    saveAsFile(files);
    expect(files.saved[0]?.name).toBe('Untitled.gogo.xml');
    expect(parseProgramFile(files.saved[0]?.text ?? '').settings.file_name).toBe('');
  });

  it('keeps a cloud project marked changed after saving a local copy', () => {
    openProgram({ workspaceXml: BEEP, projectId: 'u1', project: { uuid: 'u1', name: 'Cloud' } });
    program.hasChanged = true;
    saveAsFile(files);
    expect(program.hasChanged).toBe(true);
  });

  it('asks before replacing unsaved changes, and keeps them on Cancel', async () => {
    openProgram({ workspaceXml: BEEP });
    program.hasChanged = true;
    files.choose(LED);
    const asked = answerConfirm(false);
    await openFromFile(files);
    expect(await asked).toBe(
      'This program has changes that are not saved. Continue and lose them?',
    );
    expect(program.currentWorkspaceXmlText).toBe(BEEP);
    expect(program.hasChanged).toBe(true);
  });

  it.each([
    ['not a program at all', 'The file is not a GoGo program (it is not readable XML).'],
    ['<html><body></body></html>', 'The file is not a GoGo program.'],
    [
      '<xml><block type="alien_block"></block></xml>',
      'The program uses blocks this editor does not know, so it was not opened.',
    ],
    [
      serializeProgramFile({ workspaceXml: LED, settings: DEFAULT_SETTINGS }).replace(
        '<program_mode>blocks</program_mode>',
        '<program_mode>both</program_mode>',
      ),
      'The program file has a setting that cannot be read: program_mode.',
    ],
  ])('refuses a bad file (%#) with a message and changes nothing', async (text, message) => {
    openProgram({ workspaceXml: BEEP, settings: { file_name: 'Keep me' } });
    const before = JSON.stringify(program);
    files.choose(text);
    await openFromFile(files);
    expect(ui.toasts.map((t) => [t.kind, t.title, t.message])).toEqual([
      ['warning', 'Unable to open', message],
    ]);
    expect(JSON.stringify(program)).toBe(before);
  });
});

describe('Import from file', () => {
  it('merges the file’s blocks into the program and marks it changed', async () => {
    openProgram({ workspaceXml: BEEP });
    files.choose(serializeProgramFile({ workspaceXml: LED, settings: DEFAULT_SETTINGS }));
    await importFromFile(files);
    expect(logoFromXml(program.currentWorkspaceXmlText)).toBe('to main\nbeep\nledon\nend\n');
    expect(program.hasChanged).toBe(true);
    expect(ui.toasts.map((t) => t.kind)).toEqual(['success']);
  });

  it('says why imported loose blocks are greyed out and what to do with them', async () => {
    openProgram({ workspaceXml: BEEP });
    const loose =
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_beep" x="20" y="20"></block></xml>';
    files.choose(serializeProgramFile({ workspaceXml: loose, settings: DEFAULT_SETTINGS }));
    await importFromFile(files);
    expect(logoFromXml(program.currentWorkspaceXmlText)).toBe('to main\nbeep\nend\n');
    expect(ui.toasts.map((t) => [t.kind, t.message])).toEqual([
      [
        'warning',
        'The blocks from the file were added to your program. Blocks greyed out are outside a start block or a procedure, so they do not run: drag them into your program to use them.',
      ],
    ]);
  });

  it('changes nothing when the user cancels the file choice', async () => {
    openProgram({ workspaceXml: BEEP });
    files.chosen = null;
    await importFromFile(files);
    expect(program.currentWorkspaceXmlText).toBe(BEEP);
    expect(ui.toasts).toEqual([]);
  });
});

describe('New Project', () => {
  it('leaves the address of the program it replaces (a reload does not bring it back)', async () => {
    openProgram({ workspaceXml: BEEP, settings: { file_name: 'Old' } });
    window.location.hash = '#/code/6f1c2a';
    await newProject();
    expect(window.location.hash).toBe('#/code');
    window.location.hash = '#/program/k3y';
    await newProject();
    expect(window.location.hash).toBe('#/program');
    window.location.hash = '#/gogoboard';
    await newProject();
    expect(window.location.hash).toBe('#/gogoboard');
  });

  it('starts at once when nothing is unsaved', async () => {
    openProgram({ workspaceXml: BEEP, settings: { file_name: 'Old' } });
    await newProject();
    expect(program.toSaveProject.name).toBe('');
    expect(logoFromXml(program.currentWorkspaceXmlText)).toBe('to main\nstop\nend\n');
  });

  it('asks first when there are unsaved changes, and starts only on OK', async () => {
    openProgram({ workspaceXml: BEEP, settings: { file_name: 'Old' } });
    program.hasChanged = true;
    let asked = answerConfirm(false);
    await newProject();
    await asked;
    expect(program.toSaveProject.name).toBe('Old');

    asked = answerConfirm(true);
    await newProject();
    await asked;
    expect(program.toSaveProject.name).toBe('');
    expect(program.hasChanged).toBe(false);
  });
});
