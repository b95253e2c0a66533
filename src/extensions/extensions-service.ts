// The extension feature's work (docs/extensions.md): the typed API, the added list kept in
// step with the server, adding and removing, publishing the open workspace, editing an
// extension's details, and saving code in extension-edit mode. Loaded on first use.
import i18next from 'i18next';
import { ApiError } from '../api/errors.ts';
import { confirm } from '../shell/confirm.ts';
import {
  EXTENSION_LOCALES,
  type Extension,
  type ExtensionLibrary,
  type ExtensionSummary,
  type LibraryLanguages,
} from '../contract/extensions.ts';
import type { LibraryDraft, LibraryIssue } from '../editor/extension-library.ts';
import { navigateTo } from '../shell/navigation.ts';
import {
  addedExtension,
  extensions,
  removeAddedExtension,
  setAddedExtensions,
  upsertAddedExtension,
  type AddedExtension,
} from '../state/extensions.ts';
import { flushWorkspace, logoEdited, program } from '../program/index.ts';
import { isLoggedIn, session } from '../state/session.ts';
import { showToast, ui } from '../state/ui.ts';
import { askExtensionDetails, type ExtensionDetails } from './extension-dialog.ts';
import { enterExtensionMode, extensionEdit } from './extension-edit.ts';
import { extensionApi } from './runtime.ts';

const t = i18next.t.bind(i18next);

function toAdded(e: Extension): AddedExtension {
  return {
    uuid: e.uuid,
    name: e.name,
    version: e.version,
    isArchived: e.isArchived,
    library: e.library,
  };
}

const library = () => import('../editor/extension-library.ts');

/** The server's list replaces the cached one (only what changed is fetched again). */
export async function syncAddedExtensions(): Promise<void> {
  if (!isLoggedIn(session) || ui.offline) return;
  const summaries: ExtensionSummary[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = await extensionApi.browse(
      'added',
      '',
      { page, per_page: 100 },
      { quiet: true, background: true },
    );
    summaries.push(...answer.data);
    if (page >= answer.links.pagination.last_page) break;
  }
  const next: AddedExtension[] = [];
  for (const s of summaries) {
    const cached = addedExtension(s.uuid);
    if (cached && cached.version === s.version) {
      next.push({ ...cached, name: s.name, isArchived: s.isArchived });
    } else {
      next.push(toAdded(await extensionApi.extension(s.uuid, { quiet: true, background: true })));
    }
  }
  setAddedExtensions(next);
}

/** A block name this library shares with an extension already added. */
function procedureClash(
  uuid: string,
  lib: ExtensionLibrary,
): { procedure: string; other: string } | null {
  for (const other of extensions.added) {
    if (other.uuid === uuid) continue;
    const names = new Set(other.library.procedures.map((p) => p.name.toLowerCase()));
    const same = lib.procedures.find((p) => names.has(p.name.toLowerCase()));
    if (same) return { procedure: same.name, other: other.name };
  }
  return null;
}

/** Adds an extension's blocks to the user's toolbox. */
export async function addExtension(uuid: string): Promise<Extension | null> {
  if (addedExtension(uuid)) {
    showToast('warning', t('global:mapping.extension_added'));
    return null;
  }
  const full = await extensionApi.extension(uuid);
  const clash = procedureClash(uuid, full.library);
  if (clash) {
    showToast('warning', t('extensions:clash', clash));
    return null;
  }
  let added: Extension;
  try {
    added = await extensionApi.add(uuid);
  } catch (error) {
    // The server already counts it as ours (added elsewhere): take its blocks here too.
    if (error instanceof ApiError && error.code === 'extension_added') {
      upsertAddedExtension(toAdded(full));
    }
    return null;
  }
  upsertAddedExtension(toAdded(added));
  showToast('success', t('extensions:addedToast', { name: added.name }));
  return added;
}

export async function removeExtension(uuid: string): Promise<Extension | null> {
  let removed: Extension | null = null;
  try {
    removed = await extensionApi.remove(uuid, { quiet: true });
  } catch (error) {
    // Not added on the server (or gone): the local list still loses it.
    if (!(error instanceof ApiError && error.status === 404)) {
      showToast('warning', error instanceof Error ? error.message : t('global:error'));
      return null;
    }
  }
  removeAddedExtension(uuid);
  showToast('success', t('extensions:removedToast', { name: removed?.name ?? '' }));
  return removed;
}

/** Non-English texts with block words but no category name take the English one. */
function completeTexts(texts: Partial<LibraryLanguages>): Partial<LibraryLanguages> {
  const out: Partial<LibraryLanguages> = {};
  for (const locale of EXTENSION_LOCALES) {
    const value = texts[locale];
    if (!value) continue;
    const hasBlocks = Object.values(value.blocks).some((label) => label.trim() !== '');
    const category = value.category.trim() || (hasBlocks ? (texts.en?.category ?? '') : '');
    out[locale] = { category, blocks: value.blocks };
  }
  return out;
}

function issueText(issue: LibraryIssue): string {
  return t(`extensions:issues.${issue.kind}`, issue);
}

function dialogProcedures(draft: LibraryDraft) {
  return draft.procedures.map((p) => ({ ...p }));
}

