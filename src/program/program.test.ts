import { afterEach, describe, expect, it } from 'vitest';
import {
  flushWorkspace,
  markChanged,
  program,
  setProjectName,
  setWorkspaceFlusher,
} from './program.ts';

describe('workspace flush', () => {
  afterEach(() => setWorkspaceFlusher(null));

  it('asks the mounted editor to write its workspace into the store', () => {
    setWorkspaceFlusher(() => {
      program.currentWorkspaceXmlText = '<xml>current</xml>';
    });
    flushWorkspace();
    expect(program.currentWorkspaceXmlText).toBe('<xml>current</xml>');
  });

  it('does nothing when no editor is mounted', () => {
    program.currentWorkspaceXmlText = '<xml>kept</xml>';
    flushWorkspace();
    expect(program.currentWorkspaceXmlText).toBe('<xml>kept</xml>');
  });
});

describe('program changes', () => {
  it('marks the program changed on an edit or a rename', () => {
    program.hasChanged = false;
    markChanged();
    expect(program.hasChanged).toBe(true);
    program.hasChanged = false;
    setProjectName('Robot');
    expect(program.hasChanged).toBe(true);
  });
});
