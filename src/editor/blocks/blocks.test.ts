import * as Blockly from 'blockly/core';
import { beforeAll, describe, expect, it } from 'vitest';
import english from '../../../locales/en/blocks.json';
import spanish from '../../../locales/es/blocks.json';
import portuguese from '../../../locales/pt-BR/blocks.json';
import thai from '../../../locales/th/blocks.json';
import { setUpBlocks } from '../test-support.ts';
import { BLOCK_SETS, GOGO_BLOCK_TYPES } from './index.ts';
import { flattenCatalogue, setBlockMessages } from './messages.ts';
import { msgKey } from './shared.ts';

const LOCALES = { en: english, 'pt-BR': portuguese, th: thai, es: spanish };

beforeAll(setUpBlocks);

/** The GOGO_… message keys a definition refers to. */
function references(definition: object): string[] {
  return [...JSON.stringify(definition).matchAll(/%\{BKY_(GOGO_[A-Z0-9_]+)\}/g)].map(
    (m) => m[1] ?? '',
  );
}

const placeholders = (text: string) => [...text.matchAll(/%(\d)/g)].map((m) => m[1]).sort();

describe('GoGo blocks', () => {
  it('have unique types', () => {
    expect(new Set(GOGO_BLOCK_TYPES).size).toBe(GOGO_BLOCK_TYPES.length);
  });

  it('each write Logo', () => {
    for (const set of Object.values(BLOCK_SETS)) {
      for (const { type } of set.definitions) expect(set.logo[type], type).toBeTypeOf('function');
    }
  });

  it('refer only to texts the English catalogue has', () => {
    const known = new Set(flattenCatalogue(english).map(([key]) => msgKey(key)));
    const missing = Object.values(BLOCK_SETS)
      .flatMap((set) => set.definitions.flatMap(references))
      .filter((key) => !known.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(LOCALES))(
    'keep the %s texts to the same %%n slots as English',
    (_l, catalogue) => {
      const theirs = new Map(flattenCatalogue(catalogue));
      for (const [key, text] of flattenCatalogue(english)) {
        expect({ key, slots: placeholders(theirs.get(key) ?? '') }).toEqual({
          key,
          slots: placeholders(text),
        });
      }
    },
  );

  it("use the spec's wording for a variable name that is taken", () => {
    setBlockMessages(english);
    expect(Blockly.Msg.VARIABLE_ALREADY_EXISTS).toBe('A variable named "%1" already exists.');
  });

  it.each(Object.entries(LOCALES))('can all be created with the %s texts', (_l, catalogue) => {
    setBlockMessages(catalogue);
    const workspace = new Blockly.Workspace();
    try {
      for (const type of GOGO_BLOCK_TYPES) {
        const block = workspace.newBlock(type);
        // Every label shows translated text, never an unresolved message reference.
        const labels = block.inputList.flatMap((input) => input.fieldRow.map((f) => f.getText()));
        expect(labels.join(' '), type).not.toContain('%{BKY');
      }
    } finally {
      workspace.dispose();
      setBlockMessages(english);
    }
  });
});
