import { describe, expect, it } from 'vitest';
import { BlocksEditor } from './blocks-editor.ts';

describe('BlocksEditor.create', () => {
  it('leaves the host empty and resolves null when the page goes away while it starts', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const editor = await BlocksEditor.create(
      host,
      { readOnly: false, board: 7, locale: 'en', onChange: () => undefined },
      () => true,
    );
    expect(editor).toBeNull();
    expect(host.childElementCount).toBe(0);
    host.remove();
  });
});
