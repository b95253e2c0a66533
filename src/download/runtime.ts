// The download feature's singletons: the compile, download and extract-code services over the
// app's device connection, the core worker and the compile settings, built on first use.
import { API_BASE_PATH } from '../contract/base-path.ts';
import { coreBridge } from '../bridge/core-bridge.ts';
import { getDevice } from '../device/runtime.ts';
import { connection } from '../device/connection-store.ts';
import { ui } from '../state/ui.ts';
import { CompileService, type CompileTarget } from './compile-service.ts';
import { downloadSettings, runsAfterDownload } from './download-store.ts';
import { DownloadService } from './download-service.ts';
import { ExtractCodeService } from './extract-code.ts';

/**
 * Which compiler to use: the cloud's, unless the user chose this browser's or the app is
 * offline. Offline mode compiles in the core worker with the offline endpoint's semantics
 * (the Logo version picked from the board, the same answer shape), so it needs no server.
 */
function compileTarget(): CompileTarget {
  if (downloadSettings.compileInBrowser || ui.offline) return 'browser';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'browser';
  return 'cloud';
}

let services: { download: DownloadService; extract: ExtractCodeService } | null = null;

/** The app's download and extract-code services. */
export function getBoardServices() {
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
