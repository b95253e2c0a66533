// Compile-time merge of extension procedures (docs/extensions.md): a program calls an
// extension's procedure by its Logo name; before compiling, the definitions of every
// procedure it uses (and of those they use in turn) are appended after the program's own, in
// the extensions' order. A program built from extension blocks therefore compiles to the
// same bytes as the program with those procedures written by hand. A procedure the program
// defines itself wins over an extension's of the same name.
import type { ExtensionLibrary, LibraryProcedure } from '../contract/extensions.ts';

const DEFINITION = /^[ \t]*to[ \t]+([A-Za-z_][A-Za-z0-9_]*)/i;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;

/** The words a Logo text uses outside comments, strings and `to` lines. */
function logoWords(logo: string): string[] {
  const words: string[] = [];
  for (const line of logo.split(/\r\n?|\n/)) {
    if (DEFINITION.test(line)) continue;
    // Strings run to the next `"` (1.3 has no escapes); a comment runs to the end of the line.
    const code = line.replace(/"[^"]*"?/g, ' ').replace(/;.*$/, '');
    for (const match of code.matchAll(WORD)) words.push(match[0]);
  }
  return words;
}

/** The names of the procedures a Logo text defines (lower case). */
function definedProcedures(logo: string): Set<string> {
  const names = new Set<string>();
  for (const line of logo.split(/\r\n?|\n/)) {
    const m = DEFINITION.exec(line);
    if (m?.[1]) names.add(m[1].toLowerCase());
  }
  return names;
}

interface Available {
  procedure: LibraryProcedure;
  order: number;
}

/** The extension procedures `logo` needs, in the extensions' order. */
function usedProcedures(logo: string, libraries: readonly ExtensionLibrary[]): LibraryProcedure[] {
  const own = definedProcedures(logo);
  const available = new Map<string, Available>();
  let order = 0;
  for (const library of libraries) {
    for (const procedure of library.procedures) {
      const key = procedure.name.toLowerCase();
      // The first extension to offer a name keeps it; the program's own definitions win.
      if (!own.has(key) && !available.has(key)) available.set(key, { procedure, order });
      order += 1;
    }
  }
  const used = new Map<string, Available>();
  const pending = logoWords(logo);
  while (pending.length > 0) {
    const key = (pending.pop() ?? '').toLowerCase();
    const found = available.get(key);
    if (!found || used.has(key)) continue;
    used.set(key, found);
    pending.push(...logoWords(found.procedure.logo));
  }
  return [...used.values()].sort((a, b) => a.order - b.order).map((u) => u.procedure);
}

/** The program with the extension procedures it uses appended (unchanged when none). */
export function mergeExtensionLogo(logo: string, libraries: readonly ExtensionLibrary[]): string {
  const used = usedProcedures(logo, libraries);
  if (used.length === 0) return logo;
  const body = logo.replace(/\s+$/, '');
  const definitions = used.map((p) => p.logo.replace(/\r\n?/g, '\n').trim());
  return `${[body, ...definitions].join('\n\n')}\n`;
}
