import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import thBlocks from '../../../locales/th/blocks.json';
import { ensureBlockLocale } from './messages.ts';
import { msgKey } from './shared.ts';

beforeAll(async () => {
  await initI18n();
});

describe('block texts', () => {
  it("puts the language's block texts and Blockly's own into Blockly's messages", async () => {
    await i18next.changeLanguage('th');
    await i18next.loadNamespaces('blocks');
    // A text only English has: a Thai block shows it in English rather than its key.
    i18next.addResource('en', 'blocks', 'category.onlyInEnglish', 'Only in English');
    await ensureBlockLocale('th');
    expect(Blockly.Msg[msgKey('category.control')]).toBe(thBlocks.category.control);
    expect(Blockly.Msg[msgKey('category.onlyInEnglish')]).toBe('Only in English');
    // Blockly's own menus are in Thai too, and our wording replaces Blockly's where we have one.
    expect(Blockly.Msg.UNDO).not.toBe('Undo');
    expect(Blockly.Msg.VARIABLE_ALREADY_EXISTS).toBe(Blockly.Msg[msgKey('blockly.variableExists')]);

    await i18next.changeLanguage('en');
    await ensureBlockLocale('en');
    expect(Blockly.Msg[msgKey('category.control')]).toBe('Control');
    expect(Blockly.Msg.UNDO).toBe('Undo');
  });

  it('loads a language once for callers at the same time', async () => {
    await i18next.changeLanguage('es');
    const first = ensureBlockLocale('es');
    expect(ensureBlockLocale('es')).toBe(first);
    await first;
    expect(Blockly.Msg.UNDO).not.toBe('Undo');
    await i18next.changeLanguage('en');
    await ensureBlockLocale('en');
    expect(Blockly.Msg.UNDO).toBe('Undo');
  });
});
