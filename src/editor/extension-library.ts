// An extension's library from a workspace (docs/extensions.md): each procedure definition
// becomes a block, with its parameters as inputs and a round shape when it reports a value;
// its Logo is what the generator writes for it, so a program that uses the blocks compiles
// as if the procedures were written by hand. The start block's stack is not part of the
// library (makers use it to try their blocks). Procedures may use only their own inputs:
// a global variable would be shared with every program that uses the blocks.
import type * as Blockly from 'blockly/core';
import {
  BLOCK_LABEL_MAX,
  LIBRARY_PROCEDURES_MAX,
  PROCEDURE_LOGO_MAX,
  type ExtensionLibrary,
  type LibraryLanguages,
  type LibraryProcedure,
} from '../contract/extensions.ts';
import { isProcedureDef, logoGenerator } from './logo/generator.ts';
import { headlessWorkspace } from './workspace/headless.ts';

export type LibraryIssue =
  | { kind: 'none' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'tooLong'; procedure: string }
  | { kind: 'global'; procedure: string; variable: string };

export interface LibraryDraft {
  /** The library, or null when an issue prevents publishing it. */
  library: ExtensionLibrary | null;
  /** One entry per procedure: its Logo name and the name the maker gave it. */
  procedures: { name: string; label: string; params: string[]; output: boolean }[];
  issues: LibraryIssue[];
}

const VARIABLE_BLOCKS = new Set(['variables_get', 'variables_set', 'gogo_change_variable']);

function variableName(block: Blockly.Block): string {
  const field = block.getField('VAR') as { getVariable?: () => { getName(): string } | null };
  return field?.getVariable?.()?.getName() ?? '';
}

/** Splits generated Logo into its `to … end` definitions, by procedure name. */
function definitions(logo: string): Map<string, string> {
  const byName = new Map<string, string>();
  let current: string[] | null = null;
  let name = '';
  for (const line of logo.split('\n')) {
    const header = /^to\s+(\S+)/.exec(line);
    if (header?.[1]) {
      current = [line];
      name = header[1];
      continue;
    }
    if (!current) continue;
    current.push(line);
    if (line.trim() === 'end') {
      byName.set(name, current.join('\n'));
      current = null;
    }
  }
  return byName;
}

/**
 * Reads the procedures of workspace XML. `texts` are the block texts to publish; English
 * gets defaults (the extension's name, the procedures' names) where it has none.
 */
export function libraryFromXml(
  xml: string,
  extensionName: string,
  texts: Partial<LibraryLanguages> = {},
): LibraryDraft {
  const workspace = headlessWorkspace(xml);
  try {
    const logo = logoGenerator.workspaceToCode(workspace);
    const byName = definitions(logo);
    const defs = workspace.getTopBlocks(true).filter((b) => isProcedureDef(b) && b.isEnabled());
    const issues: LibraryIssue[] = [];
    if (defs.length === 0) issues.push({ kind: 'none' });
    if (defs.length > LIBRARY_PROCEDURES_MAX) {
      issues.push({ kind: 'tooMany', max: LIBRARY_PROCEDURES_MAX });
    }
    const procedures: LibraryProcedure[] = [];
    const labels: { name: string; label: string; params: string[]; output: boolean }[] = [];
    for (const def of defs) {
      if (!isProcedureDef(def)) continue;
      const [userName, userParams] = def.getProcedureDef();
      const name = logoGenerator.procedureName(userName);
      const params = userParams.map((p) => logoGenerator.variable(p));
      const paramKeys = new Set(userParams.map((p) => p.toLowerCase()));
      const descendants = def.getDescendants(false);
      for (const b of descendants) {
        if (!VARIABLE_BLOCKS.has(b.type) || !b.isEnabled()) continue;
        const variable = variableName(b);
        const isParam = b.type === 'variables_get' && paramKeys.has(variable.toLowerCase());
        if (!isParam) issues.push({ kind: 'global', procedure: userName, variable });
      }
      const output =
        def.type === 'procedures_defreturn' ||
        descendants.some((b) => b.type === 'gogo_output' && b.isEnabled());
      const text = byName.get(name) ?? '';
      if (text.length > PROCEDURE_LOGO_MAX) issues.push({ kind: 'tooLong', procedure: userName });
      procedures.push({ name, params, output, logo: text });
      labels.push({ name, label: userName.slice(0, BLOCK_LABEL_MAX), params, output });
    }
    const english = texts.en;
    const en = {
      category: english?.category.trim() || extensionName.trim(),
      blocks: Object.fromEntries(
        labels.map((p) => [p.name, english?.blocks[p.name]?.trim() || p.label]),
      ),
    };
    const library: ExtensionLibrary = {
      procedures,
      texts: { ...onlyKnown(texts, new Set(labels.map((p) => p.name))), en },
    };
    return { library: issues.length === 0 ? library : null, procedures: labels, issues };
  } finally {
    workspace.dispose();
  }
}

/** Keeps the texts of procedures that still exist, and languages with a category name. */
function onlyKnown(
  texts: Partial<LibraryLanguages>,
  names: Set<string>,
): Partial<LibraryLanguages> {
  const out: Partial<LibraryLanguages> = {};
  for (const [locale, value] of Object.entries(texts) as [
    keyof LibraryLanguages,
    LibraryLanguages['en'] | undefined,
  ][]) {
    if (!value || locale === 'en' || value.category.trim() === '') continue;
    const blocks = Object.fromEntries(
      Object.entries(value.blocks)
        .filter(([name, label]) => names.has(name) && label.trim() !== '')
        .map(([name, label]) => [name, label.trim()]),
    );
    out[locale] = { category: value.category.trim(), blocks };
  }
  return out;
}
