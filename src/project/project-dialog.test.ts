import { afterEach, describe, expect, it } from 'vitest';
import { answerProjectDialog, askProjectDetails, projectDialog } from './project-dialog.ts';

const empty = { name: '', headerImage: '', desc: '' };

afterEach(() => answerProjectDialog(null));

describe('project details dialog state', () => {
  it('opens with the fresh form and resolves with the confirmed details, then resets', async () => {
    const asked = askProjectDetails('new', { ...empty, name: 'Untitled' });
    expect(projectDialog.current).toMatchObject({ kind: 'new', initial: { name: 'Untitled' } });
    answerProjectDialog({ name: 'Robot', headerImage: '', desc: 'd' });
    await expect(asked).resolves.toEqual({ name: 'Robot', headerImage: '', desc: 'd' });
    expect(projectDialog.current).toBeNull();
  });

  it('resolves null on cancel, and cancels an open question when a new one comes', async () => {
    const first = askProjectDetails('noname', empty);
    const second = askProjectDetails('edit', { ...empty, name: 'Mine' });
    await expect(first).resolves.toBeNull();
    expect(projectDialog.current?.kind).toBe('edit');
    answerProjectDialog(null);
    await expect(second).resolves.toBeNull();
  });
});
