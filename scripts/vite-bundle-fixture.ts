// Fake bundles for the build steps' tests: only the fields the steps read.
import type { Rolldown } from 'vite';

/** A chunk named `fileName` that imports `imports` statically. */
export function fakeChunk(
  fileName: string,
  imports: string[],
  extra: Record<string, unknown> = {},
) {
  return { type: 'chunk', fileName, imports, isEntry: false, isDynamicEntry: false, ...extra };
}

/** The bundle of `files`, keyed by their file names. */
export function fakeBundle(
  files: ({ fileName: string } & Record<string, unknown>)[],
): Rolldown.OutputBundle {
  return Object.fromEntries(files.map((f) => [f.fileName, f])) as unknown as Rolldown.OutputBundle;
}
