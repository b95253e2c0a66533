import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { ui } from '../state/ui.ts';
import { registerActions, resetActions, runAction } from './actions.ts';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  resetActions();
  ui.toasts.splice(0);
});

describe('shell actions', () => {
  it('do nothing until a feature registers them', async () => {
    await expect(runAction('share')).resolves.toBeUndefined();
    expect(ui.toasts).toHaveLength(0);
  });

  it.each(['download', 'runProgram', 'stopProgram'] as const)(
    'say that no board is connected for %s until the device layer registers it',
    async (name) => {
      await runAction(name);
      expect(ui.toasts.map((t) => [t.kind, t.message])).toEqual([
        ['warning', 'GoGo Board is not connected!'],
      ]);
    },
  );

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
