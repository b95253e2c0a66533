// UI-side owner of the core worker: starts it lazily, forwards calls, transfers input
// buffers, and ends the worker when a call is aborted (the next call starts a new one).
import * as Comlink from 'comlink';
import type { CoreWorkerApi } from '../../workers/core.worker.ts';
import type {
  DatalogColumns,
  DatalogFormat,
  DatalogHandle,
  DownsampleRequest,
} from '../../workers/core/wasm-core.ts';

type Api = Comlink.Remote<CoreWorkerApi>;
/** The worker method's result. Comlink's `Remote` splits union results into a union of
 * promises, which loses the discriminant; this restores the declared type. */
type Result<K extends keyof CoreWorkerApi> = Promise<Awaited<ReturnType<CoreWorkerApi[K]>>>;

export class CoreBridge {
  private worker: Worker | undefined;
  private api: Api | undefined;

  private start(): Api {
    if (!this.api) {
      this.worker = new Worker(new URL('../../workers/core.worker.ts', import.meta.url), {
        type: 'module',
        name: 'core',
      });
      this.api = Comlink.wrap<CoreWorkerApi>(this.worker);
    }
    return this.api;
  }

  /** Parses Intel HEX text in the worker. `text` is transferred: do not reuse it. */
  parseHex(text: Uint8Array, signal?: AbortSignal): Result<'parseHex'> {
    const api = this.start();
    const work = api.parseHex(Comlink.transfer(text, [text.buffer])) as Result<'parseHex'>;
    return this.abortable(signal, work);
  }

  // Offline datalog (see workers/core/wasm-core.ts for the contract of each call).

  datalogOpen(format?: DatalogFormat): Result<'datalogOpen'> {
    return this.start().datalogOpen(format) as Result<'datalogOpen'>;
  }

  /** Feeds input reports to the worker's decoder. `packets` is transferred. */
  datalogPush(
    handle: DatalogHandle,
    packets: Uint8Array,
    packetSize?: number,
  ): Result<'datalogPush'> {
    const api = this.start();
    return api.datalogPush(
      handle,
      Comlink.transfer(packets, [packets.buffer]),
      packetSize,
    ) as Result<'datalogPush'>;
  }

  /** Decodes a whole recorded stream in the worker; `packets` is transferred. */
  datalogDecode(
    packets: Uint8Array,
    options?: { format?: DatalogFormat; packetSize?: number },
  ): Result<'datalogDecode'> {
    const api = this.start();
    return api.datalogDecode(
      Comlink.transfer(packets, [packets.buffer]),
      options,
    ) as Result<'datalogDecode'>;
  }

  datalogSummary(handle: DatalogHandle): Result<'datalogSummary'> {
    return this.start().datalogSummary(handle) as Result<'datalogSummary'>;
  }

  /** Ends the read and receives the three columns (transferred). */
  datalogFinish(handle: DatalogHandle): Result<'datalogFinish'> {
    return this.start().datalogFinish(handle) as Result<'datalogFinish'>;
  }

  datalogColumns(handle: DatalogHandle): Result<'datalogColumns'> {
    return this.start().datalogColumns(handle) as Result<'datalogColumns'>;
  }

  /** Points for a chart of the window; re-call on zoom and pan. Not abortable: ending
   * the worker would close its logs. A caller that zooms again ignores older answers. */
  datalogDownsample(
    handle: DatalogHandle,
    request: DownsampleRequest,
  ): Result<'datalogDownsample'> {
    return this.start().datalogDownsample(handle, request) as Result<'datalogDownsample'>;
  }

  /** Opens an imported log in the worker; the columns are transferred. */
  datalogFromColumns(columns: DatalogColumns): Result<'datalogFromColumns'> {
    const buffers = [columns.timeMs.buffer, columns.series.buffer, columns.value.buffer];
    return this.start().datalogFromColumns(
      Comlink.transfer(columns, [...new Set(buffers)]),
    ) as Result<'datalogFromColumns'>;
  }

  datalogClose(handle: DatalogHandle): Result<'datalogClose'> {
    return this.start().datalogClose(handle) as Result<'datalogClose'>;
  }

  debugPanic(): Result<'debugPanic'> {
    return this.start().debugPanic() as Result<'debugPanic'>;
  }

  /** Ends the worker; the next call starts a fresh one. */
  terminate(): void {
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.api = undefined;
    this.worker = undefined;
  }

  private abortable<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
    if (!signal) return work;
    if (signal.aborted) {
      this.terminate();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.terminate();
        reject(new DOMException('Aborted', 'AbortError'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}

/** The app's single bridge. */
export const coreBridge = new CoreBridge();
