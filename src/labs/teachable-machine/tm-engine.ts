// The lab's tfjs side, in the worker (worker/tm-worker-api.ts) or, as a fallback, on the
// page: picks the backend, loads a model from its files (fetched by the page, or kept in the
// project) and classifies frames; keeps the features of captured samples and trains a model
// on them (tm-trainer.ts), which then classifies. A trained model comes back as the text the
// project keeps (tm-kept-model.ts), written here: JSON and base64 of the weights would
// otherwise hold the page at the end of training.
import {
  FramePixels,
  pickBackend,
  TmClassifier,
  type TmFrame,
  type TmLoadResult,
} from './tm-classifier.ts';
import { encodeKeptModel, tmMetadataJson, type TmScore } from './tm-kept-model.ts';
import { TmError, type TmMetadata, type TmModelFiles } from './tm-model.ts';
import {
  TmTrainer,
  type TmTrainClass,
  type TmTrainErrorCode,
  type TmTrainProgress,
} from './tm-trainer.ts';
import { TM_INPUT_SIZE } from './tm-features.ts';

type TmClassifyResult =
  { ok: true; probabilities: number[] } | { ok: false; code: TmError['code']; detail: string };

export type TmSampleResult =
  { ok: true; id: number } | { ok: false; code: TmError['code']; detail: string };

/** What the project keeps of a model trained here (the text of `config_tm_model`). */
export interface TmKeep {
  modelName: string;
  /** ISO time. */
  trainedAt: string;
}

export type TmTrainedResult =
  | { ok: true; text: string; scores: TmScore[]; backend: string }
  | { ok: false; code: TmTrainErrorCode; detail: string };

type TmBackendResult = { ok: true; backend: string } | { ok: false; code: 'no-backend' };

/** Training's progress is reported at most this often (ms), and at its last epoch. */
const PROGRESS_INTERVAL_MS = 100;

const failure = (e: unknown) => {
  const err = e instanceof TmError ? e : new TmError('inference-failed', String(e));
  return { ok: false as const, code: err.code, detail: err.message };
};

export class TmEngine {
  private readonly classifier = new TmClassifier();
  private readonly trainer = new TmTrainer();
  private readonly frames = new FramePixels();

  async backend(): Promise<TmBackendResult> {
    try {
      return { ok: true, backend: await pickBackend() };
    } catch {
      return { ok: false, code: 'no-backend' };
    }
  }

  load(files: TmModelFiles, meta: Pick<TmMetadata, 'imageSize' | 'labels'>): Promise<TmLoadResult> {
    return this.classifier.load(files, meta);
  }

  async classify(frame: TmFrame): Promise<TmClassifyResult> {
    try {
      return { ok: true, probabilities: await this.classifier.classify(frame) };
    } catch (e) {
      return failure(e);
    }
  }

  /** Keeps a sample of class `key` from the frame (closed afterwards). */
  async addSample(key: string, frame: TmFrame): Promise<TmSampleResult> {
    try {
      await pickBackend();
      return { ok: true, id: this.trainer.add(key, this.frames.pixels(frame, TM_INPUT_SIZE)) };
    } catch (e) {
      return failure(e);
    }
  }

  /** Gets training ready (backend, feature layers), so recording starts at once. */
  async warm(): Promise<void> {
    await pickBackend();
    this.trainer.warm();
  }

  removeSample(id: number): void {
    this.trainer.remove(id);
  }

  clearClass(key: string): void {
    this.trainer.clearClass(key);
  }

  /**
   * Trains on the samples of `classes` (in that order) and, when it worked, classifies with
   * the new model from then on. The model comes back as the project's text.
   */
  async train(
    classes: TmTrainClass[],
    keep: TmKeep,
    onProgress?: (progress: TmTrainProgress) => void,
  ): Promise<TmTrainedResult> {
    await pickBackend();
    // Each report draws the page (and, from the worker, is a message each way): ten a
    // second move the bar as smoothly as one per epoch.
    let reported = -Infinity;
    const result = await this.trainer.train(classes, (p) => {
      const now = performance.now();
      if (p.epoch < p.epochs && now - reported < PROGRESS_INTERVAL_MS) return;
      reported = now;
      void onProgress?.(p);
    });
    if (!result.ok) return result;
    const labels = classes.map((c) => c.label);
    const text = encodeKeptModel(
      tmMetadataJson(labels, keep.modelName, result.tfjsVersion, keep.trainedAt),
      result.files,
      result.scores,
      keep.trainedAt,
    );
    const loaded = await this.classifier.load(result.files, { imageSize: TM_INPUT_SIZE, labels });
    if (!loaded.ok) return { ok: false, code: 'train-failed', detail: loaded.detail };
    return { ok: true, text, scores: result.scores, backend: loaded.backend };
  }

  unload(): void {
    this.classifier.dispose();
  }
}
