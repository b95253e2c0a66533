// The Teachable Machine worker's API (workers/tm.worker.ts): loads a model from its files
// (fetched by the page) and classifies frames handed over as transferred ImageBitmaps.
import { TmClassifier, type TmLoadResult } from '../tm-classifier.ts';
import { TmError, type TmMetadata, type TmModelFiles } from '../tm-model.ts';

export type TmClassifyResult =
  { ok: true; probabilities: number[] } | { ok: false; code: TmError['code']; detail: string };

const classifier = new TmClassifier();

export const tmWorkerApi = {
  load(files: TmModelFiles, meta: Pick<TmMetadata, 'imageSize' | 'labels'>): Promise<TmLoadResult> {
    return classifier.load(files, meta);
  },

  async classify(frame: ImageBitmap): Promise<TmClassifyResult> {
    try {
      return { ok: true, probabilities: await classifier.classify(frame) };
    } catch (e) {
      const err = e instanceof TmError ? e : new TmError('inference-failed', String(e));
      return { ok: false, code: err.code, detail: err.message };
    }
  },

  unload(): void {
    classifier.dispose();
  },
};

export type TmWorkerApi = typeof tmWorkerApi;