/** "Publish as an Extension": the open workspace's procedures as a library of blocks. */
export async function publishExtension(): Promise<void> {
  // Said before the dialog: nothing typed into it could be sent (docs/offline.md).
  if (ui.offline) {
    showToast('warning', t('global:mapping.offline'));
    return;
  }
  if (!isLoggedIn(session)) {
    showToast('warning', t('extensions:loginToPublish'));
    return;
  }
  flushWorkspace();
  const xml = program.currentWorkspaceXmlText;
  const { libraryFromXml } = await library();
  const name = program.toSaveProject.name.trim();
  const draft = libraryFromXml(xml, name);
  let initial: ExtensionDetails = {
    name,
    imageUrl: '',
    shortDescription: '',
    description: '',
    firmwareCore: '',
    texts: draft.library?.texts ?? {
      en: {
        category: name,
        blocks: Object.fromEntries(draft.procedures.map((p) => [p.name, p.label])),
      },
    },
  };
  for (;;) {
    const details = await askExtensionDetails({
      kind: 'publish',
      initial,
      procedures: dialogProcedures(draft),
      issues: draft.issues,
    });
    if (!details) return;
    const final = libraryFromXml(xml, details.name, completeTexts(details.texts));
    if (!final.library) {
      showToast('warning', issueText(final.issues[0] ?? { kind: 'none' }));
      return;
    }
    try {
      const { texts: _texts, ...meta } = details;
      const created = await extensionApi.publish({
        ...meta,
        workspace: xml,
        library: final.library,
      });
      showToast('success', t('extensions:publishedToast', { name: details.name }));
      navigateTo(`/extensions/${created.uuid}`);
      return;
    } catch (error) {
      // 'Library name exists' (shown by the client): ask again with everything kept.
      if (error instanceof ApiError && error.code === 'library_name_exists') {
        initial = details;
        continue;
      }
      return;
    }
  }
}

/** "Edit details" of a published extension (its contributor). */
export async function editExtensionDetails(extension: Extension): Promise<Extension | null> {
  let initial: ExtensionDetails = {
    name: extension.name,
    imageUrl: extension.imageUrl,
    shortDescription: extension.shortDescription,
    description: extension.description,
    firmwareCore: extension.firmwareCore,
    texts: extension.library.texts,
  };
  const procedures = extension.library.procedures.map((p) => ({
    name: p.name,
    label: extension.library.texts.en.blocks[p.name] ?? p.name,
    params: p.params,
    output: p.output,
  }));
  for (;;) {
    const details = await askExtensionDetails({ kind: 'edit', initial, procedures, issues: [] });
    if (!details) return null;
    try {
      const saved = await extensionApi.update(extension.uuid, {
        ...details,
        texts: {
          ...completeTexts(details.texts),
          en: details.texts.en ?? extension.library.texts.en,
        },
      });
      if (addedExtension(saved.uuid)) upsertAddedExtension(toAdded(saved));
      showToast('success', t('extensions:savedToast', { name: saved.name }));
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'library_name_exists') {
        initial = details;
        continue;
      }
      return null;
    }
  }
}

/** Opens /extension/{id}: the extension's workspace in extension-edit mode. */
export async function openExtensionForEdit(uuid: string): Promise<boolean> {
  if (!isLoggedIn(session)) {
    showToast('warning', t('extensions:loginToEdit'));
    return false;
  }
  let extension: Extension;
  let workspace: string;
  try {
    const [e, w] = await Promise.all([
      extensionApi.extension(uuid),
      extensionApi.workspace(uuid, { quiet: true }),
    ]);
    extension = e;
    workspace = w.workspace;
  } catch {
    return false;
  }
  if (!extension.isEditable) {
    showToast('warning', t('global:mapping.not_extension_owner'));
    return false;
  }
  enterExtensionMode(
    {
      uuid,
      name: extension.name,
      version: extension.version,
      texts: extension.library.texts,
    },
    workspace,
  );
  return true;
}

/** "Save extension code": the workspace's procedures become the extension's new blocks. */
export async function saveExtensionCode(): Promise<void> {
  const editing = extensionEdit.current;
  if (!program.extensionEditMode || !editing) return;
  flushWorkspace();
  // The blocks are the extension's code: edited Logo text must become blocks first.
  if (logoEdited()) {
    showToast('warning', t('extensions:backToBlocks'));
    return;
  }
  const xml = program.currentWorkspaceXmlText;
  const { libraryFromXml } = await library();
  const draft = libraryFromXml(xml, editing.name, editing.texts);
  if (!draft.library) {
    showToast('warning', issueText(draft.issues[0] ?? { kind: 'none' }));
    return;
  }
  program.saving = true;
  try {
    const saved = await extensionApi.saveCode(editing.uuid, {
      workspace: xml,
      library: draft.library,
    });
    editing.version = saved.version;
    editing.texts = saved.library.texts;
    if (xml === program.currentWorkspaceXmlText) program.hasChanged = false;
    if (addedExtension(saved.uuid)) upsertAddedExtension(toAdded(saved));
    showToast(
      'success',
      t('extensions:codeSavedToast', { name: saved.name, version: saved.version }),
    );
  } catch {
    // The client showed why; the code stays in the editor, still changed.
  } finally {
    program.saving = false;
  }
}

/** "Cancel": leave extension-edit mode (asking first when there are unsaved changes). */
export async function cancelExtensionEdit(): Promise<void> {
  const editing = extensionEdit.current;
  if (!editing) return;
  if (program.hasChanged && !(await confirm(t('shell:confirm.unsavedData')))) return;
  // The editor page restores the program that was open when it unmounts.
  program.hasChanged = false;
  navigateTo(`/extensions/${editing.uuid}`);
}
