// UI-side owner of the core worker: starts it lazily, forwards calls, transfers input
// buffers, and ends the worker when a call is aborted (the next call starts a new one).
import * as Comlink from 'comlink';
import type { CoreWorkerApi } from '../../workers/core.worker.ts';

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

  /** The Logo input filter (spec core §5). */
  filterLogo(source: string): Result<'filterLogo'> {
    return this.start().filterLogo(source) as Result<'filterLogo'>;
  }

  /** The Logo version for a board type and firmware version (spec core §9). */
  pickLogoVersion(boardType: number, firmwareVersion: number): Result<'pickLogoVersion'> {
    return this.start().pickLogoVersion(boardType, firmwareVersion) as Result<'pickLogoVersion'>;
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
