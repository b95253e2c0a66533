// The page's side of the core worker (src/core/core-worker-api.ts): one bridge, started on
// first use. Byte inputs are transferred, not copied (the caller must not reuse them); a
// compile or HEX parse can be aborted, which ends the worker (the next call starts a new
// one). Every other call is the worker API's own.
import type { CoreWorkerApi } from '../core/core-worker-api.ts';
import { transfer } from '../core/transfer.ts';
import type { DatalogColumns, DatalogFormat, DatalogHandle } from '../core/wasm-core.ts';
import { createWorkerBridge, webWorker, withOwnMethods } from './worker-bridge.ts';

const bridge = createWorkerBridge<CoreWorkerApi>(() =>
  webWorker(
    new Worker(new URL('../../workers/core.worker.ts', import.meta.url), {
      type: 'module',
      name: 'core',
    }),
  ),
);

const own = {
  /** Parses Intel HEX text in the worker. `text` is transferred. */
  parseHex(text: Uint8Array, signal?: AbortSignal) {
    return bridge.abortable(signal, (api) => api.parseHex(transfer(text, text)));
  },

  /** Filters and compiles Logo in the worker (`version`: '1.2', '1.3', '1.4' or '2.1'). */
  compileLogo(source: string, version: string, signal?: AbortSignal) {
    return bridge.abortable(signal, (api) => api.compileLogo(source, version));
  },

  /** Feeds input reports to the worker's decoder. `packets` is transferred. */
  datalogPush(handle: DatalogHandle, packets: Uint8Array, packetSize?: number) {
    return bridge.api.datalogPush(handle, transfer(packets, packets), packetSize);
  },

  /** Decodes a whole recorded stream in the worker; `packets` is transferred. */
  datalogDecode(packets: Uint8Array, options?: { format?: DatalogFormat; packetSize?: number }) {
    return bridge.api.datalogDecode(transfer(packets, packets), options);
  },

  /** Opens an imported log in the worker; the columns are transferred. */
  datalogFromColumns(columns: DatalogColumns) {
    return bridge.api.datalogFromColumns(
      transfer(columns, columns.timeMs, columns.series, columns.value),
    );
  },

  /** Opens a log from CSV bytes (transferred), parsed in the worker. */
  datalogFromCsv(bytes: Uint8Array) {
    return bridge.api.datalogFromCsv(transfer(bytes, bytes));
  },

  /** Ends the worker; the next call starts a fresh one. */
  terminate(): void {
    bridge.terminate();
  },
};

/** The core worker's API as the page calls it. `datalogDownsample` is not abortable: ending
 * the worker would close its logs; a caller that zooms again ignores older answers. */
export type CoreBridge = ReturnType<typeof withOwnMethods<CoreWorkerApi, typeof own>>;

/** The app's single bridge. */
export const coreBridge: CoreBridge = withOwnMethods(bridge, own);
