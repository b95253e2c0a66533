// Where the lab's tfjs work runs: the lab's worker (one typed Comlink API through
// WorkerBridge, frames transferred as ImageBitmaps or VideoFrames), or, when the worker cannot run tfjs,
// the page itself; the session then throttles its frames so the page stays responsive.
import * as Comlink from 'comlink';
import { createWorkerBridge, webWorker } from '../../bridge/worker-bridge.ts';
import type { TmFrame, TmLoadResult } from './tm-classifier.ts';
import type { TmEngine, TmKeep, TmSampleResult, TmTrainedResult } from './tm-engine.ts';
import { TmError, type TmMetadata, type TmModelFiles } from './tm-model.ts';
import type { TmTrainClass, TmTrainProgress } from './tm-trainer.ts';
import type { TmWorkerApi } from './worker/tm-worker-api.ts';

export type TmInferenceMode = 'worker' | 'page';

/**
 * The worker, unless the `gogo-tm-inference=page` cookie asks for the page: the benchmark's
 * reference (`npm run bench -- tm`) runs the same work on the main thread.
 */
export function preferredTmInference(): TmInferenceMode {
  return /(?:^|;\s*)gogo-tm-inference=page(?:;|$)/.test(document.cookie) ? 'page' : 'worker';
}

export interface TmInference {
  readonly mode: TmInferenceMode;
  readonly backend: string;
  load(files: TmModelFiles, meta: TmMetadata): Promise<TmLoadResult>;
  /** Takes the frame (transferred or closed). */
  classify(frame: TmFrame): Promise<number[]>;
  /** Takes the frame (transferred or closed). */
  addSample(key: string, frame: TmFrame): Promise<TmSampleResult>;
  /** Gets training ready, so the first sample is not slow. */
  warm(): Promise<void>;
  removeSample(id: number): Promise<void>;
  clearClass(key: string): Promise<void>;
  /** Trains; the model comes back as the text the project keeps. */
  train(
    classes: TmTrainClass[],
    keep: TmKeep,
    onProgress: (progress: TmTrainProgress) => void,
  ): Promise<TmTrainedResult>;
  dispose(): void;
}

class WorkerInference implements TmInference {
  readonly mode = 'worker';
  backend = '';
  private readonly bridge = createWorkerBridge<TmWorkerApi>(() =>
    webWorker(
      new Worker(new URL('../../../workers/tm.worker.ts', import.meta.url), {
        type: 'module',
        name: 'teachable-machine',
      }),
    ),
  );

  async start(): Promise<boolean> {
    const result = await this.bridge.api.backend();
    if (result.ok) this.backend = result.backend;
    return result.ok;
  }

  load(files: TmModelFiles, meta: TmMetadata): Promise<TmLoadResult> {
    return this.bridge.api.load(Comlink.transfer(files, [files.weightData]), {
      imageSize: meta.imageSize,
      labels: meta.labels,
    });
  }

  async classify(frame: TmFrame): Promise<number[]> {
    const result = await this.bridge.api.classify(Comlink.transfer(frame, [frame]));
    if (!result.ok) throw new TmError(result.code, result.detail);
    return result.probabilities;
  }

  addSample(key: string, frame: TmFrame): Promise<TmSampleResult> {
    return this.bridge.api.addSample(key, Comlink.transfer(frame, [frame]));
  }

  warm(): Promise<void> {
    return this.bridge.api.warm();
  }

  removeSample(id: number): Promise<void> {
    return this.bridge.api.removeSample(id);
  }

  clearClass(key: string): Promise<void> {
    return this.bridge.api.clearClass(key);
  }

  train(classes: TmTrainClass[], keep: TmKeep, onProgress: (p: TmTrainProgress) => void) {
    return this.bridge.api.train(classes, keep, Comlink.proxy(onProgress));
  }

  dispose(): void {
    this.bridge.terminate();
  }
}

class PageInference implements TmInference {
  readonly mode = 'page';
  backend = '';

  constructor(private readonly engine: TmEngine) {}

  async start(): Promise<boolean> {
    const result = await this.engine.backend();
    if (result.ok) this.backend = result.backend;
    return result.ok;
  }

  load(files: TmModelFiles, meta: TmMetadata): Promise<TmLoadResult> {
    return this.engine.load(files, meta);
  }

  async classify(frame: TmFrame): Promise<number[]> {
    const result = await this.engine.classify(frame);
    if (!result.ok) throw new TmError(result.code, result.detail);
    return result.probabilities;
  }

  addSample(key: string, frame: TmFrame): Promise<TmSampleResult> {
    return this.engine.addSample(key, frame);
  }

  warm(): Promise<void> {
    return this.engine.warm();
  }

  async removeSample(id: number): Promise<void> {
    this.engine.removeSample(id);
  }

  async clearClass(key: string): Promise<void> {
    this.engine.clearClass(key);
  }

  train(classes: TmTrainClass[], keep: TmKeep, onProgress: (p: TmTrainProgress) => void) {
    return this.engine.train(classes, keep, onProgress);
  }

  dispose(): void {
    this.engine.unload();
  }
}

/**
 * The lab's tfjs side: the worker, or the page if the worker cannot start or cannot run
 * tfjs. Throws TmError 'no-backend' when neither can.
 */
export async function openTmInference(prefer: TmInferenceMode = 'worker'): Promise<TmInference> {
  if (prefer === 'worker' && typeof Worker !== 'undefined') {
    const worker = new WorkerInference();
    try {
      if (await worker.start()) return worker;
    } catch {
      // The worker did not start or crashed while loading tfjs: run on the page.
    }
    worker.dispose();
  }
  const { TmEngine } = await import('./tm-engine.ts');
  const page = new PageInference(new TmEngine());
  if (await page.start()) return page;
  throw new TmError('no-backend');
}
