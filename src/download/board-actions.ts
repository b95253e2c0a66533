// The board actions of the shell (src/app/actions.ts): Download, Run, Stop and Extract code
// from board. The services are built on first use from the app's device connection, the
// core worker and the compile settings; this module turns their outcomes into toasts, Logo
// errors with line numbers, progress and the opened program.
import i18next from 'i18next';
import { registerActions } from '../app/actions.ts';
import { confirm } from '../app/modals/confirm.ts';
import { API_BASE_PATH } from '../contract/base-path.ts';
import { coreBridge } from '../bridge/core-bridge.ts';
import { getDevice } from '../device/runtime.ts';
import { DeviceError } from '../device/device.ts';
import { translateError } from '../device/ui/messages.ts';
import { clearLogoErrors, showLogoErrors } from '../editor/program/diagnostics.ts';
import { mergeExtensionLogo } from '../extensions/merge-logo.ts';
import { extensions } from '../state/extensions.ts';
import { connection } from '../state/connection.ts';
import { flushWorkspace, program } from '../state/program.ts';
import { showToast, ui } from '../state/ui.ts';
import { compileHintText, findCompileHint } from './compile-hints.ts';
import { translateCompileMessage } from './compile-messages.ts';
import { CompileService, type CompileTarget } from './compile-service.ts';
import { downloadSettings, downloadStatus, runsAfterDownload } from './download-store.ts';
import { DownloadError, DownloadService } from './download-service.ts';
import { ExtractCodeService, ExtractError, type Extracted } from './extract-code.ts';
import { downloadErrorText, extractErrorText } from './messages.ts';

const t = i18next.t.bind(i18next);

/**
 * Which compiler to use: the cloud's, unless the user chose this browser's or the app is
 * offline. Offline mode compiles in the core worker with the offline endpoint's semantics
 * (the Logo version picked from the board, the same answer shape), so it needs no server.
 */
export function compileTarget(): CompileTarget {
  if (downloadSettings.compileInBrowser || ui.offline) return 'browser';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'browser';
  return 'cloud';
}

let services: { download: DownloadService; extract: ExtractCodeService } | null = null;

function getServices() {
  if (!services) {
    const device = getDevice();
    const compiler = new CompileService({
      worker: coreBridge,
      fetch: (...args) => fetch(...args),
      cloudBase: import.meta.env.VITE_COMPILE_BASE_URL || API_BASE_PATH,
      host: '',
      target: compileTarget,
      clientId: crypto.randomUUID(),
    });
    services = {
      download: new DownloadService({
        device,
        compiler,
        filter: coreBridge,
        runAfterDownload: () => runsAfterDownload(downloadSettings, device.snapshot.transport),
        displayBoard: () => connection.displayBoard,
      }),
      extract: new ExtractCodeService({ device, core: coreBridge }),
    };
  }
  return services;
}

export async function download(): Promise<void> {
  flushWorkspace();
  clearLogoErrors();
  // The procedures of added extensions the program calls join it here (docs/extensions.md).
  const own = program.logoCode;
  const logo = mergeExtensionLogo(
    own,
    extensions.added.map((e) => e.library),
  );
  const ownLines = own.split('\n').length;
  downloadStatus.awaitingRun = false;
  try {
    const result = await getServices().download.download(logo, (p) => {
      downloadStatus.phase = p.phase;
      downloadStatus.done = p.done;
      downloadStatus.total = p.total;
    });
    // Say what happens next: the program runs, or waits for Run.
    downloadStatus.awaitingRun = !result.started;
    showToast(
      'success',
      t(result.started ? 'download:started' : 'download:pressRun'),
      t('download:success'),
    );
  } catch (e) {
    if (!(e instanceof DownloadError)) throw e;
    const r = e.reason;
    if (r.type === 'compile' && r.failure.kind === 'rejected') {
      const { line, text } = translateCompileMessage(t, r.failure.message);
      const where = line ?? r.failure.line ?? null;
      // An error inside a merged extension procedure has no line in the user's text.
      if (where !== null && where <= ownLines) {
        const hint = findCompileHint(logo, r.failure.message);
        const help = hint ? ` — ${compileHintText(t, hint)}` : '';
        showLogoErrors([{ line: where, message: text + help }]);
        showToast('warning', downloadErrorText(t, e) + help);
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
    await getServices().download.control(action);
  } catch (e) {
    if (e instanceof DownloadError) showToast('warning', downloadErrorText(t, e));
    else if (e instanceof DeviceError) showToast('warning', translateError(t, e.code, e.detail));
    else throw e;
  }
}

/** Opens extracted Logo: as blocks too when the importer can read it, else as text. */
async function openExtracted(found: Extracted): Promise<void> {
  const [{ openProgram, NEW_PROGRAM_XML }, { logoToBlocks }] = await Promise.all([
    import('../editor/program/program-store.ts'),
    import('../editor/logo/logo-import.ts'),
  ]);
  let workspaceXml = NEW_PROGRAM_XML;
  let asBlocks = true;
  try {
    workspaceXml = await logoToBlocks(found.text, (source, version) =>
      coreBridge.parseLogo(source, version),
    );
  } catch {
    asBlocks = false;
  }
  openProgram({ workspaceXml, settings: { program_mode: 'logo', logo_code: found.text } });
  // The program came from the board, not from a file or project: it is unsaved work.
  program.hasChanged = true;
  if (!/^#\/(program|editor|code)\b/.test(window.location.hash)) window.location.hash = '#/program';
  showToast('success', t('download:extract.done', { bytes: found.bytes }));
  if (!found.exact) showToast('warning', t('download:extract.inexact'));
  if (!asBlocks) showToast('warning', t('download:extract.textOnly'));
}

export async function extractCode(): Promise<void> {
  if (program.hasChanged && !(await confirm(t('download:extract.confirmReplace')))) return;
  downloadStatus.extracting = true;
  let found: Extracted;
  try {
    found = await getServices().extract.extract();
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
