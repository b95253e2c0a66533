// Training in the lab: each sample is turned into features (tm-features.ts) when it is
// captured, so only the features are kept; Train fits one softmax layer on them and joins
// it to the feature layers into one Teachable-Machine-shaped model (224 × 224 RGB in -1..1,
// one probability per class). One sample in five of each class (the 5th, 10th, …) is kept
// aside and never trained on; the model is then tested on those ("Red: 19 of 20 right").
// Runs wherever tfjs runs: the lab's worker, the page (fallback), Node (tests).
import * as tf from '@tensorflow/tfjs';
import {
  featureLayers,
  featureModel,
  setFeatureWeights,
  TM_FEATURES,
  TM_INPUT_SIZE,
} from './tm-features.ts';
import type { TmModelFiles, TmWeightSpec } from './tm-model.ts';

export const TM_MIN_CLASSES = 2;
export const TM_MAX_CLASSES = 6;
/** A class needs this many samples before Train (one of them is kept aside to test). */
export const TM_MIN_SAMPLES = 5;
/** The most samples a class keeps (about 20 s of holding Record). */
export const TM_MAX_SAMPLES = 200;
/** Every HOLD_OUT_EVERY-th sample of a class is kept aside for the test. */
const HOLD_OUT_EVERY = 5;
export const TM_EPOCHS = 60;
const BATCH = 16;

export interface TmTrainClass {
  /** The page's key of the class (its samples carry it). */
  key: string;
  label: string;
}

export interface TmClassScore {
  label: string;
  /** Held-out samples the model put in this class correctly. */
  right: number;
  /** Held-out samples of this class. */
  total: number;
}

export interface TmTrainProgress {
  epoch: number;
  epochs: number;
}

export type TmTrainErrorCode =
  'too-few-classes' | 'too-few-samples' | 'unnamed-class' | 'same-names' | 'train-failed';

export type TmTrainResult =
  | {
      ok: true;
      files: TmModelFiles;
      scores: TmClassScore[];
      trainedOn: number;
      /** The tfjs version that made the model (metadata.json's tfjsVersion). */
      tfjsVersion: string;
    }
  | { ok: false; code: TmTrainErrorCode; detail: string };

interface Sample {
  key: string;
  features: Float32Array;
}

/** The weights of a model as one buffer (tfjs 4 may hand them in parts). */
function oneBuffer(data: ArrayBuffer | ArrayBuffer[]): ArrayBuffer {
  if (!Array.isArray(data)) return data;
  const out = new Uint8Array(data.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const b of data) {
    out.set(new Uint8Array(b), at);
    at += b.byteLength;
  }
  return out.buffer;
}

/** A layers model's files, as tm-model.ts and the Teachable Machine export hold them. */
export async function modelFiles(model: tf.LayersModel): Promise<TmModelFiles> {
  let files: TmModelFiles | null = null;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      if (!artifacts.modelTopology || !artifacts.weightSpecs || !artifacts.weightData) {
        throw new Error('model without weights');
      }
      files = {
        modelTopology: artifacts.modelTopology as object,
        weightSpecs: artifacts.weightSpecs as TmWeightSpec[],
        weightData: oneBuffer(artifacts.weightData),
      };
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  if (!files) throw new Error('model not saved');
  return files;
}

export class TmTrainer {
  private extractor: tf.Sequential | null = null;
  private readonly samples = new Map<number, Sample>();
  private nextId = 1;

  private features(): tf.Sequential {
    this.extractor ??= featureModel();
    return this.extractor;
  }

  /**
   * Keeps a sample of class `key` from a picture already scaled to 224 × 224 RGB in -1..1
   * (as the classifier prepares a frame); returns the sample's id.
   */
  add(key: string, rgb: Float32Array): number {
    const extractor = this.features();
    const out = tf.tidy(
      () => extractor.predict(tf.tensor4d(rgb, [1, TM_INPUT_SIZE, TM_INPUT_SIZE, 3])) as tf.Tensor,
    );
    const features = out.dataSync() as Float32Array;
    out.dispose();
    const id = this.nextId++;
    this.samples.set(id, { key, features: Float32Array.from(features) });
    return id;
  }

  remove(id: number): void {
    this.samples.delete(id);
  }

  /** Forgets every sample of a class (a class removed or cleared). */
  clearClass(key: string): void {
    for (const [id, s] of this.samples) if (s.key === key) this.samples.delete(id);
  }

  count(key: string): number {
    let n = 0;
    for (const s of this.samples.values()) if (s.key === key) n++;
    return n;
  }

