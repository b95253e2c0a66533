// What a student's editor does with a program from the teacher in a live class: a handed-out
// program file, or a copy of the teacher's broadcast program. Either replaces the open
// program through the program's versions, so the student's own stays in Versions and one
// click (Undo, or Restore there) brings it back.
import i18next from 'i18next';
import {
  NEW_PROGRAM_XML,
  programVersions,
  replaceProgram,
  replaceProgramWithFile,
  restoreVersion,
} from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import type { LiveProgram } from './deltas.ts';

/** The version kept by the last replacement, or null when nothing needed keeping. */
function keptVersion(kept: boolean): string | null {
  return kept ? (programVersions.list()[0]?.id ?? null) : null;
}

/** Opens a handed-out program file and tells the student what happened. */
export function takeHandout(code: string, name: string, by: string): void {
  try {
    const kept = replaceProgramWithFile('handout', code, name || undefined);
    const vars = { name: name || i18next.t('classroom:live.broadcast.untitled'), by };
    showToast(
      'success',
      kept
        ? i18next.t('classroom:live.student.handedOutKept', vars)
        : i18next.t('classroom:live.student.handedOut', vars),
    );
  } catch {
    showToast('warning', i18next.t('classroom:live.student.handoutUnreadable', { by }));
  }
}

/**
 * Copies the teacher's broadcast program into the student's editor; returns what Undo
 * needs: the kept version's id, or null when the open program was empty.
 */
export function copyBroadcast(p: LiveProgram): { version: string | null } {
  const kept = replaceProgram('broadcast', {
    workspaceXml: p.xml,
    settings: { logo_code: p.logo, program_mode: p.mode, file_name: p.name },
  });
  return { version: keptVersion(kept) };
}

/** Undoes copyBroadcast: the student's program as it was. */
export function undoCopy(version: string | null): void {
  if (version) restoreVersion(version);
  else replaceProgram('restore', { workspaceXml: NEW_PROGRAM_XML });
}
