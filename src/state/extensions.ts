// The extensions the user added (spec classroom-and-labs §3: "A list of added extensions is
// cached locally"). The toolbox shows one category per entry, and a compile merges the Logo
// of the procedures a program uses. The list lives in local storage so blocks and compile
// keep working offline and before sign-in has finished; the extensions feature replaces it
// with the server's list once the user is known (src/extensions/).
import { Value } from '@sinclair/typebox/value';
import { Type, type Static } from '@sinclair/typebox';
import { proxy } from 'valtio';
import {
  ExtensionLibrary,
  type ExtensionLocale,
  type LibraryTexts,
} from '../contract/extensions.ts';
import { Uuid } from '../contract/common.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export const AddedExtension = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  isArchived: Type.Boolean(),
  library: ExtensionLibrary,
});
export type AddedExtension = Static<typeof AddedExtension>;

const Cached = Type.Array(AddedExtension);

/** The cached list; anything unreadable counts as none. */
function readCachedExtensions(): AddedExtension[] {
  const raw = readStorage(STORAGE_KEYS.addedExtensions);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Value.Check(Cached, value) ? value : [];
  } catch {
    return [];
  }
}

interface ExtensionsState {
  added: AddedExtension[];
}

export const extensions = proxy<ExtensionsState>({ added: readCachedExtensions() });

/** Replaces the list (and its cache). */
export function setAddedExtensions(list: readonly AddedExtension[]): void {
  extensions.added = list.map((e) => ({
    uuid: e.uuid,
    name: e.name,
    version: e.version,
    isArchived: e.isArchived,
    library: e.library,
  }));
  writeStorage(STORAGE_KEYS.addedExtensions, JSON.stringify(extensions.added));
}

export function upsertAddedExtension(entry: AddedExtension): void {
  const rest = extensions.added.filter((e) => e.uuid !== entry.uuid);
  setAddedExtensions([...rest, entry]);
}

export function removeAddedExtension(uuid: string): void {
  setAddedExtensions(extensions.added.filter((e) => e.uuid !== uuid));
}

/** The libraries of the added extensions, in their order: what a compile merges. */
export function addedLibraries(): ExtensionLibrary[] {
  return extensions.added.map((e) => e.library);
}

export function addedExtension(uuid: string): AddedExtension | undefined {
  return extensions.added.find((e) => e.uuid === uuid);
}

/** A stable hue (0–359) per extension, for its blocks and its toolbox category. */
export function extensionHue(uuid: string): number {
  let h = 0;
  for (const c of uuid) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/** The texts of the interface language, else English (extensions always provide English). */
export function textsFor(
  texts: Partial<Record<ExtensionLocale, LibraryTexts>>,
  language: string,
): LibraryTexts | undefined {
  return texts[language as ExtensionLocale] ?? texts.en;
}
