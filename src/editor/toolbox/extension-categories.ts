// One toolbox category per added extension (docs/extensions.md): its name and block labels
// in the interface language when the extension provides it, else English.
import { extensionHue, textsFor, type AddedExtension } from '../../state/extensions.ts';
import { EXTENSION_COMMAND, EXTENSION_REPORTER } from '../blocks/extension-calls.ts';
import { num, type ToolboxCategory } from './toolbox.ts';

export function extensionCategories(
  added: readonly AddedExtension[],
  language: string,
): ToolboxCategory[] {
  return added.map((entry) => {
    const texts = textsFor(entry.library.texts, language);
    return {
      kind: 'category',
      toolboxitemid: `ext_${entry.uuid}`,
      name: texts?.category ?? entry.name,
      colour: String(extensionHue(entry.uuid)),
      contents: entry.library.procedures.map((p) => ({
        kind: 'block',
        type: p.output ? EXTENSION_REPORTER : EXTENSION_COMMAND,
        extraState: { ext: entry.uuid, proc: p.name, params: [...p.params] },
        ...(p.params.length > 0
          ? { inputs: Object.fromEntries(p.params.map((_, i) => [`ARG${i}`, num(0)])) }
          : {}),
      })),
    };
  });
}
