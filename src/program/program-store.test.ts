import { beforeEach, describe, expect, it } from 'vitest';
import { program } from './program.ts';
import { widgetArea } from '../shell/widget-panes.ts';
import { diagnostics, showLogoErrors } from './diagnostics.ts';
import {
  discardLogoEdits,
  enterLogoMode,
  leaveLogoMode,
  logoEdited,
  newProgram,
  NEW_PROGRAM_XML,
  openProgram,
  replaceWithLogoBlocks,
  replaceWorkspace,
  setLogoText,
} from './program-store.ts';

const GENERATED = 'to main\nbeep\nend\n';

beforeEach(() => {
  newProgram();
  widgetArea.expand = 1;
  widgetArea.visible = true;
});

describe('program store', () => {
  it('starts a new program with only the start block, unnamed, unchanged and in blocks mode', () => {
    program.toSaveProject.name = 'Old';
    program.currentProjectId = 'p1';
    program.hasChanged = true;
    const revision = program.revision;
    newProgram();
    expect(program.currentWorkspaceXmlText).toBe(NEW_PROGRAM_XML);
    expect(program.toSaveProject.name).toBe('');
    expect(program.currentProjectId).toBeNull();
    expect(program.hasChanged).toBe(false);
    expect(program.programMode).toBe('blocks');
    expect(program.revision).toBe(revision + 1);
  });

  it('opens a program with its file settings, unchanged', () => {
    openProgram({
      workspaceXml: '<xml/>',
      settings: {
        file_name: 'Robot',
        program_mode: 'logo',
        logo_code: 'to main\nend\n',
        config_tm_url: 'u',
      },
    });
    expect(program).toMatchObject({
      currentWorkspaceXmlText: '<xml/>',
      programMode: 'logo',
      logoCode: 'to main\nend\n',
      hasChanged: false,
      tmConfig: { type: '', url: 'u', threshold: '', channel: '' },
    });
    expect(program.toSaveProject.name).toBe('Robot');
  });

  it('opens a cloud project under its id and name', () => {
    openProgram({
      workspaceXml: '<xml/>',
      projectId: 'u1',
      project: { uuid: 'u1', name: 'Cloud' },
    });
    expect(program.currentProjectId).toBe('u1');
    expect(program.toSaveProject.name).toBe('Cloud');
  });

  it('clears compile errors when another program opens', () => {
    showLogoErrors([{ line: 1, message: 'Syntax Error.' }]);
    openProgram({ workspaceXml: '' });
    expect(diagnostics.errors).toEqual([]);
  });
});

describe('blocks and Logo text', () => {
  it('starts the text as the generated Logo and goes back to the same blocks when unchanged', () => {
    enterLogoMode(GENERATED);
    expect(program.programMode).toBe('logo');
    expect(program.logoCode).toBe(GENERATED);
    setLogoText(`${GENERATED}\n\n`); // only trailing blank lines
    expect(logoEdited()).toBe(false);
    expect(leaveLogoMode(GENERATED)).toBe('blocks');
    expect(program.programMode).toBe('blocks');
    expect(program.logoCode).toBe(GENERATED);
  });

  it('stays in Logo mode when the text was edited, until the edits are discarded', () => {
    enterLogoMode(GENERATED);
    setLogoText('to main\nbeep beep\nend\n');
    expect(program.hasChanged).toBe(true);
    expect(logoEdited()).toBe(true);
    expect(leaveLogoMode(GENERATED)).toBe('edited');
    expect(program.programMode).toBe('logo');
    expect(program.logoCode).toBe('to main\nbeep beep\nend\n');
    discardLogoEdits(GENERATED);
    expect(program.programMode).toBe('blocks');
    expect(program.logoCode).toBe(GENERATED);
  });

  it('clears compile errors when the text changes', () => {
    enterLogoMode(GENERATED);
    showLogoErrors([{ line: 2, message: 'Syntax Error.' }]);
    setLogoText('to main\nend\n');
    expect(diagnostics.errors).toEqual([]);
  });

  it('returns to blocks after an import unless the text was edited', () => {
    enterLogoMode(GENERATED);
    expect(replaceWorkspace('<xml/>')).toBe(false);
    expect(program.programMode).toBe('blocks');
    expect(program.hasChanged).toBe(true);

    enterLogoMode(GENERATED);
    setLogoText('to main\nstop\nend\n');
    expect(replaceWorkspace('<xml/>')).toBe(true);
    expect(program.programMode).toBe('logo');
    expect(program.logoCode).toBe('to main\nstop\nend\n');
  });
});

describe('compile errors', () => {
  it('keep only well-formed line errors and open the Logo panel', () => {
    widgetArea.expand = 0;
    widgetArea.visible = false;
    showLogoErrors([
      { line: 3, message: 'Syntax Error.' },
      { line: 0, message: 'no line' },
      { line: 2.5, message: 'half a line' },
    ]);
    expect(diagnostics.errors).toEqual([{ line: 3, message: 'Syntax Error.' }]);
    expect(widgetArea.visible).toBe(true);
    expect(widgetArea.expand).toBe(1);
  });
});

describe('Logo text rebuilt as blocks', () => {
  it('replaces the workspace, returns to blocks mode and marks the program changed', () => {
    enterLogoMode(GENERATED);
    setLogoText('to main\nbeep beep\nend\n');
    const revision = program.revision;
    replaceWithLogoBlocks('<xml>rebuilt</xml>');
    expect(program).toMatchObject({
      currentWorkspaceXmlText: '<xml>rebuilt</xml>',
      programMode: 'blocks',
      hasChanged: true,
      revision: revision + 1,
    });
  });
});
