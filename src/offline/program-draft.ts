// The open program kept in browser storage (docs/offline.md): written shortly after every
// change and when the page is hidden, read back when the app starts. A reload, a crash or
// a connection that drops loses nothing typed; a changed program stays "changed" so it can
// still be saved to the cloud later. Extension-edit mode is not kept (its code belongs to
// the extension, saved with Save extension code).
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { subscribe } from 'valtio';
import { flushWorkspace, openProgram, program } from '../program/index.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';

/** Pause after a change before the draft is written. */
const DRAFT_DELAY_MS = 400;

const Text = Type.String({ maxLength: 4 * 1024 * 1024 });
export const ProgramDraft = Type.Object({
  v: Type.Literal(1),
  projectId: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  project: Type.Union([
    Type.Object({
      uuid: Type.String({ maxLength: 64 }),
      name: Type.String({ maxLength: 200 }),
      isEditable: Type.Optional(Type.Boolean()),
    }),
    Type.Null(),
  ]),
  name: Type.String({ maxLength: 200 }),
  headerImage: Type.String({ maxLength: 400 }),
  desc: Type.String({ maxLength: 40_000 }),
  xml: Text,
  logo: Text,
  mode: Type.Union([Type.Literal('blocks'), Type.Literal('logo')]),
  tm: Type.Object({
    type: Type.String(),
    url: Type.String(),
    threshold: Type.String(),
    channel: Type.String(),
    // Drafts written before the lab trained models have neither.
    hold: Type.Optional(Type.String()),
    model: Type.Optional(Type.String()),
  }),
  hasChanged: Type.Boolean(),
});
export type ProgramDraft = Static<typeof ProgramDraft>;

export function currentDraft(): ProgramDraft {
  const p = program;
  return {
    v: 1,
    projectId: p.currentProjectId,
    project: p.currentProject
      ? {
          uuid: p.currentProject.uuid,
          name: p.currentProject.name,
          ...(p.currentProject.isEditable === undefined
            ? {}
            : { isEditable: p.currentProject.isEditable }),
        }
      : null,
    name: p.toSaveProject.name,
    headerImage: p.toSaveProject.headerImage,
    desc: p.toSaveProject.desc,
    xml: p.currentWorkspaceXmlText,
    logo: p.logoCode,
    mode: p.programMode,
    tm: { ...p.tmConfig },
    hasChanged: p.hasChanged,
  };
}

function readDraft(): ProgramDraft | null {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.programDraft) ?? 'null');
    return Value.Check(ProgramDraft, value) ? value : null;
  } catch {
    return null;
  }
}

/** Puts a kept program back into the store; false when there is none. */
export function restoreDraft(draft: ProgramDraft | null = readDraft()): boolean {
  if (!draft || draft.xml === '') return false;
  openProgram({
    workspaceXml: draft.xml,
    settings: {
      logo_code: draft.logo,
      file_name: draft.name,
      program_mode: draft.mode,
      config_tm_type: draft.tm.type,
      config_tm_url: draft.tm.url,
      config_tm_threshold: draft.tm.threshold,
      config_tm_channel: draft.tm.channel,
      config_tm_hold: draft.tm.hold ?? '',
      config_tm_model: draft.tm.model ?? '',
    },
    projectId: draft.projectId,
    project: draft.project,
  });
  program.toSaveProject = { name: draft.name, headerImage: draft.headerImage, desc: draft.desc };
  program.hasChanged = draft.hasChanged;
  return true;
}

function writeDraft(): void {
  if (program.extensionEditMode || program.currentWorkspaceXmlText === '') return;
  writeStorage(STORAGE_KEYS.programDraft, JSON.stringify(currentDraft()));
}

/** Keeps the draft current from now on; returns the function that stops it. */
export function keepProgramDraft(target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = subscribe(program, () => {
    clearTimeout(timer);
    timer = setTimeout(writeDraft, DRAFT_DELAY_MS);
  });
  const now = () => {
    clearTimeout(timer);
    flushWorkspace();
    writeDraft();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') now();
  };
  target.addEventListener('pagehide', now);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stop();
    clearTimeout(timer);
    target.removeEventListener('pagehide', now);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
