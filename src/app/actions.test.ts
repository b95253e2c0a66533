import { afterEach, describe, expect, it } from 'vitest';
import { ui } from '../state/ui.ts';
import { registerActions, resetActions, runAction } from './actions.ts';

afterEach(() => {
  resetActions();
  ui.toasts.splice(0);
});

describe('shell actions', () => {
  it('do nothing until a feature registers them', async () => {
    await expect(runAction('share')).resolves.toBeUndefined();
    expect(ui.toasts).toHaveLength(0);
  });

  it('run the registered implementation, and restore the previous one on unregister', async () => {
    const calls: string[] = [];
    const first = registerActions({ share: () => void calls.push('first') });
    const second = registerActions({ share: async () => void calls.push('second') });
    await runAction('share');
    second();
    await runAction('share');
    first();
    await runAction('share');
    expect(calls).toEqual(['second', 'first']);
  });

  it('turn a failure into a warning toast with its message', async () => {
    registerActions({
      save: () => {
        throw new Error('Unable to save');
      },
    });
    await runAction('save');
    expect(ui.toasts).toMatchObject([{ kind: 'warning', message: 'Unable to save' }]);
  });
});
