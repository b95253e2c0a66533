// The board actions of the shell (src/shell/actions.ts): Download, Run, Stop and Extract code
// from board. The services are built on first use in runtime.ts; this module turns their
// outcomes into toasts, Logo errors with line numbers, progress and the opened program.
import i18next from 'i18next';
import { coreBridge } from '../../bridge/core-bridge.ts';
import { registerActions } from '../../shell/actions.ts';
import { confirm } from '../../shell/confirm.ts';
import { board } from '../../device/board-store.ts';
import { DeviceError } from '../../device/device.ts';
import { translateError } from '../../device/ui/messages.ts';
import {
  clearLogoErrors,
  compilableLogo,
  currentProgramFile,
  NEW_PROGRAM_XML,
  replaceProgram,
  program,
  showLogoErrors,
} from '../../program/index.ts';
import { addedLibraries } from '../../state/extensions.ts';
import { showToast } from '../../state/ui.ts';
import { compileErrorView } from './compile-error-view.ts';
import {
  DownloadError,
  downloadErrorText,
  downloadStatus,
  ExtractError,
  extractErrorText,
  getBoardServices,
  type Extracted,
} from '../../download/index.ts';

const t = i18next.t.bind(i18next);

export async function download(): Promise<void> {
  const file = currentProgramFile();
  clearLogoErrors();
  // The procedures of added extensions the program calls join it (docs/extensions.md).
  const own = file.settings.logo_code;
  const logo = compilableLogo(file, addedLibraries());
  const ownLines = own.split('\n').length;
  downloadStatus.awaitingRun = false;
  try {
    const result = await getBoardServices().download.download(logo, (p) => {
      downloadStatus.phase = p.phase;
      downloadStatus.done = p.done;
      downloadStatus.total = p.total;
    });
    // Say what happens next: the program runs, or waits for Run.
    downloadStatus.awaitingRun = !result.started;
    board.programRunning = result.started;
    showToast(
      'success',
      t(result.started ? 'download:started' : 'download:pressRun'),
      t('download:success'),
    );
  } catch (e) {
    if (!(e instanceof DownloadError)) throw e;
    const r = e.reason;
    if (r.type === 'compile' && r.failure.kind === 'rejected') {
      const { message, line, mistake } = r.failure;
      const shown = compileErrorView(t, logo, message, line, mistake);
      // An error inside a merged extension procedure has no line in the user's text.
      if (shown && shown.line <= ownLines) {
        showLogoErrors([shown]);
        const at = t('download:compiler.atLine', { line: shown.line, text: shown.message });
        showToast('warning', shown.note ? `${at} (${shown.note})` : at);
        return;
      }
    }
    showToast('warning', downloadErrorText(t, e));
  } finally {
    downloadStatus.phase = null;
  }
}

async function control(action: 0 | 1): Promise<void> {
  downloadStatus.awaitingRun = false;
  try {
    await getBoardServices().download.control(action);
    board.programRunning = action === 1;
  } catch (e) {
    if (e instanceof DownloadError) showToast('warning', downloadErrorText(t, e));
    else if (e instanceof DeviceError) showToast('warning', translateError(t, e.code, e.detail));
    else throw e;
  }
}

/** Opens extracted Logo: as blocks too when the importer can read it, else as text. */
async function openExtracted(found: Extracted): Promise<void> {
  const { logoToBlocks } = await import('../logo/logo-import.ts');
  let workspaceXml = NEW_PROGRAM_XML;
  let asBlocks = true;
  try {
    workspaceXml = await logoToBlocks(found.text, (source, version) =>
      coreBridge.parseLogo(source, version),
    );
  } catch {
    asBlocks = false;
  }
  // The program it replaces stays in Versions, to go back to.
  const kept = replaceProgram('extract', {
    workspaceXml,
    settings: { program_mode: 'logo', logo_code: found.text },
  });
  // The program came from the board, not from a file or project: it is unsaved work.
  program.hasChanged = true;
  if (!/^#\/(program|editor|code)\b/.test(window.location.hash)) window.location.hash = '#/program';
  showToast('success', t('download:extract.done', { bytes: found.bytes }));
  if (kept) showToast('success', t('editor:versions.kept'));
  if (!found.exact) showToast('warning', t('download:extract.inexact'));
  if (!asBlocks) showToast('warning', t('download:extract.textOnly'));
}

async function extractCode(): Promise<void> {
  // The spec's question for unsaved work (core §5) before the board's program replaces it.
  if (program.hasChanged && !(await confirm(t('shell:confirm.unsavedData')))) return;
  downloadStatus.extracting = true;
  let found: Extracted;
  try {
    found = await getBoardServices().extract.extract();
  } catch (e) {
    if (e instanceof ExtractError) {
      showToast('warning', extractErrorText(t, e));
      return;
    }
    throw e;
  } finally {
    downloadStatus.extracting = false;
  }
  await openExtracted(found);
}

/** Installs Download, Run, Stop and Extract code in the shell's action registry. */
export function registerBoardActions(): () => void {
  return registerActions({
    download,
    runProgram: () => control(1),
    stopProgram: () => control(0),
    extractCode,
  });
}
