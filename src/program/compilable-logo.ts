// What compiles of a program: its Logo with the procedures of the extensions it calls
// joined to it (docs/extensions.md). Download (to a board, the virtual board or a remote
// lab, compiled in the cloud, by the offline server or in the browser) and the server's
// lesson check both call this one function, so a program built from extension blocks runs
// alike everywhere. Runs in the page and in Node.
import type { ExtensionLibrary } from '../contract/extensions.ts';
import { mergeExtensionLogo } from './merge-logo.ts';
import type { ProgramFile } from './program-file.ts';

/**
 * The Logo to compile for `program`: its own text with the procedures it uses of
 * `libraries` (the extensions its user added, in their order) appended.
 */
export function compilableLogo(
  program: Pick<ProgramFile, 'settings'>,
  libraries: readonly ExtensionLibrary[],
): string {
  return mergeExtensionLogo(program.settings.logo_code, libraries);
}
