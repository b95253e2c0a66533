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
import {
  TM_MAX_CLASSES,
  TM_MIN_CLASSES,
  TM_MIN_SAMPLES,
  type TmTrainErrorCode,
} from './tm-limits.ts';

export type { TmTrainErrorCode };

/** Every HOLD_OUT_EVERY-th sample of a class is kept aside for the test. */
const HOLD_OUT_EVERY = 5;
const TM_EPOCHS = 60;
const BATCH = 16;

export interface TmTrainClass {
  /** The page's key of the class (its samples carry it). */
  key: string;
  label: string;
}

interface TmClassScore {
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

type TmTrainResult =
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
async function modelFiles(model: tf.LayersModel): Promise<TmModelFiles> {
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

  /** Builds the feature layers and runs them once, so the first sample is not slow. */
  warm(): void {
    const extractor = this.features();
    tf.tidy(() => extractor.predict(tf.zeros([1, TM_INPUT_SIZE, TM_INPUT_SIZE, 3])));
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
      const head = await fitSoftmax(trainX, trainY, classes.length, epochs, onProgress);
      const model = joined(head, classes.length);
      const scores = classes.map((cls, c) => {
        const held = testSets[c] ?? [];
        const right = held.filter((f) => predictClass(head, f, classes.length) === c).length;
        return { label: cls.label, right, total: held.length };
      });
      const files = await modelFiles(model);
      model.dispose();
      return {
        ok: true,
        files,
        scores,
        trainedOn: trainX.length,
        tfjsVersion: tf.version.tfjs,
      };
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

/** The trained layer: weights [feature][class] and biases, for raw (not standardised) features. */
interface Head {
  kernel: Float32Array;
  bias: Float32Array;
}

/** A small seeded generator (mulberry32), so a training run is repeatable. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LEARNING_RATE = 0.01;
const L2 = 0.002;

/**
 * Softmax regression on the standardised features, with Adam and an L2 penalty, in plain
 * arithmetic: the layer is small (features × classes), and tfjs's per-step cost on a
 * software GPU would make this take a minute instead of a moment. Yields after each epoch.
 * The standardisation is folded into the result (w / std, b - Σ mean · w / std), so the
 * layer takes the raw features.
 */
async function fitSoftmax(
  rows: Float32Array[],
  labels: number[],
  classes: number,
  epochs: number,
  onProgress?: (progress: TmTrainProgress) => void,
): Promise<Head> {
  const n = rows.length;
  const d = TM_FEATURES;
  const mean = new Float32Array(d);
  const std = new Float32Array(d);
  for (const r of rows) for (let k = 0; k < d; k++) mean[k] = (mean[k] ?? 0) + (r[k] ?? 0) / n;
  for (const r of rows) {
    for (let k = 0; k < d; k++) std[k] = (std[k] ?? 0) + ((r[k] ?? 0) - (mean[k] ?? 0)) ** 2 / n;
  }
  // A feature that hardly varies is not blown up: its spread is at least a tenth of the
  // features' typical size. Frames of a still scene give the same features bar rounding,
  // and a GPU that computes in half floats rounds differently on every frame.
  let square = 0;
  for (const r of rows) for (let k = 0; k < d; k++) square += (r[k] ?? 0) ** 2 / (n * d);
  const floor = Math.max(1e-3, 0.1 * Math.sqrt(square));
  for (let k = 0; k < d; k++) std[k] = Math.max(floor, Math.sqrt(std[k] ?? 0));
  const x = rows.map((r) => r.map((v, k) => (v - (mean[k] ?? 0)) / (std[k] ?? 1)));

  const random = seeded(7);
  const limit = Math.sqrt(6 / (d + classes));
  const w = Float32Array.from({ length: d * classes }, () => (random() * 2 - 1) * limit);
  const b = new Float32Array(classes);
  // Adam's moments.
  const mw = new Float32Array(w.length);
  const vw = new Float32Array(w.length);
  const mb = new Float32Array(classes);
  const vb = new Float32Array(classes);
  const gw = new Float32Array(w.length);
  const gb = new Float32Array(classes);
  const p = new Float32Array(classes);
  const order = Array.from({ length: n }, (_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (let start = 0; start < n; start += BATCH) {
      const batch = order.slice(start, start + BATCH);
      gw.fill(0);
      gb.fill(0);
      for (const i of batch) {
        const xi = x[i] ?? new Float32Array(d);
        let max = -Infinity;
        for (let c = 0; c < classes; c++) {
          let z = b[c] ?? 0;
          for (let k = 0; k < d; k++) z += (xi[k] ?? 0) * (w[k * classes + c] ?? 0);
          p[c] = z;
          max = Math.max(max, z);
        }
        let sum = 0;
        for (let c = 0; c < classes; c++) {
          p[c] = Math.exp((p[c] ?? 0) - max);
          sum += p[c] ?? 0;
        }
        for (let c = 0; c < classes; c++) {
          const g = ((p[c] ?? 0) / sum - (labels[i] === c ? 1 : 0)) / batch.length;
          gb[c] = (gb[c] ?? 0) + g;
          for (let k = 0; k < d; k++)
            gw[k * classes + c] = (gw[k * classes + c] ?? 0) + g * (xi[k] ?? 0);
        }
      }
      step++;
      const correction1 = 1 - 0.9 ** step;
      const correction2 = 1 - 0.999 ** step;
      const adam = (
        param: Float32Array,
        grad: Float32Array,
        m: Float32Array,
        v: Float32Array,
        decay: number,
      ) => {
        for (let k = 0; k < param.length; k++) {
          const g = (grad[k] ?? 0) + 2 * decay * (param[k] ?? 0);
          m[k] = 0.9 * (m[k] ?? 0) + 0.1 * g;
          v[k] = 0.999 * (v[k] ?? 0) + 0.001 * g * g;
          const update = (m[k] ?? 0) / correction1 / (Math.sqrt((v[k] ?? 0) / correction2) + 1e-8);
          param[k] = (param[k] ?? 0) - LEARNING_RATE * update;
        }
      };
      adam(w, gw, mw, vw, L2);
      adam(b, gb, mb, vb, 0);
    }
    onProgress?.({ epoch: epoch + 1, epochs });
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  // Folded: the layer takes raw features.
  const kernel = new Float32Array(w.length);
  const bias = Float32Array.from(b);
  for (let k = 0; k < d; k++) {
    for (let c = 0; c < classes; c++) {
      const folded = (w[k * classes + c] ?? 0) / (std[k] ?? 1);
      kernel[k * classes + c] = folded;
      bias[c] = (bias[c] ?? 0) - (mean[k] ?? 0) * folded;
    }
  }
  return { kernel, bias };
}

/** The class the trained layer gives raw features. */
function predictClass(head: Head, features: Float32Array, classes: number): number {
  let best = 0;
  let bestZ = -Infinity;
  for (let c = 0; c < classes; c++) {
    let z = head.bias[c] ?? 0;
    for (let k = 0; k < features.length; k++) {
      z += (features[k] ?? 0) * (head.kernel[k * classes + c] ?? 0);
    }
    if (z > bestZ) {
      bestZ = z;
      best = c;
    }
  }
  return best;
}

/** The feature layers and the trained layer as one model: plain Keras layers throughout. */
function joined(head: Head, classes: number): tf.Sequential {
  const model = tf.sequential({ name: 'gogo_trained' });
  const layers = featureLayers();
  for (const layer of layers) model.add(layer);
  setFeatureWeights(layers);
  const last = tf.layers.dense({ units: classes, activation: 'softmax', name: 'gogo_classes' });
  model.add(last);
  const weights = [tf.tensor2d(head.kernel, [TM_FEATURES, classes]), tf.tensor1d(head.bias)];
  last.setWeights(weights);
  tf.dispose(weights);
  return model;
}
