// UI-side owner of the core worker: starts it lazily, forwards calls, transfers input
// buffers, and ends the worker when a call is aborted (the next call starts a new one).
import * as Comlink from 'comlink';
import type { CoreWorkerApi } from './core-worker-api.ts';
import type {
  DatalogColumns,
  DatalogFormat,
  DatalogHandle,
  DownsampleRequest,
} from './wasm-core.ts';

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

  /** Filters and compiles Logo in the worker (`version`: '1.2', '1.3', '1.4' or '2.1'). */
  compileLogo(source: string, version: string, signal?: AbortSignal): Result<'compileLogo'> {
    const work = this.start().compileLogo(source, version) as Result<'compileLogo'>;
    return this.abortable(signal, work);
  }

  /** The Logo parse tree as the compiler of `version` reads it (Logo → blocks). */
  parseLogo(source: string, version: string): Result<'parseLogo'> {
    return this.start().parseLogo(source, version) as Result<'parseLogo'>;
  }

  /** The Logo input filter (spec core §5). */
  filterLogo(source: string): Result<'filterLogo'> {
    return this.start().filterLogo(source) as Result<'filterLogo'>;
  }

  /** The Logo version for a board type and firmware version (spec core §9). */
  pickLogoVersion(boardType: number, firmwareVersion: number): Result<'pickLogoVersion'> {
    return this.start().pickLogoVersion(boardType, firmwareVersion) as Result<'pickLogoVersion'>;
  }

  /** Logo text for byte code read back from a board. `code` is copied, not transferred. */
  decompileLogo(code: Uint8Array, version: string, autorun: boolean): Result<'decompileLogo'> {
    return this.start().decompileLogo(code, version, autorun) as Result<'decompileLogo'>;
  }

  /** The program bytes from MEM_READ reply packets (docs/protocol-extensions.md). */
  memReadAssemble(
    offset: number,
    packets: Parameters<CoreWorkerApi['memReadAssemble']>[1],
  ): Result<'memReadAssemble'> {
    return this.start().memReadAssemble(offset, packets) as Result<'memReadAssemble'>;
  }

  /** Byte-code VMs in the worker, by handle (docs/virtual-board-vm.md). */
  vmCreate(): Result<'vmCreate'> {
    return this.start().vmCreate() as Result<'vmCreate'>;
  }

  vmDestroy(handle: number): Result<'vmDestroy'> {
    return this.start().vmDestroy(handle) as Result<'vmDestroy'>;
  }

  vmConfigure(
    handle: number,
    config: Parameters<CoreWorkerApi['vmConfigure']>[1],
  ): Result<'vmConfigure'> {
    return this.start().vmConfigure(handle, config) as Result<'vmConfigure'>;
  }

  vmLoad(
    handle: number,
    code: Uint8Array,
    version: Parameters<CoreWorkerApi['vmLoad']>[2],
  ): Result<'vmLoad'> {
    return this.start().vmLoad(handle, code, version) as Result<'vmLoad'>;
  }

  vmControl(
    handle: number,
    action: Parameters<CoreWorkerApi['vmControl']>[1],
    nowMs: number,
  ): Result<'vmControl'> {
    return this.start().vmControl(handle, action, nowMs) as Result<'vmControl'>;
  }

  vmSetAutorun(handle: number, on: boolean): Result<'vmSetAutorun'> {
    return this.start().vmSetAutorun(handle, on) as Result<'vmSetAutorun'>;
  }

  vmSetInputs(
    handle: number,
    inputs: Parameters<CoreWorkerApi['vmSetInputs']>[1],
  ): Result<'vmSetInputs'> {
    return this.start().vmSetInputs(handle, inputs) as Result<'vmSetInputs'>;
  }

  vmReceiveIr(handle: number, code: number): Result<'vmReceiveIr'> {
    return this.start().vmReceiveIr(handle, code) as Result<'vmReceiveIr'>;
  }

  vmReceiveKeyValue(handle: number, key: string, value: string): Result<'vmReceiveKeyValue'> {
    return this.start().vmReceiveKeyValue(handle, key, value) as Result<'vmReceiveKeyValue'>;
  }

  vmStep(handle: number, budget: number, nowMs: number): Result<'vmStep'> {
    return this.start().vmStep(handle, budget, nowMs) as Result<'vmStep'>;
  }

  vmSnapshot(handle: number): Result<'vmSnapshot'> {
    return this.start().vmSnapshot(handle) as Result<'vmSnapshot'>;
  }

  vmDataLog(handle: number): Result<'vmDataLog'> {
    return this.start().vmDataLog(handle) as Result<'vmDataLog'>;
  }

  // Offline datalog (see src/core/wasm-core.ts for the contract of each call).

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

  /** Ends a read; returns the summary, the columns stay in the worker. */
  datalogEnd(handle: DatalogHandle): Result<'datalogEnd'> {
    return this.start().datalogEnd(handle) as Result<'datalogEnd'>;
  }

  /** The whole log as CSV bytes, built in the worker. */
  datalogCsv(handle: DatalogHandle, labels: string[], offsetMs: number): Result<'datalogCsv'> {
    return this.start().datalogCsv(handle, labels, offsetMs) as Result<'datalogCsv'>;
  }

  /** Opens a log from CSV bytes (transferred), parsed in the worker. */
  datalogFromCsv(bytes: Uint8Array): Result<'datalogFromCsv'> {
    return this.start().datalogFromCsv(
      Comlink.transfer(bytes, [bytes.buffer]),
    ) as Result<'datalogFromCsv'>;
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
