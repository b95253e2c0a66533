// Where inference runs: the lab's worker (one typed Comlink API through WorkerBridge, frames
// transferred as ImageBitmaps), or, when the worker cannot run tfjs, the page itself; the
// session then throttles its frames so the page stays responsive.
import * as Comlink from 'comlink';
import { createWorkerBridge, webWorker } from '../../bridge/worker-bridge.ts';
import type { TmClassifier, TmLoadResult } from './tm-classifier.ts';
import { TmError, type TmMetadata, type TmModelFiles } from './tm-model.ts';
import type { TmWorkerApi } from './worker/tm-worker-api.ts';

export type TmInferenceMode = 'worker' | 'page';

/**
 * The worker, unless the `gogo-tm-inference=page` cookie asks for the page: the benchmark's
 * reference (`npm run bench -- tm`) runs the same model on the main thread.
 */
export function preferredTmInference(): TmInferenceMode {
  return /(?:^|;\s*)gogo-tm-inference=page(?:;|$)/.test(document.cookie) ? 'page' : 'worker';
}

export interface TmInference {
  readonly mode: TmInferenceMode;
  load(files: TmModelFiles, meta: TmMetadata): Promise<TmLoadResult>;
  /** Takes the frame (transferred or closed). */
  classify(frame: ImageBitmap): Promise<number[]>;
  dispose(): void;
}

class WorkerInference implements TmInference {
  readonly mode = 'worker';
  private readonly bridge = createWorkerBridge<TmWorkerApi>(() =>
    webWorker(
      new Worker(new URL('../../../workers/tm.worker.ts', import.meta.url), {
        type: 'module',
        name: 'teachable-machine',
      }),
    ),
  );

  load(files: TmModelFiles, meta: TmMetadata): Promise<TmLoadResult> {
    return this.bridge.api.load(Comlink.transfer(files, [files.weightData]), {
      imageSize: meta.imageSize,
      labels: meta.labels,
    });
  }

  async classify(frame: ImageBitmap): Promise<number[]> {
    const result = await this.bridge.api.classify(Comlink.transfer(frame, [frame]));
    if (!result.ok) throw new TmError(result.code, result.detail);
    return result.probabilities;
  }

  dispose(): void {
    this.bridge.terminate();
  }
}

class PageInference implements TmInference {
  readonly mode = 'page';
  private classifier: TmClassifier | null = null;

  async load(files: TmModelFiles, meta: TmMetadata): Promise<TmLoadResult> {
    const { TmClassifier } = await import('./tm-classifier.ts');
    this.classifier ??= new TmClassifier();
    return this.classifier.load(files, meta);
  }

  classify(frame: ImageBitmap): Promise<number[]> {
    if (!this.classifier) throw new TmError('inference-failed', 'no model');
    return this.classifier.classify(frame);
  }

  dispose(): void {
    this.classifier?.dispose();
    this.classifier = null;
  }
}

/**
 * Loads the model in the worker; if the worker cannot start or cannot run tfjs, on the
 * page. `files` is copied for the worker, so the page can still use it if it falls back.
 */
export async function loadTmInference(
  files: TmModelFiles,
  meta: TmMetadata,
  prefer: TmInferenceMode = 'worker',
): Promise<{ inference: TmInference; result: TmLoadResult }> {
  if (prefer === 'worker' && typeof Worker !== 'undefined') {
    const worker = new WorkerInference();
    try {
      const copy = { ...files, weightData: files.weightData.slice(0) };
      const result = await worker.load(copy, meta);
      if (result.ok || result.code !== 'no-backend') return { inference: worker, result };
    } catch {
      // The worker did not start or crashed while loading tfjs: run on the page.
    }
    worker.dispose();
  }
  const page = new PageInference();
  return { inference: page, result: await page.load(files, meta) };
}