  async train(
    classes: readonly TmTrainClass[],
    onProgress?: (progress: TmTrainProgress) => void,
    epochs = TM_EPOCHS,
  ): Promise<TmTrainResult> {
    if (classes.length < TM_MIN_CLASSES || classes.length > TM_MAX_CLASSES) {
      return { ok: false, code: 'too-few-classes', detail: String(classes.length) };
    }
    const trainX: Float32Array[] = [];
    const trainY: number[] = [];
    const testSets: Float32Array[][] = [];
    for (const [c, cls] of classes.entries()) {
      // In capture order: ids grow.
      const mine = [...this.samples.entries()]
        .filter(([, s]) => s.key === cls.key)
        .sort(([a], [b]) => a - b)
        .map(([, s]) => s.features);
      if (mine.length < TM_MIN_SAMPLES) {
        return { ok: false, code: 'too-few-samples', detail: cls.label };
      }
      const held: Float32Array[] = [];
      mine.forEach((f, i) => {
        if ((i + 1) % HOLD_OUT_EVERY === 0) held.push(f);
        else {
          trainX.push(f);
          trainY.push(c);
        }
      });
      testSets.push(held);
    }
    try {
      const { mean, std } = standardise(trainX);
      const head = tf.sequential();
      head.add(
        tf.layers.dense({
          inputShape: [TM_FEATURES],
          units: classes.length,
          activation: 'softmax',
          kernelInitializer: tf.initializers.glorotUniform({ seed: 7 }),
          kernelRegularizer: tf.regularizers.l2({ l2: 0.002 }),
        }),
      );
      head.compile({ optimizer: tf.train.adam(0.01), loss: 'categoricalCrossentropy' });
      const xs = tf.tidy(() =>
        tf
          .stack(trainX.map((f) => tf.tensor1d(f)))
          .sub(mean)
          .div(std),
      );
      const ys = tf.tidy(() => tf.oneHot(tf.tensor1d(trainY, 'int32'), classes.length));
      try {
        await head.fit(xs, ys, {
          epochs,
          batchSize: BATCH,
          shuffle: true,
          callbacks: {
            onEpochEnd: (epoch) => onProgress?.({ epoch: epoch + 1, epochs }),
          },
        });
      } finally {
        xs.dispose();
        ys.dispose();
      }
      const model = joined(head, mean, std, classes.length);
      head.dispose();
      mean.dispose();
      std.dispose();
      const scores = classes.map((cls, c) => {
        const held = testSets[c] ?? [];
        if (held.length === 0) return { label: cls.label, right: 0, total: 0 };
        const guesses = tf.tidy(() => {
          const p = model.layers.at(-1)?.apply(tf.stack(held.map((f) => tf.tensor1d(f))));
          return (p as tf.Tensor).argMax(1);
        });
        const right = Array.from(guesses.dataSync()).filter((g) => g === c).length;
        guesses.dispose();
        return { label: cls.label, right, total: held.length };
      });
      const files = await modelFiles(model);
      model.dispose();
      return { ok: true, files, scores, trainedOn: trainX.length, tfjsVersion: tf.version.tfjs };
    } catch (e) {
      return {
        ok: false,
        code: 'train-failed',
        detail: e instanceof Error ? e.message : String(e),
      };
    }
  }

  dispose(): void {
    this.extractor?.dispose();
    this.extractor = null;
    this.samples.clear();
  }
}

/** Mean and spread of each feature over the training samples (a spread never below 1e-3). */
function standardise(rows: Float32Array[]): { mean: tf.Tensor1D; std: tf.Tensor1D } {
  return tf.tidy(() => {
    const x = tf.stack(rows.map((f) => tf.tensor1d(f)));
    const { mean, variance } = tf.moments(x, 0);
    return { mean: mean as tf.Tensor1D, std: tf.sqrt(variance).maximum(1e-3) as tf.Tensor1D };
  });
}

/**
 * The feature layers and the trained layer as one model. The standardisation is folded
 * into the last layer's weights (w / std, b - Σ mean · w / std), so the model is plain
 * Keras layers from the picture to the probabilities.
 */
function joined(head: tf.Sequential, mean: tf.Tensor1D, std: tf.Tensor1D, classes: number) {
  const model = tf.sequential({ name: 'gogo_trained' });
  const layers = featureLayers();
  for (const layer of layers) model.add(layer);
  setFeatureWeights(layers);
  const last = tf.layers.dense({ units: classes, activation: 'softmax', name: 'gogo_classes' });
  model.add(last);
  const [kernel, bias] = head.getWeights();
  if (!kernel || !bias) throw new Error('no trained weights');
  const folded = tf.tidy(() => {
    const k = kernel.div(std.expandDims(1));
    const b = bias.sub(mean.div(std).expandDims(0).matMul(kernel).squeeze([0]));
    return [k, b];
  });
  last.setWeights(folded);
  tf.dispose(folded);
  return model;
}
